import type { QuestionType } from '@/services/domain/play-session';
import { wordLetters, wordMatches, type WordFold } from '@/services/domain/word';

/**
 * What an answer is, per question shape (decision 017), for the server that grades it and the
 * browser that builds it:
 * - multiple, boolean: one option letter;
 * - multiselect: the chosen letters, comma-separated, each once (the order does not matter);
 *   right when the set is the right set — all or nothing (decision 018);
 * - sequence: every option letter once, comma-separated, in the player's order; right when the
 *   order is the right one;
 * - word: the letters the player entered (spaces and punctuation may be left in; they do not count).
 * The empty answer is the player's time-out in every shape.
 */

/** Longest answer text a call may carry (a word of 60 characters, or five letters with commas). */
export const MAX_ANSWER_LENGTH = 120;

export const ANSWER_SHAPES: Readonly<Record<QuestionType, string>> = {
  multiple: 'an option letter',
  boolean: 'an option letter',
  multiselect: 'option letters separated by commas',
  sequence: 'every option letter once, separated by commas, in order',
  word: 'the letters of the word',
};

const letterList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');

/**
 * The answer in its canonical form ('' for a time-out), or the reason it cannot be an answer to
 * this question. `order` is the question's option letters as served.
 */
export function normalizeAnswer(type: QuestionType, raw: string, order: readonly string[], fold: WordFold = 'plain'): { ok: true; answer: string } | { ok: false; reason: string } {
  const text = raw.trim();
  if (text === '') return { ok: true, answer: '' };
  switch (type) {
    case 'multiple':
    case 'boolean': {
      const letter = text.toLowerCase();
      return order.includes(letter) ? { ok: true, answer: letter } : { ok: false, reason: `must be one of ${order.join(', ')} or empty` };
    }
    case 'multiselect':
    case 'sequence': {
      const letters = letterList(text);
      const unknown = letters.find((l) => !order.includes(l));
      if (unknown !== undefined) return { ok: false, reason: `"${unknown}" is not an option of this question (${order.join(', ')})` };
      if (new Set(letters).size !== letters.length) return { ok: false, reason: 'names an option twice' };
      if (type === 'sequence' && letters.length !== order.length) return { ok: false, reason: `must put all ${order.length} options in order` };
      return { ok: true, answer: (type === 'multiselect' ? [...letters].sort() : letters).join(',') };
    }
    case 'word': {
      const letters = wordLetters(text, fold);
      if (letters.length === 0) return { ok: false, reason: 'must contain letters' };
      return { ok: true, answer: letters.join('') };
    }
  }
}

/** How many options a multi-select's right answer names ("Pick 2"): its shape, as a word's slots are, never which. */
export function optionsToPick(right: string): number {
  return letterList(right).length;
}

/** Whether a canonical answer (from `normalizeAnswer`, not empty) is right. */
export function isRightAnswer(type: QuestionType, answer: string, right: string, fold: WordFold = 'plain'): boolean {
  switch (type) {
    case 'multiple':
    case 'boolean':
      return answer === right;
    case 'multiselect':
      return answer === letterList(right).sort().join(',');
    case 'sequence':
      return answer === letterList(right).join(',');
    case 'word':
      return wordMatches(answer, right, fold);
  }
}
