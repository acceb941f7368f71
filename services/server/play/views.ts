import { randomInt } from 'node:crypto';
import { PLAY_GRACE_MS, playTimeLeftMs } from '@/services/domain/settlement';
import { LIFELINES, type Lifeline, type RandomSource } from '@/services/domain/lifelines';
import type { PlayMode, PlayOption, PlayQuestion, PlaySession, QuestionType, ReviewQuestion, ReviewStatus, WordHintReveal } from '@/services/domain/play-session';
import { wordSlots, wordTiles, type WordFold } from '@/services/domain/word';
import type { PlayQuestionState } from '@/services/server/db/schema';
import type { QuestionRow, SessionRow } from '@/services/server/play/repository';
import { optionsToPick } from '@/services/domain/answers';
import { scoreFor } from '@/services/domain/scoring';
import type { SettingsMap } from '@/services/domain/settings';

/**
 * What leaves the server about a play. Every question a player may not have answered yet goes
 * out through `playQuestion`, which copies the question text, image and options and nothing else:
 * no right answer, no note (integrity rule 2). Right answers leave only through `answerFeedback`
 * and `reviewQuestion`, for closed questions.
 */

/** Network allowance added to every stored deadline. */
/** The grace on every deadline (services/domain/settlement.ts). */
export const GRACE_MS = PLAY_GRACE_MS;

/** Unpredictable numbers for shuffles, 50/50 and the poll: a player cannot replay the sequence. */
export const secureRandom: RandomSource = () => randomInt(0, 2 ** 32) / 2 ** 32;

const LETTERS = ['a', 'b', 'c', 'd', 'e'] as const;

/** What a question's options are read from; every question table has these columns. */
export type OptionColumns = Pick<QuestionRow, 'questionType' | 'optionA' | 'optionB' | 'optionC' | 'optionD' | 'optionE'>;

export function optionText(q: OptionColumns, key: string): string | null {
  switch (key) {
    case 'a':
      return q.optionA;
    case 'b':
      return q.optionB;
    case 'c':
      return q.optionC;
    case 'd':
      return q.optionD;
    case 'e':
      return q.optionE;
    default:
      return null;
  }
}

/** The option letters a question offers (E only with option_e_mode on). */
export function optionLetters(q: OptionColumns, withOptionE: boolean): string[] {
  if (q.questionType === 'boolean') return ['a', 'b'];
  // Multi match has up to five options of its own; option_e_mode is about multiple choice.
  const withE = withOptionE || q.questionType === 'multiselect' || q.questionType === 'sequence';
  return LETTERS.filter((k) => (k !== 'e' || withE) && optionText(q, k) !== null && optionText(q, k) !== '');
}

export function shuffled<T>(items: readonly T[], random: RandomSource = secureRandom): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The order a sequence's options are shown in: always shuffled (shown as written, an author's
 * options in the right order would give the answer away), and never the right order itself.
 */
function sequenceOrder(letters: string[], answer: string, random: RandomSource): string[] {
  const right = answer;
  for (let attempt = 0; attempt < 20; attempt++) {
    const order = shuffled(letters, random);
    if (order.join(',') !== right) return order;
  }
  // Twenty shuffles all gave the right order (two options, unlucky): swap the first two.
  const order = right.split(',');
  return [order[1]!, order[0]!, ...order.slice(2)];
}

/**
 * A new question state: options in the order they will be shown (true/false keeps True first, a
 * sequence is always shuffled); a word gets its tiles, folded by the rules of its language.
 */
export function newQuestionState(
  q: QuestionRow,
  options: { withOptionE: boolean; shuffle: boolean; fold?: WordFold; random?: RandomSource },
): PlayQuestionState {
  const random = options.random ?? secureRandom;
  const letters = optionLetters(q, options.withOptionE);
  const order =
    q.questionType === 'sequence'
      ? sequenceOrder(letters, q.answer, random)
      : options.shuffle && q.questionType !== 'boolean'
        ? shuffled(letters, random)
        : letters;
  const fold = options.fold ?? 'plain';
  return {
    id: q.id,
    order,
    ...(q.questionType === 'word' ? { word: { tiles: wordTiles(q.answer, fold, random), fold, hints: [] } } : {}),
    answer: null,
    correct: null,
    closedAt: null,
    timedOut: false,
    skipped: false,
    lifelines: [],
  };
}

