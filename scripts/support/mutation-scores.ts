/**
 * Mutation scores from Stryker's JSON report (mutation-testing-report-schema), per module, with the
 * mutants listed as equivalent left out, and the verdict against the committed baseline.
 */

export type MutantStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

export interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: MutantStatus;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

export interface MutationReport {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

/** A surviving mutant no test can kill: the file, the line's code as it reads, the mutator, and why. */
export interface Equivalent {
  file: string;
  /** The mutated line's text, trimmed (a line number would move with every edit above it). */
  code: string;
  mutator: string;
  /** What the mutant puts in place, as Stryker's report shows it. */
  replacement: string;
  /**
   * The mutated columns, `<start>-<end>` as Stryker counts them, when the line has several mutants
   * of the same kind and replacement (`a && b && c` → `true` at three spans) and only some are
   * equivalent.
   */
  span?: string;
  reason: string;
}

export interface FileScore {
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  equivalent: number;
  /** (killed + timeout) / (killed + timeout + survived + no coverage), in per cent; 100 with nothing to judge. */
  score: number;
  /** The mutants that count against the score: where they are and what they do. */
  alive: { line: number; mutator: string; replacement: string; status: MutantStatus }[];
}

export interface Scores {
  files: Record<string, FileScore>;
  total: FileScore;
}

export function readEquivalents(text: string): Equivalent[] {
  const list = JSON.parse(text) as unknown;
  if (!Array.isArray(list)) throw new Error('tests/mutation/equivalent.json: expected a list');
  return list.map((e, i) => {
    const item = e as Partial<Equivalent>;
    for (const key of ['file', 'code', 'mutator', 'replacement', 'reason'] as const) {
      if (typeof item[key] !== 'string' || item[key] === '') throw new Error(`tests/mutation/equivalent.json, entry ${i + 1}: "${key}" is missing (every equivalent mutant says where it is and why)`);
    }
    if (item.span !== undefined && !/^\d+-\d+$/.test(item.span)) throw new Error(`tests/mutation/equivalent.json, entry ${i + 1}: "span" must read <start column>-<end column>`);
    return item as Equivalent;
  });
}

const lineOf = (source: string, line: number) => (source.split('\n')[line - 1] ?? '').trim();

const emptyScore = (): FileScore => ({ killed: 0, survived: 0, noCoverage: 0, timeout: 0, equivalent: 0, score: 100, alive: [] });

function finish(s: FileScore): FileScore {
  const judged = s.killed + s.timeout + s.survived + s.noCoverage;
  s.score = judged === 0 ? 100 : (100 * (s.killed + s.timeout)) / judged;
  return s;
}

export function scoreFiles(report: MutationReport, equivalents: readonly Equivalent[]): Scores {
  const files: Record<string, FileScore> = {};
  const total = emptyScore();
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const s = emptyScore();
    for (const m of mutants) {
      const replacement = m.replacement ?? '';
      const alive = m.status === 'Survived' || m.status === 'NoCoverage';
      const span = `${m.location.start.column}-${m.location.end.column}`;
      if (alive && equivalents.some((e) => e.file === file && e.mutator === m.mutatorName && e.replacement === replacement && (e.span === undefined || e.span === span) && e.code === lineOf(source, m.location.start.line))) {
        s.equivalent += 1;
        continue;
      }
      if (m.status === 'Killed') s.killed += 1;
      else if (m.status === 'Timeout') s.timeout += 1;
      else if (m.status === 'Survived') s.survived += 1;
      else if (m.status === 'NoCoverage') s.noCoverage += 1;
      else continue;
      if (alive) s.alive.push({ line: m.location.start.line, mutator: m.mutatorName, replacement, status: m.status });
    }
    files[file] = finish(s);
    for (const key of ['killed', 'survived', 'noCoverage', 'timeout', 'equivalent'] as const) total[key] += s[key];
  }
  return { files, total: finish(total) };
}

/** The target on the rule modules as a whole (issue 44). */
export const MUTATION_TARGET = 85;

/**
 * Each module's score against its baseline (a drop of more than 0.01 point fails; a module new
 * to the baseline is reported, not judged), and the whole against the target (reported). With
 * `partial` (a run over some files only) the modules not in the report are not missed.
 */
export function judgeMutation(
  scores: Scores,
  baseline: Record<string, number>,
  options: { partial: boolean; /** What the whole is called in the summary. */ label?: string; /** Whether the whole is held to MUTATION_TARGET (the rule modules are). */ target?: boolean },
): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  let ok = true;
  const pct = (n: number) => `${n.toFixed(2)} %`;
  lines.push('', 'module | score | killed | survived | no coverage | equivalent | baseline');
  for (const [file, s] of Object.entries(scores.files).sort(([a], [b]) => a.localeCompare(b))) {
    const base = baseline[file];
    const dropped = base !== undefined && s.score < base - 0.01;
    if (dropped) ok = false;
    lines.push(`${file} | ${pct(s.score)} | ${s.killed + s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.equivalent} | ${base === undefined ? 'new' : pct(base)}${dropped ? '  ← DROPPED' : ''}`);
  }
  if (!options.partial) {
    for (const file of Object.keys(baseline)) {
      if (!(file in scores.files)) {
        ok = false;
        lines.push(`${file} | missing from the report: a rule module left the run  ← MISSING`);
      }
    }
  }
  const t = scores.total;
  const target = options.target ?? true ? `; target ${MUTATION_TARGET} %: ${t.score >= MUTATION_TARGET ? 'met' : 'not met'}` : '';
  lines.push('', `${options.label ?? 'all rule modules'}: ${pct(t.score)} (${t.killed + t.timeout} killed, ${t.survived} survived, ${t.noCoverage} without coverage, ${t.equivalent} equivalent)${target}`);
  for (const [file, s] of Object.entries(scores.files)) {
    const base = baseline[file];
    if (base !== undefined && s.score < base - 0.01) {
      lines.push(`${file} dropped from ${pct(base)} to ${pct(s.score)}; the mutants alive:`);
      for (const m of s.alive) lines.push(`  line ${m.line}: ${m.mutator} → ${JSON.stringify(m.replacement)} (${m.status})`);
    }
  }
  lines.push(ok ? 'mutation gate: no module dropped below its baseline' : 'mutation gate FAILED');
  return { ok, lines };
}
