import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCategory, AdminQuestion, AdminReport, AdminSubcategory } from '@/services/domain/console-types';
import type { Db } from '@/services/server/db/client';
import { categories, CATEGORY_TYPES, funNLearn, languages, questionReports, questions, subcategories, users } from '@/services/server/db/schema';
import { ANSWER_LETTERS, finishRow, isRejected, type ContentMode, type QuestionType } from '@/services/server/content/content-row';
import { lockContentWrites } from '@/services/server/content/repository';
import { slugify } from '@/services/server/content/slug';
import { ApiError } from '@/services/server/gateway/api-error';
import { writeAudit, type AuditActor } from '@/services/server/operators/audit';
import type { CategoryInput, QuestionInput, SubcategoryInput } from '@/services/domain/forms';

/**
 * Content as editors write it (docs/operators.md, Content): categories and subcategories per kind
 * and language, questions of every kind through the same row check as the importers
 * (`finishRow`), enable / disable, and the report queue. Every change is audited.
 */

type Actor = AuditActor & { via: 'console' };

const MODE_OF_TYPE = Object.fromEntries(Object.entries(CATEGORY_TYPES).map(([mode, type]) => [type, mode])) as Record<number, ContentMode>;

export async function listCategoriesForEditors(db: Db, filter: { type: number; languageId: number }): Promise<AdminCategory[]> {
  const rows = await db
    .select({
      c: categories,
      subcategories: sql<number>`(select count(*)::int from subcategories s where s.category_id = "categories"."id")`,
      questions: sql<number>`(select count(*)::int from questions q where q.category_id = "categories"."id")`,
    })
    .from(categories)
    .where(and(eq(categories.type, filter.type), eq(categories.languageId, filter.languageId)))
    .orderBy(asc(categories.rowOrder), asc(categories.id));
  return rows.map((r) => categoryView(r.c, Number(r.subcategories), Number(r.questions)));
}

const categoryView = (c: typeof categories.$inferSelect, subs = 0, qs = 0): AdminCategory => ({
  id: c.id,
  type: c.type,
  language_id: c.languageId,
  name: c.name,
  slug: c.slug,
  image: c.image,
  is_premium: c.isPremium,
  coins: c.coins,
  row_order: c.rowOrder,
  active: c.status,
  subcategories: subs,
  questions: qs,
});

