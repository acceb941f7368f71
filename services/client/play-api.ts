import { apiRequest, type ApiResult } from '@/services/client/api';
import type { QuizPlayServices } from '@/machines/quiz-play/quiz-play.machine';
import type { BadgeKey, BadgeStatus } from '@/services/domain/badges';
import {
  OPEN_PLAY_ENDPOINT,
  type LifelineData,
  type OpenPlayRequest,
  type PlayOption,
  type PlayResult,
  type PlayReview,
  type PlaySession,
  type QuestionClockData,
  type QuestionPayload,
  type QuestionType,
  type SessionPayload,
  type SubmitAnswerPayload,
  type SubmitAnswerResult,
  type UseLifelinePayload,
  type WordHintData,
  type FunNLearnItem,
} from '@/services/domain/play-session';
import { QUIZ_ZONE_CATEGORY_TYPE, type QuizCategory } from '@/services/domain/quiz-zone';
import { selectLanguageId } from '@/services/store/selectors';
import { getAppStore } from '@/services/store/store';
import { coinsChanged } from '@/services/store/user-slice';

/**
 * Typed fetchers for solo play (docs/api.md, "Solo play", "Leaderboards", "Badges") and the live
 * actors of the quiz-play machine. Every fetcher answers the full ApiResult and never toasts:
 * the pages show loading, empty ("no data" is 102), error with retry, or the refusal's text where
 * it belongs (a dialog, a form). Calls that name a category by slug carry `language_id`, because
 * slugs repeat across content languages.
 */

const quiet = { toast: false } as const;

/** The chosen content language (0 when language mode is off), for calls that take a slug. */
const languageId = () => selectLanguageId(getAppStore().getState());

/** The balance the server reported last, for the header and the profile. */
function noteCoins(coins: unknown): void {
  if (typeof coins === 'number') getAppStore().dispatch(coinsChanged(coins));
}

// ---- Quiz zone ----

/** `get_categories` type 1: quiz zone. */
export const QUIZ_ZONE_TYPE = QUIZ_ZONE_CATEGORY_TYPE;

export type { QuizCategory };

