/**
 * What bench/realtime/run.ts and its peer bench/realtime/rahoot.ts share, so that the app, its
 * floors and Rahoot are played with the same rhythm and measured over the same kind of window.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** A player answers an open question after a think time drawn from this range (seeded). */
export const THINK_MIN_MS = 300;
export const THINK_MAX_MS = 2500;

/** Waits for the window (`seconds`) and says how late this process's event loop was meanwhile: beyond its 1 ms sampling, in ms. */
export async function measuringWindow(seconds: number): Promise<{ p99Ms: number; maxMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  loop.disable();
  const late = (ns: number) => Math.max(0, ns - 1e6) / 1e6;
  return { p99Ms: late(loop.percentile(99)), maxMs: late(loop.max) };
}
