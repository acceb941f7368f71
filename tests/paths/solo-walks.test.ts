import fc from 'fast-check';
import { seedDatabase } from '@/services/server/content/seed';
import type { PlayResult } from '@/services/domain/play-session';
import { coinsOf, giveCoins, ledgerEntries, rightAnswers, type SessionData } from '@/tests/fixtures/play';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { SOLO, soloAnswerInTime, soloResult, soloTimeLeftMs, type SoloOutcome } from '@/tests/paths/rules/solo';
import { heldClock } from '@/tests/paths/support/play-clock';
import { assertWalks, expectWalksReached } from '@/tests/paths/support/walks';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import type { Database } from '@/services/server/db/client';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * Random walks through solo play against the real server (fast-check's model-based testing): two
 * players, each on level 1 of the demo's physics, with long random sequences of answers (right,
 * wrong, empty, at the millisecond edges of the deadline, to a question that is not the open one,
 * in a letter the question does not have), lifelines (each of the four, twice, on a true/false
 * question, without the coins, after the deadline), the clock running on (past the deadline, past
 * the five minutes after which a reload settles the play), pages reloading the play, level 2
 * opened, finish_play (early, twice) and the server restarting. After every command each
 * player's session, coins and ledger are checked against a model that plays by solo play's rules
 * as tests/paths/rules/solo.ts states them apart from the server's code; each result by
 * `soloResult`, the all-time score by the pass's score. A failure is shrunk to the shortest
 * sequence that still fails and printed with the walk id that replays it.
 */

const clock = heldClock();
let database: Database;
let api: TestApi;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  api = await startTestApi(database, undefined, {}, { services: { clock } });
});

afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

const LEVEL_1 = { category: 'science', subcategory: 'physics', level: 1 } as const;
const now = () => clock.now();

// ---- the model ----

const tally: Record<string, number> = {};
const count = (what: string) => (tally[what] = (tally[what] ?? 0) + 1);


interface ModelQuestion {
  readonly id: number;
  readonly multiple: boolean;
  readonly keys: readonly string[];
  readonly right: string;
  /** What became of it: null while it is open or still to come. */
  outcome: SoloOutcome | null;
}

interface ModelSession {
  readonly id: string;
  readonly questions: ModelQuestion[];
  index: number;
  openedAt: number;
  lifelinesUsed: Set<string>;
  /** What 50/50 and the poll did to the open question (a reload must show it). */
  removed: readonly string[] | null;
  poll: Record<string, number> | null;
  /** Ledger keys of the lifelines granted (each must hold one entry of −price). */
  granted: string[];
  result: PlayResult | null;
}

interface ModelPlayer {
  coins: number;
  passed: boolean;
  allTimeScore: number;
  session: ModelSession | null;
  /** Sessions settled, to check their ledger entries again at the end. */
  settled: ModelSession[];
}

interface Model {
  secondsPerQuestion: number;
  players: ModelPlayer[];
}

interface Real {
  players: { userId: number; token: string }[];
}

const limitMs = (m: Model) => m.secondsPerQuestion * 1000;
/** The open question's deadline: its opening plus its time plus the network's second (that ms included). */
const deadlineOf = (m: Model, s: ModelSession) => s.openedAt + limitMs(m) + SOLO.networkMs;
const openQ = (s: ModelSession) => (s.result === null ? (s.questions[s.index] ?? null) : null);

/** The open question closes with `outcome`; the next opens at `at` with its whole time. */
function closeOpen(s: ModelSession, outcome: SoloOutcome, at: number) {
  s.questions[s.index]!.outcome = outcome;
  s.index += 1;
  s.openedAt = at;
  s.removed = null;
  s.poll = null;
}

/** Settles a session by the rules: what is still open or to come counts as unanswered. */
function settle(p: ModelPlayer, s: ModelSession): ReturnType<typeof soloResult> {
  for (const q of s.questions) q.outcome ??= 'unanswered';
  const expected = soloResult(
    s.questions.map((q) => q.outcome!),
    p.passed,
  );
  p.coins += expected.coins_earned;
  if (expected.coins_earned > 0) count('a first pass paid');
  if (expected.passed) {
    count(p.passed ? 'a pass again' : 'a first pass');
    // A pass adds its score to the boards when it is above zero.
    if (expected.score > 0) p.allTimeScore += expected.score;
    p.passed = true;
  }
  return expected;
}

