/**
 * `npm run import -- <file> [--language en] [--format opentdb|csv|content]`: imports a question
 * file into the configured database (docs/content.md): Open Trivia DB JSON, our CSV (a mode per
 * row), or a content file (our JSON: every kind, fun-and-learn items included). Prints the counts and every rejected
 * row with its reason. Exit code 1 when the file cannot be read (missing, not of the format) or the
 * database cannot be opened (e.g. the running server holds the embedded database).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { readConfig } from '@/services/server/config';
import { ContentFileError } from '@/services/server/content/content-row';
import { openConfiguredDatabase } from '@/services/server/api-runtime';
import { IMPORT_FORMATS, importContent, prepareImport, type ImportFormat, type PreparedImport } from '@/services/server/content/import';
import { runMain } from './support/run-main';

const USAGE = 'usage: npm run import -- <file> [--language en] [--format opentdb|csv|content]';

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): { file: string; language: string; format?: ImportFormat } {
  let file: string | undefined;
  let language = 'en';
  let format: ImportFormat | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') ? (arg.split(/=(.*)/s, 2) as [string, string | undefined]) : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === '--language') language = value();
    else if (flag === '--format') {
      const v = value();
      if (!IMPORT_FORMATS.includes(v as ImportFormat)) throw new UsageError(`unknown format "${v}" (${IMPORT_FORMATS.join(' or ')})`);
      format = v as ImportFormat;
    } else if (flag === '--help' || flag === '-h') throw new UsageError('');
    else if (flag.startsWith('-')) throw new UsageError(`unknown option ${flag}`);
    else if (file === undefined) file = arg;
    else throw new UsageError(`only one file at a time (got ${file} and ${arg})`);
  }
  if (!file) throw new UsageError('no file given');
  return { file, language, format };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) console.error(error.message);
      console.error(USAGE);
      return 2;
    }
    throw error;
  }
  // npm runs scripts from the project root; a relative path means the directory npm was run from.
  const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.file);
  let text: string;
  try {
    text = await fs.readFile(filePath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    console.error(`Cannot read ${filePath}: ${why}`);
    return 1;
  }
  const started = Date.now();
  let prepared: PreparedImport;
  try {
    prepared = prepareImport({ fileName: filePath, text, format: args.format, language: args.language });
  } catch (error) {
    if (!(error instanceof ContentFileError)) throw error;
    console.error(`Cannot import ${filePath}: ${error.message}`);
    return 1;
  }
  const { format } = prepared;
  const parsedAt = Date.now();

  const config = readConfig();
  const database = await openConfiguredDatabase(config);
  const close = () => database.close();
  const openedAt = Date.now();
  try {
    console.log(`Importing ${filePath} (${format}, language ${args.language}) into the ${database.kind} database at ${database.location}`);
    const result = await importContent(database.db, prepared);
    const s = (ms: number) => (ms / 1000).toFixed(2);
    const timing = `parse ${s(parsedAt - started)} s, open and migrate ${s(openedAt - parsedAt)} s, import ${s(Date.now() - openedAt)} s`;
    console.log(`  read:       ${result.read}`);
    console.log(`  inserted:   ${result.inserted}`);
    if (result.updated !== undefined) console.log(`  updated:    ${result.updated}`);
    console.log(`  duplicates: ${result.duplicates}`);
    console.log(`  rejected:   ${result.rejected.length}`);
    const where = format === 'csv' ? 'line' : 'row';
    for (const r of result.rejected) console.log(`    ${where} ${r.row}: ${r.reason}`);
    console.log(`Done (import #${result.importId}): ${timing}.`);
    if (format === 'opentdb' && result.inserted > 0) {
      console.log('Open Trivia DB questions are CC BY-SA 4.0: credit "Open Trivia Database (https://opentdb.com), CC BY-SA 4.0" where they are shown.');
    }
    return 0;
  } finally {
    await close();
  }
}

runMain(main);
