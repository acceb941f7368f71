import type { SqlSession } from '@/services/server/db/transfer/session';

/** The application's tables as the database itself describes them (schema `public`). */
export interface TableInfo {
  readonly name: string;
  /** Column names in table order. */
  readonly columns: readonly string[];
  /** The primary key's columns in key order, with their types (keyset paging casts to them). */
  readonly key: readonly { name: string; type: string }[];
}

export interface ForeignKey {
  readonly table: string;
  readonly name: string;
  readonly definition: string;
}

export interface SequenceValue {
  readonly name: string;
  readonly lastValue: string;
  readonly isCalled: boolean;
}

/** Quotes an identifier for SQL. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function listTables(session: SqlSession): Promise<TableInfo[]> {
  const rows = await session.query<{ table: string; columns: string[]; key: { name: string; type: string }[] | null }>(`
    SELECT c.relname AS "table",
      (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns,
      (SELECT json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) ORDER BY k.ord)
        FROM pg_constraint p
        CROSS JOIN LATERAL unnest(p.conkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
        WHERE p.conrelid = c.oid AND p.contype = 'p') AS key
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
    ORDER BY c.relname`);
  return rows.map((r) => ({ name: r.table, columns: r.columns, key: r.key ?? [] }));
}

export async function listForeignKeys(session: SqlSession): Promise<ForeignKey[]> {
  return session.query<ForeignKey>(`
    SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint
    WHERE contype = 'f' AND connamespace = 'public'::regnamespace
    ORDER BY conrelid::regclass::text, conname`);
}

export async function listSequences(session: SqlSession): Promise<SequenceValue[]> {
  const names = await session.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S' ORDER BY c.relname`);
  const out: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = await session.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text AS last_value, is_called FROM ${ident(name)}`);
    out.push({ name, lastValue: row!.last_value, isCalled: row!.is_called });
  }
  return out;
}

/** Tables that hold at least one row. */
export async function tablesWithRows(session: SqlSession, tables: readonly TableInfo[]): Promise<string[]> {
  const out: string[] = [];
  for (const table of tables) {
    const [row] = await session.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${ident(table.name)}) AS any`);
    if (row?.any) out.push(table.name);
  }
  return out;
}