// ---- checking the server against the model ----

const codeOf = (res: ApiAnswer) => (res.status === 200 ? 'ok' : String(res.body.message));

function expectNoAnswer(step: string, body: unknown) {
  // No right answer of a question not yet answered leaves the server: an opened session has none.
  const text = JSON.stringify(body);
  expect({ step, leaks: /"(answer|correct_answer|right_answer)"\s*:/.test(text) }).toEqual({ step, leaks: false });
}

/** The session as the server answers it on a reload matches the model: the question open, its time, what the lifelines did. */
function expectSessionView(m: Model, s: ModelSession, data: SessionData, step: string) {
  const open = openQ(s);
  expect({ step, session_id: data.session_id, current_index: data.current_index, time_left_ms: data.time_left_ms }).toEqual({
    step,
    session_id: s.id,
    current_index: s.index,
    time_left_ms: open ? soloTimeLeftMs(s.openedAt, m.secondsPerQuestion, now()) : 0,
  });
  const effects = data.current_effects ?? {};
  expect({ step, removed: effects.removed ? [...effects.removed].sort() : null, percentages: effects.percentages ?? null }).toEqual({
    step,
    removed: s.removed ? [...s.removed].sort() : null,
    percentages: s.poll,
  });
  expectNoAnswer(step, data);
}

async function expectPlayers(m: Model, r: Real, step: string) {
  for (const [i, p] of m.players.entries()) {
    expect({ step, player: i + 1, coins: await coinsOf(database.db, r.players[i]!.userId) }).toEqual({ step, player: i + 1, coins: p.coins });
  }
}

/** Every ledger entry the model expects, and no other, under the keys of a session. */
async function expectLedger(s: ModelSession, step: string) {
  for (const key of s.granted) {
    const rows = await ledgerEntries(database.db, key);
    expect({ step, key, amounts: rows.map((x) => x.amount) }).toEqual({ step, key, amounts: [-SOLO.lifelinePrice] });
  }
  for (const lifeline of ['fifty_fifty', 'audience_poll', 'reset_timer', 'skip']) {
    const key = `lifeline:${s.id}:${lifeline}`;
    if (s.granted.includes(key)) continue;
    expect({ step, key, entries: (await ledgerEntries(database.db, key)).length }).toEqual({ step, key, entries: 0 });
  }
  if (s.result) {
    const rows = await ledgerEntries(database.db, `play:${s.id}`);
    expect({ step, key: `play:${s.id}`, amounts: rows.map((x) => x.amount) }).toEqual({ step, key: `play:${s.id}`, amounts: s.result.coins_earned > 0 ? [s.result.coins_earned] : [] });
  }
}

const shown = (x: PlayResult | ReturnType<typeof soloResult>) => ({
  total: x.total,
  correct: x.correct,
  wrong: x.wrong,
  unanswered: x.unanswered,
  skipped: x.skipped,
  percentage: x.percentage,
  passed: x.passed,
  score: x.score,
  coins_earned: x.coins_earned,
});

/** A session the server opened: the model takes its questions, with their right letters from the database. */
async function modelSession(data: SessionData): Promise<ModelSession> {
  const rights = await rightAnswers(
    database.db,
    data.questions.map((q) => q.id),
  );
  return {
    id: data.session_id,
    questions: data.questions.map((q) => ({ id: q.id, multiple: q.question_type === 'multiple', keys: q.options.map((o) => o.key), right: rights.get(q.id)!, outcome: null })),
    index: data.current_index,
    openedAt: now(),
    lifelinesUsed: new Set(),
    removed: null,
    poll: null,
    granted: [],
    result: null,
  };
}

/**
 * Opens level 1 for a player (a page loading the play, or reloading it): the open session where it
 * stands; a new one when there is none, the last was finished, or the open one's question ran out
 * more than five minutes ago (that one is settled first, as it stands).
 */
