import type { PlayResult } from '@/services/domain/play-session';

/**
 * Solo play's rules as rules.md states them (Solo play, Lifelines) with the prices of
 * docs/economy.md, written again here apart from the server's code (services/domain/scoring.ts,
 * lifelines.ts), so that a quiz-zone path reaching the server checks the server's result, the
 * coins it moved and the level it opened against these.
 */

export const SOLO = {
  /** quiz_winning_percentage */
  passPercent: 30,
  /** maximum_winning_coins, minimum_coins_winning_percentage */
  maxCoins: 4,
  fullCoinsPercent: 70,
  /** quiz_zone_correct_answer_score, quiz_zone_wrong_answer_score */
  rightScore: 4,
  wrongScore: 4,
  /** quiz_zone_lifeline_deduct_coin: 5 (docs/economy.md; rules.md's reference product charged 10) */
  lifelinePrice: 5,
  /** guess_the_word_hint_deduct_coin: a hint's price, paid once per hint; guess_the_word_max_hints per word */
  hintPrice: 2,
  hintsPerWord: 2,
  /** The second every question's time is given for the network (docs/api.md, "The time of an answer"); time_left_ms leaves it out. */
  networkMs: 1000,
} as const;

/**
 * Whether an answer counts: it arrived by the question's deadline, its opening plus its time plus
 * the network's second, that millisecond included. A later one closes the question unanswered
 * and is refused `answer_too_late`; the next question opens at the answer's instant.
 */
export function soloAnswerInTime(openedAtMs: number, secondsPerQuestion: number, arrivedAtMs: number): boolean {
  return arrivedAtMs <= openedAtMs + secondsPerQuestion * 1000 + SOLO.networkMs;
}

/** The time a question shows left: its seconds from its opening, without the network's second, never below 0. */
export function soloTimeLeftMs(openedAtMs: number, secondsPerQuestion: number, nowMs: number): number {
  return Math.max(0, openedAtMs + secondsPerQuestion * 1000 - nowMs);
}

/** What one question of a path did: answered right or wrong, skipped by the lifeline, or left to time out. */
export type SoloOutcome = 'right' | 'wrong' | 'skipped' | 'unanswered';

/** What the result must show (the shape is the product's `PlayResult`; the values are these rules'). */
export type ExpectedSoloResult = Pick<PlayResult, 'total' | 'correct' | 'wrong' | 'unanswered' | 'skipped' | 'percentage' | 'passed' | 'score' | 'coins_earned'>;

/**
 * The result of a quiz-zone play: a pass at 30 % of the questions that count; 4 coins from 70 %
 * up, one less per started 10 points below, never below 0, and only for a level passed for the
 * first time; +4 per right answer, −4 per wrong one (no score for unanswered or skipped ones).
 */
export function soloResult(outcomes: readonly SoloOutcome[], levelPassedBefore: boolean): ExpectedSoloResult {
  const count = (o: SoloOutcome) => outcomes.filter((x) => x === o).length;
  const correct = count('right');
  const wrong = count('wrong');
  const skipped = count('skipped');
  const counted = outcomes.length - skipped;
  const percentage = counted > 0 ? Math.floor((correct * 100) / counted) : 0;
  const passed = percentage >= SOLO.passPercent;
  let coins = 0;
  if (passed && !levelPassedBefore) coins = percentage >= SOLO.fullCoinsPercent ? SOLO.maxCoins : Math.max(0, SOLO.maxCoins - Math.ceil((SOLO.fullCoinsPercent - percentage) / 10));
  return {
    total: outcomes.length,
    correct,
    wrong,
    unanswered: count('unanswered'),
    skipped,
    percentage,
    passed,
    score: correct * SOLO.rightScore - wrong * SOLO.wrongScore,
    coins_earned: coins,
  };
}

/** A player's coins after a play: what it had, less each lifeline granted (5), plus what the pass paid. */
export function coinsAfterPlay(before: number, lifelinesGranted: number, result: ExpectedSoloResult): number {
  return before - lifelinesGranted * SOLO.lifelinePrice + result.coins_earned;
}
