import { and, asc, desc, eq, gte, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/services/server/db/client';
import {
  bookmarks,
  categories,
  dailyQuizPlays,
  dailyQuizzes,
  languages,
  playSessions,
  questionReports,
  questions,
  subcategories,
  unlockedCategories,
  users,
  userStatistics,
  type PlayQuestionState,
  type PlayRules,
} from '@/services/server/db/schema';

/** SQL of the play area: play sessions, the questions they serve and what settling them records. */
export type Conn = Db | Tx;

export type SessionRow = typeof playSessions.$inferSelect;
export type NewSession = typeof playSessions.$inferInsert;

export async function readCoins(db: Conn, userId: number): Promise<number> {
  const rows = await db.select({ coins: users.coins }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.coins ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Sessions

export async function findOpenSession(db: Conn, userId: number, contextKey: string): Promise<SessionRow | null> {
  const rows = await db
    .select()
    .from(playSessions)
    .where(and(eq(playSessions.userId, userId), eq(playSessions.contextKey, contextKey), eq(playSessions.status, 'open')))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts a session; null when the player already has an open one for the same context (a concurrent open won). */
export async function insertSession(tx: Tx, values: NewSession): Promise<SessionRow | null> {
  const rows = await tx.insert(playSessions).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** A session of this player, locked until the end of the transaction: one writer per session. */
export async function lockSession(tx: Tx, sessionId: string, userId: number): Promise<SessionRow | null> {
  const rows = await tx
    .select()
    .from(playSessions)
    .where(and(eq(playSessions.id, sessionId), eq(playSessions.userId, userId)))
    .for('update');
  return rows[0] ?? null;
}

export async function readSession(db: Conn, sessionId: string, userId: number): Promise<SessionRow | null> {
  const rows = await db
    .select()
    .from(playSessions)
    .where(and(eq(playSessions.id, sessionId), eq(playSessions.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export type SessionPatch = Partial<
  Pick<
    SessionRow,
    | 'questions'
    | 'currentIndex'
    | 'currentOpenedAt'
    | 'currentDeadline'
    | 'lifelinesUsed'
    | 'status'
    | 'result'
    | 'settledAt'
    | 'reviewedAt'
  >
>;

export async function updateSession(tx: Tx, sessionId: string, patch: SessionPatch): Promise<void> {
  await tx.update(playSessions).set(patch).where(eq(playSessions.id, sessionId));
}

/** A settled play of a mode in a place (category, and subcategory when given), optionally only a passed one. */
export async function findFinishedPlay(
  db: Conn,
  input: { userId: number; mode: string; categoryId: number; subcategoryId: number | null; passed?: boolean },
): Promise<{ id: string } | null> {
  const conditions: SQL[] = [
    eq(playSessions.userId, input.userId),
    eq(playSessions.mode, input.mode),
    eq(playSessions.categoryId, input.categoryId),
    eq(playSessions.status, 'finished'),
  ];
  if (input.subcategoryId !== null) conditions.push(eq(playSessions.subcategoryId, input.subcategoryId));
  if (input.passed) conditions.push(sql`(${playSessions.result} ->> 'passed')::boolean`);
  const rows = await db.select({ id: playSessions.id }).from(playSessions).where(and(...conditions)).limit(1);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Questions

/** A question as the server holds it, right answer and note included: never sent before it is answered. */
export type QuestionRow = {
  id: number;
  categoryId: number;
  subcategoryId: number | null;
  languageId: number;
  questionType: string;
  question: string;
  optionA: string;
  optionB: string;
  optionC: string | null;
  optionD: string | null;
  optionE: string | null;
  answer: string;
  level: number;
  image: string | null;
  note: string;
};

const questionColumns = {
  id: questions.id,
  categoryId: questions.categoryId,
  subcategoryId: questions.subcategoryId,
  languageId: questions.languageId,
  questionType: questions.questionType,
  question: questions.question,
  optionA: questions.optionA,
  optionB: questions.optionB,
  optionC: questions.optionC,
  optionD: questions.optionD,
  optionE: questions.optionE,
  answer: questions.answer,
  level: questions.level,
  image: questions.image,
  note: questions.note,
};

/** Active questions in an active category (and subcategory): what may be served for play. */
function servable(withOptionE: boolean): SQL[] {
  const out: SQL[] = [
    eq(questions.status, true),
    sql`exists (select 1 from ${categories} c where c.id = ${questions.categoryId} and c.status)`,
    sql`(${questions.subcategoryId} is null or exists (select 1 from ${subcategories} s where s.id = ${questions.subcategoryId} and s.status))`,
  ];
  // Without option E a question whose right option is E cannot be played.
  if (!withOptionE) out.push(ne(questions.answer, 'e'));
  return out;
}

/**
 * Premium content a player may play: every question outside premium categories and subcategories,
 * and those the player unlocked. userId null: no premium content at all (a set shared by everyone).
 */
function premiumAllowed(userId: number | null): SQL {
  const unlocked = (category: SQL, subcategory: SQL | null) =>
    userId === null
      ? sql`false`
      : sql`exists (select 1 from ${unlockedCategories} u where u.user_id = ${userId} and u.category_id = ${category} and ${
          subcategory === null ? sql`u.subcategory_id is null` : sql`u.subcategory_id = ${subcategory}`
        })`;
  return sql`not exists (select 1 from ${categories} pc where pc.id = ${questions.categoryId} and pc.is_premium and not ${unlocked(sql`pc.id`, null)})
    and (${questions.subcategoryId} is null or not exists (select 1 from ${subcategories} ps where ps.id = ${questions.subcategoryId} and ps.is_premium and not ${unlocked(sql`ps.category_id`, sql`ps.id`)}))`;
}

/** Whose premium unlocks count (null: none); undefined: no premium check (the caller checked the place). */
export type PremiumAccess = { userId: number | null } | undefined;

export interface QuestionFilter {
  categoryId?: number;
  /** undefined: any; null: only the category's own questions (no subcategory). */
  subcategoryId?: number | null;
  level?: number;
  languageId?: number;
  questionType?: 'multiple' | 'boolean';
  withOptionE: boolean;
  access?: PremiumAccess;
}

function filterConditions(filter: QuestionFilter): SQL[] {
  const c = servable(filter.withOptionE);
  if (filter.categoryId !== undefined) c.push(eq(questions.categoryId, filter.categoryId));
  if (filter.subcategoryId === null) c.push(isNull(questions.subcategoryId));
  else if (filter.subcategoryId !== undefined) c.push(eq(questions.subcategoryId, filter.subcategoryId));
  if (filter.level !== undefined) c.push(eq(questions.level, filter.level));
  if (filter.languageId) c.push(eq(questions.languageId, filter.languageId));
  if (filter.questionType) c.push(eq(questions.questionType, filter.questionType));
  if (filter.access) c.push(premiumAllowed(filter.access.userId));
  return c;
}

/** Ids of up to `limit` servable questions, in random order or by id. */
export async function pickQuestionIds(db: Conn, filter: QuestionFilter, limit: number, random: boolean): Promise<number[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(...filterConditions(filter)))
    .orderBy(random ? sql`random()` : asc(questions.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The questions with these ids (in any order; callers keep their own order). */
export async function loadQuestions(db: Conn, ids: readonly number[]): Promise<Map<number, QuestionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(questionColumns).from(questions).where(inArray(questions.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which of these ids are servable now (to this player, when `access` is given). */
export async function servableIds(db: Conn, ids: readonly number[], withOptionE: boolean, access?: PremiumAccess): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const conditions = [inArray(questions.id, [...ids]), ...servable(withOptionE)];
  if (access) conditions.push(premiumAllowed(access.userId));
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(...conditions));
  return new Set(rows.map((r) => r.id));
}

export async function questionExists(db: Conn, id: number): Promise<boolean> {
  const rows = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, id)).limit(1);
  return rows.length > 0;
}

export async function defaultLanguageId(db: Conn): Promise<number | null> {
  const rows = await db
    .select({ id: languages.id })
    .from(languages)
    .where(eq(languages.status, true))
    .orderBy(desc(languages.isDefault), asc(languages.id))
    .limit(1);
  return rows[0]?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Daily quiz

export async function readDailyQuiz(db: Conn, languageId: number, day: string): Promise<number[] | null> {
  const rows = await db
    .select({ ids: dailyQuizzes.questionIds })
    .from(dailyQuizzes)
    .where(and(eq(dailyQuizzes.languageId, languageId), eq(dailyQuizzes.day, day)))
    .limit(1);
  return rows[0]?.ids ?? null;
}

/** Stores the day's drawn set unless one exists (the admin's pick, or a concurrent draw): the first wins. */
export async function insertDailyQuiz(tx: Tx, languageId: number, day: string, ids: number[]): Promise<void> {
  await tx.insert(dailyQuizzes).values({ languageId, day, questionIds: ids }).onConflictDoNothing();
}

export async function readDailyPlay(db: Conn, userId: number, day: string): Promise<{ sessionId: string | null; finishedAt: Date | null } | null> {
  const rows = await db
    .select({ sessionId: dailyQuizPlays.sessionId, finishedAt: dailyQuizPlays.finishedAt })
    .from(dailyQuizPlays)
    .where(and(eq(dailyQuizPlays.userId, userId), eq(dailyQuizPlays.day, day)))
    .limit(1);
  return rows[0] ?? null;
}

/** Records the player's daily quiz of a day; false when the day was already taken (the unique key decides). */
export async function insertDailyPlay(tx: Tx, input: { userId: number; day: string; languageId: number | null; sessionId: string }): Promise<boolean> {
  const rows = await tx.insert(dailyQuizPlays).values(input).onConflictDoNothing().returning({ day: dailyQuizPlays.day });
  return rows.length > 0;
}

export async function markDailyPlayFinished(tx: Tx, userId: number, day: string): Promise<void> {
  await tx
    .update(dailyQuizPlays)
    .set({ finishedAt: sql`now()` })
    .where(and(eq(dailyQuizPlays.userId, userId), eq(dailyQuizPlays.day, day), isNull(dailyQuizPlays.finishedAt)));
}

// ---------------------------------------------------------------------------------------------
// Settlement

/** Adds answered and right answers per category. */
export async function addStatistics(tx: Tx, userId: number, perCategory: ReadonlyMap<number, { answered: number; correct: number }>): Promise<void> {
  const values = [...perCategory].filter(([, v]) => v.answered > 0).map(([categoryId, v]) => ({ userId, categoryId, answered: v.answered, correct: v.correct }));
  if (values.length === 0) return;
  await tx
    .insert(userStatistics)
    .values(values)
    .onConflictDoUpdate({
      target: [userStatistics.userId, userStatistics.categoryId],
      set: {
        answered: sql`${userStatistics.answered} + excluded.answered`,
        correct: sql`${userStatistics.correct} + excluded.correct`,
        updatedAt: sql`now()`,
      },
    });
}

// ---------------------------------------------------------------------------------------------
// Bookmarks and reports

/** Adds a bookmark; false when it was there already. */
export async function insertBookmark(db: Conn, input: { userId: number; kind: string; questionId: number }): Promise<boolean> {
  const rows = await db.insert(bookmarks).values(input).onConflictDoNothing().returning({ id: bookmarks.questionId });
  return rows.length > 0;
}

/** Removes a bookmark; false when there was none. */
export async function deleteBookmark(db: Conn, input: { userId: number; kind: string; questionId: number }): Promise<boolean> {
  const rows = await db
    .delete(bookmarks)
    .where(and(eq(bookmarks.userId, input.userId), eq(bookmarks.kind, input.kind), eq(bookmarks.questionId, input.questionId)))
    .returning({ id: bookmarks.questionId });
  return rows.length > 0;
}

/** Bookmarked question ids of a kind, oldest first. */
export async function listBookmarkIds(db: Conn, userId: number, kind: string, limit: number): Promise<{ questionId: number; createdAt: Date }[]> {
  return db
    .select({ questionId: bookmarks.questionId, createdAt: bookmarks.createdAt })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.kind, kind)))
    .orderBy(asc(bookmarks.createdAt), asc(bookmarks.questionId))
    .limit(limit);
}

export async function insertReport(db: Conn, input: { userId: number; kind: string; questionId: number; message: string }): Promise<number> {
  const rows = await db.insert(questionReports).values(input).returning({ id: questionReports.id });
  return rows[0]!.id;
}

// ---------------------------------------------------------------------------------------------
// Statistics

export async function readStatistics(db: Conn, userId: number) {
  const rows = await db
    .select({
      categoryId: userStatistics.categoryId,
      categoryName: categories.name,
      categorySlug: categories.slug,
      answered: userStatistics.answered,
      correct: userStatistics.correct,
    })
    .from(userStatistics)
    .innerJoin(categories, eq(categories.id, userStatistics.categoryId))
    .where(eq(userStatistics.userId, userId))
    .orderBy(asc(categories.rowOrder), asc(categories.id));
  return rows;
}

/** Settled plays since an instant: when, and how many answers were right and wrong (for the statistics chart). */
export async function readSettledCounts(db: Conn, userId: number, since: Date): Promise<{ settledAt: Date; correct: number; wrong: number }[]> {
  const rows = await db
    .select({
      settledAt: playSessions.settledAt,
      correct: sql<number>`coalesce((${playSessions.result} ->> 'correct')::int, 0)`,
      wrong: sql<number>`coalesce((${playSessions.result} ->> 'wrong')::int, 0)`,
    })
    .from(playSessions)
    .where(and(eq(playSessions.userId, userId), eq(playSessions.status, 'finished'), gte(playSessions.settledAt, since)))
    .orderBy(asc(playSessions.settledAt));
  return rows.map((r) => ({ settledAt: r.settledAt!, correct: Number(r.correct), wrong: Number(r.wrong) }));
}

export type { PlayQuestionState, PlayRules };
