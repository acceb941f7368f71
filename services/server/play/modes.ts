import { flagSetting, intSetting, type SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { ApiError } from '@/services/server/gateway/api-error';
import { dayOf, playerCalendar } from '@/services/server/play/clock';
import { servedLanguageId } from '@/services/server/play/language';
import { openSession, type SessionData } from '@/services/server/play/open';
import {
  insertDailyPlay,
  insertDailyQuiz,
  listBookmarkIds,
  loadServable,
  pickQuestionIds,
  pickQuestions,
  readDailyPlay,
  readDailyQuiz,
  readQuizZoneStart,
} from '@/services/server/play/repository';
import { shuffled } from '@/services/server/play/views';
import { CATEGORY_TYPES } from '@/services/server/db/schema';
import { assertPlaceUnlocked, resolvePlace } from '@/services/server/quiz-zone/service';
import { findSubcategoryParent } from '@/services/server/quiz-zone/repository';
import { findFunNLearnItem, listFunNLearnItems } from '@/services/server/play/fun-n-learn';
import { BOOKMARK_SHAPES } from '@/services/server/play/library';
import type { FunNLearnItem } from '@/services/domain/play-session';

/** The question-serving calls of the solo modes of issue 4, each opening (or resuming) a play session. */

function requireMode(settings: SettingsMap, key: string): void {
  if (!flagSetting(settings, key)) throw new ApiError('mode_disabled', { detail: `${key} is off` });
}

/** Most bookmarked questions one bookmark play serves. */
export const BOOKMARK_PLAY_MAX = 50;

/** The modes played by level in a category or subcategory, with their settings. */
const LEVEL_MODES = {
  quiz_zone: { flag: 'quiz_zone_mode', type: CATEGORY_TYPES.quiz_zone, duration: 'quiz_zone_duration', size: 'quiz_zone_total_level_question' },
  multi_match: { flag: 'multi_match_mode', type: CATEGORY_TYPES.multi_match, duration: 'multi_match_duration', size: 'multi_match_total_level_question' },
} as const;

/**
 * Quiz zone and multi match: the questions of one level of a category or subcategory; locked
 * levels and premium places refused. Everything it checks (the place, its premium locks, the
 * level progress) is read in one statement with the player's open session of the level and coins;
 * the refusals come in the order of `resolvePlace`, `assertPlaceUnlocked`, `assertLevelOpen`.
 */
export async function openQuizZone(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { category: string; subcategory?: string | undefined; level: number; languageId: number },
  mode: keyof typeof LEVEL_MODES = 'quiz_zone',
  now: Date = new Date(),
): Promise<SessionData> {
  const kind = LEVEL_MODES[mode];
  requireMode(settings, kind.flag);
  const start = await readQuizZoneStart(db, { ...input, userId, type: kind.type, contextPrefix: mode });
  if (!start) throw new ApiError('102', { field: 'category', detail: `no category ${input.category}` });
  const { category, subcategory } = start;
  if (input.subcategory && !subcategory) throw new ApiError('102', { field: 'subcategory', detail: `no subcategory ${input.subcategory} in ${category.slug}` });
  if (start.categoryLocked) throw new ApiError('premium_locked', { field: 'category', detail: `${category.slug} is premium and not unlocked` });
  if (subcategory && start.subcategoryLocked) throw new ApiError('premium_locked', { field: 'subcategory', detail: `${subcategory.slug} is premium and not unlocked` });
  if (input.level > 1 && input.level > start.highestPassed + 1) {
    throw new ApiError('level_locked', { field: 'level', detail: `level ${input.level} needs level ${input.level - 1} passed (passed: ${start.highestPassed})` });
  }
  const categoryId = category.id;
  const subcategoryId = subcategory?.id ?? null;
  return openSession(db, settings, userId, {
    mode,
    contextKey: `${mode}:${categoryId}:${subcategoryId ?? 0}:${input.level}`,
    categoryId,
    subcategoryId,
    level: input.level,
    languageId: category.languageId,
    timePerQuestion: intSetting(settings, kind.duration),
    settleStale: true,
    known: { openSessionId: start.openSessionId, coins: start.coins, timeExtension: start.timeExtension },
    pick: (conn) =>
      pickQuestions(
        conn,
        { categoryId, subcategoryId, level: input.level, withOptionE: flagSetting(settings, 'option_e_mode') },
        intSetting(settings, kind.size),
        flagSetting(settings, 'question_shuffle_mode'),
      ),
  }, now);
}

/**
 * Daily quiz: the day's set of the content language (the admin's pick, or a draw stored by the
 * first request of the day), once a day in the player's timezone. The play is recorded under the
 * unique key (player, day) in the transaction that opens it; a day already played answers 112.
 */
export async function openDailyQuiz(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { languageId: number; timezone?: string | undefined; gmtFormat?: string | undefined },
  now: Date = new Date(),
): Promise<SessionData> {
  requireMode(settings, 'daily_quiz_mode');
  const calendar = playerCalendar(input, settings);
  const day = dayOf(calendar, now);
  const languageId = await servedLanguageId(db, input.languageId);
  const played = await readDailyPlay(db, userId, day);
  if (played?.finishedAt) throw new ApiError('112', { detail: `the daily quiz of ${day} was played` });
  const withOptionE = flagSetting(settings, 'option_e_mode');
  return openSession(
    db,
    settings,
    userId,
    {
      mode: 'daily_quiz',
      contextKey: `daily_quiz:${day}`,
      languageId,
      day,
      timePerQuestion: intSetting(settings, 'daily_quiz_duration'),
      settleStale: false,
      async pick(tx) {
        let ids = await readDailyQuiz(tx, languageId, day);
        if (!ids) {
          // The day's set is shared by every player: no premium content in a draw.
          const drawn = await pickQuestionIds(
            tx,
            { languageId, withOptionE, access: { userId: null }, categoryType: CATEGORY_TYPES.quiz_zone, questionTypes: ['multiple', 'boolean'] },
            intSetting(settings, 'daily_quiz_total_question'),
            true,
          );
          if (drawn.length === 0) return [];
          await insertDailyQuiz(tx, languageId, day, drawn);
          ids = (await readDailyQuiz(tx, languageId, day)) ?? drawn;
        }
        return loadServable(tx, ids, withOptionE);
      },
      async afterInsert(tx, row) {
        const recorded = await insertDailyPlay(tx, { userId, day, languageId, sessionId: row.id });
        if (!recorded) throw new ApiError('112', { detail: `the daily quiz of ${day} was played` });
      },
    },
    now,
  );
}

/**
 * True and false: random true/false statements (`type` 2) of one language. A call that names no
 * language (language mode off, or a browser that has not loaded the languages yet) gets the
 * default language's, as the daily quiz does: one play never mixes languages.
 */
export async function openTrueFalse(db: Db, settings: SettingsMap, userId: number, input: { languageId: number }, now: Date = new Date()): Promise<SessionData> {
  requireMode(settings, 'true_false_mode');
  const languageId = await servedLanguageId(db, input.languageId);
  return openSession(db, settings, userId, {
    mode: 'true_false',
    contextKey: `true_false:${languageId}`,
    languageId,
    timePerQuestion: intSetting(settings, 'true_false_duration'),
    settleStale: true,
    pick: (conn) =>
      pickQuestions(
        conn,
        { languageId, questionType: 'boolean', categoryType: CATEGORY_TYPES.quiz_zone, withOptionE: false, access: { userId } },
        intSetting(settings, 'true_false_total_question'),
        true,
      ),
  }, now);
}

/** Self challenge: the player's number of questions from a category or subcategory, on one clock of `minutes`. */
export async function openSelfChallenge(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { category: string; subcategory?: string | undefined; languageId: number; limit: number; minutes: number },
  now: Date = new Date(),
): Promise<SessionData> {
  requireMode(settings, 'self_challenge_mode');
  const maxQuestions = intSetting(settings, 'self_challenge_max_questions');
  const maxMinutes = intSetting(settings, 'self_challenge_max_minutes');
  if (input.limit > maxQuestions) throw new ApiError('103', { field: 'limit', detail: `limit: must be at most ${maxQuestions}` });
  if (input.minutes > maxMinutes) throw new ApiError('103', { field: 'minutes', detail: `minutes: must be at most ${maxMinutes}` });
  const place = await resolvePlace(db, { ...input, fields: { category: 'category_slug', subcategory: 'subcategory_slug' } });
  await assertPlaceUnlocked(db, userId, place);
  const categoryId = place.category.id;
  const subcategoryId = place.subcategory?.id;
  return openSession(db, settings, userId, {
    mode: 'self_challenge',
    contextKey: `self_challenge:${categoryId}:${subcategoryId ?? 0}:${input.limit}:${input.minutes}`,
    categoryId,
    subcategoryId: subcategoryId ?? null,
    languageId: place.category.languageId,
    totalTime: input.minutes * 60,
    settleStale: true,
    pick: (conn) => pickQuestions(conn, { categoryId, subcategoryId, withOptionE: flagSetting(settings, 'option_e_mode') }, input.limit, true),
  }, now);
}

/** Bookmark play: practice on the player's bookmarked questions of a kind. */
export async function openBookmarkPlay(db: Db, settings: SettingsMap, userId: number, input: { type: string }, now: Date = new Date()): Promise<SessionData> {
  requireMode(settings, 'bookmark_mode');
  return openSession(db, settings, userId, {
    mode: 'bookmark',
    contextKey: `bookmark:${input.type}`,
    timePerQuestion: intSetting(settings, 'quiz_zone_duration'),
    settleStale: true,
    async pick(conn) {
      const ids = (await listBookmarkIds(conn, userId, input.type, BOOKMARK_PLAY_MAX)).map((b) => b.questionId);
      // A bookmark play holds the shapes of its kind only (set_bookmark checks them too).
      const shapes: readonly string[] = BOOKMARK_SHAPES[input.type] ?? [];
      const playable = (await loadServable(conn, ids, flagSetting(settings, 'option_e_mode'), { userId })).filter((q) => shapes.includes(q.questionType));
      return flagSetting(settings, 'question_shuffle_mode') ? shuffled(playable) : playable;
    },
  }, now);
}

/** Questions one play of a category or subcategory serves in maths mania, guess the word and audio (at most; a smaller place serves what it has). */
export const PLACE_SET_SIZE = 10;

/** The modes that play a set of a category or subcategory (`type`, `type_id`), with their settings. */
const PLACE_MODES = {
  maths: { flag: 'maths_quiz_mode', type: CATEGORY_TYPES.maths, duration: 'maths_duration' },
  guess_the_word: { flag: 'guess_the_word_mode', type: CATEGORY_TYPES.guess_the_word, duration: 'guess_the_word_duration' },
  audio: { flag: 'audio_mode', type: CATEGORY_TYPES.audio, duration: 'audio_duration' },
} as const;
export type PlaceMode = keyof typeof PLACE_MODES;

/**
 * Maths mania (get_maths_questions), guess the word (get_guess_the_word) and audio questions
 * (get_audio_questions): `type` category or subcategory and `type_id`, the questions of a place of
 * the mode's kind, premium places refused. The place is recorded at level 1, so coins come with
 * its first pass only (rules.md, Solo play).
 */
export async function openPlaceSet(
  db: Db,
  settings: SettingsMap,
  userId: number,
  mode: PlaceMode,
  input: { type: 'category' | 'subcategory'; typeId: number },
  now: Date = new Date(),
): Promise<SessionData> {
  const kind = PLACE_MODES[mode];
  requireMode(settings, kind.flag);
  const place = await resolveTypedPlace(db, kind.type, input);
  await assertPlaceUnlocked(db, userId, place);
  const categoryId = place.category.id;
  const subcategoryId = place.subcategory?.id ?? null;
  return openSession(db, settings, userId, {
    mode,
    contextKey: `${mode}:${categoryId}:${subcategoryId ?? 0}`,
    categoryId,
    subcategoryId,
    level: 1,
    languageId: place.category.languageId,
    timePerQuestion: intSetting(settings, kind.duration),
    settleStale: true,
    pick: (conn) =>
      pickQuestions(
        conn,
        // A category's play takes the questions of all its subcategories.
        { categoryId, ...(subcategoryId === null ? {} : { subcategoryId }), withOptionE: flagSetting(settings, 'option_e_mode') },
        PLACE_SET_SIZE,
        true,
      ),
  }, now);
}

/** A category or subcategory of one kind named by `type` and `type_id`; unknown: 102 naming `type_id`. */
async function resolveTypedPlace(db: Db, categoryType: number, input: { type: 'category' | 'subcategory'; typeId: number }) {
  const categoryRef = input.type === 'subcategory' ? await findSubcategoryParent(db, input.typeId) : input.typeId;
  if (categoryRef === null) throw new ApiError('102', { field: 'type_id', detail: `no subcategory ${input.typeId}` });
  return resolvePlace(
    db,
    {
      category: String(categoryRef),
      subcategory: input.type === 'subcategory' ? String(input.typeId) : undefined,
      languageId: 0,
      fields: { category: 'type_id', subcategory: 'type_id' },
    },
    categoryType,
  );
}

/** Maths mania: see `openPlaceSet`. */
export function openMaths(db: Db, settings: SettingsMap, userId: number, input: { type: 'category' | 'subcategory'; typeId: number }): Promise<SessionData> {
  return openPlaceSet(db, settings, userId, 'maths', input);
}


/** get_fun_n_learn: the comprehension items of a fun-and-learn category or subcategory that have questions. */
export async function listFunNLearn(db: Db, settings: SettingsMap, userId: number, input: { type: 'category' | 'subcategory'; typeId: number }): Promise<FunNLearnItem[]> {
  requireMode(settings, 'fun_n_learn_mode');
  const place = await resolveTypedPlace(db, CATEGORY_TYPES.fun_n_learn, input);
  await assertPlaceUnlocked(db, userId, place);
  const items = await listFunNLearnItems(db, { categoryId: place.category.id, subcategoryId: place.subcategory?.id ?? null });
  if (items.length === 0) throw new ApiError('102', { detail: 'no questions found' });
  return items.map((i) => ({
    id: i.id,
    title: i.title,
    detail: i.detail,
    content_type: i.contentType as FunNLearnItem['content_type'],
    content_data: i.contentData,
    category_id: i.categoryId,
    subcategory_id: i.subcategoryId,
    no_of_que: i.questionCount,
  }));
}

/**
 * Fun and learn (get_fun_n_learn_questions): the questions of one comprehension item, asked after
 * the player read it — the session, and so the clock, opens only now. Its place is the item's
 * category or subcategory at level 1: coins come with the place's first pass only (rules.md).
 */
export async function openFunNLearn(db: Db, settings: SettingsMap, userId: number, input: { funNLearnId: number }, now: Date = new Date()): Promise<SessionData> {
  requireMode(settings, 'fun_n_learn_mode');
  const item = await findFunNLearnItem(db, input.funNLearnId);
  if (!item) throw new ApiError('102', { field: 'fun_n_learn_id', detail: `no comprehension item ${input.funNLearnId}` });
  const place = await resolveTypedPlace(db, CATEGORY_TYPES.fun_n_learn, item.subcategoryId === null ? { type: 'category', typeId: item.categoryId } : { type: 'subcategory', typeId: item.subcategoryId });
  await assertPlaceUnlocked(db, userId, place);
  return openSession(db, settings, userId, {
    mode: 'fun_n_learn',
    contextKey: `fun_n_learn:${item.id}`,
    categoryId: item.categoryId,
    subcategoryId: item.subcategoryId,
    level: 1,
    languageId: item.languageId,
    timePerQuestion: intSetting(settings, 'fun_n_learn_duration'),
    settleStale: true,
    pick: (conn) => pickQuestions(conn, { funNLearnId: item.id, withOptionE: flagSetting(settings, 'option_e_mode') }, FUN_N_LEARN_MAX_QUESTIONS, false),
  }, now);
}

/** Most questions one comprehension item serves. */
export const FUN_N_LEARN_MAX_QUESTIONS = 50;
