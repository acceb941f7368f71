import { readFileSync } from 'node:fs';
import { scenarioId } from '@/machines/testing/paths';
import { allSuites, gameMachine, GAME_MACHINES } from '@/tests/paths/registry';

/**
 * The real-server scenarios, read from the server suites' source without running them: each is a
 * `scenario('<machine>', '<title>', …)` call (tests/paths/support/scenario.ts). Its id is
 * `<machine>/scenarios/<8 hex digits of the title>`, like a model path's, so `npm run paths`
 * lists it, `npm run test:paths -- --path <id>` replays it step by step and the report shows it.
 */

export interface ServerScenario {
  readonly id: string;
  /** The machine the id names (the scenario counts for every machine whose suites list its file). */
  readonly machine: string;
  readonly title: string;
  readonly file: string;
}

const CALL = /\bscenario\(\s*'([a-z0-9-]+)',\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")/g;

/** The scenarios a suite's source declares, in order. A call the pattern cannot read is an error, so none goes unlisted. */
export function scenariosIn(file: string, source: string): ServerScenario[] {
  const found = [...source.matchAll(CALL)].map((m) => {
    const machine = m[1]!;
    const title = (m[2] ?? m[3]!).replace(/\\(.)/g, '$1');
    gameMachine(machine);
    return { id: scenarioId(machine, title), machine, title, file };
  });
  const calls = source.match(/\bscenario\(/g)?.length ?? 0;
  if (calls !== found.length) {
    throw new Error(`${file}: ${calls} scenario( calls but ${found.length} read; write each as scenario('<machine>', '<title in single or double quotes, on one line>', async ({ step }) => …).`);
  }
  const ids = new Set<string>();
  for (const s of found) {
    if (ids.has(s.id)) throw new Error(`${file}: two scenarios named "${s.title}"`);
    ids.add(s.id);
  }
  return found;
}

/** Every server scenario of the registered server suites. */
export function serverScenarios(): ServerScenario[] {
  return allSuites(GAME_MACHINES)
    .filter((s) => s.depth === 'server')
    .flatMap((s) => scenariosIn(s.file, readFileSync(s.file, 'utf8')));
}

/** The scenarios that count for a machine: those of every server suite it lists. */
export function scenariosOf(machine: string): ServerScenario[] {
  const files = new Set(gameMachine(machine).suites.filter((s) => s.depth === 'server').map((s) => s.file));
  return serverScenarios().filter((s) => files.has(s.file));
}
