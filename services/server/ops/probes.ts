import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ApiRuntime } from '@/services/server/api-runtime';
import type { Database } from '@/services/server/db/client';
import { METRICS_CONTENT_TYPE, metricsText } from '@/services/server/ops/metrics';
import { bearerToken } from '@/services/server/gateway/gateway';

/**
 * What a load balancer and an operator ask an instance (docs/deploy.md, "Probes and metrics"):
 *   GET /healthz      the process answers (liveness): always 200 while it runs
 *   GET /readyz       200 when it should get traffic: database reachable, migrations applied,
 *                     settings loaded, not draining; 503 with the reason otherwise
 *   GET /metrics      Prometheus' text format; only with the operator's token, or on the
 *                     listener of METRICS_LISTEN (never open to players)
 *   GET /ops/snapshot the embedded database's files as of now, for `npm run backup` and
 *                     `npm run db:move` on the same machine (the token of <DATA_DIR>/.qa-server.json)
 */
export type Phase = 'starting' | 'ready' | 'draining';

export interface Ops {
  readonly phase: Phase;
  /** The runtime is up (database open and migrated, content seeded). */
  ready(runtime: ApiRuntime, database: Database): void;
  /** Turns not-ready for good: the instance is stopping. */
  startDraining(): void;
  /** Answers the probe paths; false for any other path. `privileged`: the metrics listener. */
  handle(req: IncomingMessage, res: ServerResponse, options?: { privileged?: boolean }): boolean;
  /** Counts a call in flight until its response is done (or its connection gone). */
  track(res: ServerResponse): void;
  /** `track` for a server that waits for each response's 'close' itself: `begin`, then `end` once. */
  begin(): void;
  end(): void;
  readonly callsInFlight: number;
  /** Resolves true when no call is in flight any more, false when `ms` passed first. */
  waitForCalls(ms: number): Promise<boolean>;
}

export const PROBE_PATHS = ['/healthz', '/readyz', '/metrics', '/ops/snapshot'] as const;

/** The path of a request URL, without its query. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Whether a request URL is one of the probe paths (answered by `Ops.handle`). */
export function isProbeUrl(url: string): boolean {
  return (PROBE_PATHS as readonly string[]).includes(pathOf(url));
}

const READY_CHECK_TIMEOUT_MS = 2000;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]);
}

export function createOps(options: { log: Logger; metricsToken?: string; snapshotToken?: string }): Ops {
  let phase: Phase = 'starting';
  let runtime: ApiRuntime | null = null;
  let database: Database | null = null;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();

  const end = () => {
    inFlight -= 1;
    settle();
  };
  const settle = () => {
    if (inFlight === 0) for (const wake of [...idleWaiters]) wake();
  };

  async function readiness(): Promise<{ status: number; body: Record<string, unknown> }> {
    if (phase === 'draining') return { status: 503, body: { status: 'draining' } };
    if (!runtime || !database) return { status: 503, body: { status: 'starting', detail: 'the database is being opened and migrated' } };
    const checks: Record<string, string> = {};
    try {
      await withTimeout(database.db.execute(sql`select 1`), READY_CHECK_TIMEOUT_MS, 'the database');
      checks.database = 'ok';
    } catch (error) {
      checks.database = (error as Error).message;
    }
    try {
      await withTimeout(runtime.app.settings.current(), READY_CHECK_TIMEOUT_MS, 'the settings');
      checks.settings = 'ok';
    } catch (error) {
      checks.settings = (error as Error).message;
    }
    checks.migrations = 'ok';
    const ok = Object.values(checks).every((c) => c === 'ok');
    return { status: ok ? 200 : 503, body: { status: ok ? 'ready' : 'unavailable', checks } };
  }

  async function snapshot(res: ServerResponse): Promise<void> {
    if (!database?.snapshot) return sendJson(res, 404, { error: 'this instance has no embedded database to snapshot' });
    const started = Date.now();
    const bytes = await database.snapshot();
    options.log.info({ bytes: bytes.byteLength, ms: Date.now() - started }, 'database snapshot taken for a backup');
    // The files are as of the moment the snapshot began (calls wait while it is taken).
    res.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': bytes.byteLength, 'cache-control': 'no-store', 'x-snapshot-at': new Date(started).toISOString() });
    res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  return {
    get phase() {
      return phase;
    },
    ready(r, d) {
      runtime = r;
      database = d;
      if (phase === 'starting') phase = 'ready';
    },
    startDraining() {
      phase = 'draining';
    },
    get callsInFlight() {
      return inFlight;
    },
    track(res) {
      inFlight += 1;
      // A response emits 'close' once, after its end or when its connection went first.
      res.once('close', end);
    },
    begin() {
      inFlight += 1;
    },
    end,
    waitForCalls(ms) {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          idleWaiters.delete(wake);
          resolve(true);
        };
        const timer = setTimeout(() => {
          idleWaiters.delete(wake);
          resolve(false);
        }, ms);
        idleWaiters.add(wake);
      });
    },
    handle(req, res, { privileged = false } = {}) {
      const url = req.url ?? '/';
      if (!isProbeUrl(url)) return false;
      const path = pathOf(url);
      req.resume();
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendJson(res, 405, { error: `${req.method} is not accepted; use GET` }, { allow: 'GET' });
        return true;
      }
      if (path === '/healthz') {
        sendJson(res, 200, { status: 'alive', phase });
        return true;
      }
      if (path === '/readyz') {
        readiness().then(
          ({ status, body }) => sendJson(res, status, body),
          (error: unknown) => sendJson(res, 503, { status: 'unavailable', detail: (error as Error).message }),
        );
        return true;
      }
      if (path === '/metrics') {
        const token = bearerToken(req);
        const allowed = privileged || (options.metricsToken !== undefined && token !== null && sameSecret(token, options.metricsToken));
        if (!allowed) {
          // Not there for whoever has no business with it: the same answer as any unknown page.
          sendJson(res, 404, { error: 'not found' });
          return true;
        }
        metricsText().then(
          (text) => {
            res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
            res.end(text);
          },
          (error: unknown) => sendJson(res, 500, { error: (error as Error).message }),
        );
        return true;
      }
      // /ops/snapshot
      const token = bearerToken(req);
      if (!options.snapshotToken || token === null || !sameSecret(token, options.snapshotToken)) {
        sendJson(res, 404, { error: 'not found' });
        return true;
      }
      if (phase !== 'ready') {
        sendJson(res, 503, { error: `the instance is ${phase}` });
        return true;
      }
      snapshot(res).catch((error: unknown) => {
        options.log.error({ err: error }, 'database snapshot failed');
        if (!res.headersSent) sendJson(res, 500, { error: (error as Error).message });
        else res.destroy();
      });
      return true;
    },
  };
}
