import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The Firebase Auth emulator from firebase-tools, started for one test file: offline, no Java.
 * Everything it writes (firebase.json, firebase-debug.log, the hub locator file) stays in its own
 * temporary directory, and every port it opens is a free one, so several runs on one machine do
 * not meet. Starting takes 15–35 s here (it compiles its OpenAPI schema on one core): start it
 * once, in beforeAll.
 */
export interface AuthEmulator {
  readonly projectId: string;
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  readonly host: string;
  readonly url: string;
  /** What the emulator printed so far. */
  output(): string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Whether the emulator says it is ready. Plain http without keep-alive: a pooled fetch connection
 * left idle while the test file sets up the database (which blocks the event loop for seconds)
 * would be closed by the emulator under the first request of the first test.
 */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 2000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        try {
          resolve((JSON.parse(body) as { authEmulator?: { ready?: boolean } }).authEmulator?.ready === true);
        } catch {
          resolve(false);
        }
      });
      res.on('error', () => resolve(false));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/**
 * Starts the emulator and resolves once it answers. Rejects with the emulator's own output when
 * it exits or does not answer in time: a test that needs it must fail, not skip.
 */
export async function startAuthEmulator(projectId = 'demo-quiz-arena'): Promise<AuthEmulator> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quiz-arena-auth-emulator-'));
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const host = `127.0.0.1:${authPort}`;
  await fs.writeFile(
    path.join(dir, 'firebase.json'),
    JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port: authPort },
          hub: { host: '127.0.0.1', port: hubPort },
          logging: { host: '127.0.0.1', port: loggingPort },
          ui: { enabled: false },
          // Tests mint tokens of a second project to check that they are refused.
          singleProjectMode: false,
        },
      },
      null,
      2,
    ),
  );

  const cli = path.join(path.dirname(require.resolve('firebase-tools/package.json')), 'lib', 'bin', 'firebase.js');
  const child = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: dir,
    env: {
      ...process.env,
      // The hub writes its locator file to os.tmpdir(): keep it private to this run.
      TMPDIR: dir,
      NO_UPDATE_NOTIFIER: '1',
      CI: '1',
      FIREBASE_AUTH_EMULATOR_HOST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let spawnError: Error | undefined;
  child.on('error', (error) => (spawnError = error));

  // A test run that ends without stop() (a crash, an interrupted run) must not leave it behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const url = `http://${host}`;
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
    await fs.rm(dir, { recursive: true, force: true });
  };

  const started = Date.now();
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The Firebase Auth emulator exited before it was ready (${spawnError?.message ?? `exit ${child.exitCode ?? child.signalCode}`}). Its output:\n${output}`);
    }
    if (await answers(url)) break;
    if (Date.now() - started > READY_TIMEOUT_MS) {
      await stop();
      throw new Error(`The Firebase Auth emulator did not answer at ${url} within ${READY_TIMEOUT_MS / 1000} s. Its output:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return { projectId, host, url, output: () => output, stop };
}

/**
 * A call of the emulator's Identity Toolkit REST API (what the web SDK calls): `accounts:signUp`,
 * `accounts:update`… `owner` calls as the project's owner (the emulator's admin rights: set a
 * field such as emailVerified directly). Throws with the emulator's message on a refusal.
 */
export async function identityToolkit<T>(emulator: AuthEmulator, path: string, body: Record<string, unknown>, options: { apiKey?: string; owner?: boolean } = {}): Promise<T> {
  const res = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/${path}?key=${options.apiKey ?? 'fake-api-key'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(options.owner ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message?: string } };
  if (!res.ok) throw new Error(`emulator ${path} answered ${res.status}: ${json.error?.message ?? JSON.stringify(json)}`);
  return json;
}
