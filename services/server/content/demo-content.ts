import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  LANGUAGE_CODE,
  LEVELLED_MODES,
  LIMITS,
  MULTIPLE_OPTIONS,
  QUESTION_TYPES,
  trueFalsePair,
  booleanWords,
  finishRow,
  isRejected,
  normaliseText,
  type QuestionType,
} from '@/services/server/content/content-row';

/**
 * The demo content files (content/demo/README.md): one JSON file per category and content language,
 * `content/demo/<language code>/<category slug>.json`. The schema and the checks below are the
 * README's rules; a file that breaks one is refused with its path, the question key and the rule.
 */

export const DEMO_LEVELS = [1, 2, 3] as const;
/** The kinds of category a demo file can hold. Only the quiz zone and multi match have levels. */
export const DEMO_KINDS = ['quiz_zone', 'maths', 'guess_the_word', 'audio', 'multi_match', 'fun_n_learn'] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];
export const QUESTIONS_PER_LEVEL = 10;
/** Questions a fun-and-learn item has at least (the flashback badge needs five). */
export const ITEM_MIN_QUESTIONS = 5;
export const NOTE_MAX = 500;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const text = (what: string, max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? `${what} is required` : `${what} must be a text`) })
    .trim()
    .min(1, { error: `${what} must not be empty` })
    .max(max, { error: `${what} is at most ${max} characters` });

const slug = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .regex(SLUG, { error: `${what} must be kebab-case (a-z, 0-9, single dashes)` });

const rowOrder = z
  .number({ error: 'row_order must be a number' })
  .int({ error: 'row_order must be a whole number' })
  .min(0, { error: 'row_order must not be negative' });

export const demoQuestionSchema = z
  .strictObject({
    key: z
      .string({ error: 'key is required' })
      .regex(/^\S{1,100}$/, { error: 'key must be 1 to 100 characters without spaces' }),
    type: z.enum(QUESTION_TYPES, { error: `type is one of ${QUESTION_TYPES.join(', ')}` }),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'level is 1, 2 or 3' }),
    question: text('question', LIMITS.question),
    options: z.array(text('an option', LIMITS.option), { error: 'options must be a list of texts' }).default([]),
    /**
     * multiple, boolean: the index of the right option; multiselect: the indexes of the right
     * options; word: the word; sequence: left out (the options are written in the right order).
     */
    answer: z
      .union([z.number().int().min(0), z.array(z.number().int().min(0)), z.string()], {
        error: 'answer is the index of the right option (multiselect: a list of indexes; word: the word)',
      })
      .optional(),
    note: text('note', NOTE_MAX),
    audio: text('audio', LIMITS.image).optional(),
    transcript: text('transcript', LIMITS.note).optional(),
  })
  .superRefine((q, ctx) => {
    const index = typeof q.answer === 'number';
    if ((q.type === 'multiple' || q.type === 'boolean') && !index) {
      ctx.addIssue({ code: 'custom', path: ['answer'], message: 'answer must be the index of the right option' });
      return;
    }
    if (q.type === 'word' && typeof q.answer !== 'string') ctx.addIssue({ code: 'custom', path: ['answer'], message: 'the answer of a word question is the word' });
    if (q.type === 'multiselect' && !Array.isArray(q.answer)) ctx.addIssue({ code: 'custom', path: ['answer'], message: 'the answer of a multiselect question is the list of the right options\' indexes' });
    if (q.type === 'sequence' && q.answer !== undefined) ctx.addIssue({ code: 'custom', path: ['answer'], message: "a sequence's options are written in the right order: leave answer out" });
    if (q.type === 'multiple') {
      if (q.options.length < MULTIPLE_OPTIONS.min || q.options.length > MULTIPLE_OPTIONS.max) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: `a multiple question has ${MULTIPLE_OPTIONS.min} to ${MULTIPLE_OPTIONS.max} options, found ${q.options.length}` });
      } else if (new Set(q.options.map(normaliseText)).size !== q.options.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: `the ${q.options.length} options of a multiple question must be distinct` });
      }
    } else if (q.type === 'boolean' && q.options.length !== 2) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `a boolean question has exactly 2 options (true, false), found ${q.options.length}` });
    }
    if (typeof q.answer === 'number' && q.answer >= q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['answer'], message: `answer ${q.answer} is not the index of an option (0 to ${q.options.length - 1})` });
    }
  });

