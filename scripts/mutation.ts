/**
 * `npm run test:mutation`: StrykerJS over the rule modules (stryker.config.mjs), then each module's
 * mutation score against the committed baseline (tests/mutation/baseline.json).
 *
 *   npm run test:mutation                      the rule modules (CI's set): incremental run from the committed results; fails when a module's score drops
 *   npm run test:mutation -- --set machines    the flow machines' set instead (stryker.config.mjs names both sets)
 *   npm run test:mutation -- --full            every mutant again (the committed results are not read)
 *   npm run test:mutation -- --mutate <files>  only these files (comma-separated; Stryker's own syntax)
 *   npm run test:mutation -- --report-only     judge the last report without running Stryker
 *   npm run test:mutation -- --update-baseline after a run: the baseline and the committed results become this run's
 *
 * A surviving mutant that no test can kill (the code means the same either way) is listed in
 * tests/mutation/equivalent.json with the reason; it then counts neither for nor against a score.
 * Reports: reports/mutation/index.html (Stryker's), reports/mutation/mutation.json.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { judgeMutation, readEquivalents, scoreFiles, type MutationReport } from './support/mutation-scores';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const valueOf = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

/** Each set's report, committed results and baseline (the rule modules keep the first names they had). */
const SETS = {
  rules: { reports: 'reports/mutation', incremental: 'stryker-incremental.json', baseline: 'baseline.json', label: 'all rule modules', target: true },
  machines: { reports: 'reports/mutation/machines', incremental: 'machines-incremental.json', baseline: 'machines-baseline.json', label: 'all mutated machines', target: false },
} as const;
const setName = valueOf('--set') ?? 'rules';
if (!(setName in SETS)) {
  console.error(`--set takes one of ${Object.keys(SETS).join(', ')} (got ${setName})`);
  process.exit(2);
}
const set = SETS[setName as keyof typeof SETS];
process.env.QA_MUTATION_SET = setName;

const root = process.cwd();
const reportDir = path.join(root, set.reports);
const reportFile = path.join(reportDir, 'mutation.json');
const incrementalFile = path.join(reportDir, 'stryker-incremental.json');
const committedDir = path.join(root, 'tests/mutation');
const committedIncremental = path.join(committedDir, set.incremental);
const baselineFile = path.join(committedDir, set.baseline);
const equivalentsFile = path.join(committedDir, 'equivalent.json');

function run(): void {
  mkdirSync(reportDir, { recursive: true });
  const full = flag('--full');
  // The committed results are where an incremental run starts: only mutants whose code or tests
  // changed since are run again.
  if (!full && existsSync(committedIncremental)) copyFileSync(committedIncremental, incrementalFile);
  const strykerArgs = ['stryker', 'run', '--incrementalFile', path.relative(root, incrementalFile)];
  if (full) strykerArgs.push('--force');
  const mutate = valueOf('--mutate');
  if (mutate) strykerArgs.push('--mutate', mutate);
  const started = performance.now();
  const result = spawnSync('npx', strykerArgs, { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() } });
  console.log(`\nStryker took ${((performance.now() - started) / 60_000).toFixed(1)} min`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!flag('--report-only')) run();
if (!existsSync(reportFile)) {
  console.error(`no report at ${path.relative(root, reportFile)}: run Stryker first`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportFile, 'utf8')) as MutationReport;
const equivalents = readEquivalents(existsSync(equivalentsFile) ? readFileSync(equivalentsFile, 'utf8') : '[]');
const scores = scoreFiles(report, equivalents);

if (flag('--update-baseline')) {
  const baseline = Object.fromEntries(Object.entries(scores.files).map(([file, s]) => [file, Number(s.score.toFixed(2))]));
  writeFileSync(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
  if (existsSync(incrementalFile)) copyFileSync(incrementalFile, committedIncremental);
  console.log(`baseline written: ${path.relative(root, baselineFile)} (${Object.keys(baseline).length} modules)`);
}

const baseline = existsSync(baselineFile) ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as Record<string, number>) : {};
const verdict = judgeMutation(scores, baseline, { partial: Boolean(valueOf('--mutate')), label: set.label, target: set.target });
for (const line of verdict.lines) console.log(line);
process.exit(verdict.ok ? 0 : 1);
