import { battleAnswerPoints, battleRuleBreaks } from '@/tests/paths/rules/battle';
import type { RoomDocument, RoomQuestion } from '@/services/domain/rooms';

describe('the battle rules the paths check the server against (rules.md, Battles)', () => {
  test('4 for a right answer, +2 within 2 s, +1 within 4 s, to the millisecond; nothing for a wrong one', () => {
    expect([0, 2000, 2001, 4000, 4001, 29_999].map((ms) => battleAnswerPoints(true, ms))).toEqual([6, 6, 5, 5, 4, 4]);
    expect(battleAnswerPoints(false, 100)).toBe(0);
    expect(battleAnswerPoints(true, 100, { correct: 10, within2s: 5, within4s: 3 })).toBe(15);
  });

  const question = (index: number, answers: RoomQuestion['answers']): RoomQuestion => ({
    index,
    id: 100 + index,
    question: 'Q',
    question_type: 'multiple',
    image: null,
    options: [],
    opens_at: '',
    deadline_at: '',
    closed: true,
    correct_answer: 'a',
    answers,
  });
  const answer = (user_id: number, a: string | null, points: number, elapsed_ms: number | null) => ({ user_id, answered: a !== null, answer: a, correct: a === null ? null : a === 'a', points, elapsed_ms });
  const doc = (over: Partial<RoomDocument> = {}): RoomDocument =>
    ({
      id: 'r',
      version: 9,
      type: 'random',
      status: 'finished',
      entry_fee: 5,
      seconds_per_question: 30,
      vs_bot: false,
      players: [
        { user_id: 1, points: 11, correct: 2, left: false, is_bot: false },
        { user_id: 2, points: 4, correct: 1, left: false, is_bot: false },
      ],
      questions: [question(0, [answer(1, 'a', 6, 1500), answer(2, 'b', 0, 900)]), question(1, [answer(1, 'a', 5, 3000), answer(2, 'a', 4, 12_000)])],
      result: {
        winners: [1],
        reason: 'completed',
        entries: [
          { user_id: 1, outcome: 'win', points: 11, correct: 2, coins_won: 10 },
          { user_id: 2, outcome: 'lose', points: 4, correct: 1, coins_won: 0 },
        ],
      },
      ...over,
    }) as unknown as RoomDocument;
  const right = new Map([
    [100, 'a'],
    [101, 'a'],
  ]);

  test('a battle decided by the rules shows no break', () => {
    expect(battleRuleBreaks(doc(), right)).toEqual([]);
  });

  test('names a quick bonus taken away, a wrong total, a winner paid once instead of twice, and a draw not refunded', () => {
    const d = doc();
    const minus = { ...d, questions: [question(0, [answer(1, 'a', 2, 1500), answer(2, 'b', 0, 900)]), d.questions[1]!] } as RoomDocument;
    expect(battleRuleBreaks(minus, right)).toContain('question 0, player 1: 2 points for a right answer at 1500 ms, the rules give 6');
    const underpaid = { ...d, result: { ...d.result!, entries: [{ ...d.result!.entries[0]!, coins_won: 5 }, d.result!.entries[1]!] } } as RoomDocument;
    expect(battleRuleBreaks(underpaid, right)).toEqual([
      'result of player 1: {"user_id":1,"outcome":"win","points":11,"correct":2,"coins_won":5}, the rules give {"user_id":1,"outcome":"win","points":11,"correct":2,"coins_won":10}',
    ]);
    const wrongTotal = { ...d, players: [{ ...d.players[0]!, points: 12 }, d.players[1]!] } as RoomDocument;
    expect(battleRuleBreaks(wrongTotal, right)[0]).toBe('player 1: 12 points and 2 right, the answers add up to 11 and 2');
    // Equal points: a draw, each fee back.
    const level = { ...d, questions: [question(0, [answer(1, 'a', 6, 100), answer(2, 'a', 6, 100)])], players: [{ ...d.players[0]!, points: 6, correct: 1 }, { ...d.players[1]!, points: 6, correct: 1 }] } as RoomDocument;
    const drawn = { ...level, result: { winners: [], reason: 'completed', entries: [{ user_id: 1, outcome: 'draw', points: 6, correct: 1, coins_won: 0 }, { user_id: 2, outcome: 'draw', points: 6, correct: 1, coins_won: 5 }] } } as unknown as RoomDocument;
    expect(battleRuleBreaks(drawn, right)).toEqual(['result of player 1: {"user_id":1,"outcome":"draw","points":6,"correct":1,"coins_won":0}, the rules give {"user_id":1,"outcome":"draw","points":6,"correct":1,"coins_won":5}']);
  });

  test('a right answer marked wrong, and a right option shown that is not the bank\'s, are named', () => {
    const d = doc();
    const marked = { ...d, questions: [question(0, [{ ...answer(1, 'a', 6, 1500), correct: false }, answer(2, 'b', 0, 900)]), d.questions[1]!] } as RoomDocument;
    expect(battleRuleBreaks(marked, right)).toContain('question 0, player 1: marked wrong, answered a');
    expect(battleRuleBreaks(d, new Map([[100, 'b'], [101, 'a']]))[0]).toBe('question 0: shows a as the right answer, the bank has b');
  });

  test('group: everyone tied for the most right answers wins ⌊fee × payers / winners⌋', () => {
    const players = [1, 2, 3].map((user_id) => ({ user_id, points: user_id === 3 ? 0 : 6, correct: user_id === 3 ? 0 : 1, left: false, is_bot: false }));
    const g = {
      ...doc(),
      type: 'group',
      players,
      questions: [question(0, [answer(1, 'a', 6, 10), answer(2, 'a', 6, 10), answer(3, 'c', 0, 10)])],
      result: {
        winners: [1, 2],
        reason: 'completed',
        entries: [
          { user_id: 1, outcome: 'tie', points: 6, correct: 1, coins_won: 7 },
          { user_id: 2, outcome: 'tie', points: 6, correct: 1, coins_won: 7 },
          { user_id: 3, outcome: 'defeat', points: 0, correct: 0, coins_won: 0 },
        ],
      },
    } as unknown as RoomDocument;
    expect(battleRuleBreaks(g, new Map([[100, 'a']]))).toEqual([]);
  });
});
