/**
 * npm run db:move, backup and restore as an operator runs them (the real commands, in child
 * processes), on the demo data plus a generated population: both ways between the embedded
 * database and PostgreSQL, a backup restored into a fresh data directory, and the refusals (a
 * target that is not empty, a newer schema, a file cut short) that must leave nothing written.
 * The PostgreSQL half needs TEST_DATABASE_URL (set by .ci/run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { openPgliteSession, openPostgresSession, type SqlSession } from '@/services/server/db/transfer/session';
import { compareSummaries, summarize, type DatabaseSummary } from '@/services/server/db/transfer/summary';
import { codeSchemaVersion } from '@/services/server/db/transfer/schema-version';
import { pgDumpUnusable } from '@/services/server/db/transfer/pg-dump';
import { populatedDataDir } from '@/bench/move/population';

jest.setTimeout(180_000);

const PLAYERS = 2000;
const base = process.env.TEST_DATABASE_URL;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-transfer-'));
const sourceDir = path.join(root, 'source');
const createdDatabases: string[] = [];
let sourceSummary: DatabaseSummary;

/**
 * Runs a command as an operator types it: from the app's folder (as npm does) with INIT_CWD the
 * folder it was typed in, and a umask of 000, so that only the command itself keeps what it writes
 * from other users.
 */
function run(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync('/bin/sh', ['-c', 'umask 000 && exec "$@"', 'sh', process.execPath, '--import', 'tsx', path.join('scripts', script), ...args], {
    cwd: process.cwd(),
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: path.join(root, 'unused'), DATABASE_URL: '', INIT_CWD: root, ...env },
    timeout: 170_000,
  });
  return { code: result.status, out: `${result.stdout}\n${result.stderr}` };
}

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** Files and directories under `dir` that group or others can read, write or enter. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const walk = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.mode & 0o077) open.push(`${path.relative(root, entry)} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const child of fs.readdirSync(entry)) walk(path.join(entry, child));
  };
  walk(dir);
  return open;
}

async function newDatabase(): Promise<string> {
  const name = `qa_move_${process.pid}_${createdDatabases.length}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  createdDatabases.push(name);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withSession<T>(open: () => Promise<SqlSession>, work: (s: SqlSession) => Promise<T>): Promise<T> {
  const session = await open();
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

const embedded = (dataDir: string) => () => openPgliteSession({ dir: path.join(dataDir, 'pglite') });

function expectEqualTo(summary: DatabaseSummary) {
  const comparison = compareSummaries(sourceSummary, summary);
  expect(comparison.lines.filter((l) => !l.equal)).toEqual([]);
  expect(comparison.warnings).toEqual([]);
}

beforeAll(async () => {
  // The demo content through the server's own seeding, then players with coin histories.
  sourceSummary = await withSession(() => populatedDataDir(sourceDir, PLAYERS), summarize);
});

afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  if (!base || createdDatabases.length === 0) return;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (const name of createdDatabases) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
});

test('the source holds the demo data and the generated players, balances equal to their ledgers', () => {
  expect(Number(sourceSummary.coins.players)).toBeGreaterThanOrEqual(PLAYERS);
  expect(Number(sourceSummary.tables.coin_ledger!.rows)).toBe(PLAYERS * 8);
  expect(Number(sourceSummary.tables.questions!.rows)).toBeGreaterThan(1000);
  expect(sourceSummary.coins.mismatched).toBe('0');
  expect(sourceSummary.leaderboards.all_time!.listed).toBe(sourceSummary.leaderboards.all_time!.counted);
  expect(Number(sourceSummary.leaderboards.daily!.rows)).toBe(PLAYERS / 5);
});

