import { eq } from 'drizzle-orm';
import { defaultSettings } from '@/services/domain/settings';
import type { ExamListItem, ExamProgress, ExamResult, ExamSession } from '@/services/domain/exams';
import { examAttempts, examViolations, users } from '@/services/server/db/schema';
import { answerExam, openExam, reportViolation, submitExam, sweepExams } from '@/services/server/exams/service';
import { isApiError } from '@/services/server/gateway/api-error';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { createExam } from '@/tests/fixtures/exams';
import { expectOk } from '@/tests/fixtures/play';

const { api, db } = seededApiSuite();
const player = async () => createPlayerWithSession(await db());
const settings = defaultSettings();

async function start(token: string, examId: number, clientId = 'page-1', key = '1234'): Promise<ExamSession> {
  return expectOk(await api.call('get_exam_module_questions', { exam_module_id: examId, exam_key: key, rules_agreed: 1, client_id: clientId }, { token })) as ExamSession;
}

const refusal = (err: unknown) => (isApiError(err) ? err.code : err);

describe(`exams: starting (${testDbKind})`, () => {
  test('the key is asked first, then the rules; the questions come without answers or notes', async () => {
    const { examId } = await createExam(await db());
    const { token } = await player();
    const missing = await api.call('get_exam_module_questions', { exam_module_id: examId, rules_agreed: 1 }, { token });
    expect([missing.status, missing.body.message, missing.body.field]).toEqual([400, '103', 'exam_key']);
    const wrong = await api.call('get_exam_module_questions', { exam_module_id: examId, exam_key: '9999', rules_agreed: 1 }, { token });
    expect([wrong.status, wrong.body.message, wrong.body.field]).toEqual([403, 'exam_key_invalid', 'exam_key']);
    const noRules = await api.call('get_exam_module_questions', { exam_module_id: examId, exam_key: '1234' }, { token });
    expect([noRules.status, noRules.body.message]).toEqual([400, 'exam_rules_not_agreed']);

    const session = await start(token, examId);
    expect(session.questions).toHaveLength(5);
    expect(session.exam).toMatchObject({ id: examId, duration: 10, total_marks: 9, answer_again: false });
    expect(session.time_left_ms).toBeGreaterThan(9 * 60_000);
    expect(session.time_left_ms).toBeLessThanOrEqual(10 * 60_000);
    const text = JSON.stringify(session);
    expect(text).not.toMatch(/"answer"|"note"|correct|Because/);
  });

  test('an exam outside its window cannot be started; an unknown exam is 102', async () => {
    const d = await db();
    const early = await createExam(d, { startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 7_200_000) });
    const late = await createExam(d, { startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 3_600_000) });
    const { token } = await player();
    const body = { exam_key: '1234', rules_agreed: 1 };
    const notOpen = await api.call('get_exam_module_questions', { ...body, exam_module_id: early.examId }, { token });
    expect([notOpen.status, notOpen.body.message]).toEqual([403, 'exam_not_open']);
    const over = await api.call('get_exam_module_questions', { ...body, exam_module_id: late.examId }, { token });
    expect([over.status, over.body.message]).toEqual([409, 'exam_over']);
    const unknown = await api.call('get_exam_module_questions', { ...body, exam_module_id: 999_999 }, { token });
    expect([unknown.status, unknown.body.message, unknown.body.field]).toEqual([404, '102', 'exam_module_id']);
  });

  test('guessing keys is stopped after 10 tries in 10 minutes', async () => {
    const { examId } = await createExam(await db());
    const { token } = await player();
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await api.call('get_exam_module_questions', { exam_module_id: examId, exam_key: String(1000 + i * 7), rules_agreed: 1 }, { token })).body.message);
    }
    expect(codes.slice(0, 10).every((c) => c === 'exam_key_invalid')).toBe(true);
    expect(codes[10]).toBe('rate_limited');
  });

  test('extended time stretches the exam clock', async () => {
    const d = await db();
    const { examId } = await createExam(d, { minutes: 10 });
    const { token, userId } = await player();
    await d.update(users).set({ timeExtension: 150 }).where(eq(users.id, userId));
    const session = await start(token, examId);
    expect(session.time_left_ms).toBeGreaterThan(14 * 60_000);
    expect(session.time_left_ms).toBeLessThanOrEqual(15 * 60_000);
  });

  test('two pages opening the same exam at once make one attempt', async () => {
    const d = await db();
    const { examId } = await createExam(d);
    const { token, userId } = await player();
    const [a, b] = await Promise.all([start(token, examId, 'page-a'), start(token, examId, 'page-b')]);
    expect(a.session_id).toBe(b.session_id);
    expect(await d.select().from(examAttempts).where(eq(examAttempts.userId, userId))).toHaveLength(1);
  });
});

