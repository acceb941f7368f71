import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { type Db, type Tx, rowsOf } from '@/services/server/db/client';
import { categories, languages, levelProgress, questionCounts, questions, subcategories, unlockedCategories } from '@/services/server/db/schema';

/** SQL of the quiz-zone content area: categories, subcategories, levels, premium unlocks, level progress. */
export type Conn = Db | Tx;

export interface CategoryRef {
  id: number;
  slug: string;
  name: string;
  type: number;
  languageId: number;
  image: string | null;
  isPremium: boolean;
  coins: number;
}

export interface SubcategoryRef {
  id: number;
  categoryId: number;
  slug: string;
  name: string;
  image: string | null;
  isPremium: boolean;
  coins: number;
}

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  type: categories.type,
  languageId: categories.languageId,
  image: categories.image,
  isPremium: categories.isPremium,
  coins: categories.coins,
};

const subcategoryColumns = {
  id: subcategories.id,
  categoryId: subcategories.categoryId,
  slug: subcategories.slug,
  name: subcategories.name,
  image: subcategories.image,
  isPremium: subcategories.isPremium,
  coins: subcategories.coins,
};

/** A category or subcategory named by its id (digits) rather than its slug. */
export const isPlaceId = (ref: string) => /^\d{1,10}$/.test(ref);

/**
 * An active category of a kind by id or slug. A slug is unique per content language; with no
 * language (language mode off) the default language's category wins, then the oldest.
 */
export async function findCategory(db: Conn, input: { ref: string; type: number; languageId: number }): Promise<CategoryRef | null> {
  const byRef = isPlaceId(input.ref) ? eq(categories.id, Number(input.ref)) : eq(categories.slug, input.ref);
  const conditions: SQL[] = [byRef, eq(categories.type, input.type), eq(categories.status, true)];
  if (input.languageId > 0 && !isPlaceId(input.ref)) conditions.push(eq(categories.languageId, input.languageId));
  const rows = await db
    .select(categoryColumns)
    .from(categories)
    .innerJoin(languages, eq(languages.id, categories.languageId))
    .where(and(...conditions))
    .orderBy(desc(languages.isDefault), asc(categories.id))
    .limit(1);
  return rows[0] ?? null;
}