test('a backup of the embedded database restores equal into a fresh data directory, and not over it again', async () => {
  const file = path.join(root, 'embedded.qab');
  const backup = run('backup.ts', [file, '--from', sourceDir]);
  expect(backup.out).toContain(`Backed up ${Object.values(sourceSummary.tables).reduce((n, t) => n + Number(t.rows), 0)} rows`);
  expect(backup.code).toBe(0);
  expect(fs.existsSync(`${file}.partial`)).toBe(false);
  // It holds every password hash and the key that signs sign-ins: its owner's alone.
  expect(modeOf(file)).toBe('600');

  // A relative path is the folder the command was typed in (INIT_CWD), not the app's folder.
  const restore = run('restore.ts', ['embedded.qab', '--to', 'restored']);
  const fresh = path.join(root, 'restored');
  expect(restore.out).toMatch(/All \d+ figures are equal/);
  expect(restore.code).toBe(0);
  // The moment the backup goes back to is its snapshot's, not the time the file was written.
  const header = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')[1]!.slice(2)) as { snapshotAt: string };
  expect(restore.out).toContain(`as it was at ${header.snapshotAt.replace('T', ' ').replace(/\.\d+Z$/, '')} UTC`);
  expect(openToOthers(fresh)).toEqual([]);
  expect(modeOf(fresh)).toBe('700');
  expectEqualTo(await withSession(embedded(fresh), summarize));

  const again = run('restore.ts', [file, '--to', fresh]);
  expect(again.code).toBe(1);
  expect(again.out).toContain('is not empty');
  expectEqualTo(await withSession(embedded(fresh), summarize));

  // The comparison sees one coin moved outside the ledger, in the checksum and the ledger check.
  const changed = await withSession(embedded(fresh), async (s) => {
    await s.exec(`UPDATE users SET coins = coins + 1 WHERE id = (SELECT max(id) FROM users)`);
    return summarize(s);
  });
  const comparison = compareSummaries(sourceSummary, changed);
  expect(comparison.lines.filter((l) => !l.equal).map((l) => l.what)).toEqual(['users: checksum', 'coins: sum of balances', 'coins: balances not equal to their ledger']);
  expect(comparison.warnings).toEqual(["target: 1 player(s) whose balance is not their ledger's"]);
});

test('a backup of a newer schema is refused before anything is written', async () => {
  const file = path.join(root, 'embedded.qab');
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
  const header = JSON.parse(lines[1]!.slice(2)) as { schema: { when: number } };
  header.schema = { ...codeSchemaVersion(), when: codeSchemaVersion().when + 1000, tag: '9999_from_the_future' } as never;
  lines[1] = `H ${JSON.stringify(header)}`;
  const newer = path.join(root, 'newer.qab');
  fs.writeFileSync(newer, zlib.gzipSync(lines.join('\n')));

  const target = path.join(root, 'newer-target');
  const restore = run('restore.ts', [newer, '--to', target]);
  expect(restore.code).toBe(1);
  expect(restore.out).toContain('has a newer schema');
  // Refused from the file alone: no data directory was made.
  expect(fs.existsSync(target)).toBe(false);
});

test('a backup cut short is refused and leaves the target empty', async () => {
  const file = path.join(root, 'embedded.qab');
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
  expect(lines[lines.length - 1]).toMatch(/^E /);
  const cut = path.join(root, 'cut.qab');
  fs.writeFileSync(cut, zlib.gzipSync(lines.slice(0, -3).join('\n') + '\n'));

  const target = path.join(root, 'cut-target');
  const restore = run('restore.ts', [cut, '--to', target]);
  expect(restore.code).toBe(1);
  expect(restore.out).toContain('is incomplete');
  // The data directory the restore began is removed again.
  expect(fs.existsSync(target)).toBe(false);

  // A file cut inside its compressed stream (a copy that stopped) names the file and says nothing was restored.
  const gz = fs.readFileSync(file);
  const torn = path.join(root, 'torn.qab');
  fs.writeFileSync(torn, gz.subarray(0, Math.floor(gz.length / 2)));
  const tornTarget = path.join(root, 'torn-target');
  const tornRestore = run('restore.ts', [torn, '--to', tornTarget]);
  expect(tornRestore.code).toBe(1);
  expect(tornRestore.out).toContain(`${torn} is cut short`);
  expect(tornRestore.out).toContain('nothing was restored');
  expect(fs.existsSync(tornTarget)).toBe(false);

  // Into an existing data directory without a database: its pglite/ goes, the directory stays.
  const existing = path.join(root, 'existing-target');
  fs.mkdirSync(existing, { mode: 0o700 });
  fs.writeFileSync(path.join(existing, 'keep.txt'), 'an operator\'s file');
  expect(run('restore.ts', [cut, '--to', existing]).code).toBe(1);
  expect(fs.readdirSync(existing)).toEqual(['keep.txt']);
});

test('a backup is refused in a folder other users can write into, and nothing is written there', () => {
  for (const mode of [0o777, 0o1777, 0o775]) {
    const folder = path.join(root, `shared-${mode.toString(8)}`);
    fs.mkdirSync(folder);
    fs.chmodSync(folder, mode);
    const backup = run('backup.ts', [path.join(folder, 'b.qab'), '--from', sourceDir]);
    expect(backup.code).toBe(1);
    expect(backup.out).toContain('which other users can write into');
    expect(backup.out).toContain('nothing was written');
    expect(fs.readdirSync(folder)).toEqual([]);
  }
});

