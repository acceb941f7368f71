/**
 * What an operator of one machine relies on (docs/deploy.md), on the built app with the embedded
 * database: the probes and metrics and who may read them; a graceful stop (not ready at once, no
 * new connections, the call in flight answered, the streams told to reconnect, a clean exit) and
 * a second signal that stops at once; a backup of the running server through its snapshot,
 * restored equal. API and processes only: no browser.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { STREAM_RECONNECT_EVENT } from '@/services/domain/rooms';
import { callApi, signUpPlayer } from '@/tests/e2e/support/player';
import { freePort, startServer, type RunningServer } from '@/tests/e2e/support/server';
import { until } from '@/tests/e2e/support/until';

const METRICS_TOKEN = 'operations-test-metrics-token';
let server: RunningServer;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}`;
  server = await startServer({ env: { DEV_OUTBOX: '1', METRICS_TOKEN, METRICS_LISTEN: `127.0.0.1:${port}`, SHUTDOWN_GRACE_MS: '8000' } });
});

afterAll(async () => {
  await server?.stop();
});

/** A call whose body is sent in two halves: in flight between them. */
function slowCall(url: string, token: string): { finish(): void; answer: Promise<{ status: number; connection: string | undefined; body: string }> } {
  const body = JSON.stringify({ name: 'Still Here' });
  const target = new URL(`${url}/api/update_profile`);
  let request!: http.ClientRequest;
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    request = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 5));
  });
  return { finish: () => request.end(body.slice(5)), answer };
}

/** Polls the metrics listener until `ready` holds for its text (every 20 ms). */
async function untilMetrics(what: string, ready: (metrics: string) => boolean): Promise<void> {
  await until(`the metrics to show ${what}`, async () => ready(await (await fetch(`${metricsUrl}/metrics`)).text()), { everyMs: 20 });
}

/** The server is answering the slow call: its request counts among the calls in flight. */
const callInFlight = () => untilMetrics('a call in flight', (text) => /^qa_calls_in_flight [1-9]/m.test(text));

/** The notification stream, collecting event names until it ends. */
async function openNotificationStream(token: string): Promise<{ events: string[]; ended: Promise<void> }> {
  const res = await fetch(`${server.url}/api/notifications/events`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const events: string[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const m of value.matchAll(/^event: (\S+)$/gm)) events.push(m[1]!);
      }
    } catch {
      // cut
    }
  })();
  return { events, ended };
}

