import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { LIVE_GET_READY_MS, type LiveGameView, type LiveMe } from '@/services/domain/live';
import { seedDatabase } from '@/services/server/content/seed';
import type { Database } from '@/services/server/db/client';
import { liveGames } from '@/services/server/db/schema';
import { manualClock } from '@/tests/fixtures/live-clock';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { livePlaces, livePointsRule, liveStreakBonusRule } from '@/tests/paths/rules/live';
import { assertWalks, expectWalksReached } from '@/tests/paths/support/walks';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * Random walks through a live game against the real server (fast-check's model-based testing):
 * long random sequences of joins, answers (right or wrong, early, on time, late, twice), the host
 * moving the game on, the clock running past deadlines, phones reloading and the server
 * restarting, with several players at once. After every command the server's replies are checked
 * against a model that keeps the game's state and scores by the rules as tests/paths/rules/live.ts
 * states them, apart from the server's code. A failure is shrunk by fast-check to the shortest
 * sequence that still fails and printed with the walk id that replays it (docs/testing.md).
 */

let database: Database;
let api: TestApi;
let clock: ReturnType<typeof manualClock>;
let host: { token: string };
let setId: number;

/** The game every walk plays: a 0-point warm-up in the middle, limits of 5 to 20 s. */
const QUESTIONS = [
  { points: 1000, time_limit: 20 },
  { points: 0, time_limit: 10 },
  { points: 2000, time_limit: 10 },
  { points: 1000, time_limit: 20 },
  { points: 2000, time_limit: 5 },
] as const;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  clock = manualClock(Date.now() + 3_600_000);
  api = await startTestApi(database, undefined, { trustProxy: true }, { services: { live: { clock } } });
});

/**
 * The host of the next walk, with the walks' quiz set: a host creates at most 60 games an hour, and
 * the seeded walks with fast-check's shrinking make more, so a new host takes over every 50.
 */
let games = 0;
async function nextHost() {
  if (games % 50 === 0) {
    const user = await createPlayerWithSession(database.db, { name: `Walk Host ${games / 50 + 1}` });
    host = { token: user.token };
    const saved = await api.call(
      'quiz_set_save',
      { title: 'Walks', questions: QUESTIONS.map((q, i) => ({ type: 'multiple', text: `Walk question ${i + 1}?`, options: ['One', 'Two', 'Three', 'Four'], answer: [i % 4], ...q })) } as never,
      { token: host.token, as: 'json' },
    );
    if (saved.status !== 200) throw new Error(`quiz_set_save: ${JSON.stringify(saved.body)}`);
    setId = (saved.body.data as { id: number }).id;
  }
  games += 1;
}

afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

// ---- the model ----

type Status = 'lobby' | 'question' | 'reveal' | 'leaderboard' | 'podium';

interface ModelPlayer {
  nickname: string;
  score: number;
  streak: number;
  timeMs: number;
  /** The answer to the question on screen, as the rules see it. */
  answer: { correct: boolean; elapsedMs: number } | null;
  last: { index: number; correct: boolean; points: number; bonus: number } | null;
}

interface Model {
  status: Status;
  index: number;
  opensAt: number;
  deadlineAt: number;
  players: ModelPlayer[];
}

/** What the test holds of the real game. */
interface Real {
  gameId: number;
  pin: string;
  tokens: string[];
  /** The right option letter per question. */
  right: string[];
}

const limitOf = (index: number) => QUESTIONS[index]!.time_limit * 1000;

function openQuestion(m: Model, index: number) {
  m.status = 'question';
  m.index = index;
  m.opensAt = clock.now() + LIVE_GET_READY_MS;
  m.deadlineAt = m.opensAt + limitOf(index);
  for (const p of m.players) {
    p.answer = null;
    // What the last question earned is shown until the next one opens.
    p.last = null;
  }
}

/** The close, by the rules: points by speed, the streak and its bonus, answer time for the tie-break. */
function closeQuestion(m: Model) {
  const q = QUESTIONS[m.index]!;
  for (const p of m.players) {
    const a = p.answer;
    const correct = a?.correct ?? false;
    const points = a ? livePointsRule(q.points, limitOf(m.index), a.elapsedMs, correct) : 0;
    if (q.points > 0) p.streak = correct ? p.streak + 1 : 0;
    const bonus = correct ? liveStreakBonusRule(p.streak, q.points) : 0;
    p.score += points + bonus;
    p.timeMs += a ? Math.min(limitOf(m.index), a.elapsedMs) : limitOf(m.index);
    p.last = { index: m.index, correct, points, bonus };
  }
  m.status = 'reveal';
}

// ---- talking to the server ----

