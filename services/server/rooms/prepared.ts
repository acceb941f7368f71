import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@/services/server/db/client';
import { sqlLiteral, type PreparedStatement, type PreparedValue } from '@/services/server/play/prepared';

/**
 * Prepared statements inside a room transaction: the hot statements of every battle answer
 * (lock the room, write its next version) are parsed and planned once per connection and then
 * executed by name. The statements and their literal quoting are those of
 * services/server/play/prepared.ts, which runs them on the root handle only; this runs them on a
 * transaction's own connection:
 *
 * - PGlite is one session: a statement is prepared once (SQL `PREPARE`, which a rollback does not
 *   undo) and run with `EXECUTE name (literals…)` through the transaction's `exec` — one trip
 *   into the database instead of parse, describe, bind and execute.
 * - node-postgres: a named statement on the transaction's pooled client, which the driver
 *   prepares there the first time.
 */

interface PgliteConnection {
  exec(query: string): Promise<{ rows: unknown[] }[]>;
}

interface NodePgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

type Connection = { kind: 'pglite'; client: PgliteConnection } | { kind: 'pg'; client: NodePgConnection };

/** The driver connection a Drizzle handle runs on (a transaction's session client, or the root's). */
function connectionOf(handle: Db | Tx, pglite: boolean): Connection | null {
  const client = (handle as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof client !== 'object') return null;
  if (pglite) return typeof (client as PgliteConnection).exec === 'function' ? { kind: 'pglite', client: client as PgliteConnection } : null;
  return typeof (client as NodePgConnection).query === 'function' ? { kind: 'pg', client: client as NodePgConnection } : null;
}

/** Statement names prepared on each PGlite database (keyed by its root client). */
const preparedOnPglite = new WeakMap<object, Map<string, Promise<void>>>();

/** Runs prepared statements for one database (its root handle tells the driver apart). */
export function createPreparedRunner(root: Db) {
  const rootClient = (root as unknown as { $client?: object }).$client;
  const pglite = Boolean(rootClient && 'waitReady' in rootClient);
  let prepared = rootClient ? preparedOnPglite.get(rootClient) : undefined;
  if (rootClient && !prepared) preparedOnPglite.set(rootClient, (prepared = new Map()));

  return async function runPrepared<Row>(handle: Db | Tx, statement: PreparedStatement<Row>, values: readonly PreparedValue[]): Promise<Row[]> {
    const connection = connectionOf(handle, pglite);
    const literals = values.map(sqlLiteral);
    if (!connection || !prepared) {
      // Not a handle whose connection is known: the same statement, planned on the spot.
      const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => literals[Number(n) - 1]!);
      return ((await handle.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
    }
    if (connection.kind === 'pg') {
      const result = await connection.client.query({ name: statement.name, text: statement.text, values: values.map((v) => (v instanceof Date ? v.toISOString() : v)) });
      return result.rows as Row[];
    }
    let ready = prepared.get(statement.name);
    if (!ready) {
      // A promise, so that two first calls prepare once; a failed PREPARE is tried again next time.
      ready = connection.client.exec(`prepare ${statement.name} as ${statement.text}`).then(() => undefined);
      prepared.set(statement.name, ready);
      ready.catch(() => prepared!.delete(statement.name));
    }
    await ready;
    const args = literals.length ? ` (${literals.join(', ')})` : '';
    const [result] = await connection.client.exec(`execute ${statement.name}${args}`);
    return (result?.rows ?? []) as Row[];
  };
}

export type PreparedRunner = ReturnType<typeof createPreparedRunner>;