function options(q: QuestionRow, state: PlayQuestionState): PlayOption[] {
  return state.order.map((key) => ({ key, text: optionText(q, key) ?? '' }));
}

/**
 * A question for play: text, type, image and options; a word's slots and tiles (its shape, never
 * its letters in order); an audio question's file and transcript. Nothing else, ever.
 */
export function playQuestion(q: QuestionRow, state: PlayQuestionState): PlayQuestion {
  return {
    id: q.id,
    question: q.question,
    question_type: q.questionType as QuestionType,
    image: q.image,
    options: options(q, state),
    ...(state.word ? { word: { slots: wordSlots(q.answer, state.word.fold), tiles: state.word.tiles, fold: state.word.fold } } : {}),
    ...(q.questionType === 'multiselect' ? { pick: optionsToPick(q.answer) } : {}),
    ...(q.audio ? { audio: q.audio, transcript: q.transcript ?? '' } : {}),
  };
}

/** The deadline of the open question: its own, or the session's when the session has one clock. */
export function openDeadline(row: Pick<SessionRow, 'currentDeadline' | 'totalDeadline'>): Date | null {
  return row.totalDeadline ?? row.currentDeadline;
}

export function timeLeftMs(row: Pick<SessionRow, 'currentDeadline' | 'totalDeadline' | 'status'>, now: Date): number {
  return playTimeLeftMs(openDeadline(row), row.status === 'open', now);
}

export interface CurrentEffects {
  /** Letters 50/50 removed from the open question. */
  removed?: string[];
  /** Audience poll of the open question. */
  percentages?: Record<string, number>;
  /** Letters hints revealed in the open question (guess the word). */
  hints?: WordHintReveal[];
  /** The open question's clock was started (audio questions). */
  clock_started?: boolean;
}

/** What a question-serving call answers: the session where it stands. */
export function sessionView(
  row: SessionRow,
  questions: ReadonlyMap<number, QuestionRow>,
  coins: number,
  settings: SettingsMap,
  now: Date,
): PlaySession & { current_effects: CurrentEffects } {
  const states = row.questions;
  const current = states[row.currentIndex];
  const effects: CurrentEffects = {};
  if (current?.removed) effects.removed = current.removed;
  if (current?.poll) effects.percentages = current.poll;
  if (current?.word && current.word.hints.length > 0) effects.hints = current.word.hints;
  if (current?.clockStartedAt) effects.clock_started = true;
  const used = new Set(row.lifelinesUsed);
  return {
    session_id: row.id,
    mode: row.mode as PlayMode,
    questions: states.map((s) => playQuestion(questions.get(s.id)!, s)),
    time_per_question: row.timePerQuestion,
    total_time: row.totalTime,
    current_index: row.currentIndex,
    time_left_ms: timeLeftMs(row, now),
    lifelines: LIFELINES.filter((k) => row.rules.lifelines.includes(k)).map((key: Lifeline) => ({
      key,
      cost: row.rules.lifelineCost,
      available: !used.has(key),
    })),
    coins,
    current_effects: effects,
    progress: progressOf(row, settings),
    ...(row.rules.hints ? { hints: { per_question: row.rules.hints.perQuestion, cost: row.rules.hints.cost } } : {}),
  };
}

/** The score of the answers given so far (as each answer's `points` counted it) and the right answers in a row at their end. */
export function progressOf(row: Pick<SessionRow, 'questions' | 'currentIndex' | 'mode'>, settings: SettingsMap): { score: number; streak: number } {
  const given = row.questions.slice(0, row.currentIndex);
  const right = given.filter((s) => s.correct === true).length;
  const wrong = given.filter((s) => s.answer !== null && s.correct !== true).length;
  let streak = 0;
  for (let i = given.length - 1; i >= 0 && given[i]!.correct === true; i--) streak++;
  return { score: scoreFor(right, wrong, row.mode as PlayMode, settings), streak };
}

function reviewStatus(s: PlayQuestionState): ReviewStatus {
  if (s.skipped) return 'skipped';
  if (s.answer === null) return 'unanswered';
  return s.correct ? 'correct' : 'wrong';
}

/** A closed question with the player's answer, the right one and the note (review after finishing). */
export function reviewQuestion(q: QuestionRow, state: PlayQuestionState): ReviewQuestion {
  return {
    ...playQuestion(q, state),
    answer: state.answer,
    correct_answer: q.answer,
    note: q.note || null,
    status: reviewStatus(state),
  };
}
