/**
 * API throughput: autocannon against get_system_configurations through the running Quiz Arena
 * server — as a guest, and as a signed-in player (Bearer token resolved to its player, the JSON
 * body read and validated, the envelope) — and against a bare node:http server answering the same
 * JSON to the same requests, in the same run. Target (issue 48): the signed-in call at ≥ 85 % of
 * bare Node, worst of BENCH_RUNS (3) runs.
 *
 *   npm run build && npm run bench:api   (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_RUNS=3 by default)
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { shellVariables, startServer } from '@/tests/e2e/support/server';
import { startBareServer } from '@/bench/support/bare-server';
import { writeFigures } from '@/bench/support/figures';
import { BenchApi, signUpPlayer } from '@/bench/support/players';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 0.85;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface Request {
  headers: Record<string, string>;
  body?: string;
}

async function hammer(url: string, request: Request): Promise<Figures> {
  const options = { url, method: 'POST' as const, connections, headers: request.headers, body: request.body };
  // A short warm-up so that both servers are measured hot.
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon({ ...options, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function startBare(body: string): Promise<{ url: string; stop: () => void }> {
  const bare = await startBareServer(`
    const http = require('node:http');
    const body = ${JSON.stringify(body)};
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  `);
  return { url: `${bare.url}/`, stop: bare.stop };
}

function line(name: string, f: Figures): string {
  return `${name.padEnd(44)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms   errors ${f.errors}   non-2xx ${f.non2xx}`;
}

async function main() {
  // BENCH_NODE_ARGS="--max-semi-space-size=8 …": more flags for node in the server (bench/memory, decision 054);
  // BENCH_SERVER_ENV="MALLOC_MMAP_THRESHOLD_=65536 …": variables for the server alone, not for this process or the bare server (decision 056).
  const server = await startServer({
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
    env: { DEV_OUTBOX: '1', ...shellVariables(process.env.BENCH_SERVER_ENV ?? '') },
  });
  try {
    const endpoint = `${server.url}/api/get_system_configurations`;
    const token = await signUpPlayer(new BenchApi(server.url), 0, 'bench api');
    const guest: Request = { headers: {} };
    const player: Request = { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' };
    const sample = await (await fetch(endpoint, { method: 'POST', headers: player.headers, body: player.body })).text();
    const bare = await startBare(sample);
    const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
    console.log(`autocannon: ${connections} connections, ${seconds} s per target, POST, ${sample.length} byte answer; ${runs} runs; ${os.cpus().length} × ${cpu}`);
    const ratios: { guest: number; player: number }[] = [];
    let errors = 0;
    try {
      for (let run = 1; run <= runs; run++) {
        console.log(`run ${run}:`);
        const floor = await hammer(bare.url, player);
        console.log(line('  bare node:http, same JSON', floor));
        const asGuest = await hammer(endpoint, guest);
        console.log(line('  get_system_configurations, guest', asGuest));
        const asPlayer = await hammer(endpoint, player);
        console.log(line('  get_system_configurations, signed in', asPlayer));
        const ratio = { guest: asGuest.rps / floor.rps, player: asPlayer.rps / floor.rps };
        console.log(`  ratio: guest ${(ratio.guest * 100).toFixed(1)} %, signed in ${(ratio.player * 100).toFixed(1)} % of bare Node`);
        ratios.push(ratio);
        errors += asGuest.errors + asGuest.non2xx + asPlayer.errors + asPlayer.non2xx;
        // bench:quick reads the last run's (it makes one).
        writeFigures([
          { measure: 'api get_system_configurations', app: asGuest.rps, floor: floor.rps, unit: 'req/s', better: 'higher', errors: asGuest.errors + asGuest.non2xx },
          { measure: 'api get_system_configurations signed in', app: asPlayer.rps, floor: floor.rps, unit: 'req/s', better: 'higher', errors: asPlayer.errors + asPlayer.non2xx },
        ]);
      }
    } finally {
      bare.stop();
    }
    const worst = Math.min(...ratios.map((r) => r.player));
    const worstGuest = Math.min(...ratios.map((r) => r.guest));
    console.log(
      `worst of ${runs}: signed in ${(worst * 100).toFixed(1)} % of bare Node (target ≥ ${TARGET * 100} %) ${worst >= TARGET ? 'MET' : 'NOT MET'}; guest ${(worstGuest * 100).toFixed(1)} %`,
    );
    if (errors) console.log('the app answered errors: the figures above are not valid');
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
