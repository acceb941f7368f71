/**
 * The Quiz Arena server: `/api/*` goes to the API gateway, everything else to Next.
 * `npm run dev` and `npm start` both run this file (architecture.md, "Why a custom server").
 */
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { readConfig } from '@/services/server/config';
import { createLogger } from '@/services/server/logger';
import { API_PREFIX } from '@/services/server/gateway/gateway';
import { createApiRuntime, openConfiguredDatabase, type ApiRuntime } from '@/services/server/api-runtime';
import { ensureSeeded } from '@/services/server/content/seed';
import { serveUpload } from '@/services/server/uploads/serve';
import { UPLOADS_URL_PREFIX } from '@/services/server/uploads/store';
import { STATIC_URL_PREFIX, servePrecompressed } from '@/services/server/static/precompressed';
import { createAdmission } from '@/services/server/admission';

const LISTEN_BACKLOG = 4096;

async function main() {
  const config = readConfig();
  const log = createLogger(config.logLevel);
  const startedAt = Date.now();

  const nextApp = next({ dev: config.dev, dir: process.cwd(), hostname: 'localhost', port: config.port });
  const handleNext = nextApp.getRequestHandler();
  const staticDir = path.join(process.cwd(), '.next', 'static');

  // The database and Next start side by side; API calls wait for the database, pages don't.
  const runtimeReady: Promise<ApiRuntime> = openConfiguredDatabase(config, { pgliteThread: config.pgliteThread }).then(async (database) => {
    const seed = await ensureSeeded(database.db, { rootDir: process.cwd(), demo: config.seedDemo });
    if (seed.seeded) log.info({ report: seed.report }, 'settings, languages, pages and demo content loaded');
    log.info({ database: database.kind, location: database.location, ms: Date.now() - startedAt }, 'database ready');
    const runtime = createApiRuntime(database, config, log);
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
  runtimeReady.catch((err) => {
    log.fatal({ err }, 'the database could not be opened');
    process.exit(1);
  });
  await nextApp.prepare();

  // Each turn of the event loop starts at most this much work; later requests wait their turn in
  // order, so turns stay short and new connections keep being accepted (decision 027).
  const admission = config.admissionBudgetMs > 0 ? createAdmission({ budgetMs: config.admissionBudgetMs }) : null;
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.startsWith(API_PREFIX)) {
      runtimeReady.then((runtime) => runtime.gateway.handle(req, res)).catch((err) => {
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
  const server = http.createServer(admission ? (req, res) => admission.admit(() => handle(req, res)) : handle);
  // A client that waits before sending its body (`Expect: 100-continue`, curl's way with large
  // uploads): API calls are told to go on only once the gateway has decided to read the body, so
  // an upload refused on its declared size is never sent at all; anything else goes on at once.
  server.on('checkContinue', (req, res) => {
    if (!req.url?.startsWith(API_PREFIX)) res.writeContinue();
    if (admission) admission.admit(() => handle(req, res));
    else handle(req, res);
  });
  server.keepAliveTimeout = 65_000;

  // A backlog as deep as the kernel allows (net.core.somaxconn caps it; Node's default is 511): when
  // thousands of players open connections at once, a full queue drops their SYNs and the kernel
  // retries after 1, 3, 7 s — an answer that waits seconds before the server ever sees it.
  server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
    log.info({ port: config.port, dev: config.dev, ms: Date.now() - startedAt }, `Quiz Arena listening on http://localhost:${config.port}`);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    server.close();
    server.closeAllConnections();
    try {
      await nextApp.close();
      const runtime = await runtimeReady;
      await runtime.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
