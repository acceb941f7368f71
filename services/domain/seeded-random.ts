/**
 * A small seeded generator of numbers in [0, 1) (mulberry32): the same numbers on every run, for
 * the demo-content scripts (the same files), tests (a failing run replayed) and benchmarks.
 * Never for what players must not predict (services/server/play/views.ts: secureRandom).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
