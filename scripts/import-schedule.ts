/**
 * `npm run import:schedule -- <file.json>`: loads contests and exams from a schedule file into the
 * configured database (format: docs/content.md, "Contests and exams"). Contests and exams whose
 * `key` is stored already are kept as they are. A file with an error is refused whole, naming the
 * place of the error; exit code 1 then, 2 for a wrong command line.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { readConfig } from '@/services/server/config';
import { openConfiguredDatabase } from '@/services/server/api-runtime';
import { ContentFileError } from '@/services/server/content/content-row';
import { loadSchedule, parseScheduleFile } from '@/services/server/content/schedule';
import { runMain } from './support/run-main';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error('usage: npm run import:schedule -- <file.json>');
    return 2;
  }
  const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  let data: unknown;
  try {
    data = JSON.parse(await fs.readFile(filePath, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(`Cannot read ${filePath}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    return 1;
  }
  let file;
  try {
    file = parseScheduleFile(path.basename(filePath), data);
  } catch (error) {
    if (!(error instanceof ContentFileError)) throw error;
    console.error(`Cannot import ${error.message}`);
    return 1;
  }
  const database = await openConfiguredDatabase(readConfig());
  try {
    const report = await loadSchedule(database.db, file);
    console.log(`Imported ${filePath} into the ${database.kind} database at ${database.location}`);
    console.log(`  contests: ${report.contests.inserted} added, ${report.contests.kept} already there (kept)`);
    console.log(`  exams:    ${report.exams.inserted} added, ${report.exams.kept} already there (kept)`);
    return 0;
  } finally {
    await database.close();
  }
}

runMain(main);
