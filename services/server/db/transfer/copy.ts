import { ident, listForeignKeys, listSequences, listTables, tablesWithRows, type ForeignKey, type SequenceValue, type TableInfo } from '@/services/server/db/transfer/catalog';
import { applyMigrations, assertKnownVersion, databaseSchemaVersion, describeVersion, NO_SCHEMA, type SchemaVersion } from '@/services/server/db/transfer/schema-version';
import { inTransaction, type SqlSession } from '@/services/server/db/transfer/session';
import { summarize, type DatabaseSummary } from '@/services/server/db/transfer/summary';

/**
 * A whole database as a stream (docs/deploy.md, "Moving" and "Backups"): read from a snapshot of
 * the source, table by table in primary-key order, in batches of rows as JSON text; written into
 * an empty target in one transaction, or into a backup file. Rows stay JSON text from one
 * database to the other (`row_to_json` out, `json_populate_recordset` in), so no value goes
 * through a JavaScript type on the way and memory holds one batch at a time.
 */
export interface StreamHeader {
  /** The source's schema version: the target is migrated to it before the rows arrive. */
  readonly schema: SchemaVersion;
  readonly tables: readonly { name: string; columns: readonly string[] }[];
  /** The source's figures, taken in the same snapshot as the rows. */
  readonly summary: DatabaseSummary;
  /**
   * When the snapshot the rows come from was taken (ISO time): the moment a restore goes back to.
   * Absent from backups written before it was recorded.
   */
  readonly snapshotAt?: string;
}

export interface StreamSink {
  begin(header: StreamHeader): Promise<void>;
  /** A batch of rows of one table: a JSON array of row objects. */
  rows(table: string, json: string, count: number): Promise<void>;
  end(sequences: readonly SequenceValue[]): Promise<void>;
  /** Undoes whatever `begin` and `rows` did (the command failed or was stopped). */
  abort(): Promise<void>;
}

export interface ExportProgress {
  readonly table: string;
  readonly rows: number;
  readonly totalRows: number;
}

export const DEFAULT_BATCH_ROWS = 2000;

/** Reads one table's rows in primary-key order, a batch at a time, as JSON arrays. */
export async function* tableBatches(session: SqlSession, table: TableInfo, batchRows: number): AsyncGenerator<{ json: string; count: number }> {
  const name = ident(table.name);
  // Keyset paging needs a key; every table of the schema has one.
  if (table.key.length === 0) throw new Error(`Table ${table.name} has no primary key: it cannot be copied in batches`);
  const keys = table.key.map((k) => ident(k.name));
  const keyText = table.key.map((k, i) => `${ident(k.name)}::text AS k${i}`).join(', ');
  const order = keys.join(', ');
  let last: string[] | null = null;
  for (;;) {
    const where = last ? `WHERE (${order}) > (${table.key.map((k, i) => `$${i + 1}::${k.type}`).join(', ')})` : '';
    const rows: Record<string, string>[] = await session.query<Record<string, string>>(
      `SELECT row_to_json(t)::text AS j, ${keyText} FROM ${name} t ${where} ORDER BY ${order} LIMIT ${batchRows}`,
      last ?? [],
    );
    if (rows.length === 0) return;
    yield { json: `[${rows.map((r) => r.j).join(',')}]`, count: rows.length };
    if (rows.length < batchRows) return;
    const end = rows[rows.length - 1]!;
    last = table.key.map((_, i) => end[`k${i}`]!);
  }
}

/**
 * Streams the whole source into a sink from one consistent snapshot. The source is only read:
 * its schema version goes with the rows, and whoever receives them migrates to it.
 */
