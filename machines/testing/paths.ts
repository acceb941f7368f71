import type { EventObject } from 'xstate';

interface SnapshotLike {
  readonly value: unknown;
  readonly context?: unknown;
}

/**
 * Helpers for model-based path tests (used by the `*.test.ts` files and `npm run paths`).
 */

/**
 * Makes every transition of a test model a vertex of its own (state, event and the state it
 * came from), self-loops included. By default @xstate/graph folds a transition that keeps the
 * state value into the state it started from, so a "nothing happens" transition (time passing
 * while paused, a refused lifeline) would be in no path, and a state reached two ways would be
 * tested one way. With this, the shortest paths take every transition of the model.
 */
export function everyTransition(_state: unknown, event: EventObject | undefined, prev?: SnapshotLike): string {
  if (!event) return '';
  return ` via ${JSON.stringify(event)} from ${JSON.stringify({ value: prev?.value, context: prev?.context })}`;
}

/**
 * Like @xstate/graph's own transition key (a transition that changes the state value is told
 * apart by its event and the value it came from), plus: a transition that changes nothing at
 * all (a refusal, an event the state ignores) gets a vertex of its own, so the shortest paths
 * take each such self-loop once and the test checks that the real machine, too, did nothing.
 */
export function selfLoopsToo(state: SnapshotLike, event: EventObject | undefined, prev?: SnapshotLike): string {
  if (!event || !prev) return '';
  if (JSON.stringify(prev.value) !== JSON.stringify(state.value)) return ` via ${JSON.stringify(event)} from ${JSON.stringify(prev.value)}`;
  if (JSON.stringify(prev.context) === JSON.stringify(state.context)) return ` after ${JSON.stringify(event)}`;
  return '';
}

/** A path's events, readable: `user.answer → api.answered {"correct":true}`. */
export function pathEvents(steps: readonly { event: EventObject }[]): string {
  return steps
    .map((s) => s.event)
    .filter((e) => e.type !== 'xstate.init')
    .map((e) => {
      const { type, ...rest } = e;
      return Object.keys(rest).length ? `${type} ${JSON.stringify(rest)}` : type;
    })
    .join(' → ');
}

/**
 * @xstate/graph types a path step's event by its type only; this gives a test back the model
 * event with its payload: `const payload = payloadOf<ModelEvent>(); payload(step).lifeline`.
 */
export function payloadOf<TEvent extends EventObject>() {
  return <K extends TEvent['type']>(step: { event: { type: K } }) => step.event as unknown as Extract<TEvent, { type: K }>;
}

/** FNV-1a, 32 bits, as 8 hex digits: short, stable ids that need no crypto module (view tests run in jsdom). */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A path's id: `<machine>/<configuration>/<8 hex digits of its events>`, e.g.
 * `exam/timed/3fa9c1d2`. It depends on the events only, so it stays the same when other paths
 * are added, and a path run at several depths (machine, views) has one id everywhere.
 * `npm run test:paths -- --path <id>` replays it alone.
 */
export function pathId(machine: string, config: string, steps: readonly { event: EventObject }[]): string {
  return `${machine}/${config}/${fnv1a(JSON.stringify(steps.map((s) => s.event)))}`;
}

/**
 * A real-server scenario's id: `<machine>/scenarios/<8 hex digits of its title>` (a scenario is
 * written by hand, not drawn from a model, so its title is what names it). The same rule runs
 * when the test is named (tests/paths/support/scenario.ts) and when `npm run paths` lists it.
 */
export function scenarioId(machine: string, title: string): string {
  return `${machine}/scenarios/${fnv1a(title)}`;
}

/** The test's title: the id in brackets, then the events (what the test runner and the report show). */
export function pathTitle(machine: string, config: string, path: { steps: readonly { event: EventObject }[]; state?: { context?: unknown } }, prefix = ''): string {
  return `[${pathId(machine, config, path.steps)}] ${prefix}${pathEvents(path.steps) || '(start)'}`;
}

/** Reads a path id back out of a test title (`[quiz-play/quiz_zone/0a1b2c3d] …`). */
export function pathIdOf(title: string | undefined): string | null {
  return /\[([a-z0-9-]+\/[a-z0-9_-]+\/[0-9a-f]{8})\]/.exec(title ?? '')?.[1] ?? null;
}

/** `test.each` rows for a machine's paths in one configuration: `[title, path]`. */
export function pathRows<P extends { steps: readonly { event: EventObject }[] }>(machine: string, config: string, paths: readonly P[], prefix?: (p: P) => string): (readonly [string, P])[] {
  return paths.map((p) => [pathTitle(machine, config, p, prefix?.(p) ?? ''), p] as const);
}

interface NodesLike {
  readonly _nodes: readonly { readonly transitions: ReadonlyMap<string, unknown> }[];
}

/**
 * The events a model state offers the traversal: every event its active states name, a "nothing
 * happens" one (`'user.answer': {}`) included, with the sample payloads given for the events
 * that carry one. @xstate/graph on its own offers only events with a target or an action, so a
 * model's explicit no-op (a second answer while one is being sent) would be in no path; with this
 * (and `selfLoopsToo`) each is a path's step, and the test checks that the real machine, too,
 * did nothing. Pass it as `getShortestPaths({ events: namedEvents(SAMPLES) })`.
 */
export function namedEvents(samples: readonly EventObject[] = []) {
  return ((state: NodesLike) =>
    [...new Set(state._nodes.flatMap((n) => [...n.transitions.keys()]))]
      .filter((type) => type !== '*' && !type.startsWith('xstate.'))
      .flatMap((type) => {
        const given = samples.filter((e) => e.type === type);
        return given.length ? given : [{ type }];
      })) as never;
}
