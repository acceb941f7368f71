import { livePlaces, livePointsRule, liveStanding, liveStreakBonusRule } from '@/tests/paths/rules/live';

describe('the live scoring rules the paths check the server against (docs/live.md, Points)', () => {
  test('1,000 at once, 750 at half time, 500 at the last moment; nothing for a wrong answer or a 0-point question', () => {
    expect([0, 10_000, 20_000, 25_000, -5].map((t) => livePointsRule(1000, 20_000, t, true))).toEqual([1000, 750, 500, 500, 1000]);
    expect(livePointsRule(2000, 20_000, 5000, true)).toBe(1750);
    expect(livePointsRule(1000, 20_000, 0, false)).toBe(0);
    expect(livePointsRule(0, 20_000, 0, true)).toBe(0);
  });

  test('the streak bonus: 100 for the second right in a row, up to 500', () => {
    expect([1, 2, 3, 6, 9].map((n) => liveStreakBonusRule(n, 1000))).toEqual([0, 100, 200, 500, 500]);
    expect(liveStreakBonusRule(4, 0)).toBe(0);
  });

  test('a wrong or missing answer breaks the streak; a 0-point question keeps it', () => {
    const q = { points: 1000, limitMs: 20_000 };
    const warmUp = { points: 0, limitMs: 20_000 };
    const s = liveStanding([q, q, warmUp, q, q], [{ correct: true, elapsedMs: 0 }, { correct: true, elapsedMs: 10_000 }, { correct: false, elapsedMs: 0 }, { correct: true, elapsedMs: 0 }, null]);
    expect(s.results).toEqual([
      { points: 1000, bonus: 0, correct: true },
      { points: 750, bonus: 100, correct: true },
      { points: 0, bonus: 0, correct: false },
      { points: 1000, bonus: 200, correct: true },
      { points: 0, bonus: 0, correct: false },
    ]);
    expect([s.score, s.streak, s.timeMs]).toEqual([3050, 0, 30_000]);
  });

  test('places: score, then the smaller answer time; equal on both share a place', () => {
    const places = livePlaces([
      { id: 1, score: 900, timeMs: 5000 },
      { id: 2, score: 1200, timeMs: 9000 },
      { id: 3, score: 900, timeMs: 5000 },
      { id: 4, score: 900, timeMs: 4000 },
      { id: 5, score: 100, timeMs: 0 },
    ]);
    expect([1, 2, 3, 4, 5].map((id) => places.get(id))).toEqual([3, 1, 3, 2, 5]);
  });
});
