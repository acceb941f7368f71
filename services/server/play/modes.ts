import { flagSetting, intSetting, type SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { ApiError } from '@/services/server/gateway/api-error';
import { dayOf, resolveCalendar } from '@/services/server/play/clock';
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

/** The question-serving calls of the solo modes of issue 4, each opening (or resuming) a play session. */

function requireMode(settings: SettingsMap, key: string): void {
  if (!flagSetting(settings, key)) throw new ApiError('mode_disabled', { detail: `${key} is off` });
}

/** Most bookmarked questions one bookmark play serves. */
export const BOOKMARK_PLAY_MAX = 50;

/**
 * Quiz zone: the questions of one level of a category or subcategory; locked levels and premium
 * places refused. Everything it checks (the place, its premium locks, the level progress) is read
 * in one statement with the player's open session of the level and coins; the refusals come in the
 * order of `resolvePlace`, `assertPlaceUnlocked`, `assertLevelOpen`.
 */
export async function openQuizZone(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { category: string; subcategory?: string | undefined; level: number; languageId: number },
): Promise<SessionData> {
  requireMode(settings, 'quiz_zone_mode');
  const start = await readQuizZoneStart(db, { ...input, userId, type: CATEGORY_TYPES.quiz_zone });
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
    mode: 'quiz_zone',
    contextKey: `quiz_zone:${categoryId}:${subcategoryId ?? 0}:${input.level}`,
    categoryId,
    subcategoryId,
    level: input.level,
    languageId: category.languageId,
    timePerQuestion: intSetting(settings, 'quiz_zone_duration'),
    settleStale: true,
    known: { openSessionId: start.openSessionId, coins: start.coins, timeExtension: start.timeExtension },
    pick: (conn) =>
      pickQuestions(
        conn,
        { categoryId, subcategoryId, level: input.level, withOptionE: flagSetting(settings, 'option_e_mode') },
        intSetting(settings, 'quiz_zone_total_level_question'),
        flagSetting(settings, 'question_shuffle_mode'),
      ),
  });
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
  const calendar = resolveCalendar({ timezone: input.timezone, gmtFormat: input.gmtFormat }, settings.default_timezone ?? 'UTC');
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
          const drawn = await pickQuestionIds(tx, { languageId, withOptionE, access: { userId: null } }, intSetting(settings, 'daily_quiz_total_question'), true);
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
export async function openTrueFalse(db: Db, settings: SettingsMap, userId: number, input: { languageId: number }): Promise<SessionData> {
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
        { languageId, questionType: 'boolean', withOptionE: false, access: { userId } },
        intSetting(settings, 'true_false_total_question'),
        true,
      ),
  });
}

/** Self challenge: the player's number of questions from a category or subcategory, on one clock of `minutes`. */
export async function openSelfChallenge(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { category: string; subcategory?: string | undefined; languageId: number; limit: number; minutes: number },
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
  });
}

/** Bookmark play: practice on the player's bookmarked questions of a kind. */
export async function openBookmarkPlay(db: Db, settings: SettingsMap, userId: number, input: { type: string }): Promise<SessionData> {
  requireMode(settings, 'bookmark_mode');
  return openSession(db, settings, userId, {
    mode: 'bookmark',
    contextKey: `bookmark:${input.type}`,
    timePerQuestion: intSetting(settings, 'quiz_zone_duration'),
    settleStale: true,
    async pick(conn) {
      const ids = (await listBookmarkIds(conn, userId, input.type, BOOKMARK_PLAY_MAX)).map((b) => b.questionId);
      const playable = await loadServable(conn, ids, flagSetting(settings, 'option_e_mode'), { userId });
      return flagSetting(settings, 'question_shuffle_mode') ? shuffled(playable) : playable;
    },
  });
}

/** Questions one maths-mania play serves (at most; a smaller place serves what it has). */
export const MATHS_SET_SIZE = 10;

/**
 * Maths mania (get_maths_questions: `type` category or subcategory, `type_id`): the questions of
 * a maths category or subcategory, premium places refused. Its place is recorded at level 1, so
 * coins come with the first pass of the place only (rules.md, Solo play).
 */
export async function openMaths(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { type: 'category' | 'subcategory'; typeId: number },
): Promise<SessionData> {
  requireMode(settings, 'maths_quiz_mode');
  const categoryRef = input.type === 'subcategory' ? await findSubcategoryParent(db, input.typeId) : input.typeId;
  if (categoryRef === null) throw new ApiError('102', { field: 'type_id', detail: `no subcategory ${input.typeId}` });
  const place = await resolvePlace(
    db,
    {
      category: String(categoryRef),
      subcategory: input.type === 'subcategory' ? String(input.typeId) : undefined,
      languageId: 0,
      fields: { category: 'type_id', subcategory: 'type_id' },
    },
    CATEGORY_TYPES.maths,
  );
  await assertPlaceUnlocked(db, userId, place);
  const categoryId = place.category.id;
  const subcategoryId = place.subcategory?.id ?? null;
  return openSession(db, settings, userId, {
    mode: 'maths',
    contextKey: `maths:${categoryId}:${subcategoryId ?? 0}`,
    categoryId,
    subcategoryId,
    level: 1,
    languageId: place.category.languageId,
    timePerQuestion: intSetting(settings, 'maths_duration'),
    settleStale: true,
    pick: (conn) =>
      pickQuestions(
        conn,
        // A category's play takes the questions of all its subcategories.
        { categoryId, ...(subcategoryId === null ? {} : { subcategoryId }), withOptionE: flagSetting(settings, 'option_e_mode') },
        MATHS_SET_SIZE,
        true,
      ),
  });
}
