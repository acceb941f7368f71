/**
 * API throughput: autocannon against get_system_configurations through the running Quiz Arena
 * server, and against a bare node:http server answering the same JSON, in the same run.
 * Target (issue: foundation): the gateway reaches at least 50 % of bare Node.
 *
 *   npm run build && npm run bench:api            (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default)
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { shellVariables, startServer } from '@/tests/e2e/support/server';
import { writeFigures } from '@/bench/support/figures';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function hammer(url: string): Promise<Figures> {
  // A short warm-up so that both servers are measured hot.
  await autocannon({ url, method: 'POST', connections, duration: 2 });
  const r = await autocannon({ url, method: 'POST', connections, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function startBare(body: string): Promise<{ url: string; stop: () => void }> {
  const code = `
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
  `;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (d) => resolve(Number(String(d).trim()))));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

function line(name: string, f: Figures): string {
  return `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms   errors ${f.errors}   non-2xx ${f.non2xx}`;
}

async function main() {
  // BENCH_NODE_ARGS="--max-semi-space-size=8 …": more flags for node in the server (bench/memory, decision 054);
  // BENCH_SERVER_ENV="MALLOC_MMAP_THRESHOLD_=65536 …": variables for the server alone, not for this process or the bare server (decision 056).
  const server = await startServer({ nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean), env: shellVariables(process.env.BENCH_SERVER_ENV ?? '') });
  try {
    const endpoint = `${server.url}/api/get_system_configurations`;
    const sample = await (await fetch(endpoint, { method: 'POST' })).text();
    const bare = await startBare(sample);
    try {
      console.log(`autocannon: ${connections} connections, ${seconds} s per target, POST, ${sample.length} byte answer`);
      const app = await hammer(endpoint);
      console.log(line('quiz arena get_system_configurations', app));
      const floor = await hammer(bare.url);
      console.log(line('bare node:http, same JSON', floor));
      const ratio = app.rps / floor.rps;
      console.log(`ratio: ${(ratio * 100).toFixed(1)} % of bare Node (target ≥ 50 %) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`);
      if (app.errors || app.non2xx) console.log('the app answered errors: the figures above are not valid');
      writeFigures([{ measure: 'api get_system_configurations', app: app.rps, floor: floor.rps, unit: 'req/s', better: 'higher', errors: app.errors + app.non2xx }]);
    } finally {
      bare.stop();
    }
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
