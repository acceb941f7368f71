import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, acquireDataDirLockWaiting, DataDirLockedError } from '@/services/server/db/lock';

let dataDir: string;
const lockFile = () => path.join(dataDir, 'pglite', '.qa-lock');

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-lock-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('writes the pid into <dataDir>/pglite/.qa-lock and removes it on release', () => {
  const lock = acquireDataDirLock(dataDir);
  expect(lock.path).toBe(lockFile());
  expect(fs.readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));
  lock.release();
  expect(fs.existsSync(lockFile())).toBe(false);
});

test('refuses a second lock while the first is held, even in the same process', () => {
  const lock = acquireDataDirLock(dataDir);
  try {
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
  } finally {
    lock.release();
  }
  acquireDataDirLock(dataDir).release();
});

test('refuses the lock while another live process holds it, naming that process', async () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  try {
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    fs.writeFileSync(lockFile(), `${child.pid}\n`);
    expect(() => acquireDataDirLock(dataDir)).toThrow(`in use by process ${child.pid}`);
  } finally {
    child.kill();
  }
});

test('takes over a lock left by a process that is gone', async () => {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  fs.writeFileSync(lockFile(), `${child.pid}\n`);
  const lock = acquireDataDirLock(dataDir);
  expect(fs.readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));
  lock.release();
});

test('takes over a lock with this process\'s pid that this process does not hold (a restarted container reuses pids)', () => {
  fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  fs.writeFileSync(lockFile(), `${process.pid}\n`);
  acquireDataDirLock(dataDir).release();
});

test('takes over a lock whose pid now belongs to another, later started process', () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  try {
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    fs.writeFileSync(lockFile(), `${child.pid}\n1\n`);
    if (process.platform === 'linux') acquireDataDirLock(dataDir).release();
    else expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
  } finally {
    child.kill();
  }
});

test('takes over a lock file that holds no pid', () => {
  fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  fs.writeFileSync(lockFile(), 'garbage');
  acquireDataDirLock(dataDir).release();
});

test('needs no lock file for an in-memory database', () => {
  const lock = acquireDataDirLock('memory://');
  expect(lock.path).toBe('');
  lock.release();
  expect(fs.existsSync('memory:')).toBe(false);
});

test('takes over a lock whose process was killed but not reaped yet (a zombie holds no file)', async () => {
  if (process.platform !== 'linux') return;
  // The shell becomes `sleep 5` and never waits for its background `sleep`: that one stays a zombie.
  const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const zombie = await new Promise<number>((resolve) => parent.stdout!.once('data', (d) => resolve(Number(String(d).trim()))));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    fs.writeFileSync(lockFile(), `${zombie}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  } finally {
    parent.kill();
  }
});

test('a start waits for the process named in the lock to be gone, then takes the lock', async () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600)'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  fs.writeFileSync(lockFile(), `${child.pid}\n`);
  expect(() => acquireDataDirLock(dataDir)).toThrow(`in use by process ${child.pid}`);
  const started = Date.now();
  const lock = await acquireDataDirLockWaiting(dataDir, { waitMs: 10_000, pollMs: 50 });
  await exited;
  expect(Date.now() - started).toBeLessThan(9_000);
  expect(fs.readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));
  lock.release();
});

test('a start still refuses, naming the owner, when the owner stays alive past the wait', async () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  try {
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    fs.writeFileSync(lockFile(), `${child.pid}\n`);
    const started = Date.now();
    await expect(acquireDataDirLockWaiting(dataDir, { waitMs: 400, pollMs: 50 })).rejects.toThrow(`in use by process ${child.pid}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  } finally {
    child.kill();
  }
});

test('a second open in the same process is refused at once, without waiting', async () => {
  const lock = acquireDataDirLock(dataDir);
  try {
    const started = Date.now();
    await expect(acquireDataDirLockWaiting(dataDir, { waitMs: 5_000 })).rejects.toThrow(DataDirLockedError);
    expect(Date.now() - started).toBeLessThan(1_000);
  } finally {
    lock.release();
  }
});
