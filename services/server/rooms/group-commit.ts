import { createHistogram } from 'node:perf_hooks';
import type { Database } from '@/services/server/db/client';
import { preparedStatement, runPrepared, runPreparedBatch, type PreparedCall } from '@/services/server/db/prepared';
import { roomCommitBatches, roomCommitVersions, roomCommitWait } from '@/services/server/ops/metrics';

/**
 * Group commit of room versions (docs/rooms.md, Storage; decision 022). A command made from the
 * process's last version of a room (core.ts) appends the version's event here; the events that
 * commands on any rooms appended in the same turn of the event loop (or while the previous batch
 * was being written) are written together by one statement — one transaction — and each command
 * is then told whether its version was taken. Nothing is published before that.
 *
 * How the batch is written depends on the engine: on PostgreSQL one statement takes the whole batch
 * as a JSON parameter (one round trip, one plan); on PGlite, where parsing JSON in the engine costs
 * more than the statement (≈0.45 ms against ≈0.2 ms for one version), each version is one prepared
 * statement and the batch's statements go in one call, which runs them as one transaction.
 *
 * Per room the statement moves the head (`rooms.version`, due time…) only if it is still the
 * version before the appended one — checked under the row's lock, so a version written meanwhile
 * by another process or by a locked command makes this one lose (the caller runs the command
 * again, locked) — and appends the event to `room_events`, whose key `(room_id, version)` lets
 * one command get a version. Every `SNAPSHOT_EVERY` versions the room's snapshot is written too,
 * so that a cold read folds at most that many events. A failed batch fails each of its commands;
 * being one statement it leaves nothing half-written.
 */

export interface AppendedVersion {
  readonly roomId: string;
  readonly version: number;
  /** The version's RoomDelta, as JSON text (public). */
  readonly deltaJson: string;
  /** The room's secret after it (server only). */
  readonly secretJson: string | null;
  readonly dueAt: Date | null;
  readonly searchDeadlineAt: string | null;
  readonly at: Date;
  /** The whole document and secret, when this version is also the room's new snapshot. */
  readonly snapshot: { readonly docJson: string; readonly secretJson: string | null } | null;
}

export interface GroupCommitter {
  /** Resolves true when the version was committed, false when the room had moved on (run the command locked). */
  append(version: AppendedVersion): Promise<boolean>;
  /** Batches written, versions in them, and the largest batch. */
  stats(): { batches: number; versions: number; largest: number };
  /** How long appends waited for their batch to be written (ms) since the last call, which starts counting again. */
  takeWaits(): { p50Ms: number; p99Ms: number; maxMs: number; count: number };
  /** Waits for what was appended to be written. */
  drain(): Promise<void>;
}

/** A room's snapshot is rewritten every this many versions of the fast path (a cold read folds fewer). */
export const SNAPSHOT_EVERY = 16;
/** Versions written by one statement at most. */
export const MAX_BATCH = 256;
const RETRIES = 3;

/**
 * The batch as one JSON parameter (one statement text whatever its size, so it is prepared once).
 * `upd` takes each room's row lock and moves its head only from the version before; `ins` appends
 * the event of the rooms it moved.
 */
const appendStatement = preparedStatement<{ room_id: string; version: number }>(
  'room_append_batch',
  `with v as (
     select * from json_to_recordset($1::json) as v(room_id text, version int, delta text, secret text, due_at timestamptz, search_deadline_at timestamptz, at timestamptz, doc text, snapshot_secret text)
   ),
   upd as (
     update rooms r set version = v.version, due_at = v.due_at, search_deadline_at = v.search_deadline_at, updated_at = v.at,
            doc = coalesce(v.doc, r.doc),
            secret = case when v.doc is null then r.secret else v.snapshot_secret end,
            snapshot_version = case when v.doc is null then r.snapshot_version else v.version end
       from v
      where r.id = v.room_id and r.version = v.version - 1
      returning r.id, r.version
   ),
   ins as (
     insert into room_events (room_id, version, delta, secret, at)
     select v.room_id, v.version, v.delta, v.secret, v.at from v join upd on upd.id = v.room_id and upd.version = v.version
     returning room_id, version
   )
   select room_id, version from ins`,
);

/**
 * One version on PGlite: `u` moves the head from the version before under the row lock, the insert
 * appends the event if it did. Its affected count (1 or 0) says which; no `returning`, whose row
 * description and row cost PGlite about as much again as the event's own insert.
 */
const appendOneStatement = preparedStatement<never>(
  'room_append_one',
  `with u as (
     update rooms set version = $2::int, due_at = $5::timestamptz, search_deadline_at = $6::timestamptz, updated_at = $7::timestamptz
      where id = $1::text and version = $2::int - 1
      returning id
   )
   insert into room_events (room_id, version, delta, secret, at)
   select id, $2::int, $3::text, $4::text, $7::timestamptz from u`,
);
/** The same with the room's new snapshot (every SNAPSHOT_EVERY versions). */
const appendSnapshotStatement = preparedStatement<never>(
  'room_append_snapshot',
  `with u as (
     update rooms set version = $2::int, due_at = $5::timestamptz, search_deadline_at = $6::timestamptz, updated_at = $7::timestamptz,
            doc = $8::text, secret = $9::text, snapshot_version = $2::int
      where id = $1::text and version = $2::int - 1
      returning id
   )
   insert into room_events (room_id, version, delta, secret, at)
   select id, $2::int, $3::text, $4::text, $7::timestamptz from u`,
);

