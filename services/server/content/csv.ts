import {
  ANSWER_LETTERS,
  ContentFileError,
  IMPORT_MODES,
  LIMITS,
  QUESTION_TYPES,
  booleanWords,
  finishRow,
  isRejected,
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

export interface CsvRecord {
  /** Line on which the record starts (the header is line 1). */
  readonly line: number;
  readonly fields: string[];
  /** Why the record is malformed, if it is. */
  readonly error?: string;
}

/**
 * Splits CSV text into records (RFC 4180): CRLF or LF line ends, quoted fields may hold commas,
 * doubled quotes and line breaks. Lenient only about spaces around a quoted field. Blank lines are
 * skipped. A malformed record is returned with `error` set rather than stopping the parse.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const src = text.replace(/^\uFEFF/, '');
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let quoted = false;
  let afterQuote = false;
  let sawQuote = false;
  let error: string | undefined;
  let line = 1;
  let start = 1;
  let quoteLine = 1;

  const fail = (message: string) => {
    error ??= `${message} (field ${fields.length + 1})`;
  };
  const endField = () => {
    fields.push(field);
    field = '';
    quoted = false;
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    const blank = fields.length === 1 && fields[0] === '' && !sawQuote;
    if (!blank) records.push(error ? { line: start, fields, error } : { line: start, fields });
    fields = [];
    error = undefined;
    sawQuote = false;
  };

  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
          afterQuote = true;
        }
      } else if (ch === '\r' || ch === '\n') {
        if (ch === '\r' && src[i + 1] === '\n') i++;
        field += '\n';
        line++;
      } else {
        field += ch;
      }
      continue;
    }
    if (ch === ',') {
      endField();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else if (ch === '"') {
      sawQuote = true;
      if (!quoted && !afterQuote && field.trim() === '') {
        field = '';
        inQuotes = true;
        quoted = true;
        quoteLine = line;
      } else {
        fail('a quote inside an unquoted field: quote the whole field and double the quote');
        field += ch;
      }
    } else if (afterQuote) {
      if (ch !== ' ' && ch !== '\t') {
        fail('text after a closing quote');
        field += ch;
      }
    } else {
      field += ch;
    }
  }
  if (inQuotes) fail(`a quoted field opened on line ${quoteLine} is never closed`);
  if (field !== '' || fields.length > 0 || sawQuote) endRecord();
  return records;
}

/** Quotes a field when it needs it (comma, quote, line break, leading or trailing space). */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

function readHeader(record: CsvRecord | undefined): CsvColumn[] {
  if (!record) throw new ContentFileError('empty file: the first line must name the columns');
  if (record.error) throw new ContentFileError(`the header row (line ${record.line}) is malformed: ${record.error}`);
  const names = record.fields.map((f) => f.trim().toLowerCase());
  const known = new Set<string>(CSV_COLUMNS);
  for (const name of names) {
    if (!known.has(name)) throw new ContentFileError(`unknown column "${name}" in the header (columns: ${CSV_COLUMNS.join(', ')})`);
  }
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new ContentFileError(`column "${dup}" appears twice in the header`);
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) throw new ContentFileError(`the header lacks required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return names as CsvColumn[];
}

function parseRecord(record: CsvRecord, header: readonly CsvColumn[], defaultLanguage: string): ContentRow | RejectedRow {
  const reject = (reason: string): RejectedRow => ({ row: record.line, reason });
  if (record.error) return reject(record.error);
  if (record.fields.length !== header.length) {
    return reject(`expected ${header.length} fields, found ${record.fields.length}`);
  }
  const value = (column: CsvColumn) => {
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
  const questionType = rawType as QuestionType;

  const rawLevel = value('level');
  const level = rawLevel === '' ? 1 : /^\d+$/.test(rawLevel) ? Number(rawLevel) : NaN;
  if (!Number.isInteger(level) || level < 1 || level > LIMITS.maxLevel) {
    return reject(`level must be a whole number from 1 to ${LIMITS.maxLevel}, found "${rawLevel}"`);
  }

  const rawAnswer = value('answer');
  const answer = rawAnswer.toLowerCase();
  if (!answer) return reject('missing answer');
  const letters = [value('option_a'), value('option_b'), value('option_c'), value('option_d'), value('option_e')];
  let options: string[];
  let answerIndex = -1;
  let answerIndexes: number[] | undefined;
  let word: string | undefined;

  if (questionType === 'word') {
    // The answer column holds the word; there are no options.
    if (letters.some(Boolean)) return reject('a word question has no options (the answer column holds the word)');
    options = [];
    word = rawAnswer;
  } else if (questionType === 'multiselect' || questionType === 'sequence') {
    const last = letters.map(Boolean).lastIndexOf(true);
    options = letters.slice(0, last + 1);
    answerIndexes = answer.split(',').map((l) => ANSWER_LETTERS.indexOf(l.trim() as never));
    if (answerIndexes.some((i) => i < 0)) return reject(`the answer of a ${questionType} question is option letters separated by commas (e.g. a,c), found "${rawAnswer}"`);
  } else if (questionType === 'boolean') {
    if (letters.slice(2).some(Boolean)) return reject('a boolean question has only option_a (true) and option_b (false)');
    const words = booleanWords(language);
    const [a, b] = letters as [string, string];
    if (!a && !b) {
      if (!words) return reject(`no built-in true/false words for language "${language}": fill in option_a (true) and option_b (false)`);
      options = [...words];
    } else if (!a || !b) {
      return reject('a boolean question needs both option_a (true) and option_b (false), or neither');
    } else {
      if (words && (a.toLowerCase() !== words[0].toLowerCase() || b.toLowerCase() !== words[1].toLowerCase())) {
        return reject(`a boolean question's options are "${words[0]}" then "${words[1]}" (or leave them empty)`);
      }
      options = [a, b];
    }
    answerIndex = answer === 'a' || answer === 'true' ? 0 : answer === 'b' || answer === 'false' ? 1 : -1;
    if (answerIndex < 0) return reject(`the answer of a boolean question is a (true) or b (false), found "${value('answer')}"`);
  } else {
    options = letters[4] ? letters : letters.slice(0, 4);
    answerIndex = ANSWER_LETTERS.indexOf(answer as never);
    if (answerIndex < 0) return reject(`the answer is the letter of the right option, a to e, found "${value('answer')}"`);
    if (answerIndex >= options.length) return reject(`the answer ${answer} names an empty option`);
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

/** Parses a whole file; throws ContentFileError when the header row is missing or wrong. */
export function parseContentCsv(text: string, options: { language: string }): ParsedContent {
  const [headerRecord, ...records] = parseCsvRecords(text);
  const header = readHeader(headerRecord);
  const rows: ContentRow[] = [];
  const rejected: RejectedRow[] = [];
  for (const record of records) {
    const out = parseRecord(record, header, options.language);
    if (isRejected(out)) rejected.push(out);
    else rows.push(out);
  }
  return { read: records.length, rows, rejected };
}
