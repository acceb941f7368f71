import { eq } from 'drizzle-orm';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { liveHostMachine, type LiveCommand, type LiveCreatePayload } from '@/machines/live-host/live-host.machine';
import { livePlayerMachine } from '@/machines/live-player/live-player.machine';
import { createLiveFeed } from '@/services/client/live-feed';
import { liveHostFeedActor } from '@/services/client/live-host-services';
import { liveFeedActor } from '@/services/client/live-services';
import type { CallOutcome } from '@/services/domain/play-session';
import type { LiveGameView, LiveMe } from '@/services/domain/live';
import { seedDatabase } from '@/services/server/content/seed';
import type { Database } from '@/services/server/db/client';
import { liveGames, livePlayers } from '@/services/server/db/schema';
import { manualClock } from '@/tests/fixtures/live-clock';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { livePlaces, liveStanding, type PlannedAnswer } from '@/tests/paths/rules/live';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { scenario, type Step } from '@/tests/paths/support/scenario';

/**
 * Live games at the server's depth: the real host machine and one real phone machine per player,
 * their calls over HTTP to the real server and their streams from it (services/client/live-feed.ts),
 * with the server's live clock in the test's hands, so every answer lands at the millisecond the
 * path says. After every reveal each phone's score, streak and last result, and at the podium each
 * place, are checked against the scoring rules as tests/paths/rules/live.ts states them apart from
 * the server's code: points by speed, the streak bonus, 0-point questions, places.
 */

let database: Database;
let api: TestApi;
let clock: ReturnType<typeof manualClock>;
const running: (() => void)[] = [];

beforeAll(async () => {
  database = await getTestDatabase();
});

beforeEach(async () => {
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  // Ahead of the wall clock: a phone takes the later of its own reading and the server's, so the
  // server's time must never be behind the phone's (a real server's never is).
  clock = manualClock(Date.now() + 3_600_000);
  api = await startTestApi(database, undefined, {}, { services: { live: { clock } } });
});

afterEach(async () => {
  for (const stop of running.splice(0)) stop();
  await api.close();
});

afterAll(async () => {
  await closeTestDatabase();
});

function outcome<T>(res: ApiAnswer): CallOutcome<T> {
  return res.status === 200 && !res.body.error ? { ok: true, data: res.body.data as T } : { ok: false, code: typeof res.body.message === 'string' ? res.body.message : null };
}

function startHost(token: string, setId: number) {
  const feed = createLiveFeed({ baseUrl: api.url });
  const machine = liveHostMachine.provide({
    actors: {
      create: fromPromise<CallOutcome<LiveGameView>, LiveCreatePayload>(async ({ input }) => outcome(await api.call('live_create', { ...input } as Record<string, string | number>, { token }))),
      load: fromPromise(async ({ input }: { input: { game_id: number } }) => outcome(await api.call('live_host_game', input, { token }))),
      command: fromPromise<CallOutcome<unknown>, LiveCommand>(async ({ input }) => {
        const { name, ...payload } = input;
        return outcome(await api.call(name, payload as Record<string, number>, { token }));
      }),
      hostFeed: liveHostFeedActor(feed, () => token),
    },
  });
  const actor = createActor(machine, { input: { form: { setId } } });
  actor.start();
  running.push(() => actor.stop());
  return actor;
}

function startPhone() {
  const feed = createLiveFeed({ baseUrl: api.url });
  const machine = livePlayerMachine.provide({
    actors: {
      entry: fromPromise(async ({ input }: { input: { pin: string } }) => outcome(await api.call('live_entry', input))),
      join: fromPromise(async ({ input }: { input: { pin: string; nickname?: string } }) => outcome(await api.call('live_join', input))),
      rejoin: fromPromise(async ({ input }: { input: { game_id: number; token: string } }) => outcome(await api.call('live_rejoin', input))),
      answer: fromPromise(async ({ input }: { input: { game_id: number; token: string; question_index: number; answer: string } }) => outcome(await api.call('live_answer', input))),
      liveFeed: liveFeedActor(feed),
    },
    actions: { keepSeat: () => undefined, forgetSeat: () => undefined },
  });
  const actor = createActor(machine, { input: {} });
  actor.start();
  running.push(() => actor.stop());
  return actor;
}

