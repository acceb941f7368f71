import fs from 'node:fs';
import path from 'node:path';

/**
 * Files that hold players' data or secrets — the embedded database, uploads, backups and their
 * figures, the server's control file — are readable by the server's user alone (docs/deploy.md,
 * "Files and their permissions"): directories 0700, files 0600.
 *
 * The umask alone does not do it: PGlite's initdb writes the files of a new database with mode
 * 0666 whatever the umask (an explicit chmod inside its file system layer), so the data directory
 * is created 0700 and the embedded database's own directory is tightened after every open.
 */

/** Group and others may read, write or enter. */
const OPEN_BITS = 0o077;
/** Group or others may create, rename or remove entries. */
const WRITABLE_BY_OTHERS = 0o022;

/**
 * Makes every file and directory this process creates from now on owner-only. Called by the
 * server and the operator commands at start (never from a worker thread, where Node refuses it).
 */
export function ownerOnlyFromNowOn(): void {
  process.umask(0o077);
}

function modeOf(file: string): number | null {
  try {
    return fs.statSync(file).mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function octal(mode: number): string {
  return mode.toString(8).padStart(4, '0');
}

/**
 * Creates `dir` (and missing parents) with mode 0700. A directory that was already there keeps its
 * mode; the answer says whether others can read or enter it, for a warning at start.
 */
export function ensurePrivateDir(dir: string): { created: boolean; openToOthers: string | null } {
  const resolved = path.resolve(dir);
  const before = modeOf(resolved);
  if (before === null) {
    fs.mkdirSync(resolved, { recursive: true, mode: 0o700 });
    // mkdir's mode passes through the umask, which can only take bits away; chmod makes it exact.
    fs.chmodSync(resolved, 0o700);
    return { created: true, openToOthers: null };
  }
  return { created: false, openToOthers: before & OPEN_BITS ? octal(before) : null };
}

/** The warning the server logs at start for a data directory others can read or enter, or null. */
export function dataDirWarning(dataDir: string, openToOthers: string | null): string | null {
  if (!openToOthers) return null;
  return (
    `DATA_DIR ${path.resolve(dataDir)} is open to other users (mode ${openToOthers}): it holds the database, ` +
    `every password hash and the key that signs sign-ins. Make it the server user's alone: chmod 700 ${path.resolve(dataDir)}`
  );
}

/**
 * Sets every file under `dir` to 0600 and every directory (`dir` included) to 0700 where group or
 * others had any access. Returns how many entries it changed. Symbolic links are left alone.
 */
export function tightenTree(dir: string): number {
  let changed = 0;
  const visit = (entry: string, isDir: boolean) => {
    const mode = modeOf(entry);
    if (mode === null) return; // removed meanwhile (a WAL segment recycled)
    if (mode & OPEN_BITS) {
      // The owner keeps what it had (an executable stays executable) and at least read and write.
      fs.chmodSync(entry, (mode & 0o700) | (isDir ? 0o700 : 0o600));
      changed += 1;
    }
    if (!isDir) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(entry, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const child of entries) {
      if (child.isSymbolicLink()) continue;
      if (child.isDirectory() || child.isFile()) visit(path.join(entry, child.name), child.isDirectory());
    }
  };
  if (modeOf(dir) !== null) visit(path.resolve(dir), true);
  return changed;
}

/**
 * Refuses a folder that users other than the owner may write into (mode g+w or o+w, such as /tmp):
 * another user could place or swap a file under the name about to be written. Creates the folder
 * 0700 when missing.
 */
export function assertPrivateFolder(folder: string, what: string): void {
  const resolved = path.resolve(folder);
  const mode = modeOf(resolved);
  if (mode === null) {
    ensurePrivateDir(resolved);
    return;
  }
  if (mode & WRITABLE_BY_OTHERS) {
    throw new Error(
      `${what} would be written into ${resolved}, which other users can write into (mode ${octal(mode)}); ` +
        `nothing was written. Choose a folder only this user can write into (chmod go-w ${resolved}).`,
    );
  }
}

/**
 * Opens `file` for writing as a new file with mode 0600 (refusing one that is already there, so a
 * link planted under that name is never followed). The caller writes and closes the descriptor.
 */
export function openPrivateFile(file: string): number {
  const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
  fs.fchmodSync(fd, 0o600);
  return fd;
}

/** Writes `data` to `file` (0600) through a partial file renamed over it once complete. */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  const partial = `${file}.${process.pid}.partial`;
  fs.rmSync(partial, { force: true });
  const fd = openPrivateFile(partial);
  try {
    fs.writeFileSync(fd, data);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
}
