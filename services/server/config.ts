import path from 'node:path';
import { ROOM_STREAM_HEARTBEAT_MS } from '@/services/domain/rooms';

/** Server configuration, read once from the environment (README, "Configuration"). */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dev: boolean;
  /** Where the embedded database and uploads live. */
  readonly dataDir: string;
  /** `postgres://…` switches from the embedded PGlite to a PostgreSQL server. */
  readonly databaseUrl: string | undefined;
  /** Run the embedded PGlite on a worker thread of its own (`PGLITE_THREAD=worker`; decision 024). */
  readonly pgliteThread: boolean;
  /**
   * The embedded database's buffer cache (PostgreSQL's shared_buffers; `PGLITE_SHARED_BUFFERS`,
   * default PGLITE_SHARED_BUFFERS): resident memory the server holds from its start (decision 054).
   */
  readonly pgliteSharedBuffers: string;
  readonly logLevel: string;
  /** Seed the demo content on first start (on by default). */
  readonly seedDemo: boolean;
  /** Who proves a player's identity: the built-in provider or Firebase Auth. */
  readonly identityProvider: 'local' | 'firebase';
  /** Firebase project (identity provider 'firebase'); the web config is public by design. */
  readonly firebase: {
    readonly projectId: string;
    readonly apiKey: string;
    readonly authDomain: string;
    /** host:port of the Firebase Auth emulator, for tests and local development. */
    readonly authEmulatorHost: string | undefined;
  } | null;
  /** smtp://user:pass@host:port — mail goes out through it; unset: mail goes to the log (and the dev outbox). */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Keep mail and SMS in the dev outbox and show it at /dev/outbox/ (on in dev mode). Never on a public server. */
  readonly devOutbox: boolean;
  /** Public address of the app, used in links sent by mail. */
  readonly publicUrl: string;
  /**
   * This process's address for the other processes of the same database (LIVE_NODE_URL): a live
   * game's calls and streams reach the process that runs it there. Default http://127.0.0.1:<PORT>.
   */
  readonly liveNodeUrl: string;
  /** Behind a reverse proxy: take the caller's address from X-Forwarded-For. */
  readonly trustProxy: boolean;
  /** Where room documents go (docs/rooms.md, Room store adapters): in-process/LISTEN-NOTIFY, or Firestore too. */
  readonly roomStore: 'embedded' | 'firestore';
  /** Interval of the room stream's heartbeat comment (keeps proxies from closing idle streams). */
  readonly roomStreamHeartbeatMs: number;
  /** Work one event-loop turn may start before later requests wait their turn (decision 027); 0: no limit. */
  readonly admissionBudgetMs: number;
  /** How long a stopping instance lets the calls in flight finish before it closes what is left (docs/deploy.md). */
  readonly shutdownGraceMs: number;
  /** GET /metrics on the main port with `Authorization: Bearer <token>`; unset: not there. */
  readonly metricsToken: string | undefined;
  /** GET /metrics (and the probes) on a listener of their own, `host:port`; unset: none. */
  readonly metricsListen: { host: string; port: number } | undefined;
}

/**
 * The embedded database's buffer cache by default: PostgreSQL's 128MB cost the server about
 * 100 MB of resident memory more at start; the data files it would have cached stay in the
 * machine's page cache, which the server's memory does not count (decision 054, bench/memory).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** How long a stopping instance waits for its calls in flight by default. */
export const SHUTDOWN_GRACE_MS = 10_000;

function listenAddress(value: string | undefined): { host: string; port: number } | undefined {
  if (!value) return undefined;
  const m = /^(?:\[([0-9a-fA-F:]+)\]|([^:]+)):(\d{1,5})$/.exec(value.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port < 1 || port > 65535) throw new Error(`METRICS_LISTEN must be host:port (e.g. 127.0.0.1:9464), got "${value}"`);
  return { host: m[1] ?? m[2]!, port };
}

/** The default turn budget (decision 027). */
export const ADMISSION_BUDGET_MS = 5;

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