async function openLevel1(m: Model, r: Real, player: number, step: string) {
  const p = m.players[player]!;
  const res = await api.call('get_questions_by_level', { ...LEVEL_1 }, { token: r.players[player]!.token });
  expect({ step, outcome: codeOf(res) }).toEqual({ step, outcome: 'ok' });
  const data = res.body.data as SessionData;
  const s = p.session;
  const stale = s !== null && s.result === null && openQ(s) !== null && now() - deadlineOf(m, s) > 5 * 60_000;
  if (s && s.result === null && !stale) {
    count(openQ(s) ? 'reload: the same play' : 'reload: every question closed');
    expectSessionView(m, s, data, step);
    return;
  }
  if (s && stale) {
    count('reload: a stale play settled, a new one opened');
    const expected = settle(p, s);
    s.result = { ...expected, level_unlocked: null, coins: p.coins, badges_unlocked: [], review_cost: 0 } as PlayResult;
    p.settled.push(s);
    await expectLedger(s, step);
  } else count('open: a new play');
  expect({ step, new_session: s === null || data.session_id !== s.id }).toEqual({ step, new_session: true });
  const fresh = await modelSession(data);
  expect({ step, current_index: data.current_index, time_left_ms: data.time_left_ms, coins: data.coins }).toEqual({ step, current_index: 0, time_left_ms: limitMs(m), coins: p.coins });
  expectNoAnswer(step, data);
  p.session = fresh;
}

// ---- the commands ----

type Cmd = fc.AsyncCommand<Model, Real>;
const playing = (m: Readonly<Model>, player: number) => m.players[player]?.session != null;

type AnswerKind = 'right' | 'wrong' | 'empty' | 'not-an-option' | 'another-question';

/** A player answers: now, or at a millisecond after the open question opened (the deadline's edges), the clock moved on to it first. */
class Answer implements Cmd {
  constructor(
    readonly player: number,
    readonly kind: AnswerKind,
    readonly atMs: number | 'edge' | 'edge+1' | null,
  ) {}
  check = (m: Readonly<Model>) => playing(m, this.player);
  async run(m: Model, r: Real) {
    const p = m.players[this.player]!;
    const s = p.session!;
    const open = openQ(s);
    if (open && this.atMs !== null) {
      const edge = deadlineOf(m, s);
      const at = this.atMs === 'edge' ? edge : this.atMs === 'edge+1' ? edge + 1 : s.openedAt + this.atMs;
      if (at > now()) clock.set(at);
    }
    const target = open ?? s.questions.at(-1)!;
    const other = s.questions.find((q) => q !== target)!;
    const questionId = this.kind === 'another-question' ? other.id : target.id;
    const answer = this.kind === 'right' ? target.right : this.kind === 'wrong' ? target.keys.find((k) => k !== target.right)! : this.kind === 'empty' ? '' : 'z';
    const res = await api.call('submit_answer', { session_id: s.id, question_id: questionId, answer }, { token: r.players[this.player]!.token });
    const step = this.toString();
    const inTime = open !== null && soloAnswerInTime(s.openedAt, m.secondsPerQuestion, now());
    let expected: string;
    if (s.result) expected = 'play_finished';
    else if (!open || this.kind === 'another-question' || this.kind === 'not-an-option') expected = '103';
    else if (!inTime && this.kind !== 'empty') expected = 'answer_too_late';
    else expected = 'ok';
    expect({ step, at: open ? now() - s.openedAt : null, outcome: codeOf(res) }).toEqual({ step, at: open ? now() - s.openedAt : null, outcome: expected });
    count(`answer ${expected}${expected === 'ok' && !inTime ? ' (time-out after the deadline)' : ''}`);
    if (expected === 'ok' || expected === 'answer_too_late') {
      const outcome: SoloOutcome = expected === 'answer_too_late' || this.kind === 'empty' || !inTime ? 'unanswered' : this.kind === 'right' ? 'right' : 'wrong';
      closeOpen(s, outcome, now());
      const last = s.index >= s.questions.length;
      const body = expected === 'ok' ? (res.body.data as Record<string, unknown>) : res.body;
      const seen = { current_index: body.current_index, time_left_ms: body.time_left_ms, finished: body.finished };
      expect({ step, ...seen }).toEqual({ step, current_index: s.index, time_left_ms: last ? 0 : limitMs(m), finished: last });
      if (expected === 'ok') {
        const data = res.body.data as { correct: boolean; timed_out: boolean; correct_answer: string; points: number };
        const points = outcome === 'right' ? SOLO.rightScore : outcome === 'wrong' ? -SOLO.wrongScore : 0;
        expect({ step, correct: data.correct, timed_out: data.timed_out, correct_answer: data.correct_answer, points: data.points }).toEqual({
          step,
          correct: outcome === 'right',
          timed_out: outcome === 'unanswered',
          correct_answer: target.right,
          points,
        });
      } else expectNoAnswer(step, res.body);
    }
    await expectPlayers(m, r, step);
  }
  toString = () => `answer(player ${this.player + 1}, ${this.kind}${this.atMs === null ? '' : `, at ${this.atMs}${typeof this.atMs === 'number' ? ' ms' : ''}`})`;
}

