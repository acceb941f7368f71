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
  test('two players are matched, play every question, and see one win and one loss; the winner is paid 2 × fee', async () => {
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    const a = startRandom(alice);
    const b = startRandom(bob);
    a.send({ type: 'user.search' });
    await reach(a, /searching$/);
    b.send({ type: 'user.search' });
    running.push(autoAnswer(a, 'right'), autoAnswer(b, 'wrong'));
    await reach(a, /result$/, 30_000);
    await reach(b, /result$/, 30_000);
    const doc = docOf(a)!;
    expect(doc.status).toBe('finished');
    expect(doc.players.map((p) => p.user_id).sort()).toEqual([alice.userId, bob.userId].sort());
    expect(doc.result!.winners).toEqual([alice.userId]);
    await expectBattleRules(doc);
    expect(docOf(b)!.version).toBe(doc.version);
    expect(await coinsOf(database.db, alice.userId)).toBe(50 - 5 + 10);
    expect(await coinsOf(database.db, bob.userId)).toBe(50 - 5);
  }, 60_000);

  test('a lone player sees no opponent, plays the bot to the result, and no coin moves', async () => {
    const carol = await newPlayer();
    const c = startRandom(carol);
    c.send({ type: 'user.search' });
    await reach(c, /searching$/);
    await reach(c, /noOpponent$/, 15_000);
    c.send({ type: 'user.bot' });
    running.push(autoAnswer(c, 'right'));
    await reach(c, /result$/, 30_000);
    const doc = docOf(c)!;
    expect(doc.vs_bot).toBe(true);
    expect(doc.players.some((p) => p.is_bot)).toBe(true);
    // The bot is set to be always wrong: the player wins, and a bot game pays nothing.
    expect(doc.result!.winners).toEqual([carol.userId]);
    await expectBattleRules(doc);
    expect(await coinsOf(database.db, carol.userId)).toBe(50);
  }, 60_000);

  test('a player who reloads in mid-battle lands in the battle with the same points and the same question', async () => {
    const [dan, erin] = [await newPlayer(), await newPlayer()];
    const d = startRandom(dan);
    const e = startRandom(erin);
    d.send({ type: 'user.search' });
    await reach(d, /searching$/);
    e.send({ type: 'user.search' });
    const stopD = autoAnswer(d, 'right');
    running.push(autoAnswer(e, 'wrong'));
    // After the first question closed with Dan's right answer, his page reloads.
    await waitFor(d, () => (docOf(d)?.questions[0]?.closed ?? false) && docOf(d)!.questions.length === 2, { timeout: 20_000 });
    const before = docOf(d)!;
    const points = before.players.find((p) => p.user_id === dan.userId)!.points;
    expect(points).toBeGreaterThan(0);
    stopD();
    d.stop();
    const reloaded = startRandom(dan, { roomId: before.id });
    await reach(reloaded, /playing\./);
    const resumed = docOf(reloaded)!;
    expect(resumed.id).toBe(before.id);
    expect(resumed.version).toBeGreaterThanOrEqual(before.version);
    expect(resumed.players.find((p) => p.user_id === dan.userId)!.points).toBe(points);
    expect(resumed.questions[1]!.deadline_at).toBe(before.questions[1]!.deadline_at);
    running.push(autoAnswer(reloaded, 'right'));
    await reach(reloaded, /result$/, 30_000);
    expect(docOf(reloaded)!.result!.winners).toEqual([dan.userId]);
  }, 60_000);

  test('an opponent who leaves mid-battle loses: the other sees "opponent left" and wins', async () => {
    const [fay, gus] = [await newPlayer(), await newPlayer()];
    const f = startRandom(fay);
    const g = startRandom(gus);
    f.send({ type: 'user.search' });
    await reach(f, /searching$/);
    g.send({ type: 'user.search' });
    await reach(g, /playing\./);
    await reach(f, /playing\./);
    g.send({ type: 'user.leave' });
    await reach(f, /opponentLeft$|result$/);
    const doc = await waitFor(f, () => docOf(f)?.status === 'finished', { timeout: 10_000 }).then(() => docOf(f)!);
    expect(doc.players.find((p) => p.user_id === gus.userId)!.left).toBe(true);
    expect(doc.result!.winners).toEqual([fay.userId]);
    await expectBattleRules(doc);
  }, 60_000);

  test('four players: create, join by code, ready, start, play, and everyone sees the same results', async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer(), await newPlayer()];
    const [owner, ...others] = players.map((p) => startGroup(p));
    owner!.send({ type: 'user.create' });
    await reach(owner!, /create|form/);
    owner!.send({ type: 'user.submit' });
    await reach(owner!, /lobby/);
    const code = docOf(owner!)!.code!;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    for (const member of others) {
      member.send({ type: 'user.join' });
      member.send({ type: 'user.code', code: code.toLowerCase() });
      member.send({ type: 'user.submit' });
      await reach(member, /lobby/);
      member.send({ type: 'user.ready' });
    }
    await waitFor(owner!, () => (docOf(owner!)?.players.length ?? 0) === 4 && docOf(owner!)!.players.every((p) => p.ready), { timeout: 10_000 });
    owner!.send({ type: 'user.start' });
    const machines = [owner!, ...others];
    machines.forEach((m, i) => running.push(autoAnswer(m, i < 2 ? 'right' : 'wrong')));
    for (const m of machines) await reach(m, /result$/, 30_000);
    const doc = docOf(owner!)!;
    expect([...doc.result!.winners].sort()).toEqual([players[0]!.userId, players[1]!.userId].sort());
    expect(new Set(machines.map((m) => docOf(m)!.version)).size).toBe(1);
    await expectBattleRules(doc);
    // Two winners split the four fees: ⌊5 × 4 / 2⌋ = 10 each.
    expect(await coinsOf(database.db, players[0]!.userId)).toBe(50 - 5 + 10);
    expect(await coinsOf(database.db, players[3]!.userId)).toBe(50 - 5);
  }, 90_000);

  test('room errors: an invalid code, a full friend room, and a room deleted by its owner', async () => {
    const [host, friend, third] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const h = startGroup(host, 'friend');
    h.send({ type: 'user.create' });
    h.send({ type: 'user.submit' });
    await reach(h, /lobby/);
    const code = docOf(h)!.code!;

    const wrong = startGroup(third, 'friend');
    wrong.send({ type: 'user.join' });
    wrong.send({ type: 'user.code', code: 'ZZZZZZ' === code ? 'YYYYYY' : 'ZZZZZZ' });
    wrong.send({ type: 'user.submit' });
    await waitFor(wrong, () => (wrong.getSnapshot() as Snap).context.error?.code === 'room_code_invalid', { timeout: 10_000 });

    const f = startGroup(friend, 'friend');
    f.send({ type: 'user.join' });
    f.send({ type: 'user.code', code });
    f.send({ type: 'user.submit' });
    await reach(f, /lobby/);

    wrong.send({ type: 'user.code', code });
    wrong.send({ type: 'user.submit' });
    await waitFor(wrong, () => (wrong.getSnapshot() as Snap).context.error?.code === 'room_full', { timeout: 10_000 });

    h.send({ type: 'user.delete' });
    await reach(f, /deleted/);
    expect(docOf(f)!.status).toBe('deleted');
  }, 60_000);
});
