import { eq, inArray } from 'drizzle-orm';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { createExamMachine } from '@/machines/exam/exam.machine';
import { createExamServices, type ExamRequest } from '@/services/client/exam-api';
import { examAttempts, examModuleQuestions, examModules, examViolations } from '@/services/server/db/schema';
import { writeSetting } from '@/services/server/settings/repository';
import type { ExamResult } from '@/services/domain/exams';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { scenario } from '@/tests/paths/support/scenario';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { examDeadlineMs, examEnd, examGrade, examTimeLeftMs, EXAM_CLOCK, type ExamAnswerPlan, type ExamClockState } from '@/tests/paths/rules/exam';
import { heldClock } from '@/tests/paths/support/play-clock';

/**
 * Exam paths against the real server: the real exam machine, with the page's own services
 * (`createExamServices`) calling the real API over HTTP, sitting the demo exam "Science basics"
 * (key 2468) in real time. The model paths (machines/exam/exam.test.ts) cover every state
 * against a fake server; these check that the machine and the server agree: the key, resuming
 * on a second page, violations recorded with the question on screen, the hidden limit, grading.
 * The server's clock is the test's (`heldClock`); the clock scenarios call the API at the
 * milliseconds they name and check the deadline and the hidden limit against the exam's rules.
 */

/** The server's clock for exams, in the test's hands: still for the machine-driven exams, moved to the millisecond by the clock scenarios. */
const clock = heldClock();
const { api, db } = seededApiSuite({ services: { clock } });

function examActor(token: string, clientId: string) {
  const request: ExamRequest = async (endpoint, payload) => {
    const answer = await api.call(endpoint, payload, { token });
    return answer.body.error ? { ok: false, code: answer.body.message } : { ok: true, data: answer.body.data as never };
  };
  const actor = createActor(createExamMachine(createExamServices(request, () => 'UTC')), { input: { clientId } });
  actor.start();
  return actor;
}
type ExamActor = ActorRefFrom<ReturnType<typeof createExamMachine>>;

async function scienceBasics(actor: ExamActor) {
  await waitFor(actor, (s) => s.matches({ list: 'ready' }), { timeout: 5000 });
  const exam = actor.getSnapshot().context.items.find((e) => e.title === 'Science basics')!;
  expect(exam).toBeDefined();
  return exam;
}

async function start(actor: ExamActor, key: string) {
  const exam = await scienceBasics(actor);
  actor.send({ type: 'user.open', examId: exam.id });
  actor.send({ type: 'user.key', key });
  actor.send({ type: 'user.submit_key' });
  actor.send({ type: 'user.agree', agreed: true });
  actor.send({ type: 'user.start' });
  await waitFor(actor, (s) => !s.matches('starting'), { timeout: 5000 });
  return exam;
}

async function answer(actor: ExamActor, key: string) {
  actor.send({ type: 'user.answer', key });
  await waitFor(actor, (s) => s.matches({ inExam: { work: 'answering' } }), { timeout: 5000 });
}

