import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ContestInput, EventQuestionInput, ExamInput } from '@/services/domain/forms';
import type { SettingsMap } from '@/services/domain/settings';
import type { Db, Tx } from '@/services/server/db/client';
import {
  contestEntries,
  contestPrizes,
  contestQuestions,
  contests,
  examAttempts,
  examModuleQuestions,
  examModules,
  examViolations,
  languages,
  users,
} from '@/services/server/db/schema';
import { payContest } from '@/services/server/contests/service';
import { ApiError } from '@/services/server/gateway/api-error';
import { writeAudit, type AuditActor } from '@/services/server/operators/audit';

/**
 * Contests and exams as operators run them (docs/operators.md, Contests and exams): created and
 * changed until they start (players may be in them after that), their questions, a contest's prize
 * table and an exam's key and marks; an exam's results with each player's violations and captured
 * questions; a finished contest's prizes paid by the same idempotent job that pays them on time.
 */

type Actor = AuditActor & { via: 'console' };

const phase = (startsAt: Date, endsAt: Date, now: Date) => (now < startsAt ? 'upcoming' : now < endsAt ? 'live' : 'ended');

async function requireLanguage(tx: Tx, languageId: number) {
  const [language] = await tx.select({ id: languages.id }).from(languages).where(eq(languages.id, languageId));
  if (!language) throw new ApiError('103', { field: 'language_id', detail: `language_id: there is no content language ${languageId}` });
}

function notStarted(startsAt: Date, now: Date, what: string) {
  if (startsAt <= now) throw new ApiError('103', { field: 'id', detail: `id: the ${what} has started and can no longer change (players may be in it)` });
}

/** A multiple-choice or true/false question of a contest or exam: its options and answer agree. */
function questionValues(q: EventQuestionInput) {
  const options = [q.option_a, q.option_b, q.option_c, q.option_d, q.option_e];
  const filled = options.filter((o): o is string => o !== undefined && o !== '');
  if (filled.length !== options.slice(0, filled.length).filter(Boolean).length) throw new ApiError('103', { field: 'option_a', detail: 'option_a: fill the options from A on, without gaps' });
  const need = q.question_type === 'boolean' ? [2] : [2, 3, 4, 5];
  if (!need.includes(filled.length)) {
    throw new ApiError('103', { field: `option_${'abcde'[filled.length] ?? 'e'}`, detail: q.question_type === 'boolean' ? 'options: a true/false question has 2 options' : 'options: a multiple-choice question has 2 to 5 options' });
  }
  const seen = new Set<string>();
  for (const [i, o] of filled.entries()) {
    const key = o.trim().toLowerCase();
    if (seen.has(key)) throw new ApiError('103', { field: `option_${'abcde'[i]}`, detail: `option_${'abcde'[i]}: repeats another option` });
    seen.add(key);
  }
  if ('abcde'.indexOf(q.answer) >= filled.length) throw new ApiError('103', { field: 'answer', detail: 'answer: must be the letter of a filled option' });
  return {
    questionType: q.question_type,
    question: q.question,
    image: q.image ?? null,
    optionA: filled[0]!,
    optionB: filled[1]!,
    optionC: filled[2] ?? null,
    optionD: filled[3] ?? null,
    optionE: filled[4] ?? null,
    answer: q.answer,
    note: q.note,
  };
}

// ---------------------------------------------------------------------------------------------
// Contests

export async function listContestsForOperators(db: Db, now: Date = new Date()) {
  const rows = await db
    .select({
      c: contests,
      entries: sql<number>`(select count(*)::int from contest_entries e where e.contest_id = "contests"."id")`,
      questions: sql<number>`(select count(*)::int from contest_questions q where q.contest_id = "contests"."id")`,
    })
    .from(contests)
    .orderBy(desc(contests.startsAt), desc(contests.id));
  return rows.map(({ c, entries, questions }) => ({
    id: c.id,
    language_id: c.languageId,
    name: c.name,
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    entry_fee: c.entryFee,
    active: c.status,
    phase: phase(c.startsAt, c.endsAt, now),
    prizes_paid_at: c.prizesPaidAt?.toISOString() ?? null,
    entries: Number(entries),
    questions: Number(questions),
  }));
}

