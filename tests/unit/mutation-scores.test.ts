import { judgeMutation, readEquivalents, scoreFiles, type MutationReport, type ReportMutant } from '@/scripts/support/mutation-scores';

const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 2 } });
const mutant = (id: string, status: ReportMutant['status'], line: number, mutatorName = 'EqualityOperator', replacement = 'a > b'): ReportMutant => ({ id, status, mutatorName, replacement, location: at(line) });

const report: MutationReport = {
  files: {
    'services/domain/scoring.ts': {
      source: 'const a = 1;\nif (a >= b) return 1;\nreturn 0;\n',
      mutants: [mutant('1', 'Killed', 1), mutant('2', 'Killed', 2), mutant('3', 'Timeout', 2), mutant('4', 'Survived', 2), mutant('5', 'NoCoverage', 3, 'BlockStatement', '{}'), mutant('6', 'CompileError', 3), mutant('7', 'Ignored', 3)],
    },
    'services/domain/economy.ts': { source: 'x\n', mutants: [mutant('8', 'Killed', 1)] },
  },
};

describe('mutation scores', () => {
  test('a score is killed and timed out over every mutant judged: survivors and mutants without coverage count against it, errors and ignored ones not at all', () => {
    const s = scoreFiles(report, []);
    expect(s.files['services/domain/scoring.ts']).toMatchObject({ killed: 2, timeout: 1, survived: 1, noCoverage: 1, equivalent: 0, score: 60 });
    expect(s.files['services/domain/scoring.ts']!.alive).toEqual([
      { line: 2, mutator: 'EqualityOperator', replacement: 'a > b', status: 'Survived' },
      { line: 3, mutator: 'BlockStatement', replacement: '{}', status: 'NoCoverage' },
    ]);
    expect(s.total).toMatchObject({ killed: 3, timeout: 1, survived: 1, noCoverage: 1 });
    expect(s.total.score).toBeCloseTo((100 * 4) / 6, 5);
  });

  test('a mutant listed as equivalent, matched by its file, line text, mutator and replacement, counts neither way; one that differs in any of them still counts', () => {
    const listed = { file: 'services/domain/scoring.ts', code: 'if (a >= b) return 1;', mutator: 'EqualityOperator', replacement: 'a > b', reason: 'a equals b never happens here' };
    expect(scoreFiles(report, [listed]).files['services/domain/scoring.ts']).toMatchObject({ survived: 0, equivalent: 1, score: 75 });
    for (const other of [{ code: 'return 0;' }, { mutator: 'ArithmeticOperator' }, { replacement: 'a < b' }, { file: 'services/domain/economy.ts' }]) {
      expect(scoreFiles(report, [{ ...listed, ...other }]).files['services/domain/scoring.ts']).toMatchObject({ survived: 1, equivalent: 0 });
    }
  });

  test('an entry with a span matches only the mutant at those columns (mutant 4 is at columns 1-2)', () => {
    const listed = { file: 'services/domain/scoring.ts', code: 'if (a >= b) return 1;', mutator: 'EqualityOperator', replacement: 'a > b', reason: 'a equals b never happens here' };
    expect(scoreFiles(report, [{ ...listed, span: '1-2' }]).files['services/domain/scoring.ts']).toMatchObject({ survived: 0, equivalent: 1 });
    expect(scoreFiles(report, [{ ...listed, span: '5-9' }]).files['services/domain/scoring.ts']).toMatchObject({ survived: 1, equivalent: 0 });
    expect(() => readEquivalents(JSON.stringify([{ ...listed, span: 'line 2' }]))).toThrow('entry 1: "span" must read <start column>-<end column>');
  });

  test('an equivalent mutant without its reason is refused, naming the entry and the field', () => {
    expect(() => readEquivalents(JSON.stringify([{ file: 'f', code: 'c', mutator: 'm', replacement: 'r' }]))).toThrow('entry 1: "reason" is missing');
    expect(() => readEquivalents('{}')).toThrow('expected a list');
  });

  test('the gate fails when a module drops below its baseline or leaves the run, and lists the mutants alive; a new module is reported, not judged', () => {
    const s = scoreFiles(report, []);
    expect(judgeMutation(s, { 'services/domain/scoring.ts': 60, 'services/domain/economy.ts': 100 }, { partial: false }).ok).toBe(true);
    const dropped = judgeMutation(s, { 'services/domain/scoring.ts': 80 }, { partial: false });
    expect(dropped.ok).toBe(false);
    expect(dropped.lines.join('\n')).toContain('services/domain/scoring.ts dropped from 80.00 % to 60.00 %');
    expect(dropped.lines.join('\n')).toContain('line 2: EqualityOperator → "a > b" (Survived)');
    expect(dropped.lines.join('\n')).toMatch(/services\/domain\/economy.ts \| 100.00 % .*\| new/);
    const missing = judgeMutation(s, { 'services/server/live/game.ts': 90 }, { partial: false });
    expect([missing.ok, missing.lines.some((l) => l.includes('services/server/live/game.ts | missing'))]).toEqual([false, true]);
    // A run over some files only does not miss the others.
    expect(judgeMutation(s, { 'services/server/live/game.ts': 90 }, { partial: true }).ok).toBe(true);
  });

  test('the whole is reported against the 85 % target', () => {
    expect(judgeMutation(scoreFiles(report, []), {}, { partial: false }).lines.join('\n')).toContain('target 85 %: not met');
    const good: MutationReport = { files: { 'a.ts': { source: 'x\n', mutants: [mutant('1', 'Killed', 1)] } } };
    expect(judgeMutation(scoreFiles(good, []), {}, { partial: false }).lines.join('\n')).toContain('all rule modules: 100.00 %');
  });

  test("another set names its whole its own way and is not held to the rules' target", () => {
    const text = judgeMutation(scoreFiles(report, []), {}, { partial: false, label: 'all mutated machines', target: false }).lines.join('\n');
    expect(text).toContain('all mutated machines: ');
    expect(text).not.toContain('target 85 %');
  });
});