test('a move stopped before its rows were committed is finished by running it again into the same directory', async () => {
  const target = path.join(root, 'stopped-move');
  // Started, then killed as soon as its target database exists (initdb or the copy under way).
  const child = spawn('/bin/sh', ['-c', 'umask 000 && exec "$@"', 'sh', process.execPath, '--import', 'tsx', path.join('scripts', 'db-move.ts'), '--from', sourceDir, '--to', target], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: '', INIT_CWD: root },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  for (let i = 0; i < 600 && !fs.existsSync(path.join(target, 'pglite', 'base')); i++) await new Promise((r) => setTimeout(r, 50));
  child.kill('SIGKILL');
  await exited;
  expect(fs.existsSync(path.join(target, 'pglite', '.qa-incomplete'))).toBe(true);

  const again = run('db-move.ts', ['--from', sourceDir, '--to', target]);
  expect(again.out).toContain('left unfinished by a move or restore that stopped');
  expect(again.out).toMatch(/All \d+ figures are equal/);
  expect(again.code).toBe(0);
  expect(fs.existsSync(path.join(target, 'pglite', '.qa-incomplete'))).toBe(false);
  expectEqualTo(await withSession(embedded(target), summarize));
  expect(openToOthers(target)).toEqual([]);
});

const withPostgres = base ? describe : describe.skip;

withPostgres('with PostgreSQL (TEST_DATABASE_URL)', () => {
  let moved: string;

  test('db:move takes the embedded database to PostgreSQL and back, every figure equal', async () => {
    moved = await newDatabase();
    // The URL from the environment (env:NAME): no password on the command line.
    const there = run('db-move.ts', ['--from', sourceDir, '--to', 'env:QA_MOVE_TARGET'], { QA_MOVE_TARGET: moved });
    expect(there.out).toMatch(/All \d+ figures are equal/);
    expect(there.code).toBe(0);
    expectEqualTo(await withSession(() => openPostgresSession(moved), summarize));

    const back = path.join(root, 'back');
    const home = run('db-move.ts', ['--from', moved, '--to', back]);
    expect(home.out).toMatch(/All \d+ figures are equal/);
    expect(home.code).toBe(0);
    expectEqualTo(await withSession(embedded(back), summarize));
  });

  test('db:move refuses a target that is not empty and writes nothing into it', async () => {
    const before = await withSession(() => openPostgresSession(moved), summarize);
    const refused = run('db-move.ts', ['--from', sourceDir, '--to', moved]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is not empty');
    expect(refused.out).toContain('nothing was written');
    expect(compareSummaries(before, await withSession(() => openPostgresSession(moved), summarize)).equal).toBe(true);
  });

  test('a PostgreSQL backup (pg_dump when usable) restores equal into a new database', async () => {
    const file = path.join(root, 'postgres.backup');
    const backup = run('backup.ts', [file, '--from', moved]);
    expect(backup.code).toBe(0);
    const why = await withSession(() => openPostgresSession(moved), pgDumpUnusable);
    expect(backup.out).toContain(why === null ? 'with pg_dump' : "Quiz Arena's own format");
    expect(modeOf(file)).toBe('600');
    if (why === null) {
      expect(modeOf(`${file}.json`)).toBe('600');
      // A pg_dump file is refused for an embedded target at once, before any directory is made.
      const embeddedTarget = path.join(root, 'pg-dump-into-embedded');
      const refused = run('restore.ts', [file, '--to', embeddedTarget]);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('is a pg_dump file, which restores into PostgreSQL only');
      // No embedded database was created to find out (it was, for 17 s and 862 MB, before).
      expect(fs.existsSync(embeddedTarget)).toBe(false);
    }

    const target = await newDatabase();
    const restore = run('restore.ts', [file, '--to', target]);
    expect(restore.out).toMatch(/All \d+ figures are equal/);
    expect(restore.code).toBe(0);
    expectEqualTo(await withSession(() => openPostgresSession(target), summarize));
  });

  test("Quiz Arena's own format goes from PostgreSQL into the embedded database", async () => {
    const file = path.join(root, 'postgres.qab');
    expect(run('backup.ts', [file, '--from', moved, '--format', 'quiz-arena']).code).toBe(0);
    const target = path.join(root, 'from-postgres');
    const restore = run('restore.ts', [file, '--to', target]);
    expect(restore.code).toBe(0);
    expectEqualTo(await withSession(embedded(target), summarize));
  });
});
