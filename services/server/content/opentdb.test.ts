import { ContentFileError, contentHash, isRejected, type ContentRow } from '@/services/server/content/content-row';
import { parseOpenTdb, parseOpenTdbRecord, splitCategory } from '@/services/server/content/opentdb';

const record = (over: Record<string, unknown> = {}) => ({
  type: 'multiple',
  difficulty: 'medium',
  category: 'Entertainment: Music',
  question: 'Which band released &quot;Rio&quot;?',
  correct_answer: 'Duran Duran',
  incorrect_answers: ['The Cure', 'New Order', 'Depeche Mode'],
  ...over,
});

function accepted(value: ReturnType<typeof parseOpenTdbRecord>): ContentRow {
  if (isRejected(value)) throw new Error(`rejected: ${value.reason}`);
  return value;
}

describe('Open Trivia DB records', () => {
  test('decodes HTML entities in the question, the answers and the category', () => {
    const row = accepted(
      parseOpenTdbRecord(
        record({
          category: 'Science &amp; Nature',
          question: 'Who wrote &ldquo;Don&#039;t Panic&rdquo; &amp; more?',
          correct_answer: 'Douglas Adams &eacute;',
          incorrect_answers: ['A &lt;b&gt;', 'C&#x27;d', 'E'],
        }),
        1,
        'en',
      ),
    );
    expect(row.question).toBe('Who wrote “Don\'t Panic” & more?');
    expect(row.category).toBe('Science & Nature');
    expect([...row.options].sort()).toEqual(['A <b>', "C'd", 'Douglas Adams é', 'E']);
  });

  test('splits "Entertainment: Music" into a category and a subcategory', () => {
    const row = accepted(parseOpenTdbRecord(record(), 1, 'en'));
    expect([row.category, row.subcategory]).toEqual(['Entertainment', 'Music']);
  });

  test('keeps a name without a colon as a category without subcategory', () => {
    expect(splitCategory('General Knowledge')).toEqual({ category: 'General Knowledge', subcategory: null });
    expect(splitCategory('Science: Computers: Hardware')).toEqual({ category: 'Science', subcategory: 'Computers: Hardware' });
  });

  test.each([
    ['easy', 1],
    ['medium', 2],
    ['hard', 3],
  ])('maps difficulty %s to level %i', (difficulty, level) => {
    expect(accepted(parseOpenTdbRecord(record({ difficulty }), 1, 'en')).level).toBe(level);
  });

  test('stores a boolean question as True then False with the letter of the right one', () => {
    const no = accepted(parseOpenTdbRecord(record({ type: 'boolean', correct_answer: 'False', incorrect_answers: ['True'] }), 1, 'en'));
    expect(no).toMatchObject({ questionType: 'boolean', options: ['True', 'False'], answer: 'b' });
    const yes = accepted(parseOpenTdbRecord(record({ type: 'boolean', correct_answer: 'True', incorrect_answers: ['False'] }), 1, 'es'));
    expect(yes).toMatchObject({ options: ['Verdadero', 'Falso'], answer: 'a' });
  });

  test('shuffles multiple-choice options the same way every time, keeping the answer right', () => {
    const first = accepted(parseOpenTdbRecord(record(), 1, 'en'));
    const again = accepted(parseOpenTdbRecord(record(), 99, 'en'));
    expect(again.options).toEqual(first.options);
    expect(first.options[['a', 'b', 'c', 'd'].indexOf(first.answer)]).toBe('Duran Duran');
    expect(first.contentHash).toBe(contentHash('multiple', 'Which band released "Rio"?'));
  });

  test('does not always put the right answer first', () => {
    const letters = new Set(
      Array.from({ length: 40 }, (_, i) => accepted(parseOpenTdbRecord(record({ question: `Question number ${i}?` }), i + 1, 'en')).answer),
    );
    expect(letters.size).toBeGreaterThan(2);
  });

  test.each([
    [{ question: undefined }, 'missing field "question"'],
    [{ incorrect_answers: undefined }, 'missing field "incorrect_answers"'],
    [{ difficulty: null }, 'missing field "difficulty"'],
    [{ question: 42 }, 'field "question" must be a text'],
    [{ incorrect_answers: 'nope' }, 'field "incorrect_answers" must be a list of texts'],
    [{ type: 'multi' }, 'unknown type "multi"'],
    [{ difficulty: 'extreme' }, 'unknown difficulty "extreme" (easy, medium or hard)'],
    [{ incorrect_answers: [] }, 'wrong number of answers: a multiple-choice question has 1 right and 1 to 4 wrong answers, found none wrong'],
    [{ incorrect_answers: ['A', 'B', 'C', 'D', 'E'] }, '6 answers: a question has at most 5 options (1 right and up to 4 wrong), found 5 wrong'],
    [
      { type: 'boolean', correct_answer: 'True', incorrect_answers: ['False', 'Maybe'] },
      'wrong number of answers: a boolean question has 1 right and 1 wrong answer, found 2 wrong',
    ],
    [{ type: 'boolean', correct_answer: 'Yes', incorrect_answers: ['No'] }, 'a boolean question\'s answers must be "True" and "False"'],
    [{ incorrect_answers: ['Duran Duran', 'New Order', 'Depeche Mode'] }, 'duplicate options: a and b are both "Duran Duran"'],
    [{ incorrect_answers: ['Duran&#32;Duran', 'New Order', 'Depeche Mode'] }, 'duplicate options: a and b are both "Duran Duran"'],
    [{ question: ' &nbsp; ' }, 'empty question'],
    [{ category: ': Music' }, 'empty category'],
    [{ correct_answer: '' }, 'empty option a'],
    [{ question: `${'Why '.repeat(300)}?` }, 'question too long (1201 characters, at most 1000)'],
  ])('rejects %j: %s', (over, reason) => {
    expect(parseOpenTdbRecord(record(over), 12, 'en')).toEqual({ row: 12, reason });
  });

  test('rejects an entry that is not an object', () => {
    expect(parseOpenTdbRecord('text', 3, 'en')).toEqual({ row: 3, reason: 'not an object' });
  });
});

