import {
  contentHash,
  finishRow,
  isRejected,
  languageCode,
  languageName,
  normaliseText,
  seededShuffle,
  type DraftRow,
} from '@/services/server/content/content-row';

const draft = (over: Partial<DraftRow> = {}): DraftRow => ({
  row: 7,
  language: 'en',
  category: 'Science',
  subcategory: null,
  questionType: 'multiple',
  level: 1,
  question: 'Which planet is known as the red planet?',
  options: ['Mars', 'Venus', 'Jupiter', 'Mercury'],
  answerIndex: 0,
  note: '',
  image: null,
  ...over,
});

describe('content hash', () => {
  test('ignores case and spacing', () => {
    const a = contentHash('multiple', 'What is  2 + 2?');
    const b = contentHash('multiple', 'what is 2 + 2? ');
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  test('counts the same question with other options as the same question', () => {
    expect(contentHash('multiple', 'How many sides does a heptagon have?')).toBe(
      contentHash('multiple', 'How many  sides does a heptagon have?'),
    );
  });

  test('tells apart a true/false statement and a multiple-choice question with the same text', () => {
    expect(contentHash('boolean', 'Is Pluto a planet?')).not.toBe(contentHash('multiple', 'Is Pluto a planet?'));
  });

  test('normalises composed and decomposed accents alike', () => {
    expect(normaliseText('Cafe\u0301')).toBe(normaliseText('Café'));
  });
});

describe('seeded shuffle', () => {
  test('always gives the same order for the same seed and keeps every item', () => {
    const items = ['a', 'b', 'c', 'd'];
    const once = seededShuffle(items, 'seed-1');
    expect(seededShuffle(items, 'seed-1')).toEqual(once);
    expect([...once].sort()).toEqual(items);
  });

  test('puts the first item elsewhere for a good share of seeds', () => {
    const moved = Array.from({ length: 200 }, (_, i) => seededShuffle(['x', 'b', 'c', 'd'], `s${i}`)[0] !== 'x').filter(Boolean);
    expect(moved.length).toBeGreaterThan(120);
  });
});

describe('finishing a row', () => {
  test('trims every text and stores the answer as a letter', () => {
    const row = finishRow(draft({ question: '  Which planet is known as the red planet? ', options: ['Venus', ' Mars ', 'Jupiter', 'Mercury'], answerIndex: 1 }));
    expect(isRejected(row)).toBe(false);
    if (isRejected(row)) return;
    expect(row.question).toBe('Which planet is known as the red planet?');
    expect(row.options).toEqual(['Venus', 'Mars', 'Jupiter', 'Mercury']);
    expect(row.answer).toBe('b');
  });

  test('keeps the right answer right when it shuffles the options', () => {
    const row = finishRow(draft({ shuffle: true }));
    if (isRejected(row)) throw new Error(row.reason);
    expect(row.options[['a', 'b', 'c', 'd'].indexOf(row.answer)]).toBe('Mars');
  });

  test.each([
    [{ question: '   ' }, 'empty question'],
    [{ category: '' }, 'empty category'],
    [{ options: ['Mars', '', 'Jupiter', 'Mercury'] }, 'empty option b'],
    [{ options: ['Mars', 'mars ', 'Jupiter', 'Mercury'] }, 'duplicate options: a and b are both "mars"'],
    [{ options: ['Mars'], answerIndex: 0 }, 'wrong number of options: a multiple-choice question has 2 to 5, found 1'],
    [{ options: ['A', 'B', 'C', 'D', 'E', 'F'] }, '6 options: a multiple-choice question has at most 5 (a to e)'],
    [{ question: 'Caf\uFFFD?' }, 'holds bytes that are not UTF-8 text (save the file as UTF-8, e.g. iconv -f windows-1252 -t utf-8)'],
    [{ questionType: 'boolean' as const }, 'wrong number of options: a boolean question has 2, found 4'],
    [{ question: 'x'.repeat(1001) }, 'question too long (1001 characters, at most 1000)'],
    [{ options: ['Mars', 'Venus', 'y'.repeat(251), 'Mercury'] }, 'option c too long (251 characters, at most 250)'],
    [{ level: 0 }, 'level must be a whole number from 1 to 100'],
    [{ answerIndex: 4 }, 'the answer names no option'],
  ])('rejects %j with the reason "%s"', (over, reason) => {
    expect(finishRow(draft(over))).toEqual({ row: 7, reason });
  });
});

describe('languages', () => {
  test('accepts language codes and lower-cases them', () => {
    expect(languageCode(' PT-BR ')).toBe('pt-br');
    expect(languageCode('english')).toBeNull();
  });

  test('names a language in its own words', () => {
    expect(languageName('en')).toBe('English');
    expect(languageName('es')).toBe('Español');
  });
});
