import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@/services/server/db/client';
import { contentImports } from '@/services/server/db/schema';
import { ContentFileError } from '@/services/server/content/content-row';
import { importContent, type ImportFormat, type ImportResult } from '@/services/server/content/import';
import type { ImportRun as ImportRunView } from '@/services/domain/console-types';
import { ApiError } from '@/services/server/gateway/api-error';
import { writeAudit, type AuditActor } from '@/services/server/operators/audit';

/**
 * The console's imports (docs/operators.md, Content): the uploaded file, already on disk, goes
 * through the same importer as `npm run import`, as a job of the server: the call answers once the
 * run is recorded (or done, for a small file), the console follows the run's row, which every
 * batch brings up to date. One import at a time: a second is refused while one runs, on this
 * server or another sharing the database.
 */

/** A running import whose row has not moved for this long was interrupted (a server stopped under it). */
export const IMPORT_STALE_MS = 60_000;
/** How long the call waits for a small file to finish, so that its report comes with the answer. */
const ANSWER_WAIT_MS = 1500;

type Actor = AuditActor & { via: 'console' };

type Row = typeof contentImports.$inferSelect;

function view(row: Row, now: Date): ImportRunView {
  const stale = row.status === 'running' && now.getTime() - row.updatedAt.getTime() > IMPORT_STALE_MS;
  return {
    import_id: row.id,
    status: stale ? 'interrupted' : (row.status as ImportRunView['status']),
    format: row.source,
    file_name: row.fileName,
    via: row.via,
    started_by: row.startedBy,
    read: row.read,
    inserted: row.inserted,
    updated: row.updated,
    duplicates: row.duplicates,
    rejected_count: row.rejected,
    rejected: row.rejectedSample,
    bytes_read: row.bytesRead,
    total_bytes: row.totalBytes,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export type { ImportRunView };

export async function getImportRun(db: Db, id: number, now = new Date()): Promise<ImportRunView> {
  const [row] = await db.select().from(contentImports).where(eq(contentImports.id, id));
  if (!row) throw new ApiError('102', { field: 'import_id', detail: `import_id: there is no import ${id}` });
  return view(row, now);
}

/** The latest import runs, newest first (without their refusals: open one for those). */
export async function listImportRuns(db: Db, limit = 20, now = new Date()): Promise<ImportRunView[]> {
  const rows = await db.select().from(contentImports).orderBy(desc(contentImports.id)).limit(limit);
  return rows.map((r) => ({ ...view(r, now), rejected: [] }));
}

/** This process's import, while it runs. */
let current: Promise<unknown> | null = null;

async function runningElsewhere(db: Db, now: Date): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(contentImports)
    .where(and(eq(contentImports.status, 'running'), gt(contentImports.updatedAt, sql`${new Date(now.getTime() - IMPORT_STALE_MS).toISOString()}::timestamptz`)))
    .orderBy(desc(contentImports.id))
    .limit(1);
  return row;
}

/**
 * Starts importing an uploaded file (on disk at `path`, removed when the import ends). Answers the
 * run as it stands once it is recorded, or done when the file is small; refuses the file at once
 * when it is not of its format, and a second import while one runs.
 */
export async function startImportJob(
  db: Db,
  actor: Actor,
  input: { path: string; fileName: string; size: number; format?: ImportFormat; language?: string },
  log?: Logger,
): Promise<ImportRunView> {
  const remove = () => fs.promises.rm(input.path, { force: true }).catch(() => {});
  const now = new Date();
  const other = current ? null : await runningElsewhere(db, now);
  if (current || other) {
    await remove();
    const which = other ? `import #${other.id} of ${other.fileName} (${other.read.toLocaleString('en')} rows so far)` : 'another import';
    throw new ApiError('import_running', { field: 'file', detail: `file: ${which} is running; one import at a time` });
  }
  let started!: (id: number) => void;
  const recorded = new Promise<number>((resolve) => (started = resolve));
  const job = importContent(db, {
    fileName: input.fileName,
    input: fs.createReadStream(input.path, { highWaterMark: 256 * 1024 }),
    totalBytes: input.size,
    format: input.format,
    language: input.language,
    via: 'console',
    startedBy: actor.userId,
    onStart: (id) => started(id),
  });
  const whole: Promise<ImportResult | Error> = job.then(
    async (result) => {
      await writeAudit(db, actor, {
        action: 'content.import',
        targetType: 'content_import',
        targetId: result.importId,
        after: { file: input.fileName, format: result.format, read: result.read, inserted: result.inserted, updated: result.updated ?? 0, duplicates: result.duplicates, rejected: result.rejectedCount },
      });
      return result;
    },
    (error: Error) => {
      if (!(error instanceof ContentFileError)) log?.error({ err: error, file: input.fileName }, 'import failed');
      return error;
    },
  );
  current = whole.finally(() => {
    current = null;
    return remove();
  });
  const first = await Promise.race([recorded, whole]);
  if (first instanceof Error) {
    if (first instanceof ContentFileError) throw new ApiError('103', { field: 'file', detail: `file: ${first.message}` });
    throw first;
  }
  const importId = typeof first === 'number' ? first : first.importId;
  // A small file is done in a moment: its report comes with the answer.
  await Promise.race([whole, sleep(ANSWER_WAIT_MS)]);
  return getImportRun(db, importId);
}

/** Waits for this process's import to end (tests, a draining server). */
export async function importsSettled(): Promise<void> {
  await current;
}
