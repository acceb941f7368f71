/**
 * The Quiz Arena server: `/api/*` goes to the API gateway, everything else to Next.
 * `npm run dev` and `npm start` both run this file (architecture.md, "Why a custom server").
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import next from 'next';
import { readConfig } from '@/services/server/config';
import { createLogger } from '@/services/server/logger';
import { API_PREFIX, isStreamUrl } from '@/services/server/gateway/gateway';
import { SOCKET_PATH } from '@/services/server/gateway/socket';
import { beginArrival, endArrival } from '@/services/server/gateway/arrival';
import { createApiRuntime, openConfiguredDatabase, type ApiRuntime } from '@/services/server/api-runtime';
import { ensureSeeded } from '@/services/server/content/seed';
import { serveUpload } from '@/services/server/uploads/serve';
import { UPLOADS_URL_PREFIX } from '@/services/server/uploads/store';
import { STATIC_URL_PREFIX, servePrecompressed } from '@/services/server/static/precompressed';
import { createAdmission } from '@/services/server/admission';
import { createOps, isProbeUrl } from '@/services/server/ops/probes';
import { createConnectionDrain } from '@/services/server/ops/connection-drain';
import { bindGauges, collectDefaultMetrics } from '@/services/server/ops/metrics';
import { removeServerControl, writeServerControl } from '@/services/server/ops/control-file';
import { dataDirWarning, ensurePrivateDir, ownerOnlyFromNowOn } from '@/services/server/ops/private-files';

const LISTEN_BACKLOG = 4096;
/** How long a draining instance keeps counting a stream it told to reconnect (docs/deploy.md). */
const STREAM_HANDOVER_MS = 2000;