/** A slug not yet taken among `taken`: the name's, then -2, -3, … */
function freeSlug(name: string, taken: ReadonlySet<string>, fallback: string): string {
  const base = slugify(name, fallback);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export async function saveCategory(db: Db, actor: Actor, input: CategoryInput): Promise<AdminCategory> {
  return db.transaction(async (tx) => {
    await lockContentWrites(tx);
    const [language] = await tx.select({ id: languages.id }).from(languages).where(eq(languages.id, input.language_id));
    if (!language) throw new ApiError('103', { field: 'language_id', detail: `language_id: there is no content language ${input.language_id}` });
    const values = {
      name: input.name,
      image: input.image ?? null,
      isPremium: input.is_premium,
      coins: input.is_premium ? input.coins : 0,
      rowOrder: input.row_order,
      status: input.active,
    };
    if (input.id === undefined) {
      const taken = await tx.select({ slug: categories.slug }).from(categories).where(and(eq(categories.languageId, input.language_id), eq(categories.type, input.type)));
      const slug = freeSlug(input.name, new Set(taken.map((t) => t.slug)), 'category');
      const [row] = await tx.insert(categories).values({ ...values, languageId: input.language_id, type: input.type, slug, source: 'admin' }).returning();
      await writeAudit(tx, actor, { action: 'category.create', targetType: 'category', targetId: row!.id, after: categoryView(row!) });
      return categoryView(row!);
    }
    const [before] = await tx.select().from(categories).where(eq(categories.id, input.id)).for('update');
    if (!before) throw new ApiError('102', { field: 'id', detail: `id: there is no category ${input.id}` });
    if (before.type !== input.type || before.languageId !== input.language_id) {
      throw new ApiError('103', { field: 'type', detail: 'type: a category keeps its kind and language (make a new one instead)' });
    }
    const [row] = await tx.update(categories).set(values).where(eq(categories.id, input.id)).returning();
    await writeAudit(tx, actor, { action: 'category.update', targetType: 'category', targetId: row!.id, before: categoryView(before), after: categoryView(row!) });
    return categoryView(row!);
  });
}

const subcategoryView = (s: typeof subcategories.$inferSelect, qs = 0): AdminSubcategory => ({
  id: s.id,
  category_id: s.categoryId,
  name: s.name,
  slug: s.slug,
  image: s.image,
  is_premium: s.isPremium,
  coins: s.coins,
  row_order: s.rowOrder,
  active: s.status,
  questions: qs,
});

export async function getCategoryForEditors(db: Db, id: number): Promise<AdminCategory & { subcategory_list: AdminSubcategory[] }> {
  const [c] = await db.select().from(categories).where(eq(categories.id, id));
  if (!c) throw new ApiError('102', { field: 'category_id', detail: `category_id: there is no category ${id}` });
  const subs = await db
    .select({ s: subcategories, questions: sql<number>`(select count(*)::int from questions q where q.subcategory_id = "subcategories"."id")` })
    .from(subcategories)
    .where(eq(subcategories.categoryId, id))
    .orderBy(asc(subcategories.rowOrder), asc(subcategories.id));
  const [counts] = await db.select({ n: sql<number>`count(*)::int` }).from(questions).where(eq(questions.categoryId, id));
  return { ...categoryView(c, subs.length, Number(counts?.n ?? 0)), subcategory_list: subs.map((r) => subcategoryView(r.s, Number(r.questions))) };
}

export async function saveSubcategory(
  db: Db,
  actor: Actor,
  input: SubcategoryInput,
): Promise<AdminSubcategory> {
  return db.transaction(async (tx) => {
    await lockContentWrites(tx);
    const values = { name: input.name, image: input.image ?? null, isPremium: input.is_premium, coins: input.is_premium ? input.coins : 0, rowOrder: input.row_order, status: input.active };
    if (input.id === undefined) {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id));
      if (!category) throw new ApiError('102', { field: 'category_id', detail: `category_id: there is no category ${input.category_id}` });
      const taken = await tx.select({ slug: subcategories.slug }).from(subcategories).where(eq(subcategories.categoryId, input.category_id));
      const slug = freeSlug(input.name, new Set(taken.map((t) => t.slug)), 'subcategory');
      const [row] = await tx.insert(subcategories).values({ ...values, categoryId: input.category_id, slug }).returning();
      await writeAudit(tx, actor, { action: 'subcategory.create', targetType: 'subcategory', targetId: row!.id, after: subcategoryView(row!) });
      return subcategoryView(row!);
    }
    const [before] = await tx.select().from(subcategories).where(eq(subcategories.id, input.id)).for('update');
    if (!before || before.categoryId !== input.category_id) throw new ApiError('102', { field: 'id', detail: `id: there is no subcategory ${input.id} in category ${input.category_id}` });
    const [row] = await tx.update(subcategories).set(values).where(eq(subcategories.id, input.id)).returning();
    await writeAudit(tx, actor, { action: 'subcategory.update', targetType: 'subcategory', targetId: row!.id, before: subcategoryView(before), after: subcategoryView(row!) });
    return subcategoryView(row!);
  });
}

// ---------------------------------------------------------------------------------------------
// Questions

export const QUESTION_SORTS = ['id', 'level', 'created_at'] as const;

const questionSelect = {
  q: questions,
  categoryName: categories.name,
  categoryType: categories.type,
  subcategoryName: subcategories.name,
};

