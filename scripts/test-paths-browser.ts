/**
 * Drives sampled model paths of a game flow through the real built app in Chromium, against a
 * real server on its own empty data directory (docs/testing.md):
 *
 *   npm run test:paths:browser -- --flow exam --sample 5 --seed 1
 *   npm run test:paths:browser -- --flow quiz --sample 3 --seed 7 --config quiz_zone
 *   npm run test:paths:browser -- --flow exam --path exam/changeable/7b603dc7    one path again (its id from a run's output)
 *   npm run test:paths:browser -- --flow quiz,exam,battle --sample 3 --seed 1    several flows, N paths each
 *
 * From the flow's model, walked by @xstate/graph as for the machine's paths but taking only the
 * events the browser can cause for real (every state the browser can reach, every such
 * transition), it draws N paths at random with the seed (the same seed draws the same paths), and
 * plays each as a new player:
 * after every event it waits for the page to show the state the model expects. The page's calls
 * the path decides on wait at the network until the next event lets them through or drops them.
 * Writes reports/paths/latest/browser/ (results.json, junit-browser.xml, a screenshot of each
 * failed step) and adds them to the latest run's report, reports/paths/latest/index.html. Needs the built app (`npm run build`; it is
 * built here when missing) and Chromium (TEST_CHROMIUM_PATH: the headless shell when installed, tests/e2e/support/browser.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { pathEvents, pathId } from '@/machines/testing/paths';
import { seededRandom } from '@/services/domain/seeded-random';
import { latestRunDir, linkLatest, newRunDir, RUNS_ROOT, writeRunsIndex, writeRunSummary } from '@/scripts/paths/runs';
import { writeReport, type BrowserPath, type BrowserRun, type BrowserStep } from '@/scripts/paths/report';
import { TEST_CHROMIUM_PATH } from '@/tests/e2e/support/browser';
import { signInPage, signUpPlayer } from '@/tests/e2e/support/player';
import { startServer, type RunningServer, type ServerOptions } from '@/tests/e2e/support/server';
import { CallGate } from '@/tests/paths/browser/call-gate';
import type { BrowserFlow, FlowRun, ModelStep } from '@/tests/paths/browser/flow';
import { gameMachine, type PathLike } from '@/tests/paths/registry';

const FLOWS: Record<string, () => Promise<BrowserFlow>> = {
  quiz: async () => (await import('@/tests/paths/browser/quiz-flow')).quizFlow,
  battle: async () => (await import('@/tests/paths/browser/battle-flow')).battleFlow,
  exam: async () => (await import('@/tests/paths/browser/exam-flow')).examFlow,
};
/** The browser paths join `--out <dir>`, or the latest run's report (npm run test:paths), or start a run of their own. */
const OUT = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1]! : (latestRunDir() ?? newRunDir());
const DIR = join(OUT, 'browser');
/** Sign-ups per address per hour the server allows (RATE_LIMITS.signUpIp): a new server after this many players. */
const PLAYERS_PER_SERVER = 18;
/** Paths played at once, each lane on a server of its own. */
const LANES = 2;
const STATE_WAIT_MS = 6000;

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const flowNames = (option('--flow') ?? fail(`--flow is needed: ${Object.keys(FLOWS).join(' | ')} (several: quiz,exam)`)).split(',');
for (const name of flowNames) if (!FLOWS[name]) fail(`no flow "${name}": ${Object.keys(FLOWS).join(' | ')}`);
const sample = Number(option('--sample') ?? 5);
const seed = Number(option('--seed') ?? 1);
const onlyConfig = option('--config');
const onlyPath = option('--path');
if (!Number.isInteger(sample) || sample < 1 || sample > 200) fail('--sample must be a whole number from 1 to 200');
if (!Number.isInteger(seed)) fail('--seed must be a whole number');

interface Drawn {
  readonly config: string;
  readonly id: string;
  readonly path: PathLike;
}

function draw(flow: BrowserFlow): { drawn: Drawn[]; playable: number } {
  const candidates: Drawn[] = [];
  for (const config of onlyConfig ? [onlyConfig] : flow.configs) {
    for (const path of flow.paths(config)) {
      if (path.steps.slice(1).every((s) => flow.supports(s.event)) && (flow.playable?.(path) ?? true)) candidates.push({ config, id: pathId(flow.machine, config, path.steps), path });
    }
  }
  const random = seededRandom(seed);
  const pool = [...candidates];
  const drawn: Drawn[] = [];
  if (onlyPath) return { drawn: candidates.filter((c) => c.id === onlyPath), playable: candidates.length };
  while (drawn.length < sample && pool.length) drawn.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return { drawn, playable: candidates.length };
}

async function waitForState(flow: BrowserFlow, step: ModelStep, run: FlowRun): Promise<string | null> {
  const deadline = Date.now() + (flow.waitMs?.(step.event) ?? STATE_WAIT_MS);
  let problem: string | null = null;
  while (Date.now() < deadline) {
    problem = await flow.check(step.state, run).catch((error: unknown) => String(error));
    if (!problem) return null;
    await run.page.waitForTimeout(100);
  }
  return problem;
}

