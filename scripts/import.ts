/**
 * `npm run import -- <file> [--language en] [--format opentdb|csv|content] [--report <file>] [--batch N]`:
 * imports a question file of any size into the configured database (docs/content.md, Importing):
 * Open Trivia DB JSON, our CSV (a mode per row), or a content file (our JSON: every kind,
 * fun-and-learn items included). The file streams through in batches (bounded memory); a progress
 * bar shows rows per second, time left and the counts on a terminal. Every refused row is printed
 * with its line and reason (with `--report`, every refused and duplicate row goes to that CSV file
 * instead). Ctrl-C stops after the batch being written: run the same file again to finish.
 *
 * Exit codes: 0 done; 1 the file cannot be read (missing, not of the format, or broken past a
 * line: the rows before are stored), the database cannot be opened, or the import was interrupted;
 * 2 a wrong command line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readConfig } from '@/services/server/config';
import { ContentFileError } from '@/services/server/content/content-row';
import { openConfiguredDatabase } from '@/services/server/db/open-configured';
import { IMPORT_BATCH, IMPORT_FORMATS, ImportInterrupted, importContent, type ImportFormat, type ImportProgress } from '@/services/server/content/import';
import { csvLine } from '@/services/server/content/csv';
import { importBar, peakMemoryMb } from './support/progress';
import { runCommand } from './support/run-main';

const USAGE = 'usage: npm run import -- <file> [--language en] [--format opentdb|csv|content] [--report <file>] [--batch N]';

/** Refused rows printed to the terminal before the rest is left to `--report`. */
const TERMINAL_REFUSALS = 1000;

interface Args {
  file: string;
  language: string;
  format?: ImportFormat;
  report?: string;
  batch: number;
}

function parseArgs(argv: readonly string[]): Args | string {
  let file: string | undefined;
  let language = 'en';
  let format: ImportFormat | undefined;
  let report: string | undefined;
  let batch = IMPORT_BATCH;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') ? (arg.split(/=(.*)/s, 2) as [string, string | undefined]) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--language' || flag === '--format' || flag === '--report' || flag === '--batch') {
      const v = value();
      if (v === undefined || v === '') return `${flag} needs a value`;
      if (flag === '--language') language = v;
      else if (flag === '--report') report = v;
      else if (flag === '--batch') {
        batch = Number(v);
        if (!Number.isInteger(batch) || batch < 1 || batch > 5000) return `--batch must be a whole number from 1 to 5000, found "${v}"`;
      } else {
        if (!IMPORT_FORMATS.includes(v as ImportFormat)) return `unknown format "${v}" (${IMPORT_FORMATS.join(' or ')})`;
        format = v as ImportFormat;
      }
    } else if (flag === '--help' || flag === '-h') return '';
    else if (flag.startsWith('-')) return `unknown option ${flag}`;
    else if (file === undefined) file = arg;
    else return `only one file at a time (got ${file} and ${arg})`;
  }
  if (!file) return 'no file given';
  return { file, language, format, report, batch };
}

const n = (v: number) => v.toLocaleString('en');

async function main(args: Args): Promise<number> {
  // npm runs scripts from the project root; a relative path means the directory npm was run from.
  const base = process.env.INIT_CWD ?? process.cwd();
  const filePath = path.resolve(base, args.file);
  let size: number;
  try {
    const stat = fs.statSync(filePath);
    if (stat.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
    size = stat.size;
    fs.accessSync(filePath, fs.constants.R_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    console.error(`Cannot read ${filePath}: ${why}`);
    return 1;
  }
  let reportFd: number | null = null;
  if (args.report) {
    const reportPath = path.resolve(base, args.report);
    try {
      reportFd = fs.openSync(reportPath, 'w');
    } catch (error) {
      console.error(`Cannot write the report to ${reportPath}: ${(error as Error).message}`);
      return 1;
    }
    fs.writeSync(reportFd, `${csvLine(['row', 'outcome', 'reason'])}\n`);
  }

  const config = readConfig();
  // A small buffer cache for the embedded database: the file streams through once (decision 035).
  const database = await openConfiguredDatabase(config, { pgliteSharedBuffers: '16MB' });
  const started = Date.now();
  const bar = importBar('Importing');
  const controller = new AbortController();
  const interrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
    bar.log('Stopping after the batch being written (Ctrl-C again to stop at once)…');
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  let printed = 0;
  let last: ImportProgress | null = null;
  let where = 'row';
  try {
    const result = await importContent(database.db, {
      fileName: filePath,
      input: fs.createReadStream(filePath, { highWaterMark: 256 * 1024 }),
      totalBytes: size,
      format: args.format,
      language: args.language,
      batchSize: args.batch,
      signal: controller.signal,
      onStart: (id, format) => {
        where = format === 'csv' ? 'line' : format === 'content' ? 'question' : 'row';
        bar.log(`Importing ${filePath} (${format}, language ${args.language}, ${n(size)} bytes) into the ${database.kind} database at ${database.location}: import #${id}`);
      },
      onProgress: (p) => {
        last = p;
        bar.update(p);
      },
      onRow: (r) => {
        if (reportFd !== null) fs.writeSync(reportFd, `${csvLine([String(r.row), r.outcome, r.reason])}\n`);
        else if (r.outcome === 'rejected') {
          if (printed < TERMINAL_REFUSALS) bar.log(`  ${where} ${r.row}: ${r.reason}`);
          else if (printed === TERMINAL_REFUSALS) bar.log(`  … more refused rows: run with --report <file> to have every one`);
          printed++;
        }
      },
    });
    bar.stop();
    const seconds = (Date.now() - started) / 1000;
    const updated = result.updated !== undefined ? `, ${n(result.updated)} updated` : '';
    console.log(
      `Done (import #${result.importId}): ${n(result.read)} read, ${n(result.inserted)} inserted${updated}, ${n(result.duplicates)} duplicates, ${n(result.rejectedCount)} refused in ${seconds.toFixed(1)} s (${n(Math.round(result.read / Math.max(seconds, 0.001)))} rows/s, peak memory ${peakMemoryMb()} MB).`,
    );
    if (args.report) console.log(`Report of every refused and duplicate row: ${path.resolve(base, args.report)}`);
    if (result.format === 'opentdb' && result.inserted > 0) {
      console.log('Open Trivia DB questions are CC BY-SA 4.0: credit "Open Trivia Database (https://opentdb.com), CC BY-SA 4.0" where they are shown.');
    }
    return 0;
  } catch (error) {
    bar.stop();
    if (!(error instanceof ContentFileError) && !(error instanceof ImportInterrupted)) throw error;
    const so = last as ImportProgress | null;
    const done = so ? ` (stored so far: ${n(so.inserted)} inserted, ${n(so.duplicates)} duplicates, ${n(so.rejected)} refused of ${n(so.read)} read)` : '';
    console.error(`${error instanceof ImportInterrupted ? 'Import' : `Cannot import ${filePath}`}: ${error.message}${done}`);
    return 1;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    if (reportFd !== null) fs.closeSync(reportFd);
    await database.close();
  }
}

runCommand(USAGE, parseArgs, main);
