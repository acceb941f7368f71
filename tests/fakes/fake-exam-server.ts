import { createActor, SimulatedClock } from 'xstate';
import { examMachine, createExamMachine, type ExamMachine, type ExamServices, type OpenExamPayload, type SubmitExamPayload } from '@/machines/exam/exam.machine';
import type { ExamList, ExamListItem, ExamProgress, ExamReport, ExamResult, ExamSession } from '@/services/domain/exams';
import type { CallOutcome } from '@/services/domain/play-session';
import { controllableCall, flushPromises } from '@/tests/fakes/controllable-actor';

/**
 * A fake exam server for the exam machine's tests: every call stays pending until the test
 * answers it, and a harness that starts the real machine on a simulated clock.
 */

export const EXAM_MS = 600_000;
export const HIDDEN_LIMIT_S = 5;

export function examItem(overrides: Partial<ExamListItem> = {}): ExamListItem {
  return {
    id: 1,
    title: 'Science basics',
    language_id: 1,
    starts_at: '2026-01-01T09:00:00.000Z',
    ends_at: '2026-01-31T09:00:00.000Z',
    duration: 10,
    total_questions: 2,
    total_marks: 3,
    answer_again: true,
    fullscreen: false,
    status: 'not_started',
    obtained_marks: null,
    rules_violated: null,
    ...overrides,
  };
}

/** The list: one exam of each status (ids 1, 2, 3). */
export const EXAM_LIST: ExamListItem[] = [
  examItem({ id: 1, status: 'not_started' }),
  examItem({ id: 2, title: 'Running', status: 'in_exam' }),
  examItem({ id: 3, title: 'Done', status: 'completed', obtained_marks: 2, rules_violated: false }),
];
export const EXAM_ID_BY_STATUS = { not_started: 1, in_exam: 2, completed: 3 } as const;

export function examSession(overrides: Partial<ExamSession> & { answerAgain?: boolean; fullscreen?: boolean } = {}): ExamSession {
  const { answerAgain = true, fullscreen = false, ...rest } = overrides;
  return {
    session_id: 'x_1',
    exam: { id: 1, title: 'Science basics', duration: 10, total_marks: 3, answer_again: answerAgain, fullscreen },
    questions: [
      { id: 11, question: 'What do bees collect?', question_type: 'multiple', image: null, marks: 1, options: ['a', 'b', 'c', 'd'].map((key) => ({ key, text: `Option ${key}` })) },
      { id: 12, question: 'The Sun is a star.', question_type: 'boolean', image: null, marks: 2, options: [{ key: 'a', text: 'True' }, { key: 'b', text: 'False' }] },
    ],
    answers: {},
    time_left_ms: EXAM_MS,
    hidden_limit_seconds: HIDDEN_LIMIT_S,
    violations: 0,
    ...rest,
  };
}

export function examResult(overrides: Partial<ExamResult> = {}): ExamResult {
  return {
    exam_module_id: 1,
    title: 'Science basics',
    total_marks: 3,
    obtained_marks: 1,
    total_questions: 2,
    correct: 1,
    incorrect: 1,
    unanswered: 0,
    statistics: [
      { mark: 1, questions: 1, correct: 1, incorrect: 0, unanswered: 0 },
      { mark: 2, questions: 1, correct: 0, incorrect: 1, unanswered: 0 },
    ],
    total_duration: 95,
    end_reason: 'submitted',
    rules_violated: false,
    violations: [],
    captured_question_ids: [],
    ended_at: '2026-01-01T10:01:35.000Z',
    ...overrides,
  };
}

export function progress(overrides: Partial<ExamProgress> = {}): ExamProgress {
  return { status: 'in_exam', time_left_ms: EXAM_MS, answered: 0, violations: 0, end_reason: null, ...overrides };
}

const fail = (code: string | null): CallOutcome<never> => ({ ok: false, code });