/** A fun-and-learn comprehension item: the text the player reads (a video or PDF link optional), then its questions. */
export const demoItemSchema = z.strictObject({
  key: z.string({ error: 'key is required' }).regex(/^\S{1,100}$/, { error: 'key must be 1 to 100 characters without spaces' }),
  title: text('title', LIMITS.name),
  text: text('text', 10_000),
  content_type: z.enum(['text', 'video', 'pdf'], { error: 'content_type is text, video or pdf' }).default('text'),
  content_data: z
    .string()
    .trim()
    .regex(/^(https:\/\/\S+)?$/, { error: 'content_data is an https link (a video or a PDF)' })
    .max(LIMITS.image)
    .default(''),
  questions: z.array(demoQuestionSchema, { error: 'questions must be a list' }),
});

export const demoSubcategorySchema = z.strictObject({
  slug: slug('subcategory slug'),
  name: text('subcategory name', LIMITS.name),
  row_order: rowOrder,
  questions: z.array(demoQuestionSchema, { error: 'questions must be a list' }).default([]),
  /** Fun and learn: the comprehension items, each with its questions. */
  items: z.array(demoItemSchema, { error: 'items must be a list' }).default([]),
});

export const demoFileSchema = z.strictObject({
  language: z.string({ error: 'language is required' }).regex(LANGUAGE_CODE, { error: 'language must be a language code such as "en"' }),
  category: z.strictObject({
    slug: slug('category slug'),
    name: text('category name', LIMITS.name),
    row_order: rowOrder,
    /** The mode the category belongs to (get_categories' type); the quiz zone when left out. */
    kind: z.enum(DEMO_KINDS, { error: `kind is one of ${DEMO_KINDS.join(', ')}` }).default('quiz_zone'),
  }),
  subcategories: z.array(demoSubcategorySchema, { error: 'subcategories must be a list' }).min(1, { error: 'a category needs at least one subcategory' }),
});

export type DemoFileData = z.infer<typeof demoFileSchema>;

export interface DemoQuestion {
  readonly key: string;
  readonly questionType: QuestionType;
  readonly level: number;
  readonly question: string;
  readonly options: readonly string[];
  /** As stored (decision 017). */
  readonly answer: string;
  readonly note: string;
  readonly audio: string | null;
  readonly transcript: string | null;
  /** Fun and learn: the key of the item the question is about. */
  readonly itemKey: string | null;
  readonly contentHash: string;
}

export interface DemoItem {
  readonly key: string;
  readonly title: string;
  readonly detail: string;
  readonly contentType: 'text' | 'video' | 'pdf';
  readonly contentData: string;
}

export interface DemoSubcategory {
  readonly slug: string;
  readonly name: string;
  readonly rowOrder: number;
  /** Every question of the subcategory, those of its items included. */
  readonly questions: readonly DemoQuestion[];
  readonly items: readonly DemoItem[];
}

export interface DemoFile {
  /** Path relative to the root directory, e.g. `content/demo/en/science.json`. */
  readonly path: string;
  readonly language: string;
  readonly category: { readonly slug: string; readonly name: string; readonly rowOrder: number; readonly kind: DemoKind };
  readonly subcategories: readonly DemoSubcategory[];
}

export class DemoContentError extends Error {
  constructor(readonly problems: readonly string[]) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : '';
    super(`The demo content breaks its rules (content/demo/README.md):\n  ${shown.join('\n  ')}${more}`);
    this.name = 'DemoContentError';
  }
}

/** Names the place of an issue: the question key when inside a question, else the JSON path. */
function where(data: unknown, issuePath: readonly PropertyKey[]): string {
  const parts = issuePath.map(String);
  const qAt = parts.indexOf('questions');
  if (qAt >= 0 && parts.length > qAt + 1) {
    const node = parts.slice(0, qAt + 2).reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], data);
    const key = (node as { key?: unknown } | undefined)?.key;
    const rest = parts.slice(qAt + 2).join('.');
    const label = typeof key === 'string' ? `question ${key}` : `subcategories[${parts[1]}].questions[${parts[qAt + 1]}]`;
    return rest ? `${label}, ${rest}` : label;
  }
  return parts.length ? parts.join('.') : 'file';
}

