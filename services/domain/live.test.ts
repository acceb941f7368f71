import { blockedWordIn, blockedWordsOf, checkNickname, isLivePin, livePlayerPhase, livePoints, makeLivePin, nicknameKey, rankPlayers, secondsLeft, streakBonus, LIVE_NICKNAME_MIN, LIVE_NICKNAME_MAX } from '@/services/domain/live';

describe('live game rules', () => {
  test('a PIN is six digits not starting with 0', () => {
    expect(isLivePin('123456')).toBe(true);
    expect(isLivePin('012345')).toBe(false);
    expect(isLivePin('12345')).toBe(false);
    expect(isLivePin('1234567')).toBe(false);
    expect(isLivePin('12a456')).toBe(false);
    expect(makeLivePin(() => 0)).toBe('100000');
    expect(makeLivePin(() => 0.999999999)).toBe('999999');
    expect(isLivePin(makeLivePin(Math.random))).toBe(true);
  });

  test('nicknames: length, characters, spaces collapsed', () => {
    expect(checkNickname('  Ana   María ')).toEqual({ ok: true, nickname: 'Ana María' });
    expect(checkNickname('محمد')).toEqual({ ok: true, nickname: 'محمد' });
    expect(checkNickname("O'Brien-2")).toEqual({ ok: true, nickname: "O'Brien-2" });
    expect(checkNickname('A')).toEqual({ ok: false, reason: 'must be at least 2 characters' });
    expect(checkNickname('x'.repeat(21))).toEqual({ ok: false, reason: 'must be at most 20 characters' });
    expect(checkNickname('<b>hi</b>')).toMatchObject({ ok: false });
    expect(checkNickname('🎉🎉🎉')).toMatchObject({ ok: false });
    expect(checkNickname('-- ..')).toEqual({ ok: false, reason: 'must hold a letter or a digit' });
  });

  test('two nicknames that read the same are one; blocked words are found inside', () => {
    expect(nicknameKey('José')).toBe(nicknameKey('jose'));
    expect(nicknameKey('Jo Se')).toBe(nicknameKey('jose'));
    expect(nicknameKey('Ana')).not.toBe(nicknameKey('Anna'));
    expect(blockedWordIn('Super Rude Guy', ['rude'])).toBe('rude');
    expect(blockedWordIn('SuperR.ude', ['rude'])).toBe('rude');
    expect(blockedWordIn('Polite', ['rude', ''])).toBeNull();
    expect(blockedWordsOf({ live_blocked_words: ' rude, ,nasty ,' })).toEqual(['rude', 'nasty']);
    expect(blockedWordsOf({})).toEqual([]);
  });

  test('points fall from the full points to half over the time limit; wrong answers earn nothing', () => {
    expect(livePoints({ correct: true, elapsedMs: 0, limitMs: 20_000, points: 1000 })).toBe(1000);
    expect(livePoints({ correct: true, elapsedMs: 10_000, limitMs: 20_000, points: 1000 })).toBe(750);
    expect(livePoints({ correct: true, elapsedMs: 20_000, limitMs: 20_000, points: 1000 })).toBe(500);
    expect(livePoints({ correct: true, elapsedMs: 25_000, limitMs: 20_000, points: 1000 })).toBe(500);
    expect(livePoints({ correct: true, elapsedMs: -5, limitMs: 20_000, points: 2000 })).toBe(2000);
    expect(livePoints({ correct: true, elapsedMs: 1234, limitMs: 20_000, points: 1000 })).toBe(969);
    expect(livePoints({ correct: false, elapsedMs: 0, limitMs: 20_000, points: 1000 })).toBe(0);
    expect(livePoints({ correct: true, elapsedMs: 0, limitMs: 20_000, points: 0 })).toBe(0);
  });

  test('the streak bonus grows by 100 per answer in a row, up to 500', () => {
    expect([1, 2, 3, 6, 7, 20].map((s) => streakBonus(s, 1000))).toEqual([0, 100, 200, 500, 500, 500]);
    expect(streakBonus(4, 0)).toBe(0);
  });

  test('ranking: score, then the smaller total time; equal players share a place', () => {
    const ranked = rankPlayers([
      { id: 1, score: 900, time_ms: 5000 },
      { id: 2, score: 1500, time_ms: 9000 },
      { id: 3, score: 900, time_ms: 4000 },
      { id: 4, score: 900, time_ms: 4000 },
      { id: 5, score: 0, time_ms: 1000 },
    ]);
    expect(ranked.map((p) => [p.id, p.rank])).toEqual([
      [2, 1],
      [3, 2],
      [4, 2],
      [1, 4],
      [5, 5],
    ]);
  });
});

