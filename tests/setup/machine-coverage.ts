/**
 * Records which states and transitions of the real game machines the path tests reach, for
 * `npm run test:paths` (on only when `PATHS_REPORT_DIR` is set; the everyday Jest run is untouched).
 *
 * Every actor a test starts — by a harness, or by a view through @xstate/react — is created with
 * an inspector: XState reports each microstep with the transitions it took, and each snapshot
 * with its active state nodes, for every actor of the system (the invoked children too: the
 * countdown in a play, the battle play in a battle, the violation watcher in an exam). What the
 * real machines did is counted, not what the models say, so a model that drifted from its
 * machine shows as a gap.
 *
 * A test counts when it is a model path (its title holds a path id) or a real-server path suite's
 * scenario; the machine's unit tests in the same files do not. Written per test file to
 * `<PATHS_REPORT_DIR>/coverage/`, merged by scripts/paths/coverage.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.PATHS_REPORT_DIR;

interface TransitionLike {
  readonly source: { readonly id: string; readonly transitions: Map<string, readonly unknown[]>; readonly always?: readonly unknown[] };
  readonly eventType: string;
}
interface InspectionLike {
  readonly type: string;
  readonly actorRef?: { readonly logic?: { readonly id?: string; readonly root?: unknown } };
  readonly snapshot?: { readonly _nodes?: readonly { readonly id: string }[] };
  readonly _transitions?: readonly TransitionLike[];
}

/** machine id → configuration → what was reached. */
type Reached = Record<string, Record<string, { states: Set<string>; transitions: Set<string>; branches: Set<string> }>>;

const PATH_ID = /\[([a-z0-9-]+)\/([a-z0-9_-]+)\/[0-9a-f]{8}\]/;

function configOfCurrentTest(): string | null {
  const { currentTestName = '', testPath = '' } = expect.getState();
  const id = PATH_ID.exec(currentTestName);
  // A server scenario (`random-battle/scenarios/…`) counts under the one configuration all scenarios share.
  if (id) return id[2] === 'scenarios' ? 'server/scenarios' : `${id[1]}/${id[2]}`;
  if (/-server-paths\.test\.tsx?$/.test(testPath)) return 'server/scenarios';
  return null;
}

/**
 * The step a path or scenario is at (set by machines/testing/trace.ts and the scenarios' `step`):
 * the branches each test took during its last step are kept, so the report can draw the
 * transitions a failed path took at the step that failed.
 */
declare global {
  var __qaPathStep: number | undefined;
}

if (dir) {
  const reached: Reached = {};
  /** Per test: the last step it reached and the branches (per machine id) taken during it. */
  const lastSteps: Record<string, { step: number; branches: Record<string, string[]> }> = {};
  let current: { test: string; step: number; branches: Map<string, Set<string>> } | null = null;
  const noteBranch = (machine: string, branch: string) => {
    const test = expect.getState().currentTestName ?? '';
    const step = globalThis.__qaPathStep ?? -1;
    if (!current || current.test !== test || current.step !== step) current = { test, step, branches: new Map() };
    const set = current.branches.get(machine) ?? new Set<string>();
    current.branches.set(machine, set);
    set.add(branch);
  };
  beforeEach(() => {
    globalThis.__qaPathStep = undefined;
    current = null;
  });
  afterEach(() => {
    const test = expect.getState().currentTestName ?? '';
    if (current && current.test === test && configOfCurrentTest()) {
      lastSteps[test] = { step: current.step, branches: Object.fromEntries([...current.branches].map(([m, b]) => [m, [...b]])) };
    }
  });
  const slot = (machine: string, config: string) => {
    const byConfig = (reached[machine] ??= {});
    return (byConfig[config] ??= { states: new Set(), transitions: new Set(), branches: new Set() });
  };
  const record = (event: InspectionLike) => {
    const machine = event.actorRef?.logic?.root ? event.actorRef.logic.id : undefined;
    if (!machine) return;
    const config = configOfCurrentTest();
    if (!config) return;
    const into = slot(machine, config);
    if (event.type === '@xstate.snapshot') for (const node of event.snapshot?._nodes ?? []) into.states.add(node.id);
    if (event.type === '@xstate.microstep') {
      for (const t of event._transitions ?? []) {
        // A state left by an eventless transition in the same step (a router such as `route` or
        // `check`) never shows in a snapshot: taking a transition from it is reaching it.
        into.states.add(t.source.id);
        const list = t.eventType === '' ? t.source.always ?? [] : t.source.transitions.get(t.eventType) ?? [];
        into.transitions.add(`${t.source.id}\u0000${t.eventType}`);
        into.branches.add(`${t.source.id}\u0000${t.eventType}\u0000${list.indexOf(t)}`);
        noteBranch(machine, `${t.source.id}\u0000${t.eventType}\u0000${list.indexOf(t)}`);
      }
    }
  };

  jest.mock('xstate', () => {
    const actual = jest.requireActual('xstate');
    return {
      ...actual,
      createActor: (logic: unknown, options?: { inspect?: unknown }) => {
        const own = options?.inspect;
        const inspect = (event: InspectionLike) => {
          record(event);
          if (typeof own === 'function') own(event);
          else if (own && typeof (own as { next?: unknown }).next === 'function') (own as { next: (e: unknown) => void }).next(event);
        };
        return actual.createActor(logic, { ...options, inspect });
      },
    };
  });

  afterAll(() => {
    const { testPath = 'unknown' } = expect.getState();
    const out: Record<string, Record<string, { states: string[]; transitions: string[]; branches: string[] }>> = {};
    for (const [machine, byConfig] of Object.entries(reached)) {
      out[machine] = {};
      for (const [config, r] of Object.entries(byConfig)) out[machine][config] = { states: [...r.states], transitions: [...r.transitions], branches: [...r.branches] };
    }
    const folder = join(dir, 'coverage');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${testPath.replace(/^.*?\/(machines|tests|components)\//, '$1/').replace(/[^a-z0-9_-]+/gi, '_')}.json`), JSON.stringify({ file: testPath, reached: out, lastSteps }));
  });
}
