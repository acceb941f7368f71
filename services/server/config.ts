import path from 'node:path';

/** Server configuration, read once from the environment (README, "Configuration"). */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dev: boolean;
  /** Where the embedded database and uploads live. */
  readonly dataDir: string;
  /** `postgres://…` switches from the embedded PGlite to a PostgreSQL server. */
  readonly databaseUrl: string | undefined;
  readonly logLevel: string;
  /** Seed the demo content on first start (on by default). */
  readonly seedDemo: boolean;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

export function readConfig(env: Readonly<Record<string, string | undefined>> = process.env, argv: readonly string[] = process.argv): ServerConfig {
  const dev = argv.includes('--dev') || env.NODE_ENV === 'development';
  return {
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dev,
    dataDir: path.resolve(env.DATA_DIR || path.join(process.cwd(), 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL || (dev ? 'debug' : 'info'),
    seedDemo: env.SEED_DEMO !== '0',
  };
}
