import { coinsForPass, isPassed, outcomeOf, paysCoins, percentage, playOutcome, resultStars, scoreFor, starsFor } from '@/services/domain/scoring';
import { defaultSettings } from '@/services/domain/settings';

const seeded = defaultSettings();
const settings = (overrides: Record<string, string> = {}) => ({ ...seeded, ...overrides });

describe('the percentage of a play', () => {
  test('is the share of right answers: 7 of 10 is 70 %', () => {
    expect(percentage(7, 10)).toBe(70);
  });

  test('leaves skipped questions out of the total: 7 right of 10 with 3 skipped is 100 %', () => {
    expect(percentage(7, 10, 3)).toBe(100);
  });

  test('counts unanswered questions as not right: 3 right of 10 is 30 %', () => {
    expect(percentage(3, 10)).toBe(30);
  });

  test('is rounded down to a whole number: 2 of 3 is 66 %, never 67 %', () => {
    expect(percentage(2, 3)).toBe(66);
    expect(percentage(1, 3)).toBe(33);
  });

  test('is 0 when every question was skipped or there were none', () => {
    expect(percentage(0, 5, 5)).toBe(0);
    expect(percentage(0, 0)).toBe(0);
    // Right answers counted by a client that skipped every question: still 0, never a division by none.
    expect(percentage(3, 3, 3)).toBe(0);
    expect(percentage(2, 1, 5)).toBe(0);
  });

  test('never exceeds 100 %, even when the counts disagree', () => {
    expect(percentage(12, 10)).toBe(100);
  });
});

describe('passing', () => {
  test('needs at least quiz_winning_percentage = 30 %', () => {
    expect(isPassed(30, seeded)).toBe(true);
    expect(isPassed(29, seeded)).toBe(false);
  });

  test('follows the setting when the admin changes it', () => {
    expect(isPassed(45, settings({ quiz_winning_percentage: '50' }))).toBe(false);
    expect(isPassed(50, settings({ quiz_winning_percentage: '50' }))).toBe(true);
  });

  test('is decided on the rounded-down percentage: 29.9 % does not pass', () => {
    expect(isPassed(percentage(299, 1000), seeded)).toBe(false);
  });
});

describe('the coins of a pass', () => {
  test('are maximum_winning_coins = 4 at 70 % and above', () => {
    expect(coinsForPass(70, seeded)).toBe(4);
    expect(coinsForPass(100, seeded)).toBe(4);
  });

  test('are 3 at 65 %: 4 − ⌈(70 − 65) / 10⌉', () => {
    expect(coinsForPass(65, seeded)).toBe(3);
  });

  test('are 3 at 60 % and 2 at 59 %: every started 10 points below 70 costs a coin', () => {
    expect(coinsForPass(60, seeded)).toBe(3);
    expect(coinsForPass(59, seeded)).toBe(2);
  });

  test('are 1 at 40 %', () => {
    expect(coinsForPass(40, seeded)).toBe(1);
  });

  test('are 0 at 30 %: a pass, but 4 − ⌈40 / 10⌉ = 0', () => {
    expect(isPassed(30, seeded)).toBe(true);
    expect(coinsForPass(30, seeded)).toBe(0);
  });

  test('are 0 at 29 %, which does not pass', () => {
    expect(coinsForPass(29, seeded)).toBe(0);
  });

  test('are 0 for a play that does not pass even where the coin formula would give some (a pass mark of 50 %, 45 % right)', () => {
    expect(coinsForPass(45, settings({ quiz_winning_percentage: '50' }))).toBe(0);
    expect(coinsForPass(50, settings({ quiz_winning_percentage: '50' }))).toBe(2);
  });

  test('are never negative, even with a small maximum', () => {
    expect(coinsForPass(31, settings({ maximum_winning_coins: '1' }))).toBe(0);
  });

  test('follow the settings: 10 coins from 80 %, 8 at 65 %', () => {
    const s = settings({ maximum_winning_coins: '10', minimum_coins_winning_percentage: '80' });
    expect(coinsForPass(80, s)).toBe(10);
    expect(coinsForPass(65, s)).toBe(8);
  });
});

