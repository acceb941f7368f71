import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventObject } from 'xstate';
import { pathEvents, pathIdOf } from '@/machines/testing/paths';

/**
 * Runs a model path (`path.test`) step by step and keeps what happened at each step: the event
 * sent, the state the model expects, which state checks ran and how many assertions they made,
 * and where it failed. `npm run test:paths` turns this on:
 *
 * - `PATHS_TRACE=1` prints each step as it runs (`--path <id>` replays one path that way);
 * - `PATHS_REPORT_DIR=<dir>` writes the steps of every path test to `<dir>/steps/` for the report.
 *
 * Without either, it is `path.test` and nothing more.
 */

export interface TracedStep {
  readonly index: number;
  /** The event sent, with its payload (`api.answered {"correct":true}`); `(start)` for the first step. */
  readonly event: string;
  /** The state the model expects after the event (its value as JSON). */
  state: string;
  /** The state checks that ran (`*`, or the state keys the test names). */
  readonly checks: string[];
  /** Assertions the event's own checks and the state checks made. */
  assertions: number;
}

export interface PathTrace {
  readonly id: string | null;
  readonly test: string;
  readonly file: string;
  readonly steps: TracedStep[];
  /** The step that failed (its index), and whether it was the event or the state check. */
  failed: { readonly step: number; readonly during: 'event' | 'state'; readonly message: string } | null;
}

type Handler = (arg: never) => unknown;
interface PathParams {
  readonly events?: Record<string, Handler | undefined>;
  readonly states?: Record<string, Handler | undefined>;
}
interface TestablePath<P> {
  readonly steps: readonly { readonly event: EventObject; readonly state: { readonly value: unknown } }[];
  test(params: P): Promise<unknown>;
}

/** Assertions made so far in the running test (a step's count is the difference across it). */
export const assertions = () => expect.getState().assertionCalls;

/** A failure as a step records it: its message without terminal colours, at most 40 lines. */
export function failureMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\u001b\[[0-9;]*m/g, '').split('\n').slice(0, 40).join('\n');
}

function eventText(event: EventObject): string {
  return event.type === 'xstate.init' ? '(start)' : pathEvents([{ event }]);
}

export async function testPath<P extends PathParams>(path: TestablePath<P>, params: P): Promise<void> {
  const printing = process.env.PATHS_TRACE === '1';
  const dir = process.env.PATHS_REPORT_DIR;
  if (!printing && !dir) {
    await path.test(params);
    return;
  }
  const { currentTestName = '', testPath = '' } = expect.getState();
  const trace: PathTrace = { id: pathIdOf(currentTestName), test: currentTestName, file: testPath, steps: [], failed: null };
  let current: TracedStep | null = null;
  let during: 'event' | 'state' = 'event';
  const print = (line: string) => printing && process.stderr.write(`${line}\n`);
  const begin = (event: EventObject) => {
    current = { index: trace.steps.length, event: eventText(event), state: '', checks: [], assertions: 0 };
    trace.steps.push(current);
    // The step the machines' transitions belong to (tests/setup/machine-coverage.ts keeps the last step's).
    globalThis.__qaPathStep = current.index;
    during = 'event';
  };

  const events: Record<string, Handler> = {};
  for (const [type, handler] of Object.entries(params.events ?? {})) {
    if (!handler) continue;
    events[type] = (async (step: { event: EventObject }) => {
      begin(step.event);
      const before = assertions();
      try {
        await handler(step as never);
      } finally {
        current!.assertions += assertions() - before;
      }
    }) as Handler;
  }
  const states: Record<string, Handler> = {};
  for (const [key, handler] of Object.entries(params.states ?? {})) {
    if (!handler) continue;
    states[key] = (async (state: { value: unknown }) => {
      const step = current!;
      during = 'state';
      step.state = JSON.stringify(state.value);
      const before = assertions();
      try {
        await handler(state as never);
      } finally {
        step.assertions += assertions() - before;
        step.checks.push(key);
      }
      print(`  ${String(step.index).padStart(3)}. ${step.event.padEnd(40)} → ${step.state}   checked ${step.checks.join(', ')} (${step.assertions} assertions)`);
    }) as Handler;
  }

  // Steps whose event has no handler (the first one, `xstate.init`) still begin a step: the
  // event handlers cannot see them, so the path's own steps are followed alongside.
  const wrappedEvents = new Proxy(events, {
    get(target, type: string) {
      const handler = target[type];
      if (handler) return handler;
      return (step: { event: EventObject }) => begin(step.event);
    },
    has: () => true,
  });
  if (printing) print(`path ${trace.id ?? currentTestName}: ${path.steps.length} steps`);
  try {
    await path.test({ ...params, events: wrappedEvents, states } as P);
  } catch (error) {
    const step = trace.steps.at(-1);
    const message = failureMessage(error);
    trace.failed = { step: step?.index ?? 0, during, message };
    print(`  ✗ failed at step ${step?.index ?? 0} (${during === 'event' ? 'sending' : 'checking'} ${step?.event ?? ''}):\n${message}`);
    throw error;
  } finally {
    if (dir) writeTrace(dir, trace);
  }
  print('  ✓ passed');
}

/** Writes a path's or scenario's steps for the report (`<dir>/steps/`). */
export function writeTrace(dir: string, trace: PathTrace) {
  const folder = join(dir, 'steps');
  mkdirSync(folder, { recursive: true });
  const name = `${(trace.id ?? trace.test).replace(/[^a-z0-9_-]+/gi, '_').slice(0, 120)}--${trace.file.replace(/^.*\//, '').replace(/[^a-z0-9_-]+/gi, '_')}.json`;
  writeFileSync(join(folder, name), JSON.stringify(trace));
}