type DemoQuestionData = z.infer<typeof demoQuestionSchema>;

/** One question through the rules every content source shares (content-row.ts), or the reason it breaks one. */
function toDemoQuestion(data: DemoFileHead, q: DemoQuestionData, itemKey: string | null): DemoQuestion | string {
  const out = finishRow({
    row: 0,
    mode: data.category.kind,
    language: data.language,
    category: data.category.name,
    subcategory: null,
    questionType: q.type,
    level: q.level,
    question: q.question,
    options: [...q.options],
    answerIndex: typeof q.answer === 'number' ? q.answer : -1,
    ...(Array.isArray(q.answer) ? { answerIndexes: q.answer } : {}),
    ...(typeof q.answer === 'string' ? { word: q.answer } : {}),
    note: q.note,
    image: null,
    audio: q.audio ?? null,
    transcript: q.transcript ?? null,
  });
  if (isRejected(out)) return out.reason;
  return {
    key: q.key,
    questionType: q.type,
    level: q.level,
    question: out.question,
    options: out.options,
    answer: out.answer,
    note: out.note,
    audio: out.audio,
    transcript: out.transcript,
    itemKey,
    contentHash: out.contentHash,
  };
}

export type DemoFileHead = Pick<DemoFileData, 'language' | 'category'>;
type DemoSubcategoryData = DemoFileData['subcategories'][number];

function toDemoSubcategory(relPath: string, data: DemoFileHead, s: DemoSubcategoryData, problems: string[]): DemoSubcategory {
  const question = (q: DemoQuestionData, itemKey: string | null): DemoQuestion[] => {
    const out = toDemoQuestion(data, q, itemKey);
    if (typeof out === 'string') {
      problems.push(`${relPath}: question ${q.key}: ${out}`);
      return [];
    }
    return [out];
  };
  return {
    slug: s.slug,
    name: s.name,
    rowOrder: s.row_order,
    questions: [...s.questions.flatMap((q) => question(q, null)), ...s.items.flatMap((item) => item.questions.flatMap((q) => question(q, item.key)))],
    items: s.items.map((item) => ({ key: item.key, title: item.title, detail: item.text, contentType: item.content_type, contentData: item.content_data })),
  };
}

/** The rules one subcategory of a file must keep (its kind's shape, levels filled 10 by 10, …); problems name the file. */
function checkSubcategoryRules(relPath: string, data: DemoFileHead, sub: DemoSubcategoryData, problems: string[]): void {
  const words = booleanWords(data.language);
  const kind = data.category.kind;
  if (kind === 'fun_n_learn') {
    if (sub.questions.length > 0) problems.push(`${relPath}: subcategory ${sub.slug}: fun-and-learn questions belong to an item (items[].questions)`);
    if (sub.items.length === 0) problems.push(`${relPath}: subcategory ${sub.slug}: has no items`);
    for (const item of sub.items) {
      if (item.questions.length < ITEM_MIN_QUESTIONS) problems.push(`${relPath}: item ${item.key}: has ${item.questions.length} questions, an item has at least ${ITEM_MIN_QUESTIONS}`);
      if (item.content_type !== 'text' && !item.content_data) problems.push(`${relPath}: item ${item.key}: a ${item.content_type} item needs its link (content_data)`);
      for (const q of item.questions) {
        if (q.level !== 1) problems.push(`${relPath}: question ${q.key}, level: a fun_n_learn question has level 1 (only the quiz zone and multi match have levels)`);
      }
    }
    return;
  }
  if (sub.items.length > 0) problems.push(`${relPath}: subcategory ${sub.slug}: only fun-and-learn categories have items`);
  const perLevel = new Map<number, number>();
  for (const q of sub.questions) {
    if (!LEVELLED_MODES.has(kind) && q.level !== 1) problems.push(`${relPath}: question ${q.key}, level: a ${kind} question has level 1 (only the quiz zone and multi match have levels)`);
    perLevel.set(q.level, (perLevel.get(q.level) ?? 0) + 1);
    if (q.type === 'boolean' && words) {
      if (trueFalsePair(data.language, q.options)?.trueAt !== 0) {
        problems.push(`${relPath}: question ${q.key}, options: a boolean question's options are "${words[0]}" then "${words[1]}" (or yes then no)`);
      }
    } else if (q.type === 'boolean' && normaliseText(q.options[0]!) === normaliseText(q.options[1]!)) {
      problems.push(`${relPath}: question ${q.key}, options: the 2 options of a boolean question must be distinct`);
    }
  }
  if (sub.questions.length === 0) problems.push(`${relPath}: subcategory ${sub.slug}: has no questions`);
  // Levels unlock one after the other, so they are filled from 1 up, 10 questions each.
  const used = [...perLevel.keys()].sort((a, b) => a - b);
  used.forEach((level, i) => {
    if (level !== i + 1) problems.push(`${relPath}: subcategory ${sub.slug}: has level ${level} questions but no level ${i + 1}`);
  });
  for (const [level, count] of perLevel) {
    if (count !== QUESTIONS_PER_LEVEL) {
      problems.push(`${relPath}: subcategory ${sub.slug}: level ${level} has ${count} questions, each level has ${QUESTIONS_PER_LEVEL}`);
    }
  }
}

