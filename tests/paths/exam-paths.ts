import { examModelPaths, modelReports, type ExamModelEvent } from '@/machines/exam/exam.model';
import { testPath } from '@/machines/testing/trace';
import type { WatchedViolation } from '@/machines/exam/violation-watcher.machine';
import { BLUR_SETTLE_MS, type ExamPageEvent } from '@/machines/exam/violation-watcher.machine';
import { payloadOf } from '@/machines/testing/paths';
import { EXAM_ID_BY_STATUS, examSession, HIDDEN_LIMIT_S, type ExamHarness } from '@/tests/fakes/fake-exam-server';
import { flushPromises } from '@/tests/fakes/controllable-actor';

/**
 * Runs an exam model path against the real machine (started by the harness), optionally
 * through the real views: then the player's events are clicks and key presses on the screen,
 * and every state is also checked on the screen.
 */

export type ExamPath = ReturnType<typeof examModelPaths>[number];
type ModelSnapshot = ExamPath['state'];

/** The page event the adapter sends for a violation. */
export function pageEventOf(kind: WatchedViolation): ExamPageEvent {
  switch (kind) {
    case 'window_blur':
      return { type: 'page.blur' };
    case 'fullscreen_exit':
      return { type: 'page.fullscreen_exit' };
    case 'screenshot_key':
      return { type: 'page.key', key: { key: 'PrintScreen', code: 'PrintScreen' } };
    case 'copy':
      return { type: 'page.copy' };
    case 'paste':
      return { type: 'page.paste' };
    case 'context_menu':
      return { type: 'page.context_menu' };
  }
}

/** How the player's events reach the machine: straight `send`s, or the screen. */
export interface ExamPlayer {
  tab(): void;
  open(examId: number): void;
  enterKey(key: string): void;
  start(agreed: boolean): void;
  answer(key: string): void;
  goto(index: number): void;
  submit(): void;
  confirm(): void;
  cancel(): void;
  dismiss(): void;
  retry(): void;
  back(): void;
}

export function machineExamPlayer(h: ExamHarness): ExamPlayer {
  const send = h.actor.send.bind(h.actor);
  return {
    tab: () => send({ type: 'user.tab', list: h.context().listType === 'today' ? 'upcoming' : 'today' }),
    open: (examId) => send({ type: 'user.open', examId }),
    enterKey: (key) => {
      send({ type: 'user.key', key });
      send({ type: 'user.submit_key' });
    },
    start: (agreed) => {
      send({ type: 'user.agree', agreed });
      send({ type: 'user.start' });
    },
    answer: (key) => send({ type: 'user.answer', key }),
    goto: (index) => send({ type: 'user.goto', index }),
    submit: () => send({ type: 'user.submit' }),
    confirm: () => send({ type: 'user.confirm' }),
    cancel: () => send({ type: 'user.cancel' }),
    dismiss: () => send({ type: 'user.dismiss' }),
    retry: () => send({ type: 'user.retry' }),
    back: () => send({ type: 'user.back' }),
  };
}

export interface ExamViewChecks {
  check(expected: ModelSnapshot, h: ExamHarness): void;
}

export interface ExamRunOptions {
  readonly player?: ExamPlayer;
  readonly view?: ExamViewChecks;
  readonly wrap?: (step: () => Promise<void> | void) => Promise<void>;
}

/** The real machine is where the model is, and has asked the server what the model expects. */
export function checkExamMachine(h: ExamHarness, expected: ModelSnapshot, reports: number, abandonedSaves: number): void {
  const snapshot = h.snapshot();
  const m = expected.context;
  expect(snapshot.value).toEqual(expected.value);

  const calls: Record<string, number> = {};
  if (expected.matches({ list: 'loading' })) calls.loadList = 1;
  if (expected.matches('starting')) calls.openExam = 1;
  const saves = abandonedSaves + (expected.matches({ inExam: { work: 'saving' } }) ? 1 : 0);
  if (saves) calls.setAnswer = saves;
  if (expected.matches('submitting')) calls.submitExam = 1;
  if (expected.matches('loadingResult')) calls.loadResult = 1;
  expect(h.server.pending()).toEqual(calls);
  expect(h.server.calls.report.calls).toHaveLength(reports);

  const c = h.context();
  if (expected.matches('keyEntry') || expected.matches('rules')) expect(c.errorCode).toBe(m.error);
  if (!expected.matches('inExam')) return;
  expect(c.index).toBe(m.index);
  const ids = c.session!.questions.map((q) => String(q.id));
  expect(ids.map((id) => c.answers[id] !== undefined)).toEqual(m.answered);
  expect(c.warning !== null).toBe(expected.matches({ inExam: { alert: 'warning' } }));
  expect(h.countdown()?.value).toBe('running');
  expect(h.watcher()?.value).toBe(expected.matches({ inExam: { alert: 'hidden' } }) ? 'hidden' : 'visible');
}

