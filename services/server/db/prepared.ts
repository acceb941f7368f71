import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '@/services/server/db/client';

/**
 * Statements prepared once per database connection and then executed by name: the hot reads and
 * writes of every call (the session lookup), of play (every answer runs two of them), of battle
 * rooms and of leaderboards. Parsing and planning a join costs more than running it, and neither
 * driver keeps a plan on its own:
 *
 * - PGlite (`query`) parses, plans and describes every statement anew. Here a statement is
 *   prepared with SQL `PREPARE` once (PGlite is one session, and a PREPARE outlives the
 *   transaction it ran in, even a rolled back one) and run with `EXECUTE name (…)`, the values
 *   written as quoted literals: the extended protocol cannot bind parameters of an EXECUTE.
 *   Literals are always E'…' strings with `\` and `'` doubled, so no value can end the string,
 *   whatever `standard_conforming_strings` says; PostgreSQL converts each to the type the
 *   statement infers for its parameter.
 * - PostgreSQL (node-postgres): on the root handle a named statement, which the driver prepares
 *   on each pooled connection the first time it runs there; inside a transaction an ordinary
 *   parameterized statement (the transaction's connection is Drizzle's to hold).
 *
 * Where a statement runs:
 * - `Db`, the root handle, outside any transaction;
 * - `{ db, tx }` (`InTransaction`), inside Drizzle's transaction `tx` of the root handle `db`
 *   (PGlite runs a transaction's statements through the transaction alone; the root handle
 *   tells which PGlite has the statement prepared already);
 * - a bare `Tx`: an ordinary parameterized statement, for callers that do not have the root.
 *
 * Statement texts use `$1…$n`; cast each parameter, so that every way of running them infers the
 * same types. Rows come back by column name. Timestamps and dates come back as Date on the root
 * handle and as strings inside a transaction (Drizzle's conversions): read them with `asDate`.
 * Cast counts to int (an int8 is a string on node-postgres).
 */

export interface PreparedStatement<Row> {
  /** Unique per text: a name is prepared once per connection. */
  readonly name: string;
  readonly text: string;
  /** The row type, for the compiler only. */
  readonly row?: Row;
}

export type PreparedValue = string | number | boolean | Date | null;

/** Drizzle's transaction `tx` of the root database handle `db`. */
export interface InTransaction {
  readonly db: Db;
  readonly tx: Tx;
}

export function preparedStatement<Row>(name: string, text: string): PreparedStatement<Row> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`a prepared statement name must be a plain identifier: ${name}`);
  return { name, text };
}

interface PgliteClient {
  exec(query: string): Promise<{ rows: unknown[]; rowCount?: number }[]>;
  waitReady: Promise<void>;
}

interface NodePgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

type Driver = { kind: 'pglite'; client: PgliteClient } | { kind: 'pg'; client: NodePgClient };

function driverOf(db: Db): Driver {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client && typeof client === 'object') {
    if ('waitReady' in client && typeof (client as PgliteClient).exec === 'function') return { kind: 'pglite', client: client as PgliteClient };
    if (typeof (client as NodePgClient).query === 'function') return { kind: 'pg', client: client as NodePgClient };
  }
  throw new Error('prepared statements need the root database handle of PGlite or node-postgres');
}

