import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminReading } from '@/services/domain/console-types';
import type { ReadingInput } from '@/services/domain/forms';
import type { Db } from '@/services/server/db/client';
import { categories, CATEGORY_TYPES, funNLearn, subcategories } from '@/services/server/db/schema';
import { lockContentWrites } from '@/services/server/content/repository';
import { ApiError } from '@/services/server/gateway/api-error';
import { writeAudit, type AuditActor } from '@/services/server/operators/audit';

/**
 * Fun and learn readings (docs/operators.md, Content): the text (or a video or PDF link) a player
 * reads before its questions. A reading belongs to a fun-and-learn category (and optionally one of
 * its subcategories); its questions are written in the question editor, attached to it.
 */

const view = (r: typeof funNLearn.$inferSelect, questions = 0): AdminReading => ({
  id: r.id,
  category_id: r.categoryId,
  subcategory_id: r.subcategoryId,
  title: r.title,
  detail: r.detail,
  content_type: r.contentType as AdminReading['content_type'],
  content_data: r.contentData,
  active: r.status,
  questions,
});

export async function listReadings(db: Db, categoryId: number): Promise<AdminReading[]> {
  const rows = await db
    .select({ r: funNLearn, questions: sql<number>`(select count(*)::int from questions q where q.fun_n_learn_id = "fun_n_learn"."id")` })
    .from(funNLearn)
    .where(eq(funNLearn.categoryId, categoryId))
    .orderBy(asc(funNLearn.id));
  return rows.map((r) => view(r.r, Number(r.questions)));
}

export async function saveReading(db: Db, actor: AuditActor & { via: 'console' }, input: ReadingInput): Promise<AdminReading> {
  return db.transaction(async (tx) => {
    await lockContentWrites(tx);
    const [category] = await tx.select({ id: categories.id, type: categories.type, languageId: categories.languageId }).from(categories).where(eq(categories.id, input.category_id));
    if (!category) throw new ApiError('102', { field: 'category_id', detail: `category_id: there is no category ${input.category_id}` });
    if (category.type !== CATEGORY_TYPES.fun_n_learn) throw new ApiError('103', { field: 'category_id', detail: 'category_id: readings belong to fun and learn categories' });
    if (input.subcategory_id !== undefined) {
      const [sub] = await tx.select({ id: subcategories.id }).from(subcategories).where(and(eq(subcategories.id, input.subcategory_id), eq(subcategories.categoryId, category.id)));
      if (!sub) throw new ApiError('103', { field: 'subcategory_id', detail: `subcategory_id: ${input.subcategory_id} is not a subcategory of this category` });
    }
    const values = {
      categoryId: category.id,
      subcategoryId: input.subcategory_id ?? null,
      languageId: category.languageId,
      title: input.title,
      detail: input.detail,
      contentType: input.content_type,
      contentData: input.content_data,
      status: input.active,
    };
    if (input.id === undefined) {
      const [row] = await tx.insert(funNLearn).values(values).returning();
      await writeAudit(tx, actor, { action: 'reading.create', targetType: 'fun_n_learn', targetId: row!.id, after: { title: input.title, content_type: input.content_type } });
      return view(row!);
    }
    const [before] = await tx.select().from(funNLearn).where(eq(funNLearn.id, input.id)).for('update');
    if (!before || before.categoryId !== category.id) throw new ApiError('102', { field: 'id', detail: `id: there is no reading ${input.id} in this category` });
    const [row] = await tx.update(funNLearn).set(values).where(eq(funNLearn.id, input.id)).returning();
    await writeAudit(tx, actor, {
      action: 'reading.update',
      targetType: 'fun_n_learn',
      targetId: input.id,
      before: { title: before.title, content_type: before.contentType, active: before.status },
      after: { title: input.title, content_type: input.content_type, active: input.active },
    });
    return view(row!);
  });
}
