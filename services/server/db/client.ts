import { EventEmitter } from 'node:events';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '@/services/server/db/schema';
import { ensurePrivateDir, tightenTree } from '@/services/server/ops/private-files';
import { pgliteTemplateFor, readTemplate } from '@/services/server/db/pglite-template';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (PGlite and node-postgres share this API). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a raw `execute(sql…)`: node-postgres and PGlite shape their results differently. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL: the notifications of POOL_CHANNELS heard by the pool's connections, by channel. */
  readonly poolNotifications?: EventEmitter;
  /** PGlite on its own thread: what that thread did since the last call (bench/realtime). */
  readonly threadStats?: () => Promise<{ busyMs: number; wallMs: number; gc: { count: number; totalMs: number; maxMs: number } }>;
  /** Where the embedded database lives, or the server URL without its password. */
  readonly location: string;
  /** PostgreSQL: the pool's connections; PGlite on its thread: statements waiting for it (GET /metrics). */
  readonly poolStats?: () => { total?: number; idle?: number; waiting: number };
  /** The embedded database: its files as of now, an uncompressed tar (GET /ops/snapshot, npm run backup). */
  readonly snapshot?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** `postgres://…` selects a PostgreSQL server; otherwise the embedded PGlite is used. */
  databaseUrl?: string;
  /** Directory of the embedded database (`<dataDir>/pglite`); `memory://` keeps it in memory. */
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PGlite on a worker thread of its own (services/server/db/pglite-remote.ts, decision 024): what
   * the server does, so that the engine's work never stalls its event loop. Short-lived commands
   * and the tests run it in their own thread.
   */
  pgliteThread?: boolean;
  /**
   * PGlite's buffer cache (PostgreSQL's shared_buffers, 128MB by default): a one-off command that
   * streams through a large file keeps its memory down with a small one (decision 035).
   */
  pgliteSharedBuffers?: string;
  /**
   * An in-memory PGlite started from a data directory dumped earlier (`snapshot()`), instead of a
   * new one: skips initdb, about 1.4 s instead of 5 s on two cores (the tests' template, tests/setup/db.ts).
   */
  loadDataDir?: Blob;
  /** Where the empty cluster a new directory is made from lies (default: the build's, services/server/db/pglite-template.ts). */
  pgliteTemplate?: { file: string; stamp: string };
}

/** Changes of sessions and of players' access (migration 0015; services/server/accounts/session-cache.ts). */
export const AUTH_CHANNEL = 'quiz_auth';
/** Channels every pooled PostgreSQL connection listens on (their changes must be heard before the next call). */
export const POOL_CHANNELS: readonly string[] = [AUTH_CHANNEL];

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'services/server/db/migrations');

/** A PostgreSQL URL (`postgres://` or `postgresql://`), as opposed to an embedded data directory. */
export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//.test(spec);
}

/** The URL with its password replaced, for logs and messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl && isPostgresUrl(config.databaseUrl)) {
    // Loaded on demand so that the embedded default never pays for the pg driver.
    const { Pool, Client } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const notifications = new EventEmitter();
    notifications.setMaxListeners(0);
    /**
     * Every pooled connection LISTENs on POOL_CHANNELS before it is handed out: PostgreSQL delivers
     * a transaction's own notifications to its connection before the commit returns, so what this
     * process changes is heard here before the change's caller goes on (services/server/db/listen.ts).
     */
    class ListeningClient extends Client {
      // The pool connects with a callback; other callers await the promise.
      override connect(): Promise<InstanceType<typeof Client>>;
      override connect(callback: (err: Error | null, client?: InstanceType<typeof Client>) => void): void;
      override connect(callback?: (err: Error | null, client?: InstanceType<typeof Client>) => void): Promise<InstanceType<typeof Client>> | void {
        const ready = super.connect().then(async () => {
          this.on('notification', (m) => notifications.emit(m.channel, m.payload ?? ''));
          for (const channel of POOL_CHANNELS) await this.query(`LISTEN ${channel}`);
          return this;
        });
        if (!callback) return ready;
        ready.then(
          (client) => callback(null, client),
          (err: Error) => callback(err),
        );
      }
    }
    const pool = new Pool({ connectionString: config.databaseUrl, max: config.poolSize ?? 10, Client: ListeningClient as unknown as typeof Client });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries still report their errors.
    });
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      poolNotifications: notifications,
      location: redactUrl(config.databaseUrl),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  // PGlite loads its WebAssembly with a dynamic import; keep it out of the module graph until used.
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = config.dataDir === 'memory://';
  const dir = inMemory ? undefined : path.resolve(config.dataDir, 'pglite');
  if (dir) {
    ensurePrivateDir(config.dataDir);
    ensurePrivateDir(dir);
  }
  // New WAL segments are not zero-filled (decision 021): filling 16 MB runs on the server's thread
  // in PGlite and stalls every call for about 60 ms each time the log moves to a new segment.
  const startParams = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off', ...(config.pgliteSharedBuffers ? ['-c', `shared_buffers=${config.pgliteSharedBuffers}`] : [])];
  // A new directory gets the build's empty cluster instead of PGlite's initdb (decision 054).
  const template = dir ? pgliteTemplateFor(dir, config.pgliteTemplate) : null;
  let client: { waitReady: Promise<void>; close(): Promise<void> };
  let threadStats: Database['threadStats'];
  let snapshot: Database['snapshot'];
  let poolStats: Database['poolStats'];
  if (config.pgliteThread) {
    const { RemotePGlite } = await import('@/services/server/db/pglite-remote');
    const remote = new RemotePGlite(dir, startParams, template);
    threadStats = () => remote.stats();
    snapshot = () => remote.dump();
    poolStats = () => ({ waiting: remote.waiting });
    client = remote;
  } else {
    const local = dir
      ? new PGlite(dir, { startParams, ...(template ? { loadDataDir: readTemplate(template) } : {}) })
      : new PGlite({ startParams, ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}) });
    snapshot = async () => new Uint8Array(await (await local.dumpDataDir('none')).arrayBuffer());
    client = local;
  }
  await client.waitReady;
  // PGlite's initdb leaves the files of a new database 0666 whatever the umask; the umask covers
  // what it creates later (services/server/ops/private-files.ts).
  if (dir) tightenTree(dir);
  const db = drizzle(client as never, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    threadStats,
    snapshot,
    poolStats,
    location: dir ?? 'memory://',
    async close() {
      await client.close();
      if (dir) tightenTree(dir);
    },
  };
}

/**
 * Applies the checked-in migrations. On PostgreSQL an advisory lock makes concurrent starts of
 * several app instances apply them once.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await database.db.execute(sql`select pg_advisory_lock(727274)`);
    try {
      await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await database.db.execute(sql`select pg_advisory_unlock(727274)`);
    }
    return;
  }
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
}