type LifelineName = 'fifty_fifty' | 'audience_poll' | 'reset_timer' | 'skip';

/** A player asks for a lifeline on the open question. */
class Lifeline implements Cmd {
  constructor(
    readonly player: number,
    readonly lifeline: LifelineName,
  ) {}
  check = (m: Readonly<Model>) => playing(m, this.player);
  async run(m: Model, r: Real) {
    const p = m.players[this.player]!;
    const s = p.session!;
    const open = openQ(s);
    const target = open ?? s.questions.at(-1)!;
    const res = await api.call('use_lifeline', { session_id: s.id, question_id: target.id, lifeline: this.lifeline }, { token: r.players[this.player]!.token });
    const step = this.toString();
    const optionLifeline = this.lifeline === 'fifty_fifty' || this.lifeline === 'audience_poll';
    const rival = this.lifeline === 'fifty_fifty' ? s.poll : this.lifeline === 'audience_poll' ? s.removed : null;
    let expected: string;
    if (s.result) expected = 'play_finished';
    else if (!open) expected = '103';
    else if ((optionLifeline && !open.multiple) || (this.lifeline === 'fifty_fifty' && open.keys.length < 4)) expected = 'lifeline_not_allowed';
    else if (s.lifelinesUsed.has(this.lifeline)) expected = 'lifeline_used';
    else if (rival) expected = 'lifeline_conflict';
    else if (!soloAnswerInTime(s.openedAt, m.secondsPerQuestion, now())) expected = 'answer_too_late';
    else if (p.coins < SOLO.lifelinePrice) expected = 'not_enough_coins';
    else expected = 'ok';
    expect({ step, outcome: codeOf(res) }).toEqual({ step, outcome: expected });
    count(`lifeline ${expected}`);
    if (expected === 'ok') {
      p.coins -= SOLO.lifelinePrice;
      s.lifelinesUsed.add(this.lifeline);
      s.granted.push(`lifeline:${s.id}:${this.lifeline}`);
      const data = res.body.data as { coins: number; removed?: string[]; percentages?: Record<string, number>; time_left_ms?: number; current_index?: number; finished?: boolean };
      expect({ step, coins: data.coins }).toEqual({ step, coins: p.coins });
      if (this.lifeline === 'fifty_fifty') {
        // Two different wrong options of the question.
        const removed = data.removed ?? [];
        expect({ step, removed: removed.length, distinct: new Set(removed).size, wrongOnes: removed.every((k) => k !== open!.right && open!.keys.includes(k)) }).toEqual({ step, removed: 2, distinct: 2, wrongOnes: true });
        s.removed = removed;
      } else if (this.lifeline === 'audience_poll') {
        const poll = data.percentages ?? {};
        const total = Object.values(poll).reduce((a, b) => a + b, 0);
        expect({ step, keys: Object.keys(poll).sort(), total }).toEqual({ step, keys: [...open!.keys].sort(), total: 100 });
        s.poll = poll;
      } else if (this.lifeline === 'reset_timer') {
        s.openedAt = now();
        expect({ step, time_left_ms: data.time_left_ms }).toEqual({ step, time_left_ms: limitMs(m) });
      } else {
        closeOpen(s, 'skipped', now());
        const last = s.index >= s.questions.length;
        expect({ step, current_index: data.current_index, time_left_ms: data.time_left_ms, finished: data.finished }).toEqual({ step, current_index: s.index, time_left_ms: last ? 0 : limitMs(m), finished: last });
      }
      expectNoAnswer(step, data);
    }
    await expectPlayers(m, r, step);
    await expectLedger(s, step);
  }
  toString = () => `lifeline(player ${this.player + 1}, ${this.lifeline})`;
}