describe(`exams: answering and resuming (${testDbKind})`, () => {
  test('answers are recorded without saying whether they are right, and a reload resumes them with the time left', async () => {
    const { examId } = await createExam(await db());
    const { token } = await player();
    const session = await start(token, examId);
    const [q1, q2] = session.questions;
    const progress = expectOk(await api.call('set_exam_answer', { session_id: session.session_id, question_id: q1!.id, answer: q1!.options[0]!.key, client_id: 'page-1' }, { token })) as ExamProgress;
    expect(progress).toMatchObject({ status: 'in_exam', answered: 1 });
    expect(JSON.stringify(progress)).not.toMatch(/correct|right/);
    expect(expectOk(await api.call('set_exam_answer', { session_id: session.session_id, question_id: q2!.id, answer: q2!.options[1]!.key, client_id: 'page-1' }, { token }))).toMatchObject({ answered: 2 });

    const resumed = await start(token, examId, 'page-2', '');
    expect(resumed.session_id).toBe(session.session_id);
    expect(resumed.answers).toEqual({ [String(q1!.id)]: q1!.options[0]!.key, [String(q2!.id)]: q2!.options[1]!.key });
    expect(resumed.questions.map((q) => q.id)).toEqual(session.questions.map((q) => q.id));
    expect(resumed.time_left_ms).toBeLessThanOrEqual(session.time_left_ms);
  });

  test('an answer cannot be changed unless the exam allows it; bad letters and foreign questions are refused by field', async () => {
    const d = await db();
    const locked = await createExam(d, { answerAgain: false });
    const open = await createExam(d, { answerAgain: true });
    const { token } = await player();
    const a = await start(token, locked.examId);
    const q = a.questions[0]!;
    const send = (s: ExamSession, questionId: number, answer: string) => api.call('set_exam_answer', { session_id: s.session_id, question_id: questionId, answer, client_id: 'page-1' }, { token });
    expect((await send(a, q.id, q.options[0]!.key)).status).toBe(200);
    const again = await send(a, q.id, q.options[1]!.key);
    expect([again.status, again.body.message]).toEqual([409, 'exam_answer_locked']);
    const badLetter = await send(a, q.id, 'z');
    expect([badLetter.status, badLetter.body.field]).toEqual([400, 'answer']);
    const foreign = await send(a, open.questionIds[0]!, 'a');
    expect([foreign.status, foreign.body.field]).toEqual([400, 'question_id']);

    const b = await start(token, open.examId);
    const p = b.questions[0]!;
    expect((await send(b, p.id, p.options[0]!.key)).status).toBe(200);
    expect(expectOk(await send(b, p.id, p.options[1]!.key))).toMatchObject({ answered: 1 });
    expect(expectOk(await send(b, p.id, ''))).toMatchObject({ answered: 0 });
  });
});