describe('the score of a play', () => {
  test('is +4 per right and −4 per wrong answer in quiz zone: 7 right, 2 wrong is 20', () => {
    expect(scoreFor(7, 2, 'quiz_zone', seeded)).toBe(20);
  });

  test('uses the daily quiz and true/false settings in those modes', () => {
    const s = settings({ daily_quiz_correct_answer_score: '5', daily_quiz_wrong_answer_score: '1', true_false_correct_answer_score: '2', true_false_wrong_answer_score: '0' });
    expect(scoreFor(4, 3, 'daily_quiz', s)).toBe(17);
    expect(scoreFor(4, 3, 'true_false', s)).toBe(8);
  });

  test('is 0 in self challenge and bookmark play, which are practice', () => {
    expect(scoreFor(10, 0, 'self_challenge', seeded)).toBe(0);
    expect(scoreFor(10, 0, 'bookmark', seeded)).toBe(0);
  });

  test('may be negative when wrong answers outnumber right ones', () => {
    expect(scoreFor(1, 5, 'quiz_zone', seeded)).toBe(-16);
  });
});

describe('a finished play', () => {
  test('of quiz zone with 7 right, 2 wrong and 1 unanswered passes with 70 %, score 20 and 4 coins', () => {
    expect(playOutcome({ total: 10, correct: 7, wrong: 2, skipped: 0 }, 'quiz_zone', seeded)).toEqual({ percentage: 70, passed: true, score: 20, coins: 4 });
  });

  test('of the daily quiz adds score but is worth no coins', () => {
    expect(paysCoins('daily_quiz')).toBe(false);
    expect(playOutcome({ total: 10, correct: 8, wrong: 2, skipped: 0 }, 'daily_quiz', seeded)).toEqual({ percentage: 80, passed: true, score: 24, coins: 0 });
  });

  test('with 2 right of 10 does not pass and is worth nothing', () => {
    expect(playOutcome({ total: 10, correct: 2, wrong: 8, skipped: 0 }, 'quiz_zone', seeded)).toEqual({ percentage: 20, passed: false, score: -24, coins: 0 });
  });
});

describe('the stars of a play', () => {
  test('none without a pass, whatever the share', () => {
    expect(starsFor(false, 100)).toBe(0);
    expect(starsFor(false, 0)).toBe(0);
  });

  test('one for a pass below 60 %, two from 60 %, three from 90 %, at their exact edges', () => {
    expect([30, 59, 60, 89, 90, 100].map((p) => starsFor(true, p))).toEqual([1, 1, 2, 2, 3, 3]);
  });
});

describe('percentage when nothing counts', () => {
  test('every question skipped: 0 %, whatever the count of right answers says', () => {
    expect(percentage(2, 2, 2)).toBe(0);
    expect(percentage(1, 3, 5)).toBe(0);
  });
});

describe("the result's one story", () => {
  it('praises a pass at zero or more, names a pass below zero as one at a cost, and asks again after a fail', () => {
    expect(outcomeOf({ passed: true, score: 0 })).toBe('passed');
    expect(outcomeOf({ passed: true, score: 12 })).toBe('passed');
    expect(outcomeOf({ passed: true, score: -1 })).toBe('passed_at_cost');
    expect(outcomeOf({ passed: false, score: 8 })).toBe('not_passed');
    expect(outcomeOf({ passed: false, score: -8 })).toBe('not_passed');
  });

  it('gives a pass at a cost one star at most, whatever its share, and the others their stars by share', () => {
    expect(resultStars({ passed: true, score: -2, percentage: 95 })).toBe(1);
    expect(resultStars({ passed: true, score: -16, percentage: 30 })).toBe(1);
    expect(resultStars({ passed: true, score: 0, percentage: 95 })).toBe(3);
    expect(resultStars({ passed: true, score: 4, percentage: 60 })).toBe(2);
    expect(resultStars({ passed: false, score: 4, percentage: 20 })).toBe(0);
  });
});
