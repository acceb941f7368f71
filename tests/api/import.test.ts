import fs from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/services/server/db/client';
import { categories, contentImports, languages, questions, subcategories } from '@/services/server/db/schema';
import { ContentFileError } from '@/services/server/content/content-row';
import { csvLine } from '@/services/server/content/csv';
import { ImportInterrupted, importContent } from '@/services/server/content/import';
import { seedDatabase } from '@/services/server/content/seed';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

const OPENTDB_FILE = path.join(process.cwd(), '../shared/data/opentdb/opentdb.json');

let db: Db;

beforeAll(async () => {
  db = (await getTestDatabase()).db;
});
beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
});
afterAll(closeTestDatabase);

const questionCount = async () => (await db.select({ n: count() }).from(questions))[0]!.n;

describe(`importing the Open Trivia DB dump (${testDbKind})`, () => {
  const present = fs.existsSync(OPENTDB_FILE);
  if (!present) console.log(`Skipping the Open Trivia DB import test: ${OPENTDB_FILE} is not there.`);
  const maybe = present ? test : test.skip;

  maybe(
    'stores every question but the four duplicates, and a second import stores nothing',
    async () => {
      const text = fs.readFileSync(OPENTDB_FILE, 'utf8');
      const first = await importContent(db, { fileName: OPENTDB_FILE, text });
      // 5,250 records; after decoding, four questions repeat an earlier question's text (one with the
      // same options, three with other options), so they are duplicates (docs/content.md).
      expect({ read: first.read, inserted: first.inserted, duplicates: first.duplicates, rejected: first.rejected }).toEqual({
        read: 5250,
        inserted: 5246,
        duplicates: 4,
        rejected: [],
      });
      expect(await questionCount()).toBe(5246);

      const second = await importContent(db, { fileName: OPENTDB_FILE, text });
      expect({ inserted: second.inserted, duplicates: second.duplicates, rejected: second.rejected.length }).toEqual({
        inserted: 0,
        duplicates: 5250,
        rejected: 0,
      });
      expect(await questionCount()).toBe(5246);

      const runs = await db.select().from(contentImports).orderBy(asc(contentImports.id));
      expect(runs.map((r) => [r.source, r.fileName, r.inserted, r.duplicates, r.rejected])).toEqual([
        ['opentdb', 'opentdb.json', 5246, 4, 0],
        ['opentdb', 'opentdb.json', 0, 5250, 0],
      ]);

      // Categories: "Entertainment: Music" became Entertainment / Music, names decoded.
      const cats = await db.select({ slug: categories.slug, name: categories.name, source: categories.source }).from(categories);
      expect(cats).toEqual(
        expect.arrayContaining([
          { slug: 'entertainment', name: 'Entertainment', source: 'opentdb' },
          { slug: 'science-nature', name: 'Science & Nature', source: 'opentdb' },
          { slug: 'general-knowledge', name: 'General Knowledge', source: 'opentdb' },
        ]),
      );
      // Animals, Art, Celebrities, Entertainment, General Knowledge, Geography, History, Mythology,
      // Politics, Science, Science & Nature, Sports, Vehicles.
      expect(cats).toHaveLength(13);
      expect((await db.select({ n: count() }).from(subcategories))[0]!.n).toBe(13);
      const music = await db
        .select({ n: count() })
        .from(questions)
        .innerJoin(subcategories, eq(subcategories.id, questions.subcategoryId))
        .where(eq(subcategories.slug, 'music'));
      expect(music[0]!.n).toBe(491);
      const direct = await db.select({ n: count() }).from(questions).where(isNull(questions.subcategoryId));
      // The 2,167 questions of categories without a colon, less the three duplicates among them
      // (History, General Knowledge and Art each repeat an earlier question).
      expect(direct[0]!.n).toBe(2164);
    },
    120_000,
  );
});

