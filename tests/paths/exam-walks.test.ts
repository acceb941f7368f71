import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@/services/server/db/client';
import { examAttempts, examModuleQuestions, examModules } from '@/services/server/db/schema';
import { seedDatabase } from '@/services/server/content/seed';
import type { ExamResult } from '@/services/domain/exams';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { examDeadlineMs, examEnd, examGrade, examTimeLeftMs, EXAM_CLOCK, type ExamAnswerPlan } from '@/tests/paths/rules/exam';
import { heldClock } from '@/tests/paths/support/play-clock';
import { assertWalks, expectWalksReached } from '@/tests/paths/support/walks';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * Random walks through exams against the real server (fast-check's model-based testing): three
 * players sit the demo exam "Science basics", each from two pages (a tab, then another device),
 * with long random sequences of answers (right, wrong, cleared, changed, a letter the question
 * does not have, from a page that is not the exam's page any more), the violation watcher's
 * reports (a hidden page and its return, a copy, a page left), heartbeats, the clock running to
 * the edges of the deadline, of the hidden limit and of the resume time, the sweep, submits,
 * results and the server restarting. After every command each answer must be the model's: the
 * refusal, the time left, the answers counted, the violations recorded, why and when the
 * attempt ended. The model ends attempts by the exam clock's rules as tests/paths/rules/exam.ts
 * states them (`examEnd`) and grades by `examGrade`, apart from the server's code. A failure is
 * shrunk to the shortest sequence that still fails and printed with the walk id that replays it.
 */

const clock = heldClock();
let database: Database;
let api: TestApi;
let examId: number;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  api = await startTestApi(database, undefined, {}, { services: { clock } });
  const [exam] = await database.db.select({ id: examModules.id }).from(examModules).where(eq(examModules.examKey, '2468'));
  examId = exam!.id;
});

afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

const now = () => clock.now();
const PAGES = ['page-a', 'page-b'] as const;
const RESUME_MINUTES = 5;

// ---- the model ----

const tally: Record<string, number> = {};
const count = (what: string) => (tally[what] = (tally[what] ?? 0) + 1);

interface ModelQuestion {
  readonly id: number;
  readonly keys: readonly string[];
  readonly right: string;
  readonly marks: number;
}

interface ModelViolation {
  readonly kind: string;
  readonly atMs: number;
  readonly questionId: number | null;
  durationMs: number | null;
}

interface ModelAttempt {
  readonly sessionId: string;
  readonly startMs: number;
  readonly deadlineMs: number;
  page: string;
  lastSeenMs: number;
  left: boolean;
  hiddenSinceMs: number | null;
  hidden: ModelViolation | null;
  answers: Map<number, string>;
  violations: ModelViolation[];
  end: { reason: string; atMs: number } | null;
}

interface Model {
  answerAgain: boolean;
  durationMinutes: number;
  hiddenLimitSeconds: number;
  questions: ModelQuestion[];
  attempts: (ModelAttempt | null)[];
}

interface Real {
  players: { userId: number; token: string }[];
}

/** Ends the attempt when the exam clock's rules say it is over by now (the earliest end, as of when it fell due). */
function applyDue(m: Model, a: ModelAttempt) {
  if (a.end) return;
  const end = examEnd({ deadlineMs: a.deadlineMs, hiddenSinceMs: a.hiddenSinceMs, hiddenLimitSeconds: m.hiddenLimitSeconds, lastHeardMs: a.lastSeenMs, resumeMinutes: RESUME_MINUTES }, now());
  if (end) complete(a, end.reason, end.atMs);
}

function complete(a: ModelAttempt, reason: string, atMs: number) {
  count(`ended: ${reason}`);
  // A page still hidden when the attempt ended was hidden at least until then (unless its return, reported, said how long).
  if (a.hidden && a.hiddenSinceMs !== null && a.hidden.durationMs === null) a.hidden.durationMs = Math.max(0, atMs - a.hiddenSinceMs);
  a.end = { reason, atMs };
  a.hiddenSinceMs = null;
  a.hidden = null;
}