function appendCall(v: AppendedVersion): PreparedCall {
  const values = [v.roomId, v.version, v.deltaJson, v.secretJson, v.dueAt, v.searchDeadlineAt, v.at];
  return v.snapshot ? { statement: appendSnapshotStatement, values: [...values, v.snapshot.docJson, v.snapshot.secretJson] } : { statement: appendOneStatement, values };
}

interface Pending {
  readonly version: AppendedVersion;
  readonly since: number;
  resolve(won: boolean): void;
  reject(error: unknown): void;
}

/** A deadlock or serialization failure: the same work run again may succeed. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '40P01' || code === '40001';
}

export function createGroupCommitter(database: Database): GroupCommitter {
  const { db, kind: engine } = database;
  let queue: Pending[] = [];
  let writing: Promise<void> | null = null;
  let scheduled = false;
  /** Whether a batch was flushed in the current turn of the event loop (cleared at its end). */
  let batchedThisTurn = false;
  const endOfTurn = () => {
    batchedThisTurn = false;
  };
  let batches = 0;
  let versions = 0;
  let largest = 0;
  const waits = createHistogram();

  /** Whether each version of the batch was taken, in the batch's order. */
  async function run(batch: Pending[]): Promise<boolean[]> {
    if (engine === 'pglite') {
      const results = await runPreparedBatch(
        db,
        batch.map((p) => appendCall(p.version)),
      );
      // Each statement inserted its event (1) or found the room moved on (0).
      return results.map((r) => r.affected === 1);
    }
    const payload = JSON.stringify(
      batch.map(({ version: v }) => ({
        room_id: v.roomId,
        version: v.version,
        delta: v.deltaJson,
        secret: v.secretJson,
        due_at: v.dueAt?.toISOString() ?? null,
        search_deadline_at: v.searchDeadlineAt,
        at: v.at.toISOString(),
        doc: v.snapshot?.docJson ?? null,
        snapshot_secret: v.snapshot?.secretJson ?? null,
      })),
    );
    const rows = await runPrepared(db, appendStatement, [payload]);
    const taken = new Set(rows.map((r) => `${r.room_id}:${Number(r.version)}`));
    return batch.map((p) => taken.has(`${p.version.roomId}:${p.version.version}`));
  }

  async function write(batch: Pending[]): Promise<void> {
    let won: boolean[] = [];
    for (let attempt = 1; ; attempt += 1) {
      try {
        won = await run(batch);
        break;
      } catch (error) {
        if (attempt < RETRIES && isRetryable(error)) continue;
        const failure = new Error(`room versions could not be written (${batch.length} in the batch): ${(error as Error).message}`, { cause: error });
        for (const p of batch) p.reject(failure);
        return;
      }
    }
    batches += 1;
    versions += batch.length;
    largest = Math.max(largest, batch.length);
    roomCommitBatches.inc();
    roomCommitVersions.inc(batch.length);
    const now = performance.now();
    for (const p of batch) {
      waits.record(Math.max(1, Math.round((now - p.since) * 1000)));
      roomCommitWait.observe((now - p.since) / 1000);
    }
    batch.forEach((p, i) => p.resolve(won[i] === true));
  }

  function flush(): void {
    scheduled = false;
    if (writing || queue.length === 0) return;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    writing = write(batch).finally(() => {
      writing = null;
      // What arrived while this batch was written goes next, at once.
      if (queue.length > 0) flush();
    });
  }

  return {
    append(version) {
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ version, since: performance.now(), resolve, reject });
        if (!scheduled && !writing) {
          scheduled = true;
          if (batchedThisTurn) {
            // A batch already went in this turn of the event loop: under load, the other
            // commands of the turn (requests read together, timers due together) are gathered
            // and written together at its end.
            setImmediate(flush);
          } else {
            // The first of its turn is written as soon as the task that appended it is done
            // (with what that task's microtasks append), not after the rest of the turn:
            // at a calm rate that is the whole wait.
            batchedThisTurn = true;
            setImmediate(endOfTurn);
            queueMicrotask(flush);
          }
        }
      });
    },
    stats: () => ({ batches, versions, largest }),
    takeWaits() {
      const ms = (us: number) => Math.round(us / 10) / 100;
      const out = { p50Ms: ms(waits.percentile(50)), p99Ms: ms(waits.percentile(99)), maxMs: ms(waits.max), count: waits.count };
      waits.reset();
      return out;
    },
    async drain() {
      while (writing || queue.length > 0) {
        if (!writing) flush();
        await writing;
      }
    },
  };
}
