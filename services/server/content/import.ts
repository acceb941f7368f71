import path from 'node:path';
import type { Db } from '@/services/server/db/client';
import { CATEGORY_TYPES } from '@/services/server/db/schema';
import {
  ContentFileError,
  languageCode,
  languageName,
  type ContentRow,
  type ParsedContent,
  type RejectedRow,
} from '@/services/server/content/content-row';
import { parseContentCsv } from '@/services/server/content/csv';
import { parseOpenTdb } from '@/services/server/content/opentdb';
import { checkDemoFile, checkDemoSet, type DemoFile } from '@/services/server/content/demo-content';
import { storeContentFiles } from '@/services/server/content/seed';
import {
  ensureContentLanguage,
  findExistingHashes,
  insertQuestions,
  listCategories,
  listSubcategories,
  lockContentWrites,
  maxCategoryRowOrder,
  recordContentImport,
  upsertCategory,
  upsertSubcategory,
  type Conn,
  type NewQuestion,
} from '@/services/server/content/repository';
import { slugFor } from '@/services/server/content/slug';

/**
 * Importing question files into the quiz zone (docs/content.md): Open Trivia DB JSON or Quiz
 * Arena's CSV. Rows are checked and normalised by the format's parser; duplicates (same content hash
 * in the same language, within the file or already stored) are skipped; the rest is inserted in one
 * transaction and the run is recorded in content_imports.
 */
export type ImportFormat = 'opentdb' | 'csv' | 'content';
export const IMPORT_FORMATS: readonly ImportFormat[] = ['opentdb', 'csv', 'content'];

export interface ImportOptions {
  /** File name, recorded with the run and used to detect the format. */
  fileName: string;
  text: string;
  /** Detected from the file name, then the content, when not given. */
  format?: ImportFormat;
  /** Language of rows that do not name one (Open Trivia DB: every row). Default `en`. */
  language?: string;
}

export interface ImportResult {
  format: ImportFormat;
  read: number;
  inserted: number;
  /** Content files: questions a former import of the file stored, brought up to date. */
  updated?: number;
  duplicates: number;
  rejected: RejectedRow[];
  importId: number;
}

/**
 * Format by extension (.json, .csv), otherwise by the first character (`{` is JSON). A JSON file
 * with `subcategories` is a content file (the demo's format: every question kind, fun-and-learn
 * items included); another is Open Trivia DB's.
 */
export function detectFormat(fileName: string, text: string): ImportFormat {
  const ext = path.extname(fileName).toLowerCase();
  const body = text.replace(/^\uFEFF/, '').trimStart();
  const json = ext === '.json' || (ext !== '.csv' && body.startsWith('{'));
  if (!json) return 'csv';
  return /"subcategories"\s*:/.test(body) && !/"results"\s*:/.test(body) ? 'content' : 'opentdb';
}

interface CategoryPlan {
  categoryId: number;
  subcategoryIds: Map<string, number | null>;
}

/** Category and subcategory ids for the rows to insert, created where missing, in the category kind of each row's mode. */
async function resolveCategories(tx: Conn, languageId: number, rows: readonly ContentRow[], source: string): Promise<(row: ContentRow) => { categoryId: number; subcategoryId: number | null }> {
  /** Per mode: the categories there are and the next row order. */
  const kinds = new Map<string, { existing: Awaited<ReturnType<typeof listCategories>>; nextOrder: number }>();
  const kindOf = async (row: ContentRow) => {
    let kind = kinds.get(row.mode);
    if (!kind) {
      const type = CATEGORY_TYPES[row.mode];
      kind = { existing: await listCategories(tx, languageId, type), nextOrder: (await maxCategoryRowOrder(tx, languageId, type)) + 1 };
      kinds.set(row.mode, kind);
    }
    return kind;
  };
  const byName = new Map<string, CategoryPlan>();
  const subsOf = new Map<number, { slug: string; name: string }[]>();
  const subOrder = new Map<number, number>();
  const planKey = (row: ContentRow) => `${row.mode}\u0000${row.category}`;

  for (const row of rows) {
    let plan = byName.get(planKey(row));
    if (!plan) {
      const kind = await kindOf(row);
      const type = CATEGORY_TYPES[row.mode];
      const { slug, existing: found } = slugFor(row.category, kind.existing);
      const category = await upsertCategory(tx, { languageId, type, slug, name: row.category, rowOrder: found ? 0 : kind.nextOrder, source });
      if (category.created) {
        kind.nextOrder++;
        kind.existing.push({ id: category.id, slug, name: row.category, rowOrder: 0, source });
      }
      plan = { categoryId: category.id, subcategoryIds: new Map([['', null]]) };
      byName.set(planKey(row), plan);
      if (!subsOf.has(category.id)) {
        const subs = await listSubcategories(tx, [category.id]);
        subsOf.set(category.id, subs.map((s) => ({ slug: s.slug, name: s.name })));
        subOrder.set(category.id, subs.reduce((m, s) => Math.max(m, s.rowOrder), 0) + 1);
      }
    }
    const subName = row.subcategory ?? '';
    if (!plan.subcategoryIds.has(subName)) {
      const subs = subsOf.get(plan.categoryId)!;
      const { slug, existing: found } = slugFor(subName, subs, 'subcategory');
      const order = subOrder.get(plan.categoryId)!;
      const sub = await upsertSubcategory(tx, { categoryId: plan.categoryId, slug, name: subName, rowOrder: found ? 0 : order });
      if (sub.created) {
        subOrder.set(plan.categoryId, order + 1);
        subs.push({ slug, name: subName });
      }
      plan.subcategoryIds.set(subName, sub.id);
    }
  }
  return (row) => {
    const plan = byName.get(planKey(row))!;
    return { categoryId: plan.categoryId, subcategoryId: plan.subcategoryIds.get(row.subcategory ?? '') ?? null };
  };
}