function record(a: ModelAttempt, kind: string, questionId: number | null): ModelViolation {
  const v: ModelViolation = { kind, atMs: now(), questionId, durationMs: null };
  a.violations.push(v);
  return v;
}

// ---- checking the server against the model ----

const codeOf = (res: ApiAnswer) => (res.status === 200 ? 'ok' : String(res.body.message));

/** What a call answers about a running or ended attempt (`{ status, time_left_ms, answered, violations, end_reason }`). */
function progressOf(a: ModelAttempt) {
  return {
    status: a.end ? 'completed' : 'in_exam',
    time_left_ms: a.end ? 0 : examTimeLeftMs(a.deadlineMs, now()),
    answered: a.answers.size,
    violations: a.violations.length,
    end_reason: a.end?.reason ?? null,
  };
}

function expectProgress(a: ModelAttempt, res: ApiAnswer, step: string) {
  const got = res.body.data as Record<string, unknown>;
  expect({ step, status: got.status, time_left_ms: got.time_left_ms, answered: got.answered, violations: got.violations, end_reason: got.end_reason }).toEqual({ step, ...progressOf(a) });
}

function expectedResult(m: Model, a: ModelAttempt) {
  const plan: ExamAnswerPlan[] = m.questions.map((q) => {
    const given = a.answers.get(q.id);
    return { marks: q.marks, outcome: given === undefined ? 'unanswered' : given === q.right ? 'right' : 'wrong' };
  });
  const captured = [...new Set(a.violations.filter((v) => v.questionId !== null && v.kind !== 'page_left').map((v) => v.questionId!))].sort((x, y) => x - y);
  return {
    ...examGrade(plan),
    end_reason: a.end!.reason,
    ended_at: new Date(a.end!.atMs).toISOString(),
    total_duration: Math.max(0, Math.round((a.end!.atMs - a.startMs) / 1000)),
    rules_violated: a.end!.reason === 'rules_violated',
    violations: a.violations.map((v) => ({ kind: v.kind, at: new Date(v.atMs).toISOString(), question_id: v.questionId, duration_ms: v.durationMs })),
    captured_question_ids: captured,
  };
}

function expectResult(m: Model, a: ModelAttempt, got: ExamResult, step: string) {
  const expected = expectedResult(m, a);
  const shown = Object.fromEntries(Object.keys(expected).map((k) => [k, (got as unknown as Record<string, unknown>)[k]]));
  expect({ step, ...shown }).toEqual({ step, ...expected });
}

// ---- the commands ----

type Cmd = fc.AsyncCommand<Model, Real>;
const started = (m: Readonly<Model>, p: number) => m.attempts[p] != null;

