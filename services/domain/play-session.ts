/**
 * The play-session contract (docs/play-sessions.md) as types, shared by the server that answers
 * the calls, the browser actors that make them and the quiz-play machine that reads them.
 *
 * Field names are the API's (snake_case) so that a call's data is used as it arrives, and the
 * machine's actor inputs are exactly the calls' payloads.
 */
import type { Lifeline } from '@/services/domain/lifelines';
import type { WordFold } from '@/services/domain/word';

/** The solo modes that play through a play session in this issue. */
export const PLAY_MODES = [
  'quiz_zone',
  'daily_quiz',
  'true_false',
  'self_challenge',
  'bookmark',
  'contest',
  'maths',
  'guess_the_word',
  'fun_n_learn',
  'audio',
  'multi_match',
] as const;
export type PlayMode = (typeof PLAY_MODES)[number];

/**
 * 'multiple' has 4 options (5 with option_e_mode), 'boolean' (true/false) has 2; 'word' (guess the
 * word) has none; 'multiselect' and 'sequence' (multi match) have 2 to 5. Decision 017.
 */
export type QuestionType = 'multiple' | 'boolean' | 'word' | 'multiselect' | 'sequence';

/** A letter a guess-the-word hint revealed: its place among the word's letters (0-based) and the letter. */
export interface WordHintReveal {
  readonly index: number;
  readonly letter: string;
}

/** What a guess-the-word question shows instead of options. */
export interface PlayWord {
  /** The places of the word: null for a letter to fill, the character itself where one is shown (a space, a hyphen). */
  readonly slots: readonly (string | null)[];
  /** The letter tiles (the word's letters and decoys), in the order they are shown. */
  readonly tiles: readonly string[];
  /** How the word's letters are compared (its language's folding): typed letters are folded the same way. */
  readonly fold: WordFold;
}

export interface PlayOption {
  /** The letter the server grades by ('a'…'e'); options may arrive shuffled. */
  readonly key: string;
  readonly text: string;
}

/** A question as served for play: never with its answer. */
export interface PlayQuestion {
  readonly id: number;
  readonly question: string;
  readonly question_type: QuestionType;
  readonly image: string | null;
  readonly options: readonly PlayOption[];
  /** Multi select: how many options the right answer has ("Pick 2"). */
  readonly pick?: number;
  /** Guess the word: the slots and tiles. */
  readonly word?: PlayWord;
  /** Audio questions: the file or link to play. */
  readonly audio?: string;
  /** Audio questions: what the audio says, for players who cannot hear it. */
  readonly transcript?: string;
}

export interface LifelineOffer {
  readonly key: Lifeline;
  /** Coins the lifeline costs (`quiz_zone_lifeline_deduct_coin`). */
  readonly cost: number;
  /** False once used in this session. */
  readonly available: boolean;
}

/** What every question-serving call answers (data). */
export interface PlaySession {
  readonly session_id: string;
  readonly mode: PlayMode;
  readonly questions: readonly PlayQuestion[];
  /** Seconds per question; null when the session has one clock (`total_time`). */
  readonly time_per_question: number | null;
  /** Seconds for the whole session (self challenge); null for per-question clocks. */
  readonly total_time: number | null;
  /** The open question (questions are answered in order). */
  readonly current_index: number;
  /** Time left on the open clock: the open question's, or the session's when `total_time` is set. */
  readonly time_left_ms: number;
  /** Empty in modes without lifelines. */
  readonly lifelines: readonly LifelineOffer[];
  readonly coins: number;
  /** What lifelines already did to the open question (a reload after 50/50 or the poll). */
  readonly current_effects?: {
    readonly removed?: readonly string[];
    readonly percentages?: Readonly<Record<string, number>>;
    /** Guess the word: the letters hints revealed in the open question. */
    readonly hints?: readonly WordHintReveal[];
    /** Audio questions: the open question's clock was started (its audio was ready). */
    readonly clock_started?: boolean;
  };
  /** Guess the word: hints allowed per question and what each costs. */
  readonly hints?: { readonly per_question: number; readonly cost: number };
  /**
   * Where the play stands on the answers already given (a reload keeps it): the score so far, as
   * each answer's `points` added it up, and the right answers in a row at the end of them.
   */
  readonly progress?: { readonly score: number; readonly streak: number };
}

