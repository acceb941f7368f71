import { createHash } from 'node:crypto';

/**
 * The normalised question row every content source (demo files, Open Trivia DB, CSV) is turned
 * into before it reaches the database.
 */
export const QUESTION_TYPES = ['multiple', 'boolean', 'word', 'multiselect', 'sequence'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type AnswerLetter = 'a' | 'b' | 'c' | 'd' | 'e';

export const ANSWER_LETTERS: readonly AnswerLetter[] = ['a', 'b', 'c', 'd', 'e'];

/** The modes an import can put questions in (the category's kind; decision 017). Fun and learn comes with its texts, in content files (JSON). */
export const IMPORT_MODES = ['quiz_zone', 'maths', 'guess_the_word', 'audio', 'multi_match'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
/** Every mode content can be written for. */
export type ContentMode = ImportMode | 'fun_n_learn';

/** The question shapes each mode plays (decision 017). */
export const MODE_SHAPES: Readonly<Record<ContentMode, readonly QuestionType[]>> = {
  quiz_zone: ['multiple', 'boolean'],
  maths: ['multiple', 'boolean'],
  guess_the_word: ['word'],
  audio: ['multiple', 'boolean'],
  multi_match: ['multiselect', 'sequence'],
  fun_n_learn: ['multiple', 'boolean'],
};

/** Modes played by level (the others play a category or subcategory at level 1). */
export const LEVELLED_MODES: ReadonlySet<string> = new Set(['quiz_zone', 'multi_match']);

/** Longest word or phrase of a guess-the-word question, in characters (the database's check). */
export const WORD_MAX = 60;

export interface ContentRow {
  /** Where the row came from: line number of a CSV file, 1-based position in an Open Trivia DB file. */
  readonly row: number;
  /** The mode of the row's category: the quiz zone unless the file says otherwise. */
  readonly mode: ContentMode;
  /** Content language code, e.g. `en`. */
  readonly language: string;
  readonly category: string;
  readonly subcategory: string | null;
  readonly questionType: QuestionType;
  readonly level: number;
  readonly question: string;
  /** Options in stored order (option_a, option_b, …); none for a word. */
  readonly options: readonly string[];
  /** As stored (decision 017): a letter; a word; letters comma-separated (multi select, sequence). */
  readonly answer: string;
  readonly note: string;
  readonly image: string | null;
  /** Audio questions: the file or link, and what it says. */
  readonly audio: string | null;
  readonly transcript: string | null;
  readonly contentHash: string;
}

/** A file that cannot be read as content at all (not JSON, no header, …). */
export class ContentFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentFileError';
  }
}

export interface RejectedRow {
  readonly row: number;
  readonly reason: string;
}

export interface ParsedContent {
  /** Rows read from the file (accepted + rejected). */
  readonly read: number;
  readonly rows: ContentRow[];
  readonly rejected: RejectedRow[];
}

/** Longest texts accepted, in characters. */
export const LIMITS = {
  question: 1000,
  option: 250,
  note: 2000,
  name: 100,
  image: 500,
  maxLevel: 100,
} as const;

/**
 * The words of a true/false question's two options, true first, per content language. A language
 * missing here has to spell them out (CSV: option_a and option_b).
 */
export const BOOLEAN_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  en: ['True', 'False'],
  es: ['Verdadero', 'Falso'],
  fr: ['Vrai', 'Faux'],
  de: ['Wahr', 'Falsch'],
  it: ['Vero', 'Falso'],
  pt: ['Verdadeiro', 'Falso'],
  nl: ['Waar', 'Onwaar'],
  ar: ['صح', 'خطأ'],
};

export function booleanWords(language: string): readonly [string, string] | undefined {
  return BOOLEAN_WORDS[language] ?? BOOLEAN_WORDS[language.split('-')[0] ?? ''];
}

/** Yes and no per content language, yes first: a question answered by them is a true/false question too. */
export const YES_NO_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  en: ['Yes', 'No'],
  es: ['Sí', 'No'],
  fr: ['Oui', 'Non'],
  de: ['Ja', 'Nein'],
  it: ['Sì', 'No'],
  pt: ['Sim', 'Não'],
  nl: ['Ja', 'Nee'],
  ar: ['نعم', 'لا'],
};

