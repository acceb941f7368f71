import { eq } from 'drizzle-orm';
import type { Db } from '@/services/server/db/client';
import { categories, funNLearn, languages, questions } from '@/services/server/db/schema';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * The one content model of every question kind (decision 017): what the database itself refuses,
 * so that the seeder, the importer and the operator console cannot store a question its mode
 * could not play.
 */

let db: Db;
let place: { categoryId: number; languageId: number };

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  db = database.db;
  const [language] = await db.insert(languages).values({ code: 'en', language: 'English', isDefault: true }).returning({ id: languages.id });
  const [category] = await db.insert(categories).values({ languageId: language!.id, type: 3, slug: 'words', name: 'Words' }).returning({ id: categories.id });
  place = { categoryId: category!.id, languageId: language!.id };
});
afterAll(closeTestDatabase);

let n = 0;
const row = (over: Partial<typeof questions.$inferInsert>) => ({
  ...place,
  questionType: 'multiple',
  question: `Question ${++n}?`,
  optionA: 'A',
  optionB: 'B',
  optionC: 'C',
  optionD: 'D',
  answer: 'a',
  contentHash: `hash-${n}`,
  ...over,
});
const insert = (over: Partial<typeof questions.$inferInsert>) => db.insert(questions).values(row(over)).returning({ id: questions.id });
/** The name of the check a refused insert broke. */
async function refusedBy(over: Partial<typeof questions.$inferInsert>): Promise<string> {
  try {
    await insert(over);
  } catch (error) {
    const e = error as { constraint?: string; cause?: { constraint?: string }; message: string };
    return e.constraint ?? e.cause?.constraint ?? e.message;
  }
  return 'stored';
}

describe(`one table for every question kind (${testDbKind})`, () => {
  test('stores each kind with the answer its mode checks', async () => {
    await insert({ questionType: 'word', optionA: null, optionB: null, optionC: null, optionD: null, answer: 'Buenos Aires' });
    await insert({ questionType: 'multiselect', answer: 'a,c' });
    await insert({ questionType: 'sequence', answer: 'c,a,d,b' });
    await insert({ questionType: 'multiple', audio: '/uploads/audio/bell.ogg', answer: 'd' });
    const [item] = await db.insert(funNLearn).values({ ...place, title: 'The water cycle', contentType: 'text', contentData: 'Water evaporates…' }).returning({ id: funNLearn.id });
    const [q] = await insert({ questionType: 'boolean', optionC: null, optionD: null, funNLearnId: item!.id, answer: 'a' });
    // Deleting the comprehension item deletes its questions.
    await db.delete(funNLearn).where(eq(funNLearn.id, item!.id));
    expect(await db.select().from(questions).where(eq(questions.id, q!.id))).toEqual([]);
  });

  test.each([
    [{ questionType: 'riddle' }, 'questions_type_known'],
    [{ questionType: 'multiple', answer: 'f' }, 'questions_answer_of_type'],
    [{ questionType: 'multiple', optionA: null }, 'questions_options_of_type'],
    [{ questionType: 'word', optionA: null, optionB: null, answer: '   ' }, 'questions_answer_of_type'],
    [{ questionType: 'multiselect', answer: 'a' }, 'questions_answer_of_type'],
    [{ questionType: 'sequence', answer: 'a;b;c' }, 'questions_answer_of_type'],
  ])('refuses %j (%s)', async (over, constraint) => {
    expect(await refusedBy(over as Partial<typeof questions.$inferInsert>)).toContain(constraint);
  });
});
