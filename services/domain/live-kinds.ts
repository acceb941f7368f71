/**
 * The question kinds of live games and assignments beyond choosing (docs/live.md, "Question
 * kinds"): type answer, slider, poll and word cloud. How an answer to each is read, whether it is
 * right and what it earns — written once for the server that grades it, the phone that builds it
 * and the tests that check the rules apart.
 */
import { isRightAnswer, normalizeAnswer } from '@/services/domain/answers';

/** Type answer: the longest accepted answer and the longest text a player may send. */
export const TYPE_ANSWER_MAX = 60;
/** Type answer: accepted answers per question. */
export const TYPE_ANSWER_ACCEPTED_MAX = 5;
/** Word cloud: the longest text a player may send. */
export const WORD_CLOUD_MAX = 30;
/** Word cloud: the most words a reveal carries (the most given first). */
export const WORD_CLOUD_WORDS = 50;
/** Type answer: the most distinct typed answers a reveal lists (the most given first). */
export const TYPED_ANSWERS_SHOWN = 8;
/** Type answer, tolerant: one typo is forgiven in accepted answers of at least this many letters. */
export const TOLERANT_MIN_LENGTH = 4;
/** Slider: a range holds at most this many steps; its ends stay within ± this bound. */
export const SLIDER_MAX_STEPS = 100_000;
export const SLIDER_BOUND = 1_000_000_000;
/** Slider: the reveal's chart splits the range into this many bars. */
export const SLIDER_BINS = 10;

/** Type answer: a typed answer is right when it reads as an accepted one (`exact`), or within one typo of one (`tolerant`). */
export type TypeMatch = 'exact' | 'tolerant';
export const TYPE_MATCHES = ['exact', 'tolerant'] as const satisfies readonly TypeMatch[];
/** Slider: a right answer (within the tolerance) earns its points whole (`exact`) or fewer the further it lies from the value (`closeness`). */
export type SliderScoring = 'exact' | 'closeness';
export const SLIDER_SCORINGS = ['exact', 'closeness'] as const satisfies readonly SliderScoring[];

/** A slider's range as every screen gets it (never with its right value). */
export interface SliderRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/** A slider as the server keeps it: its range, the right value, how far from it is still right, how it scores. */
export interface SliderRule extends SliderRange {
  readonly correct: number;
  readonly tolerance: number;
  readonly scoring: SliderScoring;
}

/**
 * Text compared as a reader would: accents, case, punctuation and runs of spaces do not count
 * ("Île-de-France" reads as "ile de france").
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Text as stored: NFC, spaces collapsed and trimmed. */
export const cleanText = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** Whether `a` becomes `b` with at most one edit: a letter added, dropped, changed, or two neighbours swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
  if (x.length === y.length) {
    // One changed letter, or two neighbours swapped.
    if (x.slice(i + 1).join('') === y.slice(i + 1).join('')) return true;
    return i + 1 < x.length && x[i] === y[i + 1] && x[i + 1] === y[i] && x.slice(i + 2).join('') === y.slice(i + 2).join('');
  }
  // One letter more in the longer.
  const [long, short] = x.length > y.length ? [x, y] : [y, x];
  return long.slice(i + 1).join('') === short.slice(i).join('');
}

/** Whether a typed answer is one of the accepted answers under the question's match. */
export function typedAnswerMatches(typed: string, accepted: readonly string[], match: TypeMatch): boolean {
  const t = foldText(typed);
  if (t === '') return false;
  return accepted.some((raw) => {
    const a = foldText(raw);
    if (a === t) return true;
    return match === 'tolerant' && [...a].length >= TOLERANT_MIN_LENGTH && withinOneEdit(a, t);
  });
}

