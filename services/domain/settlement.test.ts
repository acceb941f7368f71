import {
  boardScore,
  closeRemaining,
  isLateAnswer,
  passPlace,
  passReward,
  passTitle,
  PLAY_GRACE_MS,
  playTimeLeftMs,
  questionDeadline,
  shownAnswer,
  tallyPlay,
  type SettledQuestion,
} from '@/services/domain/settlement';

const q = (over: Partial<SettledQuestion> = {}): SettledQuestion => ({ answer: null, correct: null, closedAt: null, timedOut: false, skipped: false, ...over });
const closed = '2026-01-01T00:00:00.000Z';

describe("a play's end", () => {
  test('questions still open close as unanswered and timed out; closed ones keep what they had', () => {
    const right = q({ answer: 'a', correct: true, closedAt: closed });
    const out = closeRemaining([right, q({ answer: 'b' })], '2026-01-01T00:01:00.000Z');
    expect(out[0]).toBe(right);
    expect(out[1]).toEqual({ answer: null, correct: false, closedAt: '2026-01-01T00:01:00.000Z', timedOut: true, skipped: false });
  });

  test('counts: skipped in no other column, right, wrong (answered and not right), the rest unanswered', () => {
    const states = [
      q({ answer: 'a', correct: true, closedAt: closed }),
      q({ answer: 'a', correct: true, closedAt: closed }),
      q({ answer: 'b', correct: false, closedAt: closed }),
      q({ answer: null, correct: false, closedAt: closed, timedOut: true }),
      q({ answer: null, correct: false, closedAt: closed, skipped: true }),
      // A skipped question that had been answered still counts as skipped only.
      q({ answer: 'c', correct: true, closedAt: closed, skipped: true }),
      q({ answer: 'c', correct: false, closedAt: closed, skipped: true }),
    ];
    expect(tallyPlay(states)).toEqual({ total: 7, correct: 2, wrong: 1, skipped: 3, unanswered: 1 });
    expect(tallyPlay([])).toEqual({ total: 0, correct: 0, wrong: 0, skipped: 0, unanswered: 0 });
  });

  test('a time-out is unanswered, not wrong, however many of each there are', () => {
    const states = [
      q({ answer: 'b', correct: false, closedAt: closed }),
      q({ answer: 'd', correct: false, closedAt: closed }),
      q({ answer: null, correct: false, closedAt: closed, timedOut: true }),
    ];
    expect(tallyPlay(states)).toEqual({ total: 3, correct: 0, wrong: 2, skipped: 0, unanswered: 1 });
  });

  test('a pass is recorded for its place in the placed modes only, when passed with a category and level', () => {
    const at = { categoryId: 3, subcategoryId: 4, level: 2 };
    expect(passPlace('quiz_zone', true, at)).toEqual({ categoryId: 3, subcategoryId: 4, level: 2 });
    expect(passPlace('maths', true, { ...at, subcategoryId: null })).toEqual({ categoryId: 3, subcategoryId: null, level: 2 });
    expect(passPlace('quiz_zone', false, at)).toBeNull();
    expect(passPlace('daily_quiz', true, at)).toBeNull();
    expect(passPlace('true_false', true, at)).toBeNull();
    expect(passPlace('quiz_zone', true, { ...at, categoryId: null })).toBeNull();
    expect(passPlace('quiz_zone', true, { ...at, level: null })).toBeNull();
    for (const mode of ['guess_the_word', 'fun_n_learn', 'audio', 'multi_match']) expect(passPlace(mode, true, at)).not.toBeNull();
  });

  test('a first pass pays its coins and opens the next level of a levelled mode; a pass again pays nothing', () => {
    expect(passReward({ mode: 'quiz_zone', level: 2, newlyPassed: true, hasNextLevel: true, coins: 6 })).toEqual({ coinsEarned: 6, levelUnlocked: 3 });
    expect(passReward({ mode: 'multi_match', level: 1, newlyPassed: true, hasNextLevel: true, coins: 4 })).toEqual({ coinsEarned: 4, levelUnlocked: 2 });
    expect(passReward({ mode: 'quiz_zone', level: 9, newlyPassed: true, hasNextLevel: false, coins: 6 })).toEqual({ coinsEarned: 6, levelUnlocked: null });
    expect(passReward({ mode: 'maths', level: 1, newlyPassed: true, hasNextLevel: true, coins: 5 })).toEqual({ coinsEarned: 5, levelUnlocked: null });
    expect(passReward({ mode: 'quiz_zone', level: 2, newlyPassed: false, hasNextLevel: true, coins: 6 })).toEqual({ coinsEarned: 0, levelUnlocked: null });
  });

  test("a pass's title in the coin history", () => {
    expect(passTitle('quiz_zone', 3)).toBe('Level 3 passed');
    expect(passTitle('multi_match', 2)).toBe('Multi match level 2 passed');
    expect(passTitle('maths', 1)).toBe('Maths mania passed');
    expect(passTitle('guess_the_word', 1)).toBe('Guess the word passed');
    expect(passTitle('fun_n_learn', 1)).toBe('Fun and learn passed');
    expect(passTitle('audio', 1)).toBe('Audio questions passed');
    expect(passTitle('daily_quiz', null)).toBe('daily_quiz passed');
  });

  test('the leaderboards take a passed play of a scored mode with a score above zero, and nothing else', () => {
    for (const mode of ['quiz_zone', 'daily_quiz', 'true_false', 'maths', 'guess_the_word', 'fun_n_learn', 'audio', 'multi_match']) expect(boardScore(mode, true, 12)).toBe(12);
    expect(boardScore('self_challenge', true, 12)).toBe(0);
    expect(boardScore('contest', true, 12)).toBe(0);
    expect(boardScore('quiz_zone', false, 12)).toBe(0);
    expect(boardScore('quiz_zone', true, 0)).toBe(0);
    expect(boardScore('quiz_zone', true, -4)).toBe(0);
    expect(boardScore('quiz_zone', true, 1)).toBe(1);
  });
});

