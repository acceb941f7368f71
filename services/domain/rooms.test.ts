import {
  answerPoints,
  botMove,
  botSettings,
  currentQuestion,
  isNewerRoom,
  makeRoomCode,
  normaliseRoomCode,
  roomCodeAlphabet,
  ROOM_CODE_LENGTH,
  settleRoom,
  startBlocker,
  type RoomDocument,
  type SettlementPlayer,
} from '@/services/domain/rooms';
import { defaultSettings } from '@/services/domain/settings';

/** Draws from a fixed list, in turn. */
const draws = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('join codes', () => {
  test('digits, letters or both by the setting, without look-alikes (0, 1, I, O) when letters are in', () => {
    expect(roomCodeAlphabet('1')).toBe('0123456789');
    expect(roomCodeAlphabet('2')).toBe('ABCDEFGHJKLMNPQRSTUVWXYZ');
    expect(roomCodeAlphabet('3')).toBe('23456789ABCDEFGHJKLMNPQRSTUVWXYZ');
    // Anything else is both.
    expect(roomCodeAlphabet('')).toBe(roomCodeAlphabet('3'));
    for (const look of ['I', 'O']) expect(roomCodeAlphabet('2')).not.toContain(look);
    for (const look of ['0', '1', 'I', 'O']) expect(roomCodeAlphabet('3')).not.toContain(look);
  });

  test(`a code is ${ROOM_CODE_LENGTH} characters drawn from the alphabet, each by its own draw, to its ends`, () => {
    expect(makeRoomCode('1', draws(0, 0.1, 0.2, 0.5, 0.95, 0.9999))).toBe('012599');
    expect(makeRoomCode('2', draws(0))).toBe('AAAAAA');
    expect(makeRoomCode('2', draws(0.9999))).toBe('ZZZZZZ');
    expect(makeRoomCode('3', draws(0))).toHaveLength(ROOM_CODE_LENGTH);
  });

  test('a typed code is trimmed and upper-cased', () => {
    expect(normaliseRoomCode('  ab3k9z \n')).toBe('AB3K9Z');
  });
});

describe("a battle answer's points (rules.md, Battles)", () => {
  const settings = defaultSettings();
  test('4 for a right answer, +2 up to 2,000 ms, +1 up to 4,000 ms, to the millisecond; nothing for a wrong one', () => {
    expect([0, 2000, 2001, 4000, 4001, 29_999].map((ms) => answerPoints(true, ms, settings))).toEqual([6, 6, 5, 5, 4, 4]);
    expect([0, 3000, 10_000].map((ms) => answerPoints(false, ms, settings))).toEqual([0, 0, 0]);
  });

  test("the operator's numbers are the ones used", () => {
    const custom = { ...settings, battle_correct_answer_points: '10', battle_quick_answer_bonus_2s: '5', battle_quick_answer_bonus_4s: '3' };
    expect([1000, 3000, 5000].map((ms) => answerPoints(true, ms, custom))).toEqual([15, 13, 10]);
  });
});

