/**
 * Notification delivery (issue 13, item 6): one notification to 10,000 players must not block the
 * server. In one process: the API (gateway over HTTP) on PGlite (default) or PostgreSQL
 * (DATABASE_URL: the bench makes a database of its own there and drops it), 10,000 players, an
 * admin sends a notification to everyone through `admin_send_notification`, and the delivery job
 * writes the rows while a client keeps calling the API (`get_notifications`, one call every 5 ms,
 * as a player would open the list) and a second one holds a live notification stream.
 *
 * Printed: delivery time and rate, the calls' latency during delivery (p50 / p99 / max) next to
 * the same calls with no delivery running (the floor of the same run), the event loop's delay
 * while delivering (monitorEventLoopDelay: p99, max), rows written, and whether the stream got
 * its notification. Targets: every player gets exactly one row; calls during delivery p99 ≤ 50 ms
 * and max ≤ 100 ms; event-loop delay max ≤ 100 ms.
 *
 *   npm run bench:notifications [-- --players 10000 --batch 100]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { freshBenchDatabase } from '@/bench/support/database';
import { hashToken } from '@/services/server/accounts/sessions';
import { createAppServices } from '@/services/server/app-services';
import { readConfig } from '@/services/server/config';
import { seedDatabase } from '@/services/server/content/seed';
import { migrateDatabase, openDatabase, type Database } from '@/services/server/db/client';
import { notifications, notificationSends, sessions, users } from '@/services/server/db/schema';
import { createGateway } from '@/services/server/gateway/gateway';
import { createRegistry } from '@/services/server/endpoints/registry';
import { createNotificationDelivery } from '@/services/server/notifications/sends';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const playerCount = option('players', 10_000);
const batchSize = option('batch', 100);

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const fresh = await freshBenchDatabase(process.env.DATABASE_URL, 'qa_bench_notifications');
    return { database: await openDatabase({ databaseUrl: fresh.url, dataDir: '' }), drop: fresh.drop };
  }
  return { database: await openDatabase({ dataDir: 'memory://' }), drop: async () => undefined };
}

async function main() {
  const { database, drop } = await open();
  const server = http.createServer();
  const log = pino({ level: 'error' }, process.stderr);
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { rootDir: process.cwd() });
    const db = database.db;

    // Players in bulk (the bench measures delivery, not sign-up).
    for (let i = 0; i < playerCount; i += 1000) {
      const n = Math.min(1000, playerCount - i);
      await db.insert(users).values(Array.from({ length: n }, (_, k) => ({ firebaseId: `bench-n-${i + k}`, name: `Player ${i + k}` })));
    }
    const token = async (userId: number, role: 'admin' | null = null) => {
      if (role) await db.update(users).set({ role }).where(eq(users.id, userId));
      const t = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({ tokenHash: hashToken(t), userId, expiresAt: new Date(Date.now() + 3_600_000) });
      return t;
    };
    const [first] = await db.select({ id: users.id }).from(users).where(eq(users.firebaseId, 'bench-n-0'));
    const adminToken = await token(first!.id, 'admin');
    const readerToken = await token(first!.id + 1);
    const listenerToken = await token(first!.id + 2);
    const everyone = Number((await db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.deletedAt} is null and ${users.status}`))[0]!.n);

    const app = createAppServices(database, { ...readConfig({}, []), dataDir: 'memory://' }, log);
    // The job as the server runs it, with the batch size of this run.
    const delivery = createNotificationDelivery(db, app.notificationBus, log, { batchSize, intervalMs: 60_000 });
    Object.assign(app, { notificationDelivery: delivery });
    const gateway = createGateway(createRegistry(), app, log);
    server.on('request', (req, res) => void gateway.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const call = async (endpoint: string, body: Record<string, unknown>, t: string) => {
      const res = await fetch(`${url}/api/${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t}` }, body: JSON.stringify(body) });
      const json = (await res.json()) as { error: boolean; data: unknown };
      if (res.status !== 200 || json.error) throw new Error(`${endpoint}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };

    // A player with the app open: the stream must carry the notification.
    const controller = new AbortController();
    let streamed = false;
    const stream = await fetch(`${url}/api/notifications/events`, { headers: { authorization: `Bearer ${listenerToken}` }, signal: controller.signal });
    void (async () => {
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          if (decoder.decode(value).includes('event: notification')) streamed = true;
        }
      } catch {
        // aborted at the end
      }
    })();

    /** Calls get_notifications every 20 ms until `until` resolves; answers the latencies. */
    const reading = async (until: Promise<unknown>) => {
      const times: number[] = [];
      let done = false;
      void until.finally(() => (done = true));
      while (!done) {
        const started = performance.now();
        await call('get_notifications', { limit: 10 }, readerToken);
        times.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 5));
      }
      return times.sort((a, b) => a - b);
    };

    // The floor: the same calls for 3 s with nothing else running.
    const floor = await reading(new Promise((r) => setTimeout(r, 3000)));

    app.notificationDelivery.start();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const started = performance.now();
    const sent = (await call('admin_send_notification', { title: 'Bench', message: 'To every player', audience: 'all' }, adminToken)) as { id: number };
    const sendAnswered = performance.now() - started;
    loop.enable();
    const finished = (async () => {
      for (;;) {
        const [row] = await db.select({ status: notificationSends.status }).from(notificationSends).where(eq(notificationSends.id, sent.id));
        if (row?.status === 'done') return performance.now() - started;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const during = await reading(finished);
    const deliveryMs = await finished;
    loop.disable();
    await new Promise((r) => setTimeout(r, 200));
    controller.abort();

    const rows = Number((await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.sendId, sent.id)))[0]!.n);
    const distinct = Number((await db.select({ n: sql<number>`count(distinct ${notifications.userId})::int` }).from(notifications).where(eq(notifications.sendId, sent.id)))[0]!.n);
    const loopP99 = loop.percentile(99) / 1e6;
    const loopMax = loop.max / 1e6;

    console.log(`notification delivery — ${database.kind}, ${everyone} players, batches of ${batchSize}`);
    console.log(`  admin_send_notification answered in ${ms(sendAnswered)} (delivery runs after it)`);
    console.log(`  delivered ${rows} rows (${distinct} players) in ${ms(deliveryMs)}: ${Math.round((rows / deliveryMs) * 1000)} rows/s`);
    console.log(`  get_notifications with no delivery (floor): n=${floor.length} p50 ${ms(percentile(floor, 50))} p99 ${ms(percentile(floor, 99))} max ${ms(floor.at(-1) ?? NaN)}`);
    console.log(`  get_notifications during delivery:         n=${during.length} p50 ${ms(percentile(during, 50))} p99 ${ms(percentile(during, 99))} max ${ms(during.at(-1) ?? NaN)}`);
    console.log(`  event-loop delay during delivery: p99 ${ms(loopP99)} max ${ms(loopMax)}`);
    console.log(`  live stream got the notification: ${streamed ? 'yes' : 'NO'}`);
    const checks = [
      [rows === everyone && distinct === everyone, `every player exactly one row (${rows} rows, ${distinct} players, ${everyone} eligible)`],
      [percentile(during, 99) <= 50, 'calls during delivery p99 ≤ 50 ms'],
      [(during.at(-1) ?? Infinity) <= 100, 'calls during delivery max ≤ 100 ms'],
      [loopMax <= 100, 'event-loop delay max ≤ 100 ms'],
      [streamed, 'the open stream received it'],
    ] as const;
    for (const [ok, what] of checks) console.log(`  ${ok ? 'ok  ' : 'MISS'} ${what}`);
    await app.notificationDelivery.close();
    await app.notificationBus.close();
    await gateway.close();
    if (checks.some(([ok]) => !ok)) process.exitCode = 1;
  } finally {
    server.closeAllConnections();
    server.close();
    await database.close();
    await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