/** Reads the configuration; a Firebase provider without a project id is refused at start. */
export function readConfig(env: Readonly<Record<string, string | undefined>> = process.env, argv: readonly string[] = process.argv): ServerConfig {
  const dev = argv.includes('--dev') || env.NODE_ENV === 'development';
  const provider = env.IDENTITY_PROVIDER || 'local';
  if (provider !== 'local' && provider !== 'firebase') {
    throw new Error(`IDENTITY_PROVIDER must be local or firebase, got "${provider}"`);
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST && env.NODE_ENV === 'production' && !dev) {
    // firebase-admin skips token signature checks when it talks to the emulator.
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST turns off ID-token signature checks: it is for tests and development only');
  }
  if (provider === 'firebase' && !env.FIREBASE_PROJECT_ID) {
    throw new Error('IDENTITY_PROVIDER=firebase needs FIREBASE_PROJECT_ID (and FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN for the web app)');
  }
  const roomStore = env.ROOM_STORE || 'embedded';
  if (roomStore !== 'embedded' && roomStore !== 'firestore') {
    throw new Error(`ROOM_STORE must be embedded or firestore, got "${roomStore}"`);
  }
  if (roomStore === 'firestore' && provider !== 'firebase') {
    // Players read their rooms from Firestore as their Firebase user (firestore.rules), so the
    // rooms need the Firebase project and the players need Firebase sign-in.
    throw new Error('ROOM_STORE=firestore needs Firebase configured: IDENTITY_PROVIDER=firebase and FIREBASE_PROJECT_ID');
  }
  const pgliteThread = env.PGLITE_THREAD || 'main';
  if (pgliteThread !== 'main' && pgliteThread !== 'worker') {
    throw new Error(`PGLITE_THREAD must be main or worker, got "${pgliteThread}"`);
  }
  const sharedBuffers = env.PGLITE_SHARED_BUFFERS || PGLITE_SHARED_BUFFERS;
  const buffers = /^(\d+)(kB|MB|GB)$/.exec(sharedBuffers);
  const buffersKb = buffers ? Number(buffers[1]) * { kB: 1, MB: 1024, GB: 1024 * 1024 }[buffers[2] as 'kB' | 'MB' | 'GB'] : 0;
  if (!buffers || buffersKb < 1024 || buffersKb > 4 * 1024 * 1024) {
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size from 1MB to 4GB, such as 32MB, got "${sharedBuffers}"`);
  }
  const heartbeat = env.ROOM_STREAM_HEARTBEAT_MS;
  const roomStreamHeartbeatMs = heartbeat ? Number(heartbeat) : ROOM_STREAM_HEARTBEAT_MS;
  if (!Number.isInteger(roomStreamHeartbeatMs) || roomStreamHeartbeatMs < 10 || roomStreamHeartbeatMs > 600_000) {
    throw new Error(`ROOM_STREAM_HEARTBEAT_MS must be a whole number of milliseconds from 10 to 600000, got "${heartbeat}"`);
  }
  const budget = env.ADMISSION_BUDGET_MS;
  const admissionBudgetMs = budget ? Number(budget) : ADMISSION_BUDGET_MS;
  if (!Number.isFinite(admissionBudgetMs) || admissionBudgetMs < 0 || admissionBudgetMs > 1000) {
    throw new Error(`ADMISSION_BUDGET_MS must be a number of milliseconds from 0 (no limit) to 1000, got "${budget}"`);
  }
  const grace = env.SHUTDOWN_GRACE_MS;
  const shutdownGraceMs = grace ? Number(grace) : SHUTDOWN_GRACE_MS;
  if (!Number.isInteger(shutdownGraceMs) || shutdownGraceMs < 0 || shutdownGraceMs > 600_000) {
    throw new Error(`SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 600000, got "${grace}"`);
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new Error('METRICS_TOKEN must be at least 16 characters long (it is all that keeps /metrics from players)');
  }
  return {
    shutdownGraceMs,
    metricsToken,
    metricsListen: listenAddress(env.METRICS_LISTEN),
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dev,
    dataDir: path.resolve(env.DATA_DIR || path.join(process.cwd(), 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteThread: pgliteThread === 'worker',
    pgliteSharedBuffers: sharedBuffers,
    logLevel: env.LOG_LEVEL || (dev ? 'debug' : 'info'),
    seedDemo: env.SEED_DEMO !== '0',
    identityProvider: env.IDENTITY_PROVIDER === 'firebase' ? 'firebase' : 'local',
    firebase:
      env.IDENTITY_PROVIDER === 'firebase'
        ? {
            projectId: env.FIREBASE_PROJECT_ID ?? '',
            apiKey: env.FIREBASE_API_KEY ?? '',
            authDomain: env.FIREBASE_AUTH_DOMAIN ?? '',
            authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
          }
        : null,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Quiz Arena <no-reply@localhost>',
    devOutbox: env.DEV_OUTBOX === '1' || (dev && env.DEV_OUTBOX !== '0'),
    trustProxy: env.TRUST_PROXY === '1',
    roomStore,
    roomStreamHeartbeatMs,
    admissionBudgetMs,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${intFrom(env.PORT, 3000, 'PORT')}`).replace(/\/$/, ''),
    liveNodeUrl: (env.LIVE_NODE_URL || `http://127.0.0.1:${intFrom(env.PORT, 3000, 'PORT')}`).replace(/\/$/, ''),
  };
}
