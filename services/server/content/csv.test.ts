import { ContentFileError } from '@/services/server/content/content-row';
import { Readable } from 'node:stream';
import { csvLine, csvRecords, parseContentCsv, readContentCsv } from '@/services/server/content/csv';

const HEADER = 'language,category,subcategory,type,level,question,option_a,option_b,option_c,option_d,option_e,answer,note,image';

const records = async (text: string) => {
  const out: { line: number; fields: string[] }[] = [];
  for await (const r of csvRecords(Readable.from([Buffer.from(text)]))) out.push(r);
  return out;
};

describe('CSV records (RFC 4180, read by csv-parse as the file streams)', () => {
  test('reads quoted fields holding commas, doubled quotes and line breaks', async () => {
    expect(await records('a,"b, c","say ""hi""","two\nlines"\r\nnext,row,,\n')).toEqual([
      { line: 1, fields: ['a', 'b, c', 'say "hi"', 'two\nlines'] },
      { line: 3, fields: ['next', 'row', '', ''] },
    ]);
  });

  test('numbers records by the line they start on and skips blank lines', async () => {
    const read = await records('h1,h2\n\n"x\ny",1\n\nlast,2');
    expect(read.map((r) => r.line)).toEqual([1, 3, 6]);
    expect(read[2]!.fields).toEqual(['last', '2']);
  });

  test('reads a record split across chunks, a multi-byte letter cut in two included', async () => {
    const bytes = Buffer.from('h,q\n1,"Ça va,\nbien"\n2,Zürich\n');
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 19), bytes.subarray(19, 25), bytes.subarray(25)];
    const out: string[][] = [];
    for await (const r of csvRecords(Readable.from(chunks))) out.push(r.fields);
    expect(out).toEqual([['h', 'q'], ['1', 'Ça va,\nbien'], ['2', 'Zürich']]);
  });

  test('allows spaces around a quoted field and takes a quote inside an unquoted field as it is', async () => {
    expect((await records('a, "b" ,c'))[0]!.fields).toEqual(['a', 'b', 'c']);
    expect((await records('a,b"c,d'))[0]!.fields).toEqual(['a', 'b"c', 'd']);
  });

  test('stops at text after a closing quote, naming the line; the records before it are read', async () => {
    const read: number[] = [];
    await expect(
      (async () => {
        for await (const r of csvRecords(Readable.from([Buffer.from('h\nok\n"ab"c,d\nnever\n')]))) read.push(r.line);
      })(),
    ).rejects.toThrow(/^line 3: text after a closing quote.*The import stopped there/);
    expect(read).toEqual([1, 2]);
  });

  test('stops at a quoted field that is never closed, rather than swallowing the rest', async () => {
    await expect(records('h\n"open,\nstill open')).rejects.toThrow(/a quoted field is never closed/);
  });

  test('writes fields that need it in quotes, and reads them back unchanged', async () => {
    const values = ['plain', 'a, b', 'say "hi"', 'two\nlines', 'x'];
    expect(csvLine(values)).toBe('plain,"a, b","say ""hi""","two\nlines",x');
    expect((await records(csvLine(values)))[0]!.fields).toEqual(values);
  });
});