/** A player's page opens the exam: starts the one attempt, or resumes the running one (a second live page is a violation). */
class Open implements Cmd {
  constructor(
    readonly player: number,
    readonly page: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const step = this.toString();
    const res = await api.call('get_exam_module_questions', { exam_module_id: examId, exam_key: '2468', rules_agreed: 1, client_id: PAGES[this.page]! }, { token: r.players[this.player]!.token });
    let a = m.attempts[this.player];
    if (!a) {
      expect({ step, outcome: codeOf(res) }).toEqual({ step, outcome: 'ok' });
      const data = res.body.data as { session_id: string };
      a = {
        sessionId: data.session_id,
        startMs: now(),
        deadlineMs: examDeadlineMs(now(), m.durationMinutes),
        page: PAGES[this.page]!,
        lastSeenMs: now(),
        left: false,
        hiddenSinceMs: null,
        hidden: null,
        answers: new Map(),
        violations: [],
        end: null,
      };
      m.attempts[this.player] = a;
      count('open: started');
    } else {
      applyDue(m, a);
      if (a.end) {
        expect({ step, outcome: codeOf(res), end_reason: res.body.end_reason }).toEqual({ step, outcome: 'exam_completed', end_reason: a.end.reason });
        count('open: exam_completed');
        return;
      }
      expect({ step, outcome: codeOf(res) }).toEqual({ step, outcome: 'ok' });
      const otherPageLive = a.page !== PAGES[this.page] && !a.left && now() - a.lastSeenMs <= EXAM_CLOCK.liveWindowMs;
      if (otherPageLive) {
        record(a, 'second_session', null);
        count('open: resumed beside a live page (second_session)');
      } else count('open: resumed');
      a.page = PAGES[this.page]!;
      a.lastSeenMs = now();
      a.left = false;
    }
    const data = res.body.data as { session_id: string; time_left_ms: number; violations: number; answers: Record<string, string>; questions: unknown[] };
    expect({ step, session_id: data.session_id, time_left_ms: data.time_left_ms, violations: data.violations, answers: data.answers }).toEqual({
      step,
      session_id: a.sessionId,
      time_left_ms: examTimeLeftMs(a.deadlineMs, now()),
      violations: a.violations.length,
      answers: Object.fromEntries([...a.answers].map(([id, letter]) => [String(id), letter])),
    });
    // No right answer or note leaves the server.
    expect({ step, leaks: /"(answer|note|right_answer)"\s*:/.test(JSON.stringify(data.questions)) }).toEqual({ step, leaks: false });
  }
  toString = () => `open(player ${this.player + 1}, ${PAGES[this.page]})`;
}

type AnswerKind = 'right' | 'wrong' | 'clear' | 'not-an-option';

/**
 * The player opens the exam on the page that is not the exam's page now (another tab or device):
 * at once, or at the last ms the first page counts as live (30 s after it was last heard), or a ms later.
 */
class OtherPage implements Cmd {
  constructor(
    readonly player: number,
    readonly when: 'now' | 'live edge' | 'live edge + 1 ms',
  ) {}
  check = (m: Readonly<Model>) => started(m, this.player);
  async run(m: Model, r: Real) {
    const a = m.attempts[this.player]!;
    if (this.when !== 'now' && !a.end) clock.set(Math.max(now(), a.lastSeenMs + EXAM_CLOCK.liveWindowMs + (this.when === 'live edge' ? 0 : 1)));
    await new Open(this.player, a.page === PAGES[0] ? 1 : 0).run(m, r);
  }
  toString = () => `open on the other page(player ${this.player + 1}, ${this.when})`;
}

/** A page saves an answer to a question (or clears it). */
class Answer implements Cmd {
  constructor(
    readonly player: number,
    readonly page: number,
    readonly question: number,
    readonly kind: AnswerKind,
  ) {}
  check = (m: Readonly<Model>) => started(m, this.player);
  async run(m: Model, r: Real) {
    const step = this.toString();
    const a = m.attempts[this.player]!;
    const q = m.questions[this.question % m.questions.length]!;
    const letter = this.kind === 'right' ? q.right : this.kind === 'wrong' ? q.keys.find((k) => k !== q.right)! : this.kind === 'clear' ? '' : 'z';
    const res = await api.call('set_exam_answer', { session_id: a.sessionId, question_id: q.id, answer: letter, client_id: PAGES[this.page]! }, { token: r.players[this.player]!.token });
    applyDue(m, a);
    const before = a.answers.get(q.id) ?? null;
    let expected: string;
    if (a.end) expected = 'exam_completed';
    else if (a.page !== PAGES[this.page]) expected = 'exam_other_session';
    else if (this.kind === 'not-an-option') expected = '103';
    else if (before !== null && before !== letter && !m.answerAgain) expected = 'exam_answer_locked';
    else expected = 'ok';
    expect({ step, outcome: codeOf(res) }).toEqual({ step, outcome: expected });
    count(`answer ${expected}`);
    if (expected === 'exam_completed') expect({ step, end_reason: res.body.end_reason }).toEqual({ step, end_reason: a.end!.reason });
    if (expected !== 'ok') return;
    // Clearing what is not answered changes nothing (and is not heard as the page being there).
    if (!(letter === '' && before === null)) {
      if (letter === '') a.answers.delete(q.id);
      else a.answers.set(q.id, letter);
      a.lastSeenMs = now();
    }
    expectProgress(a, res, step);
  }
  toString = () => `answer(player ${this.player + 1}, ${PAGES[this.page]}, question ${this.question + 1}, ${this.kind})`;
}