export async function getContestForOperators(db: Db, id: number, now: Date = new Date()) {
  const [c] = await db.select().from(contests).where(eq(contests.id, id));
  if (!c) throw new ApiError('102', { field: 'contest_id', detail: `contest_id: there is no contest ${id}` });
  const [qs, prizes, standings] = await Promise.all([
    db.select().from(contestQuestions).where(eq(contestQuestions.contestId, id)).orderBy(asc(contestQuestions.id)),
    db.select({ rank_to: contestPrizes.rankTo, coins: contestPrizes.coins }).from(contestPrizes).where(eq(contestPrizes.contestId, id)).orderBy(asc(contestPrizes.rankTo)),
    db
      .select({ user_id: contestEntries.userId, name: users.name, score: contestEntries.score, correct: contestEntries.correct, finished_at: contestEntries.finishedAt, prize_rank: contestEntries.prizeRank, prize_coins: contestEntries.prizeCoins })
      .from(contestEntries)
      .innerJoin(users, eq(users.id, contestEntries.userId))
      .where(eq(contestEntries.contestId, id))
      .orderBy(desc(contestEntries.score), asc(contestEntries.finishedAt))
      .limit(100),
  ]);
  return {
    id: c.id,
    language_id: c.languageId,
    name: c.name,
    description: c.description,
    image: c.image,
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    entry_fee: c.entryFee,
    active: c.status,
    phase: phase(c.startsAt, c.endsAt, now),
    prizes_paid_at: c.prizesPaidAt?.toISOString() ?? null,
    questions: qs.map((q) => ({ id: q.id, question_type: q.questionType, question: q.question, image: q.image, options: [q.optionA, q.optionB, q.optionC, q.optionD, q.optionE].filter((o): o is string => o !== null), answer: q.answer, note: q.note })),
    prizes,
    standings: standings.map((s) => ({ ...s, finished_at: s.finished_at?.toISOString() ?? null })),
  };
}

export async function saveContest(db: Db, actor: Actor, input: ContestInput, now: Date = new Date()) {
  const id = await db.transaction(async (tx) => {
    await requireLanguage(tx, input.language_id);
    const values = {
      languageId: input.language_id,
      name: input.name,
      description: input.description,
      image: input.image ?? null,
      startsAt: input.starts_at,
      endsAt: input.ends_at,
      entryFee: input.entry_fee,
      status: input.active,
    };
    if (input.id === undefined) {
      if (input.starts_at <= now) throw new ApiError('103', { field: 'starts_at', detail: 'starts_at: must be in the future' });
      const [row] = await tx.insert(contests).values(values).returning({ id: contests.id });
      await writeAudit(tx, actor, { action: 'contest.create', targetType: 'contest', targetId: row!.id, after: { name: input.name, starts_at: input.starts_at.toISOString(), ends_at: input.ends_at.toISOString(), entry_fee: input.entry_fee } });
      return row!.id;
    }
    const [before] = await tx.select().from(contests).where(eq(contests.id, input.id)).for('update');
    if (!before) throw new ApiError('102', { field: 'id', detail: `id: there is no contest ${input.id}` });
    notStarted(before.startsAt, now, 'contest');
    if (input.starts_at <= now) throw new ApiError('103', { field: 'starts_at', detail: 'starts_at: must be in the future' });
    await tx.update(contests).set(values).where(eq(contests.id, input.id));
    await writeAudit(tx, actor, {
      action: 'contest.update',
      targetType: 'contest',
      targetId: input.id,
      before: { name: before.name, starts_at: before.startsAt.toISOString(), ends_at: before.endsAt.toISOString(), entry_fee: before.entryFee, active: before.status },
      after: { name: input.name, starts_at: input.starts_at.toISOString(), ends_at: input.ends_at.toISOString(), entry_fee: input.entry_fee, active: input.active },
    });
    return input.id;
  });
  return getContestForOperators(db, id, now);
}

