import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '@/services/server/db/client';
import { categories, contentImports, funNLearn, languages, questions, subcategories } from '@/services/server/db/schema';

/** SQL of the content area: languages, categories, subcategories, questions, import runs. */
export type Conn = Db | Tx;

export type NewQuestion = typeof questions.$inferInsert;

const INSERT_BATCH = 500;
const LOOKUP_BATCH = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Serialises writers of content (seeding, imports) across processes and instances until the end
 * of the transaction, so two instances starting at once do not race for the same categories.
 */
export async function lockContentWrites(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
}

// ---------------------------------------------------------------------------------------------
// Languages

/**
 * The id of a content language, created when missing. A created language becomes the default only
 * when `isDefault` is asked for and no language is the default yet; an existing one is left as the
 * admin set it.
 */
export async function ensureContentLanguage(
  db: Conn,
  input: { code: string; name: string; isDefault?: boolean },
): Promise<{ id: number; created: boolean }> {
  const found = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, input.code)).limit(1);
  if (found[0]) return { id: found[0].id, created: false };
  let isDefault = false;
  if (input.isDefault) {
    const current = await db.select({ id: languages.id }).from(languages).where(eq(languages.isDefault, true)).limit(1);
    isDefault = current.length === 0;
  }
  const inserted = await db
    .insert(languages)
    .values({ code: input.code, language: input.name, isDefault })
    .onConflictDoNothing()
    .returning({ id: languages.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const again = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, input.code)).limit(1);
  return { id: again[0]!.id, created: false };
}

// ---------------------------------------------------------------------------------------------
// Categories and subcategories

export interface CategoryRow {
  id: number;
  slug: string;
  name: string;
  rowOrder: number;
  source: string;
}

export async function listCategories(db: Conn, languageId: number, type: number): Promise<CategoryRow[]> {
  return db
    .select({ id: categories.id, slug: categories.slug, name: categories.name, rowOrder: categories.rowOrder, source: categories.source })
    .from(categories)
    .where(and(eq(categories.languageId, languageId), eq(categories.type, type)))
    .orderBy(asc(categories.id));
}

export interface UpsertResult {
  id: number;
  created: boolean;
  updated: boolean;
}

/**
 * Finds or creates the category (language_id, type, slug). With `refresh`, a category that came
 * from the demo content (source 'demo') takes the given name and row order when they changed; a
 * category an admin owns is never touched.
 */
export async function upsertCategory(
  db: Conn,
  input: { languageId: number; type: number; slug: string; name: string; rowOrder: number; source: string },
  options: { refresh?: boolean } = {},
): Promise<UpsertResult & { source: string }> {
  const key = and(eq(categories.languageId, input.languageId), eq(categories.type, input.type), eq(categories.slug, input.slug));
  const select = () =>
    db.select({ id: categories.id, name: categories.name, rowOrder: categories.rowOrder, source: categories.source }).from(categories).where(key).limit(1);
  let existing = (await select())[0];
  if (!existing) {
    const inserted = await db.insert(categories).values(input).onConflictDoNothing().returning({ id: categories.id });
    if (inserted[0]) return { id: inserted[0].id, created: true, updated: false, source: input.source };
    existing = (await select())[0]!;
  }
  const result = { id: existing.id, created: false, updated: false, source: existing.source };
  if (options.refresh && existing.source === 'demo' && (existing.name !== input.name || existing.rowOrder !== input.rowOrder)) {
    await db.update(categories).set({ name: input.name, rowOrder: input.rowOrder }).where(eq(categories.id, existing.id));
    return { ...result, updated: true };
  }
  return result;
}

export interface SubcategoryRow {
  id: number;
  categoryId: number;
  slug: string;
  name: string;
  rowOrder: number;
}

export async function listSubcategories(db: Conn, categoryIds: readonly number[]): Promise<SubcategoryRow[]> {
  if (categoryIds.length === 0) return [];
  return db
    .select({ id: subcategories.id, categoryId: subcategories.categoryId, slug: subcategories.slug, name: subcategories.name, rowOrder: subcategories.rowOrder })
    .from(subcategories)
    .where(inArray(subcategories.categoryId, [...categoryIds]))
    .orderBy(asc(subcategories.id));
}

