/**
 * SQL statements per play call: one player plays quiz-zone levels through the gateway on a fresh
 * database, and every statement the server sends is counted per call (transaction control and
 * savepoints included: each is a round trip, and on PGlite each holds the one connection).
 *
 *   npx tsx bench/play/statements.ts            PGlite in memory
 *   DATABASE_URL=postgres://… npx tsx bench/play/statements.ts
 *                                               a fresh database on that server, dropped at the end
 *   … --sql                                     also prints every statement (one round)
 *   … --rounds 20                               times the calls of rounds 2–20 (warm)
 *   … --timing                                  also the mean time of each statement (the driver call)
 *
 * A statement the play code prepares is prepared on its first use: that PREPARE shows once, in
 * the first call that runs it (hence counts such as 1–2).
 *
 * The plays: (1) a first play, every answer right (the level is newly passed: coins, level
 * unlock, a first badge, leaderboard scores); (2) the same level again, every answer right
 * (passed, nothing newly earned); (3) the next level, every answer wrong (not passed).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { freshBenchDatabase } from '@/bench/support/database';
import { migrateDatabase, type Database, type Db } from '@/services/server/db/client';
import * as schema from '@/services/server/db/schema';
import { hashToken } from '@/services/server/accounts/sessions';
import { seedDatabase } from '@/services/server/content/seed';
import { readConfig } from '@/services/server/config';
import { createAppServices } from '@/services/server/app-services';
import { createGateway } from '@/services/server/gateway/gateway';
import { createRegistry } from '@/services/server/endpoints/registry';

const printSql = process.argv.includes('--sql');
/** `--rounds N`: play the three plays N times (a new player each time) and time the calls of rounds 2…N. */
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 1) : 1;

/** Every statement sent, in order; the counter is read and cleared around each call. */
const sent: string[] = [];
/** `--timing`: time per statement text (the driver's call, waiting included). */
const timing = process.argv.includes('--timing');
const timings = new Map<string, { n: number; ms: number }>();

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * Wraps a driver method so that every statement it sends is counted (and timed): Drizzle's
 * logger would miss the statements the play code prepares and runs on the driver itself
 * (services/server/db/prepared.ts), and PGlite's own BEGIN and COMMIT.
 */
function counted(target: object, method: string, textOf: (args: unknown[]) => string = (args) => String(args[0])): void {
  const t = target as Record<string, Method>;
  const original = t[method]!.bind(target);
  t[method] = async (...args: unknown[]) => {
    const text = textOf(args).replace(/\s+/g, ' ').trim();
    sent.push(text);
    const started = performance.now();
    try {
      return await original(...args);
    } finally {
      if (timing) {
        // An EXECUTE of a prepared statement is one statement whatever its values.
        const key = (/^execute "?\w+"?/.exec(text)?.[0] ?? text).slice(0, 110);
        const s = timings.get(key) ?? { n: 0, ms: 0 };
        s.n += 1;
        s.ms += performance.now() - started;
        timings.set(key, s);
      }
    }
  };
}

function printTimings(): void {
  if (!timing) return;
  console.log('\nmean time per statement (the driver call; most total time first):');
  for (const [key, s] of [...timings].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
    console.log(`  ${(s.ms / s.n).toFixed(3).padStart(7)} ms ×${String(s.n).padStart(5)}  ${key}`);
  }
}

async function openCounted(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const fresh = await freshBenchDatabase(base, 'qa_bench_statements');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: fresh.url, max: 4 });
    const textOf = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text));
    // Transactions run on a client taken from the pool: count what it sends too. (pool.query
    // takes its client through connect with a callback, Drizzle's transactions through the promise.)
    const wrapped = new WeakSet<object>();
    const watch = (client: pg.PoolClient) => {
      if (!wrapped.has(client)) {
        wrapped.add(client);
        counted(client, 'query', textOf);
      }
      return client;
    };
    const connect = pool.connect.bind(pool) as (callback?: (err: Error | undefined, client: pg.PoolClient, done: () => void) => void) => Promise<pg.PoolClient> | void;
    (pool as unknown as { connect: typeof connect }).connect = (callback) =>
      callback ? connect((err, client, done) => callback(err, client && watch(client), done)) : (connect() as Promise<pg.PoolClient>).then(watch);
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      database: { db, kind: 'postgres', location: fresh.name, close: () => pool.end() },
      drop: fresh.drop,
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = new PGlite();
  await client.waitReady;
  counted(client, 'query');
  counted(client, 'exec');
  // PGlite runs BEGIN and COMMIT itself: count them, and what the transaction handle sends.
  const transaction = client.transaction.bind(client);
  client.transaction = (async (run: Parameters<typeof transaction>[0]) => {
    sent.push('begin');
    try {
      const out = await transaction((tx) => {
        counted(tx, 'query');
        counted(tx, 'exec');
        return run(tx);
      });
      sent.push('commit');
      return out;
    } catch (err) {
      sent.push('rollback');
      throw err;
    }
  }) as typeof client.transaction;
  const db = drizzle(client, { schema }) as unknown as Db;
  return { database: { db, kind: 'pglite', location: 'memory://', close: () => client.close() }, drop: async () => {} };
}

