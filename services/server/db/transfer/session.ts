import fs from 'node:fs';
import path from 'node:path';
import { isPostgresUrl, redactUrl } from '@/services/server/db/client';
import { ensurePrivateDir, tightenTree } from '@/services/server/ops/private-files';
import { pgliteTemplateFor, readTemplate } from '@/services/server/db/pglite-template';

/**
 * One connection to a database, for the operator commands that copy whole databases (db:move,
 * backup, restore; docs/deploy.md). Raw SQL on a single connection: a snapshot transaction, the
 * advisory lock of the migrations and the target's one transaction all need the same connection.
 * Every session runs in UTC with ISO dates, so that rows read as JSON text are the same text on
 * PGlite and on PostgreSQL.
 */
export interface SqlSession {
  readonly kind: 'pglite' | 'postgres';
  /** Where it is: the embedded directory, `memory://`, or the server URL without its password. */
  readonly location: string;
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

const SESSION_SETTINGS = `SET TimeZone TO 'UTC'; SET DateStyle TO 'ISO, YMD'; SET IntervalStyle TO 'postgres'; SET extra_float_digits TO 1`;

// The URL helpers live with the server's own database client; the commands use the same ones.
export { isPostgresUrl, redactUrl };

export async function openPostgresSession(url: string): Promise<SqlSession> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(SESSION_SETTINGS);
  return {
    kind: 'postgres',
    location: redactUrl(url),
    async query<T>(text: string, params?: readonly unknown[]) {
      const result = await client.query(text, params as unknown[] | undefined);
      return result.rows as T[];
    },
    async exec(text: string) {
      await client.query(text);
    },
    close: () => client.end(),
  };
}

/**
 * The directory PGlite keeps its files in, from what an operator names: the server's DATA_DIR
 * (which holds `pglite/` beside the uploads) or that `pglite/` directory itself.
 */
export function pgliteDirOf(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  if (fs.existsSync(path.join(resolved, 'PG_VERSION'))) return resolved;
  return path.join(resolved, 'pglite');
}

/** The embedded database in a directory (created when missing), or a snapshot loaded in memory. */
export async function openPgliteSession(source: { dir: string } | { snapshot: Blob }): Promise<SqlSession> {
  const { PGlite } = await import('@electric-sql/pglite');
  // A small buffer cache, as the importer's (decision 035): a command streams through the tables once, and the
  // default 128MB would be resident memory it never reuses (decision 054).
  const startParams = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off', '-c', 'shared_buffers=16MB'];
  let db: InstanceType<typeof PGlite>;
  let location: string;
  if ('dir' in source) {
    ensurePrivateDir(path.dirname(source.dir));
    ensurePrivateDir(source.dir);
    // A new target directory gets the build's empty cluster instead of PGlite's initdb (decision 054).
    const template = pgliteTemplateFor(source.dir);
    db = new PGlite(source.dir, { startParams, ...(template ? { loadDataDir: readTemplate(template) } : {}) });
    location = source.dir;
  } else {
    db = new PGlite({ loadDataDir: source.snapshot, startParams });
    location = 'memory:// (a snapshot of the running server)';
  }
  await db.waitReady;
  // A new database's files come out of PGlite's initdb 0666: the server user's alone instead.
  const dir = 'dir' in source ? source.dir : null;
  if (dir) tightenTree(dir);
  await db.exec(SESSION_SETTINGS);
  return {
    kind: 'pglite',
    location,
    async query<T>(text: string, params?: readonly unknown[]) {
      const result = await db.query<T>(text, params as unknown[] | undefined);
      return result.rows;
    },
    async exec(text: string) {
      await db.exec(text);
    },
    async close() {
      await db.close();
      if (dir) tightenTree(dir);
    },
  };
}

/** Runs `work` in one transaction of the session: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(session: SqlSession, begin: string, work: () => Promise<T>): Promise<T> {
  await session.exec(begin);
  try {
    const result = await work();
    await session.exec('COMMIT');
    return result;
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