/** Finds or creates the subcategory (category_id, slug); with `refresh`, takes the given name and row order. */
export async function upsertSubcategory(
  db: Conn,
  input: { categoryId: number; slug: string; name: string; rowOrder: number },
  options: { refresh?: boolean } = {},
): Promise<UpsertResult> {
  const key = and(eq(subcategories.categoryId, input.categoryId), eq(subcategories.slug, input.slug));
  const select = () =>
    db.select({ id: subcategories.id, name: subcategories.name, rowOrder: subcategories.rowOrder }).from(subcategories).where(key).limit(1);
  let existing = (await select())[0];
  if (!existing) {
    const inserted = await db.insert(subcategories).values(input).onConflictDoNothing().returning({ id: subcategories.id });
    if (inserted[0]) return { id: inserted[0].id, created: true, updated: false };
    existing = (await select())[0]!;
  }
  if (options.refresh && (existing.name !== input.name || existing.rowOrder !== input.rowOrder)) {
    await db.update(subcategories).set({ name: input.name, rowOrder: input.rowOrder }).where(eq(subcategories.id, existing.id));
    return { id: existing.id, created: false, updated: true };
  }
  return { id: existing.id, created: false, updated: false };
}

/** Highest row order among a language's categories of a type (0 when there are none). */
export async function maxCategoryRowOrder(db: Conn, languageId: number, type: number): Promise<number> {
  const rows = await db
    .select({ top: max(categories.rowOrder) })
    .from(categories)
    .where(and(eq(categories.languageId, languageId), eq(categories.type, type)));
  return rows[0]?.top ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Questions

/** Which of these content hashes a language already holds. */
export async function findExistingHashes(db: Conn, languageId: number, hashes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of chunks([...new Set(hashes)], LOOKUP_BATCH)) {
    const rows = await db
      .select({ hash: questions.contentHash })
      .from(questions)
      .where(and(eq(questions.languageId, languageId), inArray(questions.contentHash, batch)));
    for (const r of rows) found.add(r.hash);
  }
  return found;
}

/** Question ids by content hash, for these hashes of a language. */
export async function findQuestionIdsByHashes(db: Conn, languageId: number, hashes: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const batch of chunks([...new Set(hashes)], LOOKUP_BATCH)) {
    const rows = await db
      .select({ id: questions.id, hash: questions.contentHash })
      .from(questions)
      .where(and(eq(questions.languageId, languageId), inArray(questions.contentHash, batch)));
    for (const r of rows) found.set(r.hash, r.id);
  }
  return found;
}

export type StoredQuestion = Awaited<ReturnType<typeof selectByKeys>>[number];

function selectByKeys(db: Conn, languageId: number, keys: string[]) {
  return db
    .select({
      id: questions.id,
      contentKey: questions.contentKey,
      source: questions.source,
      categoryId: questions.categoryId,
      subcategoryId: questions.subcategoryId,
      questionType: questions.questionType,
      question: questions.question,
      optionA: questions.optionA,
      optionB: questions.optionB,
      optionC: questions.optionC,
      optionD: questions.optionD,
      optionE: questions.optionE,
      answer: questions.answer,
      level: questions.level,
      note: questions.note,
      audio: questions.audio,
      transcript: questions.transcript,
      funNLearnId: questions.funNLearnId,
      contentHash: questions.contentHash,
      importId: questions.importId,
    })
    .from(questions)
    .where(and(eq(questions.languageId, languageId), inArray(questions.contentKey, keys)));
}

/** The stored questions of a language with these content keys. */
export async function findQuestionsByKeys(db: Conn, languageId: number, keys: readonly string[]): Promise<StoredQuestion[]> {
  const out: StoredQuestion[] = [];
  for (const batch of chunks([...new Set(keys)], LOOKUP_BATCH)) out.push(...(await selectByKeys(db, languageId, batch)));
  return out;
}

/**
 * Inserts questions in batches; a row whose (language, content key) or (language, content hash) is
 * already taken is skipped. Returns how many were inserted.
 */
export async function insertQuestions(db: Conn, rows: readonly NewQuestion[]): Promise<number> {
  let inserted = 0;
  for (const batch of chunks(rows, INSERT_BATCH)) {
    const done = await db.insert(questions).values(batch).onConflictDoNothing().returning({ id: questions.id });
    inserted += done.length;
  }
  return inserted;
}

export type QuestionContent = Pick<
  NewQuestion,
  | 'categoryId'
  | 'subcategoryId'
  | 'questionType'
  | 'question'
  | 'optionA'
  | 'optionB'
  | 'optionC'
  | 'optionD'
  | 'optionE'
  | 'answer'
  | 'level'
  | 'note'
  | 'audio'
  | 'transcript'
  | 'funNLearnId'
  | 'contentHash'
> & { importId?: number | null };

/**
 * A fun-and-learn item by its content key in its language: inserted, or its text brought up to date
 * when `refresh` (shipped demo content); its id either way.
 */