describe("an answer on the server's clock", () => {
  const now = new Date('2026-01-01T10:00:00.000Z');

  test("a question's deadline: its seconds, an audio question's wait, and the second of grace", () => {
    expect(PLAY_GRACE_MS).toBe(1000);
    expect(questionDeadline(30, 0, now).toISOString()).toBe('2026-01-01T10:00:31.000Z');
    expect(questionDeadline(20, 15, now).toISOString()).toBe('2026-01-01T10:00:36.000Z');
  });

  test("an answer at the deadline's own millisecond is in time; one a millisecond later is late; no deadline, never late", () => {
    const deadline = new Date('2026-01-01T10:00:31.000Z');
    expect(isLateAnswer(deadline, new Date('2026-01-01T10:00:31.000Z'))).toBe(false);
    expect(isLateAnswer(deadline, new Date('2026-01-01T10:00:31.001Z'))).toBe(true);
    expect(isLateAnswer(null, new Date('2030-01-01T00:00:00.000Z'))).toBe(false);
  });

  test('time left: the deadline less its grace, never below 0, 0 without a deadline or once the play is over', () => {
    const deadline = new Date('2026-01-01T10:00:31.000Z');
    expect(playTimeLeftMs(deadline, true, now)).toBe(30_000);
    expect(playTimeLeftMs(deadline, true, new Date('2026-01-01T10:00:30.500Z'))).toBe(0);
    expect(playTimeLeftMs(deadline, true, new Date('2026-01-01T10:00:29.999Z'))).toBe(1);
    expect(playTimeLeftMs(deadline, false, now)).toBe(0);
    expect(playTimeLeftMs(null, true, now)).toBe(0);
  });

  test("a running contest keeps its right answers until it ends", () => {
    expect(shownAnswer('b', null, now)).toBe('b');
    expect(shownAnswer('b', new Date('2026-01-01T10:00:00.001Z'), now)).toBeNull();
    expect(shownAnswer('b', now, now)).toBe('b');
    expect(shownAnswer('b', new Date('2026-01-01T09:59:59.999Z'), now)).toBe('b');
  });
});