interface Answer {
  status: number;
  body: { message: string; data: unknown };
}

async function main() {
  const { database, drop } = await openCounted();
  const server = http.createServer();
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { rootDir: process.cwd() });
    // Only failures are logged (to stderr): a call that fails ends the count.
    const log = pino({ level: 'error' }, process.stderr);
    const app = createAppServices(database, { ...readConfig({}, []), dataDir: 'memory://' }, log);
    const gateway = createGateway(createRegistry(), app, log);
    server.on('request', (req, res) => void gateway.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const counts = new Map<string, number[]>();
    const times = new Map<string, number[]>();
    /** CPU time of this process (client and server) per call: steadier than the time on a busy machine. */
    const cpuTimes = new Map<string, number[]>();
    let token = '';
    /** Rounds after the first are timed (the first warms the code paths up). */
    let timed = rounds === 1;
    async function call(endpoint: string, body: Record<string, unknown>, label = endpoint): Promise<Answer> {
      sent.length = 0;
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const res = await fetch(`${url}/api/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const answer: Answer = { status: res.status, body: (await res.json()) as Answer['body'] };
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpuStarted);
      if (res.status !== 200) throw new Error(`${endpoint}: ${res.status} ${JSON.stringify(answer.body)}`);
      if (timed) {
        times.set(label, [...(times.get(label) ?? []), ms]);
        cpuTimes.set(label, [...(cpuTimes.get(label) ?? []), (cpu.user + cpu.system) / 1000]);
      }
      counts.set(label, [...(counts.get(label) ?? []), sent.length]);
      if (printSql && rounds === 1) {
        console.log(`\n${label}: ${sent.length} statements`);
        for (const s of sent) console.log(`  ${s.length > 240 ? `${s.slice(0, 240)}…` : s}`);
      }
      return answer;
    }

    const place = { category: 'science', subcategory: 'physics', language_id: 1 };
    async function play(label: string, level: number, right: boolean) {
      const session = (await call('get_questions_by_level', { ...place, level }, `${label}: get_questions_by_level`)).body.data as {
        session_id: string;
        questions: { id: number; options: { key: string }[] }[];
      };
      const ids = session.questions.map((q) => q.id);
      const rows = await database.db.select({ id: schema.questions.id, answer: schema.questions.answer }).from(schema.questions).where(inArray(schema.questions.id, ids));
      const answers = new Map(rows.map((r) => [r.id, r.answer]));
      for (const q of session.questions) {
        const letter = right ? answers.get(q.id)! : q.options.find((o) => o.key !== answers.get(q.id))!.key;
        await call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: letter }, `${label}: submit_answer`);
      }
      const result = (await call('finish_play', { session_id: session.session_id }, `${label}: finish_play`)).body.data;
      if (printSql && rounds === 1) console.log(`result: ${JSON.stringify(result)}`);
    }

    for (let round = 0; round < rounds; round++) {
      // A new player each round, so that the first play is a first play again.
      const [user] = await database.db.insert(schema.users).values({ firebaseId: `bench-${randomBytes(6).toString('hex')}`, name: 'Statement counter' }).returning({ id: schema.users.id });
      token = randomBytes(32).toString('base64url');
      await database.db.insert(schema.sessions).values({ tokenHash: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });
      timed = rounds === 1 || round > 0;
      // The statements of seeding and of the warm-up round are not timed.
      if (round === 1 || rounds === 1) timings.clear();
      await play('1 first pass', 1, true);
      await play('2 replay, passed', 1, true);
      await play('3 next level, failed', 2, false);
    }

    console.log(
      `\nSQL statements per call (${database.kind}; transaction control and savepoints included; the gateway's token lookup is 1 of them), and the mean time of a call made alone (and the CPU time of this process, client and server, meanwhile)${rounds > 1 ? ` (rounds 2–${rounds})` : ' (one cold round: pass --rounds 20 for warm figures)'}:`,
    );
    for (const [label, list] of counts) {
      const min = Math.min(...list);
      const max = Math.max(...list);
      const ms = times.get(label)!;
      const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
      const cpu = cpuTimes.get(label)!.reduce((a, b) => a + b, 0) / ms.length;
      console.log(
        `  ${label.padEnd(44)} ${(min === max ? String(min) : `${min}–${max}`).padStart(5)}   ${mean.toFixed(2).padStart(6)} ms   cpu ${cpu.toFixed(2).padStart(6)} ms${ms.length > 1 ? ` (mean of ${ms.length})` : ''}`,
      );
    }
    printTimings();
  } finally {
    server.close();
    await database.close();
    await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
