import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '@/services/server/db/client';
import { RemotePGlite } from '@/services/server/db/pglite-remote';
import { listenChannel } from '@/services/server/db/listen';
import { runPrepared, runPreparedBatch, preparedStatement } from '@/services/server/db/prepared';
import { createLogger } from '@/services/server/logger';

/**
 * PGlite on its own thread (decision 024) must behave as in-process PGlite does for everything
 * the app relies on: Drizzle's results (timestamps kept as text), transactions, PostgreSQL's error
 * fields, prepared statements, LISTEN/NOTIFY and its ordering; and fail loudly when the thread is gone.
 */

let remote: Database;
let local: Database;

beforeAll(async () => {
  [remote, local] = await Promise.all([openDatabase({ dataDir: 'memory://', pgliteThread: true }), openDatabase({ dataDir: 'memory://' })]);
  for (const d of [remote, local]) {
    await d.db.execute(sql`create table items (id int primary key, name text not null, at timestamptz not null, tags jsonb, n bigint)`);
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([remote?.close(), local?.close()]);
});

beforeEach(async () => {
  for (const d of [remote, local]) await d.db.execute(sql`delete from items`);
});

const count = async (d: Database) => Number(rowsOf<{ n: number }>(await d.db.execute(sql`select count(*)::int as n from items`))[0]!.n);

describe('PGlite on its own thread', () => {
  test('gives the results in-process PGlite gives, through Drizzle (rows, types, timestamps as text)', async () => {
    for (const d of [remote, local]) {
      await d.db.execute(sql`insert into items values (1, 'one', '2026-11-26T10:00:00Z', '{"a":[1,2]}', 9007199254740993)`);
    }
    const query = sql`select id, name, at, tags, n, now() > at as later from items`;
    const [a, b] = (await Promise.all([remote.db.execute(query), local.db.execute(query)])).map((r) => rowsOf<{ at: unknown; tags: unknown }>(r)) as [{ at: unknown; tags: unknown }[], unknown[]];
    expect(a).toEqual(b);
    expect(a).toHaveLength(1);
    expect(typeof a[0]!.at).toBe('string');
    expect(a[0]!.tags).toEqual({ a: [1, 2] });
  });

  test('a transaction commits what its callback did, and rolls all of it back when the callback throws', async () => {
    await remote.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (1, 'kept', now())`);
      await tx.execute(sql`insert into items values (2, 'kept too', now())`);
    });
    expect(await count(remote)).toBe(2);
    await expect(
      remote.db.transaction(async (tx) => {
        await tx.execute(sql`insert into items values (3, 'undone', now())`);
        throw new Error('the command refused');
      }),
    ).rejects.toThrow('the command refused');
    expect(await count(remote)).toBe(2);
    // Drizzle's own rollback, and a savepoint (a nested transaction) undone alone.
    await remote.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into items values (4, 'undone', now())`);
        tx.rollback();
      })
      .catch(() => undefined);
    await remote.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (5, 'outer', now())`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into items values (6, 'inner', now())`);
        inner.rollback();
      }).catch(() => undefined);
    });
    const ids = rowsOf<{ id: number }>(await remote.db.execute(sql`select id from items order by id`)).map((r) => r.id);
    expect(ids).toEqual([1, 2, 5]);
  });

  test('a statement from outside an open transaction waits for it, and sees what it committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = remote.db.transaction(async (t) => {
      await t.execute(sql`insert into items values (1, 'first', now())`);
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    let seen: number | null = null;
    const outside = count(remote).then((n) => (seen = n));
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toBeNull();
    release();
    await tx;
    await outside;
    expect(seen).toBe(1);
  });

  test("an error carries PostgreSQL's fields (code, constraint) as in-process", async () => {
    await remote.db.execute(sql`insert into items values (1, 'one', now())`);
    const error = await remote.db.execute(sql`insert into items values (1, 'again', now())`).catch((e: unknown) => e);
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string; message: string };
    expect(cause.code).toBe('23505');
    expect(cause.constraint).toBe('items_pkey');
    expect(cause.message).toMatch(/duplicate key value violates unique constraint "items_pkey"/);
  });

  test('prepared statements run on the thread (one preparation, many executions)', async () => {
    const insert = preparedStatement<{ id: number }>('remote_test_insert', `insert into items (id, name, at) values ($1::int, $2::text, $3::timestamptz) returning id`);
    for (let i = 1; i <= 3; i += 1) {
      const rows = await runPrepared(remote.db, insert, [i, `it's ${i}`, new Date()]);
      expect(rows.map((r) => Number(r.id))).toEqual([i]);
    }
    const names = rowsOf<{ name: string }>(await remote.db.execute(sql`select name from items order by id`)).map((r) => r.name);
    expect(names).toEqual(["it's 1", "it's 2", "it's 3"]);
  });

  test('a batch of prepared statements answers each statement’s own count of rows written, on the thread as in-process', async () => {
    // Inserts one, none (on conflict), two, then updates three, each without `returning`.
    const insert = preparedStatement<never>('batch_test_insert', `insert into items (id, name, at) select g, 'x', now() from generate_series($1::int, $2::int) g on conflict do nothing`);
    const update = preparedStatement<never>('batch_test_update', `update items set name = $1::text where id <= $2::int`);
    for (const d of [remote, local]) {
      const results = await runPreparedBatch(d.db, [
        { statement: insert, values: [1, 1] },
        { statement: insert, values: [1, 1] },
        { statement: insert, values: [2, 3] },
        { statement: update, values: ['y', 3] },
      ]);
      expect(results.map((r) => [r.affected, r.rows.length])).toEqual([
        [1, 0],
        [0, 0],
        [2, 0],
        [3, 0],
      ]);
    }
  });

  test('a notification is heard before the statement that raised it returns', async () => {
    const heard: string[] = [];
    const stop = await listenChannel(remote, 'remote_test', { payload: (p) => heard.push(p) }, createLogger('silent'));
    try {
      await remote.db.execute(sql`select pg_notify('remote_test', 'first')`);
      expect(heard).toEqual(['first']);
      await remote.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('remote_test', 'at commit')`);
        expect(heard).toEqual(['first']);
      });
      expect(heard).toEqual(['first', 'at commit']);
    } finally {
      await stop();
    }
    await remote.db.execute(sql`select pg_notify('remote_test', 'after')`);
    expect(heard).toEqual(['first', 'at commit']);
  });

  test('a parser that would change values is refused, naming the type', async () => {
    const client = (remote.db as unknown as { $client: RemotePGlite }).$client;
    await expect(client.query('select 1 as n', [], { parsers: { 23: (v: string) => Number(v) * 2 } })).rejects.toThrow(/type 23: only parsers that keep the text/);
  });

  test('the thread reports its busy time and garbage-collection pauses', async () => {
    const stats = await remote.threadStats!();
    expect(stats.wallMs).toBeGreaterThan(0);
    expect(stats.busyMs).toBeGreaterThanOrEqual(0);
    expect(stats.busyMs).toBeLessThanOrEqual(stats.wallMs);
    expect(stats.gc.count).toBeGreaterThanOrEqual(0);
  });
});

describe('when the thread is gone', () => {
  test('every waiting and later call fails, saying so', async () => {
    const own = await openDatabase({ dataDir: 'memory://', pgliteThread: true });
    const client = (own.db as unknown as { $client: { worker: { terminate(): Promise<number> } } }).$client;
    const reason = (p: Promise<unknown>) => p.then(() => 'answered', (e: { cause?: Error; message: string }) => (e.cause ?? e).message);
    const waiting = reason(own.db.execute(sql`select pg_sleep(0.2)`));
    await client.worker.terminate();
    expect(await waiting).toMatch(/the embedded database's thread exited/);
    expect(await reason(own.db.execute(sql`select 1`))).toMatch(/the embedded database's thread exited/);
    await own.close();
  }, 30_000);
});
