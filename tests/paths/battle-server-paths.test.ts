import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { combinedValue, dottedValue } from '@/tests/paths/battle-harness';
import { createGroupBattleMachine, type GroupBattleServices } from '@/machines/group-battle/group-battle.machine';
import { createRandomBattleMachine, type RandomBattleServices } from '@/machines/random-battle/random-battle.machine';
import type { RoomCall } from '@/machines/battle-play/battle-room';
import { createCoinWatcher, followRoom } from '@/services/client/battle-services';
import { createRoomFeed } from '@/services/client/room-feed';
import type { RoomDocument } from '@/services/domain/rooms';
import { seedDatabase } from '@/services/server/content/seed';
import { writeSetting } from '@/services/server/settings/repository';
import { coinsOf, giveCoins, rightAnswers } from '@/tests/fixtures/play';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import type { Database } from '@/services/server/db/client';
import { battleRuleBreaks } from '@/tests/paths/rules/battle';
import { scenario } from '@/tests/paths/support/scenario';

/**
 * Battle paths against the real server (issue 5, Machines): the real random-battle and
 * group-battle machines, provided with actors that call the real API over HTTP and follow the real
 * room stream (services/client/room-feed.ts through the pages' own `followRoom` adapter), played
 * by simulated players — one machine per player, each with its own session — in real time, with
 * short battle settings. The model paths (random-battle.test.ts, group-battle.test.ts) cover
 * every state against a fake server; these check that the same machines and the real room
 * service agree on the main paths: matched, no opponent → bot, group lobby → battle, the room
 * errors, an opponent who leaves, and a reload in mid-battle.
 */

let database: Database;
let api: TestApi;

const SETTINGS: Record<string, string> = {
  random_battle_total_question: '2',
  random_battle_duration: '8',
  random_battle_search_seconds: '5',
  random_battle_entry_coin: '5',
  bot_accuracy_percentage: '0',
  bot_min_answer_delay_ms: '100',
  bot_max_answer_delay_ms: '300',
  group_battle_duration: '8',
};

beforeAll(async () => {
  database = await getTestDatabase();
});

beforeEach(async () => {
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  for (const [key, value] of Object.entries(SETTINGS)) await writeSetting(database.db, key, value);
  api = await startTestApi(database);
});

afterEach(async () => {
  for (const stop of running.splice(0)) stop();
  await api.close();
});

afterAll(async () => {
  await closeTestDatabase();
});

interface Player {
  readonly userId: number;
  readonly token: string;
}

let serial = 0;
async function newPlayer(coins = 50): Promise<Player> {
  serial += 1;
  const p = await createPlayerWithSession(database.db, { name: `Path player ${serial}` });
  await giveCoins(database.db, p.userId, coins);
  return p;
}

/** A room command as the browser's fetchers answer it (`ApiResult` has the `CallOutcome` shape). */
async function command(player: Player, endpoint: string, payload: object): Promise<RoomCall> {
  const body: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(payload)) if (value !== null && value !== undefined) body[key] = value as string | number;
  const res = await api.call(endpoint, body, { token: player.token });
  if (res.status === 200 && !res.body.error) return { ok: true, data: res.body.data as { room: RoomDocument } };
  return { ok: false, code: res.body.message };
}

/** The services a page provides, for one player: real calls, the real room stream. */
function liveServices(player: Player): RandomBattleServices & GroupBattleServices {
  const feed = createRoomFeed({ baseUrl: api.url });
  const deps = {
    feed: async () => feed,
    token: () => player.token,
    getRoom: (roomId: string) => command(player, 'get_room', { room_id: roomId }),
    refreshCoins: () => undefined,
  };
  return {
    findMatch: (p) => command(player, 'find_random_match', p),
    playWithBot: (p) => command(player, 'play_with_bot', p),
    leaveRoom: (p) => command(player, 'leave_room', p),
    sendMessage: (p) => command(player, 'send_room_message', p),
    submitAnswer: (p) => command(player, 'submit_room_answer', p),
    createRoom: (p) => command(player, 'create_room', p),
    joinRoom: (p) => command(player, 'join_room', p),
    setReady: (p) => command(player, 'set_room_ready', p),
    startRoom: (p) => command(player, 'start_room', p),
    deleteRoom: (p) => command(player, 'delete_room', p),
    roomFeed: (input, send) => followRoom(deps, createCoinWatcher(() => undefined), input, send),
  };
}

