import { and, asc, eq, inArray } from 'drizzle-orm';
import { PAGE_TYPES } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { categories, dailyQuizzes, languages, pages, questions } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';
import { writeAudit, type AuditActor } from '@/services/server/operators/audit';

/**
 * What editors publish besides questions (docs/operators.md, Content): the daily quiz's picks by
 * date and the info pages per language (bulk imports: import-jobs.ts).
 */

type Actor = AuditActor & { via: 'console' };

// ---------------------------------------------------------------------------------------------
// Info pages

export type PageType = (typeof PAGE_TYPES)[number];

export interface InfoPage {
  type: PageType;
  language: string;
  title: string;
  content: string;
  items: { question: string; answer: string }[];
}

export async function listPages(db: Db, language: string): Promise<InfoPage[]> {
  const rows = await db.select().from(pages).where(eq(pages.language, language)).orderBy(asc(pages.type));
  return PAGE_TYPES.map((type) => {
    const row = rows.find((r) => r.type === type);
    return { type, language, title: row?.title ?? '', content: row?.content ?? '', items: row?.items ?? [] };
  });
}

export async function savePage(db: Db, actor: Actor, page: InfoPage): Promise<InfoPage> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(pages).where(and(eq(pages.type, page.type), eq(pages.language, page.language))).for('update');
    const values = { title: page.title, content: page.content, items: page.type === 'faq' ? page.items : [] };
    if (before) await tx.update(pages).set(values).where(eq(pages.id, before.id));
    else await tx.insert(pages).values({ type: page.type, language: page.language, ...values });
    await writeAudit(tx, actor, {
      action: 'page.update',
      targetType: 'page',
      targetId: `${page.type}:${page.language}`,
      before: before ? { title: before.title, length: before.content.length, items: before.items.length } : null,
      after: { title: values.title, length: values.content.length, items: values.items.length },
    });
    return { ...page, items: values.items };
  });
}

// ---------------------------------------------------------------------------------------------
// Daily quiz picks

export interface DailyPick {
  language_id: number;
  day: string;
  /** Whether the day's set is fixed: today's or a past day's, once drawn or picked (players may be playing it). */
  locked: boolean;
  questions: { id: number; question: string; question_type: string; category_name: string }[];
}

/** Today in UTC as YYYY-MM-DD: the earliest day whose picks may still change. */
const utcToday = (now: Date) => now.toISOString().slice(0, 10);

async function questionsOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: questions.id, question: questions.question, question_type: questions.questionType, category_name: categories.name })
    .from(questions)
    .innerJoin(categories, eq(categories.id, questions.categoryId))
    .where(inArray(questions.id, [...ids]));
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is NonNullable<typeof r> => r !== undefined);
}

export async function getDailyPick(db: Db, languageId: number, day: string, now: Date = new Date()): Promise<DailyPick> {
  const [row] = await db.select({ ids: dailyQuizzes.questionIds }).from(dailyQuizzes).where(and(eq(dailyQuizzes.languageId, languageId), eq(dailyQuizzes.day, day)));
  return { language_id: languageId, day, locked: day < utcToday(now) || (day === utcToday(now) && row !== undefined), questions: await questionsOf(db, row?.ids ?? []) };
}

/**
 * Sets the questions of a coming day's daily quiz (today's too while nobody has drawn it). Each
 * must be a playable quiz-zone question (multiple choice or true/false) of that language.
 */
export async function setDailyPick(db: Db, actor: Actor, input: { languageId: number; day: string; questionIds: number[]; most: number }, now: Date = new Date()): Promise<DailyPick> {
  if (input.day < utcToday(now)) throw new ApiError('103', { field: 'day', detail: `day: ${input.day} is past` });
  if (input.questionIds.length > input.most) throw new ApiError('103', { field: 'question_ids', detail: `question_ids: at most ${input.most} (daily_quiz_total_question)` });
  await db.transaction(async (tx) => {
    const [language] = await tx.select({ id: languages.id }).from(languages).where(eq(languages.id, input.languageId));
    if (!language) throw new ApiError('103', { field: 'language_id', detail: `language_id: there is no content language ${input.languageId}` });
    const found = await tx
      .select({ id: questions.id, type: categories.type, shape: questions.questionType, languageId: questions.languageId, active: questions.status })
      .from(questions)
      .innerJoin(categories, eq(categories.id, questions.categoryId))
      .where(inArray(questions.id, input.questionIds));
    for (const id of input.questionIds) {
      const q = found.find((f) => f.id === id);
      const why = !q
        ? 'does not exist'
        : q.type !== 1 || (q.shape !== 'multiple' && q.shape !== 'boolean')
          ? 'is not a quiz-zone multiple-choice or true/false question'
          : q.languageId !== input.languageId
            ? 'is of another language'
            : !q.active
              ? 'is disabled'
              : null;
      if (why) throw new ApiError('103', { field: 'question_ids', detail: `question_ids: question ${id} ${why}` });
    }
    const [existing] = await tx.select().from(dailyQuizzes).where(and(eq(dailyQuizzes.languageId, input.languageId), eq(dailyQuizzes.day, input.day))).for('update');
    if (existing && input.day === utcToday(now)) throw new ApiError('103', { field: 'day', detail: "day: today's daily quiz is already drawn and may be being played" });
    if (input.questionIds.length === 0) {
      // No picks: the day is drawn at random when its first player opens it.
      if (!existing) return;
      await tx.delete(dailyQuizzes).where(eq(dailyQuizzes.id, existing.id));
      await writeAudit(tx, actor, { action: 'daily_quiz.pick', targetType: 'daily_quiz', targetId: `${input.languageId}:${input.day}`, before: { question_ids: existing.questionIds }, after: null });
      return;
    }
    if (existing) await tx.update(dailyQuizzes).set({ questionIds: input.questionIds }).where(eq(dailyQuizzes.id, existing.id));
    else await tx.insert(dailyQuizzes).values({ languageId: input.languageId, day: input.day, questionIds: input.questionIds });
    await writeAudit(tx, actor, { action: 'daily_quiz.pick', targetType: 'daily_quiz', targetId: `${input.languageId}:${input.day}`, before: existing ? { question_ids: existing.questionIds } : null, after: { question_ids: input.questionIds } });
  });
  return getDailyPick(db, input.languageId, input.day, now);
}
