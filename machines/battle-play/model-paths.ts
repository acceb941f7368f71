import type { EventObject } from 'xstate';

interface StepLike {
  readonly event: EventObject;
  readonly state: { readonly value: unknown; readonly context?: unknown };
}

const same = (a: StepLike['state'], b: StepLike['state']) => JSON.stringify(a.value) === JSON.stringify(b.value) && JSON.stringify(a.context) === JSON.stringify(b.context);

/**
 * The battle models' paths (from `getShortestPaths({ allowDuplicatePaths: true })`) keep the "nothing happens" transitions (`selfLoopsToo`) of the events
 * named only: a battle model takes many events in states where they change nothing by design (a
 * room event the player's screen does not depend on); the ones named are those where doing
 * nothing is the behaviour under test (a second answer while one is in flight). A path that only
 * ends in such an unnamed no-op is dropped: the state it reaches has its own path already, and
 * a no-op is never on the shortest way to anywhere else. Then, as @xstate/graph does, a path
 * that is the beginning of another is left out (the longer one tests it) — after the filter, so
 * that no state loses its only path.
 */
export function withoutIdleEnds<P extends { steps: readonly StepLike[] }>(paths: readonly P[], tested: readonly string[]): P[] {
  const kept = new Set(tested);
  const useful = paths.filter((p) => {
    const last = p.steps[p.steps.length - 1];
    const before = p.steps[p.steps.length - 2];
    return !last || !before || kept.has(last.event.type) || !same(last.state, before.state);
  });
  const key = (p: P) => p.steps.map((s) => JSON.stringify(s.event)).join('\n');
  const longestFirst = [...useful].sort((a, b) => b.steps.length - a.steps.length);
  const chosen: P[] = [];
  const prefixes = new Set<string>();
  for (const p of longestFirst) {
    const k = key(p);
    if (prefixes.has(k)) continue;
    chosen.push(p);
    for (let i = 1; i <= p.steps.length; i += 1) prefixes.add(key({ ...p, steps: p.steps.slice(0, i) }));
  }
  // The order of the model's own listing (shortest first, as generated).
  return useful.filter((p) => chosen.includes(p));
}
