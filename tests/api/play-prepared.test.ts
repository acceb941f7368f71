import { boundStatement, preparedStatement, runPrepared, sqlLiteral, type PreparedValue } from '@/services/server/db/prepared';
import { closeTestDatabase, getTestDatabase, testDbKind } from '@/tests/setup/db';

/**
 * Prepared statements (services/server/db/prepared.ts) run three ways: on the root handle
 * (PGlite: PREPARE and EXECUTE with literals; PostgreSQL: a named statement), inside a
 * transaction with the root handle at hand, and on a bare transaction (bound parameters). Every
 * way must read back exactly the values sent, whatever characters they hold.
 */

afterAll(() => closeTestDatabase());

const db = async () => (await getTestDatabase()).db;

const ECHO = preparedStatement<{ t: string | null; n: number | null; b: boolean | null; j: unknown; at: Date | string | null }>(
  'test_prepared_echo',
  `select $1::text as t, $2::int as n, $3::boolean as b, $4::jsonb as j, $5::timestamptz as at`,
);

const NASTY = [
  "it's",
  "''; drop table users; --",
  'back\\slash \\\' and \\\\ two',
  'E\'x\'',
  '$1 $$ dollar $tag$',
  'new\nline\ttab',
  'ünïcødé 中文 🙂',
  '',
];

const at = new Date('2026-03-04T05:06:07.089Z');
const values = (t: string | null): PreparedValue[] => [t, 42, true, JSON.stringify({ t, quote: "'" }), at];

function expectEcho(row: { t: string | null; n: number | null; b: boolean | null; j: unknown; at: Date | string | null } | undefined, t: string | null) {
  expect(row).toBeDefined();
  expect(row!.t).toBe(t);
  expect(row!.n).toBe(42);
  expect(row!.b).toBe(true);
  expect(row!.j).toEqual({ t, quote: "'" });
  expect(new Date(row!.at as string).toISOString()).toBe(at.toISOString());
}

describe(`prepared statements (${testDbKind})`, () => {
  test('a literal is an E-string with quotes and backslashes doubled, NULL for null, and refuses a NUL character', () => {
    expect(sqlLiteral("it's")).toBe("E'it''s'");
    expect(sqlLiteral('a\\b')).toBe("E'a\\\\b'");
    expect(sqlLiteral(null)).toBe('null');
    expect(sqlLiteral(7)).toBe("E'7'");
    expect(sqlLiteral(false)).toBe("E'false'");
    expect(sqlLiteral(at)).toBe(`E'${at.toISOString()}'`);
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
  });

  test('a statement name must be a plain identifier', () => {
    expect(() => preparedStatement('drop table x; --', 'select 1')).toThrow(/identifier/);
    expect(() => preparedStatement('Upper', 'select 1')).toThrow(/identifier/);
  });

  test('bound parameters follow the $n of the text, each used as often as it appears', async () => {
    const d = await db();
    const statement = preparedStatement<{ a: number; b: string; again: number }>('test_prepared_bound', 'select $2::int as a, $1::text as b, $2::int + 1 as again');
    const bound = boundStatement(statement, ['x', 5]);
    const rows = (await d.execute(bound)) as unknown as { rows: { a: number; b: string; again: number }[] };
    expect(rows.rows[0]).toEqual({ a: 5, b: 'x', again: 6 });
    expect(() => boundStatement(statement, ['x'])).toThrow(/no value for \$2/);
  });

  test.each(NASTY.map((t) => [t]))('the root handle reads back %j exactly', async (t) => {
    const [row] = await runPrepared(await db(), ECHO, values(t));
    expectEcho(row, t);
  });

  test('a transaction with its root handle, and a bare transaction, read back every value exactly', async () => {
    const d = await db();
    await d.transaction(async (tx) => {
      for (const t of [...NASTY, null]) {
        expectEcho((await runPrepared({ db: d, tx }, ECHO, values(t)))[0], t);
        expectEcho((await runPrepared(tx, ECHO, values(t)))[0], t);
      }
    });
  });

  test('a statement prepared inside a transaction that rolled back still runs afterwards', async () => {
    const d = await db();
    const once = preparedStatement<{ v: number }>('test_prepared_after_rollback', 'select $1::int * 2 as v');
    await expect(
      d.transaction(async (tx) => {
        expect((await runPrepared({ db: d, tx }, once, [21]))[0]!.v).toBe(42);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await runPrepared(d, once, [4]))[0]!.v).toBe(8);
  });
});