describe('settling a battle (rules.md, Battles)', () => {
  const member = (user_id: number, points: number, correct: number, extra: Partial<SettlementPlayer> = {}): SettlementPlayer => ({ user_id, points, correct, left: false, is_bot: false, ...extra });

  test('1v1: more points wins 2 × fee, the other nothing', () => {
    expect(settleRoom('friend', 5, false, [member(1, 12, 3), member(2, 20, 4)])).toEqual({
      winners: [2],
      reason: 'completed',
      entries: [
        { user_id: 1, outcome: 'lose', points: 12, correct: 3, coins_won: 0 },
        { user_id: 2, outcome: 'win', points: 20, correct: 4, coins_won: 10 },
      ],
    });
    expect(settleRoom('random', 5, false, [member(1, 21, 4), member(2, 20, 5)]).winners).toEqual([1]);
  });

  test('1v1: equal points draw, both get the fee back', () => {
    const r = settleRoom('random', 5, false, [member(1, 8, 2), member(2, 8, 1)]);
    expect(r.winners).toEqual([]);
    expect(r.entries.map((e) => [e.outcome, e.coins_won])).toEqual([
      ['draw', 5],
      ['draw', 5],
    ]);
  });

  test('1v1: a member who left loses whatever the points; the game ended because the other left', () => {
    const r = settleRoom('friend', 5, false, [member(1, 30, 5, { left: true }), member(2, 0, 0)]);
    expect([r.winners, r.reason]).toEqual([[2], 'opponents_left']);
    expect(r.entries.map((e) => [e.user_id, e.outcome, e.coins_won])).toEqual([
      [1, 'lose', 0],
      [2, 'win', 10],
    ]);
    expect(settleRoom('friend', 5, false, [member(1, 0, 0), member(2, 30, 5, { left: true })]).winners).toEqual([1]);
  });

  test('against the bot no coin moves, whoever wins', () => {
    const r = settleRoom('random', 0, true, [member(1, 20, 4), member(2, 8, 2, { is_bot: true })]);
    expect(r.winners).toEqual([1]);
    expect(r.entries.map((e) => e.coins_won)).toEqual([0, 0]);
    expect(settleRoom('random', 5, true, [member(1, 8, 2), member(2, 8, 2, { is_bot: true })]).entries.map((e) => e.coins_won)).toEqual([0, 0]);
  });

  test('group: every member still in tied for the most right answers wins ⌊fee × payers / winners⌋', () => {
    const r = settleRoom('group', 5, false, [member(1, 30, 5), member(2, 40, 5), member(3, 50, 4), member(4, 0, 6, { left: true })]);
    expect(r.winners).toEqual([1, 2]);
    expect(r.reason).toBe('completed');
    // Four paid 5: 20 between two winners.
    expect(r.entries.map((e) => [e.user_id, e.outcome, e.coins_won])).toEqual([
      [1, 'tie', 10],
      [2, 'tie', 10],
      [3, 'defeat', 0],
      [4, 'defeat', 0],
    ]);
    const three = settleRoom('group', 5, false, [member(1, 0, 1), member(2, 0, 1), member(3, 0, 1)]);
    expect(three.entries.map((e) => [e.outcome, e.coins_won])).toEqual([
      ['tie', 5],
      ['tie', 5],
      ['tie', 5],
    ]);
    const one = settleRoom('group', 5, false, [member(1, 0, 3), member(2, 0, 1), member(3, 0, 2)]);
    expect(one.entries.map((e) => [e.outcome, e.coins_won])).toEqual([
      ['victory', 15],
      ['defeat', 0],
      ['defeat', 0],
    ]);
    // Rounded down: 7 × 3 / 2 = 10.5.
    expect(settleRoom('group', 7, false, [member(1, 0, 2), member(2, 0, 2), member(3, 0, 1)]).entries.map((e) => e.coins_won)).toEqual([10, 10, 0]);
  });

  test('group: the last member in, after the others left, wins alone', () => {
    const r = settleRoom('group', 5, false, [member(1, 0, 0), member(2, 0, 4, { left: true }), member(3, 0, 3, { left: true })]);
    expect([r.winners, r.reason]).toEqual([[1], 'opponents_left']);
    expect(r.entries[0]).toEqual({ user_id: 1, outcome: 'victory', points: 0, correct: 0, coins_won: 15 });
  });

  test('every human out: nobody wins, every human gets the fee back, the bot nothing', () => {
    for (const type of ['friend', 'group'] as const) {
      const r = settleRoom(type, 5, false, [member(1, 10, 2, { left: true }), member(2, 4, 1, { left: true })]);
      expect([r.winners, r.reason]).toEqual([[], 'aborted']);
      expect(r.entries.map((e) => [e.outcome, e.coins_won])).toEqual([
        [type === 'group' ? 'defeat' : 'lose', 5],
        [type === 'group' ? 'defeat' : 'lose', 5],
      ]);
    }
    // A bot room with its human gone: nothing moves.
    const bot = settleRoom('random', 5, true, [member(1, 0, 0, { left: true }), member(2, 0, 0, { is_bot: true })]);
    expect([bot.reason, bot.entries.map((e) => e.coins_won)]).toEqual(['aborted', [0, 0]]);
    const botPays = settleRoom('random', 5, false, [member(1, 0, 0, { left: true }), member(2, 0, 0, { is_bot: true })]);
    expect(botPays.entries.map((e) => e.coins_won)).toEqual([5, 0]);
  });

  test('a room of one (its opponent never came) is won by that member', () => {
    expect(settleRoom('friend', 0, false, [member(1, 0, 0)]).winners).toEqual([1]);
  });
});