/** Locks a contest or an exam that has not started: its questions and prizes may change. */
async function lockUpcoming(tx: Tx, kind: 'contest' | 'exam', id: number, now: Date) {
  const table = kind === 'contest' ? contests : examModules;
  const field = kind === 'contest' ? 'contest_id' : 'exam_id';
  const [row] = await tx.select({ startsAt: table.startsAt }).from(table).where(eq(table.id, id)).for('update');
  if (!row) throw new ApiError('102', { field, detail: `${field}: there is no ${kind} ${id}` });
  if (row.startsAt <= now) throw new ApiError('103', { field, detail: `${field}: the ${kind} has started and can no longer change` });
}

export async function saveContestQuestion(db: Db, actor: Actor, contestId: number, input: EventQuestionInput, now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await lockUpcoming(tx, 'contest', contestId, now);
    const values = questionValues(input);
    if (input.id === undefined) {
      const [row] = await tx.insert(contestQuestions).values({ ...values, contestId }).returning({ id: contestQuestions.id });
      await writeAudit(tx, actor, { action: 'contest.question.create', targetType: 'contest', targetId: contestId, after: { question_id: row!.id, question: values.question } });
    } else {
      const updated = await tx.update(contestQuestions).set(values).where(and(eq(contestQuestions.id, input.id), eq(contestQuestions.contestId, contestId))).returning({ id: contestQuestions.id });
      if (updated.length === 0) throw new ApiError('102', { field: 'id', detail: `id: there is no question ${input.id} in contest ${contestId}` });
      await writeAudit(tx, actor, { action: 'contest.question.update', targetType: 'contest', targetId: contestId, after: { question_id: input.id, question: values.question } });
    }
  });
  return getContestForOperators(db, contestId, now);
}

export async function deleteContestQuestion(db: Db, actor: Actor, contestId: number, questionId: number, now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await lockUpcoming(tx, 'contest', contestId, now);
    const gone = await tx.delete(contestQuestions).where(and(eq(contestQuestions.id, questionId), eq(contestQuestions.contestId, contestId))).returning({ question: contestQuestions.question });
    if (gone.length === 0) throw new ApiError('102', { field: 'question_id', detail: `question_id: there is no question ${questionId} in contest ${contestId}` });
    await writeAudit(tx, actor, { action: 'contest.question.delete', targetType: 'contest', targetId: contestId, before: { question_id: questionId, question: gone[0]!.question } });
  });
  return getContestForOperators(db, contestId, now);
}

/** Replaces the prize table: lines of (rank up to, coins), ranks rising, coins falling. */
export async function setContestPrizes(db: Db, actor: Actor, contestId: number, lines: { rank_to: number; coins: number }[], now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await lockUpcoming(tx, 'contest', contestId, now);
    const before = await tx.select({ rank_to: contestPrizes.rankTo, coins: contestPrizes.coins }).from(contestPrizes).where(eq(contestPrizes.contestId, contestId)).orderBy(asc(contestPrizes.rankTo));
    await tx.delete(contestPrizes).where(eq(contestPrizes.contestId, contestId));
    if (lines.length > 0) await tx.insert(contestPrizes).values(lines.map((l) => ({ contestId, rankTo: l.rank_to, coins: l.coins })));
    await writeAudit(tx, actor, { action: 'contest.prizes', targetType: 'contest', targetId: contestId, before: { prizes: before }, after: { prizes: lines } });
  });
  return getContestForOperators(db, contestId, now);
}

/** Pays an ended contest now (the prize job would within seconds): the same payment, once. */
export async function payContestNow(db: Db, settings: SettingsMap, actor: Actor, contestId: number, now: Date = new Date()) {
  const [c] = await db.select({ endsAt: contests.endsAt, paidAt: contests.prizesPaidAt }).from(contests).where(eq(contests.id, contestId));
  if (!c) throw new ApiError('102', { field: 'contest_id', detail: `contest_id: there is no contest ${contestId}` });
  if (c.endsAt > now) throw new ApiError('103', { field: 'contest_id', detail: 'contest_id: the contest has not ended yet' });
  const paid = await payContest(db, settings, contestId, now);
  if (paid > 0 || !c.paidAt) await writeAudit(db, actor, { action: 'contest.pay', targetType: 'contest', targetId: contestId, after: { players_paid: paid } });
  return { contest_id: contestId, players_paid: paid, already_paid: c.paidAt !== null };
}