/** A content file's language and category (what comes before its subcategories), or the problems of them. */
export function checkDemoHead(relPath: string, head: { language?: unknown; category?: unknown }): { head: DemoFileHead; problems: [] } | { head: null; problems: string[] } {
  const parsed = demoFileSchema.pick({ language: true, category: true }).safeParse(head);
  if (!parsed.success) return { head: null, problems: parsed.error.issues.map((i) => `${relPath}: ${where(head, i.path)}: ${i.message}`) };
  return { head: parsed.data, problems: [] };
}

/**
 * One subcategory of a content file, checked alone (schema and rules, its questions through the
 * rules every source shares): what a file read as a stream stores one subcategory at a time.
 */
export function checkDemoSubcategory(relPath: string, head: DemoFileHead, raw: unknown, index: number): { sub: DemoSubcategory; problems: [] } | { sub: null; problems: string[] } {
  const parsed = demoSubcategorySchema.safeParse(raw);
  if (!parsed.success) {
    const data = { subcategories: Object.assign([], { [index]: raw }) };
    return { sub: null, problems: parsed.error.issues.map((i) => `${relPath}: ${where(data, ['subcategories', index, ...i.path])}: ${i.message}`) };
  }
  const problems: string[] = [];
  checkSubcategoryRules(relPath, head, parsed.data, problems);
  const sub = toDemoSubcategory(relPath, head, parsed.data, problems);
  return problems.length ? { sub: null, problems } : { sub, problems: [] };
}

/**
 * Checks one file's text against the schema and the rules that concern a single file. Returns the
 * file or the problems found, each naming the file.
 */
export function checkDemoFile(relPath: string, raw: string, options: { shipped?: boolean } = {}): { file: DemoFile; problems: [] } | { file: null; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return { file: null, problems: [`${relPath}: not valid JSON (${(error as Error).message})`] };
  }
  const parsed = demoFileSchema.safeParse(json);
  if (!parsed.success) {
    return { file: null, problems: parsed.error.issues.map((i) => `${relPath}: ${where(json, i.path)}: ${i.message}`) };
  }
  const data = parsed.data;
  const problems: string[] = [];
  const dirLanguage = path.basename(path.dirname(relPath));
  const fileSlug = path.basename(relPath, '.json');
  // Where a shipped file lives says what it holds; an imported file may be named anything.
  if (options.shipped !== false) {
    if (data.language !== dirLanguage) problems.push(`${relPath}: language is "${data.language}" but the file is in content/demo/${dirLanguage}/`);
    if (data.category.slug !== fileSlug) problems.push(`${relPath}: category slug is "${data.category.slug}" but the file is named ${fileSlug}.json`);
  }
  const subSlugs = new Set<string>();
  for (const sub of data.subcategories) {
    if (subSlugs.has(sub.slug)) problems.push(`${relPath}: subcategory slug "${sub.slug}" appears twice`);
    subSlugs.add(sub.slug);
    checkSubcategoryRules(relPath, data, sub, problems);
  }
  const file: DemoFile = {
    path: relPath,
    language: data.language,
    category: { slug: data.category.slug, name: data.category.name, rowOrder: data.category.row_order, kind: data.category.kind },
    subcategories: data.subcategories.map((s) => toDemoSubcategory(relPath, data, s, problems)),
  };
  return problems.length ? { file: null, problems } : { file, problems: [] };
}

