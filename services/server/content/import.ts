import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Db, Tx } from '@/services/server/db/client';
import { CATEGORY_TYPES } from '@/services/server/db/schema';
import {
  ContentFileError,
  isRejected,
  languageCode,
  languageName,
  type ContentRow,
  type RejectedRow,
} from '@/services/server/content/content-row';
import { detectFormat, openInput, readContentCsv, readContentFile, readOpenTdb, type ImportFormat, type ImportInput } from '@/services/server/content/import-source';
import { storeContentFiles } from '@/services/server/content/seed';
import {
  createImportRun,
  ensureContentLanguage,
  finishImportRun,
  insertImportedQuestions,
  listCategories,
  listSubcategories,
  lockContentWrites,
  maxCategoryRowOrder,
  updateImportRun,
  upsertCategory,
  upsertSubcategory,
  type Conn,
  type ImportCounts,
  type ImportedQuestion,
} from '@/services/server/content/repository';
import { slugFor } from '@/services/server/content/slug';

export { IMPORT_FORMATS, detectFormat, type ImportFormat } from '@/services/server/content/import-source';

/**
 * Importing question files (docs/content.md, Importing): Open Trivia DB JSON, Quiz Arena's CSV, or a
 * content file. The file streams through its format's reader; rows are written in batches of a few
 * hundred, one transaction each, which also brings the run's counts up to date. Duplicates (the
 * same question in the same language, stored before or earlier in the file) are skipped by the
 * database's unique index, so a run killed half-way and run again stores every row once.
 */

/** Rows written per transaction: small enough that calls to a server importing wait little. */
export const IMPORT_BATCH = 250;
/** Refused rows kept with the run (the whole report goes to the terminal or a file). */
export const REJECTED_SAMPLE = 100;

export interface ImportProgress {
  format: ImportFormat;
  bytesRead: number;
  totalBytes: number | null;
  read: number;
  inserted: number;
  updated: number;
  duplicates: number;
  rejected: number;
}

/** A row not stored, as soon as it is decided: refused (with its reason) or a duplicate. */
export interface RowOutcome {
  row: number;
  outcome: 'rejected' | 'duplicate';
  reason: string;
}

export interface ImportOptions {
  /** File name, recorded with the run and used to detect the format. */
  fileName: string;
  /** The file: a stream of its bytes, or the whole text of a small one. */
  input?: ImportInput;
  /** The whole text (small files); the same as `input` given a string. */
  text?: string;
  /** The file's size in bytes, when known (the progress bar's total). */
  totalBytes?: number | null;
  /** Detected from the file name, then the content, when not given. */
  format?: ImportFormat;
  /** Language of rows that do not name one (Open Trivia DB: every row). Default `en`. */
  language?: string;
  /** Where it runs from: the command line (default) or the console, then who started it. */
  via?: 'command' | 'console';
  startedBy?: number | null;
  batchSize?: number;
  /** Called after every batch written. */
  onProgress?: (progress: ImportProgress) => void;
  /** Called for every row refused or found a duplicate, in the order they are decided. */
  onRow?: (row: RowOutcome) => void;
  /** Called once the run is recorded (before its first batch), with its id. */
  onStart?: (importId: number, format: ImportFormat) => void;
  /** Stops the import after the batch being written (Ctrl-C); it ends as failed, "interrupted". */
  signal?: AbortSignal;
}

/** An import stopped by its signal: the batches before are stored, the same file run again finishes it. */
export class ImportInterrupted extends Error {
  constructor() {
    super('interrupted: the rows read so far are stored; run the same file again to finish (rows stored count as duplicates)');
    this.name = 'ImportInterrupted';
  }
}

export interface ImportResult {
  format: ImportFormat;
  read: number;
  inserted: number;
  /** Content files: questions a former import of the file stored, brought up to date. */
  updated?: number;
  duplicates: number;
  /** The first refused rows with their reasons (REJECTED_SAMPLE of them at most). */
  rejected: RejectedRow[];
  rejectedCount: number;
  importId: number;
}

/** The parts of a file's rows already known to the database: category and subcategory ids by name. */
class PlaceCache {
  private readonly known = new Map<string, { categoryId: number; subcategoryId: number | null }>();
  static readonly LIMIT = 20_000;