/** Waits until the server has recorded what the page's link sent (polled in the database: the event, not a number of milliseconds). */
async function serverHas(what: string, check: () => Promise<boolean>) {
  for (const start = Date.now(); !(await check()); ) {
    if (Date.now() - start > 5000) throw new Error(`the server never had ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}
const violationsOf = async (sessionId: string) => (await (await db()).select({ id: examViolations.id }).from(examViolations).where(eq(examViolations.attemptId, sessionId))).length;
const hiddenSinceOf = async (sessionId: string) => (await (await db()).select({ at: examAttempts.hiddenSince }).from(examAttempts).where(eq(examAttempts.id, sessionId)))[0]!.at;

describe(`the exam machine against the real server (${testDbKind})`, () => {
  scenario('exam', 'a wrong key is asked again; the right one opens the exam; answers, violations with the question on screen, submit, grade', async ({ step }) => {
    const { token } = await createPlayerWithSession(await db());
    const actor = examActor(token, 'page-a');
    await step('a wrong key is asked again (exam_key_invalid)', async () => {
      await start(actor, '1111');
      expect(actor.getSnapshot().value).toBe('keyEntry');
      expect(actor.getSnapshot().context.errorCode).toBe('exam_key_invalid');
    });
    const session = await step('the right key opens the exam: 6 questions, no right answer sent', async () => {
      actor.send({ type: 'user.key', key: '2468' });
      actor.send({ type: 'user.submit_key' });
      actor.send({ type: 'user.start' });
      await waitFor(actor, (s) => s.matches('inExam'), { timeout: 5000 });
      const opened = actor.getSnapshot().context.session!;
      expect(opened.questions).toHaveLength(6);
      expect(JSON.stringify(opened)).not.toMatch(/"answer"|"note"/);
      return opened;
    });
    await step('an answer, then a copy and a hidden page on question 2: a warning, 2 violations', async () => {
      await answer(actor, session.questions[0]!.options[0]!.key);
      actor.send({ type: 'user.goto', index: 1 });
      actor.send({ type: 'page.copy' });
      actor.send({ type: 'page.hidden' });
      await serverHas('the copy and the hidden page', async () => (await violationsOf(session.session_id)) === 2 && (await hiddenSinceOf(session.session_id)) !== null);
      actor.send({ type: 'page.visible' });
      await serverHas('the page back', async () => (await hiddenSinceOf(session.session_id)) === null);
      expect(actor.getSnapshot().matches({ inExam: { alert: 'warning' } })).toBe(true);
      expect(actor.getSnapshot().context.violations).toBe(2);
    });
    const result = await step('submit: the result lists the violations with the question on screen', async () => {
      actor.send({ type: 'user.submit' });
      actor.send({ type: 'user.confirm' });
      await waitFor(actor, (s) => s.matches('result'), { timeout: 5000 });
      const r = actor.getSnapshot().context.result!;
      expect(r).toMatchObject({ end_reason: 'submitted', rules_violated: false, total_questions: 6, total_marks: 11 });
      expect(r.violations.map((v) => [v.kind, v.question_id])).toEqual([
        ['copy', session.questions[1]!.id],
        ['page_hidden', session.questions[1]!.id],
      ]);
      expect(r.captured_question_ids).toEqual([session.questions[1]!.id]);
      return r;
    });
    await step('the server graded what it recorded, by its own key', async () => {
      const d = await db();
      const [right] = await d.select({ answer: examModuleQuestions.answer, marks: examModuleQuestions.marks }).from(examModuleQuestions).where(eq(examModuleQuestions.id, session.questions[0]!.id));
      const [attempt] = await d.select({ questions: examAttempts.questions }).from(examAttempts).where(eq(examAttempts.id, session.session_id));
      const recorded = attempt!.questions.find((q) => q.id === session.questions[0]!.id)!;
      expect(recorded.answer).toBe(session.questions[0]!.options[0]!.key);
      expect(result.obtained_marks).toBe(recorded.answer === right!.answer ? right!.marks : 0);
      expect(result.correct + result.incorrect).toBe(1);
    });
    actor.stop();
  });

  scenario('exam', 'every question answered along a plan (right, wrong, none): the grade is the marks of the right answers, with statistics per mark value', async ({ step }) => {
    const { token } = await createPlayerWithSession(await db());
    const actor = examActor(token, 'page-plan');
    const session = await step('the exam opens', async () => {
      await start(actor, '2468');
      await waitFor(actor, (s) => s.matches('inExam'), { timeout: 5000 });
      return actor.getSnapshot().context.session!;
    });
    const d = await db();
    const keys = await d.select({ id: examModuleQuestions.id, answer: examModuleQuestions.answer, marks: examModuleQuestions.marks }).from(examModuleQuestions).where(inArray(examModuleQuestions.id, session.questions.map((q) => q.id)));
    const outcomes = ['right', 'wrong', 'unanswered', 'right', 'right', 'wrong'] as const;
    const plan: ExamAnswerPlan[] = [];
    await step(`the questions answered ${outcomes.join(', ')}`, async () => {
      for (const [i, q] of session.questions.entries()) {
        const key = keys.find((k) => k.id === q.id)!;
        const outcome = outcomes[i % outcomes.length]!;
        plan.push({ marks: key.marks, outcome });
        actor.send({ type: 'user.goto', index: i });
        if (outcome !== 'unanswered') await answer(actor, outcome === 'right' ? key.answer : q.options.find((o) => o.key !== key.answer)!.key);
      }
    });
    await step('submit: the grade and statistics are the exam rules\' for the plan', async () => {
      actor.send({ type: 'user.submit' });
      actor.send({ type: 'user.confirm' });
      await waitFor(actor, (s) => s.matches('result'), { timeout: 5000 });
      const r = actor.getSnapshot().context.result!;
      const shown = { total_marks: r.total_marks, obtained_marks: r.obtained_marks, total_questions: r.total_questions, correct: r.correct, incorrect: r.incorrect, unanswered: r.unanswered, statistics: r.statistics };
      expect(shown).toEqual(examGrade(plan));
    });
    actor.stop();
  });

  scenario('exam', 'a second page resumes the running exam without the key, with its answers and less time; the first page is told so', async ({ step }) => {
    const { token } = await createPlayerWithSession(await db());
    const first = examActor(token, 'page-a');
    const session = await step('the first page opens the exam and answers question 1', async () => {
      await start(first, '2468');
      const opened = first.getSnapshot().context.session!;
      await answer(first, opened.questions[0]!.options[1]!.key);
      return opened;
    });
    const second = examActor(token, 'page-b');
    await step('a second page resumes it without the key: the answer kept, less time, on question 2', async () => {
      const exam = await scienceBasics(second);
      expect(exam.status).toBe('in_exam');
      second.send({ type: 'user.open', examId: exam.id });
      await waitFor(second, (s) => s.matches('inExam'), { timeout: 5000 });
      const resumed = second.getSnapshot().context;
      expect(resumed.answers).toEqual({ [String(session.questions[0]!.id)]: session.questions[0]!.options[1]!.key });
      expect(resumed.session!.time_left_ms).toBeLessThanOrEqual(session.time_left_ms);
      expect(resumed.index).toBe(1);
    });
    await step("the first page's next answer is refused exam_other_session", async () => {
      first.send({ type: 'user.goto', index: 2 });
      first.send({ type: 'user.answer', key: session.questions[2]!.options[0]!.key });
      await waitFor(first, (s) => s.matches('refused'), { timeout: 5000 });
      expect(first.getSnapshot().context.errorCode).toBe('exam_other_session');
    });
    first.stop();
    second.stop();
  });

  scenario('exam', 'a page hidden for the limit ends the exam with the rules violated, on the server too', async ({ step }) => {
    const d = await db();
    await writeSetting(d, 'exam_violation_hidden_seconds', '1');
    try {
      const { token } = await createPlayerWithSession(d);
      const actor = examActor(token, 'page-a');
      await step('the exam opens (hidden limit 1 s)', async () => {
        await start(actor, '2468');
        await waitFor(actor, (s) => s.matches('inExam'), { timeout: 5000 });
      });
      await step('the page stays hidden: the exam ends, rules violated', async () => {
        actor.send({ type: 'page.hidden' });
        await waitFor(actor, (s) => s.matches('result'), { timeout: 5000 });
        expect(actor.getSnapshot().context.result).toMatchObject({ end_reason: 'rules_violated', rules_violated: true });
      });
      await step('the server refuses the exam again: exam_completed', async () => {
        const [exam] = await d.select({ id: examModules.id }).from(examModules).where(eq(examModules.examKey, '2468'));
        const again = await api.call('get_exam_module_questions', { exam_module_id: exam!.id, exam_key: '2468', rules_agreed: 1, client_id: 'page-c' }, { token });
        expect([again.status, again.body.message]).toEqual([409, 'exam_completed']);
      });
      actor.stop();
    } finally {
      await writeSetting(d, 'exam_violation_hidden_seconds', '5');
    }
  });

  /** Calls the API as a player's exam page; answers the status, the data or the refusal. */
  function examPage(token: string, clientId: string) {
    return async (endpoint: string, payload: Record<string, string | number>) => {
      const r = await api.call(endpoint, { ...payload, client_id: clientId }, { token });
      return { status: r.status, code: r.body.error ? (r.body.message as string) : null, data: r.body.data as Record<string, unknown>, extra: r.body as Record<string, unknown> };
    };
  }
  type Opened = { session_id: string; exam: { id: number; duration: number }; questions: { id: number; options: { key: string }[] }[]; time_left_ms: number; hidden_limit_seconds: number };

  /** The attempt's status as stored (the sweep ends every attempt due, other tests' included). */
  async function attemptStatus(sessionId: string) {
    const [row] = await (await db()).select({ status: examAttempts.status }).from(examAttempts).where(eq(examAttempts.id, sessionId));
    return row!.status;
  }

  async function openScienceBasics(page: ReturnType<typeof examPage>) {
    const d = await db();
    const [exam] = await d.select({ id: examModules.id }).from(examModules).where(eq(examModules.examKey, '2468'));
    const r = await page('get_exam_module_questions', { exam_module_id: exam!.id, exam_key: '2468', rules_agreed: 1 });
    expect([r.status, r.code]).toEqual([200, null]);
    return r.data as unknown as Opened;
  }

  scenario('exam', "the exam's deadline to the millisecond: a page beating every 10 s answers at the deadline's last ms; at the deadline an answer is refused, and the grade is what stood", async ({ step }) => {
    const { token } = await createPlayerWithSession(await db());
    const page = examPage(token, 'page-clock');
    const startMs = clock.now();
    const opened = await step('the exam opens: its whole time shown', async () => {
      const o = await openScienceBasics(page);
      expect(o.time_left_ms).toBe(examTimeLeftMs(examDeadlineMs(startMs, o.exam.duration), startMs));
      return o;
    });
    const deadlineMs = examDeadlineMs(startMs, opened.exam.duration);
    const state = (lastHeardMs: number): ExamClockState => ({ deadlineMs, hiddenSinceMs: null, hiddenLimitSeconds: opened.hidden_limit_seconds, lastHeardMs, resumeMinutes: 5 });
    const [first, second] = [opened.questions[0]!, opened.questions[1]!];
    const d = await db();
    const [right] = await d.select({ answer: examModuleQuestions.answer, marks: examModuleQuestions.marks }).from(examModuleQuestions).where(eq(examModuleQuestions.id, first.id));
    await step("the page beats every 10 s; at the deadline's last ms an answer is saved", async () => {
      while (clock.now() + EXAM_CLOCK.heartbeatMs < deadlineMs - 1) {
        clock.advance(EXAM_CLOCK.heartbeatMs);
        const beat = await page('exam_heartbeat', { session_id: opened.session_id });
        expect({ at: clock.now() - startMs, status: beat.data.status, time_left_ms: beat.data.time_left_ms }).toEqual({ at: clock.now() - startMs, status: 'in_exam', time_left_ms: examTimeLeftMs(deadlineMs, clock.now()) });
      }
      const heard = clock.now();
      clock.set(deadlineMs - 1);
      expect(examEnd(state(heard), clock.now())).toBeNull();
      const saved = await page('set_exam_answer', { session_id: opened.session_id, question_id: first.id, answer: right!.answer });
      expect([saved.status, saved.data.status, saved.data.answered]).toEqual([200, 'in_exam', 1]);
    });
    await step('at the deadline an answer is refused exam_completed: ended by the deadline', async () => {
      clock.set(deadlineMs);
      expect(examEnd(state(deadlineMs - 1), clock.now())).toEqual({ reason: 'deadline', atMs: deadlineMs });
      const late = await page('set_exam_answer', { session_id: opened.session_id, question_id: second.id, answer: second.options[0]!.key });
      expect([late.status, late.code, late.extra.end_reason]).toEqual([409, 'exam_completed', 'deadline']);
    });
    await step('the result: ended as of the deadline, graded on the one answer saved', async () => {
      const r = await page('get_exam_module_result', { exam_module_id: opened.exam.id });
      const result = r.data as unknown as ExamResult;
      expect({ end_reason: result.end_reason, ended_at: result.ended_at, obtained_marks: result.obtained_marks, correct: result.correct, unanswered: result.unanswered }).toEqual({
        end_reason: 'deadline',
        ended_at: new Date(deadlineMs).toISOString(),
        obtained_marks: right!.marks,
        correct: 1,
        unanswered: opened.questions.length - 1,
      });
    });
  });

  scenario('exam', 'a hidden page on the server\'s clock: back after exactly the limit it goes on; hidden for a ms more than the limit, the sweep ends it as of the limit', async ({ step }) => {
    const { token } = await createPlayerWithSession(await db());
    const page = examPage(token, 'page-hidden');
    const startMs = clock.now();
    const opened = await step('the exam opens', () => openScienceBasics(page));
    const limitMs = opened.hidden_limit_seconds * 1000;
    const state = (hiddenSinceMs: number | null, lastHeardMs: number): ExamClockState => ({ deadlineMs: examDeadlineMs(startMs, opened.exam.duration), hiddenSinceMs, hiddenLimitSeconds: opened.hidden_limit_seconds, lastHeardMs, resumeMinutes: 5 });
    await step('hidden 10 s in, back after exactly the limit: the exam goes on', async () => {
      clock.advance(10_000);
      const hiddenAt = clock.now();
      expect((await page('report_exam_violation', { session_id: opened.session_id, kind: 'page_hidden' })).data.status).toBe('in_exam');
      clock.set(hiddenAt + limitMs);
      expect(examEnd(state(hiddenAt, hiddenAt), clock.now())).toBeNull();
      const back = await page('report_exam_violation', { session_id: opened.session_id, kind: 'page_visible' });
      expect([back.status, back.data.status]).toEqual([200, 'in_exam']);
    });
    const hiddenAt = await step('hidden again; the sweep at the limit\'s own ms leaves it running', async () => {
      clock.advance(5_000);
      const at = clock.now();
      await page('report_exam_violation', { session_id: opened.session_id, kind: 'page_hidden' });
      clock.set(at + limitMs);
      expect(examEnd(state(at, at), clock.now())).toBeNull();
      await api.app.exams.sweep();
      expect(await attemptStatus(opened.session_id)).toBe('in_exam');
      return at;
    });
    await step('a ms later the sweep ends it, rules violated, as of the limit', async () => {
      clock.advance(1);
      expect(examEnd(state(hiddenAt, hiddenAt), clock.now())).toEqual({ reason: 'rules_violated', atMs: hiddenAt + limitMs });
      expect(await api.app.exams.sweep()).toBeGreaterThanOrEqual(1);
      expect(await attemptStatus(opened.session_id)).toBe('completed');
      const result = (await page('get_exam_module_result', { exam_module_id: opened.exam.id })).data as unknown as ExamResult;
      expect({ end_reason: result.end_reason, rules_violated: result.rules_violated, ended_at: result.ended_at, hidden: result.violations.filter((v) => v.kind === 'page_hidden').length }).toEqual({
        end_reason: 'rules_violated',
        rules_violated: true,
        ended_at: new Date(hiddenAt + limitMs).toISOString(),
        hidden: 2,
      });
    });
  });
});