export async function runExamPath(path: ExamPath, h: ExamHarness, options: ExamRunOptions = {}): Promise<void> {
  const player = options.player ?? machineExamPlayer(h);
  const wrap = options.wrap ?? (async (step) => void (await step()));
  const payload = payloadOf<ExamModelEvent>();
  let before: ModelSnapshot = path.steps[0]!.state;
  let reports = 0;
  // Answers in flight when the exam ended: the exam stops waiting for them.
  let abandonedSaves = 0;
  const ENDING = new Set(['timer.expired', 'timer.hidden_expired', 'link.ended', 'link.other_session']);
  const session = examSession({ answerAgain: before.context.answerAgain, fullscreen: before.context.fullscreen });
  const run = async (step: () => Promise<void> | void) => {
    await wrap(async () => {
      await step();
      await flushPromises();
      await h.answerLink();
    });
  };
  const question = () => h.context().session!.questions[h.context().index]!;
  /** An option other than the one recorded for the question on screen. */
  const otherOption = () => question().options.find((o) => o.key !== h.context().answers[String(question().id)])!.key;

  await testPath(path, {
    events: {
      'api.list_loaded': () => run(() => h.server.answer.list()),
      'api.list_failed': () => run(() => h.server.answer.listFails(null)),
      'user.retry': () => run(() => player.retry()),
      'user.tab': () => run(() => player.tab()),
      'user.open': (step) => run(() => player.open(EXAM_ID_BY_STATUS[payload(step).status])),
      'user.enter_key': (step) => run(() => player.enterKey(payload(step).key)),
      'user.start': (step) => run(() => player.start(payload(step).agreed)),
      'user.back': () => run(() => player.back()),
      'user.cancel': () => run(() => player.cancel()),
      'api.opened': () => run(() => h.server.answer.open(session)),
      'api.key_invalid': () => run(() => h.server.answer.openFails('exam_key_invalid')),
      'api.rules_refused': () => run(() => h.server.answer.openFails('exam_rules_not_agreed')),
      'api.already_completed': () => run(() => h.server.answer.openFails('exam_completed')),
      'api.exam_over': () => run(() => h.server.answer.openFails('exam_over')),
      'api.start_failed': () => run(() => h.server.answer.openFails(null)),
      'user.answer': () => run(() => player.answer(otherOption())),
      'user.goto': () => run(() => player.goto(1 - h.context().index)),
      'api.saved': () => run(() => h.server.answer.saved({ time_left_ms: h.countdown()!.context.remainingMs })),
      'api.saved_after_end': () => run(() => h.server.answer.saved({ status: 'completed', end_reason: 'deadline', time_left_ms: 0 })),
      'api.answer_locked': () => run(() => h.server.answer.saveFails('exam_answer_locked')),
      'api.save_failed': () => run(() => h.server.answer.saveFails(null)),
      'user.submit': () => run(() => player.submit()),
      'user.confirm': () => run(() => player.confirm()),
      'user.dismiss': () => run(() => player.dismiss()),
      'page.violation': async (step) => {
        const { kind } = payload(step);
        const hidden = before.matches({ inExam: { alert: 'hidden' } });
        const reported = modelReports(before.context, kind, hidden);
        if (reported) reports += 1;
        await run(() => void h.actor.send(pageEventOf(kind)));
        // A blur counts once it is clear the page was not hidden with it.
        if (h.watcher()?.value === 'blurred') await run(() => h.clock.increment(BLUR_SETTLE_MS));
        if (reported) expect(h.server.calls.report.last().input.kind).toBe(kind);
        if (reported && !hidden) expect(h.context().warning).toBe(kind);
      },
      'page.hidden': async () => {
        reports += 1;
        await run(() => void h.actor.send({ type: 'page.hidden' }));
        expect(h.server.calls.report.last().input.kind).toBe('page_hidden');
      },
      'page.visible': async () => {
        reports += 1;
        await run(() => void h.actor.send({ type: 'page.visible' }));
        expect(h.server.calls.report.last().input.kind).toBe('page_visible');
        expect(h.context().warning).toBe('page_hidden');
      },
      'timer.hidden_expired': async () => {
        await run(() => h.clock.increment(HIDDEN_LIMIT_S * 1000));
        expect(h.server.calls.submitExam.last().input.rules_violated).toBe(true);
      },
      'timer.expired': async () => {
        // The deadline falls while the page is hidden only when less time is left than the hidden limit.
        if (before.matches({ inExam: { alert: 'hidden' } })) h.snapshot().children.countdown!.send({ type: 'timer.reset', ms: 1000 });
        await run(() => h.clock.increment(h.countdown()!.context.remainingMs));
        expect(h.server.calls.submitExam.last().input.rules_violated).toBe(false);
      },
      'link.ended': async () => {
        await run(async () => {
          h.beat();
          await flushPromises();
          await h.answerLink({ status: 'completed', end_reason: 'rules_violated', time_left_ms: 0 });
        });
      },
      'link.other_session': async () => {
        await run(async () => {
          h.beat();
          await flushPromises();
          h.server.calls.heartbeat.resolve({ ok: false, code: 'exam_other_session' });
        });
        expect(h.context().errorCode).toBe('exam_other_session');
      },
      'api.submitted': () => run(() => h.server.answer.submitted()),
      'api.submit_failed': () => run(() => h.server.answer.submitFails(null)),
      'api.result_loaded': () => run(() => h.server.answer.result()),
      'api.result_failed': () => run(() => h.server.answer.resultFails(null)),
    },
    states: {
      '*': (expected) => {
        const event = path.steps.find((s) => s.state === expected)?.event;
        if (event && ENDING.has(event.type) && before.matches({ inExam: { work: 'saving' } })) abandonedSaves += 1;
        checkExamMachine(h, expected, reports, abandonedSaves);
        options.view?.check(expected, h);
        before = expected;
      },
    },
  });
}

/** The shortest path through each state value of the model. */
export function examViewPaths(paths: readonly ExamPath[]): ExamPath[] {
  const sorted = [...paths].sort((a, b) => a.steps.length - b.steps.length);
  const chosen = new Set<ExamPath>();
  const values = new Set(sorted.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
  for (const v of values) {
    const path = sorted.find((p) => p.steps.some((s) => JSON.stringify(s.state.value) === v));
    if (path) chosen.add(path);
  }
  return [...chosen];
}