  key(languageId: number, row: ContentRow): string {
    return `${languageId}\u0000${row.mode}\u0000${row.category.toLowerCase()}\u0000${(row.subcategory ?? '').toLowerCase()}`;
  }
  get(key: string) {
    return this.known.get(key);
  }
  /** Adds what a committed transaction created or found. */
  merge(entries: Iterable<[string, { categoryId: number; subcategoryId: number | null }]>) {
    if (this.known.size > PlaceCache.LIMIT) this.known.clear();
    for (const [k, v] of entries) this.known.set(k, v);
  }
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
  const byName = new Map<string, { categoryId: number; subcategoryIds: Map<string, number | null> }>();
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

/** The running counts of one import, and the run row they are written to. */
class Run {
  readonly counts: ImportCounts = { read: 0, inserted: 0, updated: 0, duplicates: 0, rejected: 0, bytesRead: 0 };
  readonly sample: RejectedRow[] = [];
  importId: number | null = null;

  get signal() {
    return this.options.signal;
  }

  constructor(
    private readonly db: Db,
    readonly format: ImportFormat,
    private readonly options: ImportOptions,
    private readonly bytes: () => number,
  ) {}

  async ensureRecorded(): Promise<number> {
    if (this.importId === null) {
      this.importId = await createImportRun(this.db, {
        source: this.format,
        fileName: path.basename(this.options.fileName),
        via: this.options.via ?? 'command',
        startedBy: this.options.startedBy ?? null,
        totalBytes: this.options.totalBytes ?? null,
      });
      this.options.onStart?.(this.importId, this.format);
    }
    return this.importId;
  }

  /** Tells the report why a row was refused, without counting it. */
  note(row: number, reason: string) {
    if (this.sample.length < REJECTED_SAMPLE) this.sample.push({ row, reason });
    this.options.onRow?.({ row, outcome: 'rejected', reason });
  }

  refuse(row: number, reason: string) {
    this.counts.read++;
    this.counts.rejected++;
    this.note(row, reason);
  }

  duplicate(row: number, reason: string) {
    this.counts.duplicates++;
    this.options.onRow?.({ row, outcome: 'duplicate', reason });
  }

  /** Writes the counts in the batch's transaction: what the run row says is what was committed. */
  async save(tx: Tx) {
    this.counts.bytesRead = this.bytes();
    await updateImportRun(tx, this.importId!, this.counts, this.sample);
  }

  progress() {
    this.options.onProgress?.({ format: this.format, totalBytes: this.options.totalBytes ?? null, ...this.counts, bytesRead: this.bytes() });
  }

