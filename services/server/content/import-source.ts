import path from 'node:path';
import { Readable } from 'node:stream';
import chain from 'stream-chain';
import { parser } from 'stream-json';
import type { Token } from 'stream-json/parser.js';
import { pick } from 'stream-json/filters/pick.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import { ContentFileError } from '@/services/server/content/content-row';
import { readContentCsv } from '@/services/server/content/csv';
import { checkDemoHead, checkDemoSubcategory, type DemoFile, type DemoFileHead } from '@/services/server/content/demo-content';
import { readOpenTdb } from '@/services/server/content/opentdb';

/**
 * Reading an import file as it streams in (docs/content.md, Importing): the bytes counted for the
 * progress bar, the format told from the first bytes, and each format's rows handed on one at a
 * time, so that memory stays the same whatever the size of the file.
 */
export type ImportFormat = 'opentdb' | 'csv' | 'content';
export const IMPORT_FORMATS: readonly ImportFormat[] = ['opentdb', 'csv', 'content'];

/** How much of the file's start is looked at to tell its format. */
const HEAD_BYTES = 64 * 1024;

/** What an import reads: the file's bytes (a stream, chunks, or the whole text of a small file). */
export type ImportInput = Readable | AsyncIterable<Buffer | string> | string;

/** The file's bytes with a running count of how many were read. */
export interface CountedInput {
  readonly head: string;
  readonly chunks: AsyncIterable<Buffer>;
  bytes(): number;
}

/** Reads the first bytes (to tell the format) and hands on the whole file, counting its bytes. */
export async function openInput(input: ImportInput): Promise<CountedInput> {
  const source: AsyncIterable<Buffer | string> = typeof input === 'string' ? Readable.from([Buffer.from(input)]) : input;
  const iterator = source[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let headBytes = 0;
  let done = false;
  while (headBytes < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    first.push(chunk);
    headBytes += chunk.length;
  }
  let read = 0;
  const chunks = (async function* () {
    for (const chunk of first) {
      read += chunk.length;
      yield chunk;
    }
    first.length = 0;
    while (!done) {
      const next = await iterator.next();
      if (next.done) return;
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      read += chunk.length;
      yield chunk;
    }
  })();
  const head = Buffer.concat(first).subarray(0, HEAD_BYTES).toString('utf8');
  return { head, chunks, bytes: () => read };
}

/**
 * Format by extension (.json, .csv), otherwise by the first character (`{` is JSON). A JSON file
 * whose first key is `results` is Open Trivia DB's; another JSON file is a content file (the
 * demo's format: every question kind, fun-and-learn items included).
 */
export function detectFormat(fileName: string, head: string): ImportFormat {
  const ext = path.extname(fileName).toLowerCase();
  const body = head.replace(/^\uFEFF/, '').trimStart();
  const json = ext === '.json' || (ext !== '.csv' && body.startsWith('{'));
  if (!json) return 'csv';
  const firstKey = /^\{\s*"([^"]*)"/.exec(body)?.[1];
  if (firstKey === 'results' || firstKey === 'response_code') return 'opentdb';
  if (firstKey === 'language' || firstKey === 'category' || firstKey === 'subcategories') return 'content';
  return /"subcategories"\s*:/.test(body) && !/"results"\s*:/.test(body) ? 'content' : 'opentdb';
}

const jsonProblem = (error: unknown) => new ContentFileError(`not valid JSON: ${(error as Error).message}`);

/** Objects (questions, items) one subcategory of a content file may hold before it is refused unread. */
export const MAX_SUBCATEGORY_OBJECTS = 2000;

/** One subcategory of a content file, checked, as a file of its own for the store; or its problems. */
export type ContentFilePart = { kind: 'subcategory'; file: DemoFile; questions: number } | { kind: 'refused'; problems: string[]; questions: number };

/**
 * A content file as it streams in: its language and category (which come first), then each
 * subcategory checked alone (the rules of one subcategory are the file's rules: docs/content.md).
 * A subcategory too large to be a valid one is skipped unread and refused.
 */
