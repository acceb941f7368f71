import { contestPrizes, contestScore } from '@/tests/paths/rules/contest';

describe('the contest rules the paths check the server against (rules.md, Contests; docs/contests.md)', () => {
  test('+4 per right answer, −4 per wrong one', () => {
    expect(contestScore(['right', 'right', 'wrong', 'right'])).toBe(8);
    expect(contestScore(['wrong', 'wrong'])).toBe(-8);
  });

  test('prizes by rank; tied players split the prizes of their positions, rounded down; past the table nothing', () => {
    const won = contestPrizes(
      new Map([
        [1, 16],
        [2, 8],
        [3, 8],
        [4, -8],
        [5, -16],
      ]),
      [
        [1, 100],
        [2, 60],
        [3, 25],
      ],
    );
    expect([1, 2, 3, 4, 5].map((id) => won.get(id))).toEqual([100, 42, 42, 0, 0]);
    // A row covering several ranks pays each of them.
    expect(contestPrizes(new Map([[1, 4], [2, 0], [3, -4]]), [[1, 100], [3, 50]]).get(3)).toBe(50);
  });
});