describe('where a phone stands', () => {
  const question = { index: 0, type: 'multiple', text: 'Q?', image: null, options: [], time_limit: 20, points: 1000, opens_at: 10_000, deadline_at: 30_000, restarted: false } as const;
  const game = { id: 1, pin: '123456', title: 'T', status: 'question', paused: null, locked: false, question_count: 3, questions_shown: 0, question, reveal: null, standings: [], player_count: 2, answered_count: 0, team_count: 0, teams: [], names: 'free', version: 3 } as const;
  const me = { player_id: 7, nickname: 'Ana', score: 0, rank: 1, streak: 0, answer: '', answer_index: null, last: null, removed: false, team: null, team_rank: null };

  test('by the game, the player and the server time', () => {
    expect(livePlayerPhase({ ...game, status: 'lobby', question: null }, me, 0)).toBe('lobby');
    expect(livePlayerPhase(game, me, 9_999)).toBe('getReady');
    expect(livePlayerPhase(game, me, 10_000)).toBe('answering');
    expect(livePlayerPhase(game, { ...me, answer: 'b', answer_index: 0 }, 12_000)).toBe('locked');
    // An answer to the question before does not lock this one.
    expect(livePlayerPhase({ ...game, question: { ...question, index: 1 } }, { ...me, answer: 'b', answer_index: 0 }, 12_000)).toBe('answering');
    expect(livePlayerPhase(game, me, 30_000)).toBe('timeUp');
    expect(livePlayerPhase({ ...game, status: 'reveal' }, me, 31_000)).toBe('result');
    expect(livePlayerPhase({ ...game, status: 'leaderboard' }, me, 31_000)).toBe('standings');
    expect(livePlayerPhase({ ...game, paused: 'host' }, me, 12_000)).toBe('paused');
    expect(livePlayerPhase({ ...game, status: 'podium' }, me, 0)).toBe('final');
    expect(livePlayerPhase({ ...game, status: 'ended', paused: 'host_left' }, me, 0)).toBe('final');
    expect(livePlayerPhase(game, { ...me, removed: true }, 12_000)).toBe('removed');
  });

  test('a phone that has not joined yet (no player): the game alone decides', () => {
    expect(livePlayerPhase(game, null, 12_000)).toBe('answering');
    expect(livePlayerPhase({ ...game, status: 'lobby', question: null }, null, 0)).toBe('lobby');
  });

  test('seconds left count from the opening, rounded up', () => {
    expect(secondsLeft(question, 0)).toBe(20);
    expect(secondsLeft(question, 10_001)).toBe(20);
    expect(secondsLeft(question, 29_001)).toBe(1);
    expect(secondsLeft(question, 30_000)).toBe(0);
    expect(secondsLeft(question, 99_000)).toBe(0);
  });
});

describe('live rules at their edges', () => {
  test('a nickname of exactly the shortest and the longest length is taken; the characters refused are named', () => {
    expect(checkNickname('a'.repeat(LIVE_NICKNAME_MIN))).toEqual({ ok: true, nickname: 'a'.repeat(LIVE_NICKNAME_MIN) });
    expect(checkNickname('b'.repeat(LIVE_NICKNAME_MAX))).toEqual({ ok: true, nickname: 'b'.repeat(LIVE_NICKNAME_MAX) });
    expect(checkNickname('ab<script>')).toEqual({ ok: false, reason: "may hold letters, digits, spaces and . _ - ' only" });
  });

  test("a nickname's key: lower case, accents and everything but letters and digits left out", () => {
    expect(nicknameKey("Zoë-Ann O'Neil 2")).toBe('zoeannoneil2');
  });

  test('a question worth no points, or less, gives no points and no streak bonus', () => {
    expect(livePoints({ correct: true, elapsedMs: 0, limitMs: 20_000, points: -1000 })).toBe(0);
    expect(streakBonus(3, 0)).toBe(0);
    expect(streakBonus(3, -1000)).toBe(0);
    expect(streakBonus(3, 1000)).toBe(200);
    // No answer in a row (a streak of 0 or 1) earns no bonus.
    expect(streakBonus(0, 1000)).toBe(0);
    expect(streakBonus(1, 1000)).toBe(0);
  });

  test('players equal on score and time are listed by their id, sharing the place', () => {
    const ranked = rankPlayers([
      { id: 9, score: 100, time_ms: 500 },
      { id: 3, score: 100, time_ms: 500 },
      { id: 5, score: 100, time_ms: 500 },
    ]);
    expect(ranked.map((p) => [p.id, p.rank])).toEqual([
      [3, 1],
      [5, 1],
      [9, 1],
    ]);
  });
});
