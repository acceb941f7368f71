import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathIdOf } from '@/machines/testing/paths';
import type { PathTrace } from '@/machines/testing/trace';
import { machineCoverage, readReached, type MachineCoverage, type Share } from '@/scripts/paths/coverage';
import { machineSvg } from '@/scripts/paths/diagram';
import { GAME_MACHINES, type Depth, type GameMachine } from '@/tests/paths/registry';

/**
 * Writes `reports/paths/index.html`: per game machine its diagram with the coverage coloured on
 * it, the share of states, transitions and branches the paths reached (with what they did not
 * and why), every path with its result at each depth, and for a failure the steps up to the one
 * that failed with the expected state and what the test saw. The browser runs
 * (`npm run test:paths:browser`) add their paths with a screenshot of each failed step.
 */

interface JestAssertion {
  readonly fullName: string;
  readonly title: string;
  readonly status: 'passed' | 'failed' | 'pending' | 'skipped' | 'todo' | 'disabled';
  readonly duration?: number | null;
  readonly failureMessages: readonly string[];
}
interface JestJson {
  readonly numPassedTests: number;
  readonly numFailedTests: number;
  readonly numPendingTests: number;
  readonly startTime: number;
  readonly testResults: readonly { readonly name: string; readonly assertionResults: readonly JestAssertion[]; readonly message?: string }[];
}

export interface BrowserStep {
  readonly event: string;
  readonly expected: string;
  /** What the page showed (its text near the play, or the element looked for). */
  readonly shown: string;
  readonly ok: boolean;
  /** File name under reports/paths/browser/, for a failed step. */
  readonly screenshot?: string;
}
export interface BrowserPath {
  readonly flow: string;
  readonly machine: string;
  readonly id: string;
  readonly seed: number;
  readonly status: 'passed' | 'failed';
  readonly ms: number;
  readonly steps: readonly BrowserStep[];
  readonly error?: string;
}
export interface BrowserRun {
  readonly command: string;
  readonly at: string;
  readonly paths: readonly BrowserPath[];
}

export interface PathResult {
  readonly machine: string;
  readonly config: string;
  readonly id: string | null;
  readonly depth: Depth;
  readonly file: string;
  readonly title: string;
  readonly status: string;
  readonly ms: number;
  readonly failure: string | null;
  readonly trace: PathTrace | null;
}

const esc = (s: unknown) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
const pct = (s: Share) => `${s.percent.toFixed(1)} %`;
const ratio = (s: Share) => `${s.reached}/${s.reachable}${s.reachable !== s.total ? ` (of ${s.total})` : ''}`;

function depthOf(file: string): Depth {
  for (const m of GAME_MACHINES) for (const s of m.suites) if (file.endsWith(s.file)) return s.depth;
  return 'machine';
}

function readTraces(rawDir: string): Map<string, PathTrace> {
  const out = new Map<string, PathTrace>();
  const dir = join(rawDir, 'steps');
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const t = JSON.parse(readFileSync(join(dir, name), 'utf8')) as PathTrace;
    out.set(`${t.file}\u0000${t.test}`, t);
  }
  return out;
}

export function readResults(rawDir: string): { results: PathResult[]; jest: JestJson | null } {
  const file = join(rawDir, 'jest.json');
  if (!existsSync(file)) return { results: [], jest: null };
  const jest = JSON.parse(readFileSync(file, 'utf8')) as JestJson;
  const traces = readTraces(rawDir);
  const results: PathResult[] = [];
  for (const suite of jest.testResults) {
    const depth = depthOf(suite.name);
    const owners = GAME_MACHINES.filter((m) => m.suites.some((s) => suite.name.endsWith(s.file)));
    for (const a of suite.assertionResults) {
      if (a.status !== 'passed' && a.status !== 'failed') continue;
      const id = pathIdOf(a.title);
      if (!id && depth !== 'server') continue;
      const [machine, config] = id ? id.split('/') : [owners[0]?.name ?? '', 'scenarios'];
      const base = { config: config!, id, depth, file: suite.name, title: id ? a.title.replace(`[${id}] `, '') : a.title, status: a.status, ms: a.duration ?? 0 };
      const failure = a.failureMessages.length ? strip(a.failureMessages.join('\n')).split('\n').slice(0, 60).join('\n') : null;
      const trace = traces.get(`${suite.name}\u0000${a.fullName}`) ?? null;
      // A real-server scenario belongs to every machine whose suite list names its file.
      for (const name of id ? [machine!] : owners.map((o) => o.name)) results.push({ ...base, machine: name, failure, trace });
    }
  }
  return { results, jest };
}

