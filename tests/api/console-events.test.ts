import { and, eq } from 'drizzle-orm';
import { auditLog, contestEntries, contests, examAttempts, examModules, examViolations, languages } from '@/services/server/db/schema';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { expectOk } from '@/tests/fixtures/play';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';

const { api, db } = seededApiSuite();

/** Contests and exams run from the console (issue 13, item 3). */

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const question = (q: string, answer = 'a') => ({ question_type: 'multiple', question: q, option_a: 'One', option_b: 'Two', option_c: 'Three', option_d: 'Four', answer });

describe(`contests and exams in the console (${testDbKind})`, () => {
  test('a contest is created, given questions and a prize table, frozen once started, and paid once when ended', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const [en] = await d.select({ id: languages.id }).from(languages).where(eq(languages.code, 'en'));
    const bad = await api.call('admin_save_contest', { language_id: en!.id, name: 'Cup', starts_at: inHours(2), ends_at: inHours(1) }, { token: admin.token });
    expect([bad.status, bad.body.field]).toEqual([400, 'ends_at']);
    const contest = expectOk(await api.call('admin_save_contest', { language_id: en!.id, name: 'Friday cup', starts_at: inHours(1), ends_at: inHours(3), entry_fee: 5 }, { token: admin.token })) as { id: number; phase: string };
    expect(contest.phase).toBe('upcoming');
    expectOk(await api.call('admin_save_contest_question', { contest_id: contest.id, ...question('First?') }, { token: admin.token }));
    const dup = await api.call('admin_save_contest_question', { contest_id: contest.id, ...question('Second?'), option_d: 'one' }, { token: admin.token });
    expect([dup.status, dup.body.field]).toEqual([400, 'option_d']);
    expectOk(await api.call('admin_save_contest_question', { contest_id: contest.id, ...question('Second?', 'c') }, { token: admin.token }));
    const rising = await api.call('admin_set_contest_prizes', { contest_id: contest.id, prizes: '1:100, 3:200' }, { token: admin.token });
    expect([rising.status, rising.body.field]).toEqual([400, 'prizes']);
    const withPrizes = expectOk(await api.call('admin_set_contest_prizes', { contest_id: contest.id, prizes: '1:100, 3:40' }, { token: admin.token })) as { questions: unknown[]; prizes: unknown[] };
    expect([withPrizes.questions.length, withPrizes.prizes]).toEqual([2, [{ rank_to: 1, coins: 100 }, { rank_to: 3, coins: 40 }]]);

    // It started: nothing about it can change any more.
    await d.update(contests).set({ startsAt: new Date(Date.now() - 60_000) }).where(eq(contests.id, contest.id));
    const late = await api.call('admin_save_contest_question', { contest_id: contest.id, ...question('Third?') }, { token: admin.token });
    expect([late.status, late.body.field]).toEqual([400, 'contest_id']);
    const notEnded = await api.call('admin_pay_contest', { contest_id: contest.id }, { token: admin.token });
    expect([notEnded.status, notEnded.body.field]).toEqual([400, 'contest_id']);

    // It ended with two finished players: paid by rank, once.
    const p1 = await createPlayerWithSession(d);
    const p2 = await createPlayerWithSession(d);
    const finished = new Date(Date.now() - 30_000);
    await d.insert(contestEntries).values([
      { contestId: contest.id, userId: p1.userId, sessionId: 's_console_p1', fee: 5, score: 8, correct: 2, wrong: 0, questionsAttended: 2, finishedAt: finished },
      { contestId: contest.id, userId: p2.userId, sessionId: 's_console_p2', fee: 5, score: 4, correct: 1, wrong: 1, questionsAttended: 2, finishedAt: finished },
    ] as never);
    await d.update(contests).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(contests.id, contest.id));
    expect(expectOk(await api.call('admin_pay_contest', { contest_id: contest.id }, { token: admin.token }))).toMatchObject({ players_paid: 2, already_paid: false });
    expect(expectOk(await api.call('admin_pay_contest', { contest_id: contest.id }, { token: admin.token }))).toMatchObject({ players_paid: 0, already_paid: true });
    const contestsListed = expectOk(await api.call('admin_contests', {}, { token: admin.token })) as { id: number; entries: number; questions: number }[];
    expect(contestsListed.find((c) => c.id === contest.id)).toMatchObject({ entries: 2, questions: 2 });
    const page = expectOk(await api.call('admin_contest', { contest_id: contest.id }, { token: admin.token })) as { standings: { user_id: number; prize_coins: number | null }[]; phase: string };
    expect(page.phase).toBe('ended');
    expect(page.standings.map((s) => [s.user_id, s.prize_coins])).toEqual([
      [p1.userId, 100],
      [p2.userId, 40],
    ]);
  });

  test('an exam with its key and marks; its results show each attempt with violations and captured questions', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const [en] = await d.select({ id: languages.id }).from(languages).where(eq(languages.code, 'en'));
    const badKey = await api.call('admin_save_exam', { language_id: en!.id, title: 'Midterm', starts_at: inHours(1), ends_at: inHours(2), exam_key: '12a4', duration_minutes: 30 }, { token: admin.token });
    expect([badKey.status, badKey.body.field]).toEqual([400, 'exam_key']);
    const exam = expectOk(await api.call('admin_save_exam', { language_id: en!.id, title: 'Midterm', starts_at: inHours(1), ends_at: inHours(2), exam_key: '1234', duration_minutes: 30 }, { token: admin.token })) as { id: number };
    const withQuestions = expectOk(await api.call('admin_save_exam_question', { exam_id: exam.id, ...question('Q1?'), marks: 3 }, { token: admin.token })) as { total_marks: number; questions: { id: number }[] };
    expect(withQuestions.total_marks).toBe(3);
    const changed = expectOk(await api.call('admin_save_exam', { id: exam.id, language_id: en!.id, title: 'Midterm', starts_at: inHours(1), ends_at: inHours(2), exam_key: '9876', duration_minutes: 45 }, { token: admin.token })) as { exam_key: string };
    expect(changed.exam_key).toBe('9876');
    const [entry] = await d.select().from(auditLog).where(and(eq(auditLog.action, 'exam.update'), eq(auditLog.targetId, String(exam.id))));
    expect(JSON.stringify(entry!.after)).not.toContain('9876');
    expect(entry!.after).toMatchObject({ key_changed: true });

    const candidate = await createPlayerWithSession(d, { name: 'Candidate' });
    await d.update(examModules).set({ startsAt: new Date(Date.now() - 60_000) }).where(eq(examModules.id, exam.id));
    await d.insert(examAttempts).values({
      id: `att_console_${exam.id}`,
      examModuleId: exam.id,
      userId: candidate.userId,
      status: 'completed',
      questions: [],
      startedAt: new Date(Date.now() - 50_000),
      deadline: new Date(Date.now() + 600_000),
      clientId: 'console-test-page',
      lastSeenAt: new Date(),
      hiddenLimitSeconds: 10,
      resumeMinutes: 5,
      endedAt: new Date(),
      endReason: 'submitted',
      rulesViolated: true,
      result: { obtained_marks: 0, total_marks: 3, correct: 0, captured_question_ids: [withQuestions.questions[0]!.id] },
    } as never);
    await d.insert(examViolations).values({ attemptId: `att_console_${exam.id}`, kind: 'hidden', questionId: withQuestions.questions[0]!.id, at: new Date(), durationMs: 4000 } as never);
    const results = expectOk(await api.call('admin_exam_results', { exam_id: exam.id }, { token: admin.token })) as { attempts: { name: string; rules_violated: boolean; violations: { kind: string }[]; captured_question_ids: number[] }[] };
    expect(results.attempts).toEqual([
      expect.objectContaining({ name: 'Candidate', rules_violated: true, violations: [expect.objectContaining({ kind: 'hidden' })], captured_question_ids: [withQuestions.questions[0]!.id] }),
    ]);
    const listed = expectOk(await api.call('admin_exams', {}, { token: admin.token })) as { id: number; attempts: number; questions: number; phase: string }[];
    expect(listed.find((e) => e.id === exam.id)).toMatchObject({ attempts: 1, questions: 1, phase: 'live' });
    const frozen = await api.call('admin_save_exam_question', { exam_id: exam.id, ...question('Q2?') }, { token: admin.token });
    expect([frozen.status, frozen.body.field]).toEqual([400, 'exam_id']);
  });
});
