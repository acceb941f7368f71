/**
 * `npm run restore -- <file> [--to <data dir | postgres://…>] [--all]`
 *
 * Restores a backup (npm run backup) into the configured database (DATABASE_URL, otherwise a new
 * embedded one in DATA_DIR) or the one named by --to, which must be empty and not in use by a
 * server (docs/deploy.md, "Backups"). A backup of a newer schema than this installation's is
 * refused before anything is written; an older one is restored at its own schema and then migrated.
 * Quiz Arena's format restores into either engine in one transaction and is compared with the
 * figures the backup recorded; a pg_dump file restores into an empty PostgreSQL database with
 * pg_restore. Exit codes: 0 restored and equal, 1 refused or failed (nothing written), 3 restored
 * but the comparison differs, 2 a wrong command line. A refused or failed restore into a new data
 * directory removes it again. A relative path is the folder the command was typed in; `--to
 * env:NAME` reads the URL from the environment (scripts/support/locations.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { readConfig } from '@/services/server/config';
import { backupKind, readBackupHeader, restoreBackupFile } from '@/services/server/db/transfer/backup-file';
import { databaseSink, prepareEmptyTarget } from '@/services/server/db/transfer/copy';
import { openTarget } from '@/services/server/db/transfer/open';
import { pgDumpSchemaVersion, pgRestore, type DumpSidecar } from '@/services/server/db/transfer/pg-dump';
import { applyMigrations, assertKnownVersion, codeSchemaVersion, describeVersion, type SchemaVersion } from '@/services/server/db/transfer/schema-version';
import { isPostgresUrl, pgliteDirOf } from '@/services/server/db/transfer/session';
import { compareSummaries, formatComparison, summarize } from '@/services/server/db/transfer/summary';
import { peakMemoryMb, rowsProgress } from './support/progress';
import { passwordOnCommandLine, typedDatabase, typedPath } from './support/locations';
import { runCommand } from './support/run-main';

const USAGE = 'usage: npm run restore -- <file> [--to <data dir | postgres://…>] [--all]';

function parse(argv: readonly string[]): { file: string; to: string | null; all: boolean } | string {
  let file = '';
  let to: string | null = null;
  let all = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--to') to = argv[++i] ?? '';
    else if (arg === '--all') all = true;
    else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else if (file) return 'one file only';
    else file = arg;
  }
  if (!file) return 'the backup file is missing';
  if (to === '') return '--to needs a data directory, a postgres:// URL or env:NAME';
  return { file, to, all };
}

/**
 * The directories a restore into `spec` would create (a data directory, its `pglite/`), so that a
 * refused or failed restore removes them and leaves nothing behind. Empty for PostgreSQL.
 */
function directoriesToCreate(spec: string): string[] {
  if (isPostgresUrl(spec)) return [];
  const dataDir = path.resolve(spec);
  if (!fs.existsSync(dataDir)) return [dataDir];
  const dir = pgliteDirOf(dataDir);
  return fs.existsSync(dir) ? [] : [dir];
}

const when = (iso: string) => `${iso.replace('T', ' ').replace(/\.\d+Z$/, '')} UTC`;

