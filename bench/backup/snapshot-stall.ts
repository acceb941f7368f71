/**
 * `npm run bench:snapshot-stall` (after `npm run build`): how long a backup of the running server's
 * embedded database holds up its calls (docs/deploy.md, "Backups on a timer").
 *
 * It builds a data directory (the demo content and BENCH_SNAPSHOT_PLAYERS generated players, 5,000
 * by default), starts the built server on it, and calls a cheap endpoint back to back while
 * `npm run backup` runs against it, BENCH_SNAPSHOT_RUNS times (3). Per run it prints the directory's
 * size, the snapshot's time as the server logs it, and the longest call during the backup beside
 * the median call before it. The verdict is the worst run's.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { populatedDataDir } from '@/bench/move/population';
import { percentile } from '@/bench/support/players';

const PLAYERS = Number(process.env.BENCH_SNAPSHOT_PLAYERS ?? 5000);
const RUNS = Number(process.env.BENCH_SNAPSHOT_RUNS ?? 3);
const PORT = 3900 + Math.floor(Math.random() * 90);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function call(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port: PORT, path: '/api/get_system_configurations', method: 'POST', agent, headers: { 'content-length': 0 } }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    });
    req.on('error', reject);
    req.end();
  });
}

function directoryMb(dir: string): number {
  const out = spawnSync('du', ['-sk', dir], { encoding: 'utf8' });
  return Number(out.stdout.split('\t')[0]) / 1024;
}

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-snapshot-bench-'));
  const dataDir = path.join(root, 'data');
  const backups = path.join(root, 'backups');
  fs.mkdirSync(backups, { mode: 0o700 });
  console.log(`Building a data directory: the demo content and ${PLAYERS} players…`);
  await (await populatedDataDir(dataDir, PLAYERS)).close();

  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const snapshots: number[] = [];
  let buffered = '';
  server.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.includes('database snapshot taken for a backup')) snapshots.push((JSON.parse(line) as { ms: number }).ms);
    }
  });
  try {
    for (let i = 0; i < 600; i++) {
      const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).then((r) => r.status === 200).catch(() => false);
      if (ready) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const mb = directoryMb(dataDir);
    const rows: { run: number; mb: number; snapshotMs: number; longestMs: number; medianBeforeMs: number; backupS: number }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const before: number[] = [];
      const until = performance.now() + 2000;
      while (performance.now() < until) before.push(await call());
      const during: number[] = [];
      const started = performance.now();
      const backup = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', path.join(backups, `run-${run}.qab`)], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' });
      let done = false;
      const exited = new Promise<number>((resolve) => backup.on('exit', (code) => ((done = true), resolve(code ?? 1))));
      while (!done) during.push(await call());
      const code = await exited;
      if (code !== 0) throw new Error(`npm run backup exited with ${code}`);
      rows.push({ run, mb, snapshotMs: snapshots[run - 1] ?? NaN, longestMs: Math.max(...during), medianBeforeMs: percentile(before, 50), backupS: (performance.now() - started) / 1000 });
    }
    console.log(`\nSnapshot stall: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, embedded database on the server's thread`);
    console.log('| run | data directory | snapshot (server log) | longest call during the backup | median call before it | backup command |');
    console.log('|---|---|---|---|---|---|');
    for (const r of rows) console.log(`| ${r.run} | ${r.mb.toFixed(1)} MB | ${r.snapshotMs} ms | ${r.longestMs.toFixed(0)} ms | ${r.medianBeforeMs.toFixed(1)} ms | ${r.backupS.toFixed(1)} s |`);
    const worst = rows.reduce((a, b) => (b.longestMs > a.longestMs ? b : a));
    console.log(`\nWorst of ${RUNS}: calls held up to ${worst.longestMs.toFixed(0)} ms (snapshot ${worst.snapshotMs} ms) for a ${worst.mb.toFixed(1)} MB data directory.`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
