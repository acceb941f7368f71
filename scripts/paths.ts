/**
 * Lists the model-based paths of every game machine (docs/testing.md).
 *
 *   npm run paths                      every machine: its configurations, the count of paths per depth, its suites
 *   npm run paths -- --machine exam    one machine's paths: id, the depths it runs at, its events; then its server scenarios
 *   npm run paths -- --json            the same as JSON, for tools
 *   npm run paths -- --suites          the suite files, one per line (scripts/test-all.sh leaves them to test:paths)
 */
import { pathEvents, pathId } from '@/machines/testing/paths';
import { scenariosOf, serverScenarios } from '@/scripts/paths/scenarios';
import { viewPathsOf } from '@/scripts/paths/views';
import { allSuites, GAME_MACHINES, gameMachine } from '@/tests/paths/registry';

// Piped into `head` or a tool that stops reading: end quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => process.exit(error.code === 'EPIPE' ? 0 : 1));

const args = process.argv.slice(2);
const json = args.includes('--json');
const machineArg = args.includes('--machine') ? args[args.indexOf('--machine') + 1] : undefined;
if (args.includes('--machine') && !machineArg) {
  console.error('--machine needs a name: ' + GAME_MACHINES.map((m) => m.name).join(', '));
  process.exit(2);
}

function describeMachine(name: string, withPaths: boolean) {
  const m = gameMachine(name);
  const configs = Object.entries(m.configs).map(([config, paths]) => {
    const all = paths();
    const views = new Set(viewPathsOf(name, config).map((p) => pathId(name, config, p.steps)));
    const listed = all.map((p) => {
      const id = pathId(name, config, p.steps);
      const depths = ['machine', ...(views.has(id) ? ['view'] : []), ...(m.serverPaths?.includes(config) ? ['server'] : [])];
      return { id, depths, events: pathEvents(p.steps) || '(start)', steps: p.steps.length - 1 };
    });
    return { config, paths: all.length, viewPaths: views.size, ...(withPaths ? { list: listed } : {}) };
  });
  const scenarios = scenariosOf(name).map((s) => ({ id: s.id, depths: ['server'], title: s.title, file: s.file }));
  return {
    machine: m.name,
    id: m.machine.id,
    title: m.title,
    configs,
    /** The real-server scenarios that count for this machine (the suites' `scenario(…)` calls). */
    scenarios: withPaths ? scenarios : scenarios.length,
    suites: m.suites,
    childOf: m.childOf ?? [],
    serverPaths: m.serverPaths ?? [],
  };
}

if (args.includes('--suites')) {
  for (const s of allSuites()) console.log(s.file);
  process.exit(0);
}

try {
  const names = machineArg ? [machineArg] : GAME_MACHINES.map((m) => m.name);
  const described = names.map((n) => describeMachine(n, !!machineArg));
  if (json) {
    console.log(JSON.stringify(described, null, 2));
  } else {
    let total = 0;
    for (const d of described) {
      const count = d.configs.reduce((n, c) => n + c.paths, 0);
      total += count;
      console.log(`${d.machine} — ${d.title}`);
      if (!d.configs.length) console.log(`  no model of its own: reached through the paths of ${d.childOf.join(', ')}`);
      for (const c of d.configs) {
        const atServer = d.serverPaths.includes(c.config) ? ', every one also against the real server' : '';
        console.log(`  ${c.config.padEnd(18)} ${String(c.paths).padStart(5)} paths on the machine${c.viewPaths ? `, ${c.viewPaths} of them through the views` : ''}${atServer}`);
        for (const p of 'list' in c ? c.list ?? [] : []) console.log(`    ${p.id}  [${p.depths.join('+')}]  ${p.events}`);
      }
      const server = d.suites.filter((s) => s.depth === 'server').map((s) => s.file);
      if (Array.isArray(d.scenarios)) {
        console.log(`  scenarios          ${String(d.scenarios.length).padStart(5)} against the real server`);
        for (const s of d.scenarios) console.log(`    ${s.id}  [server]  ${s.title}  (${s.file})`);
      } else if (d.scenarios) console.log(`  scenarios          ${String(d.scenarios).padStart(5)} against the real server: ${server.join(', ')}`);
      if (d.childOf.length && d.configs.length) console.log(`  also run as the child of ${d.childOf.join(', ')}`);
    }
    console.log(`${total} model paths and ${machineArg ? scenariosOf(machineArg).length : serverScenarios().length} server scenarios in all. Run them: npm run test:paths (-- --machine <name> | --path <id>)`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
