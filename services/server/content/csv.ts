import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  ANSWER_LETTERS,
  ContentFileError,
  IMPORT_MODES,
  LIMITS,
  QUESTION_TYPES,
  booleanWords,
  choiceShape,
  collectRows,
  finishRow,
  trueFalsePair,
  yesNoWords,
  languageCode,
  type ContentRow,
  type ImportMode,
  type ParsedContent,
  type QuestionType,
  type RejectedRow,
} from '@/services/server/content/content-row';

/**
 * Quiz Arena's own CSV format (docs/content.md): a header row naming the columns, then one question
 * per record, RFC 4180 quoting (fields holding a comma, a quote or a line break are quoted, a quote
 * inside is doubled).
 */
export const CSV_COLUMNS = [
  'mode',
  'language',
  'category',
  'subcategory',
  'type',
  'level',
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'option_e',
  'answer',
  'note',
  'image',
  'audio',
  'transcript',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = ['category', 'type', 'question', 'answer'];

/**
 * Option columns past e: a bank with more options may carry them, and a row that fills one is
 * refused by name (no kind holds more than five options), the rest of the file still imported.
 */
export const EXTRA_OPTION_COLUMNS = ['option_f', 'option_g', 'option_h', 'option_i', 'option_j'] as const;
type HeaderColumn = CsvColumn | (typeof EXTRA_OPTION_COLUMNS)[number];

/** Longest record, in bytes: a quote never closed stops the file there instead of swallowing it. */
export const MAX_RECORD_BYTES = 1024 * 1024;

export interface CsvRecord {
  /** Line on which the record starts (the header is line 1). */
  readonly line: number;
  readonly fields: string[];
  /** Why the record could not be read, if it could not (the next ones still are). */
  readonly error?: string;
}

const newlines = (text: string) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/** Errors csv-parse cannot read past: it stops there, and so does the import, naming the line. */
const FATAL = new Set(['CSV_QUOTE_NOT_CLOSED', 'CSV_INVALID_CLOSING_QUOTE', 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE', 'CSV_MAX_RECORD_SIZE']);

/** What csv-parse's error codes mean to the person who wrote the file. */
function csvProblem(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'text after a closing quote: quote the whole field and double a quote inside it';
    case 'CSV_MAX_RECORD_SIZE':
      return `a record longer than ${MAX_RECORD_BYTES / 1024 / 1024} MB (a quote never closed?)`;
    default:
      return error.message;
  }
}

/**
 * The records of CSV text as it streams in (RFC 4180, by csv-parse): CRLF or LF line ends, quoted
 * fields may hold commas, doubled quotes and line breaks; blank lines are skipped; spaces around a
 * field are dropped; a quote inside an unquoted field is taken as it is. A record the parser cannot
 * read past (a quote never closed, text after a closing quote) stops the file with
 * ContentFileError naming its line, after the records before it: those rows are whole, the file
 * can be fixed and run again.
 */
export async function* csvRecords(input: AsyncIterable<Buffer | string> | Readable): AsyncGenerator<CsvRecord> {
  let fatal: { line: number; message: string } | null = null;
  const skipped: CsvRecord[] = [];
  const parser = parse({
    bom: true,
    info: true,
    raw: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    trim: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  parser.on('skip', (error: CsvError & { lines?: number }) => {
    const line = error.lines ?? 0;
    if (FATAL.has(error.code)) fatal ??= { line, message: csvProblem(error) };
    else skipped.push({ line, fields: [], error: csvProblem(error) });
  });
  const source = input instanceof Readable ? input : Readable.from(input);
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; raw: string; info: { lines: number } }>) {
      const body = item.raw.replace(/^[\r\n]+/, '').replace(/\r?\n$/, '');
      const line = item.info.lines - newlines(body);
      const stopAt = fatal as { line: number } | null;
      if (stopAt && line >= stopAt.line) break;
      while (skipped.length && skipped[0]!.line < line) yield skipped.shift()!;
      // A line of spaces only is blank too.
      if (item.record.length === 1 && item.record[0] === '') continue;
      yield { line, fields: item.record };
    }
    yield* skipped.splice(0);
  } finally {
    source.unpipe(parser);
    if (!source.destroyed) source.destroy();
  }
  const stopped = fatal as { line: number; message: string } | null;
  if (stopped) {
    throw new ContentFileError(`line ${stopped.line}: ${stopped.message}. The import stopped there: the rows before it are stored; fix the line and run the file again (rows already stored count as duplicates)`);
  }
}

/** Quotes a field when it needs it (comma, quote, line break, leading or trailing space). */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

function readHeader(record: CsvRecord | undefined): HeaderColumn[] {
  if (!record) throw new ContentFileError('empty file: the first line must name the columns');
  const names = record.fields.map((f) => f.trim().toLowerCase());
  const known = new Set<string>([...CSV_COLUMNS, ...EXTRA_OPTION_COLUMNS]);
  for (const name of names) {
    if (!known.has(name)) throw new ContentFileError(`unknown column "${name}" in the header (columns: ${CSV_COLUMNS.join(', ')})`);
  }
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new ContentFileError(`column "${dup}" appears twice in the header`);
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) throw new ContentFileError(`the header lacks required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return names as HeaderColumn[];
}

function parseRecord(record: CsvRecord, header: readonly HeaderColumn[], defaultLanguage: string): ContentRow | RejectedRow {
  const reject = (reason: string): RejectedRow => ({ row: record.line, reason });
  if (record.error) return reject(record.error);
  if (record.fields.length !== header.length) {
    return reject(`expected ${header.length} fields, found ${record.fields.length}`);
  }
  const value = (column: HeaderColumn) => {
    const at = header.indexOf(column);
    return at < 0 ? '' : record.fields[at]!.trim();
  };

  const rawLanguage = value('language') || defaultLanguage;
  const language = languageCode(rawLanguage);
  if (!language) return reject(`unknown language code "${rawLanguage}"`);

  const rawMode = value('mode').toLowerCase();
  const mode = rawMode === '' ? 'quiz_zone' : (IMPORT_MODES as readonly string[]).includes(rawMode) ? (rawMode as ImportMode) : null;
  if (!mode) return reject(`unknown mode "${value('mode')}" (${IMPORT_MODES.join(', ')}; empty: quiz_zone)`);

  const rawType = value('type').toLowerCase();
  if (!rawType) return reject(`missing type (${QUESTION_TYPES.join(', ')})`);
  if (!(QUESTION_TYPES as readonly string[]).includes(rawType)) return reject(`unknown type "${value('type')}" (${QUESTION_TYPES.join(', ')})`);
  let questionType = rawType as QuestionType;

  const rawLevel = value('level');
  const level = rawLevel === '' ? 1 : /^\d+$/.test(rawLevel) ? Number(rawLevel) : NaN;
  if (!Number.isInteger(level) || level < 1 || level > LIMITS.maxLevel) {
    return reject(`level must be a whole number from 1 to ${LIMITS.maxLevel}, found "${rawLevel}"`);
  }

  const rawAnswer = value('answer');
  const answer = rawAnswer.toLowerCase();
  if (!answer) return reject('missing answer');
  const letters = [value('option_a'), value('option_b'), value('option_c'), value('option_d'), value('option_e')];
  const filled = [...letters, ...EXTRA_OPTION_COLUMNS.map(value)].map(Boolean).lastIndexOf(true) + 1;
  let options: string[];
  let answerIndex = -1;
  let answerIndexes: number[] | undefined;
  let word: string | undefined;

  if (questionType === 'word') {
    // The answer column holds the word; there are no options.
    if (filled > 0) return reject('a word question has no options (the answer column holds the word)');
    options = [];
    word = rawAnswer;
  } else if (filled > ANSWER_LETTERS.length) {
    return reject(`${filled} options: a ${questionType} question has at most ${ANSWER_LETTERS.length} (option_a to option_e), no kind holds more`);
  } else if (questionType === 'multiselect' || questionType === 'sequence') {
    options = letters.slice(0, filled);
    answerIndexes = answer.split(',').map((l) => ANSWER_LETTERS.indexOf(l.trim() as never));
    if (answerIndexes.some((i) => i < 0)) return reject(`the answer of a ${questionType} question is option letters separated by commas (e.g. a,c), found "${rawAnswer}"`);
  } else if (questionType === 'boolean') {
    if (filled > 2) return reject('a boolean question has only option_a (true) and option_b (false)');
    const words = booleanWords(language);
    const [a, b] = letters as [string, string];
    if (!a && !b) {
      if (!words) return reject(`no built-in true/false words for language "${language}": fill in option_a (true) and option_b (false)`);
      options = [...words];
    } else if (!a || !b) {
      return reject('a boolean question needs both option_a (true) and option_b (false), or neither');
    } else {
      const pair = trueFalsePair(language, [a, b]);
      const yesNo = yesNoWords(language);
      if (words && pair?.trueAt !== 0) {
        return reject(`a boolean question's options are "${words[0]}" then "${words[1]}"${yesNo ? ` or "${yesNo[0]}" then "${yesNo[1]}"` : ''} (or leave them empty)`);
      }
      options = pair ? [...pair.words] : [a, b];
    }
    answerIndex = ['a', 'true', 'yes'].includes(answer) ? 0 : ['b', 'false', 'no'].includes(answer) ? 1 : -1;
    if (answerIndex < 0) return reject(`the answer of a boolean question is a (true) or b (false), found "${value('answer')}"`);
  } else {
    options = letters.slice(0, Math.max(filled, 1));
    answerIndex = ANSWER_LETTERS.indexOf(answer as never);
    if (answerIndex < 0) return reject(`the answer is the letter of the right option, a to e, found "${value('answer')}"`);
    if (answerIndex >= options.length || !options[answerIndex]) return reject(`the answer ${answer} names an empty option`);
    // Two options that are true/false or yes/no in the row's language: a true/false question.
    ({ questionType, options, answerIndex } = choiceShape(language, options, answerIndex));
  }

  return finishRow({
    row: record.line,
    mode,
    language,
    category: value('category'),
    subcategory: value('subcategory') || null,
    questionType,
    level,
    question: value('question'),
    options,
    answerIndex,
    ...(answerIndexes ? { answerIndexes } : {}),
    ...(word !== undefined ? { word } : {}),
    note: value('note'),
    image: value('image') || null,
    audio: value('audio') || null,
    transcript: value('transcript') || null,
  });
}

/**
 * The rows of a content CSV as the file streams in, each a row to store or a refusal naming its
 * line. Throws ContentFileError when the header row is missing or wrong (before any row), or when
 * the file cannot be read past a line.
 */
export async function* readContentCsv(input: AsyncIterable<Buffer | string> | Readable, options: { language: string }): AsyncGenerator<ContentRow | RejectedRow> {
  let header: HeaderColumn[] | undefined;
  for await (const record of csvRecords(input)) {
    if (!header) {
      if (record.error) throw new ContentFileError(`the header row (line ${record.line}) is malformed: ${record.error}`);
      header = readHeader(record);
    }
    else yield parseRecord(record, header, options.language);
  }
  if (!header) readHeader(undefined);
}

/** Every row of a small CSV text at once (the console's preview, tests). */
export async function parseContentCsv(text: string, options: { language: string }): Promise<ParsedContent> {
  return collectRows(readContentCsv(Readable.from([Buffer.from(text)]), options));
}