// ---- Payloads of the calls the machine makes (its actors' inputs) ----

/** The payload of the question-serving call of each mode; the API client adds `language_id`. */
export type OpenPlayRequest =
  | { readonly mode: 'quiz_zone'; readonly category: string; readonly subcategory?: string; readonly level: number }
  | { readonly mode: 'daily_quiz'; readonly timezone: string; readonly gmt_format?: string }
  | { readonly mode: 'true_false' }
  | {
      readonly mode: 'self_challenge';
      readonly category_slug: string;
      readonly subcategory_slug?: string;
      /** Number of questions. */
      readonly limit: number;
      readonly minutes: number;
    }
  | { readonly mode: 'bookmark'; readonly type: string }
  | { readonly mode: 'contest'; readonly contest_id: number }
  /** Maths mania: a category's or a subcategory's questions (spec: `type`, `type_id`). */
  | { readonly mode: 'maths'; readonly type: 'category' | 'subcategory'; readonly type_id: number }
  /** Guess the word and audio questions: a category's or a subcategory's questions. */
  | { readonly mode: 'guess_the_word' | 'audio'; readonly type: 'category' | 'subcategory'; readonly type_id: number }
  /** Fun and learn: the questions of one comprehension item, after reading it. */
  | { readonly mode: 'fun_n_learn'; readonly fun_n_learn_id: number }
  /** Multi match: one level of a category or subcategory, as the quiz zone. */
  | { readonly mode: 'multi_match'; readonly category: string; readonly subcategory?: string; readonly level: number };

/** A fun-and-learn comprehension item as `get_fun_n_learn` lists it: the reading before its questions. */
export interface FunNLearnItem {
  readonly id: number;
  readonly title: string;
  /** The text to read. */
  readonly detail: string;
  readonly content_type: 'text' | 'video' | 'pdf';
  /** The video's or the PDF's link ('' for a text). */
  readonly content_data: string;
  readonly category_id: number;
  readonly subcategory_id: number | null;
  /** Its questions. */
  readonly no_of_que: number;
}

/** The call that opens (or resumes) a session for each mode. */
export const OPEN_PLAY_ENDPOINT: Readonly<Record<PlayMode, string>> = {
  quiz_zone: 'get_questions_by_level',
  daily_quiz: 'get_daily_quiz',
  true_false: 'get_questions_by_type',
  self_challenge: 'get_questions_for_self_challenge',
  bookmark: 'get_bookmark_play',
  contest: 'get_questions_by_contest',
  maths: 'get_maths_questions',
  guess_the_word: 'get_guess_the_word',
  fun_n_learn: 'get_fun_n_learn_questions',
  audio: 'get_audio_questions',
  multi_match: 'get_multi_match_questions_by_level',
};

export interface SubmitAnswerPayload {
  readonly session_id: string;
  readonly question_id: number;
  /** The answer in its shape (services/domain/answers.ts): an option letter, letters, a word; '' when the time ran out. */
  readonly answer: string;
}

/** `guess_the_word_hint` data: the letter revealed, the hints left on the question and the balance after paying. */
export interface WordHintData {
  readonly hint: WordHintReveal;
  readonly hints_left: number;
  readonly coins: number;
}

/** `start_question_clock` data (audio questions): the open question's time, from now. */
export interface QuestionClockData {
  readonly time_left_ms: number;
}

export interface UseLifelinePayload {
  readonly session_id: string;
  readonly question_id: number;
  readonly lifeline: Lifeline;
}

export interface SessionPayload {
  readonly session_id: string;
}

/** The payload of the calls about the open question (a hint, its clock). */
export interface QuestionPayload {
  readonly session_id: string;
  readonly question_id: number;
}

// ---- Data of the answers ----