const running: (() => void)[] = [];

function startRandom(player: Player, input: { roomId?: string; winStreak?: number } = {}) {
  const actor = createActor(createRandomBattleMachine(liveServices(player)), { input: { userId: player.userId, category: null, feeMultiplier: 1, ...input } });
  actor.start();
  running.push(() => actor.stop());
  return actor;
}

function startGroup(player: Player, roomType: 'group' | 'friend' = 'group') {
  const actor = createActor(createGroupBattleMachine(liveServices(player)), { input: { userId: player.userId, roomType, category: null, questions: 2, entryFee: 5 } });
  actor.start();
  running.push(() => actor.stop());
  return actor;
}

type Snap = { value: unknown; children: Record<string, { getSnapshot(): unknown } | undefined>; context: { doc: RoomDocument | null; error?: { code: string | null } | null } };
const state = (actor: AnyActorRef) => dottedValue(combinedValue(actor.getSnapshot() as Snap));
const docOf = (actor: AnyActorRef) => (actor.getSnapshot() as Snap).context.doc;

/** Waits until the machine's state (play child included) matches. */
async function reach(actor: AnyActorRef, pattern: RegExp, timeout = 15_000): Promise<void> {
  try {
    await waitFor(actor, () => pattern.test(state(actor)), { timeout });
  } catch {
    throw new Error(`expected a state like ${pattern}, the machine is in ${state(actor)}`);
  }
}

/**
 * A simulated player: whenever its machine shows an open question it has not answered, it
 * answers right (or wrong) through the machine, as a person tapping an option would.
 */
function autoAnswer(actor: AnyActorRef, pick: 'right' | 'wrong'): () => void {
  const answered = new Set<string>();
  const sub = actor.subscribe(() => {
    if (!/round\.question$/.test(state(actor))) return;
    const doc = docOf(actor);
    const question = doc?.questions.at(-1);
    if (!doc || !question || question.closed) return;
    const key = `${doc.id}:${question.index}`;
    if (answered.has(key)) return;
    answered.add(key);
    void rightAnswers(database.db, [question.id]).then((right) => {
      const correct = right.get(question.id)!;
      const choice = pick === 'right' ? correct : question.options.find((o) => o.key !== correct)!.key;
      actor.send({ type: 'user.answer', key: choice });
    });
  });
  return () => sub.unsubscribe();
}

/**
 * What the server decided about a finished battle (each answer right or wrong, its points with the
 * quick bonus, the totals, the winners, the coins each entry won) against the rules as
 * tests/paths/rules/battle.ts states them apart from the server's code.
 */
async function expectBattleRules(doc: RoomDocument): Promise<void> {
  const right = await rightAnswers(database.db, doc.questions.map((q) => q.id));
  expect(battleRuleBreaks(doc, right)).toEqual([]);
}

