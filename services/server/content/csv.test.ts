import { ContentFileError } from '@/services/server/content/content-row';
import { csvLine, parseContentCsv, parseCsvRecords } from '@/services/server/content/csv';

const HEADER = 'language,category,subcategory,type,level,question,option_a,option_b,option_c,option_d,option_e,answer,note,image';

describe('CSV records (RFC 4180)', () => {
  test('reads quoted fields holding commas, doubled quotes and line breaks', () => {
    const records = parseCsvRecords('a,"b, c","say ""hi""","two\nlines"\r\nnext,row,,\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b, c', 'say "hi"', 'two\nlines'] },
      { line: 3, fields: ['next', 'row', '', ''] },
    ]);
  });

  test('numbers records by the line they start on and skips blank lines', () => {
    const records = parseCsvRecords('h1,h2\n\n"x\ny",1\n\nlast,2');
    expect(records.map((r) => r.line)).toEqual([1, 3, 6]);
    expect(records[2]!.fields).toEqual(['last', '2']);
  });

  test('keeps an empty quoted field as a record', () => {
    expect(parseCsvRecords('""\n')).toEqual([{ line: 1, fields: [''] }]);
  });

  test('allows spaces around a quoted field', () => {
    expect(parseCsvRecords('a, "b" ,c')[0]!.fields).toEqual(['a', 'b', 'c']);
  });

  test('flags a quote inside an unquoted field', () => {
    expect(parseCsvRecords('a,b"c,d')[0]!.error).toBe(
      'a quote inside an unquoted field: quote the whole field and double the quote (field 2)',
    );
  });

  test('flags text after a closing quote', () => {
    expect(parseCsvRecords('"ab"c,d')[0]!.error).toBe('text after a closing quote (field 1)');
  });

  test('flags a quoted field that is never closed', () => {
    const records = parseCsvRecords('h\n"open,\nstill open');
    expect(records[1]).toMatchObject({ line: 2, error: 'a quoted field opened on line 2 is never closed (field 1)' });
  });

  test('writes fields that need it in quotes, and reads them back unchanged', () => {
    const values = ['plain', 'a, b', 'say "hi"', 'two\nlines', ' padded'];
    expect(csvLine(values)).toBe('plain,"a, b","say ""hi""","two\nlines"," padded"');
    expect(parseCsvRecords(csvLine(values))[0]!.fields).toEqual(values);
  });
});

