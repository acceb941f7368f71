import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  readonly url: string;
  readonly dataDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** The server process's id (benchmarks read its CPU time and signal it). */
  pid(): number;
  /**
   * Stops the server as an operator would (SIGTERM) and starts it again on the same port and data;
   * `whileStopped` runs in between (an operator command on the embedded database, e.g. `npm run admin`).
   */
  restart(whileStopped?: () => void): Promise<void>;
  /**
   * Kills the server (SIGKILL: nothing is closed, no stream ends) and starts it again at once on
   * the same port and data, as a supervisor restarting a crashed process would: without waiting
   * for the killed process to be gone. The start must succeed the first time.
   */
  crashAndRestart(): Promise<void>;
  /** Kills the server (SIGKILL) and waits until the process is gone; `start` brings it back. */
  crash(): Promise<void>;
  /** Stops the server as an operator would (SIGTERM) and waits until it has exited. */
  terminate(): Promise<void>;
  /** Starts the server again after `crash` or `terminate`, on the same port and data. */
  start(): Promise<void>;
  /** Resolves with the exit code once the current server process has exited (after a signal sent by the test). */
  exited(): Promise<number | null>;
  /** Runs an operator command (`scripts/<name>.ts` with its arguments) on this server's data: call it while stopped. */
  operatorCommand(script: string, args: string[]): string;
  stop(): Promise<void>;
}

const root = process.cwd();
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/** A TCP port nobody listens on now (the server's, nginx's, a metrics listener's). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, out: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out()}`);
    try {
      const api = await fetch(`${url}/api/get_web_settings`, { method: 'POST' });
      const page = await fetch(`${url}/`);
      if (api.status === 200 && page.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${out()}`);
}

export interface ServerOptions {
  settings?: Record<string, string>;
  /** Operator commands (`scripts/<script>.ts` with its arguments) run on the data after the settings, before the start: content the tests play. */
  commands?: readonly { script: string; args: readonly string[] }[];
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** An empty data directory even where a copy of the first-start template would do. */
  fresh?: boolean;
  /** This (empty) data directory instead of a new one. */
  dataDir?: string;
}

/** How long a first-start data directory is copied before it is made again: the demo's contests and exams are placed relative to their loading (`-1h`, `+2d`). */
const TEMPLATE_MAX_AGE_MS = 30 * 60_000;
/** Old templates are removed well after any copy of them can still be under way. */
const TEMPLATE_REMOVE_AFTER_MS = 2 * 60 * 60_000;

/**
 * A data directory the built app has started on once and stopped (the embedded database created,
 * migrated, the demo content loaded), for servers started with the usual environment: each copies
 * it (under a second) instead of doing all that again (about 5 s on a 2-core machine). One per
 * build and half hour: `qa-e2e-first-start-<build id>-<made at, ms>`. A newer one is made beside
 * an older one, never in its place: another test process may be copying the older one at that
 * moment (removing it under the copy failed a file once). Templates two hours old are removed.
 */
async function firstStartTemplate(launchFresh: (dataDir: string) => Promise<RunningServer>): Promise<string> {
  const build = fs.readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8').trim();
  const prefix = `qa-e2e-first-start-${build}-`;
  const now = Date.now();
  const made = fs
    .readdirSync(os.tmpdir())
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => ({ dir: path.join(os.tmpdir(), name), at: Number(name.slice(prefix.length)) }))
    .sort((a, b) => b.at - a.at);
  for (const old of made.filter((t) => now - t.at > TEMPLATE_REMOVE_AFTER_MS)) fs.rmSync(old.dir, { recursive: true, force: true });
  const fresh = made.find((t) => now - t.at < TEMPLATE_MAX_AGE_MS);
  if (fresh) return fresh.dir;
  const candidate = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-e2e-making-'));
  const server = await launchFresh(candidate);
  await server.terminate();
  const dir = path.join(os.tmpdir(), `${prefix}${Date.now()}`);
  fs.renameSync(candidate, dir);
  return dir;
}

/** The `KEY=value` words of a command line (an npm script's variables, BENCH_SERVER_ENV), as an environment. */
export function shellVariables(words: string): Record<string, string> {
  return Object.fromEntries(
    words
      .split(/\s+/)
      .filter((w) => /^[A-Z_][A-Z0-9_]*=/.test(w))
      .map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
  );
}

