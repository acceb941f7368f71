/**
 * Moving and backing up a grown installation (issue 30): the demo content plus BENCH_PLAYERS
 * generated players (100,000 by default) with coin histories, statistics and leaderboard places,
 * through the real commands in child processes, each timed with its peak memory as it reports it:
 *
 *   npm run bench:move            (BENCH_PLAYERS=100000; PostgreSQL from DATABASE_URL or
 *                                  TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 *
 * 1. npm run db:move, embedded → PostgreSQL;  2. db:move, PostgreSQL → a new embedded directory;
 * 3. npm run backup of the embedded database (server stopped), then npm run restore into a new
 *    data directory;  4. backup of PostgreSQL (pg_dump when usable) and restore into a new database.
 * Every step must end with its comparison equal; the bench fails otherwise.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshBenchDatabase } from '@/bench/support/database';
import { populatedDataDir } from '@/bench/move/population';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

interface Step {
  name: string;
  seconds: number;
  peakMb: number;
  rows: string;
  equal: boolean;
  note: string;
}

function command(script: string, args: string[]): { out: string; code: number | null; seconds: number } {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', script), ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(os.tmpdir(), 'qa-bench-move-unused') },
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) throw new Error(`${script} ${args.join(' ')} failed (${result.status}):\n${out.slice(-3000)}`);
  return { out, code: result.status, seconds: (Date.now() - started) / 1000 };
}

function step(name: string, script: string, args: string[], note = ''): Step {
  const { out, seconds } = command(script, args);
  const peak = Number(/peak memory (\d+) MB/i.exec(out)?.[1] ?? NaN);
  const rows = /(?:Copied|Backed up|Restored) (\d+) rows/.exec(out)?.[1] ?? '?';
  const compared = /All \d+ figures are equal/.test(out);
  const size = /\(([\d.]+ MB)\)/.exec(out)?.[1];
  return { name, seconds, peakMb: peak, rows, equal: compared || script === 'backup.ts', note: [note, size ? `file ${size}` : ''].filter(Boolean).join('; ') };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-move-'));
  const source = path.join(work, 'source');
  const databases: { drop: () => Promise<void> }[] = [];
  try {
    let started = Date.now();
    const session = await populatedDataDir(source, PLAYERS);
    const [sizes] = await session.query<{ users: string; ledger: string; rows: string }>(
      `SELECT (SELECT count(*) FROM users)::text AS users, (SELECT count(*) FROM coin_ledger)::text AS ledger,
         (SELECT sum(n_live_tup) FROM pg_stat_user_tables)::text AS rows`,
    );
    await session.close();
    console.log(`Source: ${sizes!.users} players, ${sizes!.ledger} ledger entries (demo content + ${PLAYERS} generated) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    const steps: Step[] = [];
    const pgTarget = await freshBenchDatabase(base, 'qa_bench_move');
    databases.push(pgTarget);
    steps.push(step('db:move embedded → PostgreSQL', 'db-move.ts', ['--from', source, '--to', pgTarget.url]));
    steps.push(step('db:move PostgreSQL → embedded', 'db-move.ts', ['--from', pgTarget.url, '--to', path.join(work, 'back')]));
    const file = path.join(work, 'embedded.qab');
    steps.push(step('backup, embedded (server stopped)', 'backup.ts', [file, '--from', source]));
    steps.push(step('restore into a new data directory', 'restore.ts', [file, '--to', path.join(work, 'restored')]));
    const dump = path.join(work, 'postgres.backup');
    const pgBackup = step('backup, PostgreSQL', 'backup.ts', [dump, '--from', pgTarget.url]);
    steps.push(pgBackup);
    const pgRestoreTarget = await freshBenchDatabase(base, 'qa_bench_restore');
    databases.push(pgRestoreTarget);
    steps.push(step('restore into a new PostgreSQL database', 'restore.ts', [dump, '--to', pgRestoreTarget.url]));
    started = Date.now();

    console.log('');
    console.log('| step | rows | time | peak memory | compared | note |');
    console.log('|---|---:|---:|---:|---|---|');
    for (const s of steps) {
      console.log(`| ${s.name} | ${s.rows} | ${s.seconds.toFixed(1)} s | ${Number.isFinite(s.peakMb) ? `${s.peakMb} MB` : '(not reported)'} | ${s.equal ? 'equal' : 'DIFFERENT'} | ${s.note} |`);
    }
    if (steps.some((s) => !s.equal)) {
      console.error('A comparison differed.');
      process.exitCode = 1;
    }
  } finally {
    for (const d of databases) await d.drop().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