describe(`exams: submitting (${testDbKind})`, () => {
  test('the server grades what it recorded and ignores the marks the client sends; a second submit answers the same', async () => {
    const { examId, rights } = await createExam(await db(), { marks: [1, 1, 2, 2, 3] });
    const { token } = await player();
    const session = await start(token, examId);
    // Right on the 1-mark and 3-mark questions, wrong on one 2-mark question, the other unanswered.
    const plan = session.questions.map((q) => {
      const right = rights.get(q.id)!;
      if (q.marks === 1 || q.marks === 3) return right;
      return q.id === session.questions.find((x) => x.marks === 2)!.id ? q.options.find((o) => o.key !== right)!.key : null;
    });
    for (const [i, q] of session.questions.entries()) {
      if (plan[i]) expectOk(await api.call('set_exam_answer', { session_id: session.session_id, question_id: q.id, answer: plan[i]!, client_id: 'page-1' }, { token }));
    }
    const claim = { exam_module_id: examId, obtained_marks: 9, total_duration: 1, statistics: '[]', rules_violated: 0, captured_question_ids: '' };
    const result = expectOk(await api.call('set_exam_module_result', claim, { token })) as ExamResult;
    expect(result).toMatchObject({ total_marks: 9, obtained_marks: 5, correct: 3, incorrect: 1, unanswered: 1, end_reason: 'submitted', rules_violated: false });
    expect(result.statistics).toEqual([
      { mark: 1, questions: 2, correct: 2, incorrect: 0, unanswered: 0 },
      { mark: 2, questions: 2, correct: 0, incorrect: 1, unanswered: 1 },
      { mark: 3, questions: 1, correct: 1, incorrect: 0, unanswered: 0 },
    ]);
    expect(expectOk(await api.call('set_exam_module_result', { ...claim, rules_violated: 1 }, { token }))).toEqual(result);
    expect(expectOk(await api.call('get_exam_module_result', { exam_module_id: examId }, { token }))).toMatchObject({ obtained_marks: 5 });
    const reopen = await api.call('get_exam_module_questions', { exam_module_id: examId, exam_key: '1234', rules_agreed: 1 }, { token });
    expect([reopen.status, reopen.body.message]).toEqual([409, 'exam_completed']);
    const late = await api.call('set_exam_answer', { session_id: session.session_id, question_id: session.questions[0]!.id, answer: 'a', client_id: 'page-1' }, { token });
    expect(late.body.message).toBe('exam_completed');
  });

  test('an exam cannot be finished with more time than its deadline: answers after it are refused and it is graded as of the deadline', async () => {
    const d = await db();
    const { examId, rights } = await createExam(d, { minutes: 1 });
    const { userId } = await player();
    const t0 = new Date();
    const session = await openExam(d, settings, userId, { examId, examKey: '1234', rulesAgreed: true, clientId: 'p' }, t0);
    const q = session.questions[0]!;
    await answerExam(d, userId, { sessionId: session.session_id, questionId: q.id, answer: rights.get(q.id)!, clientId: 'p' }, new Date(t0.getTime() + 30_000));
    const late = await answerExam(d, userId, { sessionId: session.session_id, questionId: session.questions[1]!.id, answer: 'a', clientId: 'p' }, new Date(t0.getTime() + 62_000)).catch((e) => e);
    expect(refusal(late)).toBe('exam_completed');
    const result = await submitExam(d, settings, userId, { examId, rulesViolated: false, capturedQuestionIds: [] }, new Date(t0.getTime() + 90_000));
    expect(result).toMatchObject({ end_reason: 'deadline', correct: 1, total_duration: 61 });
  });

  test('the sweep submits an attempt whose deadline passed with nobody calling', async () => {
    const d = await db();
    const { examId } = await createExam(d, { minutes: 1 });
    const { userId } = await player();
    const t0 = new Date();
    const session = await openExam(d, settings, userId, { examId, examKey: '1234', rulesAgreed: true, clientId: 'p' }, t0);
    expect(await sweepExams(d, new Date(t0.getTime() + 30_000))).toBe(0);
    expect(await sweepExams(d, new Date(t0.getTime() + 61_500))).toBe(1);
    const [row] = await d.select().from(examAttempts).where(eq(examAttempts.id, session.session_id));
    expect([row!.status, row!.endReason]).toEqual(['completed', 'deadline']);
  });
});