async function main(typed: Exclude<ReturnType<typeof parse>, string>): Promise<number> {
  const file = typedPath(typed.file);
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const kind = backupKind(file);
  if (kind === 'unknown') throw new Error(`${file} is neither a Quiz Arena backup nor a pg_dump file; nothing was restored`);
  const config = readConfig();
  const spec = typed.to === null ? (config.databaseUrl ?? config.dataDir) : typedDatabase(typed.to, '--to');
  const warning = typed.to === null ? null : passwordOnCommandLine(typed.to, '--to');
  if (warning) console.error(warning);
  const options = { ...typed, file };

  // Everything that can be refused from the file alone is refused before the target is touched.
  if (kind === 'pg_dump' && !isPostgresUrl(spec)) {
    throw new Error(
      `${file} is a pg_dump file, which restores into PostgreSQL only (the target ${spec} is an embedded data directory); nothing was restored. ` +
        'Restore it into an empty PostgreSQL database, then npm run db:move -- --from <that database> --to <data dir>.',
    );
  }
  const version = kind === 'pg_dump' ? await pgDumpSchemaVersion(file) : (await readBackupHeader(file)).schema;
  assertKnownVersion(`The backup ${file}`, version);

  const created = directoriesToCreate(spec);
  try {
    return kind === 'pg_dump' ? await restorePgDump(options, spec, version) : await restoreOwnFormat(options, spec);
  } catch (error) {
    // A refused or failed restore leaves no data directory of its own making behind.
    for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function restorePgDump(options: { file: string; all: boolean }, spec: string, version: SchemaVersion): Promise<number> {
  const started = Date.now();
  const target = await openTarget(spec);
  try {
    await pgRestore(target.session, spec, options.file);
    target.completed();
    const restored = await summarize(target.session);
    const restoredRows = Object.values(restored.tables).reduce((n, t) => n + Number(t.rows), 0);
    const sidecarFile = `${options.file}.json`;
    const sidecar = fs.existsSync(sidecarFile) ? (JSON.parse(fs.readFileSync(sidecarFile, 'utf8')) as DumpSidecar) : null;
    const asOf = sidecar ? `, as it was at ${when(sidecar.snapshotAt ?? sidecar.createdAt)}` : '';
    console.log(`Restored ${restoredRows} rows from ${options.file} (${describeVersion(version)}${asOf}) with pg_restore in ${((Date.now() - started) / 1000).toFixed(1)} s; peak memory ${peakMemoryMb()} MB (this command; pg_restore runs beside it).`);
    let equal = true;
    if (sidecar) {
      const comparison = compareSummaries(sidecar.summary, restored);
      console.log(formatComparison(comparison, { all: options.all, sourceLabel: 'backup', targetLabel: 'restored' }));
      equal = comparison.equal;
    } else console.log(`No ${sidecarFile} beside the dump: nothing to compare the restored database with.`);
    const later = await applyMigrations(target.session);
    if (later > 0) console.log(`Then migrated ${later} step(s), to ${describeVersion(codeSchemaVersion())}.`);
    return equal ? 0 : 3;
  } finally {
    await target.close();
  }
}

async function restoreOwnFormat(options: { file: string; all: boolean }, spec: string): Promise<number> {
  const started = Date.now();
  const target = await openTarget(spec);
  try {
    const progress = rowsProgress('restoring');
    const header = await restoreBackupFile(
      options.file,
      async (h) => databaseSink(target.session, await prepareEmptyTarget(target.session, h.schema)),
      (rows, total, table) => progress.update(rows, total, table),
    ).finally(() => progress.stop());
    target.completed();
    const rows = Object.values(header.summary.tables).reduce((n, t) => n + Number(t.rows), 0);
    // The moment the backup's snapshot was taken (older files only know when they were written).
    const asOf = header.snapshotAt ? `as it was at ${when(header.snapshotAt)}` : `backed up ${when(header.createdAt)}`;
    console.log(`Restored ${rows} rows of ${header.tables.length} tables (${describeVersion(header.schema)}, ${asOf}, from ${header.engine}) into ${target.session.location} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    const comparison = compareSummaries(header.summary, await summarize(target.session));
    console.log(formatComparison(comparison, { all: options.all, sourceLabel: 'backup', targetLabel: 'restored' }));
    const later = await applyMigrations(target.session);
    if (later > 0) console.log(`Then migrated ${later} step(s), to ${describeVersion(codeSchemaVersion())}.`);
    console.log(`Peak memory ${peakMemoryMb()} MB.`);
    return comparison.equal ? 0 : 3;
  } finally {
    await target.close();
  }
}

runCommand(USAGE, parse, main);
