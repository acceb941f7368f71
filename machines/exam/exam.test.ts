import { createActor, setup, SimulatedClock, type AnyActorRef, type AnyStateNode } from 'xstate';
import { pathRows } from '@/machines/testing/paths';
import { examMachine } from '@/machines/exam/exam.machine';
import { EXAM_MODEL_CONFIGS, examModelPaths, MODEL_VIOLATIONS, type ExamModelConfigName } from '@/machines/exam/exam.model';
import { BLUR_SETTLE_MS, violationWatcherMachine, type WatcherEmitted } from '@/machines/exam/violation-watcher.machine';
import { EXAM_HEARTBEAT_MS } from '@/services/domain/exams';
import { flushPromises } from '@/tests/fakes/controllable-actor';
import { EXAM_MS, examSession, HIDDEN_LIMIT_S, progress, startExam } from '@/tests/fakes/fake-exam-server';
import { pageEventOf, runExamPath } from '@/tests/paths/exam-paths';

async function inExam(session = examSession()) {
  const h = startExam();
  await h.server.answer.list();
  h.actor.send({ type: 'user.open', examId: 1 });
  h.actor.send({ type: 'user.key', key: '2468' });
  h.actor.send({ type: 'user.submit_key' });
  h.actor.send({ type: 'user.agree', agreed: true });
  h.actor.send({ type: 'user.start' });
  await h.server.answer.open(session);
  return h;
}

describe('the violation watcher', () => {
  function watch(fullscreen = false) {
    const heard: WatcherEmitted[] = [];
    const clock = new SimulatedClock();
    const parent = setup({ actors: { watcher: violationWatcherMachine } }).createMachine({
      invoke: { id: 'w', src: 'watcher', input: { fullscreen, hiddenLimitMs: 5000 } },
      on: { '*': { actions: ({ event }) => void (event.type.startsWith('watch.') && heard.push(event as WatcherEmitted)) } },
    });
    const actor = createActor(parent, { clock }).start();
    const child = () => (actor.getSnapshot().children as Record<string, AnyActorRef>).w!;
    return { heard, clock, send: (e: Parameters<ReturnType<typeof child>['send']>[0]) => child().send(e), value: () => child().getSnapshot().value };
  }

  test('turns each page event into its violation, fullscreen only where the exam asks for it', () => {
    const w = watch(false);
    for (const kind of MODEL_VIOLATIONS) {
      w.send(pageEventOf(kind));
      // A blur counts once it is clear the page was not hidden with it.
      if (kind === 'window_blur') w.clock.increment(BLUR_SETTLE_MS);
    }
    w.send({ type: 'page.key', key: { key: 'a' } });
    expect(w.heard).toEqual(['window_blur', 'screenshot_key', 'copy', 'paste', 'context_menu'].map((kind) => ({ type: 'watch.violation', kind })));
    const f = watch(true);
    f.send({ type: 'page.fullscreen_exit' });
    expect(f.heard).toEqual([{ type: 'watch.violation', kind: 'fullscreen_exit' }]);
  });

  test('a page back within the limit is visible again; one hidden for the limit is over', () => {
    const w = watch();
    w.send({ type: 'page.hidden' });
    w.clock.increment(4999);
    w.send({ type: 'page.visible' });
    expect(w.heard).toEqual([{ type: 'watch.hidden' }, { type: 'watch.visible' }]);
    w.clock.increment(10_000);
    expect(w.value()).toBe('visible');
    w.send({ type: 'page.hidden' });
    w.clock.increment(5000);
    expect(w.heard.at(-1)).toEqual({ type: 'watch.too_long' });
    expect(w.value()).toBe('over');
  });

  test.each([
    ['blur, then hidden', ['page.blur', 'page.hidden'] as const],
    ['hidden, then blur', ['page.hidden', 'page.blur'] as const],
  ])('hiding the page is one violation, whichever of its events comes first (%s)', (_order, events) => {
    const w = watch();
    w.send({ type: events[0] });
    w.clock.increment(3);
    w.send({ type: events[1] });
    w.clock.increment(2000);
    w.send({ type: 'page.visible' });
    w.clock.increment(BLUR_SETTLE_MS * 4);
    expect(w.heard).toEqual([{ type: 'watch.hidden' }, { type: 'watch.visible' }]);
    expect(w.value()).toBe('visible');
  });

  test('a blur without a hide is one window switch, reported after the settle time; copy meanwhile still counts', () => {
    const w = watch();
    w.send({ type: 'page.blur' });
    w.send({ type: 'page.blur' });
    w.send({ type: 'page.copy' });
    expect(w.heard).toEqual([{ type: 'watch.violation', kind: 'copy' }]);
    w.clock.increment(BLUR_SETTLE_MS);
    expect(w.heard).toEqual([{ type: 'watch.violation', kind: 'copy' }, { type: 'watch.violation', kind: 'window_blur' }]);
    w.clock.increment(BLUR_SETTLE_MS * 4);
    expect(w.heard).toHaveLength(2);
  });

  test('a page being closed is reported once and nothing after it', () => {
    const w = watch();
    w.send({ type: 'page.left' });
    w.send({ type: 'page.copy' });
    expect(w.heard).toEqual([{ type: 'watch.left' }]);
  });
});

