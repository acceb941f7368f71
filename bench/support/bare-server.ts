/**
 * A bench's floor server: `code` (plain JavaScript that starts a node:http server and prints its
 * port once listening) run by node in a process of its own, so that its CPU is its own and the
 * bench's load generator does not share its event loop.
 */
import { spawn } from 'node:child_process';

export interface BareServer {
  readonly url: string;
  readonly pid: number;
  stop(): void;
}

export async function startBareServer(code: string): Promise<BareServer> {
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (status) => reject(new Error(`the bare server exited (${status}) before it listened`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill() };
}
