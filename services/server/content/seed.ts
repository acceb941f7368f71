import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ALL_SETTINGS, PAGE_TYPES } from '@/services/domain/settings';
import type { Db, Tx } from '@/services/server/db/client';
import { CATEGORY_TYPES } from '@/services/server/db/schema';
import { languageName } from '@/services/server/content/content-row';
import { listDemoFiles, loadDemoContent, type DemoFile } from '@/services/server/content/demo-content';
import { loadSchedule, parseScheduleFile, type ScheduleReport } from '@/services/server/content/schedule';
import {
  ensureContentLanguage,
  findQuestionIdsByHashes,
  findQuestionsByKeys,
  markImported,
  insertQuestions,
  lockContentWrites,
  updateQuestionContent,
  upsertCategory,
  upsertSubcategory,
  upsertFunNLearnItem,
  type NewQuestion,
  type QuestionContent,
  type StoredQuestion,
} from '@/services/server/content/repository';
import {
  findSystemLanguage,
  hasDefaultSystemLanguage,
  insertMissingPages,
  insertMissingSettings,
  insertSystemLanguage,
  readSeedFingerprint,
  storeSeedFingerprint,
  updateSystemLanguageStrings,
  type PageInput,
} from '@/services/server/content/seed-repository';

/**
 * Seeding: setting defaults, content languages, interface languages, informational pages and the
 * demo content, from the files shipped with the product. Idempotent: a second run changes nothing,
 * and nothing an admin changed is overwritten (see docs/content.md for the exact rules).
 */

/** Bump when the seeding logic changes in a way that should re-run it on existing installs. */
const SEED_LOGIC_VERSION = '2';

/** Content languages seeded on every install; the first is the default. */
export const SEED_CONTENT_LANGUAGES = ['en', 'es'] as const;

export interface SeedOptions {
  /** The project root: `locales/`, `content/pages/`, `content/demo/` are read from here. */
  rootDir: string;
  /** Load the demo content (SEED_DEMO=0 turns it off). Default true. */
  demo?: boolean;
}

export interface SeedReport {
  settings: { inserted: number };
  languages: { inserted: number };
  systemLanguages: { inserted: number; keysAdded: number; skipped: boolean };
  pages: { inserted: number };
  demo: {
    categories: number;
    subcategories: number;
    inserted: number;
    updated: number;
    unchanged: number;
    /** Shipped questions not stored because an admin took the row over or the same question exists under another key. */
    kept: number;
  };
  /** Demo contests and exams (`content/schedule/`), dated from the first seed. */
  schedule: ScheduleReport;
}

export class SeedFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedFileError';
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the shipped files

const systemLanguageListSchema = z.array(
  z.strictObject({ name: z.string().regex(/^[a-z]{2,3}(-[a-zA-Z0-9]{2,8})*$/), title: z.string().min(1), rtl: z.boolean(), default: z.boolean() }),
);
const stringsSchema = z.record(z.string(), z.string());

const pageSchema = z.strictObject({
  title: z.string().trim().min(1),
  content: z.string().trim().min(1),
  items: z.array(z.strictObject({ question: z.string().trim().min(1), answer: z.string().trim().min(1) })).optional(),
});
const pagesFileSchema = z.partialRecord(z.enum(PAGE_TYPES), pageSchema);