/**
 * Rules across files: a key is unique within a language; a translation keeps its English
 * original's key, category, subcategory, type and level; the same question (same text and options)
 * is not written twice in one language, which the database could not store.
 */
export function checkDemoSet(files: readonly DemoFile[]): string[] {
  const problems: string[] = [];
  interface Seen {
    path: string;
    category: string;
    subcategory: string;
    q: DemoQuestion;
  }
  const byLanguage = new Map<string, Map<string, Seen>>();
  const hashes = new Map<string, Seen>();
  for (const file of files) {
    const keys = byLanguage.get(file.language) ?? new Map<string, Seen>();
    byLanguage.set(file.language, keys);
    for (const sub of file.subcategories) {
      for (const q of sub.questions) {
        const seen: Seen = { path: file.path, category: file.category.slug, subcategory: sub.slug, q };
        const before = keys.get(q.key);
        if (before) problems.push(`${file.path}: question ${q.key}: key already used in ${before.path}`);
        else keys.set(q.key, seen);
        const hashKey = `${file.language}:${q.contentHash}`;
        const same = hashes.get(hashKey);
        if (same) problems.push(`${file.path}: question ${q.key}: same question and options as ${same.q.key} in ${same.path}`);
        else hashes.set(hashKey, seen);
      }
    }
  }
  const english = byLanguage.get('en');
  if (english) {
    for (const [language, keys] of byLanguage) {
      if (language === 'en') continue;
      for (const [key, t] of keys) {
        const o = english.get(key);
        if (!o) continue;
        const diffs: string[] = [];
        if (o.category !== t.category) diffs.push(`category ${t.category} (original: ${o.category})`);
        if (o.subcategory !== t.subcategory) diffs.push(`subcategory ${t.subcategory} (original: ${o.subcategory})`);
        if (o.q.questionType !== t.q.questionType) diffs.push(`type ${t.q.questionType} (original: ${o.q.questionType})`);
        if (o.q.level !== t.q.level) diffs.push(`level ${t.q.level} (original: ${o.q.level})`);
        if (diffs.length) problems.push(`${t.path}: question ${key}: a translation keeps its English original's place, but has ${diffs.join(', ')}`);
      }
    }
  }
  return problems;
}

/** The demo files to read under rootDir: `content/demo/<language>/*.json`, sorted. */
export async function listDemoFiles(rootDir: string): Promise<string[]> {
  const base = path.join(rootDir, 'content', 'demo');
  let dirs: string[];
  try {
    dirs = (await fs.readdir(base, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: string[] = [];
  for (const dir of dirs.sort()) {
    const names = (await fs.readdir(path.join(base, dir))).filter((n) => n.endsWith('.json')).sort();
    for (const name of names) out.push(path.posix.join('content', 'demo', dir, name));
  }
  return out;
}

/** Reads and checks every demo file; throws DemoContentError listing every problem found. */
export async function loadDemoContent(rootDir: string): Promise<DemoFile[]> {
  const files: DemoFile[] = [];
  const problems: string[] = [];
  for (const rel of await listDemoFiles(rootDir)) {
    const checked = checkDemoFile(rel, await fs.readFile(path.join(rootDir, rel), 'utf8'));
    if (checked.file) files.push(checked.file);
    problems.push(...checked.problems);
  }
  problems.push(...checkDemoSet(files));
  if (problems.length) throw new DemoContentError(problems);
  return files;
}