// ---------------------------------------------------------------------------------------------
// Exams

export async function listExamsForOperators(db: Db, now: Date = new Date()) {
  const rows = await db
    .select({
      e: examModules,
      attempts: sql<number>`(select count(*)::int from exam_attempts a where a.exam_module_id = "exam_modules"."id")`,
      questions: sql<number>`(select count(*)::int from exam_module_questions q where q.exam_module_id = "exam_modules"."id")`,
    })
    .from(examModules)
    .orderBy(desc(examModules.startsAt), desc(examModules.id));
  return rows.map(({ e, attempts, questions }) => ({
    id: e.id,
    language_id: e.languageId,
    title: e.title,
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    duration_minutes: e.durationMinutes,
    active: e.status,
    phase: phase(e.startsAt, e.endsAt, now),
    attempts: Number(attempts),
    questions: Number(questions),
  }));
}

export async function getExamForOperators(db: Db, id: number, now: Date = new Date()) {
  const [e] = await db.select().from(examModules).where(eq(examModules.id, id));
  if (!e) throw new ApiError('102', { field: 'exam_id', detail: `exam_id: there is no exam ${id}` });
  const qs = await db.select().from(examModuleQuestions).where(eq(examModuleQuestions.examModuleId, id)).orderBy(asc(examModuleQuestions.id));
  return {
    id: e.id,
    language_id: e.languageId,
    title: e.title,
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    exam_key: e.examKey,
    duration_minutes: e.durationMinutes,
    answer_again: e.answerAgain,
    require_fullscreen: e.requireFullscreen,
    active: e.status,
    phase: phase(e.startsAt, e.endsAt, now),
    total_marks: qs.reduce((n, q) => n + q.marks, 0),
    questions: qs.map((q) => ({ id: q.id, marks: q.marks, question_type: q.questionType, question: q.question, image: q.image, options: [q.optionA, q.optionB, q.optionC, q.optionD, q.optionE].filter((o): o is string => o !== null), answer: q.answer, note: q.note })),
  };
}

export async function saveExam(db: Db, actor: Actor, input: ExamInput, now: Date = new Date()) {
  const id = await db.transaction(async (tx) => {
    await requireLanguage(tx, input.language_id);
    const values = {
      languageId: input.language_id,
      title: input.title,
      startsAt: input.starts_at,
      endsAt: input.ends_at,
      examKey: input.exam_key,
      durationMinutes: input.duration_minutes,
      answerAgain: input.answer_again,
      requireFullscreen: input.require_fullscreen,
      status: input.active,
    };
    // The key is a secret handed to the candidates: the audit log notes that it changed, not what it is.
    const summary = (v: { title: string; startsAt: Date; endsAt: Date; durationMinutes: number }) => ({ title: v.title, starts_at: v.startsAt.toISOString(), ends_at: v.endsAt.toISOString(), duration_minutes: v.durationMinutes });
    if (input.id === undefined) {
      if (input.starts_at <= now) throw new ApiError('103', { field: 'starts_at', detail: 'starts_at: must be in the future' });
      const [row] = await tx.insert(examModules).values(values).returning({ id: examModules.id });
      await writeAudit(tx, actor, { action: 'exam.create', targetType: 'exam', targetId: row!.id, after: summary(values) });
      return row!.id;
    }
    const [before] = await tx.select().from(examModules).where(eq(examModules.id, input.id)).for('update');
    if (!before) throw new ApiError('102', { field: 'id', detail: `id: there is no exam ${input.id}` });
    notStarted(before.startsAt, now, 'exam');
    if (input.starts_at <= now) throw new ApiError('103', { field: 'starts_at', detail: 'starts_at: must be in the future' });
    await tx.update(examModules).set(values).where(eq(examModules.id, input.id));
    await writeAudit(tx, actor, { action: 'exam.update', targetType: 'exam', targetId: input.id, before: summary(before), after: { ...summary(values), key_changed: before.examKey !== input.exam_key } });
    return input.id;
  });
  return getExamForOperators(db, id, now);
}