describe('content CSV', () => {
  const parse = (body: string, language = 'en') => parseContentCsv(`${HEADER}\n${body}`, { language });

  test('reads a multiple-choice row with options in the order written', async () => {
    const { rows, rejected } = await parse('en,Science,Physics,multiple,2,"What is the SI unit of force, in short?",Joule,Newton,Watt,Pascal,,b,"The newton, N.",https://example.com/n.png');
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

  test('accepts a fifth option', async () => {
    const { rows } = await parse(',Maths,,multiple,,2 + 3?,1,2,3,4,5,e,,');
    expect(rows[0]).toMatchObject({ options: ['1', '2', '3', '4', '5'], answer: 'e', level: 1, subcategory: null });
  });

  test('fills in the true/false words of the row language for a boolean row', async () => {
    const { rows } = await parse('es,Ciencia,,boolean,1,El agua hierve a 100 °C al nivel del mar.,,,,,,true,,\n,Science,,boolean,1,The Sun is a planet.,True,False,,,,b,,');
    expect(rows[0]).toMatchObject({ language: 'es', options: ['Verdadero', 'Falso'], answer: 'a' });
    expect(rows[1]).toMatchObject({ language: 'en', options: ['True', 'False'], answer: 'b' });
  });

  test('takes the language of the import for rows that name none', async () => {
    expect((await parse(',Historia,,boolean,1,Roma fue fundada en el 753 a. C.,,,,,,a,,', 'es')).rows[0]).toMatchObject({ language: 'es', options: ['Verdadero', 'Falso'] });
  });

  test('accepts the columns in any order, and only the required ones', async () => {
    const { rows, rejected } = await parseContentCsv('Answer,Question,Type,Category,Option_B,Option_A\na,Is water wet?,boolean,Science,False,True\n', { language: 'en' });
    expect(rejected).toEqual([]);
    expect(rows[0]).toMatchObject({ question: 'Is water wet?', options: ['True', 'False'], answer: 'a', level: 1 });
  });

  test('reports every rejected row with its line number and reason', async () => {
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
    const { read, rows, rejected } = await parse(body);
    expect(read).toBe(19);
    // Taken: the good one, three options (a multiple-choice question has 2 to 5), a boolean answered
    // "yes", and a quote inside an unquoted field (taken as it is).
    expect(rows.map((r) => [r.row, r.questionType, r.options.length, r.answer])).toEqual([
      [2, 'multiple', 4, 'a'],
      [3, 'multiple', 3, 'a'],
      [15, 'boolean', 2, 'a'],
      [21, 'multiple', 4, 'a'],
    ]);
    expect(rows[3]!.question).toBe('Q"?');
    expect(rejected).toEqual([
      { row: 5, reason: 'unknown type "quiz" (multiple, boolean, word, multiselect, sequence)' },
      { row: 6, reason: 'level must be a whole number from 1 to 100, found "x"' },
      { row: 7, reason: 'the answer is the letter of the right option, a to e, found "f"' },
      { row: 8, reason: 'the answer e names an empty option' },
      { row: 9, reason: 'duplicate options: a and b are both "a"' },
      { row: 10, reason: 'empty category' },
      { row: 11, reason: 'empty question' },
      { row: 12, reason: 'missing answer' },
      { row: 13, reason: 'a boolean question has only option_a (true) and option_b (false)' },
      { row: 14, reason: 'a boolean question\'s options are "True" then "False" or "Yes" then "No" (or leave them empty)' },
      { row: 16, reason: 'unknown language code "xx1"' },
      { row: 17, reason: 'no built-in true/false words for language "fi": fill in option_a (true) and option_b (false)' },
      { row: 18, reason: 'expected 14 fields, found 8' },
      { row: 19, reason: 'missing type (multiple, boolean, word, multiselect, sequence)' },
      { row: 20, reason: 'question too long (1001 characters, at most 1000)' },
    ]);
  });

  test('takes two-option rows: true/false or yes/no words make a true/false question, other texts a two-option one', async () => {
    const { rows, rejected } = await parse(
      [
        'en,Science,,multiple,1,Is the Sun a star?,No,Yes,,,,b,,',
        'en,Science,,multiple,1,Water boils at 100 °C at sea level.,true,false,,,,a,,',
        'en,Science,,multiple,1,Which is heavier?,Iron,Wood,,,,a,,',
        'es,Ciencia,,multiple,1,¿Es la Luna un planeta?,Sí,No,,,,b,,',
        'en,Science,,boolean,1,Is ice cold?,Yes,No,,,,a,,',
        'en,Science,,multiple,1,Pick one of five?,A,B,C,D,E,e,,',
        'en,Science,,multiple,1,Only one option?,A,,,,,a,,',
      ].join('\n'),
    );
    expect(rows.map((r) => [r.question, r.questionType, r.options, r.answer])).toEqual([
      // "No" was option a and "Yes" the right one: stored yes first, the answer still yes.
      ['Is the Sun a star?', 'boolean', ['Yes', 'No'], 'a'],
      ['Water boils at 100 °C at sea level.', 'boolean', ['True', 'False'], 'a'],
      ['Which is heavier?', 'multiple', ['Iron', 'Wood'], 'a'],
      ['¿Es la Luna un planeta?', 'boolean', ['Sí', 'No'], 'b'],
      ['Is ice cold?', 'boolean', ['Yes', 'No'], 'a'],
      ['Pick one of five?', 'multiple', ['A', 'B', 'C', 'D', 'E'], 'e'],
    ]);
    expect(rejected).toEqual([{ row: 8, reason: 'wrong number of options: a multiple-choice question has 2 to 5, found 1' }]);
  });

  test('refuses a row with more than five options by name, and still reads the others', async () => {
    const { rows, rejected } = await parseContentCsv(
      ['category,type,question,option_a,option_b,option_c,option_d,option_e,option_f,answer', 'Science,multiple,Six?,A,B,C,D,E,F,a', 'Science,multiple,Four?,A,B,C,D,,,a'].join('\n'),
      { language: 'en' },
    );
    expect(rows.map((r) => r.question)).toEqual(['Four?']);
    expect(rejected).toEqual([{ row: 2, reason: '6 options: a multiple question has at most 5 (option_a to option_e), no kind holds more' }]);
  });

  test('refuses a row holding bytes that are not UTF-8, naming the line', async () => {
    const bytes = Buffer.concat([Buffer.from('category,type,question,option_a,option_b,answer\nScience,multiple,Caf'), Buffer.from([0xe9]), Buffer.from('?,A,B,a\nScience,multiple,Fine?,A,B,a\n')]);
    const rows: unknown[] = [];
    for await (const r of readContentCsv(Readable.from([bytes]), { language: 'en' })) rows.push(r);
    expect(rows[0]).toEqual({ row: 2, reason: expect.stringMatching(/^holds bytes that are not UTF-8 text/) });
    expect(rows[1]).toMatchObject({ row: 3, question: 'Fine?' });
  });

  test('refuses a file without a usable header row', async () => {
    await expect(parseContentCsv('', { language: 'en' })).rejects.toThrow(ContentFileError);
    await expect(parseContentCsv('category,type,question,option_a,option_b,answer,colour\n', { language: 'en' })).rejects.toThrow('unknown column "colour"');
    await expect(parseContentCsv('category,question,option_a,answer\n', { language: 'en' })).rejects.toThrow('the header lacks required column type');
    await expect(parseContentCsv('category,category,type,question,option_a,option_b,answer\n', { language: 'en' })).rejects.toThrow('column "category" appears twice');
  });
});

describe('the mode column', () => {
  const csv = (rows: string[]) => ['mode,category,type,level,question,option_a,option_b,option_c,option_d,answer', ...rows].join('\n');

  test('puts a row in maths mania, the quiz zone when empty', async () => {
    const parsed = await parseContentCsv(csv(['maths,Algebra,multiple,,Solve $2x = 8$.,$x = 4$,$x = 6$,$x = 16$,$x = 2$,a', ',Space,multiple,2,Which planet is red?,Mars,Venus,Earth,Jupiter,a']), { language: 'en' });
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows.map((r) => [r.mode, r.category, r.level])).toEqual([
      ['maths', 'Algebra', 1],
      ['quiz_zone', 'Space', 2],
    ]);
  });

  test('refuses an unknown mode and a level in a mode without levels, naming the line', async () => {
    const parsed = await parseContentCsv(csv(['riddles,Fun,multiple,,Q?,a,b,c,d,a', 'maths,Algebra,multiple,3,Solve $x + 1 = 2$.,$1$,$2$,$3$,$4$,a']), { language: 'en' });
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

  test('a word, a multi select, a sequence and an audio question are stored in their shapes', async () => {
    const { rows, rejected } = await parse(
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

  test('each kind refuses what it cannot play, naming the line and the rule', async () => {
    const { rows, rejected } = await parse(
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
