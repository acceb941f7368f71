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
      { row: 5, reason: 'unknown type "quiz" (multiple, boolean, word, multiselect, sequence)' },
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
      { row: 19, reason: 'missing type (multiple, boolean, word, multiselect, sequence)' },
      { row: 20, reason: 'question too long (1001 characters, at most 1000)' },
      { row: 21, reason: 'a quote inside an unquoted field: quote the whole field and double the quote (field 6)' },
    ]);
  });

  test('refuses a file without a usable header row', () => {
    expect(() => parseContentCsv('', { language: 'en' })).toThrow(ContentFileError);
    expect(() => parseContentCsv('category,type,question,option_a,option_b,answer,colour\n', { language: 'en' })).toThrow('unknown column "colour"');
    expect(() => parseContentCsv('category,question,option_a,answer\n', { language: 'en' })).toThrow('the header lacks required column type');
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
      { row: 2, reason: 'unknown mode "riddles" (quiz_zone, maths, guess_the_word, audio, multi_match; empty: quiz_zone)' },
      { row: 3, reason: 'a maths question has no levels: leave level empty (or 1)' },
    ]);
  });
});

describe('question kinds in CSV', () => {
  const header = 'mode,category,type,question,option_a,option_b,option_c,option_d,answer,audio,transcript';
  const parse = (...lines: string[]) => parseContentCsv([header, ...lines].join('\n'), { language: 'es' });

  test('a word, a multi select, a sequence and an audio question are stored in their shapes', () => {
    const { rows, rejected } = parse(
      'guess_the_word,Animales,word,Rey de la selva,,,,,León,,',
      'multi_match,Ciencia,multiselect,¿Cuáles son planetas?,Marte,Luna,Venus,Sol,"c,a",,',
      'multi_match,Historia,sequence,Ordena de antiguo a reciente,Imprenta,Internet,Rueda,,"c,a,b",,',
      'audio,Sonidos,multiple,¿Qué número se dice?,Tres,Cinco,Siete,Nueve,b,/audio/demo/es/n5.ogg,Cinco',
    );
    expect(rejected).toEqual([]);
    expect(rows.map((r) => [r.mode, r.questionType, r.options.length, r.answer, r.audio])).toEqual([
      ['guess_the_word', 'word', 0, 'León', null],
      ['multi_match', 'multiselect', 4, 'a,c', null],
      ['multi_match', 'sequence', 3, 'c,a,b', null],
      ['audio', 'multiple', 4, 'b', '/audio/demo/es/n5.ogg'],
    ]);
    expect(rows[3]!.transcript).toBe('Cinco');
  });

  test('each kind refuses what it cannot play, naming the line and the rule', () => {
    const { rows, rejected } = parse(
      'guess_the_word,Animales,multiple,Rey de la selva,a,b,c,d,a,,',
      'guess_the_word,Animales,word,Número,,,,,123,,',
      'multi_match,Ciencia,multiselect,¿Cuáles?,Marte,Luna,Venus,,"a,b,c",,',
      'multi_match,Ciencia,sequence,Ordena,Uno,Dos,Tres,,"a,b",,',
      'audio,Sonidos,multiple,¿Qué número?,Tres,Cinco,Siete,Nueve,b,,',
      'audio,Sonidos,multiple,¿Qué número?,Tres,Cinco,Siete,Nueve,b,/audio/x.ogg,',
      'quiz_zone,Ciencia,multiple,¿Qué número?,Tres,Cinco,Siete,Nueve,b,/audio/x.ogg,Tres',
    );
    expect(rows).toEqual([]);
    expect(rejected).toEqual([
      { row: 2, reason: 'a guess_the_word question is word, not multiple' },
      { row: 3, reason: 'the word must contain letters' },
      { row: 4, reason: 'a multiselect question needs at least one wrong option' },
      { row: 5, reason: "a sequence's answer names every option once, in the right order (3 letters)" },
      { row: 6, reason: 'an audio question needs its audio (an /uploads/ or /audio/ path, or an https link)' },
      { row: 7, reason: 'an audio question needs a transcript (what the audio says, for players who cannot hear it)' },
      { row: 8, reason: 'only audio questions have audio (this is quiz_zone)' },
    ]);
  });
});
