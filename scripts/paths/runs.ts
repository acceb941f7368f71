import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Each `npm run test:paths` keeps its own report: `reports/paths/<time>/` (index.html, junit.xml,
 * coverage.json, the raw results), `reports/paths/latest` links to the newest, and
 * `reports/paths/index.html` lists the runs kept with their command and counts. The browser paths
 * (`npm run test:paths:browser`) add to the latest run's report. The oldest runs beyond `KEEP` go.
 */

export const RUNS_ROOT = 'reports/paths';
export const KEEP = 20;

export interface RunSummary {
  readonly command: string;
  readonly at: string;
  readonly passed: number;
  readonly failed: number;
  readonly status: number;
}

const STAMP = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(-\d+)?$/;

/** A new run's folder, named by its start time (UTC, to the second; a suffix if two start in one second). */
export function newRunDir(root = RUNS_ROOT, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
  let dir = join(root, stamp);
  for (let n = 2; existsSync(dir); n++) dir = join(root, `${stamp}-${n}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The latest run's folder, or null when no run has been kept. */
export function latestRunDir(root = RUNS_ROOT): string | null {
  const link = join(root, 'latest');
  try {
    return lstatSync(link).isSymbolicLink() && existsSync(link) ? join(root, basename(realpathSync(link))) : null;
  } catch {
    return null;
  }
}

/** Points `latest` at a run (replaced in one rename, so a reader never finds it missing). */
export function linkLatest(dir: string, root = RUNS_ROOT): void {
  const tmp = join(root, `.latest-${process.pid}`);
  rmSync(tmp, { force: true });
  symlinkSync(basename(dir), tmp);
  renameSync(tmp, join(root, 'latest'));
}

/** The runs kept, newest first. */
export function runDirs(root = RUNS_ROOT): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => STAMP.test(name))
    .sort()
    .reverse();
}

/** Removes the runs beyond `keep` (oldest first), never the latest. */
export function pruneRuns(root = RUNS_ROOT, keep = KEEP): string[] {
  const latest = latestRunDir(root);
  const gone = runDirs(root)
    .slice(keep)
    .filter((name) => !latest || basename(latest) !== name);
  for (const name of gone) rmSync(join(root, name), { recursive: true, force: true });
  return gone;
}

const esc = (s: unknown) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Writes `reports/paths/index.html`: the runs kept, newest first, each linked to its report. */
export function writeRunsIndex(root = RUNS_ROOT): string {
  const latest = latestRunDir(root);
  const rows = runDirs(root).map((name) => {
    const file = join(root, name, 'run.json');
    const run = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RunSummary) : null;
    const result = !run ? 'no result (stopped?)' : run.status === 0 ? 'passed' : 'failed';
    return `<tr class="${result === 'passed' ? '' : 'bad'}"><td><a href="${esc(name)}/index.html">${esc(name)}</a>${latest && basename(latest) === name ? ' <b>latest</b>' : ''}</td><td><code>${esc(run?.command ?? '')}</code></td><td>${run ? run.passed : '—'}</td><td>${run ? run.failed : '—'}</td><td class="${result === 'passed' ? 'passed' : 'failed'}">${result}</td></tr>`;
  });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Quiz Arena — path test runs</title><style>
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1000px;padding:16px;color:#111827}table{border-collapse:collapse}th,td{border:1px solid #e5e7eb;padding:4px 8px;text-align:left}
.passed{color:#15803d}.failed{color:#b91c1c;font-weight:600}tr.bad{background:#fef2f2}</style></head><body><h1>Path test runs</h1>
<p>The last ${KEEP} runs of <code>npm run test:paths</code>, newest first; <a href="latest/index.html">latest</a> is the newest.</p>
<table><thead><tr><th>run (UTC)</th><th>command</th><th>passed</th><th>failed</th><th>result</th></tr></thead><tbody>${rows.join('') || '<tr><td colspan="5">No run yet.</td></tr>'}</tbody></table></body></html>`;
  mkdirSync(root, { recursive: true });
  const file = join(root, 'index.html');
  writeFileSync(file, html);
  return file;
}

/** Records a run's outcome beside its report, for the list of runs. */
export function writeRunSummary(dir: string, summary: RunSummary): void {
  writeFileSync(join(dir, 'run.json'), JSON.stringify(summary, null, 2));
}
