import { Readable } from 'node:stream';
import { decodeHTML } from 'entities';
import chain from 'stream-chain';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import {
  ContentFileError,
  MULTIPLE_OPTIONS,
  booleanWords,
  choiceShape,
  collectRows,
  finishRow,
  type ContentRow,
  type ParsedContent,
  type RejectedRow,
} from '@/services/server/content/content-row';

/**
 * Open Trivia Database files (https://opentdb.com, CC BY-SA 4.0):
 * `{"results": [{type, difficulty, category, question, correct_answer, incorrect_answers}]}`,
 * every text HTML-entity encoded, category names included.
 */

export const OPENTDB_LEVELS: Readonly<Record<string, number>> = { easy: 1, medium: 2, hard: 3 };

const FIELDS = ['type', 'difficulty', 'category', 'question', 'correct_answer', 'incorrect_answers'] as const;

/** "Entertainment: Music" → Entertainment / Music; a name without ':' has no subcategory. */
export function splitCategory(name: string): { category: string; subcategory: string | null } {
  const at = name.indexOf(':');
  if (at < 0) return { category: name.trim(), subcategory: null };
  return { category: name.slice(0, at).trim(), subcategory: name.slice(at + 1).trim() || null };
}

export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

/** One result of the file → a row, or the reason it is refused. `row` is its 1-based position. */
export function parseOpenTdbRecord(record: unknown, row: number, language: string): ContentRow | RejectedRow {
  const reject = (reason: string): RejectedRow => ({ row, reason });
  if (!record || typeof record !== 'object' || Array.isArray(record)) return reject('not an object');
  const r = record as Record<string, unknown>;
  for (const field of FIELDS) {
    if (r[field] === undefined || r[field] === null) return reject(`missing field "${field}"`);
    if (field === 'incorrect_answers') {
      if (!Array.isArray(r[field]) || !(r[field] as unknown[]).every((a) => typeof a === 'string')) {
        return reject('field "incorrect_answers" must be a list of texts');
      }
    } else if (typeof r[field] !== 'string') {
      return reject(`field "${field}" must be a text`);
    }
  }
  const type = r.type as string;
  const difficulty = r.difficulty as string;
  const incorrect = (r.incorrect_answers as string[]).map(decodeEntities);
  const correct = decodeEntities(r.correct_answer as string);
  const { category, subcategory } = splitCategory(decodeEntities(r.category as string));
  const question = decodeEntities(r.question as string);

  if (type !== 'multiple' && type !== 'boolean') return reject(`unknown type "${type}"`);
  const level = OPENTDB_LEVELS[difficulty];
  if (level === undefined) return reject(`unknown difficulty "${difficulty}" (easy, medium or hard)`);

  const base = { row, language, category, subcategory, level, question, note: '', image: null };
  if (type === 'boolean') {
    if (incorrect.length !== 1) {
      return reject(`wrong number of answers: a boolean question has 1 right and 1 wrong answer, found ${incorrect.length} wrong`);
    }
    const truth = [correct, incorrect[0]!].map((a) => a.trim().toLowerCase());
    if (!((truth[0] === 'true' && truth[1] === 'false') || (truth[0] === 'false' && truth[1] === 'true'))) {
      return reject('a boolean question\'s answers must be "True" and "False"');
    }
    const words = booleanWords(language) ?? booleanWords('en')!;
    return finishRow({ ...base, questionType: 'boolean', options: [...words], answerIndex: truth[0] === 'true' ? 0 : 1 });
  }
  // Two to five options: a yes/no (or true/false) pair is a true/false question, other texts a multiple-choice one.
  const total = incorrect.length + 1;
  if (total < MULTIPLE_OPTIONS.min || total > MULTIPLE_OPTIONS.max) {
    return reject(
      total > MULTIPLE_OPTIONS.max
        ? `${total} answers: a question has at most ${MULTIPLE_OPTIONS.max} options (1 right and up to 4 wrong), found ${incorrect.length} wrong`
        : 'wrong number of answers: a multiple-choice question has 1 right and 1 to 4 wrong answers, found none wrong',
    );
  }
  const shape = choiceShape(language, [correct, ...incorrect], 0);
  return finishRow({ ...base, ...shape, shuffle: shape.questionType === 'multiple' });
}

/** Open Trivia DB rows as the file streams in: `{"results": [...]}`, one record at a time. */
export async function* readOpenTdb(chunks: AsyncIterable<Buffer>, options: { language: string }): AsyncGenerator<ContentRow | RejectedRow> {
  let found = false;
  const pipeline = chain([
    Readable.from(chunks),
    parser({ streamValues: false }),
    pick({
      filter: (stack: readonly (string | number | null)[]) => {
        const hit = stack.length === 1 && stack[0] === 'results';
        if (hit) found = true;
        return hit;
      },
    }),
    streamArray(),
  ]);
  try {
    for await (const item of pipeline as AsyncIterable<{ key: number; value: unknown }>) {
      yield parseOpenTdbRecord(item.value, item.key + 1, options.language);
    }
  } catch (error) {
    if (error instanceof ContentFileError) throw error;
    if (found && /array/i.test((error as Error).message)) throw new ContentFileError('not an Open Trivia DB file: "results" must be a list');
    throw new ContentFileError(`not valid JSON: ${(error as Error).message}`);
  } finally {
    pipeline.destroy();
  }
  if (!found) throw new ContentFileError('not an Open Trivia DB file: expected {"results": [...]}');
}

/** Every row of a small Open Trivia DB text at once (tests). */
export async function parseOpenTdb(text: string, options: { language: string }): Promise<ParsedContent> {
  return collectRows(readOpenTdb(Readable.from([Buffer.from(text)]), options));
}