describe('starting an exam', () => {
  test('asks for the key, checks its form, then the rules, before calling the server', async () => {
    const h = startExam();
    await h.server.answer.list();
    h.actor.send({ type: 'user.open', examId: 1 });
    expect(h.snapshot().value).toBe('keyEntry');
    h.actor.send({ type: 'user.submit_key' });
    expect(h.context().errorCode).toBe('exam_key_required');
    h.actor.send({ type: 'user.key', key: '24a6' });
    expect(h.context().key).toBe('246');
    h.actor.send({ type: 'user.submit_key' });
    expect(h.context().errorCode).toBe('exam_key_invalid');
    h.actor.send({ type: 'user.key', key: '2468' });
    h.actor.send({ type: 'user.submit_key' });
    expect(h.snapshot().value).toBe('rules');
    h.actor.send({ type: 'user.start' });
    expect(h.context().errorCode).toBe('exam_rules_not_agreed');
    expect(h.server.calls.openExam.calls).toHaveLength(0);
    h.actor.send({ type: 'user.agree', agreed: true });
    h.actor.send({ type: 'user.start' });
    expect(h.server.calls.openExam.last().input).toEqual({ exam_module_id: 1, exam_key: '2468', rules_agreed: true, client_id: 'page-1' });
  });

  test('a running exam resumes without the key, on the first unanswered question with its answers and time', async () => {
    const h = startExam();
    await h.server.answer.list();
    h.actor.send({ type: 'user.open', examId: 2 });
    expect(h.server.calls.openExam.last().input).toMatchObject({ exam_module_id: 2, exam_key: '', rules_agreed: false });
    await h.server.answer.open(examSession({ answers: { '11': 'c' }, time_left_ms: 123_000 }));
    expect(h.context().index).toBe(1);
    expect(h.context().answers).toEqual({ '11': 'c' });
    expect(h.countdown()?.context.remainingMs).toBe(123_000);
  });
});

