import { coinsAfterPlay, soloAnswerInTime, soloResult, soloTimeLeftMs } from '@/tests/paths/rules/solo';

const times = <T,>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

describe('the solo play rules the paths check the server against (rules.md, Solo play)', () => {
  test('a pass at 30 %; 4 coins from 70 % up, one less per started 10 points below; score +4 / −4', () => {
    const at = (right: number) => soloResult([...times(right, 'right' as const), ...times(10 - right, 'wrong' as const)], false);
    expect([2, 3, 4, 5, 6, 7, 10].map((r) => [at(r).passed, at(r).coins_earned])).toEqual([
      [false, 0],
      [true, 0],
      [true, 1],
      [true, 2],
      [true, 3],
      [true, 4],
      [true, 4],
    ]);
    expect(at(6).score).toBe(6 * 4 - 4 * 4);
  });

  test('skipped questions do not count toward the share; unanswered ones count as not right and score nothing', () => {
    const r = soloResult(['right', 'right', 'skipped', 'unanswered', 'wrong', 'right', 'right', 'right', 'right', 'skipped'], false);
    expect(r).toEqual({ total: 10, correct: 6, wrong: 1, unanswered: 1, skipped: 2, percentage: 75, passed: true, score: 20, coins_earned: 4 });
    // 2 of 3 counted is 66 %, rounded down: 3 coins, not 4.
    expect(soloResult(['right', 'right', 'wrong', 'skipped'], false)).toMatchObject({ percentage: 66, coins_earned: 3 });
  });

  test('a level passed before pays nothing again; each lifeline costs 5', () => {
    const r = soloResult(times(10, 'right'), true);
    expect(r.coins_earned).toBe(0);
    expect(coinsAfterPlay(50, 2, soloResult(times(10, 'right'), false))).toBe(50 - 10 + 4);
  });

  test("an answer counts up to the question's time plus the network's second, that millisecond included; the time shown leaves the second out", () => {
    expect([30_999, 31_000, 31_001].map((ms) => soloAnswerInTime(1_000, 30, 1_000 + ms))).toEqual([true, true, false]);
    expect([0, 29_999, 30_000, 40_000].map((ms) => soloTimeLeftMs(5_000, 30, 5_000 + ms))).toEqual([30_000, 1, 0, 0]);
  });
});