export interface SubmitAnswerResult {
  readonly correct: boolean;
  /** The right answer; null in a contest that is still running (shown when it ends). */
  readonly correct_answer: string | null;
  readonly timed_out: boolean;
  /** The question now open; equals the number of questions when `finished`. */
  readonly current_index: number;
  readonly time_left_ms: number;
  readonly finished: boolean;
  /** What the answer did to the play's score (+ when right, − when wrong, 0 unanswered or in practice). */
  readonly points?: number;
}

export interface FiftyFiftyData {
  /** The two wrong options 50/50 removes. */
  readonly removed: readonly string[];
  readonly coins: number;
}
export interface AudiencePollData {
  /** Whole percentages by option letter, summing to 100. */
  readonly percentages: Readonly<Record<string, number>>;
  readonly coins: number;
}
export interface ResetTimerData {
  readonly time_left_ms: number;
  readonly coins: number;
}
export interface SkipData {
  readonly skipped: true;
  readonly current_index: number;
  readonly time_left_ms: number;
  readonly finished: boolean;
  readonly coins: number;
}

/** `use_lifeline` data by lifeline. */
export interface LifelineDataMap {
  fifty_fifty: FiftyFiftyData;
  audience_poll: AudiencePollData;
  reset_timer: ResetTimerData;
  skip: SkipData;
}
export type LifelineData = LifelineDataMap[Lifeline];

/** `finish_play` data: the same every time it is asked. */
export interface PlayResult {
  readonly total: number;
  readonly correct: number;
  readonly wrong: number;
  readonly unanswered: number;
  readonly skipped: number;
  readonly percentage: number;
  readonly passed: boolean;
  readonly score: number;
  readonly coins_earned: number;
  /** The level this pass unlocked (quiz zone), or null. */
  readonly level_unlocked: number | null;
  readonly coins: number;
  readonly badges_unlocked: readonly string[];
  /** Coins a review costs now (0 when free or already paid). */
  readonly review_cost: number;
  /** Contests: the player's rank in the contest when the play settled. */
  readonly rank?: number;
  /** Contests: when the review (and every right answer) opens, the contest's end (ISO time). */
  readonly review_opens_at?: string;
}

export type ReviewStatus = 'correct' | 'wrong' | 'unanswered' | 'skipped';

export interface ReviewQuestion {
  readonly id: number;
  readonly question: string;
  readonly question_type: QuestionType;
  readonly image: string | null;
  readonly options: readonly PlayOption[];
  /** The player's letter; null when unanswered or skipped. */
  readonly answer: string | null;
  readonly correct_answer: string;
  readonly note: string | null;
  readonly status: ReviewStatus;
}

/** `get_play_review` data. */
export interface PlayReview {
  readonly questions: readonly ReviewQuestion[];
  /** The balance after the review's cost (charged once per session). */
  readonly coins: number;
}

/**
 * How a call ended, as the machine's actors report it. The browser client's `ApiResult<T>` has
 * this shape, so a live actor can return `apiRequest(...)` as it is. `code` is the envelope's
 * code (`answer_too_late`, `lifeline_used`, `102`, …) or null when there was no envelope.
 */
export type CallOutcome<T> =
  | { readonly ok: true; readonly data: T }
  | {
      readonly ok: false;
      readonly code: string | null;
      /** Extra keys of the failure envelope, e.g. where the play went on after `answer_too_late`. */
      readonly meta?: Readonly<Record<string, unknown>>;
    };

/** Where the play went on after a refused late answer (`answer_too_late` carries it). */
export interface AfterLateAnswer {
  readonly current_index: number;
  readonly time_left_ms: number;
  readonly finished: boolean;
}

export function afterLateAnswer(meta: Readonly<Record<string, unknown>> | undefined): AfterLateAnswer | null {
  if (!meta) return null;
  const { current_index, time_left_ms, finished } = meta;
  return typeof current_index === 'number' && typeof time_left_ms === 'number' && typeof finished === 'boolean' ? { current_index, time_left_ms, finished } : null;
}