describe('Open Trivia DB files', () => {
  test('counts every result and numbers rejected rows from 1', async () => {
    const text = JSON.stringify({ response_code: 0, results: [record(), record({ type: 'odd' }), record({ question: 'Second?' })] });
    const parsed = await parseOpenTdb(text, { language: 'en' });
    expect(parsed.read).toBe(3);
    expect(parsed.rows).toHaveLength(2);
    expect(parsed.rejected).toEqual([{ row: 2, reason: 'unknown type "odd"' }]);
  });

  test('refuses a file that is not JSON or has no results list', async () => {
    await expect(parseOpenTdb('question,answer', { language: 'en' })).rejects.toThrow(ContentFileError);
    await expect(parseOpenTdb('{"questions": []}', { language: 'en' })).rejects.toThrow('expected {"results": [...]}');
    await expect(parseOpenTdb('{"results": {"a": 1}}', { language: 'en' })).rejects.toThrow('"results" must be a list');
    await expect(parseOpenTdb('{"results": [{"type": "boolean"}, ', { language: 'en' })).rejects.toThrow(/^not valid JSON/);
  });

  test('takes two to five answers: a yes/no pair as a true/false question, two other texts as a two-option one', async () => {
    const text = JSON.stringify({
      results: [
        record({ question: 'Is Paris in France?', correct_answer: 'Yes', incorrect_answers: ['No'] }),
        record({ question: 'Heavier?', correct_answer: 'Iron', incorrect_answers: ['Wood'] }),
        record({ question: 'Five?', correct_answer: 'A', incorrect_answers: ['B', 'C', 'D', 'E'] }),
      ],
    });
    const { rows, rejected } = await parseOpenTdb(text, { language: 'en' });
    expect(rejected).toEqual([]);
    expect(rows.map((r) => [r.questionType, [...r.options].sort(), r.options[r.answer.charCodeAt(0) - 97]])).toEqual([
      ['boolean', ['No', 'Yes'], 'Yes'],
      ['multiple', ['Iron', 'Wood'], 'Iron'],
      ['multiple', ['A', 'B', 'C', 'D', 'E'], 'A'],
    ]);
  });
});
