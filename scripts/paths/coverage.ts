import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineUnits, type MachineUnits } from '@/scripts/paths/units';
import type { GameMachine } from '@/tests/paths/registry';

/**
 * Merges what the path tests reached on the real machines (tests/setup/machine-coverage.ts wrote
 * it per test file) and sets it against each machine's definition: states, transitions (event ×
 * source state) and their branches, overall and per configuration, with what was not reached and
 * why (`unreached` in tests/paths/registry.ts) or "no path reaches it".
 */

interface RawFile {
  readonly file: string;
  readonly reached: Record<string, Record<string, { states: string[]; transitions: string[]; branches: string[] }>>;
}

export interface Reach {
  readonly states: Set<string>;
  readonly transitions: Set<string>;
  readonly branches: Set<string>;
}

export interface Share {
  readonly reached: number;
  readonly total: number;
  /** Reached of those not excluded with a reason. */
  readonly reachable: number;
  readonly percent: number;
}

export interface MissingItem {
  readonly kind: 'state' | 'transition' | 'branch';
  readonly name: string;
  /** Why no path reaches it (tests/paths/registry.ts), or null: nobody said. */
  readonly why: string | null;
  /** False: it cannot be reached (left out of the reachable share). */
  readonly reachable: boolean;
}

export interface MachineCoverage {
  readonly machine: string;
  readonly units: MachineUnits;
  readonly reach: Reach;
  /** Per configuration (`quiz-play/quiz_zone`, `server/scenarios`, …): what that configuration's paths reached of this machine. */
  readonly byConfig: Readonly<Record<string, Reach>>;
  readonly states: Share;
  readonly transitions: Share;
  readonly branches: Share;
  readonly missing: readonly MissingItem[];
}

const empty = (): Reach => ({ states: new Set(), transitions: new Set(), branches: new Set() });

export function readReached(rawDir: string): Map<string, { all: Reach; byConfig: Record<string, Reach> }> {
  const out = new Map<string, { all: Reach; byConfig: Record<string, Reach> }>();
  const dir = join(rawDir, 'coverage');
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const raw = JSON.parse(readFileSync(join(dir, name), 'utf8')) as RawFile;
    for (const [machineId, byConfig] of Object.entries(raw.reached)) {
      const entry = out.get(machineId) ?? { all: empty(), byConfig: {} };
      out.set(machineId, entry);
      for (const [config, r] of Object.entries(byConfig)) {
        const into = (entry.byConfig[config] ??= empty());
        for (const k of ['states', 'transitions', 'branches'] as const) {
          for (const v of r[k]) {
            into[k].add(v);
            entry.all[k].add(v);
          }
        }
      }
    }
  }
  return out;
}

function share(reached: number, total: number, excluded: number): Share {
  const reachable = total - excluded;
  return { reached, total, reachable, percent: reachable <= 0 ? 100 : Math.floor((reached / reachable) * 1000) / 10 };
}

export function machineCoverage(m: GameMachine, reached: ReturnType<typeof readReached>): MachineCoverage {
  const units = machineUnits(m.machine);
  const raw = reached.get(m.machine.id) ?? { all: empty(), byConfig: {} };
  // Only the machine's own state nodes (the recorder also notes the root, always active).
  const ids = new Set(units.states.map((s) => s.id));
  const own = (r: Reach): Reach => ({ states: new Set([...r.states].filter((id) => ids.has(id))), transitions: r.transitions, branches: r.branches });
  const got = { all: own(raw.all), byConfig: Object.fromEntries(Object.entries(raw.byConfig).map(([k, r]) => [k, own(r)])) };
  const reasons = m.unreached ?? {};
  const missing: MissingItem[] = [];
  let excludedStates = 0;
  let reachedStates = 0;
  for (const s of units.states) {
    if (got.all.states.has(s.id)) reachedStates += 1;
    else {
      const reason = reasons[`state ${s.id}`];
      if (reason && !reason.reachable) excludedStates += 1;
      missing.push({ kind: 'state', name: s.id, why: reason?.why ?? null, reachable: reason?.reachable ?? true });
    }
  }
  let excludedTransitions = 0;
  let reachedTransitions = 0;
  let branchTotal = 0;
  let reachedBranches = 0;
  let excludedBranches = 0;
  for (const t of units.transitions) {
    const name = `${t.source} × ${t.label}`;
    const reason = reasons[`transition ${name}`];
    if (got.all.transitions.has(t.key)) reachedTransitions += 1;
    else {
      if (reason && !reason.reachable) excludedTransitions += 1;
      missing.push({ kind: 'transition', name, why: reason?.why ?? null, reachable: reason?.reachable ?? true });
    }
    for (const b of t.branches) {
      branchTotal += 1;
      if (got.all.branches.has(`${t.key}\u0000${b.index}`)) reachedBranches += 1;
      else {
        const branchReason = reason ?? reasons[`branch ${name} #${b.index + 1}`];
        if (branchReason && !branchReason.reachable) excludedBranches += 1;
        // A transition never taken is listed once, not again per branch.
        if (got.all.transitions.has(t.key)) {
          missing.push({ kind: 'branch', name: `${name} #${b.index + 1}${b.guard ? ` [${b.guard}]` : ''}`, why: branchReason?.why ?? null, reachable: branchReason?.reachable ?? true });
        }
      }
    }
  }
  return {
    machine: m.name,
    units,
    reach: got.all,
    byConfig: got.byConfig,
    states: share(reachedStates, units.states.length, excludedStates),
    transitions: share(reachedTransitions, units.transitions.length, excludedTransitions),
    branches: share(reachedBranches, branchTotal, excludedBranches),
    missing,
  };
}

export interface Baseline {
  readonly [machine: string]: { readonly states: number; readonly transitions: number };
}

/** Machines whose state or transition share fell below the baseline: `exam: transitions 97.1 % < 98.2 %`. */
export function belowBaseline(coverage: readonly MachineCoverage[], baseline: Baseline): string[] {
  const out: string[] = [];
  for (const c of coverage) {
    const b = baseline[c.machine];
    if (!b) continue;
    if (c.states.percent < b.states) out.push(`${c.machine}: states ${c.states.percent} % < ${b.states} % (baseline)`);
    if (c.transitions.percent < b.transitions) out.push(`${c.machine}: transitions ${c.transitions.percent} % < ${b.transitions} % (baseline)`);
  }
  return out;
}