/**
 * What `npm start` runs the server with (package.json's `start`): its variables (`KEY=value`
 * before `node`) and its node flags. The tests and the benchmarks start the built server the same
 * way, so that they run what an operator runs (decisions 054 and 056).
 */
export function npmStartCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const start = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const m = /^(.*?)\bnode\s+(.*?)\s*dist\/server\.js/.exec(start);
  if (!m) throw new Error(`package.json's start does not run node dist/server.js: ${start}`);
  const env = shellVariables(m[1]!);
  return { env, nodeArgs: m[2]!.split(/\s+/).filter(Boolean) };
}

/** Runs `scripts/<script>.ts` on the data directory of `env` (the server stopped) and answers what it printed. */
function runOperatorCommand(env: NodeJS.ProcessEnv, script: string, args: readonly string[]): string {
  const res = spawnSync(tsx, [`scripts/${script}.ts`, ...args], { cwd: root, env, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${script} ${args.join(' ')} failed: ${res.stderr}${res.stdout}`);
  return res.stdout;
}

/**
 * Starts the built app (`npm run build` must have run: .next/ and dist/server.js) on a free port with its own data
 * directory: a copy of the first-start template when the environment is the usual one (none, or
 * DEV_OUTBOX=1, on the embedded database), else an empty one (`fresh: true` asks for an empty one
 * always). `settings` are written with the operator CLI before the start, then `commands` run; `env` adds variables
 * (e.g. DEV_OUTBOX=1); `nodeArgs` go to node before the script (e.g. `--cpu-prof`).
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const usual = !options.fresh && !options.dataDir && Object.entries(options.env ?? {}).every(([key, value]) => key === 'DEV_OUTBOX' && value === '1');
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'qa-e2e-'));
  if (usual) {
    const template = await firstStartTemplate((empty) => startServer({ env: { DEV_OUTBOX: '1' }, dataDir: empty }));
    fs.cpSync(template, dataDir, { recursive: true, preserveTimestamps: true });
  }
  const start = npmStartCommand();
  const env: NodeJS.ProcessEnv = { ...process.env, ...start.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '', ...options.env };
  if (options.settings && Object.keys(options.settings).length > 0) {
    // One process for all of them: each run opens (and on first use migrates) the database.
    const res = spawnSync(tsx, ['tests/e2e/support/apply-settings.ts', JSON.stringify(options.settings)], { cwd: root, env, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`settings ${JSON.stringify(options.settings)} failed: ${res.stderr}${res.stdout}`);
  }
  for (const { script, args } of options.commands ?? []) runOperatorCommand(env, script, args);
  const port = await freePort();
  let log = '';
  // Links in mail point at PUBLIC_URL: make them the address the browser uses.
  const childEnv = { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
  const url = `http://127.0.0.1:${port}`;
  const launch = async (): Promise<ChildProcess> => {
    const started = spawn(process.execPath, [...start.nodeArgs, ...(options.nodeArgs ?? []), 'dist/server.js'], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout!.on('data', (d) => (log += d));
    started.stderr!.on('data', (d) => (log += d));
    await waitFor(url, started, () => log, 60_000);
    return started;
  };
  const terminate = async (running: ChildProcess) => {
    if (running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    await exited;
  };
  let child = await launch();
  return {
    url,
    dataDir,
    output: () => log,
    pid: () => child.pid!,
    async restart(whileStopped) {
      await terminate(child);
      whileStopped?.();
      log += '\n--- restarted ---\n';
      child = await launch();
    },
    exited() {
      const running = child;
      if (running.exitCode !== null || running.signalCode !== null) return Promise.resolve(running.exitCode);
      return new Promise((resolve) => running.once('exit', (code) => resolve(code)));
    },
    async crash() {
      const exited = child.exitCode === null ? new Promise((r) => child.once('exit', r)) : Promise.resolve();
      child.kill('SIGKILL');
      await exited;
      log += '\n--- killed (SIGKILL) ---\n';
    },
    async terminate() {
      await terminate(child);
      log += '\n--- stopped (SIGTERM) ---\n';
    },
    async start() {
      child = await launch();
      log += '\n--- started ---\n';
    },
    async crashAndRestart() {
      child.kill('SIGKILL');
      log += '\n--- killed (SIGKILL) and started again ---\n';
      child = await launch();
    },
    operatorCommand(script, args) {
      return runOperatorCommand(env, script, args);
    },
    async stop() {
      await terminate(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
