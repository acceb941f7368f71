import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/services/server/db/client';
import { examAttempts, examModuleQuestions, examModules, examViolations, type ExamQuestionState } from '@/services/server/db/schema';

/** SQL of the exams area: exams, their questions, attempts and violations. */
type Conn = Db | Tx;

export type ExamRow = typeof examModules.$inferSelect;
export type ExamQuestionRow = typeof examModuleQuestions.$inferSelect;
export type AttemptRow = typeof examAttempts.$inferSelect;
export type ViolationRow = typeof examViolations.$inferSelect;

export async function readExam(db: Conn, id: number): Promise<ExamRow | null> {
  const rows = await db.select().from(examModules).where(eq(examModules.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The questions of an exam, in the order they were written. */
export async function readExamQuestions(db: Conn, examId: number): Promise<ExamQuestionRow[]> {
  return db.select().from(examModuleQuestions).where(eq(examModuleQuestions.examModuleId, examId)).orderBy(asc(examModuleQuestions.id));
}

export async function readExamQuestionsById(db: Conn, ids: readonly number[]): Promise<Map<number, ExamQuestionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(examModuleQuestions).where(inArray(examModuleQuestions.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function readAttempt(db: Conn, examId: number, userId: number): Promise<AttemptRow | null> {
  const rows = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.examModuleId, examId), eq(examAttempts.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** An attempt of this player, locked until the end of the transaction: one writer per attempt. */
export async function lockAttempt(tx: Tx, attemptId: string, userId: number | null): Promise<AttemptRow | null> {
  const conditions: SQL[] = [eq(examAttempts.id, attemptId)];
  if (userId !== null) conditions.push(eq(examAttempts.userId, userId));
  const rows = await tx
    .select()
    .from(examAttempts)
    .where(and(...conditions))
    .for('update');
  return rows[0] ?? null;
}

/** Inserts an attempt; null when the player has one for this exam already (a concurrent open won). */
export async function insertAttempt(tx: Tx, values: typeof examAttempts.$inferInsert): Promise<AttemptRow | null> {
  const rows = await tx.insert(examAttempts).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export type AttemptPatch = Partial<
  Pick<
    AttemptRow,
    'questions' | 'clientId' | 'lastSeenAt' | 'clientLeftAt' | 'hiddenSince' | 'hiddenViolationId' | 'status' | 'endedAt' | 'endReason' | 'rulesViolated' | 'result'
  >
>;

export async function updateAttempt(tx: Tx, attemptId: string, patch: AttemptPatch): Promise<void> {
  await tx.update(examAttempts).set(patch).where(eq(examAttempts.id, attemptId));
}

export async function insertViolation(tx: Tx, values: typeof examViolations.$inferInsert): Promise<number> {
  const [row] = await tx.insert(examViolations).values(values).returning({ id: examViolations.id });
  return row!.id;
}

/** Sets how long a violation lasted, unless that is known already. */
export async function setViolationDuration(tx: Tx, id: number, durationMs: number): Promise<void> {
  await tx.update(examViolations).set({ durationMs }).where(and(eq(examViolations.id, id), sql`${examViolations.durationMs} is null`));
}

export async function readViolations(db: Conn, attemptId: string): Promise<ViolationRow[]> {
  return db.select().from(examViolations).where(eq(examViolations.attemptId, attemptId)).orderBy(asc(examViolations.at), asc(examViolations.id));
}

export async function countViolations(db: Conn, attemptId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(examViolations).where(eq(examViolations.attemptId, attemptId));
  return Number(row?.n ?? 0);
}

/** Running attempts that fell due by `now` (deadline, a hidden page's limit, a page gone past the resume time). */
export async function listDueAttempts(db: Conn, now: Date, liveWindowMs: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.status, 'in_exam'),
        sql`(${examAttempts.deadline} <= ${now}
          or (${examAttempts.hiddenSince} is not null and ${examAttempts.hiddenSince} + ${examAttempts.hiddenLimitSeconds} * interval '1 second' <= ${now})
          or ${examAttempts.lastSeenAt} + (${liveWindowMs} * interval '1 millisecond') + ${examAttempts.resumeMinutes} * interval '1 minute' <= ${now})`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** An exam of a list with what the player did in it. */
export interface ExamListRow {
  exam: ExamRow;
  totalQuestions: number;
  totalMarks: number;
  status: string | null;
  result: Record<string, unknown> | null;
}

const questionTotals = {
  totalQuestions: sql<number>`(select count(*)::int from ${examModuleQuestions} q where q.exam_module_id = ${examModules.id})`,
  totalMarks: sql<number>`(select coalesce(sum(q.marks), 0)::int from ${examModuleQuestions} q where q.exam_module_id = ${examModules.id})`,
};

/**
 * A page of one of the exam lists of a player (today, upcoming, completed) and how many there are.
 * `dayEnd` is the end of the player's today (the next midnight in the player's timezone).
 */
export async function listExams(
  db: Conn,
  input: { userId: number; list: 'today' | 'upcoming' | 'completed'; languageId: number; now: Date; dayEnd: Date; offset: number; limit: number },
): Promise<{ rows: ExamListRow[]; total: number }> {
  const conditions: SQL[] = [eq(examModules.status, true)];
  if (input.languageId > 0) conditions.push(eq(examModules.languageId, input.languageId));
  const attemptJoin = and(eq(examAttempts.examModuleId, examModules.id), eq(examAttempts.userId, input.userId));
  if (input.list === 'completed') conditions.push(eq(examAttempts.status, 'completed'));
  else {
    conditions.push(sql`(${examAttempts.status} is null or ${examAttempts.status} <> 'completed')`, gt(examModules.endsAt, input.now));
    conditions.push(input.list === 'today' ? lt(examModules.startsAt, input.dayEnd) : gte(examModules.startsAt, input.dayEnd));
  }
  const where = and(...conditions);
  const order = input.list === 'completed' ? [desc(examAttempts.endedAt), desc(examModules.id)] : [asc(examModules.startsAt), asc(examModules.id)];
  const [rows, totals] = await Promise.all([
    db
      .select({ exam: examModules, ...questionTotals, status: examAttempts.status, result: examAttempts.result })
      .from(examModules)
      .leftJoin(examAttempts, attemptJoin)
      .where(where)
      .orderBy(...order)
      .offset(input.offset)
      .limit(input.limit),
    db.select({ n: count() }).from(examModules).leftJoin(examAttempts, attemptJoin).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, totalQuestions: Number(r.totalQuestions), totalMarks: Number(r.totalMarks) })),
    total: Number(totals[0]?.n ?? 0),
  };
}

export type { ExamQuestionState };

/** The keys of the exams open now or later (the development outbox shows them to testers). */
export async function listOpenExamKeys(db: Db | Tx, now: Date): Promise<{ id: number; title: string; exam_key: string; starts_at: string; ends_at: string }[]> {
  const rows = await db
    .select({ id: examModules.id, title: examModules.title, key: examModules.examKey, startsAt: examModules.startsAt, endsAt: examModules.endsAt })
    .from(examModules)
    .where(and(eq(examModules.status, true), gt(examModules.endsAt, now)))
    .orderBy(asc(examModules.startsAt), asc(examModules.id))
    .limit(50);
  return rows.map((r) => ({ id: r.id, title: r.title, exam_key: r.key, starts_at: r.startsAt.toISOString(), ends_at: r.endsAt.toISOString() }));
}