type Report = 'page_hidden' | 'page_visible' | 'copy' | 'page_left';

/** The violation watcher reports what the page saw, with the question on screen. */
class ReportViolation implements Cmd {
  constructor(
    readonly player: number,
    readonly page: number,
    readonly report: Report,
    readonly question: number,
  ) {}
  check = (m: Readonly<Model>) => started(m, this.player);
  async run(m: Model, r: Real) {
    const step = this.toString();
    const a = m.attempts[this.player]!;
    const q = m.questions[this.question % m.questions.length]!;
    const res = await api.call('report_exam_violation', { session_id: a.sessionId, kind: this.report, question_id: q.id, client_id: PAGES[this.page]! }, { token: r.players[this.player]!.token });
    expect({ step, outcome: codeOf(res) }).toEqual({ step, outcome: 'ok' });
    const mine = a.page === PAGES[this.page];
    // A return reported by the exam's page tells how long it was away, even when that ended the exam.
    if (this.report === 'page_visible' && mine && a.hidden && a.hiddenSinceMs !== null) a.hidden.durationMs = now() - a.hiddenSinceMs;
    applyDue(m, a);
    if (a.end) count(`report ${this.report} after the end`);
    else if (!mine) {
      if (this.report !== 'page_visible' && this.report !== 'page_left') record(a, this.report, q.id);
      count(`report ${this.report} from another page`);
    } else {
      a.lastSeenMs = now();
      if (this.report === 'page_hidden') {
        if (a.hiddenSinceMs === null) {
          a.hiddenSinceMs = now();
          a.hidden = record(a, 'page_hidden', q.id);
        }
      } else if (this.report === 'page_visible') {
        if (a.hiddenSinceMs !== null) {
          count('report page_visible: back within the limit');
          a.hiddenSinceMs = null;
          a.hidden = null;
        }
      } else if (this.report === 'page_left') {
        record(a, 'page_left', q.id);
        a.left = true;
      } else record(a, this.report, q.id);
      count(`report ${this.report}`);
    }
    expectProgress(a, res, step);
  }
  toString = () => `report(player ${this.player + 1}, ${PAGES[this.page]}, ${this.report}, question ${this.question + 1})`;
}

/** The exam's page answers a question, then changes its mind (refused where the exam keeps the first answer). */
class ChangeAnswer implements Cmd {
  constructor(
    readonly player: number,
    readonly question: number,
    readonly second: 'wrong' | 'clear',
  ) {}
  check = (m: Readonly<Model>) => started(m, this.player) && !m.attempts[this.player]!.end;
  async run(m: Model, r: Real) {
    const page = PAGES.indexOf(m.attempts[this.player]!.page as (typeof PAGES)[number]);
    count(`change an answer (${m.answerAgain ? 'allowed' : 'not allowed'})`);
    await new Answer(this.player, page, this.question, 'right').run(m, r);
    await new Answer(this.player, page, this.question, this.second).run(m, r);
  }
  toString = () => `answer then change(player ${this.player + 1}, question ${this.question + 1}, right then ${this.second})`;
}

/** The exam's page is hidden, then comes back after some ms: within the limit, at its last ms, or a ms past it. */
class HiddenAway implements Cmd {
  constructor(
    readonly player: number,
    readonly away: 'a second' | 'the limit' | 'the limit + 1 ms',
    readonly question: number,
  ) {}
  check = (m: Readonly<Model>) => started(m, this.player) && !m.attempts[this.player]!.end;
  async run(m: Model, r: Real) {
    const a = m.attempts[this.player]!;
    const page = PAGES.indexOf(a.page as (typeof PAGES)[number]);
    await new ReportViolation(this.player, page, 'page_hidden', this.question).run(m, r);
    const ms = this.away === 'a second' ? 1000 : m.hiddenLimitSeconds * 1000 + (this.away === 'the limit' ? 0 : 1);
    clock.set(Math.max(now(), (a.hiddenSinceMs ?? now()) + ms));
    await new ReportViolation(this.player, page, 'page_visible', this.question).run(m, r);
  }
  toString = () => `hidden and back(player ${this.player + 1}, after ${this.away})`;
}