async function main() {
  const config = readConfig();
  const log = createLogger(config.logLevel);
  const startedAt = Date.now();

  // DATA_DIR holds the database, uploads and the control file: the server user's alone (0700,
  // files 0600; docs/deploy.md, "Files and their permissions"), whatever umask it was started with.
  ownerOnlyFromNowOn();
  if (config.dataDir !== 'memory://') {
    const warning = dataDirWarning(config.dataDir, ensurePrivateDir(config.dataDir).openToOthers);
    if (warning) log.warn({ dataDir: path.resolve(config.dataDir) }, warning);
  }

  collectDefaultMetrics();
  // A token for this run only, written beside the embedded database for the operator commands of
  // the same machine (npm run backup / db:move while the server runs).
  const snapshotToken = config.databaseUrl ? undefined : randomBytes(24).toString('base64url');
  const ops = createOps({ log, metricsToken: config.metricsToken, snapshotToken });
  let draining = false;

  const nextApp = next({ dev: config.dev, dir: process.cwd(), hostname: 'localhost', port: config.port });
  const handleNext = nextApp.getRequestHandler();
  const staticDir = path.join(process.cwd(), '.next', 'static');

  // The database and Next start side by side; API calls wait for the database, pages don't.
  /** The runtime once the database is up (null before). */
  let readyRuntime: ApiRuntime | null = null;
  const runtimeReady: Promise<ApiRuntime> = openConfiguredDatabase(config, { pgliteThread: config.pgliteThread, pgliteSharedBuffers: config.pgliteSharedBuffers }).then(async (database) => {
    const seed = await ensureSeeded(database.db, { rootDir: process.cwd(), demo: config.seedDemo });
    if (seed.seeded) log.info({ report: seed.report }, 'settings, languages, pages and demo content loaded');
    log.info({ database: database.kind, location: database.location, ms: Date.now() - startedAt }, 'database ready');
    const runtime = createApiRuntime(database, config, log);
    ops.ready(runtime, database);
    bindGauges({
      roomStreams: () => runtime.gateway.roomStreams.openCount,
      notificationStreams: () => runtime.gateway.notificationStreams.openCount,
      playerSockets: () => runtime.gateway.sockets.openCount,
      activeRooms: () => runtime.app.rooms.activeRooms(),
      callsInFlight: () => ops.callsInFlight,
      draining: () => (draining ? 1 : 0),
      database: () => (database.poolStats ? { engine: database.kind, ...database.poolStats() } : null),
    });
    // Benchmarks only (bench/realtime): SIGUSR2 writes the process's own figures to this file.
    if (process.env.QA_RUNTIME_STATS) {
      const { installRuntimeStats } = await import('@/services/server/runtime-stats');
      installRuntimeStats(process.env.QA_RUNTIME_STATS, async () => ({
        roomCommits: runtime.app.rooms.commitStats(),
        commitWaits: runtime.app.rooms.takeCommitWaits(),
        roomFrames: runtime.gateway.roomStreams.frames.serialisations,
        databaseThread: (await database.threadStats?.()) ?? null,
      }));
    }
    return runtime;
  });
  runtimeReady.then(
    (ready) => {
      readyRuntime = ready;
    },
    () => undefined,
  );
  runtimeReady.catch((err) => {
    log.fatal({ err }, 'the database could not be opened');
    process.exit(1);
  });
  await nextApp.prepare();

  // Each turn of the event loop starts at most this much work; later requests wait their turn in
  // order, so turns stay short and new connections keep being accepted (decision 027).
  const admission = config.admissionBudgetMs > 0 ? createAdmission({ budgetMs: config.admissionBudgetMs }) : null;
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) {
      // Calls that still arrive on open connections are answered, and the connection is closed
      // after them; a proxy sends the next request to another instance.
      res.setHeader('connection', 'close');
    }
    if (ops.handle(req, res)) return;
    if (req.url?.startsWith(API_PREFIX)) {
      if (draining && isStreamUrl(req.url)) {
        // A stream opened now would be cut at once: the client (or the proxy, for a GET) tries
        // another instance.
        req.resume();
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close' }).end('{"error":true,"message":"draining"}');
        return;
      }
      // Once the database is up the gateway is called at once, not a promise's turn later.
      const call = readyRuntime ? readyRuntime.gateway.handle(req, res) : runtimeReady.then((ready) => ready.gateway.handle(req, res));
      call.catch((err) => {
        log.error({ err }, 'api request failed before the gateway');
        if (!res.headersSent) res.writeHead(503).end();
      });
      return;
    }
    // Uploaded files need only the configuration, not the database: served at once.
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.startsWith(UPLOADS_URL_PREFIX)) {
      serveUpload(req, res, config).catch((err) => {
        log.error({ err, url: req.url }, 'upload request failed');
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    const toNext = () =>
      handleNext(req, res).catch((err) => {
        log.error({ err, url: req.url }, 'page request failed');
        if (!res.headersSent) res.writeHead(500).end();
      });
    // The build's scripts and styles as brotli when the browser takes it; otherwise Next's gzip.
    if (!config.dev && req.url?.startsWith(STATIC_URL_PREFIX)) {
      servePrecompressed(req, res, staticDir).then(
        (served) => {
          if (!served) void toNext();
        },
        (err) => {
          log.error({ err, url: req.url }, 'static request failed');
          if (!res.headersSent) res.writeHead(500).end();
        },
      );
      return;
    }
    void toNext();
  };
  // Every request is counted as it is read, before admission may hold it back a turn: a stop waits
  // for the calls, pages, scripts and uploads in flight (streams and probes are not counted).
  // One 'close' listener per response ends all three counts (a response emits it once, after its
  // end or when its connection went first): fewer listeners and closures on every call.
  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '/';
    const api = url.startsWith(API_PREFIX);
    const stream = api && isStreamUrl(url);
    const counted = !stream && !isProbeUrl(url);
    // An API call is timed from the moment it has fully arrived, before admission may hold it
    // (services/server/gateway/arrival.ts): answers keep their points and their deadline.
    const timed = api && !stream && beginArrival(req);
    connections.begin(req, stream);
    if (counted) ops.begin();
    res.once('close', () => {
      connections.end(req, stream);
      if (counted) ops.end();
      if (timed) endArrival(req);
    });
    if (admission) admission.admit(() => handle(req, res));
    else handle(req, res);
  };
  const server = http.createServer(serve);
  const connections = createConnectionDrain(server);
  // A client that waits before sending its body (`Expect: 100-continue`, curl's way with large
  // uploads): API calls are told to go on only once the gateway has decided to read the body, so
  // an upload refused on its declared size is never sent at all; anything else goes on at once.
  server.on('checkContinue', (req, res) => {
    if (!req.url?.startsWith(API_PREFIX)) res.writeContinue();
    serve(req, res);
  });
  // The players' sockets (GET /api/socket upgraded; docs/rooms.md, "The socket"). Anything else
  // asking to upgrade is refused.
  server.on('upgrade', (req: http.IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== SOCKET_PATH || draining || !readyRuntime) {
      const status = path !== SOCKET_PATH ? '404 Not Found' : '503 Service Unavailable';
      socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n${status.startsWith('503') ? 'retry-after: 1\r\n' : ''}\r\n`);
      return;
    }
    readyRuntime.gateway.sockets.upgrade(req, socket, head);
  });
  server.keepAliveTimeout = 65_000;

  // A backlog as deep as the kernel allows (net.core.somaxconn caps it; Node's default is 511): when
  // thousands of players open connections at once, a full queue drops their SYNs and the kernel
  // retries after 1, 3, 7 s — an answer that waits seconds before the server ever sees it.
  server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
    log.info({ port: config.port, dev: config.dev, ms: Date.now() - startedAt }, `Quiz Arena listening on http://localhost:${config.port}`);
  });

  // Probes and metrics on a listener of their own, for a scraper that should not reach the app's port.
  let metricsServer: http.Server | null = null;
  if (config.metricsListen) {
    const { host, port } = config.metricsListen;
    metricsServer = http.createServer((req, res) => {
      if (!ops.handle(req, res, { privileged: true })) res.writeHead(404).end();
    });
    metricsServer.listen({ port, host }, () => log.info({ host, port }, 'metrics and probes listening'));
  }

  runtimeReady.then(
    (runtime) => {
      if (snapshotToken) writeServerControl(config.dataDir, { port: (server.address() as { port: number } | null)?.port ?? config.port, host: config.host, token: snapshotToken });
      return runtime;
    },
    () => undefined,
  );

  /**
   * Graceful stop (docs/deploy.md, "Restarting without losing a call"): not ready at once, no new
   * connections, every room and notification stream told to reconnect (elsewhere), the calls in
   * flight answered (up to SHUTDOWN_GRACE_MS), queued room versions written, then the database
   * closed. A second signal stops at once.
   */
  const shutdown = async (signal: string) => {
    if (draining) {
      log.warn({ signal }, 'second signal: stopping now');
      process.exit(1);
    }
    draining = true;
    ops.startDraining();
    const stopStarted = Date.now();
    log.info({ signal, callsInFlight: ops.callsInFlight, graceMs: config.shutdownGraceMs }, 'draining: not ready, no new connections');
    // The listener closes once the connections the kernel has already completed are taken (a
    // proxy may have written a call on one); the connections already open stay open for now, and
    // every answer from now on carries `Connection: close` (services/server/ops/connection-drain.ts).
    const listenerClosed = connections.closeListener();
    let exitCode = 0;
    try {
      const listener = await listenerClosed;
      if (listener.turns > 0 || listener.leftWaiting) log.info(listener, 'listener closed after taking the connections waiting for it');
      const runtime = await Promise.race([runtimeReady, new Promise<null>((resolve) => setTimeout(() => resolve(null), config.shutdownGraceMs))]);
      // The streams move to other instances at once; their closes are recorded a moment later,
      // once their members are counted there, so nobody is shown as gone meanwhile.
      if (runtime) await runtime.gateway.close({ handoverMs: Math.min(STREAM_HANDOVER_MS, config.shutdownGraceMs) });
      const finished = await ops.waitForCalls(Math.max(0, config.shutdownGraceMs - (Date.now() - stopStarted)));
      if (!finished) log.warn({ callsInFlight: ops.callsInFlight }, 'grace period over: closing the calls still in flight');
      // A proxy's idle connections are left for it to close (it may be writing a call on one);
      // the rest close now, and at the end of the grace period whatever is left is cut.
      const ended = await connections.endConnections({ deadline: stopStarted + config.shutdownGraceMs });
      if (ended.cut > 0) log.warn(ended, 'grace period over: connections cut');
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      await nextApp.close();
      if (runtime) await runtime.close();
      log.info({ ms: Date.now() - stopStarted }, 'stopped');
    } catch (err) {
      exitCode = 1;
      log.error({ err }, 'shutdown failed');
    } finally {
      removeServerControl(config.dataDir, process.pid);
      process.exit(exitCode);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
