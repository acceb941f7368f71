import type { Graphviz } from '@hpcc-js/wasm-graphviz';
import type { MachineCoverage } from '@/scripts/paths/coverage';
import type { StateUnit } from '@/scripts/paths/units';

/**
 * Draws a machine from its own definition as SVG, with the paths' coverage on it: Graphviz
 * compiled to WebAssembly (`@hpcc-js/wasm-graphviz`), so no network and no system package.
 *
 * Compound and parallel states are boxes holding their children (parallel ones dashed), atomic
 * states are rounded nodes; an arrow is a transition branch, labelled with its event and guard.
 * Green: reached by the paths. Orange: not reached by a path, left to a unit test (the report
 * says which). Red dashed: not reached, nobody said why (a gap). Grey: cannot be reached (the report
 * says why). Thick dark red, labelled "✗ n failed": a branch that n failed paths took at the step
 * they failed.
 */

const REACHED = '#15803d';
const MISSED = '#dc2626';
const EXCUSED = '#9ca3af';
const UNIT = '#d97706';

const q = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const anchor = (id: string) => `${id}::self`;

let graphviz: Promise<Graphviz> | null = null;

/** Failing: a transition branch that failed paths took at the step they failed, with how many paths. */
const FAILING = '#b91c1c';

export function machineDot(c: MachineCoverage, failing: ReadonlyMap<string, number> = new Map()): string {
  const { units, reach, missing } = c;
  const byId = new Map(units.states.map((s) => [s.id, s]));
  const excused = new Set(missing.filter((m) => !m.reachable).map((m) => m.name));
  const unitTested = new Set(missing.filter((m) => m.reachable && m.why).map((m) => m.name));
  const lines: string[] = [
    'digraph machine {',
    '  rankdir=LR; compound=true; newrank=true; fontname="Helvetica"; fontsize=11; nodesep=0.25; ranksep=0.45;',
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10, margin="0.12,0.04", height=0.3];',
    '  edge [fontname="Helvetica", fontsize=8, arrowsize=0.6];',
  ];
  const colourOf = (name: string) => (excused.has(name) ? EXCUSED : unitTested.has(name) ? UNIT : MISSED);
  const stateColour = (id: string) => (reach.states.has(id) ? REACHED : colourOf(id));
  // A node for every state; a compound state also gets a small node inside its box (its name),
  // which arrows to and from the compound state attach to.
  const nodeOf = (id: string) => (byId.get(id)?.children.length ? anchor(id) : id === units.root ? anchor(id) : id);

  const draw = (s: StateUnit, indent: string) => {
    const colour = stateColour(s.id);
    if (s.children.length) {
      lines.push(`${indent}subgraph ${q(`cluster_${s.id}`)} {`);
      lines.push(`${indent}  label=${q(s.key + (s.type === 'parallel' ? ' (parallel)' : ''))}; style="rounded${s.type === 'parallel' ? ',dashed' : ''}"; color=${q(colour)}; fontcolor=${q(colour)};`);
      lines.push(`${indent}  ${q(anchor(s.id))} [label="", shape=point, width=0.08, color=${q(colour)}];`);
      for (const child of s.children) draw(byId.get(child)!, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      const shape = s.type === 'final' ? ', peripheries=2' : '';
      lines.push(`${indent}${q(s.id)} [label=${q(s.key)}, color=${q(colour)}, fillcolor=${q(reach.states.has(s.id) ? '#dcfce7' : excused.has(s.id) ? '#f3f4f6' : unitTested.has(s.id) ? '#ffedd5' : '#fee2e2')}${shape}];`);
    }
  };
  lines.push(`  ${q(anchor(units.root))} [label=${q(units.machineId)}, shape=plaintext, style="", fontsize=12];`);
  for (const s of units.states.filter((s) => s.parent === units.root)) draw(s, '  ');

  for (const t of units.transitions) {
    const name = `${t.source} × ${t.label}`;
    for (const b of t.branches) {
      const taken = reach.branches.has(`${t.key}\u0000${b.index}`);
      const failed = failing.get(`${t.key}\u0000${b.index}`) ?? 0;
      const colour = failed ? FAILING : taken ? REACHED : colourOf(name);
      const label = `${failed ? `✗ ${failed} failed: ` : ''}${t.label}${b.guard ? ` [${b.guard}]` : ''}`;
      const targets = b.targets.length ? b.targets : [t.source];
      for (const target of targets) {
        const attrs = [`label=${q(label)}`, `color=${q(colour)}`, `fontcolor=${q(colour)}`, failed ? 'penwidth=3.2' : taken ? 'penwidth=1.4' : 'style=dashed'];
        if (byId.get(t.source)?.children.length || t.source === units.root) attrs.push(`ltail=${q(`cluster_${t.source}`)}`);
        if (byId.get(target)?.children.length && target !== t.source) attrs.push(`lhead=${q(`cluster_${target}`)}`);
        lines.push(`  ${q(nodeOf(t.source))} -> ${q(nodeOf(target))} [${attrs.join(', ')}];`);
      }
    }
  }
  lines.push('}');
  // The root is not a cluster: arrows from it start at its name.
  return lines.join('\n').replace(new RegExp(`, ltail=${q(`cluster_${units.root}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'g'), '');
}

export async function machineSvg(c: MachineCoverage, failing?: ReadonlyMap<string, number>): Promise<string> {
  // Loaded when first drawn (an ES module of WebAssembly): the dot text alone needs none of it.
  graphviz ??= import('@hpcc-js/wasm-graphviz').then((m) => m.Graphviz.load());
  const svg = (await graphviz).dot(machineDot(c, failing));
  // Inline in the report: no XML prolog or doctype.
  return svg.slice(svg.indexOf('<svg'));
}