async function shownText(run: FlowRun): Promise<string> {
  const text = await run.page
    .locator('main')
    .first()
    .innerText({ timeout: 1000 })
    .catch(() => run.page.locator('body').innerText({ timeout: 1000 }).catch(() => ''));
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

async function playPath(flow: BrowserFlow, browser: Browser, server: RunningServer, d: Drawn, n: number): Promise<BrowserPath> {
  const started = Date.now();
  // Reduced motion, as in the browser test files (decision 050): a step waits for the state it
  // expects, not for an animation to end.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  // A control that never comes is a failed step, not a long wait.
  context.setDefaultTimeout(8000);
  // The gate holds HTTP calls: the pages are given no WebSocket, so their battles use the room
  // stream and HTTP calls, as where no socket can be had (docs/rooms.md, "The socket"). The socket
  // itself is played in tests/e2e/battles.e2e.ts (f, g) and tests/e2e/instances.e2e.ts.
  await context.addInitScript(() => {
    Object.defineProperty(window, 'WebSocket', { value: undefined, configurable: true, writable: true });
  });
  const page = await context.newPage();
  const steps: BrowserStep[] = [];
  let error: string | undefined;
  const gate = await CallGate.on(page, flow.gated);
  const memo: Record<string, unknown> = {};
  const modelSteps = d.path.steps as unknown as ModelStep[];
  // Printed whole when the path ends: two paths play at once.
  const said = [`\n[${n}] ${d.id}: ${pathEvents(d.path.steps) || '(start)'}`];
  const say = (line: string) => said.push(line);
  let last: FlowRun | undefined;
  try {
    const player = await signUpPlayer(server, `path player ${n}`);
    await signInPage(page, player);
    for (const [i, step] of modelSteps.entries()) {
      const run: FlowRun = { page, context, server, player, gate, config: d.config, next: modelSteps[i + 1], memo };
      last = run;
      const event = i === 0 ? '(start)' : pathEvents([step]);
      if (i === 0) await flow.open(run);
      else await flow.send(step.event, run);
      const problem = await waitForState(flow, step, run);
      const expected = JSON.stringify(step.state.value);
      if (problem) {
        const screenshot = `${d.id.replace(/\//g, '_')}-step${i}.png`;
        await page.screenshot({ path: join(DIR, screenshot), fullPage: false }).catch(() => undefined);
        steps.push({ event, expected, shown: `${problem} — page: ${await shownText(run)}`, ok: false, screenshot });
        say(`  ✗ ${String(i).padStart(2)}. ${event} → ${expected}: ${problem}`);
        throw new Error(`step ${i} (${event}): ${problem}`);
      }
      steps.push({ event, expected, shown: 'as expected', ok: true });
      say(`  ✓ ${String(i).padStart(2)}. ${event} → ${expected}`);
    }
  } catch (e) {
    error = (e instanceof Error ? e.message : String(e)).split('\n').slice(0, 6).join('\n');
    if (!steps.some((s) => !s.ok)) {
      say(`  ✗ ${String(steps.length).padStart(2)}. ${pathEvents([modelSteps[steps.length] ?? modelSteps[0]!]) || '(start)'}: ${error}`);
      const screenshot = `${d.id.replace(/\//g, '_')}-error.png`;
      await page.screenshot({ path: join(DIR, screenshot) }).catch(() => undefined);
      steps.push({ event: pathEvents([modelSteps[steps.length] ?? modelSteps[0]!]) || '(start)', expected: '—', shown: error, ok: false, screenshot });
    }
  } finally {
    // What the path left for the next player is taken away; a failure to do so fails the path.
    if (last && flow.finish) {
      await flow.finish(last).catch((e: unknown) => {
        error ??= `after the path: ${e instanceof Error ? e.message : String(e)}`;
        say(`  ✗ after the path: ${e instanceof Error ? e.message : String(e)}`);
      });
    }
    await gate.drain();
    await context.close().catch(() => undefined);
    console.log(said.join('\n'));
  }
  return { flow: flow.flow, machine: flow.machine, id: d.id, seed, status: error ? 'failed' : 'passed', ms: Date.now() - started, steps, ...(error ? { error } : {}) };
}

function junit(all: readonly BrowserPath[]): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const testcase = (r: BrowserPath) => {
    const name = esc(`[${r.id}] ${r.steps.map((s) => s.event).join(' → ')}`);
    const failure = r.error ? `<failure message="${esc(r.error)}">${esc(r.steps.map((s) => `${s.ok ? 'ok' : 'FAILED'} ${s.event} → ${s.expected}: ${s.shown}`).join('\n'))}</failure>` : '';
    return `<testcase classname="browser ${esc(r.flow)}" name="${name}" time="${(r.ms / 1000).toFixed(3)}">${failure}</testcase>`;
  };
  const cases = (rs: readonly BrowserPath[]) => rs.map(testcase).join('\n');
  const failures = (rs: readonly BrowserPath[]) => rs.filter((r) => r.error).length;
  const suites = flowNames.map((name) => {
    const rs = all.filter((r) => r.flow === name);
    return `<testsuite name="${esc(name)} (seed ${seed})" tests="${rs.length}" failures="${failures(rs)}">\n${cases(rs)}\n</testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="browser paths" tests="${all.length}" failures="${failures(all)}">\n${suites.join('\n')}\n</testsuites>\n`;
}

/**
 * A place paths play in: a server with every flow's settings and content, replaced by a new one
 * once it has signed up as many players as the server allows from one address in an hour.
 */
class Lane {
  private server: RunningServer | undefined;
  private players = 0;
  constructor(private readonly options: ServerOptions) {}

  /** The server for the next path's player. */
  async next(): Promise<RunningServer> {
    if (!this.server || this.players >= PLAYERS_PER_SERVER) {
      await this.server?.stop();
      this.server = await startServer(this.options);
      this.players = 0;
    }
    this.players += 1;
    return this.server;
  }

  async close(): Promise<void> {
    await this.server?.stop();
  }
}

/** The servers' options: every flow's settings (two flows asking for different values of one is refused) and content. */
function serverOptions(flows: readonly BrowserFlow[]): ServerOptions {
  const settings: Record<string, string> = {};
  for (const flow of flows) {
    for (const [key, value] of Object.entries(flow.settings ?? {})) {
      if (key in settings && settings[key] !== value) fail(`the flows ask for two values of ${key}: ${settings[key]} and ${value}`);
      settings[key] = value;
    }
  }
  return { env: { DEV_OUTBOX: '1' }, settings, commands: flows.flatMap((flow) => flow.setup?.() ?? []) };
}

async function playFlow(flow: BrowserFlow, browser: Browser, lanes: readonly Lane[]): Promise<BrowserPath[]> {
  if (onlyConfig && !flow.configs.includes(onlyConfig)) fail(`--config must be one of ${flow.configs.join(', ')}`);
  gameMachine(flow.machine);
  const { drawn, playable } = draw(flow);
  console.log(`\n${flow.flow}: ${playable} paths of the ${flow.machine} model the browser can play; ${onlyPath ? `playing ${onlyPath}` : `drawing ${drawn.length} with seed ${seed}`}`);
  if (!drawn.length) fail(onlyPath ? `no path ${onlyPath} among them` : 'no path to play');
  // The lanes play the paths side by side, each taking the next path when its last one ends: a
  // path spends most of its time waiting on the page and the server, not on the two cores (one
  // lane for a flow whose steps wait on the server's clock: `alone`).
  const results: BrowserPath[] = new Array<BrowserPath>(drawn.length);
  let next = 0;
  const play = async (lane: Lane) => {
    while (next < drawn.length) {
      const i = next++;
      results[i] = await playPath(flow, browser, await lane.next(), drawn[i]!, i + 1);
    }
  };
  await Promise.all((flow.alone ? lanes.slice(0, 1) : lanes).map(play));
  return results;
}

async function main() {
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) fail('the build failed');
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });

  const browser = await chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const flows = await Promise.all(flowNames.map((name) => FLOWS[name]!()));
  // One set of servers for every flow of the run: each has every flow's settings and content.
  const options = serverOptions(flows);
  const lanes = Array.from({ length: LANES }, () => new Lane(options));
  const results: BrowserPath[] = [];
  try {
    for (const flow of flows) results.push(...(await playFlow(flow, browser, lanes)));
  } finally {
    await Promise.all(lanes.map((lane) => lane.close()));
    await browser.close();
  }
  const run: BrowserRun = { command: `npm run test:paths:browser -- ${args.join(' ')}`, at: new Date().toISOString(), paths: results };
  writeFileSync(join(DIR, 'results.json'), JSON.stringify(run, null, 2));
  writeFileSync(join(DIR, 'junit-browser.xml'), junit(results));
  const { file } = await writeReport({ out: OUT, rawDir: join(OUT, '.raw'), command: 'npm run test:paths (last run)' });
  const failed = results.filter((r) => r.status === 'failed');
  // A run of its own (`--depth browser`, or no earlier run) says how it went in the list of runs.
  if (!existsSync(join(OUT, 'run.json'))) writeRunSummary(OUT, { command: run.command, at: run.at, passed: results.length - failed.length, failed: failed.length, status: failed.length ? 1 : 0 });
  if (OUT.startsWith(`${RUNS_ROOT}/`)) {
    linkLatest(OUT);
    writeRunsIndex();
  }
  console.log(`\n${results.length - failed.length} of ${results.length} paths passed in the browser${failed.length ? `; failed: ${failed.map((f) => f.id).join(', ')}` : ''}`);
  console.log(`report: ${file} (browser: ${join(DIR, 'results.json')}, junit: ${join(DIR, 'junit-browser.xml')})`);
  process.exit(failed.length ? 1 : 0);
}

void main();
