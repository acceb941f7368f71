import { randomInt } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { LiveSecretQuestion } from '@/services/domain/live';
import {
  checkQuizSet,
  liveQuestionsOf,
  questionsFromCsv,
  QUIZ_SETS_PER_OWNER,
  type QuizSet,
  type QuizSetDraft,
  type QuizSetItem,
  type QuizSetProblem,
} from '@/services/domain/quiz-sets';
import type { Db } from '@/services/server/db/client';
import { quizSets } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';

/**
 * Quiz sets ("My quizzes", docs/live.md): a player's own questions for the live games they host.
 * Private: every read and write names the owner, and a set of someone else's does not exist.
 */

const setOf = (r: typeof quizSets.$inferSelect): QuizSet => ({ id: r.id, title: r.title, questions: r.questions, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString() });

const notFound = () => new ApiError('102', { field: 'set_id', detail: 'no such quiz set among yours' });

/** A set's problems as one refusal: the first names the field, the detail lists them all. */
function refuse(problems: readonly QuizSetProblem[]): ApiError {
  return new ApiError('103', { field: problems[0]?.field ?? 'questions', detail: problems.map((p) => p.detail).join('; ') });
}

export async function listQuizSets(db: Db, ownerId: number, page: { offset: number; limit: number }): Promise<{ rows: QuizSetItem[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({ id: quizSets.id, title: quizSets.title, questions: sql<number>`jsonb_array_length(${quizSets.questions})::int`, updatedAt: quizSets.updatedAt })
      .from(quizSets)
      .where(eq(quizSets.ownerId, ownerId))
      .orderBy(desc(quizSets.updatedAt), desc(quizSets.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(quizSets).where(eq(quizSets.ownerId, ownerId)),
  ]);
  return { rows: rows.map((r) => ({ id: r.id, title: r.title, question_count: Number(r.questions), updated_at: r.updatedAt.toISOString() })), total: Number(totals[0]?.n ?? 0) };
}

export async function readQuizSet(db: Db, ownerId: number, id: number): Promise<QuizSet> {
  const rows = await db
    .select()
    .from(quizSets)
    .where(and(eq(quizSets.id, id), eq(quizSets.ownerId, ownerId)))
    .limit(1);
  if (!rows[0]) throw notFound();
  return setOf(rows[0]);
}

/**
 * Saves a set whole after checking it (a new one when `id` is null): one statement, so a set is
 * either as sent or as it was. A new set past the owner's limit is refused, decided under a lock
 * on the owner so that two saves at once cannot both pass it.
 */
export async function saveQuizSet(db: Db, ownerId: number, id: number | null, raw: unknown): Promise<QuizSet> {
  const checked = checkQuizSet(raw);
  if (!checked.ok) throw refuse(checked.problems);
  const draft: QuizSetDraft = checked.set;
  if (id !== null) {
    const rows = await db
      .update(quizSets)
      .set({ title: draft.title, questions: [...draft.questions], updatedAt: new Date() })
      .where(and(eq(quizSets.id, id), eq(quizSets.ownerId, ownerId)))
      .returning();
    if (!rows[0]) throw notFound();
    return setOf(rows[0]);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${ownerId} for update`);
    const [held] = await tx.select({ n: count() }).from(quizSets).where(eq(quizSets.ownerId, ownerId));
    if (Number(held?.n ?? 0) >= QUIZ_SETS_PER_OWNER) throw new ApiError('103', { field: 'set_id', detail: `you have ${QUIZ_SETS_PER_OWNER} quiz sets, the most one player may keep: delete one first` });
    const rows = await tx.insert(quizSets).values({ ownerId, title: draft.title, questions: [...draft.questions] }).returning();
    return setOf(rows[0]!);
  });
}

export async function deleteQuizSet(db: Db, ownerId: number, id: number): Promise<void> {
  const rows = await db
    .delete(quizSets)
    .where(and(eq(quizSets.id, id), eq(quizSets.ownerId, ownerId)))
    .returning({ id: quizSets.id });
  if (!rows[0]) throw notFound();
}

/**
 * A quiz set file as a set to save: CSV (one question per row, QUIZ_SET_CSV_COLUMNS) or a content
 * file (JSON: `{ "title", "questions": [{ "type", "question", "options", "answer", … }] }`). The
 * title given with the upload wins over the file's; a CSV file without one is named after the file.
 */
export function readQuizSetFile(file: { name: string; data: Buffer }, title: string | undefined): unknown {
  const text = file.data.toString('utf8').replace(/^\ufeff/, '');
  const json = /\.json$/i.test(file.name) || /^\s*[[{]/.test(text);
  if (json) {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      throw new ApiError('103', { field: 'file', detail: `file: not valid JSON (${err instanceof Error ? err.message : 'unreadable'})` });
    }
    const d = (Array.isArray(doc) ? { questions: doc } : doc) as { title?: unknown; questions?: unknown };
    const questions = Array.isArray(d.questions)
      ? d.questions.map((q) => {
          const item = (q && typeof q === 'object' ? q : {}) as Record<string, unknown>;
          return { ...item, text: item.text ?? item.question };
        })
      : d.questions;
    return { title: title || d.title || baseName(file.name), questions };
  }
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (err) {
    throw new ApiError('103', { field: 'file', detail: `file: not a CSV file this server can read (${err instanceof Error ? err.message : 'unreadable'})` });
  }
  const read = questionsFromCsv(rows);
  if (!read.ok) throw refuse(read.problems);
  return { title: title || baseName(file.name), questions: read.questions };
}

const baseName = (name: string) => name.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').trim() || 'My quiz';

/** A set as a game's questions (the host's own set only). */
export async function liveQuestionsOfSet(db: Db, ownerId: number, id: number): Promise<{ title: string; questions: LiveSecretQuestion[] }> {
  const set = await readQuizSet(db, ownerId, id);
  return { title: set.title, questions: liveQuestionsOf(set.questions, () => randomInt(0, 2 ** 32) / 2 ** 32) };
}
