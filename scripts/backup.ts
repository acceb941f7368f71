/**
 * `npm run backup -- <file> [--from <data dir | postgres://…>] [--format auto|quiz-arena|pg_dump]`
 *
 * Backs up the configured database (DATABASE_URL, otherwise the embedded one in DATA_DIR) or the
 * one named by --from (docs/deploy.md, "Backups"):
 * - the embedded database while the server runs: the server takes a snapshot of its files (calls
 *   wait for the moment it takes) and this command reads the snapshot, not the live directory;
 *   with the server stopped it reads the directory itself;
 * - PostgreSQL: pg_dump's custom format when pg_dump is installed and not older than the server
 *   (with `<file>.json` beside it), otherwise Quiz Arena's own format.
 * Quiz Arena's format restores into either engine. The file appears only once complete. Exit codes:
 * 0 written, 1 failed (no file), 2 a wrong command line.
 *
 * The file holds every password hash and the key that signs sign-ins: it is written 0600 (its
 * `.json` too), and only into a folder no other user can write into. A relative path is the folder
 * the command was typed in; `--from env:NAME` reads the URL from the environment (scripts/support/locations.ts).
 */
import path from 'node:path';
import { readConfig } from '@/services/server/config';
import { backupFileSink } from '@/services/server/db/transfer/backup-file';
import { exportDatabase } from '@/services/server/db/transfer/copy';
import { openSource } from '@/services/server/db/transfer/open';
import { pgDumpBackup, pgDumpUnusable } from '@/services/server/db/transfer/pg-dump';
import { describeVersion } from '@/services/server/db/transfer/schema-version';
import { assertPrivateFolder } from '@/services/server/ops/private-files';
import { passwordOnCommandLine, typedDatabase, typedPath } from './support/locations';
import { peakMemoryMb, rowsProgress } from './support/progress';
import { runCommand } from './support/run-main';

const USAGE = 'usage: npm run backup -- <file> [--from <data dir | postgres://…>] [--format auto|quiz-arena|pg_dump]';

function parse(argv: readonly string[]): { file: string; from: string | null; format: string } | string {
  let file = '';
  let from: string | null = null;
  let format = 'auto';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--from') from = argv[++i] ?? '';
    else if (arg === '--format') format = argv[++i] ?? '';
    else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else if (file) return 'one file only';
    else file = arg;
  }
  if (!file) return 'the backup file is missing';
  if (!['auto', 'quiz-arena', 'pg_dump'].includes(format)) return `--format must be auto, quiz-arena or pg_dump, got "${format}"`;
  if (from === '') return '--from needs a data directory, a postgres:// URL or env:NAME';
  return { file, from, format };
}

async function main(typed: Exclude<ReturnType<typeof parse>, string>): Promise<number> {
  const config = readConfig();
  const options = { ...typed, file: typedPath(typed.file) };
  const spec = typed.from === null ? (config.databaseUrl ?? config.dataDir) : typedDatabase(typed.from, '--from');
  const warning = typed.from === null ? null : passwordOnCommandLine(typed.from, '--from');
  if (warning) console.error(warning);
  // Refused before anything is read: the folder must be this user's alone.
  assertPrivateFolder(path.dirname(options.file), 'The backup');
  const started = Date.now();
  const source = await openSource(spec);
  try {
    if (source.fromRunningServer) console.log(`The server is running on ${source.dataDir}: backing up a snapshot it took for this backup.`);
    if (source.session.kind === 'postgres' && options.format !== 'quiz-arena') {
      const why = await pgDumpUnusable(source.session);
      if (!why) {
        const sidecar = await pgDumpBackup(source.session, spec, options.file);
        const rows = Object.values(sidecar.summary.tables).reduce((n, t) => n + Number(t.rows), 0);
        console.log(`Backed up ${rows} rows (${describeVersion(sidecar.schema)}) with pg_dump to ${options.file} (figures in ${options.file}.json) in ${((Date.now() - started) / 1000).toFixed(1)} s; peak memory ${peakMemoryMb()} MB (this command; pg_dump runs beside it).`);
        return 0;
      }
      if (options.format === 'pg_dump') throw new Error(`--format pg_dump: ${why}`);
      console.log(`${why}: writing Quiz Arena's own format instead.`);
    }
    const progress = rowsProgress('backing up');
    const sink = backupFileSink(options.file, source.session.kind);
    const header = await exportDatabase(source.session, sink, { snapshotAt: source.snapshotAt, onProgress: (p) => progress.update(p.rows, p.totalRows, p.table) }).finally(() => progress.stop());
    const rows = Object.values(header.summary.tables).reduce((n, t) => n + Number(t.rows), 0);
    console.log(
      `Backed up ${rows} rows of ${header.tables.length} tables (${describeVersion(header.schema)}) to ${options.file} ` +
        `(${(sink.bytes() / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s; peak memory ${peakMemoryMb()} MB.`,
    );
    return 0;
  } finally {
    await source.close();
  }
}

runCommand(USAGE, parse, main);
