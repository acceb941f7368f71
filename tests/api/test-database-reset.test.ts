import { sql } from 'drizzle-orm';
import { rowsOf } from '@/services/server/db/client';
import { languages, pages, settings } from '@/services/server/db/schema';
import { closeTestDatabase, getTestDatabase, resetDatabase } from '@/tests/setup/db';

/**
 * The tests' reset between tests (tests/setup/db.ts), on the engine of the run: every table of
 * the product empty afterwards, every sequence started again, whether its table still held rows
 * (truncated) or was emptied by the test itself (its sequence used, no rows left).
 */
afterAll(() => closeTestDatabase());

async function rowsIn(): Promise<Record<string, number>> {
  const database = await getTestDatabase();
  const tables = rowsOf<{ tablename: string }>(await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`));
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from "${tablename}"`)));
    if (!row) throw new Error(`no count for ${tablename}`);
    counts[tablename] = row.n;
  }
  return counts;
}

test('after tables were filled and one was emptied by hand, every table is empty and the next row of each is number 1', async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await database.db.insert(languages).values([
    { language: 'One', code: 'o1' },
    { language: 'Two', code: 'o2' },
  ]);
  await database.db.insert(settings).values({ key: 'probe', value: '1' });
  const seeded = await rowsIn();
  expect(Object.entries(seeded).filter(([, n]) => n > 0)).toEqual([
    ['languages', 2],
    ['settings', 1],
  ]);
  // A table the test filled and emptied itself: no rows left, its sequence used.
  await database.db.insert(pages).values({ type: 'probe', language: 'xx', title: 't', content: 'c' });
  await database.db.execute(sql`delete from pages`);

  await resetDatabase(database);

  const after = await rowsIn();
  expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
  expect(Object.keys(after).sort()).toEqual(Object.keys(seeded).sort());
  const [page] = await database.db.insert(pages).values({ type: 'probe', language: 'xx', title: 't', content: 'c' }).returning({ id: pages.id });
  const [language] = await database.db.insert(languages).values({ language: 'Probe', code: 'xx' }).returning({ id: languages.id });
  expect({ page: page?.id, language: language?.id }).toEqual({ page: 1, language: 1 });
});

test('a reset of an empty database leaves it empty and changes nothing', async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await resetDatabase(database);
  expect(Object.entries(await rowsIn()).filter(([, n]) => n > 0)).toEqual([]);
  const [language] = await database.db.insert(languages).values({ language: 'Probe', code: 'xx' }).returning({ id: languages.id });
  expect(language?.id).toBe(1);
});
