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
 * but the comparison differs, 2 a wrong command line.
 */
import fs from 'node:fs';
import { readConfig } from '@/services/server/config';
import { backupKind, restoreBackupFile } from '@/services/server/db/transfer/backup-file';
import { databaseSink, prepareEmptyTarget } from '@/services/server/db/transfer/copy';
import { openTarget } from '@/services/server/db/transfer/open';
import { pgDumpSchemaVersion, pgRestore, type DumpSidecar } from '@/services/server/db/transfer/pg-dump';
import { applyMigrations, assertKnownVersion, codeSchemaVersion, describeVersion } from '@/services/server/db/transfer/schema-version';
import { compareSummaries, formatComparison, summarize } from '@/services/server/db/transfer/summary';
import { peakMemoryMb, rowsProgress } from './support/progress';
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
  if (to === '') return '--to needs a data directory or a postgres:// URL';
  return { file, to, all };
}

async function main(options: Exclude<ReturnType<typeof parse>, string>): Promise<number> {
  if (!fs.existsSync(options.file)) throw new Error(`${options.file} does not exist`);
  const kind = backupKind(options.file);
  if (kind === 'unknown') throw new Error(`${options.file} is neither a Quiz Arena backup nor a pg_dump file`);
  const config = readConfig();
  const spec = options.to ?? config.databaseUrl ?? config.dataDir;
  const started = Date.now();

  if (kind === 'pg_dump') {
    const version = await pgDumpSchemaVersion(options.file);
    assertKnownVersion(`The backup ${options.file}`, version);
    const target = await openTarget(spec);
    try {
      if (target.session.kind !== 'postgres') {
        throw new Error('A pg_dump backup restores into PostgreSQL only: restore it into an empty PostgreSQL database, then npm run db:move to the embedded one.');
      }
      await pgRestore(target.session, spec, options.file);
      const restored = await summarize(target.session);
      const restoredRows = Object.values(restored.tables).reduce((n, t) => n + Number(t.rows), 0);
      console.log(`Restored ${restoredRows} rows from ${options.file} (${describeVersion(version)}) with pg_restore in ${((Date.now() - started) / 1000).toFixed(1)} s; peak memory ${peakMemoryMb()} MB (this command; pg_restore runs beside it).`);
      let equal = true;
      const sidecarFile = `${options.file}.json`;
      if (fs.existsSync(sidecarFile)) {
        const sidecar = JSON.parse(fs.readFileSync(sidecarFile, 'utf8')) as DumpSidecar;
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

  const target = await openTarget(spec);
  try {
    const progress = rowsProgress('restoring');
    const header = await restoreBackupFile(
      options.file,
      async (h) => databaseSink(target.session, await prepareEmptyTarget(target.session, h.schema)),
      (rows, total, table) => progress.update(rows, total, table),
    ).finally(() => progress.stop());
    const rows = Object.values(header.summary.tables).reduce((n, t) => n + Number(t.rows), 0);
    console.log(`Restored ${rows} rows of ${header.tables.length} tables (${describeVersion(header.schema)}, backed up ${header.createdAt} from ${header.engine}) into ${target.session.location} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
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
