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

export interface MachineBaseline {
  readonly states: number;
  readonly transitions: number;
  /** Share of guarded branches (baselines written before branches were gated lack it). */
  readonly branches?: number;
  /** Paths per configuration (`exam/changeable`: 812), at every depth: a configuration dropped, or its paths fewer, fails. */
  readonly configurations?: Readonly<Record<string, number>>;
}

export interface Baseline {
  readonly [machine: string]: MachineBaseline;
}

/** Paths per configuration of each machine in a run (`<machine>/<configuration>` → how many, every depth counted). */
export function configurationCounts(results: readonly { machine: string; config: string }[]): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  for (const r of results) {
    const counts = out.get(r.machine) ?? {};
    counts[r.config] = (counts[r.config] ?? 0) + 1;
    out.set(r.machine, counts);
  }
  return out;
}

/**
 * What fell below the baseline, one line each: a machine's state, transition or branch share, a
 * configuration no path ran (deleted, or its suite left out), a configuration with fewer paths (an
 * event or a sample taken out of its model). Only `machines` are checked (a `--machine` run checks
 * its own part); a machine of the baseline the run does not have at all is named too.
 */
export function belowBaseline(
  coverage: readonly MachineCoverage[],
  baseline: Baseline,
  counts: ReadonlyMap<string, Readonly<Record<string, number>>> = new Map(),
  machines: readonly string[] = Object.keys(baseline),
): string[] {
  const out: string[] = [];
  for (const machine of machines) {
    const b = baseline[machine];
    if (!b) continue;
    const c = coverage.find((x) => x.machine === machine);
    if (!c) {
      out.push(`${machine}: not measured (the baseline has it)`);
      continue;
    }
    if (c.states.percent < b.states) out.push(`${machine}: states ${c.states.percent} % < ${b.states} % (baseline)`);
    if (c.transitions.percent < b.transitions) out.push(`${machine}: transitions ${c.transitions.percent} % < ${b.transitions} % (baseline)`);
    if (b.branches !== undefined && c.branches.percent < b.branches) out.push(`${machine}: branches ${c.branches.percent} % < ${b.branches} % (baseline)`);
    const ran = counts.get(machine) ?? {};
    for (const [config, paths] of Object.entries(b.configurations ?? {})) {
      const now = ran[config] ?? 0;
      if (now === 0) out.push(`${machine}: configuration ${config} ran no path (the baseline has ${paths})`);
      else if (now < paths) out.push(`${machine}: configuration ${config} ran ${now} paths < ${paths} (baseline)`);
    }
  }
  return out;
}