/** A page's heartbeat: the page is there (refused when it is not the exam's page any more). */
class Heartbeat implements Cmd {
  constructor(
    readonly player: number,
    readonly page: number,
  ) {}
  check = (m: Readonly<Model>) => started(m, this.player);
  async run(m: Model, r: Real) {
    const step = this.toString();
    const a = m.attempts[this.player]!;
    const res = await api.call('exam_heartbeat', { session_id: a.sessionId, client_id: PAGES[this.page]! }, { token: r.players[this.player]!.token });
    applyDue(m, a);
    const expected = a.end || a.page === PAGES[this.page] ? 'ok' : 'exam_other_session';
    expect({ step, outcome: codeOf(res) }).toEqual({ step, outcome: expected });
    count(`heartbeat ${expected}`);
    if (expected !== 'ok') return;
    if (!a.end) {
      a.lastSeenMs = now();
      a.left = false;
    }
    expectProgress(a, res, step);
  }
  toString = () => `heartbeat(player ${this.player + 1}, ${PAGES[this.page]})`;
}

/** The player submits: graded by what was recorded, unless the attempt had already ended (then its stored result). */
class Submit implements Cmd {
  constructor(readonly player: number) {}
  check = (m: Readonly<Model>) => started(m, this.player);
  async run(m: Model, r: Real) {
    const step = this.toString();
    const a = m.attempts[this.player]!;
    const res = await api.call('set_exam_module_result', { exam_module_id: examId, rules_violated: 0, captured_question_ids: '' }, { token: r.players[this.player]!.token });
    expect({ step, outcome: codeOf(res) }).toEqual({ step, outcome: 'ok' });
    applyDue(m, a);
    if (a.end) count('submit after the end: the stored result');
    else complete(a, 'submitted', now());
    expectResult(m, a, res.body.data as ExamResult, step);
  }
  toString = () => `submit(player ${this.player + 1})`;
}

/** The result page asks for the result: the graded result once the attempt ended, else play_not_finished. */
class Result implements Cmd {
  constructor(readonly player: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const step = this.toString();
    const a = m.attempts[this.player];
    const res = await api.call('get_exam_module_result', { exam_module_id: examId }, { token: r.players[this.player]!.token });
    if (a) applyDue(m, a);
    const expected = !a ? '102' : a.end ? 'ok' : 'play_not_finished';
    expect({ step, outcome: codeOf(res) }).toEqual({ step, outcome: expected });
    count(`result ${expected}`);
    if (expected === 'ok') expectResult(m, a!, res.body.data as ExamResult, step);
  }
  toString = () => `result(player ${this.player + 1})`;
}

type Edge = 'deadline' | 'hidden limit' | 'resume time';

/** The clock runs on: by some ms, or to the edge of a player's deadline, hidden limit or resume time (that ms, or the one after). */
class Wait implements Cmd {
  constructor(
    readonly ms: number,
    readonly edge: { player: number; what: Edge; plus: 0 | 1 } | null = null,
  ) {}
  check = () => true;
  async run(m: Model) {
    const a = this.edge && m.attempts[this.edge.player];
    let at = now() + this.ms;
    if (this.edge && a && !a.end) {
      // The deadline ends the attempt at its own ms; the hidden limit and the resume time a ms after theirs.
      const edge =
        this.edge.what === 'deadline'
          ? a.deadlineMs - 1
          : this.edge.what === 'hidden limit'
            ? a.hiddenSinceMs === null
              ? null
              : a.hiddenSinceMs + m.hiddenLimitSeconds * 1000
            : a.lastSeenMs + EXAM_CLOCK.liveWindowMs + RESUME_MINUTES * 60_000;
      if (edge !== null) at = edge + this.edge.plus;
    }
    if (at > now()) clock.set(at);
    // At an edge the sweep runs: what fell due ends then, and nothing else.
    if (this.edge) await new Sweep().run(m);
  }
  toString = () => (this.edge ? `wait(to player ${this.edge.player + 1}'s ${this.edge.what}${this.edge.plus ? ' + 1 ms' : ''})` : `wait(${this.ms})`);
}

