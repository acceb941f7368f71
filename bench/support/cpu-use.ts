/**
 * Where a bench's CPU went over its window, from Linux's /proc: the server process, the
 * PostgreSQL server's processes (every database's: other work on it shows here too), this bench
 * process (the simulated players) and everything else, each in cores (1 = one core busy for the
 * whole window), beside the machine's total; and the server's resident memory, sampled every
 * 500 ms, at its peak in the window and at the end.
 */
import fs from 'node:fs';
import { navigatorCpus, readSample } from '@/bench/web/host-load';

const TICKS_PER_SECOND = 100;

export interface CpuUse {
  seconds: number;
  cores: number;
  /** Cores used by the whole machine (all processes and the kernel). */
  machine: number;
  server: number;
  postgres: number;
  bench: number;
  others: number;
  serverCpuMs: number;
  serverRssPeakMb: number;
  serverRssEndMb: number;
}

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Starts measuring; the function it returns ends the window (null where /proc is not there). */
export function startCpuUse(serverPid: number | null): () => CpuUse | null {
  const before = readSample();
  const t0 = Date.now();
  let peak = serverPid ? rssMb(serverPid) : 0;
  const timer = setInterval(() => {
    if (serverPid) peak = Math.max(peak, rssMb(serverPid));
  }, 500);
  timer.unref();
  return () => {
    clearInterval(timer);
    const after = readSample();
    if (!before || !after || after.total <= before.total) return null;
    const seconds = (Date.now() - t0) / 1000;
    const cores = navigatorCpus();
    const ticks = (pick: (pid: number, p: { name: string }) => boolean) => {
      let sum = 0;
      for (const [pid, p] of after.procs) if (pick(pid, p)) sum += p.ticks - (before.procs.get(pid)?.ticks ?? 0);
      return sum;
    };
    const asCores = (t: number) => t / TICKS_PER_SECOND / seconds;
    const idle = after.idle - before.idle;
    const machine = (after.total - before.total - idle) / ((after.total - before.total) / cores);
    const server = serverPid ? ticks((pid) => pid === serverPid) : 0;
    const postgres = ticks((_, p) => p.name === 'postgres');
    const bench = ticks((pid) => pid === process.pid);
    const all = ticks(() => true);
    const end = serverPid ? rssMb(serverPid) : 0;
    return {
      seconds,
      cores,
      machine,
      server: asCores(server),
      postgres: asCores(postgres),
      bench: asCores(bench),
      others: asCores(all - server - postgres - bench),
      serverCpuMs: (server * 1000) / TICKS_PER_SECOND,
      serverRssPeakMb: Math.max(peak, end),
      serverRssEndMb: end,
    };
  };
}

export function describeCpuUse(use: CpuUse | null, calls: number): string {
  if (!use) return 'CPU: n/a (no /proc)';
  const c = (x: number) => x.toFixed(2);
  return (
    `CPU over the window, in cores of ${use.cores}: machine ${c(use.machine)} (server ${c(use.server)}, PostgreSQL ${c(use.postgres)}, ` +
    `simulated players ${c(use.bench)}, other processes ${c(use.others)}); server ${(use.serverCpuMs / Math.max(1, calls)).toFixed(2)} ms per call\n` +
    `memory: server resident ${use.serverRssPeakMb.toFixed(0)} MB at its peak, ${use.serverRssEndMb.toFixed(0)} MB at the end`
  );
}