describe(`battle paths against the real server (${testDbKind})`, () => {
  scenario('random-battle', 'two players are matched, play every question, and see one win and one loss; the winner is paid 2 × fee', async ({ step }) => {
    const [alice, bob] = await step('two players with 50 coins', async () => [await newPlayer(), await newPlayer()]);
    const a = startRandom(alice);
    const b = startRandom(bob);
    await step('the first searches, then the second: they are matched', async () => {
      a.send({ type: 'user.search' });
      await reach(a, /searching$/);
      b.send({ type: 'user.search' });
    });
    const doc = await step('one answers every question right, the other wrong, to the result', async () => {
      running.push(autoAnswer(a, 'right'), autoAnswer(b, 'wrong'));
      await reach(a, /result$/, 30_000);
      await reach(b, /result$/, 30_000);
      return docOf(a)!;
    });
    await step('both see the finished room: the right one wins, by the battle rules', async () => {
      expect(doc.status).toBe('finished');
      expect(doc.players.map((p) => p.user_id).sort()).toEqual([alice.userId, bob.userId].sort());
      expect(doc.result!.winners).toEqual([alice.userId]);
      await expectBattleRules(doc);
      expect(docOf(b)!.version).toBe(doc.version);
    });
    await step('the winner is paid 2 × fee, the loser paid the fee', async () => {
      expect(await coinsOf(database.db, alice.userId)).toBe(50 - 5 + 10);
      expect(await coinsOf(database.db, bob.userId)).toBe(50 - 5);
    });
  }, 60_000);

  scenario('random-battle', 'a lone player sees no opponent, plays the bot to the result, and no coin moves', async ({ step }) => {
    const carol = await step('a player', () => newPlayer());
    const c = startRandom(carol);
    await step('searches alone until no opponent is found', async () => {
      c.send({ type: 'user.search' });
      await reach(c, /searching$/);
      await reach(c, /noOpponent$/, 15_000);
    });
    const doc = await step('plays the bot to the result', async () => {
      c.send({ type: 'user.bot' });
      running.push(autoAnswer(c, 'right'));
      await reach(c, /result$/, 30_000);
      return docOf(c)!;
    });
    await step('a bot room, won by the player (the bot is always wrong), by the battle rules', async () => {
      expect(doc.vs_bot).toBe(true);
      expect(doc.players.some((p) => p.is_bot)).toBe(true);
      expect(doc.result!.winners).toEqual([carol.userId]);
      await expectBattleRules(doc);
    });
    await step('a bot game moves no coin', async () => {
      expect(await coinsOf(database.db, carol.userId)).toBe(50);
    });
  }, 60_000);

  scenario('random-battle', 'a player who reloads in mid-battle lands in the battle with the same points and the same question', async ({ step }) => {
    const [dan, erin] = await step('two players', async () => [await newPlayer(), await newPlayer()]);
    const d = startRandom(dan);
    const e = startRandom(erin);
    const stopD = await step('they are matched and answer (one right, one wrong)', async () => {
      d.send({ type: 'user.search' });
      await reach(d, /searching$/);
      e.send({ type: 'user.search' });
      const stop = autoAnswer(d, 'right');
      running.push(autoAnswer(e, 'wrong'));
      return stop;
    });
    const before = await step('the first question closes with points for the right answer', async () => {
      await waitFor(d, () => (docOf(d)?.questions[0]?.closed ?? false) && docOf(d)!.questions.length === 2, { timeout: 20_000 });
      const doc = docOf(d)!;
      expect(doc.players.find((p) => p.user_id === dan.userId)!.points).toBeGreaterThan(0);
      return doc;
    });
    const points = before.players.find((p) => p.user_id === dan.userId)!.points;
    const reloaded = await step('the page reloads: the same room, points and deadline', async () => {
      stopD();
      d.stop();
      const actor = startRandom(dan, { roomId: before.id });
      await reach(actor, /playing\./);
      const resumed = docOf(actor)!;
      expect(resumed.id).toBe(before.id);
      expect(resumed.version).toBeGreaterThanOrEqual(before.version);
      expect(resumed.players.find((p) => p.user_id === dan.userId)!.points).toBe(points);
      expect(resumed.questions[1]!.deadline_at).toBe(before.questions[1]!.deadline_at);
      return actor;
    });
    await step('plays on to the result and wins', async () => {
      running.push(autoAnswer(reloaded, 'right'));
      await reach(reloaded, /result$/, 30_000);
      expect(docOf(reloaded)!.result!.winners).toEqual([dan.userId]);
    });
  }, 60_000);

  scenario('random-battle', 'an opponent who leaves mid-battle loses: the other sees "opponent left" and wins', async ({ step }) => {
    const [fay, gus] = await step('two players', async () => [await newPlayer(), await newPlayer()]);
    const f = startRandom(fay);
    const g = startRandom(gus);
    await step('they are matched and playing', async () => {
      f.send({ type: 'user.search' });
      await reach(f, /searching$/);
      g.send({ type: 'user.search' });
      await reach(g, /playing\./);
      await reach(f, /playing\./);
    });
    await step('one leaves: the other sees "opponent left" and wins, by the battle rules', async () => {
      g.send({ type: 'user.leave' });
      await reach(f, /opponentLeft$|result$/);
      const doc = await waitFor(f, () => docOf(f)?.status === 'finished', { timeout: 10_000 }).then(() => docOf(f)!);
      expect(doc.players.find((p) => p.user_id === gus.userId)!.left).toBe(true);
      expect(doc.result!.winners).toEqual([fay.userId]);
      await expectBattleRules(doc);
    });
  }, 60_000);

  scenario('group-battle', 'four players: create, join by code, ready, start, play, and everyone sees the same results', async ({ step }) => {
    const players = await step('four players', async () => [await newPlayer(), await newPlayer(), await newPlayer(), await newPlayer()]);
    const [owner, ...others] = players.map((p) => startGroup(p));
    const code = await step('the owner creates a room: a six-character code', async () => {
      owner!.send({ type: 'user.create' });
      await reach(owner!, /create|form/);
      owner!.send({ type: 'user.submit' });
      await reach(owner!, /lobby/);
      const made = docOf(owner!)!.code!;
      expect(made).toMatch(/^[A-Z0-9]{6}$/);
      return made;
    });
    await step('three join by the code in lower case and are ready', async () => {
      for (const member of others) {
        member.send({ type: 'user.join' });
        member.send({ type: 'user.code', code: code.toLowerCase() });
        member.send({ type: 'user.submit' });
        await reach(member, /lobby/);
        member.send({ type: 'user.ready' });
      }
      await waitFor(owner!, () => (docOf(owner!)?.players.length ?? 0) === 4 && docOf(owner!)!.players.every((p) => p.ready), { timeout: 10_000 });
    });
    const machines = [owner!, ...others];
    await step('the owner starts; two answer right, two wrong, to the result', async () => {
      owner!.send({ type: 'user.start' });
      machines.forEach((m, i) => running.push(autoAnswer(m, i < 2 ? 'right' : 'wrong')));
      for (const m of machines) await reach(m, /result$/, 30_000);
    });
    await step('everyone sees the same result: two winners, by the battle rules', async () => {
      const doc = docOf(owner!)!;
      expect([...doc.result!.winners].sort()).toEqual([players[0]!.userId, players[1]!.userId].sort());
      expect(new Set(machines.map((m) => docOf(m)!.version)).size).toBe(1);
      await expectBattleRules(doc);
    });
    await step('two winners split the four fees: ⌊5 × 4 / 2⌋ = 10 each', async () => {
      expect(await coinsOf(database.db, players[0]!.userId)).toBe(50 - 5 + 10);
      expect(await coinsOf(database.db, players[3]!.userId)).toBe(50 - 5);
    });
  }, 90_000);

  scenario('group-battle', 'room errors: an invalid code, a full friend room, and a room deleted by its owner', async ({ step }) => {
    const [host, friend, third] = await step('three players', async () => [await newPlayer(), await newPlayer(), await newPlayer()]);
    const h = startGroup(host, 'friend');
    const code = await step('the host opens a friend room', async () => {
      h.send({ type: 'user.create' });
      h.send({ type: 'user.submit' });
      await reach(h, /lobby/);
      return docOf(h)!.code!;
    });
    const wrong = startGroup(third, 'friend');
    await step('a wrong code is refused room_code_invalid', async () => {
      wrong.send({ type: 'user.join' });
      wrong.send({ type: 'user.code', code: 'ZZZZZZ' === code ? 'YYYYYY' : 'ZZZZZZ' });
      wrong.send({ type: 'user.submit' });
      await waitFor(wrong, () => (wrong.getSnapshot() as Snap).context.error?.code === 'room_code_invalid', { timeout: 10_000 });
    });
    const f = startGroup(friend, 'friend');
    await step('the friend joins by the code', async () => {
      f.send({ type: 'user.join' });
      f.send({ type: 'user.code', code });
      f.send({ type: 'user.submit' });
      await reach(f, /lobby/);
    });
    await step('a third is refused room_full', async () => {
      wrong.send({ type: 'user.code', code });
      wrong.send({ type: 'user.submit' });
      await waitFor(wrong, () => (wrong.getSnapshot() as Snap).context.error?.code === 'room_full', { timeout: 10_000 });
    });
    await step('the host deletes the room: the friend sees it deleted', async () => {
      h.send({ type: 'user.delete' });
      await reach(f, /deleted/);
      expect(docOf(f)!.status).toBe('deleted');
    });
  }, 60_000);
});
