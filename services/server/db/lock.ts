import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from '@/services/server/ops/private-files';

/**
 * PGlite has no lock of its own: two processes opening the same directory corrupt it. Whoever opens
 * the embedded database (the server, `npm run seed`, `npm run import`) first takes this lock file.
 *
 * The file holds the owner's pid on its first line and, on Linux, the process start time (from
 * /proc/<pid>/stat) on its second, so that a pid reused by another process after a crash (in a
 * container the server is often pid 1 every time) is not mistaken for the owner.
 */
export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if this process still owns it. Safe to call more than once. */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${path.dirname(lockPath)} is in use by process ${ownerPid} ` +
        '(probably the running Quiz Arena server). Stop that process first, or set DATABASE_URL to use a ' +
        `PostgreSQL server, which several processes can share. If no such process exists, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export const LOCK_FILE_NAME = '.qa-lock';

/** Lock files held by this process, so that a second open in the same process is refused too. */
const held = new Set<string>();

function processStartTime(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime) counts from the end of the command name, which may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? '';
  } catch {
    return '';
  }
}

/** The state letter of a process on Linux (R, S, D, Z for a zombie, X dead…), or '' when unknown. */
function processState(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2);
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A killed process its parent has not reaped yet is a zombie: it holds no file any more.
  const state = processState(pid);
  return state !== 'Z' && state !== 'X';
}

interface LockOwner {
  pid: number;
  start: string;
}

function readOwner(file: string): LockOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const [pidLine = '', startLine = ''] = text.split('\n');
  const pid = Number(pidLine.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, start: startLine.trim() };
}

function ownerIsRunning(owner: LockOwner, file: string): boolean {
  if (owner.pid === process.pid) return held.has(file);
  if (!isAlive(owner.pid)) return false;
  if (owner.start) {
    const now = processStartTime(owner.pid);
    if (now && now !== owner.start) return false;
  }
  return true;
}

/**
 * Takes the lock of the embedded database under `dataDir` (`<dataDir>/pglite/.qa-lock`), creating
 * the directory if needed (`memory://` needs no lock). Throws DataDirLockedError when a live process holds it; a lock left by
 * a process that is gone is taken over. The lock is released on `release()` and at process exit.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  // An in-memory database belongs to its process alone.
  if (dataDir === 'memory://') return { path: '', release: () => {} };
  const dir = path.resolve(dataDir, 'pglite');
  ensurePrivateDir(dataDir);
  ensurePrivateDir(dir);
  const file = path.join(dir, LOCK_FILE_NAME);
  const content = `${process.pid}\n${processStartTime(process.pid)}\n`;

  let created = false;
  try {
    fs.writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }

  if (!created) {
    const owner = readOwner(file);
    if (owner && ownerIsRunning(owner, file)) throw new DataDirLockedError(file, owner.pid);
    // Stale: write ours beside it and rename over it (atomic), then check that we won any race.
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, content, { mode: 0o600 });
    fs.renameSync(temp, file);
    const now = readOwner(file);
    if (!now || now.pid !== process.pid) throw new DataDirLockedError(file, now?.pid ?? 0);
  }

  held.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(file);
    process.off('exit', release);
    const owner = readOwner(file);
    if (owner?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { path: file, release };
}

/** How long a start waits for the process named in the lock to be gone (a supervisor restarting a crashed server at once). */
export const LOCK_WAIT_MS = 10_000;

/**
 * acquireDataDirLock, but while another process holds the lock it waits up to `waitMs` for that
 * process to be gone (checking every `pollMs`) before refusing: a server killed a moment ago may
 * still be exiting when its supervisor starts the next one.
 */
export async function acquireDataDirLockWaiting(dataDir: string, options: { waitMs?: number; pollMs?: number } = {}): Promise<DataDirLock> {
  const deadline = Date.now() + (options.waitMs ?? LOCK_WAIT_MS);
  const pollMs = options.pollMs ?? 100;
  for (;;) {
    try {
      return acquireDataDirLock(dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || error.ownerPid === process.pid || Date.now() + pollMs > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
