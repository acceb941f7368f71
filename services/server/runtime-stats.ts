import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/**
 * What a benchmark asks a running server about itself (bench/realtime): with `QA_RUNTIME_STATS`
 * naming a file, every SIGUSR2 writes to it, as JSON, what happened since the previous one — the
 * event loop's delay (p50, p99, max: how late its 10 ms sampling timer ran), garbage-collection pauses, the CPU the process used, and
 * `extra()` (the room service's group commit) — and starts counting again. Off unless asked for.
 */
export interface RuntimeStats {
  readonly wallMs: number;
  readonly cpu: { readonly userMs: number; readonly systemMs: number };
  readonly eventLoop: { readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number };
  readonly gc: { readonly count: number; readonly totalMs: number; readonly maxMs: number };
  readonly extra: Record<string, unknown>;
}

export function installRuntimeStats(file: string, extra: () => Record<string, unknown> | Promise<Record<string, unknown>> = () => ({})): () => void {
  // Sampled every 10 ms (Node's default): a 1 ms timer would itself cost the CPU being measured.
  // The histogram holds the time between two samples; what is reported is the delay beyond it.
  const resolutionMs = 10;
  const delay = monitorEventLoopDelay({ resolution: resolutionMs });
  delay.enable();
  let pauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  let cpu = process.cpuUsage();
  let since = performance.now();

  const report = async () => {
    const used = process.cpuUsage(cpu);
    const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
    const late = (ns: number) => ms(Math.max(0, ns - resolutionMs * 1e6));
    const stats: RuntimeStats = {
      wallMs: Math.round(performance.now() - since),
      cpu: { userMs: Math.round(used.user / 1000), systemMs: Math.round(used.system / 1000) },
      eventLoop: { p50Ms: late(delay.percentile(50)), p99Ms: late(delay.percentile(99)), maxMs: late(delay.max) },
      gc: { count: pauses.length, totalMs: Math.round(pauses.reduce((a, b) => a + b, 0) * 100) / 100, maxMs: Math.round(Math.max(0, ...pauses) * 100) / 100 },
      extra: {},
    };
    delay.reset();
    pauses = [];
    cpu = process.cpuUsage();
    since = performance.now();
    fs.writeFileSync(file, JSON.stringify({ ...stats, extra: await extra() }));
  };
  const onSignal = () => void report().catch(() => undefined);
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    observer.disconnect();
    delay.disable();
  };
}