export async function upsertFunNLearnItem(
  tx: Conn,
  item: { languageId: number; categoryId: number; subcategoryId: number | null; contentKey: string; title: string; detail: string; contentType: string; contentData: string },
  options: { refresh: boolean },
): Promise<{ id: number; created: boolean }> {
  const inserted = await tx.insert(funNLearn).values(item).onConflictDoNothing().returning({ id: funNLearn.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const where = and(eq(funNLearn.languageId, item.languageId), eq(funNLearn.contentKey, item.contentKey));
  if (options.refresh) {
    const content = { categoryId: item.categoryId, subcategoryId: item.subcategoryId, title: item.title, detail: item.detail, contentType: item.contentType, contentData: item.contentData };
    const updated = await tx.update(funNLearn).set(content).where(where).returning({ id: funNLearn.id });
    return { id: updated[0]!.id, created: false };
  }
  const found = await tx.select({ id: funNLearn.id }).from(funNLearn).where(where).limit(1);
  return { id: found[0]!.id, created: false };
}

/** Marks questions as met by an import run (a content file's unchanged questions). */
export async function markImported(db: Conn, ids: readonly number[], importId: number): Promise<void> {
  for (const batch of chunks(ids, LOOKUP_BATCH)) await db.update(questions).set({ importId }).where(inArray(questions.id, batch));
}

/** The columns an import fills, by their names in the table; the others take their defaults. */
const IMPORTED_COLUMNS = {
  categoryId: 'category_id',
  subcategoryId: 'subcategory_id',
  languageId: 'language_id',
  questionType: 'question_type',
  question: 'question',
  optionA: 'option_a',
  optionB: 'option_b',
  optionC: 'option_c',
  optionD: 'option_d',
  optionE: 'option_e',
  answer: 'answer',
  level: 'level',
  image: 'image',
  audio: 'audio',
  transcript: 'transcript',
  note: 'note',
  contentHash: 'content_hash',
  source: 'source',
  importId: 'import_id',
} as const satisfies Partial<Record<keyof NewQuestion, string>>;

export type ImportedQuestion = Required<Pick<NewQuestion, keyof typeof IMPORTED_COLUMNS>>;

const importedColumnList = sql.raw(Object.values(IMPORTED_COLUMNS).join(', '));

/**
 * Inserts one batch of imported questions; a row whose (language, content hash) is already taken
 * (stored before, or earlier in the batch) is skipped. The batch goes as one JSON parameter
 * (json_populate_recordset): one statement whatever its size, without building thousands of
 * parameters. Returns the language and hash of each row inserted.
 */
export async function insertImportedQuestions(db: Conn, rows: readonly ImportedQuestion[]): Promise<{ languageId: number; contentHash: string }[]> {
  if (rows.length === 0) return [];
  const records = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(IMPORTED_COLUMNS)) out[column] = row[key as keyof ImportedQuestion];
    return out;
  });
  const result = await db.execute(sql`
    insert into questions (${importedColumnList})
    select ${importedColumnList} from json_populate_recordset(null::questions, ${JSON.stringify(records)}::json)
    on conflict do nothing
    returning language_id, content_hash`);
  return rowsOf<{ language_id: number; content_hash: string }>(result).map((r) => ({ languageId: r.language_id, contentHash: r.content_hash }));
}

export async function updateQuestionContent(db: Conn, id: number, content: QuestionContent): Promise<void> {
  await db.update(questions).set(content).where(eq(questions.id, id));
}

// ---------------------------------------------------------------------------------------------
// Import runs

export interface ImportCounts {
  read: number;
  inserted: number;
  updated: number;
  duplicates: number;
  rejected: number;
  bytesRead: number;
}

/** Records an import run as it starts (status running). */
export async function createImportRun(
  db: Conn,
  run: { source: string; fileName: string; via: 'command' | 'console'; startedBy: number | null; totalBytes: number | null },
): Promise<number> {
  const rows = await db
    .insert(contentImports)
    .values({ ...run, status: 'running', inserted: 0, duplicates: 0, rejected: 0 })
    .returning({ id: contentImports.id });
  return rows[0]!.id;
}

/** Brings a running import's counts up to date (in the transaction of the batch they count). */
export async function updateImportRun(db: Conn, id: number, counts: ImportCounts, sample: readonly { row: number; reason: string }[]): Promise<void> {
  await db
    .update(contentImports)
    .set({ ...counts, rejectedSample: [...sample], updatedAt: sql`now()` })
    .where(eq(contentImports.id, id));
}

export async function finishImportRun(
  db: Conn,
  id: number,
  end: { status: 'done' | 'failed'; error: string | null; counts?: ImportCounts; sample?: readonly { row: number; reason: string }[] },
): Promise<void> {
  await db
    .update(contentImports)
    .set({ status: end.status, error: end.error, ...(end.counts ?? {}), ...(end.sample ? { rejectedSample: [...end.sample] } : {}), updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(eq(contentImports.id, id));
}
