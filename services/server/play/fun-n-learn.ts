import { and, asc, eq, sql } from 'drizzle-orm';
import { categories, funNLearn, questions, subcategories } from '@/services/server/db/schema';
import type { Conn } from '@/services/server/play/repository';

/** Fun and learn's comprehension items (decision 017): the text a player reads before its questions. */

export interface FunNLearnRow {
  id: number;
  categoryId: number;
  subcategoryId: number | null;
  languageId: number;
  title: string;
  detail: string;
  contentType: string;
  contentData: string;
}

const itemColumns = {
  id: funNLearn.id,
  categoryId: funNLearn.categoryId,
  subcategoryId: funNLearn.subcategoryId,
  languageId: funNLearn.languageId,
  title: funNLearn.title,
  detail: funNLearn.detail,
  contentType: funNLearn.contentType,
  contentData: funNLearn.contentData,
};

/** An item that can be played: active, in an active category (and subcategory). */
const activeItem = [
  eq(funNLearn.status, true),
  sql`exists (select 1 from ${categories} c where c.id = ${funNLearn.categoryId} and c.status)`,
  sql`(${funNLearn.subcategoryId} is null or exists (select 1 from ${subcategories} s where s.id = ${funNLearn.subcategoryId} and s.status))`,
];

/**
 * Active questions of the item. The item's id is named with its table: in a one-table select a
 * column would be written unqualified, and inside this subquery "id" would be the question's.
 */
const questionCount = sql<number>`(select count(*) from ${questions} q where q.fun_n_learn_id = fun_n_learn.id and q.status)`.mapWith(Number);

export async function findFunNLearnItem(db: Conn, id: number): Promise<FunNLearnRow | null> {
  const rows = await db
    .select(itemColumns)
    .from(funNLearn)
    .where(and(eq(funNLearn.id, id), ...activeItem))
    .limit(1);
  return rows[0] ?? null;
}

/** The active items of a category (all of its subcategories' too when `subcategoryId` is null) that have questions, in the order they were written. */
export async function listFunNLearnItems(db: Conn, input: { categoryId: number; subcategoryId: number | null }): Promise<(FunNLearnRow & { questionCount: number })[]> {
  const rows = await db
    .select({ ...itemColumns, questionCount })
    .from(funNLearn)
    .where(and(eq(funNLearn.categoryId, input.categoryId), input.subcategoryId === null ? undefined : eq(funNLearn.subcategoryId, input.subcategoryId), ...activeItem))
    .orderBy(asc(funNLearn.id));
  return rows.filter((r) => r.questionCount > 0);
}
