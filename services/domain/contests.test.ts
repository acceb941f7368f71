import { awardPrizes, prizeAt, prizeLines } from '@/services/domain/contests';

// Made inside each test (not when the file loads), so that mutation testing counts every test that reads it.
const storedTable = () =>
  prizeLines([
    { rankTo: 3, coins: 50 },
    { rankTo: 1, coins: 100 },
    { rankTo: 10, coins: 10 },
  ]);

describe('contest prize table', () => {
  test('reads stored rows as ranges, each starting after the one above', () => {
    const table = storedTable();
    expect(table).toEqual([
      { rank_from: 1, rank_to: 1, coins: 100 },
      { rank_from: 2, rank_to: 3, coins: 50 },
      { rank_from: 4, rank_to: 10, coins: 10 },
    ]);
    expect([prizeAt(table, 0), prizeAt(table, 1), prizeAt(table, 3), prizeAt(table, 10), prizeAt(table, 11)]).toEqual([0, 100, 50, 10, 0]);
  });

  test('a row ending where the one above ended adds nothing; one ending just after it is a range of one; no rows, no table', () => {
    expect(
      prizeLines([
        { rankTo: 1, coins: 100 },
        { rankTo: 1, coins: 70 },
        { rankTo: 2, coins: 40 },
        { rankTo: 4, coins: 5 },
      ]),
    ).toEqual([
      { rank_from: 1, rank_to: 1, coins: 100 },
      { rank_from: 2, rank_to: 2, coins: 40 },
      { rank_from: 3, rank_to: 4, coins: 5 },
    ]);
    expect(prizeLines([])).toEqual([]);
  });
});

describe('contest prizes', () => {
  test('ranks by score and pays each position its prize', () => {
    const awards = awardPrizes(
      [
        { userId: 3, score: 4 },
        { userId: 1, score: 12 },
        { userId: 2, score: 8 },
      ],
      storedTable(),
    );
    expect(awards).toEqual([
      { userId: 1, rank: 1, coins: 100 },
      { userId: 2, rank: 2, coins: 50 },
      { userId: 3, rank: 3, coins: 50 },
    ]);
  });

  test('tied players share the prizes of the positions they occupy, rounded down', () => {
    const awards = awardPrizes(
      [
        { userId: 1, score: 10 },
        { userId: 2, score: 10 },
        { userId: 3, score: 10 },
        { userId: 4, score: 2 },
      ],
      storedTable(),
    );
    // Positions 1–3 hold 100 + 50 + 50 = 200: 66 each; the next player is rank 4.
    expect(awards).toEqual([
      { userId: 1, rank: 1, coins: 66 },
      { userId: 2, rank: 1, coins: 66 },
      { userId: 3, rank: 1, coins: 66 },
      { userId: 4, rank: 4, coins: 10 },
    ]);
  });

  test('never pays players beyond the table, nor a share that rounds down to nothing', () => {
    const small = prizeLines([{ rankTo: 1, coins: 2 }]);
    const awards = awardPrizes(
      [1, 2, 3].map((userId) => ({ userId, score: 5 })),
      small,
    );
    expect(awards).toEqual([]);
    expect(awardPrizes([{ userId: 9, score: -4 }], prizeLines([]))).toEqual([]);
  });
});
