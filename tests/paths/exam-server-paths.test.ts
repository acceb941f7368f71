import { eq, inArray } from 'drizzle-orm';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { createExamMachine } from '@/machines/exam/exam.machine';
import { createExamServices, type ExamRequest } from '@/services/client/exam-api';
import { examAttempts, examModuleQuestions, examModules } from '@/services/server/db/schema';
import { writeSetting } from '@/services/server/settings/repository';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { scenario } from '@/tests/paths/support/scenario';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { examGrade, type ExamAnswerPlan } from '@/tests/paths/rules/exam';

/**
 * Exam paths against the real server: the real exam machine, with the page's own services
 * (`createExamServices`) calling the real API over HTTP, sitting the demo exam "Science basics"
 * (key 2468) in real time. The model paths (machines/exam/exam.test.ts) cover every state
 * against a fake server; these check that the machine and the server agree: the key, resuming
 * on a second page, violations recorded with the question on screen, the hidden limit, grading.
 */

const { api, db } = seededApiSuite();

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

/** Lets the link's reports reach the server. */
const reportsArrive = () => new Promise((r) => setTimeout(r, 300));

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
      await new Promise((r) => setTimeout(r, 200));
      actor.send({ type: 'page.visible' });
      await reportsArrive();
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
});