function ok<T>(res: ApiAnswer, what: string): T {
  if (res.status !== 200 || res.body.error) throw new Error(`${what}: expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

/** Everything the server has queued for the game has run (a close a timer or the last answer started). */
async function settled(gameId: number) {
  const game = api.app.live.games.get(gameId);
  if (game) await game.idle();
  await api.app.live.answers.drain();
  if (game) await game.idle();
}

async function hostView(r: Real): Promise<LiveGameView> {
  return ok<{ game: LiveGameView }>(await api.call('live_host_game', { game_id: r.gameId }, { token: host.token }), 'live_host_game').game;
}

async function me(r: Real, i: number): Promise<LiveMe> {
  return ok<{ me: LiveMe }>(await api.call('live_rejoin', { game_id: r.gameId, token: r.tokens[i]! }), 'live_rejoin').me;
}

/** The server's game and every player's score, streak and last result are the model's. */
async function expectModel(m: Model, r: Real, step: string) {
  const view = await hostView(r);
  expect({ step, status: view.status, index: view.status === 'lobby' ? -1 : (view.question?.index ?? m.index) }).toEqual({ step, status: m.status, index: m.index });
  if (m.status === 'question') expect({ step, opens_at: view.question!.opens_at }).toEqual({ step, opens_at: m.opensAt });
  for (const [i, p] of m.players.entries()) {
    const got = await me(r, i);
    expect({ step, player: p.nickname, score: got.score, streak: got.streak, last: got.last }).toEqual({ step, player: p.nickname, score: p.score, streak: p.streak, last: p.last });
  }
  if (m.status === 'podium') {
    const places = livePlaces(m.players.map((p, id) => ({ id, score: p.score, timeMs: p.timeMs })));
    for (const [i, p] of m.players.entries()) expect({ step, player: p.nickname, rank: (await me(r, i)).rank }).toEqual({ step, player: p.nickname, rank: places.get(i) });
  }
}

// ---- the commands ----

/** What the walks did, over every run: each kind of step must have happened (or the walks prove little). */
const tally: Record<string, number> = {};
const count = (what: string) => (tally[what] = (tally[what] ?? 0) + 1);

class Join implements fc.AsyncCommand<Model, Real> {
  constructor(readonly name: string) {}
  check = (m: Readonly<Model>) => m.status === 'lobby' && m.players.length < 5;
  async run(m: Model, r: Real) {
    const nickname = `${this.name}${m.players.length + 1}`;
    const joined = ok<{ token: string }>(await api.call('live_join', { pin: r.pin, nickname }, { headers: { 'x-forwarded-for': `10.9.0.${m.players.length + 1}` } }), 'live_join');
    r.tokens.push(joined.token);
    m.players.push({ nickname, score: 0, streak: 0, timeMs: 0, answer: null, last: null });
    await expectModel(m, r, this.toString());
  }
  toString = () => `join(${this.name})`;
}

/** The host moves the game on; `skip` is the same call while a question is open (it closes it early). */
class Next implements fc.AsyncCommand<Model, Real> {
  constructor(readonly skip: boolean) {}
  check = (m: Readonly<Model>) => (m.status === 'question') === this.skip && m.status !== 'podium' && (m.status !== 'lobby' || m.players.length > 0);
  async run(m: Model, r: Real) {
    const view = ok<LiveGameView>(await api.call('live_next', { game_id: r.gameId }, { token: host.token }), 'live_next');
    count(`next from ${m.status}`);
    if (m.status === 'lobby') openQuestion(m, 0);
    else if (m.status === 'question') closeQuestion(m);
    else if (m.status === 'reveal') m.status = 'leaderboard';
    else if (m.index + 1 < QUESTIONS.length) openQuestion(m, m.index + 1);
    else m.status = 'podium';
    expect({ step: this.toString(), status: view.status }).toEqual({ step: this.toString(), status: m.status });
    await settled(r.gameId);
    await expectModel(m, r, this.toString());
  }
  toString = () => (this.skip ? 'next (skips the question)' : 'next');
}

class Wait implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    clock.advance(this.ms);
    // The deadline passed: the server's timer closes the question.
    if (m.status === 'question' && clock.now() >= m.deadlineAt) {
      count('deadline');
      closeQuestion(m);
    }
    await settled(r.gameId);
    await expectModel(m, r, this.toString());
  }
  toString = () => `wait(${this.ms})`;
}

/**
 * A player answers: now, or (with `atMs`) at that millisecond after the question on screen opens,
 * the clock moved on to it first when it is still ahead (the edges of the opening and the deadline).
 */
class Answer implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly player: number,
    readonly correct: boolean,
    readonly atMs: number | null,
  ) {}
  // Mostly while a question is on screen; one in ten of the answers generated also come after its reveal.
  check = (m: Readonly<Model>) => this.player < m.players.length && (m.status === 'question' || ((m.status === 'reveal' || m.status === 'leaderboard') && this.atMs === -1));
  async run(m: Model, r: Real) {
    const p = m.players[this.player]!;
    if (this.atMs !== null && m.status === 'question' && m.opensAt + this.atMs > clock.now()) {
      clock.advance(m.opensAt + this.atMs - clock.now());
      if (clock.now() >= m.deadlineAt) {
        count('deadline');
        closeQuestion(m);
      }
      await settled(r.gameId);
    }
    const now = clock.now();
    const letter = this.correct ? r.right[m.index]! : ['a', 'b', 'c', 'd'].find((k) => k !== r.right[m.index])!;
    const res = await api.call('live_answer', { game_id: r.gameId, token: r.tokens[this.player]!, question_index: m.index, answer: letter });
    let expected: string;
    if (m.status === 'question' && now < m.opensAt) expected = 'question_not_open';
    else if (m.status !== 'question' || now >= m.deadlineAt) expected = 'answer_too_late';
    else if (p.answer) expected = 'already_answered';
    else expected = 'ok';
    expect({ step: this.toString(), at: now - m.opensAt, outcome: res.status === 200 ? 'ok' : res.body.message }).toEqual({ step: this.toString(), at: now - m.opensAt, outcome: expected });
    count(`answer ${expected}`);
    if (expected === 'ok') {
      p.answer = { correct: this.correct, elapsedMs: now - m.opensAt };
      // Everyone has answered: the question closes at once.
      if (m.players.every((x) => x.answer)) {
        count('all answered');
        closeQuestion(m);
      }
    }
    await settled(r.gameId);
    await expectModel(m, r, this.toString());
  }
  toString = () => `answer(player ${this.player + 1}, ${this.correct ? 'right' : 'wrong'}${this.atMs === null ? '' : `, at ${this.atMs} ms`})`;
}

class Restart implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    await api.close();
    api = await startTestApi(database, undefined, { trustProxy: true }, { services: { live: { clock } } });
    await api.app.live.start();
    count(`restart in ${m.status}`);
    // An open question starts again with a fresh clock; the answers stored stay.
    if (m.status === 'question') {
      m.opensAt = clock.now() + LIVE_GET_READY_MS;
      m.deadlineAt = m.opensAt + limitOf(m.index);
    }
    await settled(r.gameId);
    await expectModel(m, r, this.toString());
  }
  toString = () => 'restart';
}

// Answers and the clock come most often (a game is mostly that); joins only count in the lobby.
// Three right answers in four (streaks need them); instants at the edges of the opening and the deadlines, and between.
const answer = fc
  .tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(true, true, true, false), fc.constantFrom(null, null, -1, 0, 1, 1200, 2500, 4999, 5000, 9999, 10_000, 19_999, 20_000))
  .map(([p, c, at]) => new Answer(p, c, at));
const wait = fc.constantFrom(1, 999, 1000, 2500, 3000, 5000, 10_000).map((ms) => new Wait(ms));
const next = fc.constant(new Next(false));
const commands = [fc.constantFrom('Ann', 'Bo', 'Cy').map((n) => new Join(n)), next, next, next, fc.constant(new Next(true)), wait, answer, answer, answer, answer, answer, fc.constant(new Restart())];

describe(`live games: random walks against the real server, checked by the rules (${testDbKind})`, () => {
  test('joins, answers, deadlines, reloads and restarts in any order keep every score, streak, place and refusal as the rules say', async () => {
    await assertWalks('live', 'tests/paths/live-walks.test.ts', (replayPath) =>
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.commands(commands, { maxCommands: 80, size: 'max', replayPath }), async (players, cmds) => {
        await nextHost();
        const game = ok<LiveGameView>(await api.call('live_create', { set_id: setId }, { token: host.token }), 'live_create');
        const secret = (await database.db.select({ q: liveGames.questions }).from(liveGames).where(eq(liveGames.id, game.id)))[0]!.q;
        const real: Real = { gameId: game.id, pin: game.pin, tokens: [], right: secret.map((q) => q.answer) };
        const model: Model = { status: 'lobby', index: -1, opensAt: 0, deadlineAt: 0, players: [] };
        try {
          // The players who are there when the walk starts (more may join while the lobby is open).
          for (let i = 0; i < players; i += 1) await new Join('Pat').run(model, real);
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        } finally {
          await api.call('live_end', { game_id: game.id }, { token: host.token });
        }
      }),
    );
    // The seeded walks reach every kind of step: a refusal of each kind, both closes, the podium, a restart mid-question.
    expectWalksReached('live', tally, ['answer ok', 'answer question_not_open', 'answer answer_too_late', 'answer already_answered', 'deadline', 'all answered', 'next from question', 'next from leaderboard', 'restart in question']);
  }, 600_000);
});