export interface QuizSubcategory {
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

export interface LevelInfo {
  level: number;
  no_of_questions: number;
  unlocked: boolean;
  /** 0–3, from the player's best pass of the level (absent from an older server: none shown). */
  stars?: number;
}

export interface LevelData {
  max_level: number;
  /** The highest level the player may play now. */
  level_unlocked: number;
  levels: LevelInfo[];
}

export interface UnlockResult {
  category: number | string;
  subcategory: number | string | null;
  coins_spent: number;
  coins: number;
  has_unlocked: true;
}

/** `get_categories` type 5: maths mania. */
export const MATHS_TYPE = 5;

export const getCategories = (type: number = QUIZ_ZONE_TYPE): Promise<ApiResult<QuizCategory[]>> =>
  apiRequest<QuizCategory[]>('get_categories', { type, language_id: languageId() }, quiet);

/** The subcategories of a category, or only the one named by `subcategorySlug`. */
export const getSubcategories = (categorySlug: string, subcategorySlug?: string, type: number = QUIZ_ZONE_TYPE): Promise<ApiResult<QuizSubcategory[]>> =>
  apiRequest<QuizSubcategory[]>(
    'get_subcategory_by_maincategory',
    { category_slug: categorySlug, subcategory_slug: subcategorySlug, language_id: languageId(), ...(type === QUIZ_ZONE_TYPE ? {} : { type }) },
    quiet,
  );

/** The levels of a subcategory, or of the category itself when `subcategorySlug` is absent. */
export const getLevelData = (categorySlug: string, subcategorySlug?: string, type: number = QUIZ_ZONE_TYPE): Promise<ApiResult<LevelData>> =>
  apiRequest<LevelData>(
    type === MULTI_MATCH_TYPE ? 'get_multi_match_level_data' : 'get_level_data',
    { category_slug: categorySlug, subcategory_slug: subcategorySlug, language_id: languageId() },
    quiet,
  );

/** The category types of the question kinds (get_categories' `type`). */
export const FUN_N_LEARN_TYPE = 2;
export const GUESS_THE_WORD_TYPE = 3;
export const AUDIO_TYPE = 4;
export const MULTI_MATCH_TYPE = 6;

export type { FunNLearnItem };

export const getFunNLearnItems = (place: { type: 'category' | 'subcategory'; type_id: number }): Promise<ApiResult<FunNLearnItem[]>> =>
  apiRequest<FunNLearnItem[]>('get_fun_n_learn', { ...place, language_id: languageId() }, quiet);

/** Unlocks a premium category (or one of its subcategories): the server takes the price. */
export async function unlockPremium(place: { category: string; subcategory?: string; type?: number }): Promise<ApiResult<UnlockResult>> {
  const { type, ...rest } = place;
  const result = await apiRequest<UnlockResult>('unlock_premium_category', { ...rest, language_id: languageId(), ...(type && type !== QUIZ_ZONE_TYPE ? { type } : {}) }, quiet);
  if (result.ok) noteCoins(result.data.coins);
  return result;
}

// ---- Bookmarks, reports, statistics ----

/** Bookmarks of quiz questions (multiple choice and true/false). */
export const QUIZ_BOOKMARKS = '1';

export interface BookmarkItem {
  id: number;
  question: string;
  question_type: QuestionType;
  image: string | null;
  options: PlayOption[];
  category_id: number;
  bookmarked_at: string;
}

export interface BookmarkChange {
  question_id: number;
  type: string;
  bookmarked: boolean;
}

export const getBookmarks = (type: string = QUIZ_BOOKMARKS): Promise<ApiResult<BookmarkItem[]>> => apiRequest<BookmarkItem[]>('get_bookmark', { type }, quiet);

export interface BookmarkState {
  type: string;
  /** The asked question ids the player has bookmarked. */
  bookmarked: number[];
}

/** Which of these questions the player has bookmarked (an empty list when none: not a failure). */
export const getBookmarkState = (questionIds: readonly number[], type: string = QUIZ_BOOKMARKS): Promise<ApiResult<BookmarkState>> =>
  apiRequest<BookmarkState>('get_bookmark_state', { type, question_ids: questionIds.join(',') }, quiet);

export const setBookmark = (questionId: number, bookmarked: boolean, type: string = QUIZ_BOOKMARKS): Promise<ApiResult<BookmarkChange>> =>
  apiRequest<BookmarkChange>('set_bookmark', { question_id: questionId, status: bookmarked ? '1' : '0', type }, quiet);

/** Reports a question; multi match questions through the spec's own call. */
export const reportQuestion = (questionId: number, message: string, kind: string = QUIZ_BOOKMARKS): Promise<ApiResult<{ report_id: number }>> =>
  apiRequest<{ report_id: number }>(kind === MULTI_MATCH_BOOKMARKS ? 'multi_match_report_question' : 'report_question', { question_id: questionId, message }, quiet);

/** Bookmark kinds by question shape (set_bookmark's `type`): quiz questions, words, multi match. */
export const WORD_BOOKMARKS = '3';
export const MULTI_MATCH_BOOKMARKS = '6';
export const BOOKMARK_KINDS = [QUIZ_BOOKMARKS, WORD_BOOKMARKS, MULTI_MATCH_BOOKMARKS] as const;

/** The bookmark kind of a play's questions. */
export function bookmarkKindOf(request: OpenPlayRequest): string {
  if (request.mode === 'bookmark') return request.type;
  if (request.mode === 'guess_the_word') return WORD_BOOKMARKS;
  if (request.mode === 'multi_match') return MULTI_MATCH_BOOKMARKS;
  return QUIZ_BOOKMARKS;
}

export interface CategoryStatistics {
  category_id: number;
  category_name: string;
  answered: number;
  correct: number;
  ratio: number;
}

export interface StatisticsDay {
  /** YYYY-MM-DD in the player's timezone. */
  day: string;
  answered: number;
  correct: number;
}

export interface UserStatistics {
  questions_answered: number;
  correct_answers: number;
  /** Whole percent, rounded down. */
  ratio: number;
  strongest_category: CategoryStatistics | null;
  /** Null with fewer than two categories played. */
  weakest_category: CategoryStatistics | null;
  per_category: CategoryStatistics[];
  history: StatisticsDay[];
}

/** The player's timezone, as the browser knows it. */
export const browserTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const getStatistics = (): Promise<ApiResult<UserStatistics>> => apiRequest<UserStatistics>('get_users_statistics', { timezone: browserTimezone() }, quiet);

/** The profile's player card at a glance (get_player_summary). */
export interface PlayerSummary {
  /** On the all-time board; null without a place there. */
  rank: number | null;
  /** Days in a row with a finished play (alive while the last is today or yesterday). */
  streak: number;
  questions_answered: number;
  /** Whole percent. */
  accuracy: number;
  strongest_category: { category_name: string; ratio: number } | null;
  battles: { played: number; won: number };
  /** The last seven days, oldest first. */
  week: StatisticsDay[];
}

export const getPlayerSummary = (): Promise<ApiResult<PlayerSummary>> => apiRequest<PlayerSummary>('get_player_summary', { timezone: browserTimezone() }, quiet);

// ---- Leaderboards ----

export type LeaderboardBoard = 'daily' | 'monthly' | 'all_time';

const LEADERBOARD_ENDPOINT: Readonly<Record<LeaderboardBoard, string>> = {
  daily: 'get_daily_leaderboard',
  monthly: 'get_monthly_leaderboard',
  // The spec's name, misspelling included.
  all_time: 'get_globle_leaderboard',
};

export interface LeaderboardRow {
  user_id: number;
  name: string;
  profile: string | null;
  score: number;
  rank: number;
}

export interface LeaderboardPage {
  rows: LeaderboardRow[];
  topThree: LeaderboardRow[];
  /** The player's own place, even outside the page; null when not on the board. */
  myRank: { rank: number; score: number } | null;
  total: number;
}

const isRows = (v: unknown): v is LeaderboardRow[] => Array.isArray(v);
const isRank = (v: unknown): v is { rank: number; score: number } =>
  !!v && typeof v === 'object' && typeof (v as { rank?: unknown }).rank === 'number' && typeof (v as { score?: unknown }).score === 'number';

/** One page of a board, with the top three, the player's rank and the board's size. */
export async function getLeaderboard(board: LeaderboardBoard, page: { offset: number; limit: number }): Promise<ApiResult<LeaderboardPage>> {
  const result = await apiRequest<LeaderboardRow[]>(LEADERBOARD_ENDPOINT[board], page, quiet);
  if (!result.ok) return result;
  const { top_three, my_rank, total } = result.meta;
  return {
    ...result,
    data: {
      rows: result.data ?? [],
      topThree: isRows(top_three) ? top_three : [],
      myRank: isRank(my_rank) ? my_rank : null,
      total: typeof total === 'number' ? total : Number(total) || 0,
    },
  };
}

// ---- Badges ----

export interface BadgeItem {
  type: BadgeKey;
  status: BadgeStatus;
  /** Coins the reward is worth. */
  reward: number;
  /** The threshold of a badge that has one; null for a single event. */
  counter: number | null;
  /** How far the player is towards the threshold, where the server counts it. */
  progress: number | null;
  unlocked_at: string | null;
  claimed_at: string | null;
}

export interface BadgeClaim {
  type: BadgeKey;
  status: 'reward_claimed';
  reward: number;
  coins: number;
}

export const getUserBadges = (): Promise<ApiResult<BadgeItem[]>> => apiRequest<BadgeItem[]>('get_user_badges', {}, quiet);

/** `set_badges`: claims an unlocked badge's reward (once; the server pays through the ledger). */
export async function claimBadgeReward(type: BadgeKey): Promise<ApiResult<BadgeClaim>> {
  const result = await apiRequest<BadgeClaim>('set_badges', { type }, quiet);
  if (result.ok) noteCoins(result.data.coins);
  return result;
}

// ---- Play sessions: the quiz-play machine's live actors ----

/** `get_questions_by_type`: the kind of question served by the true/false mode. */
const TRUE_FALSE_TYPE = 2;

/**
 * Opens (or resumes) the play session of a mode with the mode's question-serving call. The API
 * client adds `language_id` to the calls that take one.
 */
export function openPlay(request: OpenPlayRequest): Promise<ApiResult<PlaySession>> {
  const { mode, ...payload } = request;
  return apiRequest<PlaySession>(OPEN_PLAY_ENDPOINT[mode], mode === 'true_false' ? { ...payload, type: TRUE_FALSE_TYPE } : payload, quiet);
}

export const submitAnswer = (payload: SubmitAnswerPayload): Promise<ApiResult<SubmitAnswerResult>> =>
  apiRequest<SubmitAnswerResult>('submit_answer', { ...payload }, quiet);

export async function requestLifeline(payload: UseLifelinePayload): Promise<ApiResult<LifelineData>> {
  const result = await apiRequest<LifelineData>('use_lifeline', { ...payload }, quiet);
  if (result.ok) noteCoins(result.data.coins);
  return result;
}

export async function finishPlay(payload: SessionPayload): Promise<ApiResult<PlayResult>> {
  const result = await apiRequest<PlayResult>('finish_play', { ...payload }, quiet);
  if (result.ok) noteCoins(result.data.coins);
  return result;
}

export async function getPlayReview(payload: SessionPayload): Promise<ApiResult<PlayReview>> {
  const result = await apiRequest<PlayReview>('get_play_review', { ...payload }, quiet);
  if (result.ok) noteCoins(result.data.coins);
  return result;
}

/** `guess_the_word_hint`: a letter of the open word, paid through the ledger. */
export async function requestHint(payload: QuestionPayload): Promise<ApiResult<WordHintData>> {
  const result = await apiRequest<WordHintData>('guess_the_word_hint', { ...payload }, quiet);
  if (result.ok) noteCoins(result.data.coins);
  return result;
}

/** `start_question_clock`: the open audio question's time starts now. */
export const startQuestionClock = (payload: QuestionPayload): Promise<ApiResult<QuestionClockData>> =>
  apiRequest<QuestionClockData>('start_question_clock', { ...payload }, quiet);

/**
 * The quiz-play machine's effects against the real server. The machine shows every failure in
 * its own screens (and lifeline refusals as toasts), so none is toasted here.
 */
export const liveQuizPlayServices: QuizPlayServices = {
  loadSession: openPlay,
  submitAnswer,
  useLifeline: requestLifeline,
  finishPlay,
  loadReview: getPlayReview,
  useHint: requestHint,
  startQuestionClock,
};