type HostSnap = { value: unknown; context: { game: LiveGameView | null; playerCount: number; answered: number } };
type PhoneSnap = { value: unknown; context: { game: LiveGameView | null; me: LiveMe | null; error: string | null; taken: { index: number; answer: string } | null } };
const hostGame = (host: AnyActorRef) => (host.getSnapshot() as HostSnap).context.game;
/** The host's last command has had its answer (a frame can come before it): the buttons work again. */
const hostIdle = (host: AnyActorRef) => JSON.stringify(host.getSnapshot().value).includes('"command":"idle"');
const phoneOf = (phone: AnyActorRef) => (phone.getSnapshot() as PhoneSnap).context;

async function until(actor: AnyActorRef, what: string, test: () => boolean): Promise<void> {
  try {
    await waitFor(actor, test, { timeout: 5000 });
  } catch {
    const { context } = actor.getSnapshot() as { context: { error?: unknown; game?: { status?: string; version?: number } | null } };
    throw new Error(`waited for ${what}; the machine is in ${JSON.stringify(actor.getSnapshot().value)}, error ${JSON.stringify(context.error ?? null)}, game ${context.game?.status} v${context.game?.version}`);
  }
}

/** A quiz set of the host's: multiple-choice questions with these points and time limits. */
async function quizSet(token: string, questions: readonly { points: number; time_limit: number }[]): Promise<number> {
  const res = await api.call(
    'quiz_set_save',
    {
      title: 'Path night',
      questions: questions.map((q, i) => ({ type: 'multiple', text: `Question ${i + 1}?`, options: ['One', 'Two', 'Three', 'Four'], answer: [i % 4], ...q })),
    } as never,
    { token, as: 'json' },
  );
  if (res.status !== 200) throw new Error(`quiz_set_save: ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: number }).id;
}

/** One question of a path: for each phone, its answer (right or wrong, and when) or none. */
type Turn = readonly (PlannedAnswer | null)[];

/**
 * Plays a game of `questions` with `turns` (one per question) through the machines; after every
 * reveal and at the podium, checks the phones against the rules. Returns the phones' last `me`.
 */
async function playPath(step: Step, questions: readonly { points: number; time_limit: number }[], turns: readonly Turn[]) {
  const { host, phones, game, secret } = await step(`the host opens a game of ${questions.length} questions; ${turns[0]!.length} phones join by PIN`, async () => {
  const hostUser = await createPlayerWithSession(database.db, { name: 'Path Host' });
  const setId = await quizSet(hostUser.token, questions);
  const host = startHost(hostUser.token, setId);
  host.send({ type: 'user.create' });
  await until(host, 'the lobby', () => hostGame(host)?.status === 'lobby');
  const game = hostGame(host)!;
  const phones = turns[0]!.map(() => startPhone());
  for (const [i, phone] of phones.entries()) {
    phone.send({ type: 'user.pin', pin: game.pin });
    phone.send({ type: 'user.submit' });
    await until(phone, `phone ${i + 1} asked for its nickname`, () => phone.getSnapshot().value === 'nickname');
    phone.send({ type: 'user.nickname', nickname: `Phone ${i + 1}` });
    phone.send({ type: 'user.submit' });
    await until(phone, `phone ${i + 1} in the lobby`, () => phoneOf(phone).me !== null && phoneOf(phone).game?.status === 'lobby');
  }
  await until(host, 'every phone counted', () => (host.getSnapshot() as HostSnap).context.playerCount === phones.length);
  const secret = (await database.db.select({ q: liveGames.questions }).from(liveGames).where(eq(liveGames.id, game.id)))[0]!.q;
  return { host, phones, game, secret };
  });
  const rules = questions.map((q) => ({ points: q.points, limitMs: q.time_limit * 1000 }));

  for (const [index, turn] of turns.entries()) await step(`question ${index + 1}: ${turn.map((a) => (a ? `${a.correct ? 'right' : 'wrong'} at ${a.elapsedMs} ms` : 'none')).join(', ')}; each phone's score, streak and last result by the rules`, async () => {
    host.send({ type: 'user.next' });
    await until(host, `question ${index} getting ready`, () => hostGame(host)?.status === 'question' && hostGame(host)!.question?.index === index && hostIdle(host));
    const opensAt = hostGame(host)!.question!.opens_at;
    clock.advance(opensAt - clock.now());
    const right = secret[index]!.answer;
    const wrong = ['a', 'b', 'c', 'd'].find((k) => k !== right)!;
    // The answers in the order of their instants, each at its millisecond after the opening.
    const order = turn.map((a, phone) => ({ a, phone })).filter((x): x is { a: PlannedAnswer; phone: number } => x.a !== null);
    order.sort((x, y) => x.a.elapsedMs - y.a.elapsedMs);
    for (const { a, phone } of order) {
      clock.advance(opensAt + a.elapsedMs - clock.now());
      const p = phones[phone]!;
      await until(p, `phone ${phone + 1} showing question ${index}`, () => phoneOf(p).game?.question?.index === index);
      p.send({ type: 'clock.tick', now: clock.now() });
      p.send({ type: 'user.answer', answer: a.correct ? right : wrong });
      await until(p, `phone ${phone + 1}'s answer to question ${index} taken`, () => phoneOf(p).taken?.index === index || phoneOf(p).error !== null);
      expect(phoneOf(p).error).toBeNull();
    }
    // Everyone answered: the question closed at the last answer. Otherwise its deadline closes it.
    if (order.length < phones.length) clock.advance(opensAt + rules[index]!.limitMs - clock.now());
    await until(host, `question ${index} revealed`, () => hostGame(host)?.status === 'reveal' && hostGame(host)!.question?.index === index && hostIdle(host));
    for (const [i, phone] of phones.entries()) {
      const expected = liveStanding(rules.slice(0, index + 1), turns.slice(0, index + 1).map((t) => t[i]!));
      const last = expected.results[index]!;
      await until(phone, `phone ${i + 1}'s result of question ${index}`, () => phoneOf(phone).me?.last?.index === index);
      const me = phoneOf(phone).me!;
      expect({ phone: i + 1, question: index, score: me.score, streak: me.streak, last: me.last }).toEqual({
        phone: i + 1,
        question: index,
        score: expected.score,
        streak: expected.streak,
        last: { index, correct: last.correct, points: last.points, bonus: last.bonus },
      });
    }
    // The standings between questions, then the next one (the last goes to the podium).
    host.send({ type: 'user.next' });
    await until(host, `after question ${index}`, () => ['leaderboard', 'podium'].includes(hostGame(host)!.status) && hostIdle(host));
  });
  return step('the podium: places by score then time; the database holds the same scores and streaks', async () => {
  if (hostGame(host)!.status !== 'podium') {
    host.send({ type: 'user.next' });
    await until(host, 'the podium', () => hostGame(host)?.status === 'podium');
  }
  const standings = phones.map((_, i) => ({ id: i, ...liveStanding(rules, turns.map((t) => t[i]!)) }));
  const places = livePlaces(standings);
  for (const [i, phone] of phones.entries()) {
    await until(phone, `phone ${i + 1} at the podium`, () => phoneOf(phone).game?.status === 'podium');
    expect({ phone: i + 1, rank: phoneOf(phone).me!.rank }).toEqual({ phone: i + 1, rank: places.get(i) });
  }
  // What a restart would resume from: the database's scores and streaks say the same.
  const stored = await database.db.select({ nickname: livePlayers.nickname, score: livePlayers.score, streak: livePlayers.streak }).from(livePlayers).where(eq(livePlayers.gameId, game.id));
  expect(stored.sort((x, y) => x.nickname.localeCompare(y.nickname))).toEqual(standings.map((st, i) => ({ nickname: `Phone ${i + 1}`, score: st.score, streak: st.streak })));
  return phones.map((p) => phoneOf(p).me!);
  });
}