function questionView(r: { q: typeof questions.$inferSelect; categoryName: string; categoryType: number; subcategoryName: string | null }): AdminQuestion {
  const q = r.q;
  return {
    id: q.id,
    mode: MODE_OF_TYPE[r.categoryType] ?? 'quiz_zone',
    category_id: q.categoryId,
    category_name: r.categoryName,
    subcategory_id: q.subcategoryId,
    subcategory_name: r.subcategoryName,
    language_id: q.languageId,
    question_type: q.questionType as QuestionType,
    question: q.question,
    options: [q.optionA, q.optionB, q.optionC, q.optionD, q.optionE].filter((o): o is string => o !== null),
    answer: q.answer,
    level: q.level,
    note: q.note,
    image: q.image,
    audio: q.audio,
    transcript: q.transcript,
    fun_n_learn_id: q.funNLearnId,
    active: q.status,
    source: q.source,
    created_at: q.createdAt.toISOString(),
  };
}

export async function searchQuestions(
  db: Db,
  filter: { type?: number; languageId?: number; categoryId?: number; subcategoryId?: number; query?: string; active?: boolean; offset: number; limit: number; sort: (typeof QUESTION_SORTS)[number]; order: 'asc' | 'desc' },
): Promise<{ total: number; rows: AdminQuestion[] }> {
  const where: SQL[] = [];
  if (filter.type !== undefined) where.push(eq(categories.type, filter.type));
  if (filter.languageId !== undefined) where.push(eq(questions.languageId, filter.languageId));
  if (filter.categoryId !== undefined) where.push(eq(questions.categoryId, filter.categoryId));
  if (filter.subcategoryId !== undefined) where.push(eq(questions.subcategoryId, filter.subcategoryId));
  if (filter.active !== undefined) where.push(eq(questions.status, filter.active));
  if (filter.query) {
    const id = /^\d{1,9}$/.test(filter.query) ? Number(filter.query) : null;
    const text = ilike(questions.question, `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(id !== null ? or(eq(questions.id, id), text)! : text);
  }
  const condition = where.length ? and(...where) : undefined;
  const dir = filter.order === 'asc' ? asc : desc;
  const column = filter.sort === 'level' ? questions.level : filter.sort === 'created_at' ? questions.createdAt : questions.id;
  const [rows, [counted]] = await Promise.all([
    db
      .select(questionSelect)
      .from(questions)
      .innerJoin(categories, eq(categories.id, questions.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, questions.subcategoryId))
      .where(condition)
      .orderBy(dir(column), dir(questions.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(questions).innerJoin(categories, eq(categories.id, questions.categoryId)).where(condition),
  ]);
  return { total: Number(counted?.n ?? 0), rows: rows.map(questionView) };
}

export async function getQuestionForEditors(db: Db, id: number): Promise<AdminQuestion> {
  const [row] = await db
    .select(questionSelect)
    .from(questions)
    .innerJoin(categories, eq(categories.id, questions.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, questions.subcategoryId))
    .where(eq(questions.id, id));
  if (!row) throw new ApiError('102', { field: 'id', detail: `id: there is no question ${id}` });
  return questionView(row);
}

/** Which field a row check's reason is about, so the form can show it there. */
function fieldOfReason(reason: string): string {
  if (/ question is .+, not /.test(reason)) return 'question_type';
  const duplicate = /duplicate options: [a-e] and ([a-e])/.exec(reason);
  if (duplicate) return `option_${duplicate[1]}`;
  const option = /option ([a-e])\b/.exec(reason);
  if (option) return `option_${option[1]}`;
  if (/options/.test(reason)) return 'option_a';
  if (/audio/.test(reason)) return 'audio';
  if (/transcript/.test(reason)) return 'transcript';
  if (/level/.test(reason)) return 'level';
  if (/answer|word|right options|order/.test(reason)) return 'answer';
  if (/note/.test(reason)) return 'note';
  if (/image/.test(reason)) return 'image';
  return 'question';
}

/**
 * Creates or changes a question. The row is checked as an imported one is (shape of the kind,
 * options, answer, media), so nothing the editor saves is a question no mode could play.
 */
export async function saveQuestion(db: Db, actor: Actor, input: QuestionInput): Promise<AdminQuestion> {
  return db.transaction(async (tx) => {
    await lockContentWrites(tx);
    const [category] = await tx
      .select({ id: categories.id, type: categories.type, languageId: categories.languageId, name: categories.name, code: languages.code })
      .from(categories)
      .innerJoin(languages, eq(languages.id, categories.languageId))
      .where(eq(categories.id, input.category_id));
    if (!category) throw new ApiError('102', { field: 'category_id', detail: `category_id: there is no category ${input.category_id}` });
    let subcategoryName: string | null = null;
    if (input.subcategory_id !== undefined) {
      const [sub] = await tx.select({ name: subcategories.name }).from(subcategories).where(and(eq(subcategories.id, input.subcategory_id), eq(subcategories.categoryId, category.id)));
      if (!sub) throw new ApiError('103', { field: 'subcategory_id', detail: `subcategory_id: ${input.subcategory_id} is not a subcategory of this category` });
      subcategoryName = sub.name;
    }
    const mode = MODE_OF_TYPE[category.type];
    if (!mode) throw new ApiError('103', { field: 'category_id', detail: `category_id: category ${category.id} is of no known kind` });
    // A fun-and-learn question follows one reading of its category; no other kind has one.
    let readingId: number | null = null;
    if (mode === 'fun_n_learn') {
      if (input.fun_n_learn_id === undefined) throw new ApiError('103', { field: 'fun_n_learn_id', detail: 'fun_n_learn_id: a fun and learn question follows a reading: choose one' });
      const [reading] = await tx.select({ id: funNLearn.id }).from(funNLearn).where(and(eq(funNLearn.id, input.fun_n_learn_id), eq(funNLearn.categoryId, category.id)));
      if (!reading) throw new ApiError('103', { field: 'fun_n_learn_id', detail: `fun_n_learn_id: ${input.fun_n_learn_id} is not a reading of this category` });
      readingId = reading.id;
    } else if (input.fun_n_learn_id !== undefined) throw new ApiError('103', { field: 'fun_n_learn_id', detail: 'fun_n_learn_id: only fun and learn questions follow a reading' });
    const options = ANSWER_LETTERS.map((l) => input[`option_${l}`]).filter((o): o is string => o !== undefined && o !== '');
    const letters = input.answer.split(',').map((l) => ANSWER_LETTERS.indexOf(l.trim() as never));
    const row = finishRow({
      row: 0,
      mode,
      language: category.code,
      category: category.name,
      subcategory: subcategoryName,
      questionType: input.question_type,
      level: input.level,
      question: input.question,
      options: input.question_type === 'word' ? [] : options,
      answerIndex: letters[0] ?? -1,
      answerIndexes: letters,
      word: input.question_type === 'word' ? input.answer : undefined,
      note: input.note,
      image: input.image ?? null,
      audio: input.audio ?? null,
      transcript: input.transcript ?? null,
    });
    if (isRejected(row)) throw new ApiError('103', { field: fieldOfReason(row.reason), detail: `${fieldOfReason(row.reason)}: ${row.reason}` });

    const [same] = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.languageId, category.languageId), eq(questions.contentHash, row.contentHash)));
    if (same && same.id !== input.id) throw new ApiError('103', { field: 'question', detail: `question: the same question exists already (#${same.id})` });

    const o = row.options;
    const values = {
      categoryId: category.id,
      subcategoryId: input.subcategory_id ?? null,
      languageId: category.languageId,
      questionType: row.questionType,
      question: row.question,
      optionA: o[0] ?? null,
      optionB: o[1] ?? null,
      optionC: o[2] ?? null,
      optionD: o[3] ?? null,
      optionE: o[4] ?? null,
      answer: row.answer,
      level: row.level,
      image: row.image,
      audio: row.audio,
      transcript: row.transcript,
      funNLearnId: readingId,
      note: row.note,
      contentHash: row.contentHash,
      status: input.active,
    };
    let id: number;
    if (input.id === undefined) {
      const [created] = await tx.insert(questions).values({ ...values, source: 'admin' }).returning({ id: questions.id });
      id = created!.id;
      await writeAudit(tx, actor, { action: 'question.create', targetType: 'question', targetId: id, after: { question: row.question, answer: row.answer, category_id: category.id } });
    } else {
      const [before] = await tx.select().from(questions).where(eq(questions.id, input.id)).for('update');
      if (!before) throw new ApiError('102', { field: 'id', detail: `id: there is no question ${input.id}` });
      await tx.update(questions).set(values).where(eq(questions.id, input.id));
      id = input.id;
      await writeAudit(tx, actor, {
        action: 'question.update',
        targetType: 'question',
        targetId: id,
        before: { question: before.question, answer: before.answer, status: before.status },
        after: { question: row.question, answer: row.answer, status: input.active },
      });
    }
    const [saved] = await tx
      .select(questionSelect)
      .from(questions)
      .innerJoin(categories, eq(categories.id, questions.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, questions.subcategoryId))
      .where(eq(questions.id, id));
    return questionView(saved!);
  });
}

export async function setQuestionStatus(db: Db, actor: Actor, id: number, active: boolean): Promise<{ id: number; active: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: questions.status }).from(questions).where(eq(questions.id, id)).for('update');
    if (!before) throw new ApiError('102', { field: 'id', detail: `id: there is no question ${id}` });
    if (before.status !== active) {
      await tx.update(questions).set({ status: active }).where(eq(questions.id, id));
      await writeAudit(tx, actor, { action: active ? 'question.enable' : 'question.disable', targetType: 'question', targetId: id, before: { active: before.status }, after: { active } });
    }
    return { id, active };
  });
}