describe(`exams: violations (${testDbKind})`, () => {
  async function running(minutes = 10) {
    const d = await db();
    const exam = await createExam(d, { minutes });
    const { userId, token } = await player();
    const t0 = new Date();
    const session = await openExam(d, settings, userId, { examId: exam.examId, examKey: '1234', rulesAgreed: true, clientId: 'p' }, t0);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    return { d, exam, userId, token, session, at };
  }

  test('a page hidden for less than the limit goes on; the hidden time and the question on screen are recorded', async () => {
    const { d, userId, session, at } = await running();
    const q = session.questions[2]!.id;
    await reportViolation(d, userId, { sessionId: session.session_id, report: 'page_hidden', questionId: q, clientId: 'p' }, at(1000));
    const back = await reportViolation(d, userId, { sessionId: session.session_id, report: 'page_visible', questionId: q, clientId: 'p' }, at(4500));
    expect(back).toMatchObject({ status: 'in_exam', violations: 1 });
    const [v] = await d.select().from(examViolations).where(eq(examViolations.attemptId, session.session_id));
    expect([v!.kind, v!.questionId, v!.durationMs]).toEqual(['page_hidden', q, 3500]);
  });

  test('a page that comes back after more than 5 s ends the exam with the rules violated, as of the limit', async () => {
    const { d, userId, session, at } = await running();
    const q = session.questions[0]!.id;
    await reportViolation(d, userId, { sessionId: session.session_id, report: 'page_hidden', questionId: q, clientId: 'p' }, at(2000));
    const back = await reportViolation(d, userId, { sessionId: session.session_id, report: 'page_visible', clientId: 'p' }, at(9000));
    expect(back).toMatchObject({ status: 'completed', end_reason: 'rules_violated' });
    const result = await submitExam(d, settings, userId, { examId: session.exam.id, rulesViolated: false, capturedQuestionIds: [] }, at(9500));
    expect(result).toMatchObject({ rules_violated: true, end_reason: 'rules_violated', total_duration: 7, captured_question_ids: [q] });
    expect(result.violations).toEqual([expect.objectContaining({ kind: 'page_hidden', question_id: q, duration_ms: 7000 })]);
  });

  test('a page that never reports its return is ended by the server at 5 s', async () => {
    const { d, userId, session, at } = await running();
    await reportViolation(d, userId, { sessionId: session.session_id, report: 'page_hidden', questionId: session.questions[1]!.id, clientId: 'p' }, at(1000));
    expect(await sweepExams(d, at(5900))).toBe(0);
    expect(await sweepExams(d, at(6100))).toBe(1);
    const [row] = await d.select().from(examAttempts).where(eq(examAttempts.id, session.session_id));
    expect([row!.status, row!.endReason, row!.endedAt!.getTime()]).toEqual(['completed', 'rules_violated', at(6000).getTime()]);
    expect(row!.result).toMatchObject({ rules_violated: true, violations: [expect.objectContaining({ kind: 'page_hidden', duration_ms: 5000 })] });
  });

  test('a page whose own clock ran out the hidden limit submits as rules violated, even a moment before the server\'s limit', async () => {
    const { d, userId, session, at } = await running();
    await reportViolation(d, userId, { sessionId: session.session_id, report: 'page_hidden', questionId: session.questions[0]!.id, clientId: 'p' }, at(1000));
    const result = await submitExam(d, settings, userId, { examId: session.exam.id, rulesViolated: true, capturedQuestionIds: [] }, at(5900));
    expect(result).toMatchObject({ end_reason: 'rules_violated', rules_violated: true, total_duration: 6 });
    expect(result.violations).toEqual([expect.objectContaining({ kind: 'page_hidden', duration_ms: 4900 })]);
  });

  test('a claim of a broken rule on a visible page is believed but is no hidden-page end', async () => {
    const { d, userId, session, at } = await running();
    const result = await submitExam(d, settings, userId, { examId: session.exam.id, rulesViolated: true, capturedQuestionIds: [] }, at(3000));
    expect(result).toMatchObject({ end_reason: 'submitted', rules_violated: true });
  });

  test('screenshot keys, copy, paste, the context menu, blur and leaving fullscreen are recorded with the question on screen', async () => {
    const { token, session } = await running();
    const kinds = ['screenshot_key', 'copy', 'paste', 'context_menu', 'window_blur', 'fullscreen_exit'] as const;
    for (const [i, kind] of kinds.entries()) {
      const q = session.questions[i % session.questions.length]!.id;
      expectOk(await api.call('report_exam_violation', { session_id: session.session_id, kind, question_id: q, client_id: 'p' }, { token }));
    }
    const bad = await api.call('report_exam_violation', { session_id: session.session_id, kind: 'sneeze', client_id: 'p' }, { token });
    expect([bad.status, bad.body.field]).toEqual([400, 'kind']);
    const result = expectOk(await api.call('set_exam_module_result', { exam_module_id: session.exam.id }, { token })) as ExamResult;
    expect(result.violations.map((v) => v.kind)).toEqual([...kinds]);
    expect(result.captured_question_ids).toEqual([...new Set(session.questions.slice(0, kinds.length).map((q) => q.id))].sort((a, b) => a - b));
    expect(result.rules_violated).toBe(false);
  });

  test('opening the exam on a second page while the first is live is recorded, and the first page may no longer answer', async () => {
    const { token, session } = await running();
    const second = await start(token, session.exam.id, 'tab-2', '');
    expect(second.session_id).toBe(session.session_id);
    expect(second.violations).toBe(1);
    const q = session.questions[0]!;
    const fromFirst = await api.call('set_exam_answer', { session_id: session.session_id, question_id: q.id, answer: q.options[0]!.key, client_id: 'p' }, { token });
    expect([fromFirst.status, fromFirst.body.message]).toEqual([409, 'exam_other_session']);
    expect((await api.call('set_exam_answer', { session_id: session.session_id, question_id: q.id, answer: q.options[0]!.key, client_id: 'tab-2' }, { token })).status).toBe(200);
    const result = expectOk(await api.call('set_exam_module_result', { exam_module_id: session.exam.id }, { token })) as ExamResult;
    expect(result.violations.map((v) => v.kind)).toEqual(['second_session']);
  });

  test('a reload (the page says it left) is no second session; a player gone longer than the resume timeout finds the exam submitted', async () => {
    const { d, userId, session, at } = await running(60);
    await reportViolation(d, userId, { sessionId: session.session_id, report: 'page_left', clientId: 'p' }, at(1000));
    const reloaded = await openExam(d, settings, userId, { examId: session.exam.id, rulesAgreed: false, clientId: 'p2' }, at(3000));
    expect(reloaded.violations).toBe(1);
    await reportViolation(d, userId, { sessionId: session.session_id, report: 'page_left', clientId: 'p2' }, at(4000));
    // Resume timeout 5 minutes (+ the 30 s a page counts as live): at 6 minutes it is over.
    const tooLate = await openExam(d, settings, userId, { examId: session.exam.id, rulesAgreed: false, clientId: 'p3' }, at(4000 + 6 * 60_000)).catch((e) => e);
    expect(refusal(tooLate)).toBe('exam_completed');
    const [row] = await d.select().from(examAttempts).where(eq(examAttempts.id, session.session_id));
    expect(row!.endReason).toBe('abandoned');
  });
});

