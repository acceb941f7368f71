import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/services/server/db/client';
import { categories, languages, questions, subcategories } from '@/services/server/db/schema';
import { countQuestionsByLevel, listPlayableCategories, listPlayableSubcategories } from '@/services/server/quiz-zone/repository';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * `question_counts` (migration 0020) is kept by triggers on `questions`: after every kind of write
 * it must equal a count of the active questions themselves, and the category, subcategory and
 * level lists read from it must answer what counting the questions answered.
 */

let db: Db;
let languageId: number;
let history: number;
let science: number;
let ancient: number;
let modern: number;

beforeEach(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  db = database.db;
  const [language] = await db.insert(languages).values({ code: 'en', language: 'English', isDefault: true }).returning({ id: languages.id });
  languageId = language!.id;
  const made = await db
    .insert(categories)
    .values([
      { languageId, type: 1, slug: 'history', name: 'History' },
      { languageId, type: 1, slug: 'science', name: 'Science' },
    ])
    .returning({ id: categories.id });
  [history, science] = made.map((c) => c.id) as [number, number];
  const subs = await db
    .insert(subcategories)
    .values([
      { categoryId: history, slug: 'ancient', name: 'Ancient' },
      { categoryId: history, slug: 'modern', name: 'Modern' },
    ])
    .returning({ id: subcategories.id });
  [ancient, modern] = subs.map((s) => s.id) as [number, number];
});
afterAll(closeTestDatabase);

let n = 0;
const row = (categoryId: number, subcategoryId: number | null, level: number, status = true) => ({
  languageId,
  categoryId,
  subcategoryId,
  level,
  status,
  questionType: 'multiple',
  question: `Question ${++n}?`,
  optionA: 'A',
  optionB: 'B',
  optionC: 'C',
  optionD: 'D',
  answer: 'a',
  contentHash: `hash-${n}`,
});

/** The counts table as `category:subcategory:level → questions`, zero rows left out. */
async function kept(): Promise<Record<string, number>> {
  const rows = rowsOf<{ k: string; n: number }>(
    await db.execute(sql`select category_id || ':' || subcategory_id || ':' || level as k, questions as n from question_counts where questions <> 0`),
  );
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}

/** The same figures counted from the questions themselves. */
async function counted(): Promise<Record<string, number>> {
  const rows = rowsOf<{ k: string; n: number }>(
    await db.execute(
      sql`select category_id || ':' || coalesce(subcategory_id, 0) || ':' || level as k, count(*)::int as n from questions where status group by 1`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}

describe(`question counts kept by triggers (${testDbKind})`, () => {
  test('inserts, a batch with a conflict, updates that move or hide questions, deletes and a truncate', async () => {
    await db.insert(questions).values([row(history, ancient, 1), row(history, ancient, 1), row(history, ancient, 2), row(history, null, 1), row(science, null, 3), row(science, null, 3, false)]);
    expect(await kept()).toEqual({ [`${history}:${ancient}:1`]: 2, [`${history}:${ancient}:2`]: 1, [`${history}:0:1`]: 1, [`${science}:0:3`]: 1 });

    // A batch whose repeated row is skipped on conflict counts only what it stored.
    const again = row(history, modern, 4);
    const stored = await db.insert(questions).values([again, { ...again, question: 'Other?' }, row(history, modern, 4)]).onConflictDoNothing().returning({ id: questions.id });
    expect(stored).toHaveLength(2);
    expect((await kept())[`${history}:${modern}:4`]).toBe(2);

    // Moves between levels and subcategories, a hidden question and a shown one, in one statement each.
    const ids = (await db.select({ id: questions.id }).from(questions).where(eq(questions.subcategoryId, ancient))).map((q) => q.id);
    await db.update(questions).set({ level: 5 }).where(eq(questions.id, ids[0]!));
    await db.update(questions).set({ subcategoryId: modern }).where(eq(questions.id, ids[1]!));
    await db.update(questions).set({ status: false }).where(eq(questions.id, ids[2]!));
    await db.update(questions).set({ status: true }).where(eq(questions.status, false));
    await db.update(questions).set({ question: sql`${questions.question} || ' (edited)'` });
    expect(await kept()).toEqual(await counted());

    // Deleting a subcategory's questions, then a category with its questions (the foreign key's cascade).
    await db.delete(questions).where(inArray(questions.subcategoryId, [modern]));
    await db.delete(categories).where(eq(categories.id, science));
    expect(await kept()).toEqual(await counted());
    expect(Object.keys(await kept()).some((k) => k.startsWith(`${science}:`))).toBe(false);

    await db.execute(sql`truncate questions cascade`);
    expect(await kept()).toEqual({});
  });

  test('the lists answer from the counts: totals, levels, and nothing from an inactive subcategory', async () => {
    await db.insert(questions).values([row(history, ancient, 1), row(history, ancient, 2), row(history, modern, 1), row(history, null, 1), row(science, null, 1, false)]);
    const [cat] = await listPlayableCategories(db, { type: 1, languageId, userId: 0 });
    expect(cat).toMatchObject({ id: history, subcategoryCount: 2, questionCount: 4, maxLevel: 2 });
    // Science has no active question: it is not listed.
    expect((await listPlayableCategories(db, { type: 1, languageId, userId: 0 })).map((c) => c.id)).toEqual([history]);
    expect((await listPlayableSubcategories(db, { categoryId: history, userId: 0 })).map((s) => [s.id, s.questionCount, s.maxLevel])).toEqual([
      [ancient, 2, 2],
      [modern, 1, 1],
    ]);
    expect(await countQuestionsByLevel(db, history, ancient)).toEqual([
      { level: 1, count: 1 },
      { level: 2, count: 1 },
    ]);
    expect(await countQuestionsByLevel(db, history, null)).toEqual([{ level: 1, count: 1 }]);

    // Switching a subcategory off takes its questions out of every list.
    await db.update(subcategories).set({ status: false }).where(eq(subcategories.id, ancient));
    expect((await listPlayableCategories(db, { type: 1, languageId, userId: 0 }))[0]).toMatchObject({ subcategoryCount: 1, questionCount: 2, maxLevel: 1 });
    expect((await listPlayableSubcategories(db, { categoryId: history, userId: 0 })).map((s) => s.id)).toEqual([modern]);
    expect(await countQuestionsByLevel(db, history, ancient)).toEqual([]);
  });
});
