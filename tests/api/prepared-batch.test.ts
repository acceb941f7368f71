import { sql } from 'drizzle-orm';
import type { Db } from '@/services/server/db/client';
import { preparedStatement, runPreparedBatch } from '@/services/server/db/prepared';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * runPreparedBatch (services/server/db/prepared.ts) on each engine: the statements run as one
 * transaction, and each answers its own rows and its own count of rows written — what the group
 * commit of room versions reads to tell which versions were taken.
 */

let db: Db;

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  db = database.db;
  await db.execute(sql`create table if not exists batch_items (id int primary key, name text not null)`);
});
afterAll(async () => {
  await db.execute(sql`drop table if exists batch_items`);
  await closeTestDatabase();
});
beforeEach(async () => {
  await db.execute(sql`delete from batch_items`);
});

const insert = preparedStatement<never>('batch_items_insert', `insert into batch_items (id, name) select g, 'x' from generate_series($1::int, $2::int) g on conflict do nothing`);
const rename = preparedStatement<{ id: number }>('batch_items_rename', `update batch_items set name = $1::text where id <= $2::int returning id`);

describe(`runPreparedBatch (${testDbKind})`, () => {
  test('each statement answers its own count of rows written and its own rows', async () => {
    const results = await runPreparedBatch(db, [
      { statement: insert, values: [1, 1] },
      { statement: insert, values: [1, 1] },
      { statement: insert, values: [2, 3] },
      { statement: rename, values: ['y', 2] },
    ]);
    expect(results.map((r) => r.affected)).toEqual([1, 0, 2, 2]);
    expect(results.map((r) => r.rows.length)).toEqual([0, 0, 0, 2]);
    expect(results[3]!.rows.map((r) => Number((r as { id: number }).id)).sort()).toEqual([1, 2]);
  });

  test('a failing statement undoes the ones before it', async () => {
    const clash = preparedStatement<never>('batch_items_clash', `insert into batch_items (id, name) values ($1::int, 'z')`);
    const error = (await runPreparedBatch(db, [
      { statement: insert, values: [1, 2] },
      { statement: clash, values: [2] },
    ]).catch((e: unknown) => e)) as Error & { cause?: Error };
    // Drizzle wraps PostgreSQL's error ("Failed query: …") and keeps it as the cause.
    expect(`${error.message} ${error.cause?.message ?? ''}`).toMatch(/duplicate key/);
    const rows = await db.execute(sql`select count(*)::int as n from batch_items`);
    const n = ((rows as unknown as { rows?: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]))[0]!.n;
    expect(Number(n)).toBe(0);
  });
});
