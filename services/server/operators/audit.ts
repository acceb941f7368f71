import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@/services/domain/console-types';
import type { Db, Tx } from '@/services/server/db/client';
import { auditLog, users } from '@/services/server/db/schema';

/**
 * The audit log: every change an operator makes, written in the transaction of the change (so a
 * change without its entry, or an entry without its change, cannot be). Append-only: the database
 * refuses to update or delete an entry (trigger `audit_log_no_change`, migration 0011).
 */

/** Who made a change: an operator through the console, or the command line. */
export type AuditActor = { via: 'console'; userId: number; requestId?: string } | { via: 'cli' };

export interface AuditEntryInput {
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string | number;
  readonly before?: unknown;
  readonly after?: unknown;
}

export async function writeAudit(on: Db | Tx, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await on.insert(auditLog).values({
    actorId: actor.via === 'console' ? actor.userId : null,
    via: actor.via,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.via === 'console' ? (actor.requestId ?? null) : null,
  });
}

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
  actorId?: number;
}

function auditWhere(filter: AuditFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.targetType) where.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(auditLog.targetId, filter.targetId));
  if (filter.actorId !== undefined) where.push(eq(auditLog.actorId, filter.actorId));
  return where;
}

/** How many entries match the filter (the console's pages). */
export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  const where = auditWhere(filter);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where.length ? and(...where) : undefined);
  return Number(row?.n ?? 0);
}

/** The newest entries first, a page at a time (`before_id`: the last id of the page before), optionally of one action or target. */
export async function listAudit(
  db: Db,
  filter: AuditFilter & { limit: number; offset?: number; beforeId?: number },
): Promise<AuditEntry[]> {
  const where = auditWhere(filter);
  if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorName: users.name,
      via: auditLog.via,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: sql<string>`${auditLog.createdAt}`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit)
    .offset(filter.offset ?? 0);
  return rows.map((r) => ({
    id: r.id,
    actor_id: r.actorId,
    actor_name: r.actorName,
    via: r.via,
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    before: r.before,
    after: r.after,
    created_at: new Date(r.createdAt).toISOString(),
  }));
}
