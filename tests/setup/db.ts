import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, migrateDatabase, rowsOf, MIGRATIONS_FOLDER, type Database } from '@/services/server/db/client';

/**
 * One database per Jest worker, shared by the tests in it and emptied between tests.
 *
 * QA_TEST_DB=postgres runs the same tests on the PostgreSQL server named by TEST_DATABASE_URL
 * (each run and worker gets its own database, created on demand and dropped at the end of the run);
 * anything else uses an in-memory PGlite.
 */
let shared: Promise<Database> | undefined;

export const testDbKind: 'pglite' | 'postgres' = process.env.QA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

async function workerDatabaseUrl(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('QA_TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  // One database per run and worker (the run id comes from tests/setup/global-setup.ts).
  const name = `qa_test_${process.env.QA_TEST_RUN_ID ?? process.pid}_w${process.env.JEST_WORKER_ID ?? '1'}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated empty PGlite database every test file starts from: a file's first database used
 * to run initdb and every migration (about 5 s of a suite's time on two cores); loading this dump
 * takes about 0.6 s. It is written by the first file that finds none, and named after the
 * migrations, the PGlite version and how it is made (TEMPLATE_FORM), so a new migration, engine or
 * form makes a new one.
 */
function templateFile(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const file = path.join(MIGRATIONS_FOLDER, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  hash.update(JSON.parse(readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  hash.update(TEMPLATE_FORM);
  return path.join(process.cwd(), 'node_modules/.cache/qa-test-db', `${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * How the tests' PGlite differs from the server's, for speed (docs/testing.md, "Where CI's time
 * goes"); 2.7 s → about 1 s a test file in Jest:
 * - a 16 MB buffer cache instead of PostgreSQL's 128 MB, which the engine clears at every start
 *   (a test file's tables hold a few thousand rows; the one-off import does the same, decision 035);
 * - no template databases (template0, template1) in the dump: nothing in a test creates a
 *   database on PGlite, and they were two fifths of what each start reads and unpacks.
 */
const SHARED_BUFFERS = '16MB';
const TEMPLATE_FORM = `shared_buffers=${SHARED_BUFFERS}; without template0 and template1`;

/** The template's bytes as PGlite reads them (`arrayBuffer()`): a Blob read back costs about 0.4 s for 28 MB. */
function templateData(file: string): Blob {
  const bytes = readFileSync(file);
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: '', size: data.byteLength, arrayBuffer: async () => data } as unknown as Blob;
}

async function openPglite(): Promise<Database> {
  const template = templateFile();
  if (existsSync(template)) {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: templateData(template), pgliteSharedBuffers: SHARED_BUFFERS });
    // Nothing to apply; it checks the journal as a start would.
    await migrateDatabase(database);
    return database;
  }
  const database = await openDatabase({ dataDir: 'memory://', pgliteSharedBuffers: SHARED_BUFFERS });
  await migrateDatabase(database);
  // DROP DATABASE runs outside a transaction: one statement each.
  await database.db.execute(sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await database.db.execute(sql`drop database template0`);
  await database.db.execute(sql`drop database template1`);
  await database.db.execute(sql`checkpoint`);
  // Written aside, then renamed: a file reading the template never sees half of it.
  mkdirSync(path.dirname(template), { recursive: true });
  const aside = `${template}.${process.pid}.${process.env.JEST_WORKER_ID ?? '1'}`;
  writeFileSync(aside, await database.snapshot!(), { mode: 0o600 });
  renameSync(aside, template);
  return database;
}

async function open(): Promise<Database> {
  if (testDbKind === 'pglite') return openPglite();
  const database = await openDatabase({ databaseUrl: await workerDatabaseUrl(), dataDir: 'memory://', poolSize: 20 });
  await migrateDatabase(database);
  return database;
}

export function getTestDatabase(): Promise<Database> {
  shared ??= open();
  return shared;
}

/**
 * Empties every table of the product (not the migration journal) and starts every sequence again,
 * as `truncate <every table> restart identity cascade` would. Only the tables holding rows are
 * truncated, and only the sequences used are restarted: TRUNCATE makes a new file for each table it
 * names, and naming all 55 took about a second a call on PostgreSQL (0.06–0.09 s on PGlite),
 * against 0.02–0.07 s this way (docs/testing.md, "Where CI's time goes").
 */
export async function resetDatabase(database: Database): Promise<void> {
  // The engine quotes the names: each table as an identifier, and that identifier as a literal for the probe.
  const tables = rowsOf<{ ident: string; literal: string }>(
    await database.db.execute(sql`select quote_ident(tablename) as ident, quote_literal(quote_ident(tablename)) as literal from pg_tables where schemaname = 'public'`),
  );
  if (tables.length === 0) return;
  const probe = tables.map(({ ident, literal }) => `select ${literal} as ident where exists (select 1 from ${ident})`).join(' union all ');
  const filled = rowsOf<{ ident: string }>(await database.db.execute(sql.raw(probe))).map((r) => r.ident);
  if (filled.length) await database.db.execute(sql.raw(`truncate ${filled.join(', ')} restart identity cascade`));
  // A sequence of a table emptied by its test (rows written, then deleted) restarts too.
  const used = await database.db.execute<{ name: string }>(
    sql`select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name from pg_sequences where schemaname = 'public' and last_value is not null`,
  );
  for (const { name } of rowsOf<{ name: string }>(used)) await database.db.execute(sql.raw(`alter sequence ${name} restart`));
}

export async function closeTestDatabase(): Promise<void> {
  if (!shared) return;
  const database = await shared;
  shared = undefined;
  await database.close();
}
