import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database run on a worker thread (decision 024), behind the part of PGlite's
 * interface that Drizzle and the app use: `query`, `exec`, `transaction`, `listen`, `waitReady`,
 * `close`. services/server/db/pglite-host.mjs is the other side.
 *
 * Protocol (structured-cloned messages): the main thread sends `{ id, op, … }` — `query` /
 * `exec` (with `tx` inside a transaction), `begin` (answers a transaction id once PGlite has begun
 * it), `end` (`commit` true or false; answers once committed or rolled back), `listen`,
 * `unlisten`, `stats`, `close` — and the worker answers `{ id, ok, value | error }`, in the order it
 * finishes them. A notification comes as `{ notify, payload }`, before the answer of the statement
 * (or commit) that raised it, as in-process PGlite calls its listeners before the statement returns.
 *
 * Query options cross as data: `rowMode`, and the types whose parsers Drizzle sets. Drizzle's
 * parsers keep a timestamp, interval or date as its text (`(value) => value`); the worker gives
 * those types the same parser. Any other parser function is refused: it cannot cross a thread.
 */

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

export interface Results<Row = Record<string, unknown>> {
  rows: Row[];
  affectedRows?: number;
  /** The statement's own count of rows inserted, updated or deleted (from its command tag). */
  rowCount?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface RemoteTransaction {
  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface WireOptions {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

/** An error raised by the database, with PostgreSQL's fields (code, detail, constraint…) as in-process PGlite gives them. */
export class RemoteDatabaseError extends Error {
  code?: string;
  constructor(fields: Record<string, unknown> & { message: string }) {
    super(fields.message);
    for (const [key, value] of Object.entries(fields)) {
      if (key !== 'message' && key !== 'stack') (this as Record<string, unknown>)[key] = value;
    }
    this.name = typeof fields.name === 'string' ? fields.name : 'Error';
  }
}

/** A parser that returns its input (what Drizzle sets): anything else cannot run on the worker. */
function isIdentity(parser: (value: string, typeId: number) => unknown): boolean {
  const probe = '\u0000probe';
  try {
    return parser(probe, 0) === probe;
  } catch {
    return false;
  }
}

function wireOptions(options?: QueryOptions): WireOptions | undefined {
  if (!options) return undefined;
  const out: WireOptions = {};
  if (options.rowMode) out.rowMode = options.rowMode;
  if (options.parsers) {
    out.rawTypes = [];
    for (const [type, parser] of Object.entries(options.parsers)) {
      if (!isIdentity(parser)) throw new Error(`type ${type}: only parsers that keep the text as it is can run on the database's thread`);
      out.rawTypes.push(Number(type));
    }
  }
  return out;
}

export const PGLITE_HOST = path.join(process.cwd(), 'services/server/db/pglite-host.mjs');

export class RemotePGlite {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  /** Why the worker can no longer answer (it exited or failed), once it cannot. */
  private broken: Error | null = null;
  private closing = false;

  /** `template`: the file of an empty cluster to load into a new `dataDir` (services/server/db/pglite-template.ts). */
  constructor(dataDir: string | undefined, startParams: string[], template: string | null = null) {
    this.worker = new Worker(PGLITE_HOST, { workerData: { dataDir, startParams, template } });
    this.waitReady = new Promise<void>((resolve, reject) => {
      const onFirst = (message: { ready?: boolean; error?: { message: string } }) => {
        if (message.ready === true) {
          this.worker.off('message', onFirst);
          this.worker.on('message', (m) => this.receive(m));
          resolve();
        } else if (message.ready === false) {
          this.worker.off('message', onFirst);
          reject(new RemoteDatabaseError(message.error ?? { message: 'the embedded database did not start' }));
        }
      };
      this.worker.on('message', onFirst);
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(new Error(`the embedded database's thread exited (${code}) before it was ready`)));
    });
    this.worker.on('error', (error) => this.fail(new Error(`the embedded database's thread failed: ${error.message}`, { cause: error })));
    this.worker.on('exit', (code) => this.fail(new Error(`the embedded database's thread exited (${code})`)));
  }

  private fail(error: Error): void {
    if (this.broken) return;
    this.broken = error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  private receive(message: Answer | { notify: string; payload: string }): void {
    if ('notify' in message) {
      for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(new RemoteDatabaseError(message.error));
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  async query<Row = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>> {
    return this.send({ op: 'query', sql, params, options: wireOptions(options) });
  }

  async exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.send({ op: 'exec', sql, options: wireOptions(options) });
  }

  /**
   * Runs `callback` in a transaction: committed when it returns, rolled back when it throws (its
   * error is then what this throws) or calls `rollback()`. While it is open, statements from
   * outside wait on the worker, as they would in-process.
   */
  async transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const txId = await this.send<number>({ op: 'begin' });
    let closed = false;
    let rolledBack = false;
    const ensureOpen = () => {
      if (closed) throw new Error('the transaction is closed');
    };
    const tx: RemoteTransaction = {
      query: async <Row>(sql: string, params?: unknown[], options?: QueryOptions) => {
        ensureOpen();
        return this.send<Results<Row>>({ op: 'query', sql, params, options: wireOptions(options), tx: txId });
      },
      exec: async (sql: string, options?: QueryOptions) => {
        ensureOpen();
        return this.send<Results[]>({ op: 'exec', sql, options: wireOptions(options), tx: txId });
      },
      rollback: async () => {
        ensureOpen();
        rolledBack = true;
        closed = true;
        await this.send({ op: 'end', tx: txId, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.send({ op: 'end', tx: txId, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.send({ op: 'end', tx: txId, commit: !rolledBack });
    }
    return result;
  }

  /** What the database's thread did since the last call: busy time, wall time and garbage-collection pauses. */
  stats(): Promise<{ busyMs: number; wallMs: number; gc: { count: number; totalMs: number; maxMs: number } }> {
    return this.send({ op: 'stats' });
  }

  /** Statements sent to the database's thread and not answered yet. */
  get waiting(): number {
    return this.pending.size;
  }

  /** The database's files as of now, as an uncompressed tar (PGlite's dumpDataDir), for a backup. */
  async dump(): Promise<Uint8Array> {
    return this.send<Uint8Array>({ op: 'dump' });
  }

  /** Calls `callback` with each notification on `channel`; answers the function that stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.send({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.listeners.delete(channel);
      await this.send({ op: 'unlisten', channel }).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (!this.broken) {
      const exited = new Promise((resolve) => this.worker.once('exit', resolve));
      await this.send({ op: 'close' }).catch(() => undefined);
      await exited;
    }
  }
}