/** A value as an SQL literal that PostgreSQL converts to the parameter's type. */
export function sqlLiteral(value: PreparedValue): string {
  if (value === null) return 'null';
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (text.includes('\0')) throw new Error('a value sent to the database cannot contain a NUL character');
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The statement with its values bound as Drizzle parameters ($n → the n-th value). */
export function boundStatement(statement: PreparedStatement<unknown>, values: readonly PreparedValue[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of statement.text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`${statement.name}: no value for $${index + 1}`);
    chunks.push(sql.raw(statement.text.slice(last, match.index)), sql`${values[index]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(statement.text.slice(last)));
  return sql.join(chunks);
}

function rowsOf<Row>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}

/**
 * PGlite's own handle of a Drizzle transaction, whose `exec` runs a statement with the simple
 * protocol: two calls into the engine instead of the six of `query` that Drizzle's `execute`
 * makes, and no per-call type parsers. Drizzle keeps it as its session's client (not public API):
 * when that changes this answers null and statements go through Drizzle's `execute`.
 */
function pgliteTransactionOf(tx: Tx): { exec(query: string): Promise<{ rows: unknown[] }[]> } | null {
  const client = (tx as unknown as { _?: { session?: { client?: unknown } } })._?.session?.client;
  return client && typeof client === 'object' && typeof (client as { exec?: unknown }).exec === 'function' && !('waitReady' in client)
    ? (client as { exec(query: string): Promise<{ rows: unknown[] }[]> })
    : null;
}

/** The statements each PGlite instance has prepared (a promise, so that two first uses prepare once). */
const preparedOnPglite = new WeakMap<object, Map<string, Promise<void>>>();

function executeText(statement: PreparedStatement<unknown>, values: readonly PreparedValue[]): string {
  // Quoted: a plain name may still be a reserved word (e.g. session_user).
  return `execute "${statement.name}"${values.length ? ` (${values.map(sqlLiteral).join(', ')})` : ''}`;
}

/** Prepares the statement on this PGlite once, through `run` (the root handle, or the transaction that needs it first). */
async function preparedOn(client: PgliteClient, statement: PreparedStatement<unknown>, run: (text: string) => Promise<unknown>): Promise<void> {
  let byName = preparedOnPglite.get(client);
  if (!byName) preparedOnPglite.set(client, (byName = new Map()));
  let ready = byName.get(statement.name);
  if (!ready) {
    ready = run(`prepare "${statement.name}" as ${statement.text}`).then(() => undefined);
    byName.set(statement.name, ready);
    const known = byName;
    ready.catch(() => known.delete(statement.name));
  }
  await ready;
}

export async function runPrepared<Row>(on: Db | Tx | InTransaction, statement: PreparedStatement<Row>, values: readonly PreparedValue[]): Promise<Row[]> {
  if ('tx' in on) {
    const driver = driverOf(on.db);
    if (driver.kind === 'pg') return rowsOf<Row>(await on.tx.execute(boundStatement(statement, values)));
    const handle = pgliteTransactionOf(on.tx);
    const run = handle ? (text: string) => handle.exec(text).then((results) => results[0]) : (text: string) => on.tx.execute(sql.raw(text));
    await preparedOn(driver.client, statement, run);
    return rowsOf<Row>(await run(executeText(statement, values)));
  }
  if (!('$client' in on)) return rowsOf<Row>(await on.execute(boundStatement(statement, values)));
  const driver = driverOf(on);
  if (driver.kind === 'pg') {
    const result = await driver.client.query({ name: statement.name, text: statement.text, values: values.map((v) => (v instanceof Date ? v.toISOString() : v)) });
    return result.rows as Row[];
  }
  const client = driver.client;
  await preparedOn(client, statement, (text) => client.exec(text));
  const [result] = await client.exec(executeText(statement, values));
  return (result?.rows ?? []) as Row[];
}

export interface PreparedCall {
  readonly statement: PreparedStatement<unknown>;
  readonly values: readonly PreparedValue[];
}

/** What one statement of a batch did: the rows it returned, and how many rows it inserted, updated or deleted. */
export interface BatchResult {
  readonly rows: unknown[];
  readonly affected: number;
}

/**
 * Prepared statements run one after another as one transaction, in one call: on PGlite their
 * EXECUTEs go as one simple-protocol query, which PostgreSQL runs as one implicit transaction (a
 * failing statement undoes the ones before it), and the engine is entered once; on PostgreSQL
 * they run in a transaction. Answers each statement's rows and affected count, in order (a
 * statement without `returning` is cheaper on PGlite: no row description and no rows to decode).
 */
export async function runPreparedBatch(db: Db, calls: readonly PreparedCall[]): Promise<BatchResult[]> {
  if (calls.length === 0) return [];
  const driver = driverOf(db);
  if (driver.kind === 'pg') {
    return db.transaction(async (tx) => {
      const out: BatchResult[] = [];
      for (const call of calls) {
        const result = (await tx.execute(boundStatement(call.statement, call.values))) as unknown as { rows?: unknown[]; rowCount?: number | null };
        out.push({ rows: result.rows ?? [], affected: result.rowCount ?? 0 });
      }
      return out;
    });
  }
  const client = driver.client;
  for (const statement of new Set(calls.map((c) => c.statement))) await preparedOn(client, statement, (text) => client.exec(text));
  const results = await client.exec(calls.map((c) => executeText(c.statement, c.values)).join(';\n'));
  if (results.length !== calls.length) throw new Error(`a batch of ${calls.length} statements answered ${results.length} results`);
  // `rowCount` is the statement's own count, from its command tag (PGlite's `affectedRows` is the
  // running total of the call's statements).
  return results.map((r) => ({ rows: r.rows ?? [], affected: r.rowCount ?? 0 }));
}

/** A timestamp as a statement returned it (a Date on the root handle, a string inside a transaction). */
export function asDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

const dialect = new PgDialect();

/** Statements made from Drizzle queries, by name and text (a query has a few shapes at most). */
const fromQueries = new Map<string, PreparedStatement<unknown>>();

/**
 * A Drizzle query (an `sql` template, or a builder's `toSQL()`) run as a prepared statement: each
 * shape of its text is prepared once, under `name` and a digest of the text. Only for queries of
 * a bounded number of shapes (no `inArray` over lists of any length): every shape stays prepared.
 * Rows come back by column name, as the statement's select list names them.
 */
export async function runPreparedQuery<Row>(on: Db | Tx | InTransaction, name: string, query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Promise<Row[]> {
  const { sql: text, params } = 'toSQL' in query ? query.toSQL() : dialect.sqlToQuery(query);
  const key = `${name}\n${text}`;
  let statement = fromQueries.get(key);
  if (!statement) {
    statement = preparedStatement(`${name}_${createHash('sha1').update(text).digest('hex').slice(0, 10)}`, text);
    fromQueries.set(key, statement);
  }
  for (const value of params) {
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value) && !(value instanceof Date)) {
      throw new Error(`${name}: a prepared statement takes text, numbers, booleans, dates and null (got ${typeof value})`);
    }
  }
  return runPrepared(on, statement as PreparedStatement<Row>, params as PreparedValue[]);
}
