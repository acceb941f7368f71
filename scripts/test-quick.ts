/**
 * npm run test:quick — the loop to run after a change, in under five minutes on two cores:
 *   1. lint (ESLint, the whole project, its cache kept in node_modules/.cache) beside the types (tsc),
 *   2. the unit tests: every Jest file that needs no database and is not a model-path suite,
 *   3. the machine-depth model paths of the game machines touched since the base (one depth).
 *
 * The base is `origin/main` when there is one (a branch is compared with what it branched from),
 * else `main` when HEAD is another branch, else HEAD itself: the uncommitted changes. Untracked
 * files count as touched. `--since <ref>` names another base; `--all-machines` runs every machine's
 * machine depth. Prints each step's time; exits non-zero when one failed. `npm test` runs
 * everything (docs/testing.md, "Which command when").
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GAME_MACHINES } from '@/tests/paths/registry';

const root = process.cwd();
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

function git(...a: string[]): string {
  return execFileSync('git', a, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

function refExists(ref: string): boolean {
  try {
    git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

/** The commit the change is measured from, and how it was chosen. */
function base(): { ref: string; why: string } {
  const since = option('--since');
  if (since) {
    if (!refExists(since)) throw new Error(`--since ${since}: no such commit`);
    return { ref: git('merge-base', 'HEAD', since), why: `--since ${since}` };
  }
  if (refExists('origin/main')) return { ref: git('merge-base', 'HEAD', 'origin/main'), why: 'where HEAD left origin/main' };
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (branch !== 'main' && refExists('main')) return { ref: git('merge-base', 'HEAD', 'main'), why: `where ${branch} left main` };
  return { ref: 'HEAD', why: 'the uncommitted changes' };
}

/** Files changed since the base, staged or not, and files not yet tracked. */
function touchedFiles(ref: string): string[] {
  const lines = [...git('diff', '--name-only', ref).split('\n'), ...git('ls-files', '--others', '--exclude-standard').split('\n')];
  return [...new Set(lines.filter(Boolean))];
}

/** The game machines a change touches: a file in a machine's folder, or one of its path suites. */
function touchedMachines(files: readonly string[]): string[] {
  return GAME_MACHINES.filter((m) => {
    const dirs = new Set([`machines/${m.name}/`, ...m.suites.filter((s) => s.file.startsWith('machines/')).map((s) => `${path.dirname(s.file)}/`)]);
    return files.some((f) => [...dirs].some((d) => f.startsWith(d)) || m.suites.some((s) => s.file === f));
  }).map((m) => m.name);
}

/** A file that opens a database (the test harness's, or PGlite or PostgreSQL of its own). */
const DB_TEST = /tests\/setup\/(db|api|seeded-api)|getTestDatabase|startTestApi|tests\/api\/|rooms\.support|openDatabase\(|@electric-sql\/pglite|TEST_DATABASE_URL/;

/** The Jest files of the unit step: no database, no browser, not a model-path suite (those run by machine below). */
function unitTests(): string[] {
  const suites = new Set(GAME_MACHINES.flatMap((m) => m.suites.map((s) => s.file)));
  const all = execFileSync('npx', ['jest', '--listTests'], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules' } })
    .split('\n')
    .filter(Boolean)
    .map((f) => path.relative(root, f));
  return all.filter((f) => !suites.has(f) && !f.includes('-walks.test.') && !DB_TEST.test(readFileSync(path.join(root, f), 'utf8'))).sort();
}

interface Step {
  readonly name: string;
  readonly ok: boolean;
  readonly ms: number;
}

function run(name: string, command: string, commandArgs: readonly string[]): Promise<Step> {
  const started = performance.now();
  console.log(`::: ${name}`);
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: `--experimental-vm-modules ${process.env.NODE_OPTIONS ?? ''}`.trim() } });
    child.on('exit', (code) => {
      const step = { name, ok: code === 0, ms: performance.now() - started };
      console.log(`::: ${name} ${step.ok ? 'passed' : 'FAILED'} in ${(step.ms / 1000).toFixed(1)} s`);
      resolve(step);
    });
  });
}

async function main() {
  const started = performance.now();
  const { ref, why } = base();
  const files = touchedFiles(ref);
  const machines = args.includes('--all-machines') ? GAME_MACHINES.map((m) => m.name) : touchedMachines(files);
  console.log(`test:quick: ${files.length} file(s) changed since ${ref === 'HEAD' ? 'HEAD' : ref.slice(0, 10)} (${why}); machines touched: ${machines.length ? machines.join(', ') : 'none'}`);

  // Lint and types side by side: each keeps one core.
  const lintCache = path.join('node_modules', '.cache', 'eslint', '.eslintcache');
  const checks = await Promise.all([
    run('lint', 'npx', ['eslint', '.', '--max-warnings=0', '--cache', '--cache-strategy', 'content', '--cache-location', lintCache]),
    // The route types first (`next typegen`), so that tsc checks the pages' exports as the build would.
    run('typecheck', 'sh', ['-c', `npx next typegen > /dev/null && npx tsc --noEmit --incremental --tsBuildInfoFile ${path.join('node_modules', '.cache', 'tsc', 'quick.tsbuildinfo')}`]),
  ]);
  const steps: Step[] = [...checks];
  const units = unitTests();
  steps.push(await run(`unit tests (${units.length} files)`, 'npx', ['jest', '--silent', ...units]));
  const withMachineSuite = new Set(GAME_MACHINES.filter((m) => m.suites.some((x) => x.depth === 'machine')).map((m) => m.name));
  for (const machine of machines.filter((name) => !withMachineSuite.has(name))) console.log(`::: paths: ${machine} has no suite at the machine's depth (its paths run through another machine's)`);
  for (const machine of machines.filter((name) => withMachineSuite.has(name))) steps.push(await run(`paths: ${machine} at the machine's depth`, 'npx', ['tsx', 'scripts/test-paths.ts', '--machine', machine, '--depth', 'machine']));

  const total = performance.now() - started;
  console.log('\ntest:quick');
  for (const s of steps) console.log(`  ${s.ok ? 'pass' : 'FAIL'}  ${s.name}  ${(s.ms / 1000).toFixed(1)} s`);
  console.log(`  ${(total / 1000).toFixed(1)} s in all (its budget: 300 s)${total > 300_000 ? ': over its budget' : ''}`);
  process.exit(steps.every((s) => s.ok) ? 0 : 1);
}

void main();