/** An active subcategory of a category by id or slug. */
export async function findSubcategory(db: Conn, categoryId: number, ref: string): Promise<SubcategoryRef | null> {
  const byRef = isPlaceId(ref) ? eq(subcategories.id, Number(ref)) : eq(subcategories.slug, ref);
  const rows = await db
    .select(subcategoryColumns)
    .from(subcategories)
    .where(and(byRef, eq(subcategories.categoryId, categoryId), eq(subcategories.status, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** The category id of an active subcategory, by the subcategory's id. */
export async function findSubcategoryParent(db: Conn, subcategoryId: number): Promise<number | null> {
  const rows = await db
    .select({ categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(and(eq(subcategories.id, subcategoryId), eq(subcategories.status, true)))
    .limit(1);
  return rows[0]?.categoryId ?? null;
}

/** Questions that can be played: active, and in no subcategory or an active one. */
function playableQuestion(): SQL {
  return sql`${questions.status} and (${questions.subcategoryId} is null or exists (select 1 from ${subcategories} s where s.id = ${questions.subcategoryId} and s.status))`;
}

/** The same rule over `question_counts` (subcategory 0: the category's own questions), whose rows count active questions. */
function playableCount(): SQL {
  return sql`${questionCounts.questions} > 0 and (${questionCounts.subcategoryId} = 0 or exists (select 1 from ${subcategories} s where s.id = ${questionCounts.subcategoryId} and s.status))`;
}

function unlockedBy(userId: number, categoryId: SQL, subcategoryId: SQL | null): SQL {
  const sub = subcategoryId === null ? sql`u.subcategory_id is null` : sql`u.subcategory_id = ${subcategoryId}`;
  return sql`exists (select 1 from ${unlockedCategories} u where u.user_id = ${userId} and u.category_id = ${categoryId} and ${sub})`;
}

export interface CategoryListRow extends CategoryRef {
  rowOrder: number;
  hasUnlocked: boolean;
  subcategoryCount: number;
  questionCount: number;
  maxLevel: number;
}

/** Quiz-zone categories with playable questions, in the admin's row order. languageId 0: every language. */
export async function listPlayableCategories(db: Conn, input: { type: number; languageId: number; userId: number }): Promise<CategoryListRow[]> {
  const conditions: SQL[] = [eq(categories.type, input.type), eq(categories.status, true), playableCount()];
  if (input.languageId > 0) conditions.push(eq(categories.languageId, input.languageId));
  const rows = await db
    .select({
      ...categoryColumns,
      rowOrder: categories.rowOrder,
      hasUnlocked: sql<boolean>`${unlockedBy(input.userId, sql`${categories.id}`, null)}`,
      subcategoryCount: sql<number>`count(distinct nullif(${questionCounts.subcategoryId}, 0))::int`,
      questionCount: sql<number>`sum(${questionCounts.questions})::int`,
      maxLevel: sql<number>`max(${questionCounts.level})::int`,
    })
    .from(categories)
    .innerJoin(questionCounts, eq(questionCounts.categoryId, categories.id))
    .where(and(...conditions))
    .groupBy(categories.id)
    .orderBy(asc(categories.rowOrder), asc(categories.id));
  return rows.map((r) => ({ ...r, hasUnlocked: Boolean(r.hasUnlocked), subcategoryCount: Number(r.subcategoryCount), questionCount: Number(r.questionCount), maxLevel: Number(r.maxLevel) }));
}

export interface SubcategoryListRow extends SubcategoryRef {
  rowOrder: number;
  hasUnlocked: boolean;
  questionCount: number;
  maxLevel: number;
}

/** Active subcategories of a category with playable questions, in row order (one when `only` is given). */
export async function listPlayableSubcategories(
  db: Conn,
  input: { categoryId: number; userId: number; only?: number },
): Promise<SubcategoryListRow[]> {
  const conditions: SQL[] = [eq(subcategories.categoryId, input.categoryId), eq(subcategories.status, true), sql`${questionCounts.questions} > 0`];
  if (input.only !== undefined) conditions.push(eq(subcategories.id, input.only));
  const rows = await db
    .select({
      ...subcategoryColumns,
      rowOrder: subcategories.rowOrder,
      hasUnlocked: sql<boolean>`${unlockedBy(input.userId, sql`${subcategories.categoryId}`, sql`${subcategories.id}`)}`,
      questionCount: sql<number>`sum(${questionCounts.questions})::int`,
      maxLevel: sql<number>`max(${questionCounts.level})::int`,
    })
    .from(subcategories)
    .innerJoin(questionCounts, eq(questionCounts.subcategoryId, subcategories.id))
    .where(and(...conditions))
    .groupBy(subcategories.id)
    .orderBy(asc(subcategories.rowOrder), asc(subcategories.id));
  return rows.map((r) => ({ ...r, hasUnlocked: Boolean(r.hasUnlocked), questionCount: Number(r.questionCount), maxLevel: Number(r.maxLevel) }));
}

/** Playable questions per level of a category (subcategoryId null: the category's own questions). */
export async function countQuestionsByLevel(db: Conn, categoryId: number, subcategoryId: number | null): Promise<{ level: number; count: number }[]> {
  const rows = await db
    .select({ level: questionCounts.level, count: questionCounts.questions })
    .from(questionCounts)
    .where(and(eq(questionCounts.categoryId, categoryId), eq(questionCounts.subcategoryId, subcategoryId ?? 0), playableCount()))
    .orderBy(asc(questionCounts.level));
  return rows.map((r) => ({ level: r.level, count: Number(r.count) }));
}

/** The best share right of each level the player passed here, from their settled quiz-zone plays. */
export async function readBestPasses(db: Conn, userId: number, categoryId: number, subcategoryId: number | null): Promise<Map<number, number>> {
  const rows = rowsOf<{ level: number; best: number }>(await db.execute(sql`
    select level, max((result ->> 'percentage')::int) as best
    from play_sessions
    where user_id = ${userId} and mode = 'quiz_zone' and category_id = ${categoryId}
      and ${subcategoryId === null ? sql`subcategory_id is null` : sql`subcategory_id = ${subcategoryId}`}
      and result is not null and (result ->> 'passed')::boolean
    group by level`));
  return new Map(rows.map((r) => [Number(r.level), Number(r.best)]));
}

/** The highest level the player passed here (0: none yet). */
export async function readHighestPassed(db: Conn, userId: number, categoryId: number, subcategoryId: number | null): Promise<number> {
  const rows = await db
    .select({ highest: levelProgress.highestPassed })
    .from(levelProgress)
    .where(
      and(
        eq(levelProgress.userId, userId),
        eq(levelProgress.categoryId, categoryId),
        subcategoryId === null ? isNull(levelProgress.subcategoryId) : eq(levelProgress.subcategoryId, subcategoryId),
      ),
    )
    .limit(1);
  return rows[0]?.highest ?? 0;
}

/** Placeholders (`$n`) of the values a level-pass statement reads, as the embedding statement numbers them. */
export interface LevelPassParams {
  readonly user: string;
  readonly category: string;
  /** Null: the category's own levels. */
  readonly subcategory: string;
  readonly level: string;
}

/**
 * SQL that records a passed level, to embed in a WITH clause of a settlement's statement (a
 * prepared statement: text with the caller's placeholders). Its one row (the progress row's id)
 * comes back only when the level was not passed before (newly passed): the row is created, or
 * raised, under its unique key, so two settlements racing for the same level cannot both see it
 * as new.
 */
export function levelPassedSql(p: LevelPassParams): string {
  return `insert into level_progress (user_id, category_id, subcategory_id, highest_passed)
      values (${p.user}::int, ${p.category}::int, ${p.subcategory}::int, ${p.level}::int)
      on conflict (user_id, category_id, subcategory_id) do update set highest_passed = excluded.highest_passed, updated_at = now()
        where level_progress.highest_passed < excluded.highest_passed
      returning id`;
}

/** SQL (a boolean): whether a place has a playable question above the level, a next level to unlock (the rule of `playableQuestion`). */
export function levelAboveSql(p: Omit<LevelPassParams, 'user'>): string {
  return `exists (select 1 from questions q
      where q.category_id = ${p.category}::int and q.level > ${p.level}::int
        and (case when ${p.subcategory}::int is null then q.subcategory_id is null else q.subcategory_id = ${p.subcategory}::int end)
        and q.status and (q.subcategory_id is null or exists (select 1 from subcategories s where s.id = q.subcategory_id and s.status)))`;
}

export async function isUnlocked(db: Conn, userId: number, categoryId: number, subcategoryId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: unlockedCategories.id })
    .from(unlockedCategories)
    .where(
      and(
        eq(unlockedCategories.userId, userId),
        eq(unlockedCategories.categoryId, categoryId),
        subcategoryId === null ? isNull(unlockedCategories.subcategoryId) : eq(unlockedCategories.subcategoryId, subcategoryId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Records an unlock; false when the player had already unlocked it. A concurrent unlock of the
 * same place waits on the unique key and then finds it taken.
 */
export async function insertUnlock(tx: Tx, input: { userId: number; categoryId: number; subcategoryId: number | null; coins: number }): Promise<boolean> {
  const rows = await tx.insert(unlockedCategories).values(input).onConflictDoNothing().returning({ id: unlockedCategories.id });
  return rows.length > 0;
}

/** Whether a subcategory or the category itself has any playable question (for unlock checks of empty places). */
export async function hasPlayableQuestions(db: Conn, categoryId: number, subcategoryId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        eq(questions.categoryId, categoryId),
        subcategoryId === null ? sql`true` : eq(questions.subcategoryId, subcategoryId),
        playableQuestion(),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Per category of `categoryIds`: its levels (every place's), the levels the player passed, and the best share right of each level passed. */
export async function readCategoryProgress(
  db: Conn,
  userId: number,
  categoryIds: readonly number[],
): Promise<Map<number, { levels: number; passed: number; bests: number[] }>> {
  const out = new Map<number, { levels: number; passed: number; bests: number[] }>();
  if (categoryIds.length === 0) return out;
  const ids = sql.join(
    categoryIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [levels, passed, bests] = await Promise.all([
    db.execute(sql`select category_id, count(*)::int as levels from ${questionCounts} where category_id in (${ids}) and questions > 0 group by category_id`),
    // A place's highest level passed, never beyond its last level (a level emptied since counts no more).
    db.execute(sql`
      select lp.category_id, sum(least(lp.highest_passed, places.last_level))::int as passed
      from ${levelProgress} lp
      join (select category_id, subcategory_id, max(level) as last_level from ${questionCounts} where category_id in (${ids}) and questions > 0 group by category_id, subcategory_id) places
        on places.category_id = lp.category_id and places.subcategory_id = coalesce(lp.subcategory_id, 0)
      where lp.user_id = ${userId}
      group by lp.category_id`),
    db.execute(sql`
      select category_id, max((result ->> 'percentage')::int) as best
      from play_sessions
      where user_id = ${userId} and category_id in (${ids}) and level is not null and result is not null and (result ->> 'passed')::boolean
      group by category_id, subcategory_id, level`),
  ]);
  for (const r of rowsOf<{ category_id: number; levels: number }>(levels)) out.set(Number(r.category_id), { levels: Number(r.levels), passed: 0, bests: [] });
  for (const r of rowsOf<{ category_id: number; passed: number }>(passed)) {
    const entry = out.get(Number(r.category_id));
    if (entry) entry.passed = Math.min(Number(r.passed), entry.levels);
  }
  for (const r of rowsOf<{ category_id: number; best: number }>(bests)) out.get(Number(r.category_id))?.bests.push(Number(r.best));
  return out;
}