export function yesNoWords(language: string): readonly [string, string] | undefined {
  return YES_NO_WORDS[language] ?? YES_NO_WORDS[language.split('-')[0] ?? ''];
}

/** An option compared with a word: case, accents' composition, spaces and a final full stop do not count. */
const asWord = (text: string) => normaliseText(text).replace(/[.!]$/, '');

/**
 * Whether two options are the true/false or yes/no words of the language (in either order): then
 * the question is a true/false one. Returns the words as stored (true or yes first) and which of the
 * two given options is the true (or yes) one; null when they are other texts.
 */
export function trueFalsePair(language: string, options: readonly string[]): { words: readonly [string, string]; trueAt: 0 | 1 } | null {
  if (options.length !== 2) return null;
  const given = options.map(asWord);
  for (const words of [booleanWords(language), yesNoWords(language)]) {
    if (!words) continue;
    const [yes, no] = words.map(asWord) as [string, string];
    if (given[0] === yes && given[1] === no) return { words, trueAt: 0 };
    if (given[0] === no && given[1] === yes) return { words, trueAt: 1 };
  }
  return null;
}

/** Options a multiple-choice question has: two (a yes/no-like choice between two texts) to five. */
export const MULTIPLE_OPTIONS = { min: 2, max: 5 } as const;

/**
 * A choice between options as a file gives it, the right one at `answerIndex`: two options that
 * are the language's true/false or yes/no words make a true/false question (stored true or yes
 * first), anything else a multiple-choice one.
 */
export function choiceShape(language: string, options: string[], answerIndex: number): { questionType: 'multiple' | 'boolean'; options: string[]; answerIndex: number } {
  const pair = trueFalsePair(language, options);
  if (!pair || (answerIndex !== 0 && answerIndex !== 1)) return { questionType: 'multiple', options, answerIndex };
  return { questionType: 'boolean', options: [...pair.words], answerIndex: answerIndex === pair.trueAt ? 0 : 1 };
}

/** Lower-cased, Unicode NFC, every run of whitespace one space, trimmed. */
export function normaliseText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * sha256 (hex) of the question type and the normalised question text. The options are left out on
 * purpose: a question asked twice with other wrong options is the same question to a player
 * (docs/decisions/004-duplicate-questions.md).
 */
export function contentHash(questionType: string, question: string): string {
  return createHash('sha256').update(`${questionType}\n${normaliseText(question)}`).digest('hex');
}

/**
 * Shuffles deterministically from a hex seed (Fisher–Yates driven by the seed's bytes): the same
 * question always lands in the same order, and re-importing it does not move its answer.
 */