describe(`exams: lists (${testDbKind})`, () => {
  test('today, upcoming and completed in the player\'s timezone, with the player\'s status', async () => {
    const d = await db();
    const { token } = await player();
    const now = Date.now();
    const today = await createExam(d, { title: 'Open now' });
    const upcoming = await createExam(d, { title: 'Next week', startsAt: new Date(now + 7 * 86_400_000), endsAt: new Date(now + 8 * 86_400_000) });
    const done = await createExam(d, { title: 'Done' });
    await start(token, done.examId);
    expectOk(await api.call('set_exam_module_result', { exam_module_id: done.examId }, { token }));
    const list = async (type: string) => (await api.call('get_exam_module', { type, timezone: 'Asia/Kolkata', limit: 100 }, { token })).body;
    const todays = await list('today');
    const ids = (todays.data as ExamListItem[]).map((e) => e.id);
    expect(ids).toContain(today.examId);
    expect(ids).not.toContain(done.examId);
    expect(ids).not.toContain(upcoming.examId);
    expect((todays.data as ExamListItem[]).find((e) => e.id === today.examId)).toMatchObject({ status: 'not_started', total_questions: 5, total_marks: 9 });
    expect(((await list('upcoming')).data as ExamListItem[]).map((e) => e.id)).toContain(upcoming.examId);
    const completed = await list('3');
    expect((completed.data as ExamListItem[]).find((e) => e.id === done.examId)).toMatchObject({ status: 'completed', obtained_marks: 0, rules_violated: false });
    expect(completed.total).toBe((completed.data as ExamListItem[]).length);
    const bad = await api.call('get_exam_module', { type: 'yesterday' }, { token });
    expect([bad.status, bad.body.field]).toEqual([400, 'type']);
  });
});
