import { compareWithReference, dropFrom, worstRatios, type FloorFigure, type Reference } from '@/bench/support/figures';

const reference: Reference = {
  taken: '2026-12-03',
  commit: 'abc',
  machine: 'test',
  fullFigures: 'bench/*/README.md',
  ratios: { api: 0.5, realtime: 2 },
};
const api = (app: number, errors = 0): FloorFigure => ({ measure: 'api', app, floor: 1000, unit: 'req/s', better: 'higher', errors });
const realtime = (app: number): FloorFigure => ({ measure: 'realtime', app, floor: 10, unit: 'ms', better: 'lower', errors: 0 });

describe('bench:quick comparison with the committed reference', () => {
  test('throughput: a share of the floor that fell by a fifth or less is quiet, more is a warning naming the measure', () => {
    expect(dropFrom(0.5, 0.4, 'higher')).toBeCloseTo(0.2);
    expect(compareWithReference([api(400)], reference).warnings).toEqual([]);
    const { rows, warnings } = compareWithReference([api(399)], reference);
    expect(rows[0]).toMatchObject({ ratio: 0.399, reference: 0.5 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^api: 39\.9 % of floor is 20 % worse than the reference 50\.0 % of floor/);
  });

  test('latency: a larger multiple of the floor is worse; 2× become 2.5× is the edge', () => {
    expect(dropFrom(2, 2.5, 'lower')).toBeCloseTo(0.2);
    expect(dropFrom(2, 1.5, 'lower')).toBeLessThan(0);
    expect(compareWithReference([realtime(25)], reference).warnings).toEqual([]);
    expect(compareWithReference([realtime(25.1)], reference).warnings[0]).toMatch(/^realtime: 2\.51 × floor is 20 % worse than the reference 2\.00 × floor/);
    // Better than the reference, by any amount: quiet.
    expect(compareWithReference([realtime(5), api(900)], reference).warnings).toEqual([]);
  });

  test('a measure with errors is named as not comparable, and one without a reference is shown without a change', () => {
    expect(compareWithReference([api(600, 3)], reference).warnings).toEqual(['api: the app answered 3 errors; its figure is not comparable']);
    const { rows, warnings } = compareWithReference([{ ...api(100), measure: 'new' }], reference);
    expect(rows[0]).toMatchObject({ reference: null, drop: null });
    expect(warnings).toEqual([]);
    expect(compareWithReference([api(100)], null).rows[0]!.drop).toBeNull();
  });

  test('the recorded reference keeps each measure at its worst pass: the lowest share, the largest multiple', () => {
    expect(worstRatios([[api(500), realtime(30)], [api(450), realtime(20)], [api(480), realtime(25)]])).toEqual({ api: 0.45, realtime: 3 });
  });
});