/** The server's sweep ends every attempt that fell due, as of when it did (read back from the attempts as stored). */
class Sweep implements Cmd {
  check = () => true;
  async run(m: Model) {
    await api.app.exams.sweep();
    for (const [i, a] of m.attempts.entries()) {
      if (!a) continue;
      const running = !a.end;
      applyDue(m, a);
      if (running && a.end) count('sweep ended one');
      const [row] = await database.db.select({ status: examAttempts.status, endReason: examAttempts.endReason, endedAt: examAttempts.endedAt }).from(examAttempts).where(eq(examAttempts.id, a.sessionId));
      const step = `${this.toString()}, player ${i + 1}`;
      expect({ step, status: row!.status, end_reason: row!.endReason, ended_at: row!.endedAt ? new Date(row!.endedAt).getTime() : null }).toEqual({
        step,
        status: a.end ? 'completed' : 'in_exam',
        end_reason: a.end?.reason ?? null,
        ended_at: a.end?.atMs ?? null,
      });
    }
  }
  toString = () => 'sweep';
}

/** The server restarts on the same database: every attempt goes on where it stood. */
class Restart implements Cmd {
  check = () => true;
  async run() {
    await api.close();
    api = await startTestApi(database, undefined, {}, { services: { clock } });
    count('restart');
  }
  toString = () => 'restart';
}

const player = fc.integer({ min: 0, max: 2 });
const page = fc.constantFrom(0, 0, 0, 1);
const question = fc.integer({ min: 0, max: 5 });
const answer = fc.tuple(player, page, question, fc.constantFrom<AnswerKind>('right', 'right', 'wrong', 'wrong', 'clear', 'not-an-option')).map(([p, pg, q, k]) => new Answer(p, pg, q, k));
const report = fc.tuple(player, page, fc.constantFrom<Report>('page_hidden', 'page_hidden', 'page_visible', 'page_visible', 'copy', 'page_left'), question).map(([p, pg, k, q]) => new ReportViolation(p, pg, k, q));
const wait = fc.constantFrom(1, 999, 5_000, 10_000, 31_000).map((ms) => new Wait(ms));
const edge = fc.tuple(player, fc.constantFrom<Edge>('deadline', 'hidden limit', 'hidden limit', 'resume time'), fc.constantFrom<0 | 1>(0, 1)).map(([p, what, plus]) => new Wait(0, { player: p, what, plus }));
const hiddenAway = fc.tuple(player, fc.constantFrom<'a second' | 'the limit' | 'the limit + 1 ms'>('a second', 'the limit', 'the limit + 1 ms'), question).map(([p, away, q]) => new HiddenAway(p, away, q));
const changeAnswer = fc.tuple(player, question, fc.constantFrom<'wrong' | 'clear'>('wrong', 'clear')).map(([p, q, second]) => new ChangeAnswer(p, q, second));
const commands = [
  answer,
  answer,
  answer,
  answer,
  answer,
  answer,
  answer,
  answer,
  answer,
  answer,
  report,
  report,
  report,
  report,
  fc.tuple(player, page).map(([p, pg]) => new Heartbeat(p, pg)),
  fc.tuple(player, page).map(([p, pg]) => new Heartbeat(p, pg)),
  fc.tuple(player, page).map(([p, pg]) => new Open(p, pg)),
  fc.tuple(player, fc.constantFrom<'now' | 'live edge' | 'live edge + 1 ms'>('now', 'live edge', 'live edge + 1 ms')).map(([p, when]) => new OtherPage(p, when)),
  wait,
  wait,
  edge,
  hiddenAway,
  hiddenAway,
  changeAnswer,
  changeAnswer,
  fc.constant(new Sweep()),
  player.map((p) => new Submit(p)),
  player.map((p) => new Result(p)),
  fc.constant(new Restart()),
];

