/**
 * Runs the model-based path suites of every game machine (machine, view and real-server depths)
 * and writes a report of its own: reports/paths/<time>/ (index.html, junit.xml, coverage.json),
 * with reports/paths/latest linked to it and reports/paths/index.html listing the runs kept
 * (docs/testing.md).
 *
 *   npm run test:paths                          every suite; fails when a machine's coverage or a configuration's paths fell below
 *                                               tests/paths/coverage-baseline.json, or something unreached has no reason
 *   npm run test:paths -- --machine exam        one machine's suites, checked against its part of the baseline
 *   npm run test:paths -- --path exam/changeable/3fa9c1d2
 *                                               replays one path alone (at each depth it runs at), printing every step;
 *                                               a server scenario's id (exam/scenarios/…) replays that scenario, step by step
 *   npm run test:paths -- --depth server        only the suites of one depth (machine | view | server | browser); browser plays sampled
 *                                               paths through the built app (test:paths:browser; --sample N, --seed S)
 *   npm run test:paths -- --bail                stops at the first suite with a failure
 *   npm run test:paths -- --update-baseline     writes the coverage measured as the new baseline (only ever raise it)
 *   npm run test:paths -- --results <file>      also copies Jest's JSON results there (scripts/test-all.sh counts them)
 *   npm run test:paths -- --report-only         writes the latest run's report again from its results, without running the tests
 *   npm run test:paths -- --out <dir>           writes the report there instead of a new reports/paths/<time>/
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { belowBaseline, configurationCounts, type Baseline } from '@/scripts/paths/coverage';
import { writeReport } from '@/scripts/paths/report';
import { latestRunDir, linkLatest, newRunDir, pruneRuns, RUNS_ROOT, writeRunsIndex, writeRunSummary } from '@/scripts/paths/runs';
import { scenariosOf } from '@/scripts/paths/scenarios';
import { pathId } from '@/machines/testing/paths';
import { allSuites, GAME_MACHINES, gameMachine } from '@/tests/paths/registry';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

const BASELINE = 'tests/paths/coverage-baseline.json';
const machineName = option('--machine');
const pathToReplay = option('--path');
const updateBaseline = args.includes('--update-baseline');
const DEPTHS = ['machine', 'view', 'server', 'browser'] as const;
/** The browser flows (scripts/test-paths-browser.ts) that play each machine's paths. */
const BROWSER_FLOWS: Readonly<Record<string, string>> = { 'quiz-play': 'quiz', exam: 'exam', 'random-battle': 'battle', 'group-battle': 'battle' };
const depth = option('--depth');
const bail = args.includes('--bail');
const resultsCopy = option('--results');
/** Writes the report again from the last run's results, without running Jest (a change to the report or the reasons). */
const reportOnly = args.includes('--report-only');

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (args.includes('--depth') && !DEPTHS.includes(depth as (typeof DEPTHS)[number])) fail(`--depth needs one of ${DEPTHS.join(', ')}`);
if (depth === 'browser') {
  // The browser depth: sampled paths through the built app in Chromium (npm run test:paths:browser), as CI runs them, in a run of their own.
  const flows = machineName ? BROWSER_FLOWS[machineName] : 'quiz,exam,battle';
  if (!flows) fail(`No browser flow plays ${machineName}'s paths: ${Object.keys(BROWSER_FLOWS).join(', ')} have one.`);
  if (args.includes('--path') || args.includes('--update-baseline') || args.includes('--report-only')) fail('--depth browser takes --machine, --sample and --seed; replay a browser path with `npm run test:paths:browser -- --flow <flow> --path <id>`.');
  const out = option('--out') ?? newRunDir();
  const browserRun = spawnSync('npx', ['tsx', 'scripts/test-paths-browser.ts', '--flow', flows, '--sample', option('--sample') ?? '4', '--seed', option('--seed') ?? '1', '--out', out], { stdio: 'inherit' });
  process.exit(browserRun.status ?? 1);
}
if (depth && updateBaseline) fail('--update-baseline needs every depth: leave --depth out.');
if (args.includes('--machine') && !machineName) fail(`--machine needs a name: ${GAME_MACHINES.map((m) => m.name).join(', ')}`);
if (args.includes('--path') && !pathToReplay) fail('--path needs a path id, as `npm run paths -- --machine <name>` lists them (e.g. exam/changeable/3fa9c1d2)');
if (pathToReplay && !/^[a-z0-9-]+\/[a-z0-9_-]+\/[0-9a-f]{8}$/.test(pathToReplay)) fail(`"${pathToReplay}" is not a path id: <machine>/<configuration>/<8 hex digits>, as \`npm run paths -- --machine <name>\` lists them`);

