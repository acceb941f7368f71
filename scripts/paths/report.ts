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
  /** How many steps (events) the path has: the shortest failing path of a group is listed first. */
  readonly length: number;
}

/** The branches a test took during its last step (tests/setup/machine-coverage.ts), per machine id. */
export interface LastStep {
  readonly step: number;
  readonly branches: Readonly<Record<string, readonly string[]>>;
}

/** Failures that share their first failing step: the state the path was in and the event it sent there. */
export interface FailureGroup {
  readonly key: string;
  readonly machine: string;
  /** The state before the failing step (the model's), or the scenario. */
  readonly state: string;
  /** The failing step's event type (a scenario: its step's label). */
  readonly event: string;
  /** Whether it failed while sending the event or while checking the state after it. */
  readonly during: 'event' | 'state' | null;
  /** The paths, shortest first. */
  readonly results: readonly PathResult[];
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
      const length = trace ? trace.steps.length : base.title.split(' → ').length;
      // A real-server scenario belongs to every machine whose suite list names its file.
      for (const name of id && config !== 'scenarios' ? [machine!] : owners.map((o) => o.name)) results.push({ ...base, machine: name, failure, trace, length });
    }
  }
  return { results, jest };
}

export function readLastSteps(rawDir: string): Map<string, LastStep> {
  const out = new Map<string, LastStep>();
  const dir = join(rawDir, 'coverage');
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const raw = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { file: string; lastSteps?: Record<string, LastStep> };
    for (const [test, last] of Object.entries(raw.lastSteps ?? {})) out.set(`${raw.file}\u0000${test}`, last);
  }
  return out;
}

/** A failure in three lines or fewer: what was expected and what came, without the stack. */
function gist(text: string | null | undefined): string {
  const lines = (text ?? '').split('\n').map((l) => l.trim()).filter((l) => l && !/^at /.test(l) && !/^(Error|thrown):?$/.test(l));
  const useful = lines.filter((l) => /^(Expected|Received|[-+] )/.test(l));
  return (useful.length ? [lines[0]!, ...useful] : lines).slice(0, 4).join(' · ').slice(0, 400);
}

const firstLine = (text: string | null) => (text ?? '').split('\n').find((l) => l.trim() && !/^\s*(Error:?\s*)?(thrown:?)?\s*$/.test(l))?.trim() ?? '';

/**
 * Groups failed paths by their first failing step: the state the path was in (the model's state
 * after the step before) × the event it sent, and whether the event or the check after it
 * failed. A scenario's group is its failing step. Biggest groups first; in each, the shortest path first.
 */
export function failureGroups(results: readonly PathResult[]): FailureGroup[] {
  const groups = new Map<string, { machine: string; state: string; event: string; during: FailureGroup['during']; results: PathResult[] }>();
  const seen = new Set<string>();
  for (const r of results) {
    if (r.status !== 'failed') continue;
    // A scenario counted for several machines is one failure.
    const once = `${r.file}\u0000${r.id ?? r.title}\u0000${r.depth}`;
    if (seen.has(once)) continue;
    seen.add(once);
    const failed = r.trace?.failed ?? null;
    let state: string;
    let event: string;
    if (failed && r.trace) {
      const step = r.trace.steps[failed.step];
      if (r.config === 'scenarios') {
        state = `scenario: ${r.title}`;
        event = step?.event ?? '(before its first step)';
      } else {
        state = failed.step > 0 ? r.trace.steps[failed.step - 1]?.state || '(start)' : '(start)';
        event = (step?.event ?? '(start)').split(' ')[0]!;
      }
    } else {
      state = '(no steps recorded)';
      event = firstLine(r.failure) || 'failed';
    }
    const during = failed?.during ?? null;
    const key = `${r.machine}\u0000${state}\u0000${event}\u0000${during}`;
    const g = groups.get(key) ?? { machine: r.machine, state, event, during, results: [] };
    groups.set(key, g);
    g.results.push(r);
  }
  return [...groups.entries()]
    .map(([key, g]) => ({ key, ...g, results: [...g.results].sort((a, b) => a.length - b.length || String(a.id).localeCompare(String(b.id))) }))
    .sort((a, b) => b.results.length - a.results.length || a.results[0]!.length - b.results[0]!.length);
}