const right = (elapsedMs: number): PlannedAnswer => ({ correct: true, elapsedMs });
const wrong = (elapsedMs: number): PlannedAnswer => ({ correct: false, elapsedMs });

describe(`live paths against the real server, scored by the rules (${testDbKind})`, () => {
  scenario('live-host', 'points fall with time to the millisecond, streaks add 100 a step and break on a wrong or missing answer, places by score then time', async ({ step }) => {
    const standard = { points: 1000, time_limit: 20 };
    await playPath(
      step,
      [standard, standard, standard, { points: 2000, time_limit: 10 }],
      [
        // phone 1: right every time, at varied instants; phone 2: right, wrong, right, right; phone 3: none, right at the deadline's last ms, right, right.
        [right(0), wrong(500), null],
        [right(10_000), right(1), right(19_999)],
        [right(19_999), right(7_333), right(2_000)],
        [right(5_000), right(9_999), right(0)],
      ],
    );
  }, 60_000);

  scenario('live-host', 'a 0-point question gives no points and no bonus, and leaves every streak as it was; equal scores and times share a place', async ({ step }) => {
    const standard = { points: 1000, time_limit: 20 };
    const warmUp = { points: 0, time_limit: 20 };
    await playPath(
      step,
      [standard, warmUp, standard, standard],
      [
        [right(1000), right(1000)],
        // A wrong warm-up answer does not break the streak, a right one does not carry it on.
        [wrong(0), right(0)],
        [right(1000), right(1000)],
        [right(4000), right(4000)],
      ],
    );
  }, 60_000);
});
