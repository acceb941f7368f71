/**
 * A new embedded data directory is made from the build's empty cluster, not by PGlite's initdb
 * (services/server/db/pglite-template.ts, decision 054): on the main thread and on the database's
 * own thread, and only where no database is yet and the template is the installed PGlite's.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, rowsOf, type Database } from '@/services/server/db/client';
import { installedPgliteVersion, pgliteTemplateFor } from '@/services/server/db/pglite-template';

jest.setTimeout(120_000);

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-template-'));
const at = { file: path.join(root, 'made', 'pglite-template.tar.gz'), stamp: path.join(root, 'made', 'pglite-template.json') };

beforeAll(() => {
  // The build's own script, into a directory of the test's.
  const made = spawnSync(process.execPath, ['scripts/make-pglite-template.mjs', path.dirname(at.file)], { encoding: 'utf8' });
  expect(made.stderr).toBe('');
  expect(made.status).toBe(0);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The cluster's identity: initdb draws a new one each time; a copy keeps its template's. */
async function systemIdentifier(database: Database): Promise<string> {
  const [row] = rowsOf<{ id: string }>(await database.db.execute(sql`select system_identifier::text as id from pg_control_system()`));
  return row!.id;
}

async function openNew(name: string, options: { pgliteThread?: boolean; template?: typeof at } = {}): Promise<{ id: string; database: Database }> {
  const database = await openDatabase({ dataDir: path.join(root, name), pgliteThread: options.pgliteThread, pgliteTemplate: options.template ?? at });
  return { id: await systemIdentifier(database), database };
}

describe('which template a directory gets', () => {
  test('the template, for a directory without a database, when the installed PGlite made it', () => {
    expect(pgliteTemplateFor(path.join(root, 'nothing-yet'), at)).toBe(at.file);
  });

  test('none for a directory that holds a database', () => {
    const dir = path.join(root, 'has-one');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(pgliteTemplateFor(dir, at)).toBeNull();
  });

  test('none when another PGlite version made it, or when it is missing', () => {
    const other = { file: at.file, stamp: path.join(root, 'other.json') };
    fs.writeFileSync(other.stamp, JSON.stringify({ pglite: '0.0.1' }));
    expect(installedPgliteVersion()).not.toBe('0.0.1');
    expect(pgliteTemplateFor(path.join(root, 'nothing-yet'), other)).toBeNull();
    expect(pgliteTemplateFor(path.join(root, 'nothing-yet'), { file: path.join(root, 'missing.tar.gz'), stamp: at.stamp })).toBeNull();
  });
});

describe('a new data directory', () => {
  test('is a copy of the template on either thread, migrates and keeps its rows; without a template it gets a cluster of its own', async () => {
    const first = await openNew('a');
    const second = await openNew('b', { pgliteThread: true });
    const own = await openNew('c', { template: { file: path.join(root, 'missing.tar.gz'), stamp: at.stamp } });
    try {
      expect(second.id).toBe(first.id);
      expect(own.id).not.toBe(first.id);
      await migrateDatabase(first.database);
      await first.database.db.execute(sql`insert into languages (language, code, status) values ('Test', 'tt', true)`);
    } finally {
      await Promise.all([first.database.close(), second.database.close(), own.database.close()]);
    }
    // Opened again: the same database, with its rows, not a new copy.
    const again = await openDatabase({ dataDir: path.join(root, 'a'), pgliteTemplate: at });
    try {
      expect(await systemIdentifier(again)).toBe(first.id);
      expect(rowsOf<{ n: number }>(await again.db.execute(sql`select count(*)::int as n from languages where code = 'tt'`))[0]!.n).toBe(1);
    } finally {
      await again.close();
    }
  });
});
