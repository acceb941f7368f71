import { SpreadTimer } from '@/services/server/ops/spread-timer';

describe('SpreadTimer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Every visit as [member, time of the visit]. */
  function recorder(period: number, slices: number) {
    const visits: [number, number][] = [];
    const turns: number[] = [];
    const timer = new SpreadTimer<number>(period, slices, (members) => {
      turns.push(members.size);
      for (const m of members) visits.push([m, Date.now()]);
    });
    return { timer, visits, turns };
  }

  test('visits every member once per period, the members spread over the period in equal slices', () => {
    const { timer, visits, turns } = recorder(1000, 10);
    const start = Date.now();
    for (let m = 0; m < 95; m++) timer.add(m);
    jest.advanceTimersByTime(3000);
    // Three periods: each member three times, each exactly one period after its previous visit.
    for (let m = 0; m < 95; m++) {
      const times = visits.filter(([v]) => v === m).map(([, t]) => t - start);
      expect(times).toHaveLength(3);
      expect(times[1]! - times[0]!).toBe(1000);
      expect(times[2]! - times[1]!).toBe(1000);
    }
    // No turn holds more than its share (95 over 10 slices: 9 or 10), and a turn comes every 100 ms.
    expect(turns.length).toBe(30);
    expect(Math.max(...turns)).toBeLessThanOrEqual(10);
    expect(new Set(visits.map(([, t]) => t - start))).toEqual(new Set(Array.from({ length: 30 }, (_, i) => (i + 1) * 100)));
  });

  test('a member deleted is not visited again, a member added later is, and the timer stops when the set is empty', () => {
    const { timer, visits } = recorder(1000, 4);
    timer.add(1);
    timer.add(2);
    timer.add(2); // once only
    jest.advanceTimersByTime(1000);
    expect(visits.map(([m]) => m).sort()).toEqual([1, 2]);
    timer.delete(1);
    timer.add(3);
    jest.advanceTimersByTime(1000);
    expect(visits.map(([m]) => m).sort()).toEqual([1, 2, 2, 3]);
    expect(timer.size).toBe(2);
    timer.delete(2);
    timer.delete(3);
    expect(jest.getTimerCount()).toBe(0);
    timer.add(4);
    expect(jest.getTimerCount()).toBe(1);
    timer.stop();
    expect(jest.getTimerCount()).toBe(0);
  });

  test('a visit may delete members of the slice it walks', () => {
    const seen: number[] = [];
    const timer: SpreadTimer<number> = new SpreadTimer<number>(100, 1, (members) => {
      for (const m of members) {
        seen.push(m);
        timer.delete(m);
      }
    });
    timer.add(1);
    timer.add(2);
    jest.advanceTimersByTime(300);
    expect(seen).toEqual([1, 2]);
    expect(timer.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});
