import type { PlayMode } from '@/services/domain/play-session';
import { intSetting, type SettingsMap } from '@/services/domain/settings';

/**
 * Pass, coins and score of a solo play (rules.md, Solo play).
 *
 * The one rounding rule: a play's percentage is computed once, as a whole number rounded DOWN
 * (6 right of 9 is 66 %, never 67 %), and pass and coins are decided on that whole number only.
 * Rounding down means a player never passes or earns on a share they did not reach. The coin
 * formula of rules.md then rounds its step up: every started 10 points below
 * `minimum_coins_winning_percentage` costs one coin.
 */

/**
 * The share of right answers, in whole percent rounded down. Skipped questions (the skip
 * lifeline) are not part of the play; unanswered ones are, and count as not right.
 */
export function percentage(correct: number, total: number, skipped = 0): number {
  const counted = total - skipped;
  if (!(counted > 0) || !(correct > 0)) return 0;
  return Math.floor((Math.min(correct, counted) * 100) / counted);
}

/** A play passes at `quiz_winning_percentage` (30 %) or more. */
export function isPassed(percent: number, settings: SettingsMap): boolean {
  return percent >= intSetting(settings, 'quiz_winning_percentage');
}

/**
 * Coins a pass is worth: `maximum_winning_coins` (4) from `minimum_coins_winning_percentage`
 * (70 %) up, otherwise one coin less per started 10 points below it, never below 0; nothing
 * for a play that did not pass. Whether a pass pays at all (a level newly passed, a mode that
 * pays) is the caller's rule: see `paysCoins`.
 */
export function coinsForPass(percent: number, settings: SettingsMap, maximumKey = 'maximum_winning_coins'): number {
  if (!isPassed(percent, settings)) return 0;
  const maximum = intSetting(settings, maximumKey);
  const minimum = intSetting(settings, 'minimum_coins_winning_percentage');
  if (percent >= minimum) return maximum;
  return Math.max(0, maximum - Math.ceil((minimum - percent) / 10));
}

/** The settings holding the points per right and per wrong answer of each mode; null: no score. */
export const SCORE_SETTINGS: Readonly<Record<PlayMode, { correct: string; wrong: string } | null>> = {
  quiz_zone: { correct: 'quiz_zone_correct_answer_score', wrong: 'quiz_zone_wrong_answer_score' },
  daily_quiz: { correct: 'daily_quiz_correct_answer_score', wrong: 'daily_quiz_wrong_answer_score' },
  true_false: { correct: 'true_false_correct_answer_score', wrong: 'true_false_wrong_answer_score' },
  self_challenge: null,
  bookmark: null,
  contest: { correct: 'contest_correct_answer_score', wrong: 'contest_wrong_answer_score' },
  maths: { correct: 'maths_correct_answer_score', wrong: 'maths_wrong_answer_score' },
  guess_the_word: { correct: 'guess_the_word_correct_answer_score', wrong: 'guess_the_word_wrong_answer_score' },
  fun_n_learn: { correct: 'fun_n_learn_correct_answer_score', wrong: 'fun_n_learn_wrong_answer_score' },
  audio: { correct: 'audio_correct_answer_score', wrong: 'audio_wrong_answer_score' },
  multi_match: { correct: 'multi_match_correct_answer_score', wrong: 'multi_match_wrong_answer_score' },
};

/**
 * The score of a play: + the mode's right-answer points per right answer, − its wrong-answer
 * points per wrong answer (unanswered and skipped questions score nothing). Self challenge and
 * bookmark play are practice: 0. The score may be negative; leaderboards only take a pass.
 */
export function scoreFor(correct: number, wrong: number, mode: PlayMode, settings: SettingsMap): number {
  const keys = SCORE_SETTINGS[mode];
  if (!keys) return 0;
  return correct * intSetting(settings, keys.correct) - wrong * intSetting(settings, keys.wrong);
}

/**
 * Modes whose pass pays coins: the quiz zone once per newly passed level, maths mania (and the
 * other question kinds) on the first pass of the category or subcategory; the others do not.
 */
export function paysCoins(mode: PlayMode): boolean {
  return PAYING_MODES.has(mode);
}

/** Modes whose pass pays coins (once per place: the level, or the category or subcategory). */
export const PAYING_MODES: ReadonlySet<PlayMode> = new Set(['quiz_zone', 'maths', 'guess_the_word', 'fun_n_learn', 'audio', 'multi_match']);

/**
 * The setting holding a mode's most coins for a pass, where it differs from `maximum_winning_coins`
 * (rules.md: guess the word pays up to 10).
 */
export const MAX_COINS_SETTING: Readonly<Partial<Record<PlayMode, string>>> = { guess_the_word: 'guess_the_word_max_winning_coins' };

export interface PlayCounts {
  readonly total: number;
  readonly correct: number;
  readonly wrong: number;
  readonly skipped: number;
}

export interface PlayOutcome {
  readonly percentage: number;
  readonly passed: boolean;
  readonly score: number;
  /** What the pass is worth in this mode; the server pays it only when the pass is new. */
  readonly coins: number;
}

/** Everything the rules say about a finished play, from its counts. */
export function playOutcome(counts: PlayCounts, mode: PlayMode, settings: SettingsMap): PlayOutcome {
  const percent = percentage(counts.correct, counts.total, counts.skipped);
  const passed = isPassed(percent, settings);
  return {
    percentage: percent,
    passed,
    score: scoreFor(counts.correct, counts.wrong, mode, settings),
    coins: paysCoins(mode) ? coinsForPass(percent, settings, MAX_COINS_SETTING[mode]) : 0,
  };
}

/**
 * Stars of a play (the result screen's, the level path's): none without a pass, then one, two or
 * three by the share right: 60 % and 90 % for the second and third.
 */
export function starsFor(passed: boolean, percent: number): 0 | 1 | 2 | 3 {
  if (!passed) return 0;
  if (percent >= 90) return 3;
  if (percent >= 60) return 2;
  return 1;
}

/**
 * The result's one story (docs/economy.md, "The result's one story"): a pass with a score of zero
 * or more is praised; a pass below zero is said as it is, the unlock in the same words; a play
 * that did not pass asks for another go. The result screen's headline, stars, colours, sound and
 * confetti follow it.
 */
export type ResultOutcome = 'passed' | 'passed_at_cost' | 'not_passed';

export function outcomeOf(result: { readonly passed: boolean; readonly score: number }): ResultOutcome {
  if (!result.passed) return 'not_passed';
  return result.score < 0 ? 'passed_at_cost' : 'passed';
}

/** Stars agree with the headline: none without a pass, one at most for a pass below zero, else by the share of right answers. */
export function resultStars(result: { readonly passed: boolean; readonly score: number; readonly percentage: number }): 0 | 1 | 2 | 3 {
  const stars = starsFor(result.passed, result.percentage);
  return outcomeOf(result) === 'passed_at_cost' ? (Math.min(stars, 1) as 0 | 1) : stars;
}