// ---------------------------------------------------------------------------------------------
// Reports

export async function listReports(db: Db, filter: { status: AdminReport['status']; offset: number; limit: number }): Promise<{ total: number; rows: AdminReport[] }> {
  const condition = eq(questionReports.status, filter.status);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ r: questionReports, userName: users.name, question: questions.question })
      .from(questionReports)
      .innerJoin(users, eq(users.id, questionReports.userId))
      .leftJoin(questions, eq(questions.id, questionReports.questionId))
      .where(condition)
      .orderBy(filter.status === 'open' ? asc(questionReports.id) : desc(questionReports.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(questionReports).where(condition),
  ]);
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map(({ r, userName, question }) => ({
      id: r.id,
      kind: r.kind,
      question_id: r.questionId,
      question,
      message: r.message,
      status: r.status as AdminReport['status'],
      user_id: r.userId,
      user_name: userName,
      created_at: r.createdAt.toISOString(),
      resolved_at: r.resolvedAt?.toISOString() ?? null,
    })),
  };
}

export async function resolveReport(db: Db, actor: Actor, id: number, status: 'fixed' | 'dismissed'): Promise<{ id: number; status: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: questionReports.status }).from(questionReports).where(eq(questionReports.id, id)).for('update');
    if (!row) throw new ApiError('102', { field: 'report_id', detail: `report_id: there is no report ${id}` });
    if (row.status !== 'open') throw new ApiError('103', { field: 'report_id', detail: `report_id: the report is ${row.status} already` });
    await tx.update(questionReports).set({ status, resolvedBy: actor.userId, resolvedAt: new Date() }).where(eq(questionReports.id, id));
    await writeAudit(tx, actor, { action: `report.${status}`, targetType: 'question_report', targetId: id, before: { status: 'open' }, after: { status } });
    return { id, status };
  });
}

/** Content languages (all, active or not) for the editors' filters. */
export async function listLanguagesForEditors(db: Db) {
  return db.select({ id: languages.id, code: languages.code, language: languages.language, active: languages.status }).from(languages).orderBy(asc(languages.id));
}