/** A player answers every question left right away, each as it opens (a quick player: plays reach their end). */
class AnswerAll implements Cmd {
  constructor(
    readonly player: number,
    readonly kind: 'right' | 'wrong',
  ) {}
  check = (m: Readonly<Model>) => playing(m, this.player);
  async run(m: Model, r: Real) {
    const s = m.players[this.player]!.session!;
    for (let guard = 0; openQ(s) && guard < 20; guard += 1) await new Answer(this.player, this.kind, null).run(m, r);
  }
  toString = () => `answer every question left(player ${this.player + 1}, ${this.kind})`;
}

/** A quick player plays the level to its result and opens it again: every question left answered, finish_play, level 1 reopened. */
class PlayThrough implements Cmd {
  constructor(
    readonly player: number,
    readonly kind: 'right' | 'wrong',
  ) {}
  check = (m: Readonly<Model>) => playing(m, this.player);
  async run(m: Model, r: Real) {
    await new AnswerAll(this.player, this.kind).run(m, r);
    await new Finish(this.player).run(m, r);
    await new Open(this.player).run(m, r);
  }
  toString = () => `play through and again(player ${this.player + 1}, ${this.kind})`;
}

/** Two lifelines asked for one after the other. */
class Lifelines implements Cmd {
  constructor(
    readonly player: number,
    readonly lifelines: readonly LifelineName[],
  ) {}
  /** 50/50 with the poll waits for a multiple-choice question open, in time, with neither used yet and the coins for one, so that the second is the conflict. */
  check = (m: Readonly<Model>) => {
    if (!playing(m, this.player)) return false;
    if (this.lifelines[0] === this.lifelines[1]) return true;
    const s = m.players[this.player]!.session!;
    const open = openQ(s);
    const grantable = open !== null && soloAnswerInTime(s.openedAt, m.secondsPerQuestion, now()) && m.players[this.player]!.coins >= SOLO.lifelinePrice;
    return grantable && open.multiple && open.keys.length >= 4 && !s.lifelinesUsed.has('fifty_fifty') && !s.lifelinesUsed.has('audience_poll');
  };
  async run(m: Model, r: Real) {
    for (const l of this.lifelines) await new Lifeline(this.player, l).run(m, r);
  }
  toString = () => `lifelines(player ${this.player + 1}, ${this.lifelines.join(' then ')})`;
}

/** A player asks for the result (finish_play): settled once, by the rules; asked again, the same result and nothing moved. */
class Finish implements Cmd {
  constructor(readonly player: number) {}
  check = (m: Readonly<Model>) => playing(m, this.player);
  async run(m: Model, r: Real) {
    const p = m.players[this.player]!;
    const s = p.session!;
    const step = this.toString();
    const res = await api.call('finish_play', { session_id: s.id }, { token: r.players[this.player]!.token });
    expect({ step, outcome: codeOf(res) }).toEqual({ step, outcome: 'ok' });
    const got = res.body.data as PlayResult;
    if (s.result) {
      count('finish again: the same result');
      expect({ step, again: got }).toEqual({ step, again: s.result });
    } else {
      count(openQ(s) ? 'finish early' : 'finish after the last question');
      const passedBefore = p.passed;
      const expected = settle(p, s);
      expect({ step, ...shown(got), level_unlocked: got.level_unlocked, coins: got.coins }).toEqual({ step, ...shown(expected), level_unlocked: expected.passed && !passedBefore ? 2 : null, coins: p.coins });
      s.result = got;
      p.settled.push(s);
    }
    await expectPlayers(m, r, step);
    await expectLedger(s, step);
  }
  toString = () => `finish(player ${this.player + 1})`;
}

