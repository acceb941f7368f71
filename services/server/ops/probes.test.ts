import http from 'node:http';
import pino from 'pino';
import { createOps, type Ops } from '@/services/server/ops/probes';
import type { ApiRuntime } from '@/services/server/api-runtime';
import type { Database } from '@/services/server/db/client';

/** The probes on a real HTTP server, with a fake runtime whose database and settings the test controls. */

let ops: Ops;
let server: http.Server;
let url: string;
let databaseUp = true;
const hold: http.ServerResponse[] = [];

const runtime = { app: { settings: { current: async () => ({}) } } } as unknown as ApiRuntime;
const database = {
  db: {
    execute: async () => {
      if (!databaseUp) throw new Error('connection refused');
      return [];
    },
  },
  snapshot: async () => new Uint8Array([1, 2, 3]),
} as unknown as Database;

beforeEach(async () => {
  databaseUp = true;
  ops = createOps({ log: pino({ level: 'silent' }), metricsToken: 'a-metrics-token-123', snapshotToken: 'snapshot-token' });
  server = http.createServer((req, res) => {
    if (ops.handle(req, res)) return;
    // Any other path is a call: counted in flight; '/slow' is held until the test answers it.
    ops.track(res);
    if (req.url === '/slow') hold.push(res);
    else res.end('done');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterEach(async () => {
  for (const res of hold.splice(0)) res.end();
  await new Promise((resolve) => server.close(resolve));
});

const json = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

test('readiness: starting, then ready, unavailable with the failing check named, then draining for good', async () => {
  expect(await json('/readyz')).toEqual({ status: 503, body: { status: 'starting', detail: 'the database is being opened and migrated' } });
  expect(await json('/healthz')).toEqual({ status: 200, body: { status: 'alive', phase: 'starting' } });
  ops.ready(runtime, database);
  expect(await json('/readyz')).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', settings: 'ok', migrations: 'ok' } } });
  databaseUp = false;
  expect(await json('/readyz')).toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'connection refused', settings: 'ok', migrations: 'ok' } } });
  databaseUp = true;
  ops.startDraining();
  expect(await json('/readyz')).toEqual({ status: 503, body: { status: 'draining' } });
  expect((await json('/healthz')).status).toBe(200);
});

test('only GET: a POST to a probe is refused by name', async () => {
  const res = await fetch(`${url}/readyz`, { method: 'POST' });
  expect(res.status).toBe(405);
  expect(await res.json()).toEqual({ error: 'POST is not accepted; use GET' });
});

test('the snapshot: only with its token, only while ready', async () => {
  expect((await fetch(`${url}/ops/snapshot`)).status).toBe(404);
  expect((await fetch(`${url}/ops/snapshot`, { headers: { authorization: 'Bearer snapshot-token' } })).status).toBe(503);
  ops.ready(runtime, database);
  expect((await fetch(`${url}/ops/snapshot`, { headers: { authorization: 'Bearer a-metrics-token-123' } })).status).toBe(404);
  const res = await fetch(`${url}/ops/snapshot`, { headers: { authorization: 'Bearer snapshot-token' } });
  expect(res.status).toBe(200);
  expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([1, 2, 3]);
});

test('calls in flight: counted until answered; the wait ends when the last is answered, or when the grace period is over', async () => {
  const slow = fetch(`${url}/slow`);
  for (let i = 0; i < 100 && hold.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  expect(ops.callsInFlight).toBe(1);
  const started = Date.now();
  expect(await ops.waitForCalls(150)).toBe(false);
  expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  const waiting = ops.waitForCalls(5000);
  hold.shift()!.end('late');
  expect(await waiting).toBe(true);
  expect(await (await slow).text()).toBe('late');
  expect(ops.callsInFlight).toBe(0);
  expect(await ops.waitForCalls(10)).toBe(true);
});
