/**
 * What the machine did besides the bench while a measure ran, from Linux's /proc: the share of the
 * time the hypervisor took from this machine (steal) and the CPU used by processes outside this
 * process's own tree (its server, its browser and their children are in it). A page audited while
 * the host was busy elsewhere is slowed by something the CPU benchmark before and after the trace
 * may not see (CI once scored pages 71-81 at a CPU index of 2,800, where the same build scores
 * 95-98 at 2,900 on a quiet machine).
 */
import fs from 'node:fs';

export interface ProcSample {
  /** Ticks of the whole machine, all CPUs: total and stolen. */
  total: number;
  steal: number;
  /** Ticks idle or waiting for I/O, all CPUs. */
  idle: number;
  /** Per process: user + system ticks, parent, name. */
  procs: Map<number, { ticks: number; ppid: number; name: string }>;
}

export interface HostLoad {
  /** Share of the machine's CPU time stolen by the hypervisor, 0-1. */
  steal: number;
  /** CPU used by processes outside this tree, in cores (1 = one core busy for the whole measure). */
  othersCores: number;
  /** The three busiest of those, by name. */
  busiestOthers: string[];
}

/** The machine's CPU ticks and every process's (user + system) ticks now; null where /proc is not there. */
export function readSample(): ProcSample | null {
  let stat: string;
  try {
    stat = fs.readFileSync('/proc/stat', 'utf8');
  } catch {
    return null; // not Linux: nothing to say
  }
  const cpu = (stat.split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already counted in user)
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  const procs = new Map<number, { ticks: number; ppid: number; name: string }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let line: string;
    try {
      line = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const close = line.lastIndexOf(')');
    const name = line.slice(line.indexOf('(') + 1, close);
    const fields = line.slice(close + 2).split(' ');
    // fields[0] is the state; ppid is [1]; utime and stime are [11] and [12]
    procs.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), name });
  }
  return { total, steal: cpu[7] ?? 0, idle: (cpu[3] ?? 0) + (cpu[4] ?? 0), procs };
}

function ownTree(procs: ProcSample['procs']): Set<number> {
  const own = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, p] of procs) {
      if (!own.has(pid) && own.has(p.ppid)) {
        own.add(pid);
        grew = true;
      }
    }
  }
  return own;
}

/** Starts a measure; the function it returns ends it (null where /proc is not there). */
export function startHostLoad(): () => HostLoad | null {
  const before = readSample();
  return () => {
    const after = readSample();
    if (!before || !after || after.total <= before.total) return null;
    const own = ownTree(after.procs);
    const cores = (after.total - before.total) / (Number(process.env.HOST_LOAD_CPUS) || navigatorCpus());
    const used: { name: string; ticks: number }[] = [];
    for (const [pid, p] of after.procs) {
      if (own.has(pid)) continue;
      const ticks = p.ticks - (before.procs.get(pid)?.ticks ?? 0);
      if (ticks > 0) used.push({ name: p.name, ticks });
    }
    used.sort((a, b) => b.ticks - a.ticks);
    return {
      steal: (after.steal - before.steal) / (after.total - before.total),
      othersCores: used.reduce((sum, u) => sum + u.ticks, 0) / cores,
      busiestOthers: used.slice(0, 3).map((u) => `${u.name} ${((u.ticks / cores) * 100).toFixed(0)}%`),
    };
  };
}

export function navigatorCpus(): number {
  const stat = fs.readFileSync('/proc/stat', 'utf8');
  return stat.split('\n').filter((l) => /^cpu\d+ /.test(l)).length || 1;
}

export function describeHostLoad(load: HostLoad | null): string {
  if (!load) return '';
  return `host: steal ${(load.steal * 100).toFixed(1)}%, other processes ${(load.othersCores * 100).toFixed(0)}% of a core${load.busiestOthers.length ? ` (${load.busiestOthers.join(', ')})` : ''}`;
}