test('probes answer everyone; metrics only the token or the metrics listener, with the calls counted by endpoint and status', async () => {
  const healthz = await fetch(`${server.url}/healthz`);
  expect(healthz.status).toBe(200);
  expect(await healthz.json()).toEqual({ status: 'alive', phase: 'ready' });
  const readyz = await fetch(`${server.url}/readyz`);
  expect(readyz.status).toBe(200);
  expect(await readyz.json()).toEqual({ status: 'ready', checks: { database: 'ok', settings: 'ok', migrations: 'ok' } });

  await callApi(server, 'get_web_settings');
  await callApi(server, 'no_such_endpoint');
  expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(404);
  const viaToken = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(viaToken.status).toBe(200);
  expect(viaToken.headers.get('content-type')).toContain('text/plain');
  const text = await viaToken.text();
  expect(text).toMatch(/^qa_api_calls_total\{endpoint="get_web_settings",status="200"\} [1-9]/m);
  // An unknown name is not a label of its own (no URL text in the metrics).
  expect(text).toMatch(/^qa_api_calls_total\{endpoint="\(unknown\)",status="404"\} [1-9]/m);
  expect(text).not.toContain('no_such_endpoint');
  for (const name of ['qa_api_call_duration_seconds_bucket', 'qa_nodejs_eventloop_lag_seconds', 'qa_room_streams_open', 'qa_rooms_active', 'qa_room_commit_wait_seconds_count', 'qa_notification_rows_delivered_total', 'qa_draining 0']) {
    expect(text).toContain(name);
  }
  // The embedded database on the server's own thread has no queue to read: no figure rather than a 0.
  expect(text).not.toMatch(/^qa_database_waiting\{/m);
  const viaListener = await fetch(`${metricsUrl}/metrics`);
  expect(viaListener.status).toBe(200);
  expect((await fetch(`${metricsUrl}/anything-else`)).status).toBe(404);
  // The snapshot is for the command line's token only.
  expect((await fetch(`${server.url}/ops/snapshot`)).status).toBe(404);
});

test('npm run backup while the server runs reads its snapshot; the backup restores equal into a fresh data directory', async () => {
  const player = await signUpPlayer(server, 'Backed Up');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-backup-'));
  try {
    const file = path.join(work, 'running.qab');
    const backup = server.operatorCommand('backup', [file]);
    expect(backup).toContain('backing up a snapshot it took');
    const restored = path.join(work, 'restored');
    const restore = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', file, '--to', restored], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });
    expect(restore.stdout).toMatch(/All \d+ figures are equal/);
    expect(restore.status).toBe(0);
    const names = spawnSync(process.execPath, ['--import', 'tsx', '-e', `
      import('@/services/server/db/transfer/session').then(async (m) => {
        const { openPgliteSession } = m.default ?? m;
        const s = await openPgliteSession({ dir: ${JSON.stringify(path.join(restored, 'pglite'))} });
        console.log(JSON.stringify(await s.query('SELECT name FROM users WHERE id = $1', [${player.user.id}])));
        await s.close();
      });`], { encoding: 'utf8' });
    expect(JSON.parse(names.stdout)).toEqual([{ name: 'Backed Up' }]);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

test('SIGTERM: not ready, no new connection, the call in flight answered, streams told to reconnect, then a clean exit', async () => {
  const player = await signUpPlayer(server, 'Draining');
  const stream = await openNotificationStream(player.token);
  const call = slowCall(server.url, player.token);
  await callInFlight();
  const exited = server.exited();
  process.kill(server.pid(), 'SIGTERM');

  // Not ready (asked on the metrics listener, which stays open to the end of the drain).
  await until('readyz to answer 503', async () => (await fetch(`${metricsUrl}/readyz`)).status === 503, { everyMs: 20 });
  const readyz = await fetch(`${metricsUrl}/readyz`);
  expect(readyz.status).toBe(503);
  expect(await readyz.json()).toEqual({ status: 'draining' });
  expect(await (await fetch(`${metricsUrl}/metrics`)).text()).toMatch(/^qa_draining 1$/m);
  // The stream was told to reconnect (elsewhere), and ended.
  await stream.ended;
  expect(stream.events.at(-1)).toBe(STREAM_RECONNECT_EVENT);
  // No new connection (a connection of its own, not one a client keeps alive from before).
  const fresh = new Promise<number>((resolve, reject) => {
    const target = new URL(`${server.url}/healthz`);
    http.get({ host: target.hostname, port: target.port, path: target.pathname, agent: false }, (res) => resolve(res.statusCode ?? 0)).on('error', reject);
  });
  await expect(fresh).rejects.toThrow(/ECONNREFUSED/);

  // The call in flight is answered in full, and its connection closed after it.
  call.finish();
  const answer = await call.answer;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ error: false });
  expect(answer.connection).toBe('close');
  expect(await exited).toBe(0);

  await server.start();
  const me = await callApi<{ name: string }>(server, 'get_user_by_id', {}, player.token);
  expect(me.data.name).toBe('Still Here');
});

test('a second signal stops at once, without waiting for the call in flight', async () => {
  const player = await signUpPlayer(server, 'Impatient');
  const call = slowCall(server.url, player.token);
  await callInFlight();
  const exited = server.exited();
  const logged = server.output().length;
  process.kill(server.pid(), 'SIGTERM');
  // The first signal is taken (the drain began) before the second is sent.
  await untilMetrics('the drain', (text) => /^qa_draining 1$/m.test(text));
  process.kill(server.pid(), 'SIGTERM');
  // Exit code 1 is the second signal's: a drain, even one whose grace period ran out, exits 0. The
  // call in flight was cut, not answered, and the log says why (not the grace period's end).
  expect(await exited).toBe(1);
  await expect(call.answer).rejects.toThrow();
  const said = server.output().slice(logged);
  expect(said).toContain('second signal: stopping now');
  expect(said).not.toContain('grace period over');
  await server.start();
});
