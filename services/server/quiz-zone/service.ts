import type { QuizCategory } from '@/services/domain/quiz-zone';
import { starsFor } from '@/services/domain/scoring';
import type { Db } from '@/services/server/db/client';
import { CATEGORY_TYPES } from '@/services/server/db/schema';
import { moveCoins } from '@/services/server/economy/ledger';
import { ApiError } from '@/services/server/gateway/api-error';
import {
  countQuestionsByLevel,
  findCategory,
  findSubcategory,
  insertUnlock,
  isUnlocked,
  listPlayableCategories,
  listPlayableSubcategories,
  readBestPasses,
  readCategoryProgress,
  readHighestPassed,
  type CategoryRef,
  type SubcategoryRef,
} from '@/services/server/quiz-zone/repository';
import { findFinishedPlay, readCoins } from '@/services/server/play/repository';

/**
 * Quiz-zone content as a player sees it: categories and subcategories with their premium lock,
 * levels with their lock, premium unlocks. Level progress is written only by settling a play
 * (services/server/play/settle.ts); the spec's set_* calls here only check it.
 */

/** A category, and the subcategory when one was named: where a quiz-zone play happens. */
export interface Place {
  readonly category: CategoryRef;
  readonly subcategory: SubcategoryRef | null;
}

export interface PlaceInput {
  /** Id or slug. */
  readonly category: string;
  readonly subcategory?: string | undefined;
  /** Content language (0: every language, the default one wins a shared slug). */
  readonly languageId: number;
  /** Names of the input fields, for the refusal. */
  readonly fields?: { category: string; subcategory: string };
}

/** Finds the category (of the quiz zone) and subcategory; unknown ones answer 102 naming the field. */
export async function resolvePlace(db: Db, input: PlaceInput, type: number = CATEGORY_TYPES.quiz_zone): Promise<Place> {
  const fields = input.fields ?? { category: 'category', subcategory: 'subcategory' };
  const category = await findCategory(db, { ref: input.category, type, languageId: input.languageId });
  if (!category) throw new ApiError('102', { field: fields.category, detail: `no category ${input.category}` });
  if (!input.subcategory) return { category, subcategory: null };
  const subcategory = await findSubcategory(db, category.id, input.subcategory);
  if (!subcategory) throw new ApiError('102', { field: fields.subcategory, detail: `no subcategory ${input.subcategory} in ${category.slug}` });
  return { category, subcategory };
}

/** Premium categories and subcategories are playable only once unlocked. */
export async function assertPlaceUnlocked(db: Db, userId: number, place: Place): Promise<void> {
  if (place.category.isPremium && !(await isUnlocked(db, userId, place.category.id, null))) {
    throw new ApiError('premium_locked', { field: 'category', detail: `${place.category.slug} is premium and not unlocked` });
  }
  const sub = place.subcategory;
  if (sub?.isPremium && !(await isUnlocked(db, userId, place.category.id, sub.id))) {
    throw new ApiError('premium_locked', { field: 'subcategory', detail: `${sub.slug} is premium and not unlocked` });
  }
}

/** Category types whose questions a mode serves: every kind (1 quiz zone … 6 multi match). */
export const SERVED_CATEGORY_TYPES: ReadonlySet<number> = new Set(Object.values(CATEGORY_TYPES));

/** One category as get_categories answers it (the shape is shared with the web app). */
export type CategoryItem = QuizCategory;

export async function listCategories(db: Db, userId: number, input: { type: number; languageId: number }): Promise<CategoryItem[]> {
  // The kinds whose questions are served so far; the others list their categories when their modes arrive.
  if (!SERVED_CATEGORY_TYPES.has(input.type)) throw new ApiError('102', { field: 'type', detail: `no playable categories of type ${input.type} yet` });
  const rows = await listPlayableCategories(db, { type: input.type, languageId: input.languageId, userId });
  if (rows.length === 0) throw new ApiError('102', { detail: 'no categories' });
  const progress = await readCategoryProgress(db, userId, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    category_name: r.name,
    language_id: r.languageId,
    image: r.image,
    is_premium: r.isPremium,
    coins: r.coins,
    has_unlocked: !r.isPremium || r.hasUnlocked,
    no_of_subcategories: r.subcategoryCount,
    no_of_questions: r.questionCount,
    maxlevel: r.maxLevel,
    progress: progressOf(progress.get(r.id)),
  }));
}

/** A category's progress for its card: stars by the best pass of each level (services/domain/scoring.ts, starsFor). */
function progressOf(p: { levels: number; passed: number; bests: number[] } | undefined): QuizCategory['progress'] {
  if (!p) return { levels: 0, passed: 0, stars: 0 };
  return { levels: p.levels, passed: p.passed, stars: p.bests.reduce((sum, best) => sum + starsFor(true, best), 0) };
}

export interface SubcategoryItem {
  id: number;
  slug: string;
  subcategory_name: string;
  category_id: number;
  category_slug: string;
  image: string | null;
  is_premium: boolean;
  coins: number;
  has_unlocked: boolean;
  no_of_questions: number;
  maxlevel: number;
}