export async function* readContentFile(chunks: AsyncIterable<Buffer>, fileName: string): AsyncGenerator<ContentFilePart> {
  const relPath = path.basename(fileName);
  const labels: string[] = [];
  let objects = 0;
  let depth = 0;
  let oversized = false;
  const pipeline = chain([
    Readable.from(chunks),
    parser({ streamValues: false }),
    pick({
      filter: (stack: readonly (string | number | null)[]) => {
        const top = stack.length === 1 && (stack[0] === 'language' || stack[0] === 'category');
        const sub = stack.length === 2 && stack[0] === 'subcategories' && typeof stack[1] === 'number';
        if (top || sub) labels.push(String(stack[0]));
        return top || sub;
      },
    }),
    // Counts the objects of the value being assembled, so that a huge one is dropped, not built.
    (token: Token) => {
      if (token.name === 'startObject' || token.name === 'startArray') {
        if (depth === 0) {
          objects = 0;
          oversized = false;
        }
        depth++;
        if (token.name === 'startObject' && ++objects > MAX_SUBCATEGORY_OBJECTS) oversized = true;
      } else if (token.name === 'endObject' || token.name === 'endArray') depth--;
      return token;
    },
    streamValues({ includeUndecided: true, objectFilter: () => (oversized ? false : undefined) }),
  ]);
  let head: DemoFileHead | null = null;
  const given: { language?: unknown; category?: unknown } = {};
  const slugs = new Set<string>();
  let index = 0;
  let subIndex = 0;
  try {
    for await (const item of pipeline as AsyncIterable<{ key: number; value: unknown }>) {
      // Values that were dropped unread leave their label behind: line the labels up by key.
      const label = labels[item.key];
      for (let k = index; k < item.key; k++) {
        if (labels[k] !== 'subcategories') continue;
        yield { kind: 'refused', problems: [`${relPath}: subcategories[${subIndex++}]: holds more than ${MAX_SUBCATEGORY_OBJECTS} questions and items (a subcategory has at most 30 questions, or its reading items): not read`], questions: 0 };
      }
      index = item.key + 1;
      const at = label === 'subcategories' ? subIndex++ : -1;
      if (label === 'language' || label === 'category') {
        given[label] = item.value;
        continue;
      }
      if (!head) {
        const checked = checkDemoHead(relPath, given);
        if (!checked.head) throw new ContentFileError(`${given.language === undefined || given.category === undefined ? 'a content file names its language and category before its subcategories: ' : ''}${checked.problems.join('; ')}`);
        head = checked.head;
      }
      const raw = item.value as { slug?: unknown; questions?: unknown[]; items?: { questions?: unknown[] }[] };
      const questions = (Array.isArray(raw?.questions) ? raw.questions.length : 0) + (Array.isArray(raw?.items) ? raw.items.reduce((n, i) => n + (Array.isArray(i?.questions) ? i.questions.length : 0), 0) : 0);
      if (typeof raw?.slug === 'string' && slugs.has(raw.slug)) {
        yield { kind: 'refused', problems: [`${relPath}: subcategory slug "${raw.slug}" appears twice`], questions };
        continue;
      }
      if (typeof raw?.slug === 'string') slugs.add(raw.slug);
      const checked = checkDemoSubcategory(relPath, head, item.value, at);
      if (!checked.sub) {
        yield { kind: 'refused', problems: checked.problems, questions };
        continue;
      }
      const file: DemoFile = {
        path: relPath,
        language: head.language,
        category: { slug: head.category.slug, name: head.category.name, rowOrder: head.category.row_order, kind: head.category.kind },
        subcategories: [checked.sub],
      };
      yield { kind: 'subcategory', file, questions: checked.sub.questions.length };
    }
  } catch (error) {
    if (error instanceof ContentFileError) throw error;
    throw jsonProblem(error);
  } finally {
    pipeline.destroy();
  }
  if (!head) {
    const checked = checkDemoHead(relPath, given);
    throw new ContentFileError(checked.head ? 'a category needs at least one subcategory ("subcategories": [...])' : checked.problems.join('; '));
  }
}

export { readContentCsv, readOpenTdb };
