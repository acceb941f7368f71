/**
 * Importing question banks of any size (issue 32): generated CSV banks (bench/import/bank.ts) of
 * 50,000, 500,000 and 2,000,000 rows through `npm run import` in a child process, on the embedded
 * database and on PostgreSQL, each timed with the peak memory the command reports; then a 500,000
 * row import killed with SIGKILL half-way and run again (every row must end up stored once); then
 * the console's import of the 500,000-row bank in a running server while a player's hot call
 * (get_categories) is made without pause: its p50 / p99 / max before and during the import.
 *
 *   npm run bench:import                  (BENCH_IMPORT_SIZES=50000,500000,2000000;
 *                                           BENCH_IMPORT_ENGINES=pglite,postgres; PostgreSQL from
 *                                           DATABASE_URL or TEST_DATABASE_URL, else
 *                                           postgres://postgres@127.0.0.1:5432/test)
 *
 * Targets: peak memory under 300 MB at every size on both engines; the resumed import ends with
 * every row stored once. The bench exits 1 when one is missed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { eq, sql } from 'drizzle-orm';
import { freshBenchDatabase } from '@/bench/support/database';
import { writeBank, type BankShape } from '@/bench/import/bank';
import { hashToken } from '@/services/server/accounts/sessions';
import { createAppServices } from '@/services/server/app-services';
import { readConfig } from '@/services/server/config';
import { seedDatabase } from '@/services/server/content/seed';
import { migrateDatabase, openDatabase, type Database } from '@/services/server/db/client';
import { questions, sessions, users } from '@/services/server/db/schema';
import { createGateway } from '@/services/server/gateway/gateway';
import { createRegistry } from '@/services/server/endpoints/registry';
import { importsSettled } from '@/services/server/operators/import-jobs';

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '50000,500000,2000000').split(',').map(Number);
const ENGINES = (process.env.BENCH_IMPORT_ENGINES ?? 'pglite,postgres').split(',');
const PG = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const MEMORY_TARGET_MB = 300;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-import-'));

interface Target {
  env: Record<string, string>;
  drop: () => Promise<void>;
}

/** A database with the demo content (PGlite: created by a first command, so the import's peak is not the engine's first start). */
async function target(engine: string, tag: string): Promise<Target> {
  if (engine === 'postgres') {
    const fresh = await freshBenchDatabase(PG, `qa_bench_import_${tag}`);
    const env = { DATABASE_URL: fresh.url, DATA_DIR: path.join(work, 'unused') };
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { env: { ...process.env, ...env }, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
    return { env, drop: fresh.drop };
  }
  const dir = path.join(work, `data-${tag}`);
  const env = { DATABASE_URL: '', DATA_DIR: dir };
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  return { env, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** `npm run import` as the package script runs it (its Node flags included). */
function importArgs(file: string): string[] {
  const script = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.import as string;
  const flags = script.split(' ').filter((w) => w.startsWith('--') && w !== '--import');
  return [...flags, '--import', 'tsx', 'scripts/import.ts', file, '--report', `${file}.report.csv`];
}

interface Done {
  read: number;
  inserted: number;
  duplicates: number;
  refused: number;
  seconds: number;
  peakMb: number;
}

function parseDone(out: string): Done | null {
  const m = /Done \(import #\d+\): ([\d,]+) read, ([\d,]+) inserted, ([\d,]+) duplicates, ([\d,]+) refused in ([\d.]+) s \([\d,]+ rows\/s, peak memory (\d+) MB\)/.exec(out);
  if (!m) return null;
  const n = (s: string) => Number(s.replace(/,/g, ''));
  return { read: n(m[1]!), inserted: n(m[2]!), duplicates: n(m[3]!), refused: n(m[4]!), seconds: Number(m[5]), peakMb: Number(m[6]) };
}

function runImport(file: string, env: Record<string, string>): Done {
  const result = spawnSync(process.execPath, importArgs(file), { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const done = parseDone(result.stdout);
  if (result.status !== 0 || !done) throw new Error(`import failed (${result.status}):\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`);
  return done;
}

async function bank(rows: number): Promise<{ file: string; shape: BankShape }> {
  const file = path.join(work, `bank-${rows}.csv`);
  const shape = await writeBank(file, rows);
  return { file, shape };
}

const expectedStored = (shape: BankShape) => shape.rows - shape.broken - shape.repeated;

async function countQuestions(env: Record<string, string>): Promise<number> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR! });
  try {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(questions).where(eq(questions.source, 'csv'));
    return Number(row!.n);
  } finally {
    await database.close();
  }
}

/** Kills the import with SIGKILL once it has stored about half the file, then runs it again. */
async function killAndResume(file: string, shape: BankShape, engine: string) {
  const t = await target(engine, 'resume');
  try {
    const child = spawn(process.execPath, importArgs(file), { env: { ...process.env, ...t.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    const killedAfter = await new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const half = (expectedStored(shape) / 2) * 0.9;
      const timer = setInterval(async () => {
        try {
          const database = await openStatusReader(t.env);
          const stored = database ? await database() : 0;
          if (stored >= half) {
            clearInterval(timer);
            child.kill('SIGKILL');
            resolve((Date.now() - started) / 1000);
          }
        } catch (error) {
          clearInterval(timer);
          reject(error);
        }
      }, 500);
      child.on('exit', () => clearInterval(timer));
    });
    await new Promise((resolve) => child.on('exit', resolve));
    const before = await countQuestions(t.env);
    const again = runImport(file, t.env);
    const after = await countQuestions(t.env);
    return { killedAfter, before, again, after, expected: expectedStored(shape), out };
  } finally {
    await t.drop();
  }
}

/**
 * How far an import in another process has got, without disturbing it: PostgreSQL is asked; the
 * embedded database cannot be opened beside its writer, so its progress is read from the
 * command's report file (a row is written there only once decided, after its batch).
 */
async function openStatusReader(env: Record<string, string>): Promise<(() => Promise<number>) | null> {
  if (!env.DATABASE_URL) return null;
  return async () => {
    const client = new (await import('pg')).default.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const r = await client.query(`select coalesce(sum(inserted), 0)::int as n from content_imports`);
      return Number(r.rows[0].n);
    } finally {
      await client.end();
    }
  };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

/** The console's import in a server on the embedded database (PGlite on its thread, as the server runs it), with a hot call made without pause. */
async function hotCallDuringImport(file: string, shape: BankShape) {
  const dir = path.join(work, 'data-server');
  const database: Database = await openDatabase({ dataDir: dir, pgliteThread: true });
  const server = http.createServer();
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { rootDir: process.cwd() });
    const db = database.db;
    const [editor] = await db.insert(users).values({ firebaseId: 'bench-import-editor', name: 'Bench editor', role: 'editor' }).returning({ id: users.id });
    const [player] = await db.insert(users).values({ firebaseId: 'bench-import-player', name: 'Bench player' }).returning({ id: users.id });
    const token = async (userId: number) => {
      const t = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({ tokenHash: hashToken(t), userId, expiresAt: new Date(Date.now() + 3_600_000) });
      return t;
    };
    const editorToken = await token(editor!.id);
    const playerToken = await token(player!.id);
    const app = createAppServices(database, { ...readConfig({}, []), dataDir: dir }, pino({ level: 'error' }, process.stderr));
    const gateway = createGateway(createRegistry(), app, pino({ level: 'error' }, process.stderr));
    server.on('request', (req, res) => void gateway.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const hot = async () => {
      const started = performance.now();
      const res = await fetch(`${url}/api/get_categories`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${playerToken}` }, body: JSON.stringify({ type: '1' }) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`get_categories: ${res.status}`);
      return performance.now() - started;
    };
    const sample = async (until: () => boolean) => {
      const out: number[] = [];
      while (!until()) out.push(await hot());
      return out.sort((a, b) => a - b);
    };
    // Quiet: 10 seconds of the hot call alone.
    const quietEnd = Date.now() + 10_000;
    const quiet = await sample(() => Date.now() > quietEnd);

    const form = new FormData();
    form.set('language', 'en');
    form.set('file', new Blob([fs.readFileSync(file)]), path.basename(file));
    const started = Date.now();
    const answer = await fetch(`${url}/api/admin_import`, { method: 'POST', headers: { authorization: `Bearer ${editorToken}` }, body: form });
    const run = ((await answer.json()) as { data: { import_id: number; status: string } }).data;
    if (answer.status !== 200) throw new Error(`admin_import: ${answer.status} ${JSON.stringify(run)}`);
    let finished = false;
    const settled = importsSettled().then(() => (finished = true));
    const during = await sample(() => finished);
    await settled;
    const seconds = (Date.now() - started) / 1000;
    const [stored] = await db.select({ n: sql<number>`count(*)::int` }).from(questions).where(eq(questions.source, 'csv'));
    return { quiet, during, seconds, stored: Number(stored!.n), expected: expectedStored(shape) };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  let failed = false;
  console.log(`bench/import on ${os.cpus()[0]?.model ?? 'this CPU'} × ${os.cpus().length}, Node ${process.version}`);
  const rows: string[] = [];
  const banks = new Map<number, Awaited<ReturnType<typeof bank>>>();
  for (const size of SIZES) {
    const b = await bank(size);
    banks.set(size, b);
    const mb = (fs.statSync(b.file).size / 1048576).toFixed(0);
    console.log(`bank of ${size.toLocaleString('en')} rows: ${mb} MB (${b.shape.twoOption.toLocaleString('en')} two-option, ${b.shape.broken.toLocaleString('en')} broken, ${b.shape.repeated.toLocaleString('en')} repeated)`);
    for (const engine of ENGINES) {
      const t = await target(engine, `${engine}_${size}`);
      try {
        const done = runImport(b.file, t.env);
        const stored = await countQuestions(t.env);
        const right = stored === expectedStored(b.shape) && done.refused === b.shape.broken && done.duplicates === b.shape.repeated;
        const under = done.peakMb < MEMORY_TARGET_MB;
        if (!right || !under) failed = true;
        rows.push(
          `| ${size.toLocaleString('en')} | ${engine} | ${done.seconds.toFixed(1)} s | ${Math.round(done.read / done.seconds).toLocaleString('en')} | ${done.peakMb} MB${under ? '' : ' (over 300)'} | ${stored.toLocaleString('en')} stored, ${done.duplicates.toLocaleString('en')} duplicates, ${done.refused.toLocaleString('en')} refused${right ? '' : ' (WRONG)'} |`,
        );
        console.log(rows.at(-1));
      } finally {
        await t.drop();
      }
    }
  }
  console.log('\n| rows | engine | time | rows/s | peak memory | outcome |\n|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);

  const resumeSize = SIZES.includes(500_000) ? 500_000 : SIZES[0]!;
  if (ENGINES.includes('postgres')) {
    const b = banks.get(resumeSize)!;
    const r = await killAndResume(b.file, b.shape, 'postgres');
    const once = r.after === r.expected && r.again.inserted === r.expected - r.before;
    if (!once) failed = true;
    console.log(
      `\nkill -9 half-way (PostgreSQL, ${resumeSize.toLocaleString('en')} rows): killed after ${r.killedAfter.toFixed(1)} s with ${r.before.toLocaleString('en')} stored; run again: ${r.again.inserted.toLocaleString('en')} inserted, ${r.again.duplicates.toLocaleString('en')} duplicates; ${r.after.toLocaleString('en')} stored of ${r.expected.toLocaleString('en')} expected: ${once ? 'every row once' : 'WRONG'}`,
    );
  }

  const b = banks.get(resumeSize)!;
  const h = await hotCallDuringImport(b.file, b.shape);
  const line = (name: string, s: number[]) => `${name}: ${s.length} calls, p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
  console.log(`\nconsole import of ${resumeSize.toLocaleString('en')} rows in a server on the embedded database: ${h.seconds.toFixed(1)} s, ${h.stored.toLocaleString('en')} stored of ${h.expected.toLocaleString('en')}`);
  console.log(`  get_categories ${line('alone', h.quiet)}`);
  console.log(`  get_categories ${line('during the import', h.during)}`);
  if (h.stored !== h.expected) failed = true;
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}

void main().catch((error) => {
  console.error(error);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