function readBrowser(out: string): BrowserRun | null {
  const file = join(out, 'browser', 'results.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BrowserRun) : null;
}

function traceTable(trace: PathTrace): string {
  const rows = trace.steps.map((s) => {
    const failed = trace.failed?.step === s.index;
    return `<tr class="${failed ? 'bad' : ''}"><td>${s.index}</td><td><code>${esc(s.event)}</code></td><td><code>${esc(s.state || '—')}</code></td><td>${esc(s.checks.join(', ') || '—')}</td><td>${s.assertions}</td><td>${failed ? `failed while ${trace.failed!.during === 'event' ? 'sending the event' : 'checking the state'}` : 'ok'}</td></tr>`;
  });
  return `<table class="steps"><thead><tr><th>#</th><th>event sent</th><th>state the model expects</th><th>checks</th><th>assertions</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function pathRows(results: readonly PathResult[], withSteps: boolean): string {
  return results
    .map((r) => {
      const detail =
        r.status === 'failed' || (withSteps && r.trace)
          ? `<tr class="detail"><td colspan="5">${r.trace ? traceTable(r.trace) : ''}${r.failure ? `<pre class="failure">${esc(r.failure)}</pre>` : ''}</td></tr>`
          : '';
      return `<tr class="${r.status === 'failed' ? 'bad' : ''}"><td><code>${esc(r.id ?? '—')}</code></td><td>${r.depth}</td><td class="${r.status}">${r.status}</td><td>${Math.round(r.ms)} ms</td><td class="events">${esc(r.title)}</td></tr>${detail}`;
    })
    .join('');
}

function machineSection(m: GameMachine, c: MachineCoverage, svg: string, results: readonly PathResult[], browser: readonly BrowserPath[], out: string): string {
  const configs = Object.keys(c.byConfig).sort();
  const perConfig = configs
    .map((k) => {
      const r = c.byConfig[k]!;
      return `<tr><td>${esc(k)}</td><td>${r.states.size}/${c.units.states.length}</td><td>${r.transitions.size}/${c.units.transitions.length}</td><td>${r.branches.size}</td></tr>`;
    })
    .join('');
  const missing = c.missing.length
    ? `<table><thead><tr><th>not reached</th><th></th><th>why</th></tr></thead><tbody>${c.missing
        .map(
          (x) =>
            `<tr class="${!x.reachable ? 'excused' : x.why ? 'unit' : 'bad'}"><td>${x.kind}</td><td><code>${esc(x.name)}</code></td><td>${!x.reachable ? 'cannot be reached: ' : x.why ? 'left to a unit test: ' : ''}${esc(x.why ?? 'no path reaches it, and no reason is recorded (a gap)')}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="passed">Every state, transition and branch of the machine was reached.</p>';
  const byConfig = new Map<string, PathResult[]>();
  for (const r of results) byConfig.set(`${r.config} · ${r.depth}`, [...(byConfig.get(`${r.config} · ${r.depth}`) ?? []), r]);
  const groups = [...byConfig.entries()]
    .map(([k, rs]) => {
      const failed = rs.filter((r) => r.status === 'failed').length;
      return `<details ${failed ? 'open' : ''}><summary>${esc(k)}: ${rs.length} paths, ${failed ? `<span class="failed">${failed} failed</span>` : '<span class="passed">all passed</span>'}</summary><table class="paths"><thead><tr><th>id</th><th>depth</th><th>result</th><th>time</th><th>events</th></tr></thead><tbody>${pathRows(rs, rs.length <= 50)}</tbody></table></details>`;
    })
    .join('');
  const browserRows = browser.length
    ? `<h3>In the browser (real server, Chromium)</h3><table class="paths"><thead><tr><th>id</th><th>seed</th><th>result</th><th>time</th><th>steps</th></tr></thead><tbody>${browser
        .map(
          (b) =>
            `<tr class="${b.status === 'failed' ? 'bad' : ''}"><td><code>${esc(b.id)}</code></td><td>${b.seed}</td><td class="${b.status}">${b.status}</td><td>${Math.round(b.ms)} ms</td><td><ol class="bsteps">${b.steps
              .map(
                (s) =>
                  `<li class="${s.ok ? '' : 'bad'}"><code>${esc(s.event)}</code> → expected <code>${esc(s.expected)}</code>; the page showed: ${esc(s.shown)}${s.screenshot ? ` <a href="${esc(relative(out, join(out, 'browser', s.screenshot)))}"><img src="${esc(relative(out, join(out, 'browser', s.screenshot)))}" alt="screenshot of the failed step" width="160"></a>` : ''}</li>`,
              )
              .join('')}</ol>${b.error ? `<pre class="failure">${esc(b.error)}</pre>` : ''}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const childNote = m.childOf?.length ? `<p>Also runs as a child of ${m.childOf.map((n) => `<a href="#${n}">${n}</a>`).join(', ')}: what their paths reach of it counts here.</p>` : '';
  return `<section id="${m.name}"><h2>${esc(m.name)} <small>${esc(m.title)}</small></h2>${childNote}
<p class="shares">States <b>${pct(c.states)}</b> (${ratio(c.states)}) · transitions <b>${pct(c.transitions)}</b> (${ratio(c.transitions)}) · branches <b>${pct(c.branches)}</b> (${ratio(c.branches)})</p>
<details class="diagram" open><summary>Diagram: green reached by the paths, orange left to a unit test, red a gap, grey cannot be reached</summary><p><a href="diagrams/${m.name}.svg">The diagram at full size</a></p><div class="svg">${svg}</div></details>
${missing}
<h3>Reached per configuration</h3><table><thead><tr><th>configuration (of the paths that ran it)</th><th>states</th><th>transitions</th><th>branches</th></tr></thead><tbody>${perConfig || '<tr><td colspan="4">nothing ran</td></tr>'}</tbody></table>
<h3>Paths</h3>${groups || '<p>No path of this machine ran.</p>'}${browserRows}</section>`;
}

export interface ReportInput {
  readonly out: string;
  readonly rawDir: string;
  readonly command: string;
  /** Machines to describe (a `--machine` run: that one; otherwise all). */
  readonly machines?: readonly GameMachine[];
}

export async function writeReport(input: ReportInput): Promise<{ coverage: MachineCoverage[]; results: PathResult[]; file: string }> {
  const machines = input.machines ?? GAME_MACHINES;
  const reached = readReached(input.rawDir);
  const { results, jest } = readResults(input.rawDir);
  const browser = readBrowser(input.out);
  const coverage = machines.map((m) => machineCoverage(m, reached));
  const sections: string[] = [];
  mkdirSync(join(input.out, 'diagrams'), { recursive: true });
  for (const [i, m] of machines.entries()) {
    const c = coverage[i]!;
    const svg = await machineSvg(c);
    // Each diagram also as a file of its own, at full size (a large machine is read zoomed in).
    writeFileSync(join(input.out, 'diagrams', `${m.name}.svg`), `<?xml version="1.0" encoding="UTF-8"?>\n${svg}`);
    sections.push(machineSection(m, c, svg, results.filter((r) => r.machine === m.name), browser?.paths.filter((p) => p.machine === m.name) ?? [], input.out));
  }
  const summary = coverage
    .map((c) => {
      const rs = results.filter((r) => r.machine === c.machine);
      const count = (d: Depth) => rs.filter((r) => r.depth === d).length;
      const failed = rs.filter((r) => r.status === 'failed').length;
      const b = browser?.paths.filter((p) => p.machine === c.machine) ?? [];
      return `<tr class="${failed ? 'bad' : ''}"><td><a href="#${c.machine}">${c.machine}</a></td><td>${count('machine')}</td><td>${count('view')}</td><td>${count('server')}</td><td>${b.length ? `${b.filter((p) => p.status === 'passed').length}/${b.length}` : '—'}</td><td>${failed}</td><td>${pct(c.states)}</td><td>${pct(c.transitions)}</td><td>${pct(c.branches)}</td></tr>`;
    })
    .join('');
  const totals = jest ? `${jest.numPassedTests} tests passed, ${jest.numFailedTests} failed${jest.numPendingTests ? `, ${jest.numPendingTests} not run (filtered)` : ''}` : 'no Jest run on record';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Quiz Arena — path tests</title><style>
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:16px;color:#111827}
h1{font-size:22px}h2{font-size:18px;border-top:2px solid #e5e7eb;padding-top:16px}h2 small{font-weight:400;color:#6b7280;font-size:13px}
table{border-collapse:collapse;margin:8px 0;font-size:12.5px}th,td{border:1px solid #e5e7eb;padding:3px 6px;text-align:left;vertical-align:top}th{background:#f9fafb}
.passed{color:#15803d}.failed,.bad>td:first-child{color:#b91c1c;font-weight:600}.excused td{color:#6b7280}.unit td{color:#b45309}tr.bad{background:#fef2f2}
.events{font-family:ui-monospace,monospace;font-size:11.5px}.svg{overflow:auto;border:1px solid #e5e7eb;background:#fff}.svg svg{width:100%;height:auto;max-height:85vh}
pre.failure{white-space:pre-wrap;background:#fff7ed;border:1px solid #fed7aa;padding:8px;font-size:11.5px}summary{cursor:pointer;margin:6px 0}
.steps td{font-size:11.5px}.bsteps{margin:0;padding-left:18px}.bsteps li.bad{color:#b91c1c}code{font-size:11.5px}
</style></head><body><h1>Model-based path tests</h1>
<p><code>${esc(input.command)}</code> · ${esc(new Date(jest?.startTime ?? Date.now()).toISOString())} · ${esc(totals)}${browser ? ` · browser: <code>${esc(browser.command)}</code> at ${esc(browser.at)}` : ''}</p>
<p>Each game machine's model (machines/&lt;flow&gt;/&lt;flow&gt;.model.ts) is walked into paths (the shortest path to every state and through every transition) and each path runs on the real machine (fake calls, simulated clock), a selection through the real views, and scenarios against the real server; <code>npm run test:paths:browser</code> drives sampled paths through the built app in Chromium. Coverage is what the real machines did while the paths ran (XState's inspection), set against each machine's own definition. A path is replayed alone with <code>npm run test:paths -- --path &lt;id&gt;</code>. See docs/testing.md.</p>
<table><thead><tr><th>machine</th><th>machine paths</th><th>view paths</th><th>server scenarios</th><th>browser</th><th>failed</th><th>states</th><th>transitions</th><th>branches</th></tr></thead><tbody>${summary}</tbody></table>
${sections.join('\n')}
</body></html>`;
  mkdirSync(input.out, { recursive: true });
  const file = join(input.out, 'index.html');
  writeFileSync(file, html);
  writeFileSync(
    join(input.out, 'coverage.json'),
    JSON.stringify(
      coverage.map((c) => ({
        machine: c.machine,
        states: c.states,
        transitions: c.transitions,
        branches: c.branches,
        missing: c.missing,
      })),
      null,
      2,
    ),
  );
  return { coverage, results, file };
}
