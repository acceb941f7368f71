import { ALLOWANCE_MS, countedRule, pupilBonusRule, pupilPointsRule, pupilTimeRule, takenRule } from '@/tests/paths/rules/assignment';

describe('the assignment rules the paths check the server against (docs/live.md, Assignments)', () => {
  test('a pupil’s time: 20 s, 30 s at ×1.5, 40 s at ×2; 5 s at ×1.5 rounds to 8 s; no clock, no time', () => {
    expect([100, 150, 200].map((p) => pupilTimeRule(20, p, true))).toEqual([20_000, 30_000, 40_000]);
    expect(pupilTimeRule(5, 150, true)).toBe(8000);
    expect(pupilTimeRule(20, 200, false)).toBe(0);
    expect(pupilTimeRule(0, 100, true)).toBe(0);
  });

  test('answers are taken until the time plus 2 s, that millisecond included; without a clock, always', () => {
    expect(ALLOWANCE_MS).toBe(2000);
    expect([20_000, 22_000, 22_001].map((ms) => takenRule(ms, 20_000))).toEqual([true, true, false]);
    expect(takenRule(3_600_000, 0)).toBe(true);
  });

  test('the counted time: the phone’s within 2 s below the server’s, else the nearer end; at most the question’s time', () => {
    expect(countedRule(6000, 4500, 20_000)).toBe(4500);
    expect(countedRule(6000, 100, 20_000)).toBe(4000);
    expect(countedRule(6000, 9000, 20_000)).toBe(6000);
    expect(countedRule(6000, null, 20_000)).toBe(6000);
    expect(countedRule(21_500, 21_000, 20_000)).toBe(20_000);
    expect(countedRule(90_000, 89_000, 0)).toBe(89_000);
  });

  test('points: whole at once, half at the end of the pupil’s time, whole without a clock; nothing when wrong or worth nothing', () => {
    expect([0, 10_000, 20_000].map((ms) => pupilPointsRule(1000, 20_000, ms, true))).toEqual([1000, 750, 500]);
    expect(pupilPointsRule(1000, 40_000, 30_000, true)).toBe(625);
    expect(pupilPointsRule(1000, 0, 3_600_000, true)).toBe(1000);
    expect(pupilPointsRule(1000, 20_000, 0, false)).toBe(0);
    expect(pupilPointsRule(0, 20_000, 0, true)).toBe(0);
  });

  test('the streak bonus: 100 for the second in a row, up to 500; none for a question worth nothing', () => {
    expect([1, 2, 3, 6, 9].map((n) => pupilBonusRule(n, 1000))).toEqual([0, 100, 200, 500, 500]);
    expect(pupilBonusRule(4, 0)).toBe(0);
  });
});