export interface PreparedImport {
  format: ImportFormat;
  fileName: string;
  parsed: ParsedContent;
  /** A content file, checked whole (format `content`). */
  content?: DemoFile;
}

/** Parses and checks a file without touching the database; throws ContentFileError when it is not of the format at all. */
export function prepareImport(options: ImportOptions): PreparedImport {
  const defaultLanguage = languageCode(options.language ?? 'en');
  if (!defaultLanguage) throw new ContentFileError(`"${options.language}" is not a language code (e.g. en, es, pt-br)`);
  const format = options.format ?? detectFormat(options.fileName, options.text);
  if (format === 'content') {
    // A content file is checked whole: any broken rule refuses it, naming every question that breaks one.
    const checked = checkDemoFile(path.basename(options.fileName), options.text.replace(/^\uFEFF/, ''), { shipped: false });
    const problems = checked.file ? checkDemoSet([checked.file]) : checked.problems;
    if (!checked.file || problems.length) throw new ContentFileError(`the content file breaks its rules (docs/content.md):\n  ${problems.slice(0, 50).join('\n  ')}`);
    const read = checked.file.subcategories.reduce((n, s) => n + s.questions.length, 0);
    return { format, fileName: options.fileName, parsed: { read, rows: [], rejected: [] }, content: checked.file };
  }
  const parsed =
    format === 'opentdb'
      ? parseOpenTdb(options.text, { language: defaultLanguage })
      : parseContentCsv(options.text, { language: defaultLanguage });
  return { format, fileName: options.fileName, parsed };
}

/** Runs one import. Throws ContentFileError when the file is not of the format at all. */
export async function importContent(db: Db, options: ImportOptions | PreparedImport): Promise<ImportResult> {
  const prepared = 'parsed' in options ? options : prepareImport(options);
  const { format, fileName, parsed } = prepared;
  if (prepared.content) return importContentFile(db, prepared.content, fileName, parsed.read);

  // Duplicates within the file: the first occurrence is kept.
  const seen = new Set<string>();
  const unique: ContentRow[] = [];
  for (const row of parsed.rows) {
    const key = `${row.language}\n${row.contentHash}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(row);
  }
  let duplicates = parsed.rows.length - unique.length;

  return db.transaction(async (tx) => {
    await lockContentWrites(tx);
    const byLanguage = new Map<string, ContentRow[]>();
    for (const row of unique) {
      const list = byLanguage.get(row.language) ?? [];
      list.push(row);
      byLanguage.set(row.language, list);
    }

    let inserted = 0;
    for (const [code, rows] of byLanguage) {
      const language = await ensureContentLanguage(tx, { code, name: languageName(code), isDefault: true });
      const stored = await findExistingHashes(tx, language.id, rows.map((r) => r.contentHash));
      const fresh = rows.filter((r) => !stored.has(r.contentHash));
      duplicates += rows.length - fresh.length;
      if (fresh.length === 0) continue;
      const place = await resolveCategories(tx, language.id, fresh, format);
      const values: NewQuestion[] = fresh.map((r) => ({
        ...place(r),
        languageId: language.id,
        questionType: r.questionType,
        question: r.question,
        optionA: r.options[0] ?? null,
        optionB: r.options[1] ?? null,
        optionC: r.options[2] ?? null,
        optionD: r.options[3] ?? null,
        optionE: r.options[4] ?? null,
        answer: r.answer,
        level: r.level,
        image: r.image,
        audio: r.audio,
        transcript: r.transcript,
        note: r.note,
        contentHash: r.contentHash,
        source: format,
      }));
      const done = await insertQuestions(tx, values);
      inserted += done;
      // Rows that lost a race with a concurrent writer are duplicates too.
      duplicates += values.length - done;
    }
    const importId = await recordContentImport(tx, {
      source: format,
      fileName: path.basename(fileName),
      inserted,
      duplicates,
      rejected: parsed.rejected.length,
    });
    return { format, read: parsed.read, inserted, duplicates, rejected: parsed.rejected, importId };
  });
}

/**
 * A content file: stored by its keys as the seeder stores the demo (new questions inserted, those
 * a former import of it stored brought up to date, others kept), with source `content`.
 */
async function importContentFile(db: Db, file: DemoFile, fileName: string, read: number): Promise<ImportResult> {
  const report = await storeContentFiles(db, [file], 'content');
  const importId = await recordContentImport(db, {
    source: 'content',
    fileName: path.basename(fileName),
    inserted: report.inserted,
    duplicates: report.unchanged + report.kept,
    rejected: 0,
  });
  return { format: 'content', read, inserted: report.inserted, updated: report.updated, duplicates: report.unchanged + report.kept, rejected: [], importId };
}