export function fakeExamServer() {
  const calls = {
    loadList: controllableCall<CallOutcome<ExamListItem[]>, { type: ExamList }>(),
    openExam: controllableCall<CallOutcome<ExamSession>, OpenExamPayload>(),
    setAnswer: controllableCall<CallOutcome<ExamProgress>, { session_id: string; question_id: number; answer: string; client_id: string }>(),
    report: controllableCall<CallOutcome<ExamProgress>, { session_id: string; kind: ExamReport; question_id: number | null; client_id: string; keepalive?: boolean }>(),
    heartbeat: controllableCall<CallOutcome<ExamProgress>, { session_id: string; client_id: string }>(),
    submitExam: controllableCall<CallOutcome<ExamResult>, SubmitExamPayload>(),
    loadResult: controllableCall<CallOutcome<ExamResult>, { exam_module_id: number }>(),
  };
  const services: ExamServices = Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, call.fn])) as unknown as ExamServices;
  const settle = async <T>(call: { resolve(v: T): void }, value: T) => {
    call.resolve(value);
    await flushPromises();
  };
  const answer = {
    list: (items: ExamListItem[] = EXAM_LIST) => settle(calls.loadList, { ok: true, data: items }),
    listFails: (code: string | null = null) => settle(calls.loadList, fail(code)),
    open: (session: ExamSession = examSession()) => settle(calls.openExam, { ok: true, data: session }),
    openFails: (code: string | null) => settle(calls.openExam, fail(code)),
    saved: (p: Partial<ExamProgress> = {}) => settle(calls.setAnswer, { ok: true, data: progress(p) }),
    saveFails: (code: string | null) => settle(calls.setAnswer, fail(code)),
    submitted: (r: Partial<ExamResult> = {}) => settle(calls.submitExam, { ok: true, data: examResult(r) }),
    submitFails: (code: string | null = null) => settle(calls.submitExam, fail(code)),
    result: (r: Partial<ExamResult> = {}) => settle(calls.loadResult, { ok: true, data: examResult(r) }),
    resultFails: (code: string | null = null) => settle(calls.loadResult, fail(code)),
  };
  const pending = () =>
    Object.fromEntries(
      Object.entries(calls)
        .map(([name, call]) => [name, call.pending().length] as const)
        .filter(([, n]) => n > 0),
    );
  return { calls, services, answer, pending };
}

export type FakeExamServer = ReturnType<typeof fakeExamServer>;

/** The real exam machine with the fake server's calls, on a simulated clock. */
export function startExam(options: { machine?: ExamMachine } = {}) {
  const server = fakeExamServer();
  const clock = new SimulatedClock();
  const machine = options.machine ?? createExamMachine(server.services);
  const actor = createActor(machine, { clock, input: { clientId: 'page-1' } });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  const child = (id: 'countdown' | 'watcher' | 'link') => snapshot().children[id];
  const countdown = () => (child('countdown')?.getSnapshot() as { value: string; context: { remainingMs: number } } | undefined) ?? null;
  const watcher = () => (child('watcher')?.getSnapshot() as { value: string } | undefined) ?? null;
  return {
    actor,
    clock,
    server,
    snapshot,
    context: () => snapshot().context,
    countdown,
    watcher,
    /** Asks the link for a heartbeat now (the real link calls the server). */
    beat: () => (child('link') as { send(e: { type: 'beat' }): void } | undefined)?.send({ type: 'beat' }),
    /** Answers every report and heartbeat in flight with "still running", keeping the clock. */
    async answerLink(p: Partial<ExamProgress> = {}) {
      for (let round = 0; round < 5; round++) {
        const open = [...server.calls.report.pending(), ...server.calls.heartbeat.pending()];
        if (open.length === 0) return;
        for (const call of open) call.resolve({ ok: true, data: progress({ time_left_ms: countdown()?.context.remainingMs ?? EXAM_MS, ...p }) });
        await flushPromises();
      }
    },
  };
}

export type ExamHarness = ReturnType<typeof startExam>;
export { examMachine };
