import type { PlayMode } from '@/services/domain/play-session';

/**
 * The rules of a play's end and of each answer on the server's clock (docs/economy.md, rules.md):
 * what counts as right, wrong, unanswered and skipped; what a pass pays and opens; which modes add
 * to the leaderboards; when an answer is late. Pure: services/server/play/settle.ts and answer.ts
 * apply them in their transactions.
 */

/** The second of grace on every server deadline for the answer's trip (docs/api.md). */
export const PLAY_GRACE_MS = 1000;

/** Modes whose pass adds its score to the leaderboards (rules.md: quiz zone; ours: daily quiz, true/false). */
export const SCORED_MODES: ReadonlySet<string> = new Set(['quiz_zone', 'daily_quiz', 'true_false', 'maths', 'guess_the_word', 'fun_n_learn', 'audio', 'multi_match']);

/** Modes whose pass is recorded for its place (category, subcategory, level): coins come with a new pass only. */
export const PLACED_MODES: ReadonlySet<string> = new Set(['quiz_zone', 'maths', 'guess_the_word', 'fun_n_learn', 'audio', 'multi_match']);

/** Modes played by level: a new pass opens the next level. */
export const LEVELLED_PLAY_MODES: ReadonlySet<string> = new Set(['quiz_zone', 'multi_match']);

/** How a pass is named in the coin history, by mode (the quiz zone and multi match name the level). */
const PASS_TITLES: Readonly<Record<string, string>> = {
  maths: 'Maths mania passed',
  guess_the_word: 'Guess the word passed',
  fun_n_learn: 'Fun and learn passed',
  audio: 'Audio questions passed',
};

/** What settling needs of a question's state. */
export interface SettledQuestion {
  readonly answer: string | null;
  readonly correct: boolean | null;
  readonly closedAt: string | null;
  readonly timedOut: boolean;
  readonly skipped: boolean;
}

export interface PlayTally {
  readonly total: number;
  readonly correct: number;
  readonly wrong: number;
  readonly unanswered: number;
  readonly skipped: number;
}

/** Questions still open at the end are closed as unanswered (timed out) at `closedAt`. */
export function closeRemaining<T extends SettledQuestion>(states: readonly T[], closedAt: string): T[] {
  return states.map((s) => (s.closedAt ? s : { ...s, answer: null, correct: false, closedAt, timedOut: true }));
}

/**
 * A play's counts: a skipped question counts in no other column; a right one is right; a wrong
 * one had an answer that was not right; the rest went unanswered.
 */
export function tallyPlay(states: readonly SettledQuestion[]): PlayTally {
  let skipped = 0;
  let correct = 0;
  let wrong = 0;
  for (const s of states) {
    if (s.skipped) skipped += 1;
    else if (s.correct === true) correct += 1;
    else if (s.answer !== null && s.correct === false) wrong += 1;
  }
  return { total: states.length, correct, wrong, skipped, unanswered: states.length - skipped - correct - wrong };
}

/** Where a pass is recorded, or null when this play records none (not a placed mode, not passed, no place). */
export function passPlace(mode: string, passed: boolean, place: { categoryId: number | null; subcategoryId: number | null; level: number | null }): { categoryId: number; subcategoryId: number | null; level: number } | null {
  if (!PLACED_MODES.has(mode) || !passed || place.categoryId === null || place.level === null) return null;
  return { categoryId: place.categoryId, subcategoryId: place.subcategoryId, level: place.level };
}

/**
 * What a recorded pass pays and opens: the outcome's coins, and the next level in a levelled mode,
 * only the first time the place is passed (and only when there is a next level).
 */
export function passReward(input: { mode: string; level: number; newlyPassed: boolean; hasNextLevel: boolean; coins: number }): { coinsEarned: number; levelUnlocked: number | null } {
  if (!input.newlyPassed) return { coinsEarned: 0, levelUnlocked: null };
  return { coinsEarned: input.coins, levelUnlocked: input.hasNextLevel && LEVELLED_PLAY_MODES.has(input.mode) ? input.level + 1 : null };
}

/** The coin history's title of a pass. */
export function passTitle(mode: PlayMode | string, level: number | null): string {
  if (mode === 'quiz_zone') return `Level ${level} passed`;
  if (mode === 'multi_match') return `Multi match level ${level} passed`;
  return PASS_TITLES[mode] ?? `${mode} passed`;
}

/**
 * What a play adds to the leaderboards: its score when the mode is scored, the play passed and the
 * score is above zero; otherwise nothing (a pass never takes points off a board: docs/economy.md).
 */
export function boardScore(mode: string, passed: boolean, score: number): number {
  return SCORED_MODES.has(mode) && passed && score > 0 ? score : 0;
}

/** The deadline of a question opened at `now` on a per-question clock (with an audio question's wait until its clock starts). */
export function questionDeadline(timePerQuestion: number, startAllowance: number, now: Date): Date {
  return new Date(now.getTime() + (timePerQuestion + startAllowance) * 1000 + PLAY_GRACE_MS);
}

/** Late: the answer arrived after the deadline (the deadline's own millisecond is still in time). */
export function isLateAnswer(deadline: Date | null, arrivedAt: Date): boolean {
  return deadline !== null && arrivedAt.getTime() > deadline.getTime();
}

/** The time a player is shown as left: the deadline less its grace, never below 0; 0 without a deadline or once the play is over. */
export function playTimeLeftMs(deadline: Date | null, open: boolean, now: Date): number {
  if (!deadline || !open) return 0;
  return Math.max(0, deadline.getTime() - PLAY_GRACE_MS - now.getTime());
}

/** The right answer a reply may carry: none while a running contest keeps it hidden (others are still playing). */
export function shownAnswer(rightAnswer: string, hiddenUntil: Date | null, now: Date): string | null {
  return hiddenUntil !== null && now < hiddenUntil ? null : rightAnswer;
}