async function readJson(rootDir: string, rel: string): Promise<unknown | undefined> {
  let raw: string;
  try {
    raw = await fs.readFile(path.join(rootDir, rel), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new SeedFileError(`${rel}: not valid JSON (${(error as Error).message})`);
  }
}

function checked<T>(rel: string, schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new SeedFileError(`${rel}: ${issue.path.join('.') || 'file'}: ${issue.message}`);
}

export interface ShippedSystemLanguage {
  name: string;
  title: string;
  rtl: boolean;
  isDefault: boolean;
  strings: Record<string, string>;
}

/** `locales/languages.json` and each `locales/<name>.json`; null when the list is not shipped. */
export async function readShippedSystemLanguages(rootDir: string): Promise<ShippedSystemLanguage[] | null> {
  const list = await readJson(rootDir, 'locales/languages.json');
  if (list === undefined) return null;
  const entries = checked('locales/languages.json', systemLanguageListSchema, list);
  const out: ShippedSystemLanguage[] = [];
  for (const entry of entries) {
    const rel = `locales/${entry.name}.json`;
    const strings = await readJson(rootDir, rel);
    if (strings === undefined) throw new SeedFileError(`${rel}: missing, but locales/languages.json lists "${entry.name}"`);
    out.push({ name: entry.name, title: entry.title, rtl: entry.rtl, isDefault: entry.default, strings: checked(rel, stringsSchema, strings) });
  }
  return out;
}

/** Every `content/pages/<language>.json`, as page rows. */
export async function readShippedPages(rootDir: string): Promise<PageInput[]> {
  const dir = path.join(rootDir, 'content', 'pages');
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: PageInput[] = [];
  for (const name of names) {
    const rel = `content/pages/${name}`;
    const language = name.slice(0, -'.json'.length);
    const file = checked(rel, pagesFileSchema, await readJson(rootDir, rel));
    for (const [type, page] of Object.entries(file)) {
      if (!page) continue;
      out.push({ type, language, title: page.title, content: page.content, items: page.items ?? [] });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The parts

async function seedSettings(db: Db): Promise<SeedReport['settings']> {
  return db.transaction(async (tx) => ({
    inserted: await insertMissingSettings(
      tx,
      ALL_SETTINGS.map((d) => ({ key: d.key, value: d.default })),
    ),
  }));
}

async function seedContentLanguages(db: Db, demo: readonly DemoFile[]): Promise<SeedReport['languages']> {
  const codes = [...new Set<string>([...SEED_CONTENT_LANGUAGES, ...demo.map((f) => f.language)])];
  return db.transaction(async (tx) => {
    await lockContentWrites(tx);
    let inserted = 0;
    for (const code of codes) {
      const result = await ensureContentLanguage(tx, { code, name: languageName(code), isDefault: code === SEED_CONTENT_LANGUAGES[0] });
      if (result.created) inserted++;
    }
    return { inserted };
  });
}

async function seedSystemLanguages(db: Db, shipped: ShippedSystemLanguage[] | null): Promise<SeedReport['systemLanguages']> {
  if (!shipped) return { inserted: 0, keysAdded: 0, skipped: true };
  return db.transaction(async (tx) => {
    await lockContentWrites(tx);
    let inserted = 0;
    let keysAdded = 0;
    for (const lang of shipped) {
      const existing = await findSystemLanguage(tx, lang.name);
      if (!existing) {
        const isDefault = lang.isDefault && !(await hasDefaultSystemLanguage(tx));
        if (await insertSystemLanguage(tx, { name: lang.name, title: lang.title, rtl: lang.rtl, isDefault, strings: lang.strings })) {
          inserted++;
          keysAdded += Object.keys(lang.strings).length;
        }
        continue;
      }
      // Keys already stored keep their text (an admin may have edited it); new shipped keys are added.
      const missing = Object.keys(lang.strings).filter((k) => !Object.prototype.hasOwnProperty.call(existing.strings, k));
      if (missing.length === 0) continue;
      const strings = { ...existing.strings };
      for (const k of missing) strings[k] = lang.strings[k]!;
      if (await updateSystemLanguageStrings(tx, { name: lang.name, readVersion: existing.version, strings })) keysAdded += missing.length;
    }
    return { inserted, keysAdded, skipped: false };
  });
}

async function seedPages(db: Db, shipped: PageInput[]): Promise<SeedReport['pages']> {
  return db.transaction(async (tx) => ({ inserted: await insertMissingPages(tx, shipped) }));
}

function sameContent(stored: StoredQuestion, next: QuestionContent): boolean {
  return (
    stored.categoryId === next.categoryId &&
    stored.subcategoryId === (next.subcategoryId ?? null) &&
    stored.questionType === next.questionType &&
    stored.question === next.question &&
    stored.optionA === next.optionA &&
    stored.optionB === next.optionB &&
    stored.optionC === (next.optionC ?? null) &&
    stored.optionD === (next.optionD ?? null) &&
    stored.optionE === (next.optionE ?? null) &&
    stored.answer === next.answer &&
    stored.level === next.level &&
    stored.note === next.note &&
    stored.audio === (next.audio ?? null) &&
    stored.transcript === (next.transcript ?? null) &&
    stored.funNLearnId === (next.funNLearnId ?? null) &&
    stored.contentHash === next.contentHash
  );
}

/**
 * Stores content files (the demo's format, content/demo/README.md) by their keys: new questions
 * are inserted, questions this source stored before are brought up to date, and rows another
 * source owns (an operator's edit, another import) are kept as they are. The seeder stores the
 * shipped demo (`source` 'demo'); `npm run import` stores a content file (`source` 'content').
 */
export async function storeContentFiles(db: Db, files: readonly DemoFile[], source: string, run?: ImportRun): Promise<SeedReport['demo'] & { repeated: string[] }> {
  return seedDemo(db, files, source, run);
}

/** The demo's report: what the seeder says it did (no import run, so nothing repeated). */
async function seedDemoFiles(db: Db, files: readonly DemoFile[]): Promise<SeedReport['demo']> {
  const report: Partial<Awaited<ReturnType<typeof seedDemo>>> = await seedDemo(db, files);
  delete report.repeated;
  return report as SeedReport['demo'];
}

/**
 * An import run storing content files part by part: its id marks what it stored, so that a key met
 * twice in one file is told apart from a key a former run stored; `inTransaction` runs in the
 * transaction of each part (the run's counts are written there).
 */
export interface ImportRun {
  importId: number;
  inTransaction?: (tx: Tx, report: SeedReport['demo'] & { repeated: string[] }) => Promise<void>;
}

async function seedDemo(db: Db, files: readonly DemoFile[], source = 'demo', run?: ImportRun): Promise<SeedReport['demo'] & { repeated: string[] }> {
  const report = { categories: 0, subcategories: 0, inserted: 0, updated: 0, unchanged: 0, kept: 0, repeated: [] as string[] };
  if (files.length === 0) return report;
  return db.transaction(async (tx) => {
    await lockContentWrites(tx);
    const byLanguage = new Map<number, (QuestionContent & { contentKey: string })[]>();
    for (const file of files) {
      const language = await ensureContentLanguage(tx, { code: file.language, name: languageName(file.language) });
      const category = await upsertCategory(
        tx,
        {
          languageId: language.id,
          type: CATEGORY_TYPES[file.category.kind],
          slug: file.category.slug,
          name: file.category.name,
          rowOrder: file.category.rowOrder,
          source,
        },
        { refresh: source === 'demo' },
      );
      if (category.created) report.categories++;
      const list = byLanguage.get(language.id) ?? [];
      byLanguage.set(language.id, list);
      for (const sub of file.subcategories) {
        // Subcategories of a category an admin took over (source no longer 'demo') are left as they are.
        const subcategory = await upsertSubcategory(
          tx,
          { categoryId: category.id, slug: sub.slug, name: sub.name, rowOrder: sub.rowOrder },
          { refresh: category.source === source },
        );
        if (subcategory.created) report.subcategories++;
        const itemIds = new Map<string, number>();
        for (const item of sub.items) {
          const stored = await upsertFunNLearnItem(
            tx,
            {
              languageId: language.id,
              categoryId: category.id,
              subcategoryId: subcategory.id,
              contentKey: item.key,
              title: item.title,
              detail: item.detail,
              contentType: item.contentType,
              contentData: item.contentData,
            },
            { refresh: category.source === source },
          );
          itemIds.set(item.key, stored.id);
        }
        for (const q of sub.questions) {
          list.push({
            contentKey: q.key,
            categoryId: category.id,
            subcategoryId: subcategory.id,
            questionType: q.questionType,
            question: q.question,
            optionA: q.options[0] ?? null,
            optionB: q.options[1] ?? null,
            optionC: q.options[2] ?? null,
            optionD: q.options[3] ?? null,
            optionE: q.options[4] ?? null,
            answer: q.answer,
            level: q.level,
            note: q.note,
            audio: q.audio,
            transcript: q.transcript,
            funNLearnId: q.itemKey === null ? null : itemIds.get(q.itemKey)!,
            contentHash: q.contentHash,
          });
        }
      }
    }

    for (const [languageId, shipped] of byLanguage) {
      const stored = new Map((await findQuestionsByKeys(tx, languageId, shipped.map((q) => q.contentKey))).map((s) => [s.contentKey!, s]));
      const fresh: NewQuestion[] = [];
      const changed: { id: number; content: QuestionContent }[] = [];
      const unchanged: number[] = [];
      const importId = run?.importId ?? null;
      for (const { contentKey, ...content } of shipped) {
        const row = stored.get(contentKey);
        if (!row) fresh.push({ ...content, languageId, contentKey, source, importId });
        else if (importId !== null && row.importId === importId) report.repeated.push(contentKey);
        else if (row.source !== source) report.kept++;
        else if (sameContent(row, content)) {
          report.unchanged++;
          unchanged.push(row.id);
        } else changed.push({ id: row.id, content });
      }
      if (importId !== null && unchanged.length) await markImported(tx, unchanged, importId);
      const inserted = await insertQuestions(tx, fresh);
      report.inserted += inserted;
      report.kept += fresh.length - inserted;
      if (changed.length) {
        const holders = await findQuestionIdsByHashes(tx, languageId, changed.map((c) => c.content.contentHash));
        for (const c of changed) {
          const holder = holders.get(c.content.contentHash);
          if (holder !== undefined && holder !== c.id) {
            report.kept++;
            continue;
          }
          await updateQuestionContent(tx, c.id, importId === null ? c.content : { ...c.content, importId });
          report.updated++;
        }
      }
    }
    await run?.inTransaction?.(tx, report);
    return report;
  });
}

/**
 * Seeds everything, one transaction per part. Every shipped file is read and checked before
 * anything is written, so a broken file changes nothing.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedReport> {
  const demoFiles = options.demo === false ? [] : await loadDemoContent(options.rootDir);
  const systemLanguages = await readShippedSystemLanguages(options.rootDir);
  const shippedPages = await readShippedPages(options.rootDir);
  return {
    settings: await seedSettings(db),
    languages: await seedContentLanguages(db, demoFiles),
    systemLanguages: await seedSystemLanguages(db, systemLanguages),
    pages: await seedPages(db, shippedPages),
    demo: await seedDemoFiles(db, demoFiles),
    schedule: await seedSchedule(db, options.demo === false ? [] : await listScheduleFiles(options.rootDir), options.rootDir),
  };
}

/** The shipped schedule files (demo contests and exams), relative to the root, sorted. */
export async function listScheduleFiles(rootDir: string): Promise<string[]> {
  try {
    return (await fs.readdir(path.join(rootDir, 'content', 'schedule'))).filter((n) => n.endsWith('.json')).sort().map((n) => `content/schedule/${n}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function seedSchedule(db: Db, files: readonly string[], rootDir: string): Promise<ScheduleReport> {
  const total: ScheduleReport = { contests: { inserted: 0, kept: 0 }, exams: { inserted: 0, kept: 0 } };
  for (const rel of files) {
    const data = await readJson(rootDir, rel);
    let file;
    try {
      file = parseScheduleFile(rel, data);
    } catch (error) {
      throw new SeedFileError((error as Error).message);
    }
    const report = await loadSchedule(db, file);
    for (const kind of ['contests', 'exams'] as const) {
      total[kind].inserted += report[kind].inserted;
      total[kind].kept += report[kind].kept;
    }
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Server start

/** The shipped files seeding reads, relative to the root, sorted. */
export async function listSeedFiles(rootDir: string, options: { demo?: boolean } = {}): Promise<string[]> {
  const inDir = async (rel: string) => {
    try {
      return (await fs.readdir(path.join(rootDir, rel))).filter((n) => n.endsWith('.json')).sort().map((n) => `${rel}/${n}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  return [
    ...(await inDir('locales')),
    ...(await inDir('content/pages')),
    ...(options.demo === false ? [] : await listDemoFiles(rootDir)),
    ...(options.demo === false ? [] : await listScheduleFiles(rootDir)),
  ];
}

/**
 * sha256 over what seeding depends on: the shipped files (path and bytes), the setting defaults
 * and the seeding logic's version. It changes exactly when a re-seed could change something.
 */
export async function seedFingerprint(rootDir: string, options: { demo?: boolean } = {}): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`logic ${SEED_LOGIC_VERSION}\ndemo ${options.demo !== false}\n`);
  hash.update(JSON.stringify(ALL_SETTINGS.map((d) => [d.key, d.default])));
  const files = await listSeedFiles(rootDir, options);
  const contents = await Promise.all(files.map((rel) => fs.readFile(path.join(rootDir, rel))));
  files.forEach((rel, i) => {
    const bytes = contents[i]!;
    hash.update(`\n${rel}\n${bytes.length}\n`);
    hash.update(bytes);
  });
  return hash.digest('hex');
}

export interface EnsureSeededResult {
  seeded: boolean;
  fingerprint: string;
  report?: SeedReport;
}

/**
 * For server start: seeds only when the shipped files changed since the last seed (one query when
 * nothing changed), then records the new fingerprint. `force` seeds regardless (`npm run seed`).
 */
export async function ensureSeeded(db: Db, options: SeedOptions & { force?: boolean }): Promise<EnsureSeededResult> {
  const fingerprint = await seedFingerprint(options.rootDir, options);
  if (!options.force && (await readSeedFingerprint(db)) === fingerprint) return { seeded: false, fingerprint };
  const report = await seedDatabase(db, options);
  await storeSeedFingerprint(db, fingerprint);
  return { seeded: true, fingerprint, report };
}
