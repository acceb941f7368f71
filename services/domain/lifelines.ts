import { messageKeyFor } from '@/services/domain/code-messages';
import type { PlayMode, QuestionType } from '@/services/domain/play-session';

/**
 * Lifeline rules (rules.md, Lifelines), the same on the server, which decides, and in the
 * browser, which refuses at once what the server would refuse anyway.
 */

export const LIFELINES = ['fifty_fifty', 'audience_poll', 'reset_timer', 'skip'] as const;
export type Lifeline = (typeof LIFELINES)[number];

export function isLifeline(value: unknown): value is Lifeline {
  return (LIFELINES as readonly unknown[]).includes(value);
}

/** Modes that offer lifelines: quiz zone for now; a mode that gets them later is turned on here. */
export const LIFELINE_MODES: Readonly<Record<PlayMode, boolean>> = {
  quiz_zone: true,
  daily_quiz: false,
  true_false: false,
  self_challenge: false,
  bookmark: false,
  contest: false,
  maths: false,
  guess_the_word: false,
  fun_n_learn: false,
  audio: false,
  multi_match: false,
};

export function lifelinesEnabled(mode: PlayMode, modes: Readonly<Record<PlayMode, boolean>> = LIFELINE_MODES): boolean {
  return modes[mode] === true;
}

/** 50/50 and audience poll exclude each other on one question, in either order. */
export const LIFELINE_CONFLICTS: Readonly<Partial<Record<Lifeline, Lifeline>>> = {
  fifty_fifty: 'audience_poll',
  audience_poll: 'fifty_fifty',
};

/** Options a question needs for 50/50: two wrong ones go, and at least two are left. */
export const FIFTY_FIFTY_MIN_OPTIONS = 4;

/** Lifelines that act on the options, so they need a question with wrong options to act on. */
const OPTION_LIFELINES: ReadonlySet<Lifeline> = new Set(['fifty_fifty', 'audience_poll']);

export type LifelineRefusal = 'lifeline_used' | 'lifeline_conflict' | 'lifeline_not_allowed';

/**
 * A browser-side refusal, never sent by the server: another request of this session is still
 * waiting for the server's answer.
 */
export const LIFELINE_BUSY = 'lifeline_busy';

export interface LifelineUsage {
  /** Whether the session's mode offers lifelines at all. */
  readonly enabled: boolean;
  /** Lifelines used in this session (each once per session). */
  readonly used: readonly Lifeline[];
  /** Lifelines used on the open question. */
  readonly usedOnQuestion: readonly Lifeline[];
}

/**
 * Whether a lifeline may be used now: null, or the refusal. The order is the order of the
 * questions a player would ask: is it offered here at all, was it used, does it clash.
 * Coins are the server's check (`not_enough_coins`).
 */
export function canUse(state: LifelineUsage, lifeline: Lifeline, questionType: QuestionType, optionCount = 4): LifelineRefusal | null {
  if (!state.enabled) return 'lifeline_not_allowed';
  if (OPTION_LIFELINES.has(lifeline) && questionType !== 'multiple') return 'lifeline_not_allowed';
  // 50/50 takes two wrong options away and leaves two: a question with fewer than four has nothing to halve.
  if (lifeline === 'fifty_fifty' && optionCount < FIFTY_FIFTY_MIN_OPTIONS) return 'lifeline_not_allowed';
  if (state.used.includes(lifeline)) return 'lifeline_used';
  const rival = LIFELINE_CONFLICTS[lifeline];
  if (rival && state.usedOnQuestion.includes(rival)) return 'lifeline_conflict';
  return null;
}

/**
 * The i18n key of a refusal's text. A conflict says which lifeline blocks which ("50/50
 * unavailable after audience poll"); every other code has its catalogue text.
 */
export function refusalMessageKey(lifeline: Lifeline, code: string | null): string {
  if (code === 'lifeline_conflict') {
    if (lifeline === 'fifty_fifty') return 'lifeline.fifty_fifty_after_poll';
    if (lifeline === 'audience_poll') return 'lifeline.poll_after_fifty_fifty';
  }
  if (code === LIFELINE_BUSY) return 'lifeline.busy';
  return messageKeyFor(code);
}

/** The most wrong options an audience poll can give a point each (its least rest, 25 %). */
export const MAX_POLL_WRONG = 25;

/** A source of numbers in [0, 1): `Math.random` in production, a fixed sequence in tests. */
export type RandomSource = () => number;

function pickIndex(length: number, random: RandomSource): number {
  return Math.min(length - 1, Math.floor(random() * length));
}

/**
 * The two wrong options 50/50 removes, in the order the options are shown. With fewer than two
 * wrong options (a malformed question) it removes what there is.
 */
export function pickFiftyFifty(rightKey: string, keys: readonly string[], random: RandomSource): string[] {
  const wrong = keys.filter((k) => k !== rightKey);
  const removed = new Set<string>();
  while (removed.size < 2 && removed.size < wrong.length) {
    const left = wrong.filter((k) => !removed.has(k));
    removed.add(left[pickIndex(left.length, random)]!);
  }
  return keys.filter((k) => removed.has(k));
}

/**
 * Audience poll percentages by option: whole numbers summing to 100. The audience favours the
 * right answer (it gets the largest share, strictly) but is never sure of it: the right share
 * is 40–75 % (55–75 % with two options) and every wrong option gets some votes.
 *
 * The right share is drawn first, evenly over its range; then each wrong option, in the order
 * shown, draws a weight from 1 to 2, and the rest is split in proportion to the weights, rounded
 * down, with what rounding left handed out one point at a time (so each wrong share is within 2
 * points of its exact proportion, unless it had to be kept below the right one's or at least 1).
 */
export function audiencePoll(rightKey: string, keys: readonly string[], random: RandomSource): Record<string, number> {
  const wrong = keys.filter((k) => k !== rightKey);
  if (wrong.length === 0) return { [rightKey]: 100 };
  // Every wrong option gets a point of a rest of at least 25: more than 25 cannot all have one.
  if (wrong.length > MAX_POLL_WRONG) throw new Error(`an audience poll over ${wrong.length} wrong options: at most ${MAX_POLL_WRONG} can each get a point`);
  const lowest = wrong.length === 1 ? 55 : 40;
  const right = lowest + pickIndex(76 - lowest, random);
  const rest = 100 - right;

  const weights = wrong.map(() => 1 + random());
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.max(1, Math.floor((rest * w) / sum)));
  // Hand out what rounding left over, one point at a time. Nothing is ever to be taken back: the
  // minimum of 1 raises a share only when its proportion is under 1, and as no weight is twice
  // another's every proportion is then under 2, so every share is 1 and they add up to at most
  // 25, the least rest. Every share starts below the right one's (with two or more wrong options
  // none gets 2/3 of a rest of at most 60; one wrong option's rest is under its right share of 55
  // or more), and handing out stops a share at one below it.
  let left = rest - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length) {
    if (shares[i]! < right - 1) {
      shares[i]! += 1;
      left -= 1;
    }
  }

  const poll: Record<string, number> = {};
  for (const key of keys) poll[key] = key === rightKey ? right : shares[wrong.indexOf(key)]!;
  return poll;
}
