import fs from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/services/server/db/client';
import { categories, contentImports, languages, questions, subcategories } from '@/services/server/db/schema';
import { ContentFileError } from '@/services/server/content/content-row';
import { csvLine } from '@/services/server/content/csv';
import { importContent } from '@/services/server/content/import';
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
    csvLine(['en', 'Science & Nature', 'Space', 'multiple', '1', 'Missing option?', 'A', 'B', 'C', '', '', 'a', '', '']),
    csvLine(['en', 'Science & Nature', 'Space', 'multiple', '1', 'Answer letter?', 'A', 'B', 'C', 'D', '', 'z', '', '']),
  ].join('\r\n');

  test('stores the good rows, skips the duplicate and reports each bad row with its line', async () => {
    const result = await importContent(db, { fileName: 'space.csv', text: csv });
    expect({ read: result.read, inserted: result.inserted, duplicates: result.duplicates }).toEqual({ read: 8, inserted: 4, duplicates: 1 });
    expect(result.rejected).toEqual([
      { row: 8, reason: 'unknown type "trivia" (multiple, boolean, word, multiselect, sequence)' },
      { row: 9, reason: 'empty option d' },
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
});