/** Ends each attempt still running by the deadline and checks the result and the exam list. */
async function playOut(m: Model, r: Real) {
  for (const [i, a] of m.attempts.entries()) {
    if (!a) continue;
    // A page still there beats (here every five minutes, within the resume time) until the deadline ends the attempt.
    while (!a.end && now() < a.deadlineMs - 1) {
      clock.set(Math.min(now() + 5 * 60_000, a.deadlineMs - 1));
      await new Heartbeat(i, PAGES.indexOf(a.page as (typeof PAGES)[number])).run(m, r);
    }
    if (!a.end) {
      clock.set(Math.max(now(), a.deadlineMs));
      await new Sweep().run(m);
    }
    await new Result(i).run(m, r);
    await new Open(i, 0).run(m, r);
  }
  count('played out');
}

describe(`exams: random walks against the real server, checked by the rules (${testDbKind})`, () => {
  test('answers, violations, pages, heartbeats, the edges of the deadline, the hidden limit and the resume time, sweeps, submits and restarts keep every answer, violation, end and grade as the rules say', async () => {
    const rows = await database.db.select({ id: examModuleQuestions.id, answer: examModuleQuestions.answer, marks: examModuleQuestions.marks }).from(examModuleQuestions).where(eq(examModuleQuestions.examModuleId, examId));
    await assertWalks('exam', 'tests/paths/exam-walks.test.ts', (replayPath) =>
      fc.asyncProperty(fc.boolean(), fc.commands(commands, { maxCommands: 60, size: 'max', replayPath }), async (answerAgain, cmds) => {
        // Whether an answer may be changed: the exam's switch, set for this walk.
        await database.db.update(examModules).set({ answerAgain }).where(inArray(examModules.id, [examId]));
        const real: Real = { players: [await createPlayerWithSession(database.db), await createPlayerWithSession(database.db), await createPlayerWithSession(database.db)] };
        const first = await api.call('get_exam_module_questions', { exam_module_id: examId, exam_key: '2468', rules_agreed: 1, client_id: 'probe' }, { token: (await createPlayerWithSession(database.db)).token });
        const opened = first.body.data as { exam: { duration: number }; hidden_limit_seconds: number; questions: { id: number; options: { key: string }[] }[] };
        const model: Model = {
          answerAgain,
          durationMinutes: opened.exam.duration,
          hiddenLimitSeconds: opened.hidden_limit_seconds,
          questions: opened.questions.map((q) => {
            const row = rows.find((x) => x.id === q.id)!;
            return { id: q.id, keys: q.options.map((o) => o.key), right: row.answer, marks: row.marks };
          }),
          attempts: [null, null, null],
        };
        // Each player starts the exam on their first page; the commands then act on running attempts.
        for (const [i] of real.players.entries()) await new Open(i, 0).run(model, real);
        tally.generated = (tally.generated ?? 0) + [...cmds].length;
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await playOut(model, real);
      }),
    );
    expectWalksReached('exam', tally, [
      'open: started',
      'open: resumed',
      'open: resumed beside a live page (second_session)',
      'open: exam_completed',
      'answer ok',
      'answer exam_completed',
      'answer exam_other_session',
      'answer exam_answer_locked',
      'answer 103',
      'report page_hidden',
      'report page_visible: back within the limit',
      'report page_visible after the end',
      'report page_left',
      'report copy from another page',
      'heartbeat exam_other_session',
      'ended: submitted',
      'ended: deadline',
      'ended: rules_violated',
      'ended: abandoned',
      'sweep ended one',
      'result play_not_finished',
      'restart',
      'played out',
    ]);
  }, 600_000);
});