export function seededShuffle<T>(items: readonly T[], hexSeed: string): T[] {
  const out = [...items];
  const bytes = Buffer.from(createHash('sha256').update(hexSeed).digest());
  let k = 0;
  for (let i = out.length - 1; i > 0; i--) {
    const j = bytes[k++ % bytes.length]! % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

/** Validates a language code, returning it lower-cased, or null when it is not one. */
export function languageCode(value: string): string | null {
  const code = value.trim().toLowerCase();
  return LANGUAGE_CODE.test(code) ? code : null;
}

export interface DraftRow {
  row: number;
  mode?: ContentMode;
  language: string;
  category: string;
  subcategory: string | null;
  questionType: QuestionType;
  level: number;
  question: string;
  options: string[];
  /** Index of the right option in `options` (multiple, boolean). */
  answerIndex: number;
  /** Multi select: the indexes of the right options; sequence: the right order (default: the options as written). */
  answerIndexes?: number[];
  /** Guess the word: the word or phrase. */
  word?: string;
  note: string;
  image: string | null;
  audio?: string | null;
  transcript?: string | null;
  /** Shuffle multiple-choice options (seeded by the content hash) before storing. */
  shuffle?: boolean;
}

function tooLong(what: string, text: string, max: number): string | null {
  return text.length > max ? `${what} too long (${text.length} characters, at most ${max})` : null;
}

/**
 * Checks what every source must satisfy and computes the hash; returns the row or the reason it is
 * rejected. Texts are trimmed here; the parsers have already decoded them.
 */
export function finishRow(draft: DraftRow): ContentRow | RejectedRow {
  const reject = (reason: string): RejectedRow => ({ row: draft.row, reason });
  const question = draft.question.trim();
  const options = draft.options.map((o) => o.trim());
  const category = draft.category.trim();
  const subcategory = draft.subcategory?.trim() || null;
  const note = draft.note.trim();
  const image = draft.image?.trim() || null;

  if (!category) return reject('empty category');
  if (!question) return reject('empty question');
  const emptyAt = options.findIndex((o) => !o);
  if (emptyAt >= 0) return reject(`empty option ${ANSWER_LETTERS[emptyAt]}`);
  const texts = [question, ...options, category, subcategory ?? '', note, draft.word ?? '', draft.transcript ?? ''];
  if (texts.some((t) => t.includes('\uFFFD'))) {
    return reject('holds bytes that are not UTF-8 text (save the file as UTF-8, e.g. iconv -f windows-1252 -t utf-8)');
  }

  const long =
    tooLong('question', question, LIMITS.question) ??
    options.map((o, i) => tooLong(`option ${ANSWER_LETTERS[i]}`, o, LIMITS.option)).find(Boolean) ??
    tooLong('category name', category, LIMITS.name) ??
    (subcategory ? tooLong('subcategory name', subcategory, LIMITS.name) : null) ??
    tooLong('note', note, LIMITS.note) ??
    (image ? tooLong('image', image, LIMITS.image) : null);
  if (long) return reject(long);

  const mode = draft.mode ?? 'quiz_zone';
  const shapes = MODE_SHAPES[mode];
  if (!shapes.includes(draft.questionType)) return reject(`a ${mode} question is ${shapes.join(' or ')}, not ${draft.questionType}`);
  const answer = answerOf(draft, options);
  if (typeof answer !== 'string') return reject(answer.reason);

  const audio = draft.audio?.trim() || null;
  const transcript = draft.transcript?.trim() || null;
  if (mode === 'audio') {
    if (!audio) return reject('an audio question needs its audio (an /uploads/ or /audio/ path, or an https link)');
    if (!/^(\/(uploads|audio)\/[\w./-]+|https:\/\/\S+)$/.test(audio) || audio.includes('..')) return reject(`audio must be an /uploads/ or /audio/ path or an https link, found "${audio}"`);
    if (!transcript) return reject('an audio question needs a transcript (what the audio says, for players who cannot hear it)');
  } else if (audio) return reject(`only audio questions have audio (this is ${mode})`);
  const longMedia = (audio ? tooLong('audio', audio, LIMITS.image) : null) ?? (transcript ? tooLong('transcript', transcript, LIMITS.note) : null);
  if (longMedia) return reject(longMedia);

  if (!Number.isInteger(draft.level) || draft.level < 1 || draft.level > LIMITS.maxLevel) {
    return reject(`level must be a whole number from 1 to ${LIMITS.maxLevel}`);
  }
  if (!LEVELLED_MODES.has(mode) && draft.level !== 1) return reject(`a ${mode} question has no levels: leave level empty (or 1)`);

  const hash = contentHash(draft.questionType, question);
  let stored = options;
  let storedAnswer = answer;
  if (draft.shuffle && draft.questionType === 'multiple') {
    const right = options[draft.answerIndex]!;
    stored = seededShuffle(options, hash);
    storedAnswer = ANSWER_LETTERS[stored.indexOf(right)]!;
  }
  return {
    row: draft.row,
    mode,
    language: draft.language,
    category,
    subcategory,
    questionType: draft.questionType,
    level: draft.level,
    question,
    options: stored,
    answer: storedAnswer,
    note,
    image,
    audio,
    transcript,
    contentHash: hash,
  };
}

/** Distinct options (compared normalised), or the reason they are not. */
function duplicateOptions(options: readonly string[]): string | null {
  const seen = new Map<string, number>();
  for (const [i, o] of options.entries()) {
    const key = normaliseText(o);
    if (seen.has(key)) return `duplicate options: ${ANSWER_LETTERS[seen.get(key)!]} and ${ANSWER_LETTERS[i]} are both "${o}"`;
    seen.set(key, i);
  }
  return null;
}

/** The answer as stored for the draft's shape (decision 017), or the reason the options and answer do not fit it. */
function answerOf(draft: DraftRow, options: readonly string[]): string | { reason: string } {
  const no = (reason: string) => ({ reason });
  switch (draft.questionType) {
    case 'word': {
      if (options.length > 0) return no('a guess-the-word question has no options');
      const word = (draft.word ?? '').trim();
      if (!word) return no('a guess-the-word question needs its word (the answer)');
      if (word.length > WORD_MAX) return no(`the word is at most ${WORD_MAX} characters, found ${word.length}`);
      if (!/\p{L}/u.test(word)) return no('the word must contain letters');
      return word;
    }
    case 'multiselect':
    case 'sequence': {
      if (options.length < 3 || options.length > 5) return no(`a ${draft.questionType} question has 3 to 5 options, found ${options.length}`);
      const duplicate = duplicateOptions(options);
      if (duplicate) return no(duplicate);
      if (draft.questionType === 'sequence') {
        // The right order: the letters given, or the options as written.
        const order = draft.answerIndexes ?? options.map((_, i) => i);
        const isPermutation = order.length === options.length && new Set(order).size === order.length && order.every((i) => Number.isInteger(i) && i >= 0 && i < options.length);
        if (!isPermutation) return no(`a sequence's answer names every option once, in the right order (${options.length} letters)`);
        return order.map((i) => ANSWER_LETTERS[i]).join(',');
      }
      const right = [...new Set(draft.answerIndexes ?? [])].sort((a, b) => a - b);
      if (right.length === 0) return no('a multiselect question names its right options');
      if (right.some((i) => !Number.isInteger(i) || i < 0 || i >= options.length)) return no('an answer names no option');
      if (right.length === options.length) return no('a multiselect question needs at least one wrong option');
      return right.map((i) => ANSWER_LETTERS[i]).join(',');
    }
    default: {
      if (draft.questionType === 'boolean' && options.length !== 2) return no(`wrong number of options: a boolean question has 2, found ${options.length}`);
      if (draft.questionType === 'multiple' && (options.length < MULTIPLE_OPTIONS.min || options.length > MULTIPLE_OPTIONS.max)) {
        return no(
          options.length > MULTIPLE_OPTIONS.max
            ? `${options.length} options: a multiple-choice question has at most ${MULTIPLE_OPTIONS.max} (a to e)`
            : `wrong number of options: a multiple-choice question has ${MULTIPLE_OPTIONS.min} to ${MULTIPLE_OPTIONS.max}, found ${options.length}`,
        );
      }
      const duplicate = duplicateOptions(options);
      if (duplicate) return no(duplicate);
      if (!Number.isInteger(draft.answerIndex) || draft.answerIndex < 0 || draft.answerIndex >= options.length) return no('the answer names no option');
      return ANSWER_LETTERS[draft.answerIndex]!;
    }
  }
}

export function isRejected(value: ContentRow | RejectedRow): value is RejectedRow {
  return 'reason' in value;
}

/** Every row of a (small) stream of rows at once. */
export async function collectRows(rows: AsyncIterable<ContentRow | RejectedRow>): Promise<ParsedContent> {
  const out: ContentRow[] = [];
  const rejected: RejectedRow[] = [];
  for await (const row of rows) {
    if (isRejected(row)) rejected.push(row);
    else out.push(row);
  }
  return { read: out.length + rejected.length, rows: out, rejected };
}

/** A language's own name for itself, capitalised: `es` → "Español"; the code when unknown. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    if (!name || name === code) return code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}