let machines = GAME_MACHINES;
let files: string[];
let pattern: string | undefined;
try {
  if (pathToReplay) {
    const [machine, config] = pathToReplay.split('/') as [string, string];
    const m = gameMachine(machine);
    machines = [m];
    // An id the model does not draw, or no scenario has, is refused before any test runs.
    if (config === 'scenarios') {
      const found = scenariosOf(machine).find((s) => s.id === pathToReplay);
      if (!found) fail(`No server scenario ${pathToReplay}: \`npm run paths -- --machine ${machine}\` lists the ids.`);
      files = [found.file];
    } else {
      const drawn = m.configs[config];
      if (!drawn) fail(`No configuration ${config} in ${machine}'s model: ${[...Object.keys(m.configs), 'scenarios'].join(', ')} (\`npm run paths -- --machine ${machine}\` lists the ids).`);
      if (!drawn().some((p) => pathId(machine, config, p.steps) === pathToReplay)) fail(`No path ${pathToReplay} in ${machine}'s model: \`npm run paths -- --machine ${machine}\` lists the ids.`);
      // A configuration whose every path also runs at the server's depth replays there too.
      files = m.suites.filter((s) => s.depth !== 'server' || m.serverPaths?.includes(config)).map((s) => s.file);
    }
    pattern = `\\[${pathToReplay.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\]`;
  } else if (machineName) {
    const m = gameMachine(machineName);
    machines = [m];
    files = m.suites.map((s) => s.file);
  } else {
    files = allSuites().map((s) => s.file);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (depth) {
  const ofDepth = new Set((machineName ? machines : GAME_MACHINES).flatMap((m) => m.suites.filter((x) => x.depth === depth).map((x) => x.file)));
  files = files.filter((f) => ofDepth.has(f));
  if (!files.length) fail(`No ${depth} suite${machineName ? ` for ${machineName}` : ''}.`);
}
if (!files.length) fail(`${machines[0]!.name} has no suite of its own: its paths are those of ${machines[0]!.childOf?.join(', ')}`);

/** Where the report goes: `--out <dir>`, or a folder of its own under reports/paths (`latest` links the newest; --report-only rewrites the latest). */
const explicitOut = option('--out');
const OUT = explicitOut ?? (reportOnly ? (latestRunDir() ?? fail('No run to write the report of: run `npm run test:paths` first.')) : newRunDir());
const RAW = join(OUT, '.raw');

if (!reportOnly) {
  rmSync(RAW, { recursive: true, force: true });
  mkdirSync(RAW, { recursive: true });
  for (const f of ['index.html', 'junit.xml', 'coverage.json']) rmSync(join(OUT, f), { force: true });
}

const jestArgs = ['jest', '--ci', '--runTestsByPath', ...files, '--json', `--outputFile=${join(RAW, 'jest.json')}`, '--reporters=default', '--reporters=jest-junit'];
if (pattern) jestArgs.push('-t', pattern, '--runInBand', '--verbose=false');
if (bail) jestArgs.push('--bail');
const shown = args.filter((a, i) => !['--results', '--out'].includes(a) && !['--results', '--out'].includes(args[i - 1] ?? ''));
const command = `npm run test:paths${shown.length ? ` -- ${shown.join(' ')}` : ''}`;
if (!reportOnly) console.log(`::: ${command}: ${files.length} suites${pattern ? `, only the path ${pathToReplay}` : ''}`);
const run = reportOnly ? { status: 0 } : spawnSync('npx', jestArgs, {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_OPTIONS: `--experimental-vm-modules ${process.env.NODE_OPTIONS ?? ''}`.trim(),
    PATHS_REPORT_DIR: RAW,
    ...(pattern ? { PATHS_TRACE: '1' } : {}),
    JEST_JUNIT_OUTPUT_DIR: OUT,
    JEST_JUNIT_OUTPUT_NAME: 'junit.xml',
    JEST_JUNIT_SUITE_NAME: 'path tests',
    JEST_JUNIT_CLASSNAME: '{filepath}',
    JEST_JUNIT_TITLE: '{title}',
    JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true',
  },
});

async function main() {
  if (!existsSync(join(RAW, 'jest.json'))) fail('Jest wrote no results: see its output above.');
  if (resultsCopy) copyFileSync(join(RAW, 'jest.json'), resultsCopy);
  const { coverage, results, file } = await writeReport({ out: OUT, rawDir: RAW, command, machines });
  const replayed = pathToReplay ? results.filter((r) => r.id === pathToReplay) : [];
  if (pathToReplay && !replayed.length) fail(`No path ${pathToReplay}: \`npm run paths -- --machine ${pathToReplay.split('/')[0]}\` lists the ids.`);

  console.log('\nmachine            paths  failed  states            transitions       branches');
  for (const c of coverage) {
    const rs = results.filter((r) => r.machine === c.machine);
    const cell = (s: typeof c.states) => `${s.percent.toFixed(1).padStart(5)} % ${`${s.reached}/${s.reachable}`.padEnd(8)}`;
    console.log(`${c.machine.padEnd(18)} ${String(rs.length).padStart(5)}  ${String(rs.filter((r) => r.status === 'failed').length).padStart(6)}  ${cell(c.states)}  ${cell(c.transitions)}  ${cell(c.branches)}`);
  }
  if (!pathToReplay && !machineName) {
    const listed = (pick: (m: (typeof coverage)[number]['missing'][number]) => boolean) =>
      coverage.flatMap((c) => c.missing.filter((m) => m.kind !== 'branch' && pick(m)).map((m) => `${c.machine}: ${m.kind} ${m.name}`));
    const gaps = listed((m) => !m.why);
    const unit = listed((m) => m.reachable && !!m.why);
    if (unit.length) console.log(`\nnot reached by a path, left to unit tests (${unit.length}; why: in the report):\n  ${unit.join('\n  ')}`);
    if (gaps.length) console.log(`\nnot reached, no reason recorded (${gaps.length}):\n  ${gaps.join('\n  ')}`);
  }
  console.log(`\nreport: ${file} (junit: ${join(OUT, 'junit.xml')})`);

  let status = run.status ?? 1;
  const counts = configurationCounts(results);
  if (!pathToReplay && !depth) {
    // Something no path reaches (at every depth) needs a reason (tests/paths/registry.ts `unreached`), or the run fails.
    const unexplained = coverage.flatMap((c) => c.missing.filter((m) => m.kind !== 'branch' && !m.why).map((m) => `${c.machine}: ${m.kind} ${m.name}`));
    if (unexplained.length) {
      console.error(`\nnot reached by any path, and no reason recorded in tests/paths/registry.ts (${unexplained.length}):\n  ${unexplained.join('\n  ')}`);
      status = status || 1;
    }
  }
  if (!pathToReplay && !machineName && updateBaseline) {
    const baseline: Baseline = Object.fromEntries(
      coverage.map((c) => [c.machine, { states: c.states.percent, transitions: c.transitions.percent, branches: c.branches.percent, configurations: counts.get(c.machine) ?? {} }]),
    );
    writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(`baseline written: ${BASELINE}`);
  } else if (!pathToReplay && !depth && existsSync(BASELINE)) {
    // A --machine run checks that machine's part of the baseline; a whole run checks every machine.
    const below = belowBaseline(coverage, JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline, counts, machines.map((m) => m.name));
    if (below.length) {
      console.error(`\ncoverage fell below the baseline (${BASELINE}):\n  ${below.join('\n  ')}`);
      status = status || 1;
    } else console.log(`coverage at or above the baseline (${BASELINE})${machineName ? ` for ${machineName}` : ''}`);
  }
  writeRunSummary(OUT, { command, at: new Date().toISOString(), passed: results.filter((r) => r.status === 'passed').length, failed: results.filter((r) => r.status === 'failed').length, status });
  if (!explicitOut) {
    linkLatest(OUT);
    pruneRuns();
    console.log(`runs: ${writeRunsIndex()} (latest: ${join(RUNS_ROOT, 'latest')} → ${OUT})`);
  }
  process.exit(status);
}

void main();