export async function exportDatabase(
  source: SqlSession,
  sink: StreamSink,
  options: { batchRows?: number; onProgress?: (p: ExportProgress) => void; snapshotAt?: string } = {},
): Promise<StreamHeader> {
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  const schema = await databaseSchemaVersion(source);
  if (schema === NO_SCHEMA) throw new Error(`${source.location} holds no Quiz Arena database (no migrations have been applied to it)`);
  assertKnownVersion(`The source (${source.location})`, schema);
  const begin = source.kind === 'postgres' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN';
  return inTransaction(source, begin, async () => {
    // The transaction's snapshot is taken by its first statement, this one.
    const [taken] = await source.query<{ at: string }>(`SELECT to_json(now())#>>'{}' AS at`);
    const snapshotAt = options.snapshotAt ?? new Date(taken!.at).toISOString();
    const tables = await listTables(source);
    const summary = await summarize(source);
    const header: StreamHeader = { schema, tables: tables.map((t) => ({ name: t.name, columns: t.columns })), summary, snapshotAt };
    const totalRows = Object.values(summary.tables).reduce((n, t) => n + Number(t.rows), 0);
    let done = 0;
    await sink.begin(header);
    try {
      for (const table of tables) {
        options.onProgress?.({ table: table.name, rows: done, totalRows });
        for await (const batch of tableBatches(source, table, batchRows)) {
          await sink.rows(table.name, batch.json, batch.count);
          done += batch.count;
          options.onProgress?.({ table: table.name, rows: done, totalRows });
        }
      }
      await sink.end(await listSequences(source));
    } catch (error) {
      await sink.abort();
      throw error;
    }
    return header;
  });
}

export class TargetNotEmptyError extends Error {
  constructor(location: string, tables: readonly string[]) {
    super(
      `The target ${location} is not empty: ${tables.length} table(s) hold rows (${tables.slice(0, 6).join(', ')}${tables.length > 6 ? ', …' : ''}). ` +
        'Give an empty database (a new PostgreSQL database, or a new data directory): nothing was written.',
    );
    this.name = 'TargetNotEmptyError';
  }
}

/**
 * Refuses a target that holds any row or is migrated past `version`; otherwise migrates it to
 * `version`. Returns its tables.
 */
export async function prepareEmptyTarget(target: SqlSession, version: SchemaVersion): Promise<TableInfo[]> {
  const current = await databaseSchemaVersion(target);
  assertKnownVersion(`The target (${target.location})`, current);
  if (current !== NO_SCHEMA) {
    const full = await tablesWithRows(target, await listTables(target));
    if (full.length > 0) throw new TargetNotEmptyError(target.location, full);
    if (current.when > version.when) {
      throw new Error(
        `The target ${target.location} is already at ${describeVersion(current)}, newer than the data's ${describeVersion(version)}: ` +
          'give a new, empty database (nothing was written).',
      );
    }
  }
  await applyMigrations(target, version);
  return listTables(target);
}

/**
 * Writes a stream into an empty, migrated database in one transaction: all of it or nothing.
 * Triggers stay off while the rows arrive (the leaderboards' rank counts arrive as rows of their
 * own), foreign keys are dropped and added again at the end, which checks every row against them.
 */
export function databaseSink(target: SqlSession, targetTables: readonly TableInfo[]): StreamSink {
  let foreignKeys: ForeignKey[] = [];
  let open = false;
  const known = new Map(targetTables.map((t) => [t.name, t]));
  return {
    async begin(header) {
      for (const table of header.tables) {
        const there = known.get(table.name);
        if (!there) throw new Error(`The target has no table ${table.name}`);
        const missing = table.columns.filter((c) => !there.columns.includes(c));
        const extra = there.columns.filter((c) => !table.columns.includes(c));
        if (missing.length || extra.length) {
          throw new Error(`Table ${table.name} differs on the target (missing: ${missing.join(', ') || 'none'}; extra: ${extra.join(', ') || 'none'})`);
        }
      }
      await target.exec('BEGIN');
      open = true;
      foreignKeys = await listForeignKeys(target);
      for (const fk of foreignKeys) await target.exec(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${ident(fk.name)}`);
      for (const table of header.tables) await target.exec(`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER`);
    },
    async rows(table, json) {
      await target.query(`INSERT INTO ${ident(table)} SELECT * FROM json_populate_recordset(NULL::${ident(table)}, $1::json)`, [json]);
    },
    async end(sequences) {
      for (const s of sequences) await target.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [ident(s.name), s.lastValue, s.isCalled]);
      for (const fk of foreignKeys) await target.exec(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${ident(fk.name)} ${fk.definition}`);
      for (const table of known.keys()) await target.exec(`ALTER TABLE ${ident(table)} ENABLE TRIGGER USER`);
      await target.exec('COMMIT');
      open = false;
    },
    async abort() {
      if (open) await target.exec('ROLLBACK').catch(() => undefined);
      open = false;
    },
  };
}