describe('content CSV', () => {
  const parse = (body: string, language = 'en') => parseContentCsv(`${HEADER}\n${body}`, { language });

  test('reads a multiple-choice row with options in the order written', () => {
    const { rows, rejected } = parse('en,Science,Physics,multiple,2,"What is the SI unit of force, in short?",Joule,Newton,Watt,Pascal,,b,"The newton, N.",https://example.com/n.png');
    expect(rejected).toEqual([]);
    expect(rows[0]).toMatchObject({
      row: 2,
      language: 'en',
      category: 'Science',
      subcategory: 'Physics',
      questionType: 'multiple',
      level: 2,
      question: 'What is the SI unit of force, in short?',
      options: ['Joule', 'Newton', 'Watt', 'Pascal'],
      answer: 'b',
      note: 'The newton, N.',
      image: 'https://example.com/n.png',
    });
  });

  test('accepts a fifth option', () => {
    const { rows } = parse(',Maths,,multiple,,2 + 3?,1,2,3,4,5,e,,');
    expect(rows[0]).toMatchObject({ options: ['1', '2', '3', '4', '5'], answer: 'e', level: 1, subcategory: null });
  });

  test('fills in the true/false words of the row language for a boolean row', () => {
    const { rows } = parse('es,Ciencia,,boolean,1,El agua hierve a 100 °C al nivel del mar.,,,,,,true,,\n,Science,,boolean,1,The Sun is a planet.,True,False,,,,b,,');
    expect(rows[0]).toMatchObject({ language: 'es', options: ['Verdadero', 'Falso'], answer: 'a' });
    expect(rows[1]).toMatchObject({ language: 'en', options: ['True', 'False'], answer: 'b' });
  });

  test('takes the language of the import for rows that name none', () => {
    expect(parse(',Historia,,boolean,1,Roma fue fundada en el 753 a. C.,,,,,,a,,', 'es').rows[0]).toMatchObject({ language: 'es', options: ['Verdadero', 'Falso'] });
  });

  test('accepts the columns in any order, and only the required ones', () => {
    const { rows, rejected } = parseContentCsv('Answer,Question,Type,Category,Option_B,Option_A\na,Is water wet?,boolean,Science,False,True\n', { language: 'en' });
    expect(rejected).toEqual([]);
    expect(rows[0]).toMatchObject({ question: 'Is water wet?', options: ['True', 'False'], answer: 'a', level: 1 });
  });

  test('reports every rejected row with its line number and reason', () => {
    const body = [
      'en,Science,,multiple,1,Good one?,A,B,C,D,,a,,',
      'en,Science,,multiple,1,"Spans',
      'two lines?",A,B,C,,,a,,',
      'en,Science,,quiz,1,Q?,A,B,C,D,,a,,',
      'en,Science,,multiple,x,Q?,A,B,C,D,,a,,',
      'en,Science,,multiple,1,Q?,A,B,C,D,,f,,',
      'en,Science,,multiple,1,Q?,A,B,C,D,,e,,',
      'en,Science,,multiple,1,Q?,A,a,C,D,,a,,',
      'en,,,multiple,1,Q?,A,B,C,D,,a,,',
      'en,Science,,multiple,1,,A,B,C,D,,a,,',
      'en,Science,,multiple,1,Q?,A,B,C,D,,,,',
      'en,Science,,boolean,1,Q?,True,False,Maybe,,,a,,',
      'en,Science,,boolean,1,Q?,False,True,,,,a,,',
      'en,Science,,boolean,1,Q?,,,,,,yes,,',
      'xx1,Science,,multiple,1,Q?,A,B,C,D,,a,,',
      'fi,Science,,boolean,1,Q?,,,,,,a,,',
      'en,Science,,multiple,1,Q?,A,B',
      'en,Science,,,1,Q?,A,B,C,D,,a,,',
      `en,Science,,multiple,1,${'Q'.repeat(1001)},A,B,C,D,,a,,`,
      'en,Science,,multiple,1,Q"?,A,B,C,D,,a,,',
    ].join('\n');
    const { read, rows, rejected } = parse(body);
    expect(read).toBe(19);
    expect(rows).toHaveLength(1);
    expect(rejected).toEqual([
      { row: 3, reason: 'empty option d' },
      { row: 5, reason: 'unknown type "quiz" (multiple or boolean)' },
      { row: 6, reason: 'level must be a whole number from 1 to 100, found "x"' },
      { row: 7, reason: 'the answer is the letter of the right option, a to e, found "f"' },
      { row: 8, reason: 'the answer e names an empty option' },
      { row: 9, reason: 'duplicate options: a and b are both "a"' },
      { row: 10, reason: 'empty category' },
      { row: 11, reason: 'empty question' },
      { row: 12, reason: 'missing answer' },
      { row: 13, reason: 'a boolean question has only option_a (true) and option_b (false)' },
      { row: 14, reason: 'a boolean question\'s options are "True" then "False" (or leave them empty)' },
      { row: 15, reason: 'the answer of a boolean question is a (true) or b (false), found "yes"' },
      { row: 16, reason: 'unknown language code "xx1"' },
      { row: 17, reason: 'no built-in true/false words for language "fi": fill in option_a (true) and option_b (false)' },
      { row: 18, reason: 'expected 14 fields, found 8' },
      { row: 19, reason: 'missing type (multiple or boolean)' },
      { row: 20, reason: 'question too long (1001 characters, at most 1000)' },
      { row: 21, reason: 'a quote inside an unquoted field: quote the whole field and double the quote (field 6)' },
    ]);
  });

  test('refuses a file without a usable header row', () => {
    expect(() => parseContentCsv('', { language: 'en' })).toThrow(ContentFileError);
    expect(() => parseContentCsv('category,type,question,option_a,option_b,answer,colour\n', { language: 'en' })).toThrow('unknown column "colour"');
    expect(() => parseContentCsv('category,type,question,option_a,answer\n', { language: 'en' })).toThrow('the header lacks required column option_b');
    expect(() => parseContentCsv('category,category,type,question,option_a,option_b,answer\n', { language: 'en' })).toThrow('column "category" appears twice');
  });
});

describe('the mode column', () => {
  const csv = (rows: string[]) => ['mode,category,type,level,question,option_a,option_b,option_c,option_d,answer', ...rows].join('\n');

  test('puts a row in maths mania, the quiz zone when empty', () => {
    const parsed = parseContentCsv(csv(['maths,Algebra,multiple,,Solve $2x = 8$.,$x = 4$,$x = 6$,$x = 16$,$x = 2$,a', ',Space,multiple,2,Which planet is red?,Mars,Venus,Earth,Jupiter,a']), { language: 'en' });
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows.map((r) => [r.mode, r.category, r.level])).toEqual([
      ['maths', 'Algebra', 1],
      ['quiz_zone', 'Space', 2],
    ]);
  });

  test('refuses an unknown mode and a level in a mode without levels, naming the line', () => {
    const parsed = parseContentCsv(csv(['riddles,Fun,multiple,,Q?,a,b,c,d,a', 'maths,Algebra,multiple,3,Solve $x + 1 = 2$.,$1$,$2$,$3$,$4$,a']), { language: 'en' });
    expect(parsed.rows).toEqual([]);
    expect(parsed.rejected).toEqual([
      { row: 2, reason: 'unknown mode "riddles" (quiz_zone or maths; empty: quiz_zone)' },
      { row: 3, reason: 'a maths question has no levels: leave level empty (or 1)' },
    ]);
  });
});