/** A number as an answer and a report write it: no exponent, no trailing zeros (0.1 + 0.2 reads 0.3). */
export function formatNumber(n: number): string {
  const rounded = Math.round(n * 1e6) / 1e6;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Whether `value` lies on the slider's steps within its range. */
export function onSliderStep(range: SliderRange, value: number): boolean {
  if (!Number.isFinite(value) || value < range.min - 1e-9 || value > range.max + 1e-9) return false;
  const k = (value - range.min) / range.step;
  return Math.abs(k - Math.round(k)) < 1e-6;
}

/**
 * What is wrong with a slider's rule, or null: its ends within ±1,000,000,000 with min below max, a
 * step that divides the range into at most 100,000 steps, a right value on a step, a tolerance from
 * 0 up to the range's width.
 */
export function sliderProblem(rule: SliderRule): string | null {
  const { min, max, step, correct, tolerance } = rule;
  if (![min, max, step, correct, tolerance].every(Number.isFinite)) return 'the range, step, value and tolerance must be numbers';
  if (Math.abs(min) > SLIDER_BOUND || Math.abs(max) > SLIDER_BOUND) return `the range must lie within ±${SLIDER_BOUND.toLocaleString('en')}`;
  if (!(min < max)) return 'the lowest value must be below the highest';
  if (!(step > 0)) return 'the step must be above 0';
  const steps = (max - min) / step;
  if (steps > SLIDER_MAX_STEPS) return `the range holds more than ${SLIDER_MAX_STEPS.toLocaleString('en')} steps: make the step larger`;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return 'the step must divide the range evenly';
  if (!onSliderStep(rule, correct)) return 'the right value must lie in the range, on a step';
  if (tolerance < 0 || tolerance > max - min) return 'the tolerance must be from 0 up to the width of the range';
  if (!(SLIDER_SCORINGS as readonly string[]).includes(rule.scoring)) return `the scoring must be ${SLIDER_SCORINGS.join(' or ')}`;
  return null;
}

/** Every live kind: the choice kinds, and the ones this module reads. */
export const LIVE_KINDS = ['multiple', 'boolean', 'multiselect', 'sequence', 'type', 'slider', 'poll', 'wordcloud'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** Kinds with no right answer and no points: every answer is counted, none is graded. */
export const isUngraded = (kind: LiveKind): boolean => kind === 'poll' || kind === 'wordcloud';
/** Kinds a player answers by picking option tiles. */
export const hasOptionTiles = (kind: LiveKind): boolean => kind === 'multiple' || kind === 'boolean' || kind === 'multiselect' || kind === 'sequence' || kind === 'poll';
/** Kinds a player answers by typing. */
export const isTyped = (kind: LiveKind): boolean => kind === 'type' || kind === 'wordcloud';

/** What a question needs to read and grade an answer (a live game's or an assignment's secret question). */
export interface GradableQuestion {
  readonly type: LiveKind;
  /** Option keys as served (choice kinds and polls). */
  readonly options: readonly { readonly key: string }[];
  /** The right answer in its canonical form: option letters; a slider's value; '' for ungraded kinds; a type answer's accepted answers are in `accepted`. */
  readonly answer: string;
  readonly accepted?: readonly string[];
  readonly match?: TypeMatch;
  readonly slider?: SliderRule;
}

/** The longest answer text a call may carry for a kind. */
export function maxAnswerLength(kind: LiveKind): number {
  return kind === 'wordcloud' ? WORD_CLOUD_MAX : kind === 'type' ? TYPE_ANSWER_MAX : 120;
}

/** An answer as stored ('' when empty), or why it cannot be an answer to this question. */
export function readLiveAnswer(q: GradableQuestion, raw: string): { ok: true; answer: string } | { ok: false; reason: string } {
  switch (q.type) {
    case 'type':
    case 'wordcloud': {
      const text = cleanText(raw);
      if (text === '') return { ok: true, answer: '' };
      const most = maxAnswerLength(q.type);
      if ([...text].length > most) return { ok: false, reason: `must be at most ${most} characters` };
      if (foldText(text) === '') return { ok: false, reason: 'must hold a letter or a digit' };
      return { ok: true, answer: text };
    }
    case 'slider': {
      const text = raw.trim();
      if (text === '') return { ok: true, answer: '' };
      const value = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
      const range = q.slider!;
      if (!Number.isFinite(value)) return { ok: false, reason: 'must be a number' };
      if (!onSliderStep(range, value)) return { ok: false, reason: `must be a value from ${formatNumber(range.min)} to ${formatNumber(range.max)} in steps of ${formatNumber(range.step)}` };
      return { ok: true, answer: formatNumber(value) };
    }
    case 'poll':
      return normalizeAnswer('multiple', raw, q.options.map((o) => o.key));
    default:
      return normalizeAnswer(q.type, raw, q.options.map((o) => o.key));
  }
}

/**
 * Whether a stored answer (not empty) is right, and the share of the points its rightness earns
 * before time counts: 1 for a right answer of most kinds; a slider scored by closeness earns from 1
 * on the value down to a half at the tolerance's edge; ungraded kinds are never right.
 */
export function gradeLiveAnswer(q: GradableQuestion, answer: string): { correct: boolean; share: number } {
  switch (q.type) {
    case 'poll':
    case 'wordcloud':
      return { correct: false, share: 0 };
    case 'type': {
      const right = typedAnswerMatches(answer, q.accepted ?? [], q.match ?? 'exact');
      return { correct: right, share: right ? 1 : 0 };
    }
    case 'slider': {
      const rule = q.slider!;
      const off = Math.abs(Number(answer) - rule.correct);
      // A whisker of float error is not a miss (0.1 + 0.2 against 0.3).
      if (off > rule.tolerance + 1e-9) return { correct: false, share: 0 };
      if (rule.scoring === 'exact' || rule.tolerance === 0) return { correct: true, share: 1 };
      return { correct: true, share: 1 - Math.min(1, off / rule.tolerance) / 2 };
    }
    default: {
      const right = isRightAnswer(q.type, answer, q.answer);
      return { correct: right, share: right ? 1 : 0 };
    }
  }
}

/** The right answer as a screen and a report write it: a slider's value; a type answer's accepted answers joined by " / ". */
export function rightAnswerText(q: GradableQuestion): string {
  if (q.type === 'type') return (q.accepted ?? []).join(' / ');
  if (q.type === 'slider') return formatNumber(q.slider!.correct);
  return q.answer;
}

/** Which of `SLIDER_BINS` bars of the range a value falls in (the last bar takes the top end). */
export function sliderBin(range: SliderRange, value: number): number {
  const share = (value - range.min) / (range.max - range.min);
  return Math.max(0, Math.min(SLIDER_BINS - 1, Math.floor(share * SLIDER_BINS)));
}