/** A player's page opens level 1 (a first load, a reload, or a new play after a finished one). */
class Open implements Cmd {
  constructor(readonly player: number) {}
  check = (m: Readonly<Model>) => this.player < m.players.length;
  async run(m: Model, r: Real) {
    await openLevel1(m, r, this.player, this.toString());
    await expectPlayers(m, r, this.toString());
  }
  toString = () => `open level 1(player ${this.player + 1})`;
}

/** A player opens level 2: refused `level_locked` until level 1 was passed. */
class OpenLevel2 implements Cmd {
  constructor(readonly player: number) {}
  check = (m: Readonly<Model>) => this.player < m.players.length;
  async run(m: Model, r: Real) {
    const res = await api.call('get_questions_by_level', { ...LEVEL_1, level: 2 }, { token: r.players[this.player]!.token });
    const expected = m.players[this.player]!.passed ? 'ok' : 'level_locked';
    expect({ step: this.toString(), outcome: codeOf(res) }).toEqual({ step: this.toString(), outcome: expected });
    count(`level 2 ${expected}`);
  }
  toString = () => `open level 2(player ${this.player + 1})`;
}

/**
 * The clock runs on: by some ms, past the open question's deadline, or to the edge after which a
 * player's play is stale (five minutes after its open question's deadline: that ms, or one more).
 */
class Wait implements Cmd {
  constructor(
    readonly ms: number | 'past the deadline',
    readonly staleEdgeOf: { player: number; plus: 0 | 1 } | null = null,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const edge = this.staleEdgeOf && m.players[this.staleEdgeOf.player]?.session;
    if (this.staleEdgeOf && edge && openQ(edge)) {
      const at = deadlineOf(m, edge) + 5 * 60_000 + this.staleEdgeOf.plus;
      if (at > now()) clock.set(at);
    } else clock.advance(this.ms === 'past the deadline' ? limitMs(m) + SOLO.networkMs + 1 : this.ms);
    await expectPlayers(m, r, this.toString());
  }
  toString = () => (this.staleEdgeOf ? `wait(to player ${this.staleEdgeOf.player + 1}'s stale edge${this.staleEdgeOf.plus ? ' + 1 ms' : ''})` : `wait(${this.ms})`);
}

/** The server restarts on the same database: every play goes on where it stood (each player reloads). */
class Restart implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    await api.close();
    api = await startTestApi(database, undefined, {}, { services: { clock } });
    count(`restart${m.players.some((p) => p.session && openQ(p.session)) ? ' mid-question' : ''}`);
    for (const [i, p] of m.players.entries()) if (p.session) await openLevel1(m, r, i, `${this.toString()}, player ${i + 1} reloads`);
    await expectPlayers(m, r, this.toString());
  }
  toString = () => 'restart';
}

const player = fc.integer({ min: 0, max: 1 });
const answer = fc
  .tuple(player, fc.constantFrom<AnswerKind>('right', 'right', 'right', 'right', 'right', 'wrong', 'wrong', 'empty', 'not-an-option', 'another-question'), fc.constantFrom<number | 'edge' | 'edge+1' | null>(null, null, null, 0, 1_234, 'edge', 'edge', 'edge+1'))
  .map(([p, k, at]) => new Answer(p, k, at));
const lifeline = fc.tuple(player, fc.constantFrom<LifelineName>('fifty_fifty', 'audience_poll', 'reset_timer', 'skip')).map(([p, l]) => new Lifeline(p, l));
/** Two lifelines in a row: 50/50 and the poll on one question, in either order (the second is a conflict), or one lifeline twice (the second is used up). */
const lifelinePair = fc
  .tuple(
    player,
    fc.constantFrom<LifelineName[]>(['fifty_fifty', 'audience_poll'], ['audience_poll', 'fifty_fifty'], ['fifty_fifty', 'audience_poll'], ['audience_poll', 'fifty_fifty'], ['reset_timer', 'reset_timer'], ['skip', 'skip'], ['fifty_fifty', 'fifty_fifty']),
  )
  .map(([p, pair]) => new Lifelines(p, pair));
