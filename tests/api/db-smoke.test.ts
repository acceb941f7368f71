import { sql } from 'drizzle-orm';
import { getTestDatabase, closeTestDatabase, testDbKind } from '@/tests/setup/db';

afterAll(closeTestDatabase);

test(`migrations create the content tables on ${testDbKind}`, async () => {
  const { db } = await getTestDatabase();
  const res = await db.execute(sql`select count(*)::int as n from pg_tables where schemaname='public'`);
  const rows = (res as unknown as { rows: { n: number }[] }).rows;
  expect(rows[0]!.n).toBeGreaterThan(15);
});
