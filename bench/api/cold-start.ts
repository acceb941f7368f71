/**
 * Cold start of the built app: from `npm start` to the first 200 of the home page and of an API
 * call. Measured twice: on a fresh data directory (first start: migrations and demo content) and
 * on the same directory again (a restart). Target: ≤ 3 s to the first 200 of a page; the API's
 * first 200 is printed beside it (it waits for the database, and on a fresh directory for the
 * first seeding).
 *
 *   npm run build && npm run bench:cold-start        (BENCH_RUNS=3 by default)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.env.BENCH_RUNS ?? 3);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function until200(check: () => Promise<Response>, started: number): Promise<number> {
  for (;;) {
    try {
      const res = await check();
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function once(dataDir: string): Promise<{ page: number; api: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  const [page, api] = await Promise.all([
    until200(() => fetch(`${url}/`), started),
    until200(() => fetch(`${url}/api/get_system_configurations`, { method: 'POST' }), started),
  ]);
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { page, api };
}

async function main() {
  // Measure a built app: build first if anything is stale, outside the timed runs.
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  const rows: string[] = [];
  let worst = 0;
  for (let i = 0; i < runs; i += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-cold-'));
    const fresh = await once(dataDir);
    const restart = await once(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
    worst = Math.max(worst, fresh.page, restart.page);
    rows.push(
      `run ${i + 1}: fresh data dir: page ${fresh.page.toFixed(0)} ms, api ${fresh.api.toFixed(0)} ms | restart: page ${restart.page.toFixed(0)} ms, api ${restart.api.toFixed(0)} ms`,
    );
    console.log(rows.at(-1));
  }
  console.log(`worst first 200 of a page: ${worst.toFixed(0)} ms (target ≤ 3000 ms) ${worst <= 3000 ? 'MET' : 'NOT MET'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
