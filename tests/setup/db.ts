import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, migrateDatabase, type Database } from '@/services/server/db/client';

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

async function open(): Promise<Database> {
  const database =
    testDbKind === 'postgres'
      ? await openDatabase({ databaseUrl: await workerDatabaseUrl(), dataDir: 'memory://', poolSize: 20 })
      : await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  return database;
}

export function getTestDatabase(): Promise<Database> {
  shared ??= open();
  return shared;
}

/** Empties every table of the product (not the migration journal). */
export async function resetDatabase(database: Database): Promise<void> {
  const rows = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const list = (rows as unknown as { rows: { tablename: string }[] }).rows ?? (rows as unknown as { tablename: string }[]);
  const names = list.map((r) => `"${r.tablename}"`);
  if (names.length) await database.db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
}

export async function closeTestDatabase(): Promise<void> {
  if (!shared) return;
  const database = await shared;
  shared = undefined;
  await database.close();
}
