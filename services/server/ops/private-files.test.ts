/**
 * Players' data at rest is the server user's alone (services/server/ops/private-files.ts): a new
 * DATA_DIR and its embedded database, whatever the umask; a warning for a DATA_DIR others can
 * enter; owner-only writes that refuse a folder others can write into.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openConfiguredDatabase } from '@/services/server/db/open-configured';
import { assertPrivateFolder, dataDirWarning, ensurePrivateDir, tightenTree, writePrivateFile } from '@/services/server/ops/private-files';
import { libpqConnection } from '@/services/server/db/transfer/pg-dump';

jest.setTimeout(60_000);

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-private-'));
let umask: number;

beforeEach(() => {
  // The loosest umask there is: what the code keeps private, it keeps private by itself.
  umask = process.umask(0);
});
afterEach(() => {
  process.umask(umask);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const mode = (file: string) => fs.statSync(file).mode & 0o777;

function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const walk = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.mode & 0o077) open.push(`${path.relative(dir, entry) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const child of fs.readdirSync(entry)) walk(path.join(entry, child));
  };
  walk(dir);
  return open;
}

test('a fresh DATA_DIR and its embedded database are the server user\'s alone, and stay so after writes', async () => {
  const dataDir = path.join(root, 'fresh', 'data');
  const database = await openConfiguredDatabase({ databaseUrl: undefined, dataDir });
  try {
    expect(mode(dataDir)).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    // New relation files, written while it runs: the same after the close.
    await database.db.execute('CREATE TABLE private_check (id int PRIMARY KEY, note text)' as never);
    await database.db.execute("INSERT INTO private_check SELECT g, repeat('x', 200) FROM generate_series(1, 5000) g" as never);
  } finally {
    await database.close();
  }
  expect(openToOthers(dataDir)).toEqual([]);
  expect(fs.readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(10);
});

test('a DATA_DIR that others can enter is kept as it is and named in a warning', () => {
  const open = path.join(root, 'open');
  fs.mkdirSync(open);
  fs.chmodSync(open, 0o755);
  const result = ensurePrivateDir(open);
  expect(result).toEqual({ created: false, openToOthers: '0755' });
  expect(dataDirWarning(open, result.openToOthers)).toBe(
    `DATA_DIR ${open} is open to other users (mode 0755): it holds the database, every password hash and the key that signs sign-ins. Make it the server user's alone: chmod 700 ${open}`,
  );
  expect(dataDirWarning(open, ensurePrivateDir(path.join(root, 'closed')).openToOthers)).toBeNull();
  expect(mode(path.join(root, 'closed'))).toBe(0o700);
});

test('tightenTree takes group and others off every file and directory, the owner keeping what it had', () => {
  const tree = path.join(root, 'tree');
  fs.mkdirSync(path.join(tree, 'a', 'b'), { recursive: true, mode: 0o777 });
  fs.writeFileSync(path.join(tree, 'a', 'b', 'f'), 'x', { mode: 0o666 });
  fs.writeFileSync(path.join(tree, 'run.sh'), 'x', { mode: 0o755 });
  fs.writeFileSync(path.join(tree, 'ok'), 'x', { mode: 0o600 });
  expect(tightenTree(tree)).toBe(5);
  expect([tree, path.join(tree, 'a'), path.join(tree, 'a', 'b')].map(mode)).toEqual([0o700, 0o700, 0o700]);
  expect([path.join(tree, 'a', 'b', 'f'), path.join(tree, 'run.sh'), path.join(tree, 'ok')].map(mode)).toEqual([0o600, 0o700, 0o600]);
  expect(tightenTree(tree)).toBe(0);
});

test('private files are 0600 under any umask, and never written into a folder others can write into', () => {
  const folder = path.join(root, 'backups');
  assertPrivateFolder(folder, 'The backup');
  expect(mode(folder)).toBe(0o700);
  writePrivateFile(path.join(folder, 'b.json'), '{}');
  expect(mode(path.join(folder, 'b.json'))).toBe(0o600);

  const shared = path.join(root, 'shared');
  fs.mkdirSync(shared);
  fs.chmodSync(shared, 0o1777);
  expect(() => assertPrivateFolder(shared, 'The backup')).toThrow(`The backup would be written into ${shared}, which other users can write into (mode 1777); nothing was written.`);
});

test("pg_dump and pg_restore get a URL's password in their environment, never on their command line", () => {
  const { arg, env } = libpqConnection('postgres://quiz:s%40cret@db.internal:5432/quiz_arena', {} as NodeJS.ProcessEnv);
  expect(arg).toBe('--dbname=postgres://quiz@db.internal:5432/quiz_arena');
  expect(env).toEqual({ PGPASSWORD: 's@cret' });
  expect(libpqConnection('postgres://quiz@db/q', { A: '1' } as unknown as NodeJS.ProcessEnv)).toEqual({ arg: '--dbname=postgres://quiz@db/q', env: { A: '1' } });
});