  result(): ImportResult {
    const { read, inserted, updated, duplicates, rejected } = this.counts;
    return {
      format: this.format,
      read,
      inserted,
      ...(this.format === 'content' ? { updated } : {}),
      duplicates,
      rejected: [...this.sample],
      rejectedCount: rejected,
      importId: this.importId!,
    };
  }
}

/** Writes rows of CSV and Open Trivia DB files, a batch per transaction. */
async function writeRows(db: Db, run: Run, rows: AsyncIterable<ContentRow | RejectedRow>, batchSize: number): Promise<void> {
  const places = new PlaceCache();
  const languages = new Map<string, number>();
  let batch: ContentRow[] = [];
  let pendingRefusals = false;

  const flush = async () => {
    if (run.signal?.aborted) throw new ImportInterrupted();
    if (batch.length === 0 && !pendingRefusals) return;
    await run.ensureRecorded();
    const rows = batch;
    batch = [];
    pendingRefusals = false;
    const learnt = new Map<string, { categoryId: number; subcategoryId: number | null }>();
    const newLanguages = new Map<string, number>();
    const outcomes = await db.transaction(async (tx) => {
      await lockContentWrites(tx);
      const values: ImportedQuestion[] = [];
      const byLanguage = new Map<number, ContentRow[]>();
      for (const row of rows) {
        let languageId = languages.get(row.language) ?? newLanguages.get(row.language);
        if (languageId === undefined) {
          languageId = (await ensureContentLanguage(tx, { code: row.language, name: languageName(row.language), isDefault: true })).id;
          newLanguages.set(row.language, languageId);
        }
        const list = byLanguage.get(languageId) ?? [];
        list.push(row);
        byLanguage.set(languageId, list);
      }
      const placed = new Map<ContentRow, { languageId: number; categoryId: number; subcategoryId: number | null }>();
      for (const [languageId, list] of byLanguage) {
        const unknown = list.filter((r) => !places.get(places.key(languageId, r)));
        const place = unknown.length ? await resolveCategories(tx, languageId, unknown, run.format) : null;
        for (const r of list) {
          const key = places.key(languageId, r);
          const where = places.get(key) ?? place!(r);
          if (!places.get(key)) learnt.set(key, where);
          placed.set(r, { languageId, ...where });
        }
      }
      for (const r of rows) {
        values.push({
          ...placed.get(r)!,
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
          source: run.format,
          importId: run.importId,
        });
      }
      const stored = new Set((await insertImportedQuestions(tx, values)).map((s) => `${s.languageId}:${s.contentHash}`));
      // The first row of a hash in the batch is the one stored; the others, and rows stored before, are duplicates.
      const claimed = new Set<string>();
      const duplicates: ContentRow[] = [];
      let inserted = 0;
      values.forEach((v, i) => {
        const key = `${v.languageId}:${v.contentHash}`;
        if (stored.has(key) && !claimed.has(key)) {
          claimed.add(key);
          inserted++;
        } else duplicates.push(rows[i]!);
      });
      const counts = { ...run.counts };
      run.counts.inserted += inserted;
      run.counts.duplicates += duplicates.length;
      try {
        await run.save(tx);
      } finally {
        // The counts become the run's only once committed; a failed batch leaves them as they were.
        Object.assign(run.counts, counts);
      }
      return { inserted, duplicates };
    });
    for (const [code, id] of newLanguages) languages.set(code, id);
    places.merge(learnt);
    run.counts.inserted += outcomes.inserted;
    for (const r of outcomes.duplicates) run.duplicate(r.row, 'already stored (the same question in the same language)');
    run.progress();
    // Lets calls to a server importing through between batches.
    await yieldToEventLoop();
  };

  try {
    for await (const row of rows) {
      if (isRejected(row)) {
        run.refuse(row.row, row.reason);
        pendingRefusals = true;
        // A file of refusals only still writes its counts now and then.
        if (run.counts.rejected % batchSize === 0) await flush();
        continue;
      }
      run.counts.read++;
      batch.push(row);
      if (batch.length >= batchSize) await flush();
    }
  } catch (error) {
    // The file stopped (a line past reading, a failed read): the rows read whole before it are stored.
    if (!(error instanceof ImportInterrupted)) await flush().catch(() => {});
    throw error;
  }
  await flush();
}

/** Stores a content file subcategory by subcategory (each the demo's rules, one transaction each). */
async function writeContentFile(db: Db, run: Run, parts: ReturnType<typeof readContentFile>): Promise<void> {
  let row = 0;
  for await (const part of parts) {
    if (run.signal?.aborted) throw new ImportInterrupted();
    const importId = await run.ensureRecorded();
    const first = row + 1;
    row += part.questions;
    if (part.kind === 'refused') {
      const count = Math.max(1, part.questions);
      run.counts.read += count;
      run.counts.rejected += count;
      for (const problem of part.problems) run.note(first, part.questions > 0 ? `${problem} (the subcategory's ${part.questions} questions are not imported)` : problem);
      await db.transaction((tx) => run.save(tx));
      run.progress();
      continue;
    }
    let repeated: string[] = [];
    await storeContentFiles(db, [part.file], 'content', {
      importId,
      inTransaction: async (tx, report) => {
        const counts = { ...run.counts };
        run.counts.read += part.questions;
        run.counts.inserted += report.inserted;
        run.counts.updated += report.updated;
        run.counts.duplicates += report.unchanged + report.kept;
        run.counts.rejected += report.repeated.length;
        try {
          await run.save(tx);
        } catch (error) {
          Object.assign(run.counts, counts);
          throw error;
        }
        repeated = report.repeated;
      },
    });
    for (const key of repeated) run.note(first, `question ${key}: key already used earlier in this file`);
    run.progress();
    await yieldToEventLoop();
  }
}

/**
 * Runs one import. Throws ContentFileError when the file is not of the format at all (then nothing
 * is recorded when no row was reached) or cannot be read past a point (then the batches before it
 * are stored, and the run is recorded as failed with the reason).
 */
export async function importContent(db: Db, options: ImportOptions): Promise<ImportResult> {
  const language = languageCode(options.language ?? 'en');
  if (!language) throw new ContentFileError(`"${options.language}" is not a language code (e.g. en, es, pt-br)`);
  const input = await openInput(options.input ?? options.text ?? '');
  const format = options.format ?? detectFormat(options.fileName, input.head);
  const run = new Run(db, format, options, input.bytes);
  const batchSize = Math.max(1, options.batchSize ?? IMPORT_BATCH);
  try {
    if (format === 'content') await writeContentFile(db, run, readContentFile(input.chunks, options.fileName));
    else await writeRows(db, run, format === 'opentdb' ? readOpenTdb(input.chunks, { language }) : readContentCsv(input.chunks, { language }), batchSize);
  } catch (error) {
    const reason = error instanceof ContentFileError || error instanceof ImportInterrupted ? error.message : `stopped: ${(error as Error).message}`;
    if (run.importId !== null) await finishImportRun(db, run.importId, { status: 'failed', error: reason });
    throw error;
  }
  await run.ensureRecorded();
  await finishImportRun(db, run.importId!, { status: 'done', error: null, counts: { ...run.counts, bytesRead: input.bytes() }, sample: run.sample });
  return run.result();
}