export async function listSubcategories(
  db: Db,
  userId: number,
  input: { category: string; subcategory?: string | undefined; languageId: number; type?: number },
): Promise<SubcategoryItem[]> {
  const place = await resolvePlace(db, { ...input, fields: { category: 'category_slug', subcategory: 'subcategory_slug' } }, input.type ?? CATEGORY_TYPES.quiz_zone);
  const rows = await listPlayableSubcategories(db, { categoryId: place.category.id, userId, only: place.subcategory?.id });
  if (rows.length === 0) throw new ApiError('102', { detail: `no subcategories with questions in ${place.category.slug}` });
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    subcategory_name: r.name,
    category_id: place.category.id,
    category_slug: place.category.slug,
    image: r.image,
    is_premium: r.isPremium,
    coins: r.coins,
    has_unlocked: !r.isPremium || r.hasUnlocked,
    no_of_questions: r.questionCount,
    maxlevel: r.maxLevel,
  }));
}

export interface LevelData {
  max_level: number;
  /** The highest level the player may play now. */
  level_unlocked: number;
  /** `stars`: 0–3 from the best pass of the level (services/domain/scoring.ts, starsFor). */
  levels: { level: number; no_of_questions: number; unlocked: boolean; stars: number }[];
}

/** Level n is open when n − 1 was passed (level 1 always); a player never sees a level beyond the last. */
export function levelUnlocked(highestPassed: number, maxLevel: number): number {
  return Math.max(1, Math.min(highestPassed + 1, maxLevel));
}

export async function getLevelData(db: Db, userId: number, place: Place): Promise<LevelData> {
  const counts = await countQuestionsByLevel(db, place.category.id, place.subcategory?.id ?? null);
  if (counts.length === 0) throw new ApiError('102', { detail: 'no questions found' });
  const maxLevel = counts[counts.length - 1]!.level;
  const highest = await readHighestPassed(db, userId, place.category.id, place.subcategory?.id ?? null);
  const open = levelUnlocked(highest, maxLevel);
  const best = await readBestPasses(db, userId, place.category.id, place.subcategory?.id ?? null);
  return {
    max_level: maxLevel,
    level_unlocked: open,
    levels: counts.map((c) => ({ level: c.level, no_of_questions: c.count, unlocked: c.level <= open, stars: best.has(c.level) ? starsFor(true, best.get(c.level)!) : 0 })),
  };
}

/** The level a player may open: refused with `level_locked` when the level before it was not passed. */
export async function assertLevelOpen(db: Db, userId: number, place: Place, level: number): Promise<void> {
  if (level <= 1) return;
  const highest = await readHighestPassed(db, userId, place.category.id, place.subcategory?.id ?? null);
  if (level > highest + 1) throw new ApiError('level_locked', { field: 'level', detail: `level ${level} needs level ${level - 1} passed (passed: ${highest})` });
}

/** set_level_data: a client's report that it passed `level` is accepted only when the server recorded that pass. */
export async function verifyLevelPassed(db: Db, userId: number, place: Place, level: number) {
  const highest = await readHighestPassed(db, userId, place.category.id, place.subcategory?.id ?? null);
  if (level > highest) {
    throw new ApiError('level_not_passed', { field: 'level', detail: `the server recorded levels up to ${highest} as passed` });
  }
  return { category: place.category.id, subcategory: place.subcategory?.id ?? null, level, level_passed: highest, verified: true as const };
}

/**
 * Unlocks a premium category (or subcategory) for coins: records the unlock and takes the price
 * through the ledger in one transaction, so the price is taken once and only with the unlock.
 */
export async function unlockPremium(db: Db, userId: number, place: Place) {
  const target = place.subcategory ?? place.category;
  const field = place.subcategory ? 'subcategory' : 'category';
  if (!target.isPremium) throw new ApiError('103', { field, detail: `${target.slug} is not premium` });
  if (place.subcategory && place.category.isPremium && !(await isUnlocked(db, userId, place.category.id, null))) {
    throw new ApiError('premium_locked', { field: 'category', detail: 'unlock the category first' });
  }
  const subcategoryId = place.subcategory?.id ?? null;
  const balance = await db.transaction(async (tx) => {
    const inserted = await insertUnlock(tx, { userId, categoryId: place.category.id, subcategoryId, coins: target.coins });
    if (!inserted) throw new ApiError('132', { field, detail: `${target.slug} is already unlocked` });
    if (target.coins === 0) return null;
    const moved = await moveCoins(tx, {
      userId,
      amount: -target.coins,
      type: 'premium_unlock',
      title: `Unlocked ${target.name}`,
      idempotencyKey: `unlock:${userId}:${place.category.id}:${subcategoryId ?? 0}`,
    });
    return moved.balance;
  });
  return {
    category: place.category.id,
    subcategory: subcategoryId,
    coins_spent: target.coins,
    coins: balance ?? (await readCoins(db, userId)),
    has_unlocked: true as const,
  };
}

/** Spec `type` of set_quiz_categories → the play mode whose pass it reports. */
const MODE_OF_TYPE: Record<number, string> = { 1: 'quiz_zone', 2: 'fun_n_learn', 3: 'guess_the_word', 4: 'audio', 5: 'maths', 6: 'multi_match' };

/**
 * set_quiz_categories: the client reports it completed a category (or subcategory) of a mode.
 * Accepted only when the server settled a passed play of that mode there; records nothing.
 */
export async function verifyQuizCategory(db: Db, userId: number, input: { type: number; place: Place }) {
  const mode = MODE_OF_TYPE[input.type]!;
  const found = await findFinishedPlay(db, {
    userId,
    mode,
    categoryId: input.place.category.id,
    subcategoryId: input.place.subcategory?.id ?? null,
    passed: true,
  });
  if (!found) throw new ApiError('result_not_recorded', { field: 'category', detail: `no passed ${mode} play recorded in this category` });
  return { type: input.type, category: input.place.category.id, subcategory: input.place.subcategory?.id ?? null, verified: true as const };
}
