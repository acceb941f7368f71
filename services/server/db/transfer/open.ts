import fs from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '@/services/server/db/lock';
import { ensurePrivateDir } from '@/services/server/ops/private-files';
import { CONTROL_FILE_NAME, type ServerControl } from '@/services/server/ops/control-file';
import { isPostgresUrl, openPgliteSession, openPostgresSession, pgliteDirOf, type SqlSession } from '@/services/server/db/transfer/session';

/**
 * Opens what an operator names on the command line: a PostgreSQL URL, or an embedded data
 * directory (the server's DATA_DIR). An embedded directory is opened by one process at a time
 * (services/server/db/lock.ts); when the server holds it, a source is read from a snapshot the
 * server takes for the command (`/ops/snapshot`, docs/deploy.md "Backups"), a target is refused.
 */
export interface OpenedDatabase {
  readonly session: SqlSession;
  /** The data directory, for an embedded database. */
  readonly dataDir: string | null;
  /** Read from a snapshot of the running server rather than the directory itself. */
  readonly fromRunningServer: boolean;
  /** When the running server took that snapshot (ISO time). */
  readonly snapshotAt?: string;
  /** A target: its rows are in and committed; a later run will not take it for an unfinished one. */
  completed(): void;
  close(): Promise<void>;
}

/**
 * In a new embedded target until its rows are committed: a move or restore stopped before then
 * (Ctrl-C, a kill, a power cut) leaves it, and the next run into the same directory starts that
 * directory again from empty instead of refusing it or opening a half-made database.
 */
export const INCOMPLETE_MARKER = '.qa-incomplete';

export function readServerControl(dataDir: string): ServerControl | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(path.resolve(dataDir), CONTROL_FILE_NAME), 'utf8')) as ServerControl;
  } catch {
    return null;
  }
}

/** Asks the running server for a consistent copy of its embedded database (a tar of its files). */
export async function snapshotFromServer(dataDir: string, ownerPid: number): Promise<{ files: Blob; takenAt: string }> {
  const control = readServerControl(dataDir);
  if (!control || control.pid !== ownerPid) {
    throw new Error(
      `The embedded database in ${dataDir} is held by process ${ownerPid}, which did not say how to reach it ` +
        `(no ${CONTROL_FILE_NAME}; a server older than this command, or another command): stop it first.`,
    );
  }
  const response = await fetch(`${control.url}/ops/snapshot`, { headers: { authorization: `Bearer ${control.token}` } });
  if (!response.ok) throw new Error(`The running server refused the snapshot: ${response.status} ${await response.text()}`);
  const asked = new Date().toISOString();
  return { files: await response.blob(), takenAt: response.headers.get('x-snapshot-at') ?? asked };
}

/** Opens a source to read from: the running server's snapshot when it holds the directory. */
export async function openSource(spec: string): Promise<OpenedDatabase> {
  if (isPostgresUrl(spec)) {
    const session = await openPostgresSession(spec);
    return { session, dataDir: null, fromRunningServer: false, completed() {}, close: () => session.close() };
  }
  const dataDir = path.resolve(spec);
  const dir = pgliteDirOf(dataDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no embedded database (no ${path.join(dir, 'PG_VERSION')})`);
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const snapshot = await snapshotFromServer(dataDir, error.ownerPid);
    const session = await openPgliteSession({ snapshot: snapshot.files });
    return { session, dataDir, fromRunningServer: true, snapshotAt: snapshot.takenAt, completed() {}, close: () => session.close() };
  }
  return openLocked(dataDir, dir, lock);
}

/** Opens a target to write into: an embedded directory must not be in use. */
export async function openTarget(spec: string, log: (line: string) => void = console.log): Promise<OpenedDatabase> {
  if (isPostgresUrl(spec)) {
    const session = await openPostgresSession(spec);
    return { session, dataDir: null, fromRunningServer: false, completed() {}, close: () => session.close() };
  }
  const dataDir = path.resolve(spec);
  ensurePrivateDir(dataDir);
  const lock = acquireDataDirLock(dataDir);
  const dir = pgliteDirOf(dataDir);
  const marker = path.join(dir, INCOMPLETE_MARKER);
  try {
    if (fs.existsSync(marker)) {
      log(`${dataDir} was left unfinished by a move or restore that stopped: starting it again from empty.`);
      const keep = new Set([path.basename(lock.path), INCOMPLETE_MARKER]);
      for (const entry of fs.readdirSync(dir)) if (!keep.has(entry)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    } else if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
      fs.writeFileSync(marker, `${process.pid}\n`, { mode: 0o600 });
    }
  } catch (error) {
    lock.release();
    throw error;
  }
  const opened = await openLocked(dataDir, dir, lock);
  return { ...opened, completed: () => fs.rmSync(marker, { force: true }) };
}

/** The embedded database of a directory whose lock this process holds; closing it releases the lock. */
async function openLocked(dataDir: string, dir: string, lock: DataDirLock): Promise<OpenedDatabase> {
  try {
    const session = await openPgliteSession({ dir });
    return {
      session,
      dataDir,
      fromRunningServer: false,
      completed() {},
      async close() {
        try {
          await session.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Copies the uploaded files of one data directory into another; files already there are kept. */
export function copyUploads(fromDataDir: string, toDataDir: string): { files: number; bytes: number } {
  const from = path.join(path.resolve(fromDataDir), 'uploads');
  const to = path.join(path.resolve(toDataDir), 'uploads');
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(from)) return { files, bytes };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const source = path.join(dir, entry.name);
      const dest = path.join(to, path.relative(from, source));
      if (entry.isDirectory()) walk(source);
      else if (entry.isFile() && !fs.existsSync(dest)) {
        fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
        fs.copyFileSync(source, dest);
        files += 1;
        bytes += fs.statSync(dest).size;
      }
    }
  };
  walk(from);
  return { files, bytes };
}
