import fs from 'node:fs';
import path from 'node:path';

/**
 * `<DATA_DIR>/.qa-server.json`: how an operator command on the same machine reaches the server
 * that holds the embedded database (npm run backup / db:move take a snapshot through it). Only the
 * server's user can read it (mode 600): whoever can read it could read the database's files too.
 */
/** What the server writes into an embedded data directory while it runs: how to ask it for a snapshot. */
export interface ServerControl {
  readonly pid: number;
  readonly url: string;
  readonly token: string;
}

export const CONTROL_FILE_NAME = '.qa-server.json';

export function writeServerControl(dataDir: string, at: { port: number; host: string; token: string }): void {
  const host = at.host === '0.0.0.0' || at.host === '::' ? '127.0.0.1' : at.host.includes(':') ? `[${at.host}]` : at.host;
  const control: ServerControl = { pid: process.pid, url: `http://${host}:${at.port}`, token: at.token };
  const file = path.join(path.resolve(dataDir), CONTROL_FILE_NAME);
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, JSON.stringify(control), { mode: 0o600 });
  fs.renameSync(partial, file);
}

/** Removes the file if it is this process's. */
export function removeServerControl(dataDir: string, pid: number): void {
  const file = path.join(path.resolve(dataDir), CONTROL_FILE_NAME);
  try {
    const control = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerControl;
    if (control.pid === pid) fs.rmSync(file, { force: true });
  } catch {
    // Not there, or not readable: nothing of ours to remove.
  }
}