export async function saveExamQuestion(db: Db, actor: Actor, examId: number, input: EventQuestionInput & { marks: number }, now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await lockUpcoming(tx, 'exam', examId, now);
    const values = { ...questionValues(input), marks: input.marks };
    if (input.id === undefined) {
      const [row] = await tx.insert(examModuleQuestions).values({ ...values, examModuleId: examId }).returning({ id: examModuleQuestions.id });
      await writeAudit(tx, actor, { action: 'exam.question.create', targetType: 'exam', targetId: examId, after: { question_id: row!.id, marks: input.marks } });
    } else {
      const updated = await tx.update(examModuleQuestions).set(values).where(and(eq(examModuleQuestions.id, input.id), eq(examModuleQuestions.examModuleId, examId))).returning({ id: examModuleQuestions.id });
      if (updated.length === 0) throw new ApiError('102', { field: 'id', detail: `id: there is no question ${input.id} in exam ${examId}` });
      await writeAudit(tx, actor, { action: 'exam.question.update', targetType: 'exam', targetId: examId, after: { question_id: input.id, marks: input.marks } });
    }
  });
  return getExamForOperators(db, examId, now);
}

export async function deleteExamQuestion(db: Db, actor: Actor, examId: number, questionId: number, now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await lockUpcoming(tx, 'exam', examId, now);
    const gone = await tx.delete(examModuleQuestions).where(and(eq(examModuleQuestions.id, questionId), eq(examModuleQuestions.examModuleId, examId))).returning({ id: examModuleQuestions.id });
    if (gone.length === 0) throw new ApiError('102', { field: 'question_id', detail: `question_id: there is no question ${questionId} in exam ${examId}` });
    await writeAudit(tx, actor, { action: 'exam.question.delete', targetType: 'exam', targetId: examId, before: { question_id: questionId } });
  });
  return getExamForOperators(db, examId, now);
}

/** An exam's attempts: each player's marks, how it ended, the violations and the questions on screen when they happened. */
export async function examResults(db: Db, examId: number) {
  const attempts = await db
    .select({ a: examAttempts, name: users.name })
    .from(examAttempts)
    .innerJoin(users, eq(users.id, examAttempts.userId))
    .where(eq(examAttempts.examModuleId, examId))
    .orderBy(asc(examAttempts.startedAt));
  const ids = attempts.map((r) => r.a.id);
  const violations = ids.length
    ? await db.select().from(examViolations).where(inArray(examViolations.attemptId, ids)).orderBy(asc(examViolations.at))
    : [];
  const [counted] = await db.select({ n: count() }).from(examModuleQuestions).where(eq(examModuleQuestions.examModuleId, examId));
  return {
    exam_id: examId,
    total_questions: Number(counted?.n ?? 0),
    attempts: attempts.map(({ a, name }) => {
      const result = (a.result ?? null) as { obtained_marks?: number; total_marks?: number; correct?: number; captured_question_ids?: number[] } | null;
      const mine = violations.filter((v) => v.attemptId === a.id);
      return {
        attempt_id: a.id,
        user_id: a.userId,
        name,
        status: a.status,
        started_at: a.startedAt.toISOString(),
        ended_at: a.endedAt?.toISOString() ?? null,
        end_reason: a.endReason,
        rules_violated: a.rulesViolated,
        obtained_marks: result?.obtained_marks ?? null,
        total_marks: result?.total_marks ?? null,
        correct: result?.correct ?? null,
        violations: mine.map((v) => ({ kind: v.kind, at: v.at.toISOString(), question_id: v.questionId, duration_ms: v.durationMs })),
        captured_question_ids: result?.captured_question_ids ?? [...new Set(mine.map((v) => v.questionId).filter((q): q is number => q !== null))],
      };
    }),
  };
}
