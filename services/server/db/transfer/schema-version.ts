import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER } from '@/services/server/db/client';
import type { SqlSession } from '@/services/server/db/transfer/session';

/**
 * Schema versions: the checked-in migrations (services/server/db/migrations, Drizzle's journal)
 * and how far a database has gone through them. Drizzle records each applied migration in
 * `drizzle.__drizzle_migrations` with its journal time (`created_at`); a database's version is the
 * journal entry of its newest row.
 */
export interface SchemaVersion {
  /** The migration's place in the journal, from 0; -1 for a database without any. */
  readonly index: number;
  readonly tag: string;
  /** The journal's time of the migration (Drizzle's `folderMillis`). */
  readonly when: number;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export const NO_SCHEMA: SchemaVersion = { index: -1, tag: '(empty database)', when: 0 };

function journal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const text = fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** The newest migration this code knows. */
export function codeSchemaVersion(): SchemaVersion {
  const entries = journal();
  const last = entries[entries.length - 1]!;
  return { index: last.idx, tag: last.tag, when: last.when };
}

/** A version by its journal time, or one newer than every migration this code has. */
export function versionAt(when: number): SchemaVersion {
  if (when === 0) return NO_SCHEMA;
  const entry = journal().find((e) => e.when === when);
  if (entry) return { index: entry.idx, tag: entry.tag, when };
  return { index: Number.POSITIVE_INFINITY, tag: `a migration of ${new Date(when).toISOString()} this code does not have`, when };
}

export function describeVersion(version: SchemaVersion): string {
  return Number.isFinite(version.index) && version.index >= 0 ? `migration ${version.tag}` : version.tag;
}

/** How far a database has been migrated. */
export async function databaseSchemaVersion(session: SqlSession): Promise<SchemaVersion> {
  const [table] = await session.query<{ present: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!table?.present) return NO_SCHEMA;
  const [row] = await session.query<{ when: string | null }>(`SELECT max(created_at)::text AS "when" FROM drizzle.__drizzle_migrations`);
  return row?.when ? versionAt(Number(row.when)) : NO_SCHEMA;
}

export class NewerSchemaError extends Error {
  constructor(what: string, version: SchemaVersion) {
    const code = codeSchemaVersion();
    super(
      `${what} has a newer schema (${describeVersion(version)}) than this Quiz Arena knows (up to ${describeVersion(code)}): ` +
        'upgrade this installation first, then run the command again.',
    );
    this.name = 'NewerSchemaError';
  }
}

/** Refuses a version this code cannot read. */
export function assertKnownVersion(what: string, version: SchemaVersion): void {
  if (version.when > codeSchemaVersion().when) throw new NewerSchemaError(what, version);
}

const MIGRATION_LOCK = 727274;

/**
 * Applies the checked-in migrations up to `upTo` (all of them by default) the way Drizzle's own
 * migrator does, recording each in `drizzle.__drizzle_migrations` so that the server's migrator
 * carries on from there. On PostgreSQL the same advisory lock as the server's start keeps two
 * instances from applying them at once; it is held by this session's own connection.
 */
export async function applyMigrations(session: SqlSession, upTo: SchemaVersion = codeSchemaVersion()): Promise<number> {
  const migrations: MigrationMeta[] = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  if (session.kind === 'postgres') await session.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await session.exec(`CREATE SCHEMA IF NOT EXISTS drizzle; CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
    const [last] = await session.query<{ when: string | null }>(`SELECT max(created_at)::text AS "when" FROM drizzle.__drizzle_migrations`);
    const done = Number(last?.when ?? 0);
    const due = migrations.filter((m) => m.folderMillis > done && m.folderMillis <= upTo.when);
    if (due.length === 0) return 0;
    await session.exec('BEGIN');
    try {
      for (const migration of due) {
        for (const statement of migration.sql) if (statement.trim()) await session.exec(statement);
        await session.query(`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)`, [migration.hash, migration.folderMillis]);
      }
      await session.exec('COMMIT');
    } catch (error) {
      await session.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
    return due.length;
  } finally {
    if (session.kind === 'postgres') await session.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}
