import { belowBaseline, configurationCounts, type Baseline, type MachineCoverage } from '@/scripts/paths/coverage';

const share = (percent: number) => ({ reached: 0, reachable: 0, total: 0, percent });
const measured = (machine: string, states: number, transitions: number, branches: number) =>
  ({ machine, states: share(states), transitions: share(transitions), branches: share(branches), missing: [] }) as unknown as MachineCoverage;

const baseline: Baseline = {
  exam: { states: 100, transitions: 87.2, branches: 86.8, configurations: { changeable: 800, timed: 400, scenarios: 4 } },
  contest: { states: 100, transitions: 83.3, branches: 85.7, configurations: { default: 24 } },
};
const run = configurationCounts([
  ...Array.from({ length: 800 }, () => ({ machine: 'exam', config: 'changeable' })),
  ...Array.from({ length: 400 }, () => ({ machine: 'exam', config: 'timed' })),
  ...Array.from({ length: 4 }, () => ({ machine: 'exam', config: 'scenarios' })),
  ...Array.from({ length: 24 }, () => ({ machine: 'contest', config: 'default' })),
]);

describe('the path coverage gate', () => {
  test('a run that keeps every share and every configuration passes', () => {
    expect(belowBaseline([measured('exam', 100, 87.2, 86.8), measured('contest', 100, 83.3, 85.7)], baseline, run)).toEqual([]);
  });

  test('a deleted configuration, fewer paths in one, and a lower branch share each fail it', () => {
    const withoutTimed = new Map(run);
    withoutTimed.set('exam', { changeable: 800, scenarios: 4 });
    expect(belowBaseline([measured('exam', 100, 87.2, 86.8), measured('contest', 100, 83.3, 85.7)], baseline, withoutTimed)).toEqual(['exam: configuration timed ran no path (the baseline has 400)']);
    const fewer = new Map(run);
    fewer.set('exam', { changeable: 799, timed: 400, scenarios: 4 });
    expect(belowBaseline([measured('exam', 100, 87.2, 86.8), measured('contest', 100, 83.3, 85.7)], baseline, fewer)).toEqual(['exam: configuration changeable ran 799 paths < 800 (baseline)']);
    expect(belowBaseline([measured('exam', 100, 87.2, 80), measured('contest', 100, 83.3, 85.7)], baseline, run)).toEqual(['exam: branches 80 % < 86.8 % (baseline)']);
  });

  test('a --machine run checks that machine alone; a machine the run did not measure at all is named', () => {
    expect(belowBaseline([measured('contest', 100, 83.3, 85.7)], baseline, run, ['contest'])).toEqual([]);
    expect(belowBaseline([measured('contest', 100, 83.3, 85.7)], baseline, run)).toEqual(['exam: not measured (the baseline has it)']);
    expect(belowBaseline([measured('contest', 90, 83.3, 85.7)], baseline, run, ['contest'])).toEqual(['contest: states 90 % < 100 % (baseline)']);
  });
});
