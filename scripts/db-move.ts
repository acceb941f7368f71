/**
 * `npm run db:move -- --from <data dir | postgres url> --to <postgres url | data dir> [--files [dir]]`
 *
 * Moves a whole Quiz Arena database from the embedded PGlite to PostgreSQL or back (docs/deploy.md,
 * "Moving to several machines"). The target must be empty: it is migrated to the source's schema,
 * every table is copied from one snapshot of the source in batches, in one transaction, and the two
 * are then compared (rows and checksum per table, coins against ledgers, leaderboards, sequences).
 * Uploaded files stay where they are unless `--files` is given: between two data directories it
 * copies `<from>/uploads` into `<to>/uploads`; when one side is a URL, `--files <dir>` names the data
 * directory of that side's servers. Exit codes: 0 moved and equal, 1 refused or failed (nothing
 * written), 3 moved but the comparison differs, 2 a wrong command line.
 *
 * A relative path is the folder the command was typed in; `env:NAME` reads a URL from the
 * environment, so that no password sits on the command line (scripts/support/locations.ts). A move
 * stopped before its rows were committed is started again by running it again into the same target.
 */
import { DEFAULT_BATCH_ROWS, databaseSink, exportDatabase, prepareEmptyTarget } from '@/services/server/db/transfer/copy';
import { copyUploads, openSource, openTarget } from '@/services/server/db/transfer/open';
import { applyMigrations, codeSchemaVersion, describeVersion } from '@/services/server/db/transfer/schema-version';
import { isPostgresUrl, redactUrl } from '@/services/server/db/transfer/session';
import { compareSummaries, formatComparison, summarize } from '@/services/server/db/transfer/summary';
import { peakMemoryMb, rowsProgress } from './support/progress';
import { passwordOnCommandLine, typedDatabase, typedPath } from './support/locations';
import { runCommand } from './support/run-main';

const USAGE = 'usage: npm run db:move -- --from <data dir | postgres://… | env:NAME> --to <postgres://… | env:NAME | data dir> [--files [data dir]] [--batch N] [--all]';

interface Options {
  from: string;
  to: string;
  files: boolean;
  filesDir: string | null;
  batchRows: number;
  all: boolean;
}

function parse(argv: readonly string[]): Options | string {
  let from = '';
  let to = '';
  let files = false;
  let filesDir: string | null = null;
  let batchRows = DEFAULT_BATCH_ROWS;
  let all = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--from') from = argv[++i] ?? '';
    else if (arg === '--to') to = argv[++i] ?? '';
    else if (arg === '--files') {
      files = true;
      const next = argv[i + 1];
      if (next && !next.startsWith('--')) filesDir = argv[++i]!;
    } else if (arg === '--batch') batchRows = Number(argv[++i]);
    else if (arg === '--all') all = true;
    else return `unknown argument ${arg}`;
  }
  if (!from) return '--from is missing';
  if (!to) return '--to is missing';
  if (!Number.isInteger(batchRows) || batchRows < 1 || batchRows > 100_000) return '--batch must be a whole number of rows from 1 to 100000';
  const url = (spec: string) => isPostgresUrl(spec) || (spec.startsWith('env:') && isPostgresUrl(process.env[spec.slice(4)] ?? ''));
  if (files && url(from) && url(to)) return '--files needs a data directory on one side at least';
  if (files && !filesDir && (url(from) || url(to))) return '--files needs the data directory of the PostgreSQL side: --files <dir>';
  return { from, to, files, filesDir, batchRows, all };
}

const label = (spec: string) => (isPostgresUrl(spec) ? redactUrl(spec) : spec);

async function main(typed: Options): Promise<number> {
  for (const [option, spec] of [['--from', typed.from], ['--to', typed.to]] as const) {
    const warning = passwordOnCommandLine(spec, option);
    if (warning) console.error(warning);
  }
  const options: Options = {
    ...typed,
    from: typedDatabase(typed.from, '--from'),
    to: typedDatabase(typed.to, '--to'),
    filesDir: typed.filesDir === null ? null : typedPath(typed.filesDir),
  };
  const started = Date.now();
  const source = await openSource(options.from);
  try {
    if (source.fromRunningServer) {
      console.error(`The server is running on ${options.from}: moving from a snapshot it took now; what it writes afterwards is not moved. Stop it first for a final move.`);
    }
    const target = await openTarget(options.to);
    try {
      const progress = rowsProgress('moving');
      let sink: ReturnType<typeof databaseSink> | null = null;
      const header = await exportDatabase(
        source.session,
        {
          async begin(h) {
            sink = databaseSink(target.session, await prepareEmptyTarget(target.session, h.schema));
            await sink.begin(h);
          },
          rows: (table, json, count) => sink!.rows(table, json, count),
          end: (sequences) => sink!.end(sequences),
          abort: async () => sink?.abort(),
        },
        { batchRows: options.batchRows, onProgress: (p) => progress.update(p.rows, p.totalRows, p.table) },
      ).finally(() => progress.stop());
      target.completed();
      const copiedMs = Date.now() - started;
      const rows = Object.values(header.summary.tables).reduce((n, t) => n + Number(t.rows), 0);
      console.log(`Copied ${rows} rows of ${header.tables.length} tables (${describeVersion(header.schema)}) from ${label(options.from)} to ${label(options.to)} in ${(copiedMs / 1000).toFixed(1)} s.`);

      const comparison = compareSummaries(header.summary, await summarize(target.session));
      console.log(formatComparison(comparison, { all: options.all }));

      const later = await applyMigrations(target.session);
      if (later > 0) console.log(`The target was then migrated ${later} step(s) further, to ${describeVersion(codeSchemaVersion())}.`);

      if (options.files) {
        const fromDir = source.dataDir ?? options.filesDir!;
        const toDir = target.dataDir ?? options.filesDir!;
        const copied = copyUploads(fromDir, toDir);
        console.log(`Uploaded files: ${copied.files} copied (${(copied.bytes / 1e6).toFixed(1)} MB) from ${fromDir}/uploads to ${toDir}/uploads.`);
      } else {
        console.log('Uploaded files were not copied (--files copies them); the rows still name them under /uploads/.');
      }
      console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s; peak memory ${peakMemoryMb()} MB.`);
      return comparison.equal ? 0 : 3;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

runCommand(USAGE, parse, main);