describe("the bot's move", () => {
  test('its settings, with the delays in order whatever way round they were set', () => {
    const base = defaultSettings();
    expect(botSettings({ ...base, bot_accuracy_percentage: '60', bot_min_answer_delay_ms: '3000', bot_max_answer_delay_ms: '1000' })).toEqual({ accuracy: 60, minDelayMs: 1000, maxDelayMs: 3000 });
    expect(botSettings({ ...base, bot_accuracy_percentage: '60', bot_min_answer_delay_ms: '1000', bot_max_answer_delay_ms: '3000' })).toEqual({ accuracy: 60, minDelayMs: 1000, maxDelayMs: 3000 });
  });

  const bot = { accuracy: 70, minDelayMs: 1000, maxDelayMs: 5000 };
  test('right when the first draw is under its accuracy, else a wrong option by the second; the delay by the third', () => {
    expect(botMove(['a', 'b', 'c', 'd'], 'c', bot, draws(0.69, 0, 0))).toEqual({ answer: 'c', delayMs: 1000 });
    expect(botMove(['a', 'b', 'c', 'd'], 'c', bot, draws(0.7, 0, 0.5))).toEqual({ answer: 'a', delayMs: 3000 });
    expect(botMove(['a', 'b', 'c', 'd'], 'c', bot, draws(0.99, 0.9999, 0.9999))).toEqual({ answer: 'd', delayMs: 5000 });
    expect(botMove(['a', 'b', 'c', 'd'], 'a', bot, draws(0.99, 0.34, 0.25))).toEqual({ answer: 'c', delayMs: 2000 });
  });

  test('never sure and never hopeless at the ends of its accuracy; with no wrong option it answers the right one', () => {
    expect(botMove(['a', 'b'], 'a', { ...bot, accuracy: 0 }, draws(0, 0, 0)).answer).toBe('b');
    expect(botMove(['a', 'b'], 'a', { ...bot, accuracy: 100 }, draws(0.9999, 0, 0)).answer).toBe('a');
    expect(botMove(['a'], 'a', { ...bot, accuracy: 0 }, draws(0.5, 0.5, 0.5)).answer).toBe('a');
  });
});

describe('a room document, as the clients read it', () => {
  const room = (extra: Partial<RoomDocument>): RoomDocument =>
    ({ id: 'r1', version: 3, status: 'waiting', created_by: 1, players: [], questions: [], ...extra }) as unknown as RoomDocument;
  const player = (user_id: number, ready: boolean, left = false) => ({ user_id, ready, left });

  test('only its creator starts a waiting room, with two members or more still there, all ready', () => {
    const players = [player(1, true), player(2, true)];
    expect(startBlocker(room({ players } as never), 1)).toBeNull();
    expect(startBlocker(room({ players, status: 'started' } as never), 1)).toBe('not_waiting');
    expect(startBlocker(room({ players } as never), 2)).toBe('not_creator');
    expect(startBlocker(room({ players: [player(1, true), player(2, true, true)] } as never), 1)).toBe('player_not_joined');
    expect(startBlocker(room({ players: [player(1, true), player(2, false)] } as never), 1)).toBe('players_not_ready');
    // A member who left does not hold the start up by not being ready.
    expect(startBlocker(room({ players: [player(1, true), player(2, true), player(3, false, true)] } as never), 1)).toBeNull();
  });

  test('the question on screen is the last opened one, or none before the first', () => {
    expect(currentQuestion(room({}))).toBeNull();
    const questions = [{ index: 0 }, { index: 1 }];
    expect(currentQuestion(room({ questions } as never))).toEqual({ index: 1 });
  });

  test('a document replaces the one held only when it is a newer version of the same room', () => {
    const held = room({});
    expect(isNewerRoom(null, held)).toBe(true);
    expect(isNewerRoom(held, room({ version: 4 }))).toBe(true);
    expect(isNewerRoom(held, room({ version: 3 }))).toBe(false);
    expect(isNewerRoom(held, room({ version: 2 }))).toBe(false);
    expect(isNewerRoom(held, room({ id: 'r2', version: 9 }))).toBe(false);
  });
});