describe('in an exam', () => {
  test('an answer is saved and the countdown follows the time the server says is left', async () => {
    const h = await inExam();
    h.actor.send({ type: 'user.answer', key: 'b' });
    expect(h.server.calls.setAnswer.last().input).toEqual({ session_id: 'x_1', question_id: 11, answer: 'b', client_id: 'page-1' });
    await h.server.answer.saved({ time_left_ms: 400_000, answered: 1 });
    expect(h.context().answers).toEqual({ '11': 'b' });
    expect(h.countdown()?.context.remainingMs).toBe(400_000);
  });

  test('a final answer is not sent again; a changeable one is', async () => {
    const final = await inExam(examSession({ answerAgain: false }));
    final.actor.send({ type: 'user.answer', key: 'b' });
    await final.server.answer.saved();
    final.actor.send({ type: 'user.answer', key: 'c' });
    expect(final.server.calls.setAnswer.calls).toHaveLength(1);
    const open = await inExam();
    open.actor.send({ type: 'user.answer', key: 'b' });
    await open.server.answer.saved();
    open.actor.send({ type: 'user.answer', key: 'b' });
    open.actor.send({ type: 'user.answer', key: 'c' });
    expect(open.server.calls.setAnswer.calls.map((c) => c.input.answer)).toEqual(['b', 'c']);
  });

  test('every violation is reported with the question on screen, and the questions are captured for the submit', async () => {
    const h = await inExam();
    h.actor.send({ type: 'user.goto', index: 1 });
    h.actor.send({ type: 'page.copy' });
    await flushPromises();
    expect(h.server.calls.report.last().input).toEqual({ session_id: 'x_1', kind: 'copy', question_id: 12, client_id: 'page-1' });
    expect(h.context().warning).toBe('copy');
    await h.answerLink({ violations: 1 });
    expect(h.context().violations).toBe(1);
    h.actor.send({ type: 'user.submit' });
    h.actor.send({ type: 'user.confirm' });
    expect(h.server.calls.submitExam.last().input).toEqual({ exam_module_id: 1, rules_violated: false, captured_question_ids: [12] });
  });

  test('a page closed is reported with keepalive, so that the report outlives the page', async () => {
    const h = await inExam();
    h.actor.send({ type: 'page.left' });
    await flushPromises();
    expect(h.server.calls.report.last().input).toMatchObject({ kind: 'page_left', keepalive: true });
  });

  test('the heartbeat goes every 10 s; when the server says the exam ended, the result is loaded', async () => {
    const h = await inExam();
    h.clock.increment(EXAM_HEARTBEAT_MS - 1);
    expect(h.server.calls.heartbeat.calls).toHaveLength(0);
    h.clock.increment(1);
    await flushPromises();
    expect(h.server.calls.heartbeat.last().input).toEqual({ session_id: 'x_1', client_id: 'page-1' });
    await h.answerLink();
    h.clock.increment(EXAM_HEARTBEAT_MS);
    await flushPromises();
    expect(h.server.calls.heartbeat.calls).toHaveLength(2);
    await h.answerLink({ status: 'completed', end_reason: 'deadline', time_left_ms: 0 });
    expect(h.snapshot().value).toBe('loadingResult');
    expect(h.server.calls.loadResult.last().input).toEqual({ exam_module_id: 1 });
  });

  test('hidden for the limit submits the exam as broken; the deadline submits it as it stands', async () => {
    const hidden = await inExam();
    hidden.actor.send({ type: 'page.hidden' });
    hidden.clock.increment(HIDDEN_LIMIT_S * 1000 - 1);
    expect(hidden.snapshot().matches({ inExam: { alert: 'hidden' } })).toBe(true);
    hidden.clock.increment(1);
    expect(hidden.snapshot().value).toBe('submitting');
    expect(hidden.server.calls.submitExam.last().input.rules_violated).toBe(true);
    const late = await inExam();
    late.clock.increment(EXAM_MS);
    expect(late.snapshot().value).toBe('submitting');
    expect(late.server.calls.submitExam.last().input.rules_violated).toBe(false);
  });

  test('nothing is scheduled and nothing more is sent once the exam is left', async () => {
    const h = await inExam();
    h.actor.send({ type: 'user.submit' });
    h.actor.send({ type: 'user.confirm' });
    await h.server.answer.submitted();
    expect(h.snapshot().value).toBe('result');
    expect(Object.keys(h.actor.system.getSnapshot()._scheduledEvents)).toHaveLength(0);
    h.clock.increment(EXAM_HEARTBEAT_MS * 3);
    await flushPromises();
    expect(h.server.calls.heartbeat.calls).toHaveLength(0);
    expect(progress().end_reason).toBeNull();
  });
});

// ---- Model-based paths ----

function atomicStates(node: AnyStateNode, prefix = ''): string[] {
  const children = Object.values(node.states);
  if (children.length === 0) return [prefix];
  return children.flatMap((child) => atomicStates(child, prefix ? `${prefix}.${child.key}` : child.key));
}
function dotted(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => dotted(v, prefix ? `${prefix}.${k}` : k));
}

describe('the exam model paths', () => {
  const all = (Object.keys(EXAM_MODEL_CONFIGS) as ExamModelConfigName[]).flatMap((c) => examModelPaths(c));

  test('pass through every state of the real machine', () => {
    const visited = new Set(all.flatMap((p) => p.steps.flatMap((s) => dotted(s.state.value))));
    expect([...visited].sort()).toEqual(atomicStates(examMachine.root).sort());
  });

  test('report every violation while the page is visible, and the screenshot key while it is hidden', () => {
    const seen = new Set<string>();
    for (const p of all) {
      for (let i = 1; i < p.steps.length; i++) {
        const { event } = p.steps[i]!;
        if (event.type === 'page.violation') seen.add(`${(event as unknown as { kind: string }).kind} ${p.steps[i - 1]!.state.matches({ inExam: { alert: 'hidden' } }) ? 'hidden' : 'visible'}`);
      }
    }
    for (const kind of MODEL_VIOLATIONS) expect(seen).toContain(`${kind} visible`);
    expect(seen).toContain('screenshot_key hidden');
  });
});

describe.each(Object.keys(EXAM_MODEL_CONFIGS) as ExamModelConfigName[])('exam paths (%s) on the real machine', (config) => {
  const paths = examModelPaths(config);
  test.each(pathRows('exam', config, paths))('%s', async (_name, path) => {
    const h = startExam();
    await runExamPath(path, h);
    h.actor.stop();
  });
});
