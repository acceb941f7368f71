// The embedded database on a thread of its own (decision 024). The server's main thread parses
// requests, runs commands and writes streams; PGlite's WebAssembly runs here, on the other core,
// so a statement never stalls the event loop that answers players, and the room service's group
// commit gathers what arrives while the previous batch is written.
//
// Plain JavaScript, loaded as it is by the server, by `tsx` in development and by the tests'
// worker threads alike (services/server/db/pglite-remote.ts is the other side; the protocol is
// described there). It does what the main thread asks, in the order asked, through PGlite's own
// API, so that PGlite's rules hold unchanged: one statement at a time, and a statement from
// outside an open transaction waits for it to end.
import fs from 'node:fs';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, startParams, template } = workerData;

/** The open transactions, by id: each waits for the main thread's decision (`end`). */
const transactions = new Map();
/** The channels listened on: their unlisten functions. */
const listening = new Map();
let nextTx = 1;

/** PGlite's parsers for the types whose text is wanted as it is (Drizzle keeps timestamps as text). */
function parsersOf(options) {
  if (!options?.rawTypes?.length) return undefined;
  const parsers = {};
  for (const type of options.rawTypes) parsers[type] = (value) => value;
  return parsers;
}

function queryOptions(options) {
  if (!options) return undefined;
  const out = {};
  if (options.rowMode) out.rowMode = options.rowMode;
  const parsers = parsersOf(options);
  if (parsers) out.parsers = parsers;
  return out;
}

/** What crosses back of an error: its message and PostgreSQL's fields (code, detail, constraint…). */
function errorOf(error) {
  const out = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function') continue;
      if (key === 'query' || key === 'params') continue;
      if (typeof value === 'object' && value !== null) continue;
      out[key] = value;
    }
  }
  return out;
}

/** What the thread did since the last `stats` (bench/realtime): its busy time and garbage-collection pauses. */
let pauses = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push(entry.duration);
}).observe({ entryTypes: ['gc'] });
let utilization = performance.eventLoopUtilization();

function takeStats() {
  const now = performance.eventLoopUtilization();
  const since = performance.eventLoopUtilization(now, utilization);
  utilization = now;
  const round = (ms) => Math.round(ms * 100) / 100;
  const out = {
    busyMs: round(since.active),
    wallMs: round(since.active + since.idle),
    gc: { count: pauses.length, totalMs: round(pauses.reduce((a, b) => a + b, 0)), maxMs: round(Math.max(0, ...pauses)) },
  };
  pauses = [];
  return out;
}

let db;
try {
  // A new directory gets the build's empty cluster instead of PGlite's initdb (decision 054).
  db = dataDir ? new PGlite(dataDir, { startParams, ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}) }) : new PGlite({ startParams });
  await db.waitReady;
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: errorOf(error) });
  process.exit(1);
}

function handleOf(message) {
  if (message.tx == null) return db;
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`transaction ${message.tx} is not open`);
  return open.tx;
}

async function run(message) {
  switch (message.op) {
    case 'query':
      return handleOf(message).query(message.sql, message.params, queryOptions(message.options));
    case 'exec':
      return handleOf(message).exec(message.sql, queryOptions(message.options));
    case 'begin': {
      const id = nextTx++;
      let started;
      const ready = new Promise((resolve) => (started = resolve));
      const entry = { tx: null, decide: null };
      const decision = new Promise((resolve) => (entry.decide = resolve));
      entry.done = db
        .transaction(async (tx) => {
          entry.tx = tx;
          transactions.set(id, entry);
          started();
          const commit = await decision;
          if (!commit) await tx.rollback();
        })
        .finally(() => transactions.delete(id));
      // A transaction that could not even begin answers its error here.
      await Promise.race([ready, entry.done]);
      return id;
    }
    case 'end': {
      const entry = transactions.get(message.tx);
      if (!entry) throw new Error(`transaction ${message.tx} is not open`);
      entry.decide(message.commit);
      await entry.done;
      return null;
    }
    case 'listen': {
      if (!listening.has(message.channel)) {
        const unlisten = await db.listen(message.channel, (payload) => parentPort.postMessage({ notify: message.channel, payload }));
        listening.set(message.channel, unlisten);
      }
      return null;
    }
    case 'unlisten': {
      const unlisten = listening.get(message.channel);
      listening.delete(message.channel);
      if (unlisten) await unlisten();
      return null;
    }
    case 'stats':
      return takeStats();
    case 'dump': {
      // A consistent copy of the files (PGlite waits for open transactions and checkpoints first).
      const file = await db.dumpDataDir('none');
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  run(message).then(
    (value) => {
      parentPort.postMessage({ id: message.id, ok: true, value });
      if (message.op === 'close') parentPort.close();
    },
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: errorOf(error) }),
  );
});
