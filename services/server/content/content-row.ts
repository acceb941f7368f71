import { createHash } from 'node:crypto';

/**
 * The normalised question row every content source (demo files, Open Trivia DB, CSV) is turned
 * into before it reaches the database.
 */
export type QuestionType = 'multiple' | 'boolean';
export type AnswerLetter = 'a' | 'b' | 'c' | 'd' | 'e';

export const ANSWER_LETTERS: readonly AnswerLetter[] = ['a', 'b', 'c', 'd', 'e'];

/** The modes an import can put questions in so far (the category's kind; decision 017). */
export const IMPORT_MODES = ['quiz_zone', 'maths'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export interface ContentRow {
  /** Where the row came from: line number of a CSV file, 1-based position in an Open Trivia DB file. */
  readonly row: number;
  /** The mode of the row's category: the quiz zone unless the file says otherwise. */
  readonly mode: ImportMode;
  /** Content language code, e.g. `en`. */
  readonly language: string;
  readonly category: string;
  readonly subcategory: string | null;
  readonly questionType: QuestionType;
  readonly level: number;
  readonly question: string;
  /** Options in stored order (option_a, option_b, …). */
  readonly options: readonly string[];
  readonly answer: AnswerLetter;
  readonly note: string;
  readonly image: string | null;
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
  mode?: ImportMode;
  language: string;
  category: string;
  subcategory: string | null;
  questionType: QuestionType;
  level: number;
  question: string;
  options: string[];
  /** Index of the right option in `options`. */
  answerIndex: number;
  note: string;
  image: string | null;
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

  const long =
    tooLong('question', question, LIMITS.question) ??
    options.map((o, i) => tooLong(`option ${ANSWER_LETTERS[i]}`, o, LIMITS.option)).find(Boolean) ??
    tooLong('category name', category, LIMITS.name) ??
    (subcategory ? tooLong('subcategory name', subcategory, LIMITS.name) : null) ??
    tooLong('note', note, LIMITS.note) ??
    (image ? tooLong('image', image, LIMITS.image) : null);
  if (long) return reject(long);

  const expected = draft.questionType === 'boolean' ? [2] : [4, 5];
  if (!expected.includes(options.length)) {
    return reject(
      draft.questionType === 'boolean'
        ? `wrong number of options: a boolean question has 2, found ${options.length}`
        : `wrong number of options: a multiple-choice question has 4 (or 5), found ${options.length}`,
    );
  }
  const seen = new Map<string, number>();
  for (const [i, o] of options.entries()) {
    const key = normaliseText(o);
    if (seen.has(key)) return reject(`duplicate options: ${ANSWER_LETTERS[seen.get(key)!]} and ${ANSWER_LETTERS[i]} are both "${o}"`);
    seen.set(key, i);
  }
  if (!Number.isInteger(draft.answerIndex) || draft.answerIndex < 0 || draft.answerIndex >= options.length) {
    return reject('the answer names no option');
  }
  if (!Number.isInteger(draft.level) || draft.level < 1 || draft.level > LIMITS.maxLevel) {
    return reject(`level must be a whole number from 1 to ${LIMITS.maxLevel}`);
  }
  const mode = draft.mode ?? 'quiz_zone';
  if (mode !== 'quiz_zone' && draft.level !== 1) return reject(`a ${mode} question has no levels: leave level empty (or 1)`);

  const hash = contentHash(draft.questionType, question);
  let stored = options;
  let answerIndex = draft.answerIndex;
  if (draft.shuffle && draft.questionType === 'multiple') {
    const right = options[answerIndex]!;
    stored = seededShuffle(options, hash);
    answerIndex = stored.indexOf(right);
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
    answer: ANSWER_LETTERS[answerIndex]!,
    note,
    image,
    contentHash: hash,
  };
}

export function isRejected(value: ContentRow | RejectedRow): value is RejectedRow {
  return 'reason' in value;
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