describe(`importing CSV (${testDbKind})`, () => {
  const header = 'language,category,subcategory,type,level,question,option_a,option_b,option_c,option_d,option_e,answer,note,image';
  const csv = [
    header,
    csvLine(['en', 'Science & Nature', 'Space', 'multiple', '1', 'Which planet is closest to the Sun?', 'Venus', 'Mercury', 'Mars', 'Earth', '', 'b', 'Mercury orbits at about 0.39 AU.', '']),
    csvLine(['en', 'Science & Nature', 'Space', 'boolean', '2', 'The Moon has its own light, "like a star".', '', '', '', '', '', 'false', 'It reflects sunlight.', '']),
    csvLine(['es', 'Ciencia', '', 'multiple', '1', '¿Cuál es el planeta más grande?', 'Júpiter', 'Saturno', 'Neptuno', 'Tierra', '', 'a', '', '']),
    csvLine(['en', 'Science & Nature', 'Space', 'multiple', '1', 'Which planet is closest to the sun? ', 'Mercury', 'Venus', 'Earth', 'Mars', '', 'a', '', '']),
    csvLine(['en', 'Science & Nature', '', 'multiple', '1', 'A question with,\na comma and a line break?', 'One', 'Two', 'Three', 'Four', '', 'd', '', '']),
    csvLine(['en', 'Science & Nature', 'Space', 'trivia', '1', 'Bad type?', 'A', 'B', 'C', 'D', '', 'a', '', '']),
    csvLine(['en', 'Science & Nature', 'Space', 'multiple', '1', 'Missing option?', 'A', 'B', '', 'D', '', 'a', '', '']),
    csvLine(['en', 'Science & Nature', 'Space', 'multiple', '1', 'Answer letter?', 'A', 'B', 'C', 'D', '', 'z', '', '']),
  ].join('\r\n');

  test('stores the good rows, skips the duplicate and reports each bad row with its line', async () => {
    const result = await importContent(db, { fileName: 'space.csv', text: csv });
    expect({ read: result.read, inserted: result.inserted, duplicates: result.duplicates }).toEqual({ read: 8, inserted: 4, duplicates: 1 });
    expect(result.rejected).toEqual([
      { row: 8, reason: 'unknown type "trivia" (multiple, boolean, word, multiselect, sequence)' },
      { row: 9, reason: 'empty option c' },
      { row: 10, reason: 'the answer is the letter of the right option, a to e, found "z"' },
    ]);

    const [moon] = await db.select().from(questions).where(eq(questions.question, 'The Moon has its own light, "like a star".'));
    expect(moon).toMatchObject({ questionType: 'boolean', optionA: 'True', optionB: 'False', answer: 'b', level: 2, source: 'csv', note: 'It reflects sunlight.' });
    const [multiline] = await db.select().from(questions).where(eq(questions.answer, 'd'));
    expect(multiline!.question).toBe('A question with,\na comma and a line break?');
    expect(multiline!.subcategoryId).toBeNull();

    const [es] = await db.select().from(languages).where(eq(languages.code, 'es'));
    expect(es!.language).toBe('Español');
    const [ciencia] = await db.select().from(categories).where(eq(categories.languageId, es!.id));
    expect(ciencia).toMatchObject({ slug: 'ciencia', name: 'Ciencia', type: 1, source: 'csv' });

    const [run] = await db.select().from(contentImports);
    expect(run).toMatchObject({ source: 'csv', fileName: 'space.csv', inserted: 4, duplicates: 1, rejected: 3 });

    const again = await importContent(db, { fileName: 'space.csv', text: csv });
    expect({ inserted: again.inserted, duplicates: again.duplicates, rejected: again.rejected.length }).toEqual({ inserted: 0, duplicates: 5, rejected: 3 });
  });

  test('puts rows into an existing category of the same name', async () => {
    await seedDatabase(db, { rootDir: process.cwd() });
    const row = csvLine(['', 'SCIENCE', 'Astronomy', 'multiple', '1', 'What is a light-year a measure of?', 'Time', 'Distance', 'Speed', 'Brightness', '', 'b', '', '']);
    const result = await importContent(db, { fileName: 'astro.csv', text: `${header}\n${row}\n` });
    expect(result.inserted).toBe(1);
    const [en] = await db.select().from(languages).where(eq(languages.code, 'en'));
    const science = await db.select().from(categories).where(and(eq(categories.languageId, en!.id), eq(categories.slug, 'science')));
    expect(science).toHaveLength(1);
    const subs = await db.select({ slug: subcategories.slug }).from(subcategories).where(eq(subcategories.categoryId, science[0]!.id));
    expect(subs.map((s) => s.slug)).toContain('astronomy');
  });

  test('skips a question the demo content already holds', async () => {
    await seedDatabase(db, { rootDir: process.cwd() });
    const row = csvLine(['en', 'Physics', '', 'multiple', '1', 'What is the SI unit of force?', 'Pascal', 'Newton', 'Joule', 'Watt', '', 'b', '', '']);
    const result = await importContent(db, { fileName: 'dup.csv', text: `${header}\n${row}\n` });
    expect({ inserted: result.inserted, duplicates: result.duplicates }).toEqual({ inserted: 0, duplicates: 1 });
  });

  test('refuses a file without a usable header and records nothing', async () => {
    await expect(importContent(db, { fileName: 'bad.csv', text: 'question;answer\nA;B\n' })).rejects.toThrow(ContentFileError);
    expect((await db.select({ n: count() }).from(contentImports))[0]!.n).toBe(0);
  });

  const bank = (n: number, from = 0) =>
    Array.from({ length: n }, (_, k) => csvLine(['en', `Bank ${(from + k) % 3}`, '', 'multiple', '1', `Bank question ${from + k}?`, 'One', 'Two', 'Three', 'Four', '', 'a', '', '']));

  test('an import stopped half-way (Ctrl-C) leaves whole batches; the same file run again stores every row once', async () => {
    const text = `${[header, ...bank(95)].join('\n')}\n`;
    const controller = new AbortController();
    let batches = 0;
    const stop = importContent(db, { fileName: 'bank.csv', text, batchSize: 10, signal: controller.signal, onProgress: () => ++batches === 3 && controller.abort() });
    await expect(stop).rejects.toThrow(ImportInterrupted);
    expect(await questionCount()).toBe(30);
    const again = await importContent(db, { fileName: 'bank.csv', text, batchSize: 10 });
    expect({ read: again.read, inserted: again.inserted, duplicates: again.duplicates }).toEqual({ read: 95, inserted: 65, duplicates: 30 });
    expect(await questionCount()).toBe(95);
    const runs = await db.select().from(contentImports).orderBy(asc(contentImports.id));
    expect(runs.map((r) => [r.status, r.read, r.inserted, r.duplicates, r.error])).toEqual([
      ['failed', 30, 30, 0, expect.stringMatching(/^interrupted/)],
      ['done', 95, 65, 30, null],
    ]);
  });

  test('a file that stops arriving (a failed read) leaves the run saying what it stored; run again, every row is stored once', async () => {
    const text = `${[header, ...bank(95)].join('\n')}\n`;
    const cut = text.indexOf('Bank question 57?');
    async function* dying() {
      for (let at = 0; at < cut; at += 100) yield Buffer.from(text.slice(at, Math.min(at + 100, cut)));
      throw new Error('read error: the disk went away');
    }
    await expect(importContent(db, { fileName: 'bank.csv', input: dying(), batchSize: 10 })).rejects.toThrow('the disk went away');
    const stored = await questionCount();
    // Nothing half-written: what the runs recorded is what is stored (no run at all when no batch was reached).
    const runs = await db.select().from(contentImports);
    expect(runs.filter((r) => r.status !== 'failed')).toEqual([]);
    expect(runs.reduce((n, r) => n + r.inserted, 0)).toBe(stored);
    const again = await importContent(db, { fileName: 'bank.csv', text, batchSize: 10 });
    expect({ inserted: again.inserted, duplicates: again.duplicates }).toEqual({ inserted: 95 - stored, duplicates: stored });
    expect(await questionCount()).toBe(95);
  });

  test('a line the parser cannot read past stops the import there, naming it; the rows before are stored', async () => {
    const text = [header, ...bank(30), 'en,Bank,,multiple,1,"Broken" quote?,A,B,C,D,,a,,', ...bank(5, 30)].join('\n');
    await expect(importContent(db, { fileName: 'broken.csv', text, batchSize: 7 })).rejects.toThrow(/^line 32: text after a closing quote/);
    expect(await questionCount()).toBe(30);
    const [run] = await db.select().from(contentImports);
    expect(run).toMatchObject({ status: 'failed', read: 30, inserted: 30, error: expect.stringMatching(/^line 32: /) });
  });

  test('progress is reported after every batch, and every refused or duplicate row as it is decided', async () => {
    const text = [header, ...bank(25), csvLine(['en', 'Bank', '', 'multiple', '1', 'Bank question 3?', 'A', 'B', 'C', 'D', '', 'a', '', '']), csvLine(['en', 'Bank', '', 'trivia', '1', 'Odd?', 'A', 'B', 'C', 'D', '', 'a', '', ''])].join('\n');
    const progress: number[] = [];
    const rows: string[] = [];
    const result = await importContent(db, { fileName: 'p.csv', text, batchSize: 10, onProgress: (p) => progress.push(p.inserted + p.duplicates), onRow: (r) => rows.push(`${r.row}:${r.outcome}`) });
    expect(result).toMatchObject({ read: 27, inserted: 25, duplicates: 1, rejectedCount: 1 });
    expect(progress).toEqual([10, 20, 26]);
    expect(rows).toEqual(['28:rejected', '27:duplicate']);
  });
});
