import { mkdtempSync, readFileSync, readlinkSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PathTrace } from '@/machines/testing/trace';
import { machineDot } from '@/scripts/paths/diagram';
import { failingBranches, failureGroups, type LastStep, type PathResult } from '@/scripts/paths/report';
import { latestRunDir, linkLatest, newRunDir, pruneRuns, runDirs, writeRunsIndex, writeRunSummary } from '@/scripts/paths/runs';
import { machineCoverage } from '@/scripts/paths/coverage';
import { gameMachine } from '@/tests/paths/registry';

/** A path of `events` that failed at step `at` (0 is the start), the steps' states as the model expects them. */
function failed(id: string, events: string[], at: number, during: 'event' | 'state' = 'state', config = id.split('/')[1]!): PathResult {
  // A scenario's steps are its own; a model path's begin with the start.
  const steps = (config === 'scenarios' ? events : ['(start)', ...events]).map((event, index) => ({ index, event, state: index === 0 ? '"idle"' : `"after ${event}"`, checks: ['*'], assertions: 1 }));
  const trace: PathTrace = { id, test: `[${id}] ${events.join(' → ')}`, file: `/repo/${id.split('/')[0]}.test.ts`, steps, failed: { step: at, during, message: 'expect(received).toBe(expected)\nExpected: 1\nReceived: 0' } };
  return { machine: id.split('/')[0]!, config, id, depth: 'machine', file: trace.file, title: events.join(' → '), status: 'failed', ms: 1, failure: trace.failed!.message, trace, length: steps.length };
}

describe('triage: failures grouped by their first failing step', () => {
  test('paths that failed at the same state × event are one group, the shortest path first; the biggest group comes first', () => {
    const long = failed('exam/timed/00000001', ['user.open', 'user.start', 'user.goto', 'user.goto'], 4);
    const short = failed('exam/timed/00000002', ['user.start', 'user.goto'], 2);
    // Another configuration's path that sent user.goto in the same state: the same group.
    const same = failed('exam/changeable/00000006', ['user.open', 'user.start', 'user.goto'], 3);
    const elsewhere = failed('exam/timed/00000004', ['user.start', 'user.submit'], 2);
    const passed: PathResult = { ...short, id: 'exam/timed/00000005', status: 'passed', trace: null, failure: null };
    const groups = failureGroups([long, passed, same, elsewhere, short]);
    expect(groups.map((g) => [g.state, g.event, g.results.map((r) => r.id)])).toEqual([
      ['"after user.start"', 'user.goto', ['exam/timed/00000002', 'exam/changeable/00000006']],
      ['"after user.start"', 'user.submit', ['exam/timed/00000004']],
      ['"after user.goto"', 'user.goto', ['exam/timed/00000001']],
    ]);
    expect(groups[0]!.during).toBe('state');
  });

  test("a scenario's group is its failing step; a scenario counted for two machines is one failure; a failure without steps is grouped by its message", () => {
    const scenario = failed('random-battle/scenarios/0000000a', ['two players', 'they are matched'], 1, 'event');
    const asGroup = { ...scenario, machine: 'group-battle' };
    const bare: PathResult = { ...failed('exam/timed/0000000b', ['user.start'], 1), trace: null, failure: 'Error: thrown\nTypeError: x is undefined\n    at y' };
    const groups = failureGroups([scenario, asGroup, bare]);
    expect(groups.map((g) => [g.machine, g.state, g.event, g.results.length])).toEqual([
      ['random-battle', `scenario: ${scenario.title}`, 'they are matched', 1],
      ['exam', '(no steps recorded)', 'TypeError: x is undefined', 1],
    ]);
  });

  test('the branches failed paths took at the step they failed are counted; those of another step are not', () => {
    const a = failed('exam/timed/00000001', ['user.start', 'user.goto'], 2);
    const b = failed('exam/timed/00000002', ['user.open', 'user.goto'], 2);
    const c = failed('exam/timed/00000003', ['user.open', 'user.submit'], 1);
    const goto = 'exam.inExam.work.answering\u0000user.goto\u00000';
    const last = new Map<string, LastStep>([
      [`${a.trace!.file}\u0000${a.trace!.test}`, { step: 2, branches: { exam: [goto] } }],
      [`${b.trace!.file}\u0000${b.trace!.test}`, { step: 2, branches: { exam: [goto], countdown: ['countdown.running\u0000tick\u00000'] } }],
      // c failed at step 1, but its last step on record is 2: what it took then is not the failing step's.
      [`${c.trace!.file}\u0000${c.trace!.test}`, { step: 2, branches: { exam: ['exam.x\u0000user.submit\u00000'] } }],
    ]);
    const failing = failingBranches([a, b, c], last);
    expect(failing.get('exam')).toEqual(new Map([[goto, 2]]));
    expect(failing.get('countdown')).toEqual(new Map([['countdown.running\u0000tick\u00000', 1]]));
  });

  test('the diagram draws a failing branch thick, in dark red, with its count', () => {
    const c = machineCoverage(gameMachine('contest'), new Map());
    const retry = c.units.transitions.find((t) => t.label === 'user.retry')!;
    const dot = machineDot(c, new Map([[`${retry.key}\u00000`, 3]]));
    const edge = dot.split('\n').find((l) => l.includes('✗ 3 failed: user.retry'))!;
    expect(edge).toContain('color="#b91c1c"');
    expect(edge).toContain('penwidth=3.2');
    expect(machineDot(c).includes('✗')).toBe(false);
  });
});

describe('triage: each run keeps its own report', () => {
  test('runs get folders of their own, latest links the newest, the index lists them, and the oldest beyond the limit go', () => {
    const root = mkdtempSync(join(tmpdir(), 'paths-runs-'));
    const first = newRunDir(root, new Date('2026-12-02T08:00:00Z'));
    const again = newRunDir(root, new Date('2026-12-02T08:00:00Z'));
    expect(first.endsWith('2026-12-02T08-00-00')).toBe(true);
    expect(again.endsWith('2026-12-02T08-00-00-2')).toBe(true);
    writeRunSummary(first, { command: 'npm run test:paths', at: 'x', passed: 10, failed: 0, status: 0 });
    linkLatest(first, root);
    expect(latestRunDir(root)).toBe(first);
    const third = newRunDir(root, new Date('2026-12-02T09:00:00Z'));
    writeRunSummary(third, { command: 'npm run test:paths -- --machine exam', at: 'y', passed: 5, failed: 2, status: 1 });
    linkLatest(third, root);
    expect(readlinkSync(join(root, 'latest'))).toBe('2026-12-02T09-00-00');
    const index = readFileSync(writeRunsIndex(root), 'utf8');
    expect(index.indexOf('2026-12-02T09-00-00')).toBeLessThan(index.indexOf('2026-12-02T08-00-00'));
    expect(index).toContain('--machine exam');
    expect(index).toMatch(/<td class="failed">failed<\/td>/);
    expect(pruneRuns(root, 1)).toEqual(['2026-12-02T08-00-00-2', '2026-12-02T08-00-00']);
    expect(runDirs(root)).toEqual(['2026-12-02T09-00-00']);
    expect(existsSync(first)).toBe(false);
  });
});
