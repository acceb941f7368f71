/**
 * bench:quick — one short pass of the api, realtime and live benchmarks, each at a small size
 * beside its floor measured in the same pass, in about three minutes (after `npm run build`).
 *
 *   npm run bench:quick              prints each ratio to its floor beside the committed reference
 *   npm run bench:quick -- --record  three passes; writes each measure's worst ratio as the reference
 *                                    (bench/quick/reference.json)
 *
 * A ratio is compared with the one committed in bench/quick/reference.json, which was measured by
 * this same short pass on the day the benchmarks' last full figures were taken (their READMEs).
 * A ratio more than 20 % worse than its reference is named in a warning. It is a net, not a gate:
 * CI runs it last and never fails on it (docs/testing.md, "Benchmarks watched"). Run the full
 * benchmark before believing a warning: a short pass on a shared machine moves by itself.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareWithReference, showRatio, WARN_DROP, worstRatios, type FloorFigure, type Reference } from '@/bench/support/figures';

const ROOT = path.resolve(__dirname, '../..');
const REFERENCE_FILE = path.join(__dirname, 'reference.json');

/** The passes: each benchmark at a small size, with the environment that makes it so. */
const PASSES: { name: string; script: string; env: Record<string, string> }[] = [
  { name: 'api', script: 'bench/api/run.ts', env: { BENCH_SECONDS: '5', BENCH_CONNECTIONS: '50', BENCH_RUNS: '1' } },
  { name: 'realtime', script: 'bench/realtime/run.ts', env: { BENCH_ROOMS: '50', BENCH_SECONDS: '15', BENCH_REFERENCE: '0' } },
  { name: 'live', script: 'bench/live/run.ts', env: { BENCH_LIVE: '5x40', BENCH_LIVE_RUNS: '1', BENCH_LIVE_QUESTIONS: '3' } },
];
const showValue = (value: number, unit: FloorFigure['unit']) => (unit === 'ms' ? `${value.toFixed(1)} ms` : `${Math.round(value)} req/s`);

function runPass(pass: (typeof PASSES)[number]): { figures: FloorFigure[] | null; seconds: number } {
  const file = path.join(os.tmpdir(), `qa-bench-quick-${process.pid}-${pass.name}.json`);
  fs.rmSync(file, { force: true });
  const started = Date.now();
  console.log(`\n::: ${pass.name}: ${pass.script} with ${Object.entries(pass.env).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  // The benchmark's own lines are shown as it prints them; its exit code is its verdict on the
  // full targets, which a small pass does not judge.
  spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [pass.script], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...pass.env, BENCH_JSON: file } });
  const seconds = (Date.now() - started) / 1000;
  if (!fs.existsSync(file)) return { figures: null, seconds };
  const figures = JSON.parse(fs.readFileSync(file, 'utf8')) as FloorFigure[];
  fs.rmSync(file, { force: true });
  return { figures, seconds };
}

function readReference(): Reference | null {
  return fs.existsSync(REFERENCE_FILE) ? (JSON.parse(fs.readFileSync(REFERENCE_FILE, 'utf8')) as Reference) : null;
}

function main() {
  const record = process.argv.includes('--record');
  const reference = readReference();
  // Recording takes the worst of three passes, so that the reference carries a short pass's own
  // spread (docs/testing.md, "Benchmarks watched"); a check is one pass.
  const passCount = record ? 3 : 1;
  const passes: FloorFigure[][] = [];
  const missing: string[] = [];
  const took: string[] = [];
  for (let n = 1; n <= passCount; n++) {
    const thisPass: FloorFigure[] = [];
    for (const pass of PASSES) {
      const { figures, seconds } = runPass(pass);
      took.push(`${pass.name} ${seconds.toFixed(0)} s`);
      if (figures === null) missing.push(pass.name);
      else thisPass.push(...figures);
    }
    passes.push(thisPass);
  }
  // The table shows the last pass; a recording commits the worst of all of them.
  const all = passes.at(-1)!;

  console.log(`\nbench:quick on ${os.cpus()[0]?.model ?? 'this CPU'} × ${os.cpus().length}, Node ${process.version} (${took.join(', ')})`);
  if (reference) console.log(`reference: the worst of the passes of ${reference.taken} at ${reference.commit.slice(0, 7)} (${reference.machine}); full figures of that day in ${reference.fullFigures}`);
  else console.log('no reference committed yet (npm run bench:quick -- --record)');
  const compared = compareWithReference(all, reference);
  const warnings = compared.warnings;
  const rows = compared.rows.map(({ figure: f, ratio, reference: ref, drop }) => [
    f.measure,
    showValue(f.app, f.unit),
    showValue(f.floor, f.unit),
    showRatio(ratio, f.better),
    ref === null ? '—' : showRatio(ref, f.better),
    drop === null ? '—' : `${drop > 0 ? '−' : '+'}${Math.abs(drop * 100).toFixed(0)} %`,
  ]);
  const header = ['measure', 'app', 'floor', 'ratio', 'reference', 'better/worse'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(format(row));
  for (const name of missing) warnings.push(`the ${name} pass gave no figures (see its output above)`);
  console.log(warnings.length === 0 ? `\nno ratio more than ${WARN_DROP * 100} % worse than its reference` : `\n${warnings.map((w) => `WARNING: ${w}`).join('\n')}`);

  if (record) {
    if (missing.length > 0 || passes.flat().some((f) => f.errors > 0)) {
      console.error('not recorded: a pass gave no figures or answered errors');
      process.exit(1);
    }
    const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
    const next: Reference = {
      taken: new Date().toISOString().slice(0, 10),
      commit,
      machine: `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, Node ${process.version}`,
      fullFigures: reference?.fullFigures ?? 'bench/api (README.md "Benchmarks"), bench/realtime/README.md, bench/live/README.md',
      ratios: worstRatios(passes),
    };
    fs.writeFileSync(REFERENCE_FILE, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`recorded as the reference (each measure's worst of ${passCount} passes): ${path.relative(ROOT, REFERENCE_FILE)}`);
  }
  process.exit(missing.length > 0 ? 1 : 0);
}

if (require.main === module) main();
