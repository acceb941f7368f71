import fs from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { assertPrivateFolder, openPrivateFile, writePrivateFile } from '@/services/server/ops/private-files';
import { listTables } from '@/services/server/db/transfer/catalog';
import { databaseSchemaVersion, versionAt, type SchemaVersion } from '@/services/server/db/transfer/schema-version';
import { inTransaction, type SqlSession } from '@/services/server/db/transfer/session';
import { summarize, type DatabaseSummary } from '@/services/server/db/transfer/summary';

/**
 * Backups of a PostgreSQL database in pg_dump's custom format, when the client tools are installed
 * and not older than the server (pg_dump refuses a newer server). The schema version travels in
 * the dump itself (Drizzle's migrations table); the figures to compare a restore against are taken
 * in the very snapshot pg_dump reads (`--snapshot`) and written beside it, `<file>.json`.
 */
export interface DumpSidecar {
  readonly format: 'pg_dump';
  readonly schema: SchemaVersion;
  readonly summary: DatabaseSummary;
  readonly createdAt: string;
  /** When the snapshot pg_dump read was taken (ISO time). */
  readonly snapshotAt?: string;
}

function majorOf(text: string): number | null {
  const m = /(\d+)(?:\.\d+)?/.exec(text);
  return m ? Number(m[1]) : null;
}

/** The installed pg_dump's major version, or null when there is none. */
export function pgDumpMajor(): number | null {
  const r = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  return majorOf(/\)\s*(\d+)/.exec(r.stdout)?.[1] ?? r.stdout);
}

export async function serverMajor(session: SqlSession): Promise<number> {
  const [row] = await session.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
  return Math.floor(Number(row!.v) / 10000);
}

/** Why pg_dump cannot be used for this server, or null when it can. */
export async function pgDumpUnusable(session: SqlSession): Promise<string | null> {
  const client = pgDumpMajor();
  if (client === null) return 'pg_dump is not installed';
  const server = await serverMajor(session);
  if (client < server) return `pg_dump ${client} is older than the server (PostgreSQL ${server})`;
  return null;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stderr, stdout }));
  });
}

/**
 * The arguments and environment that connect pg_dump or pg_restore to `url` with its password in
 * the child's environment (PGPASSWORD), never on its command line, where `ps` shows it to everyone.
 */
export function libpqConnection(url: string, env: NodeJS.ProcessEnv = process.env): { arg: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  if (!u.password) return { arg: `--dbname=${url}`, env };
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { arg: `--dbname=${u.toString()}`, env: { ...env, PGPASSWORD: password } };
}

/** pg_dump of the whole database from one exported snapshot, with the figures of that snapshot beside it. */
export async function pgDumpBackup(session: SqlSession, url: string, file: string): Promise<DumpSidecar> {
  const partial = `${file}.partial`;
  assertPrivateFolder(path.dirname(path.resolve(file)), 'The backup');
  // pg_dump creates its file with the umask's mode (0644 by default): the file is created here,
  // 0600, and pg_dump writes into it.
  fs.rmSync(partial, { force: true });
  fs.closeSync(openPrivateFile(partial));
  return inTransaction(session, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async () => {
    const [snap] = await session.query<{ id: string; at: string }>(`SELECT pg_export_snapshot() AS id, to_json(now())#>>'{}' AS at`);
    const schema = await databaseSchemaVersion(session);
    const summary = await summarize(session);
    const connection = libpqConnection(url);
    const result = await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snap!.id}`, `--file=${partial}`, connection.arg], connection.env);
    if (result.code !== 0) {
      fs.rmSync(partial, { force: true });
      throw new Error(`pg_dump failed: ${result.stderr.trim()}`);
    }
    const sidecar: DumpSidecar = { format: 'pg_dump', schema, summary, createdAt: new Date().toISOString(), snapshotAt: new Date(snap!.at).toISOString() };
    writePrivateFile(`${file}.json`, JSON.stringify(sidecar));
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    return sidecar;
  }).catch((error: unknown) => {
    fs.rmSync(partial, { force: true });
    throw error;
  });
}

/** The schema version inside a pg_dump file: the newest row of its Drizzle migrations table. */
export async function pgDumpSchemaVersion(file: string): Promise<SchemaVersion> {
  const result = await run('pg_restore', ['--data-only', '--schema=drizzle', '--table=__drizzle_migrations', '--file=-', file]);
  if (result.code !== 0) throw new Error(`pg_restore could not read ${file}: ${result.stderr.trim()}`);
  let newest = 0;
  let inCopy = false;
  for (const line of result.stdout.split('\n')) {
    if (line.startsWith('COPY ')) inCopy = true;
    else if (line === '\\.') inCopy = false;
    else if (inCopy) newest = Math.max(newest, Number(line.split('\t')[2] ?? 0));
  }
  if (newest === 0) throw new Error(`${file} holds no Quiz Arena schema version (no Drizzle migrations in it)`);
  return versionAt(newest);
}

/** Restores a pg_dump file into an empty PostgreSQL database, in one transaction. */
export async function pgRestore(session: SqlSession, url: string, file: string): Promise<void> {
  const tables = await listTables(session);
  const [drizzle] = await session.query<{ present: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (tables.length > 0 || drizzle?.present) {
    throw new Error(`A pg_dump backup restores into a new, empty PostgreSQL database; ${session.location} already has ${tables.length} table(s). Nothing was written.`);
  }
  const connection = libpqConnection(url);
  const result = await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', connection.arg, file], connection.env);
  if (result.code !== 0) throw new Error(`pg_restore failed (nothing was written): ${result.stderr.trim()}`);
}
