import fs from 'node:fs';
import path from 'node:path';
import { pathId } from '@/machines/testing/paths';
import { machineUnits } from '@/scripts/paths/units';
import { GAME_MACHINES } from '@/tests/paths/registry';

// The testers' workbench lists every game machine: a machine added without a model or a suite,
// a suite file that moved, or two paths with one id would make `npm run test:paths` silently
// skip or mix them up.

const root = process.cwd();

describe('the registry of game machines and their paths', () => {
  test('names every machine of machines/ (each exported `…Machine` built with setup)', () => {
    const defined = fs
      .readdirSync(path.join(root, 'machines'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.machine.ts'))
      .flatMap((f) => [...fs.readFileSync(path.join(root, 'machines', f), 'utf8').matchAll(/^export const (\w+Machine) = setup\(/gm)].map((m) => m[1]!));
    const ids = new Set(GAME_MACHINES.map((m) => m.machine.id));
    expect(defined.length).toBeGreaterThanOrEqual(11);
    for (const name of defined) expect([name, ids.has(name.replace(/Machine$/, ''))]).toEqual([name, true]);
  });

  test('every suite file exists, and every machine has paths of its own or runs as a child of machines that have them', () => {
    for (const m of GAME_MACHINES) {
      for (const s of m.suites) expect([s.file, fs.existsSync(path.join(root, s.file))]).toEqual([s.file, true]);
      if (!Object.keys(m.configs).length) expect(m.childOf?.length).toBeGreaterThan(0);
      for (const parent of m.childOf ?? []) expect(GAME_MACHINES.some((p) => p.name === parent)).toBe(true);
    }
  });

  test('path ids are unique within each configuration', () => {
    for (const m of GAME_MACHINES) {
      for (const [config, paths] of Object.entries(m.configs)) {
        const ids = paths().map((p) => pathId(m.name, config, p.steps));
        expect([`${m.name}/${config}`, new Set(ids).size]).toEqual([`${m.name}/${config}`, ids.length]);
      }
    }
  });

  test("each reason for a state or transition no path reaches names one the machine has", () => {
    for (const m of GAME_MACHINES) {
      const units = machineUnits(m.machine);
      const names = new Set([...units.states.map((s) => `state ${s.id}`), ...units.transitions.map((t) => `transition ${t.source} × ${t.label}`)]);
      for (const key of Object.keys(m.unreached ?? {})) expect([m.name, key, names.has(key)]).toEqual([m.name, key, true]);
    }
  });
});