/** Per machine id, the branches failed paths took at the step they failed, with how many paths took each. */
export function failingBranches(results: readonly PathResult[], lastSteps: ReadonlyMap<string, LastStep>): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const seen = new Set<string>();
  for (const r of results) {
    const failed = r.trace?.failed;
    if (r.status !== 'failed' || !failed || !r.trace) continue;
    const key = `${r.trace.file}\u0000${r.trace.test}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const last = lastSteps.get(key);
    if (!last || last.step !== failed.step) continue;
    for (const [machineId, branches] of Object.entries(last.branches)) {
      const into = out.get(machineId) ?? new Map<string, number>();
      out.set(machineId, into);
      for (const b of branches) into.set(b, (into.get(b) ?? 0) + 1);
    }
  }
  return out;
}

const anchorOf = (r: PathResult) => `p-${(r.id ?? r.title).replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${r.depth}`;

function groupsSection(groups: readonly FailureGroup[]): string {
  if (!groups.length) return '';
  const rows = groups
    .map((g) => {
      const first = g.results[0]!;
      const others = g.results.slice(1);
      const where = g.state.startsWith('scenario: ') ? `${esc(g.state)} — step <code>${esc(g.event)}</code>` : `<code>${esc(g.state)}</code> × <code>${esc(g.event)}</code>`;
      return `<tr class="bad"><td>${g.results.length}</td><td><a href="#${g.machine}">${esc(g.machine)}</a></td><td>${where}${g.during === 'state' ? ' <small>(the check after it)</small>' : ''}</td><td><a href="#${anchorOf(first)}"><code>${esc(first.id ?? first.title)}</code></a> <small>${first.length} steps, ${first.depth}</small><div class="msg">${esc(gist(first.trace?.failed?.message ?? first.failure))}</div>${
        others.length ? `<details><summary>${others.length} more, shortest first</summary>${others.map((r) => `<a href="#${anchorOf(r)}"><code>${esc(r.id ?? r.title)}</code></a> <small>${r.length}</small>`).join('<br>')}</details>` : ''
      }</td></tr>`;
    })
    .join('');
  return `<section id="failures"><h2>Failures by their first failing step</h2><p>${groups.reduce((n, g) => n + g.results.length, 0)} failed paths in ${groups.length} groups: the state the path was in × the event it sent there. The shortest path of each group is first; replay it with <code>npm run test:paths -- --path &lt;id&gt;</code>. The transitions they took at that step are drawn thick dark red on the diagrams.</p>
<table><thead><tr><th>paths</th><th>machine</th><th>first failing step</th><th>shortest path, its message, the others</th></tr></thead><tbody>${rows}</tbody></table></section>`;
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

function pathRows(results: readonly PathResult[], withSteps: boolean, openIds: ReadonlySet<string>): string {
  return results
    .map((r) => {
      const detail =
        r.status === 'failed' || (withSteps && r.trace)
          ? `<tr class="detail"><td colspan="5"><details${openIds.has(anchorOf(r)) ? ' open' : ''}><summary>${r.status === 'failed' ? 'the steps and the failure' : 'the steps'}</summary>${r.trace ? traceTable(r.trace) : ''}${r.failure ? `<pre class="failure">${esc(r.failure)}</pre>` : ''}</details></td></tr>`
          : '';
      const text = `${r.id ?? ''} ${r.title} ${r.status === 'failed' ? firstLine(r.failure) : ''}`.toLowerCase();
      return `<tr id="${anchorOf(r)}" class="path ${r.status === 'failed' ? 'bad' : ''}" data-machine="${esc(r.machine)}" data-config="${esc(r.config)}" data-depth="${r.depth}" data-result="${r.status}" data-text="${esc(text)}"><td><code>${esc(r.id ?? '—')}</code></td><td>${r.depth}</td><td class="${r.status}">${r.status}</td><td>${Math.round(r.ms)} ms</td><td class="events">${esc(r.title)}</td></tr>${detail}`;
    })
    .join('');
}

function machineSection(m: GameMachine, c: MachineCoverage, svg: string, results: readonly PathResult[], browser: readonly BrowserPath[], out: string, openIds: ReadonlySet<string>): string {
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
      // Failed paths first, the shortest first.
      const sorted = failed ? [...rs].sort((a, b) => Number(b.status === 'failed') - Number(a.status === 'failed') || a.length - b.length) : rs;
      return `<details class="config" ${failed ? 'open' : ''}><summary>${esc(k)}: ${rs.length} paths, ${failed ? `<span class="failed">${failed} failed</span>` : '<span class="passed">all passed</span>'}</summary><table class="paths"><thead><tr><th>id</th><th>depth</th><th>result</th><th>time</th><th>events</th></tr></thead><tbody>${pathRows(sorted, rs.length <= 50, openIds)}</tbody></table></details>`;
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
<details class="diagram" open><summary>Diagram: green reached by the paths, orange left to a unit test, red dashed a gap, grey cannot be reached, thick dark red taken by failed paths at the step they failed</summary><p class="zoom"><button type="button" data-zoom="fit">Fit</button> <button type="button" data-zoom="1">100 %</button> <button type="button" data-zoom="out">−</button> <button type="button" data-zoom="in">+</button> drag to pan · <a href="diagrams/${m.name}.svg">the diagram alone, at full size</a></p><div class="svg">${svg}</div></details>
${missing}
<h3>Reached per configuration</h3><table><thead><tr><th>configuration (of the paths that ran it)</th><th>states</th><th>transitions</th><th>branches</th></tr></thead><tbody>${perConfig || '<tr><td colspan="4">nothing ran</td></tr>'}</tbody></table>
<h3>Paths</h3>${groups || '<p>No path of this machine ran.</p>'}${browserRows}</section>`;
}

function filterBar(machines: readonly GameMachine[], results: readonly PathResult[]): string {
  const options = (values: readonly string[]) => values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`).join('');
  const configs = [...new Set(results.map((r) => r.config))].sort();
  return `<form class="filter" role="search" onsubmit="return false"><label class="sr" for="f-text">Search</label><input id="f-text" type="search" placeholder="Search ids, events, titles, failure messages" autocomplete="off">
<select id="f-machine" aria-label="Machine"><option value="">every machine</option>${options(machines.map((m) => m.name))}</select>
<select id="f-config" aria-label="Configuration"><option value="">every configuration</option>${options(configs)}</select>
<select id="f-depth" aria-label="Depth"><option value="">every depth</option>${options(['machine', 'view', 'server'])}</select>
<select id="f-result" aria-label="Result"><option value="">any result</option>${options(['failed', 'passed'])}</select>
<span id="f-count" aria-live="polite"></span></form>`;
}

/**
 * The report's own script: the search and filters (rows hidden, groups and sections with nothing
 * left hidden, the rest opened), and pan and zoom on the diagrams.
 */
const REPORT_SCRIPT = `(() => {
  const $ = (id) => document.getElementById(id);
  const rows = [...document.querySelectorAll('tr.path')];
  const apply = () => {
    const text = $('f-text').value.trim().toLowerCase();
    const want = { machine: $('f-machine').value, config: $('f-config').value, depth: $('f-depth').value, result: $('f-result').value };
    const active = !!(text || want.machine || want.config || want.depth || want.result);
    let shown = 0;
    for (const row of rows) {
      const d = row.dataset;
      const ok = (!text || d.text.includes(text)) && (!want.machine || d.machine === want.machine) && (!want.config || d.config === want.config) && (!want.depth || d.depth === want.depth) && (!want.result || d.result === want.result);
      row.hidden = !ok;
      const next = row.nextElementSibling;
      if (next && next.classList.contains('detail')) next.hidden = !ok;
      if (ok) shown++;
    }
    for (const group of document.querySelectorAll('details.config')) {
      const any = group.querySelector('tr.path:not([hidden])');
      group.hidden = active && !any;
      if (active && any) group.open = true;
    }
    for (const section of document.querySelectorAll('section[id]:not(#failures)')) section.hidden = active && !section.querySelector('tr.path:not([hidden])') && !(want.machine && section.id === want.machine);
    $('f-count').textContent = active ? shown + ' of ' + rows.length + ' paths' : rows.length + ' paths';
  };
  for (const id of ['f-text', 'f-machine', 'f-config', 'f-depth', 'f-result']) $(id).addEventListener('input', apply);
  apply();
  for (const box of document.querySelectorAll('.svg')) {
    const svg = box.querySelector('svg');
    if (!svg) continue;
    const natural = svg.viewBox && svg.viewBox.baseVal ? svg.viewBox.baseVal.width : svg.getBBox().width;
    let scale = null;
    const set = (s) => { scale = s; svg.style.width = s === null ? '100%' : Math.round(natural * s) + 'px'; svg.style.maxHeight = s === null ? '85vh' : 'none'; };
    const bar = box.parentElement.querySelector('.zoom');
    bar.addEventListener('click', (e) => {
      const z = e.target.dataset && e.target.dataset.zoom;
      if (!z) return;
      const now = scale === null ? svg.getBoundingClientRect().width / natural : scale;
      set(z === 'fit' ? null : z === '1' ? 1 : z === 'in' ? now * 1.25 : now / 1.25);
    });
    let from = null;
    box.addEventListener('pointerdown', (e) => { from = { x: e.clientX, y: e.clientY, left: box.scrollLeft, top: box.scrollTop }; box.classList.add('panning'); });
    window.addEventListener('pointerup', () => { from = null; box.classList.remove('panning'); });
    box.addEventListener('pointermove', (e) => { if (!from) return; box.scrollLeft = from.left - (e.clientX - from.x); box.scrollTop = from.top - (e.clientY - from.y); });
  }
})();`;

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
  const groups = failureGroups(results);
  const failing = failingBranches(results, readLastSteps(input.rawDir));
  // The shortest failed path of each group shows its steps open; the others are a click away.
  const openIds = new Set(groups.map((g) => anchorOf(g.results[0]!)));
  const coverage = machines.map((m) => machineCoverage(m, reached));
  const sections: string[] = [];
  mkdirSync(join(input.out, 'diagrams'), { recursive: true });
  for (const [i, m] of machines.entries()) {
    const c = coverage[i]!;
    const svg = await machineSvg(c, failing.get(m.machine.id));
    // Each diagram also as a file of its own, at full size (a large machine is read zoomed in).
    writeFileSync(join(input.out, 'diagrams', `${m.name}.svg`), `<?xml version="1.0" encoding="UTF-8"?>\n${svg}`);
    sections.push(machineSection(m, c, svg, results.filter((r) => r.machine === m.name), browser?.paths.filter((p) => p.machine === m.name) ?? [], input.out, openIds));
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
.events{font-family:ui-monospace,monospace;font-size:11.5px}.svg{overflow:auto;border:1px solid #e5e7eb;background:#fff;max-height:85vh}.svg svg{width:100%;height:auto;max-height:85vh}.sr{position:absolute;left:-9999px}
pre.failure{white-space:pre-wrap;background:#fff7ed;border:1px solid #fed7aa;padding:8px;font-size:11.5px}summary{cursor:pointer;margin:6px 0}
.steps td{font-size:11.5px}.bsteps{margin:0;padding-left:18px}.bsteps li.bad{color:#b91c1c}code{font-size:11.5px}
.filter{position:sticky;top:0;z-index:2;background:#fff;border-bottom:1px solid #e5e7eb;padding:8px 0;display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.filter input{flex:1 1 260px;padding:6px 8px;font:inherit}.filter select{padding:5px;font:inherit}.msg{color:#b91c1c;font-size:12px}
.svg{cursor:grab}.svg.panning{cursor:grabbing}.zoom button{font:inherit;padding:1px 8px}
</style></head><body><h1>Model-based path tests</h1>
<p><code>${esc(input.command)}</code> · ${esc(new Date(jest?.startTime ?? Date.now()).toISOString())} · ${esc(totals)}${browser ? ` · browser: <code>${esc(browser.command)}</code> at ${esc(browser.at)}` : ''}</p>
<p>Each game machine's model (machines/&lt;flow&gt;/&lt;flow&gt;.model.ts) is walked into paths (the shortest path to every state and through every transition) and each path runs on the real machine (fake calls, simulated clock), a selection through the real views, and scenarios against the real server; <code>npm run test:paths:browser</code> drives sampled paths through the built app in Chromium. Coverage is what the real machines did while the paths ran (XState's inspection), set against each machine's own definition. A path is replayed alone with <code>npm run test:paths -- --path &lt;id&gt;</code>. See docs/testing.md.</p>
<table><thead><tr><th>machine</th><th>machine paths</th><th>view paths</th><th>server scenarios</th><th>browser</th><th>failed</th><th>states</th><th>transitions</th><th>branches</th></tr></thead><tbody>${summary}</tbody></table>
${filterBar(machines, results)}
${groupsSection(groups)}
${sections.join('\n')}
<script>${REPORT_SCRIPT}</script>
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