const wait = fc.constantFrom<number | 'past the deadline'>(1, 999, 10_000, 'past the deadline').map((ms) => new Wait(ms));
const staleEdge = fc.tuple(player, fc.constantFrom<0 | 1>(0, 1)).map(([p, plus]) => new Wait(0, { player: p, plus }));
const answerAll = fc.tuple(player, fc.constantFrom<'right' | 'wrong'>('right', 'right', 'wrong')).map(([p, k]) => new AnswerAll(p, k));
const commands = [
  answer,
  answer,
  answer,
  answer,
  answer,
  answer,
  answer,
  answer,
  lifeline,
  lifeline,
  lifeline,
  lifelinePair,
  lifelinePair,
  answerAll,
  answerAll,
  fc.tuple(player, fc.constantFrom<'right' | 'wrong'>('right', 'right', 'wrong')).map(([p, k]) => new PlayThrough(p, k)),
  wait,
  wait,
  staleEdge,
  player.map((p) => new Open(p)),
  player.map((p) => new Open(p)),
  player.map((p) => new Open(p)),
  player.map((p) => new Open(p)),
  player.map((p) => new Finish(p)),
  player.map((p) => new Finish(p)),
  player.map((p) => new OpenLevel2(p)),
  fc.constant(new Restart()),
];

/** Plays each player's open session out: a time-out for each question left, then the result. */
async function playOut(m: Model, r: Real) {
  for (const [i] of m.players.entries()) {
    const s = m.players[i]!.session!;
    if (!s.result) {
      for (let guard = 0; openQ(s) && guard < 20; guard += 1) await new Answer(i, 'empty', null).run(m, r);
      await new Finish(i).run(m, r);
    }
    for (const settled of m.players[i]!.settled) await expectLedger(settled, `played out, player ${i + 1}`);
    await new OpenLevel2(i).run(m, r);
    const user = await api.call('get_user_by_id', {}, { token: r.players[i]!.token });
    const score = (user.body.data as { all_time_score: number }).all_time_score;
    expect({ step: 'played out', player: i + 1, all_time_score: score }).toEqual({ step: 'played out', player: i + 1, all_time_score: m.players[i]!.allTimeScore });
  }
  count('played out');
}

describe(`solo play: random walks against the real server, checked by the rules (${testDbKind})`, () => {
  test('answers at the deadline edges, lifelines, reloads, stale plays, finishes and restarts in any order keep every outcome, coin, ledger entry and score as the rules say', async () => {
    await assertWalks('solo', 'tests/paths/solo-walks.test.ts', (replayPath) =>
      fc.asyncProperty(fc.tuple(fc.integer({ min: 10, max: 30 }), fc.integer({ min: 0, max: 30 })), fc.commands(commands, { maxCommands: 60, size: 'max', replayPath }), async (grants, cmds) => {
        const real: Real = { players: [] };
        const model: Model = { secondsPerQuestion: 0, players: [] };
        for (const grant of grants) {
          const player = await createPlayerWithSession(database.db);
          if (grant > 0) await giveCoins(database.db, player.userId, grant);
          real.players.push(player);
          model.players.push({ coins: await coinsOf(database.db, player.userId), passed: false, allTimeScore: 0, session: null, settled: [] });
        }
        // Each player's page first opens level 1; the session tells the time per question.
        for (const [i] of real.players.entries()) {
          const res = await api.call('get_questions_by_level', { ...LEVEL_1 }, { token: real.players[i]!.token });
          const data = res.body.data as SessionData;
          model.secondsPerQuestion = data.time_per_question!;
          model.players[i]!.session = await modelSession(data);
          expect(data.time_left_ms).toBe(limitMs(model));
        }
        tally.generated = (tally.generated ?? 0) + [...cmds].length;
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await playOut(model, real);
      }),
    );
    expectWalksReached('solo', tally, [
      'answer ok',
      'answer answer_too_late',
      'answer 103',
      'answer play_finished',
      'lifeline ok',
      'lifeline lifeline_used',
      'lifeline lifeline_conflict',
      'lifeline lifeline_not_allowed',
      'lifeline answer_too_late',
      'lifeline not_enough_coins',
      'finish early',
      'finish again: the same result',
      'a first pass paid',
      'a pass again',
      'reload: the same play',
      'reload: a stale play settled, a new one opened',
      'open: a new play',
      'level 2 ok',
      'level 2 level_locked',
      'restart mid-question',
      'played out',
    ]);
  }, 600_000);
});
