import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { NOTIFICATION_AUDIENCES } from '@/services/domain/forms';
import { rowsOf, type Db } from '@/services/server/db/client';
import { languages, notificationSends, users } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';
import type { NotificationBus } from '@/services/server/notifications/bus';
import { liveFromSend } from '@/services/server/notifications/select-bus';
import { writeAudit, type AuditActor } from '@/services/server/operators/audit';
import { notificationBatches, notificationRows } from '@/services/server/ops/metrics';

/**
 * Notifications an operator sends (docs/notifications.md). Sending stores the send and returns at
 * once; the delivery job writes one notification row per recipient, a batch of players at a time in
 * user id order, each batch in one transaction with the send's cursor, and publishes the batch to
 * the players who have the app open. A restart goes on from the cursor; on PostgreSQL the
 * processes share the work (a send is taken with FOR UPDATE SKIP LOCKED, one batch at a time).
 */

export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

export interface SendInput {
  readonly title: string;
  readonly message: string;
  readonly image?: string | null;
  readonly link?: string | null;
  readonly audience: NotificationAudience;
  readonly userId?: number;
  readonly languageId?: number;
}

export interface SendRow {
  id: number;
  title: string;
  message: string;
  image: string | null;
  link: string | null;
  audience: NotificationAudience;
  user_id: number | null;
  language_id: number | null;
  status: 'delivering' | 'done';
  delivered: number;
  sent_by: number | null;
  created_at: string;
  finished_at: string | null;
}

type SendRecord = typeof notificationSends.$inferSelect;

const toRow = (r: SendRecord): SendRow => ({
  id: r.id,
  title: r.title,
  message: r.message,
  image: r.image,
  link: r.link,
  audience: r.audience as NotificationAudience,
  user_id: r.userId,
  language_id: r.languageId,
  status: r.status as SendRow['status'],
  delivered: r.delivered,
  sent_by: r.sentBy,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});

export async function createSend(db: Db, actor: AuditActor & { via: 'console' }, input: SendInput): Promise<SendRow> {
  return db.transaction(async (tx) => {
    if (input.audience === 'user') {
      const [target] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, input.userId!), isNull(users.deletedAt)));
      if (!target) throw new ApiError('131', { field: 'user_id', detail: `user_id: there is no account ${input.userId}` });
    }
    if (input.audience === 'language') {
      const [language] = await tx.select({ id: languages.id }).from(languages).where(eq(languages.id, input.languageId!));
      if (!language) throw new ApiError('103', { field: 'language_id', detail: `language_id: there is no content language ${input.languageId}` });
    }
    const [row] = await tx
      .insert(notificationSends)
      .values({
        title: input.title,
        message: input.message,
        image: input.image ?? null,
        link: input.link ?? null,
        audience: input.audience,
        userId: input.audience === 'user' ? input.userId! : null,
        languageId: input.audience === 'language' ? input.languageId! : null,
        sentBy: actor.userId,
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'notification.send',
      targetType: 'notification_send',
      targetId: row!.id,
      after: { title: input.title, audience: input.audience, user_id: row!.userId, language_id: row!.languageId },
    });
    return toRow(row!);
  });
}

export async function listSends(db: Db, page: { offset: number; limit: number }): Promise<{ total: number; rows: SendRow[] }> {
  const [rows, [counted]] = await Promise.all([
    db.select().from(notificationSends).orderBy(desc(notificationSends.id)).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(notificationSends),
  ]);
  return { total: Number(counted?.n ?? 0), rows: rows.map(toRow) };
}

/** Players the send is for, after the cursor (alias `u` for users). */
function recipients(send: SendRecord): SQL {
  const base = sql`u.id > ${send.cursor} and u.deleted_at is null and u.status`;
  if (send.audience === 'user') return sql`${base} and u.id = ${send.userId}`;
  // A player of a content language: one who has played content in it.
  if (send.audience === 'language') return sql`${base} and exists (select 1 from play_sessions p where p.user_id = u.id and p.language_id = ${send.languageId})`;
  return base;
}

export interface DeliveredBatch {
  readonly sendId: number;
  readonly userIds: number[];
  readonly done: boolean;
}

/**
 * Delivers one batch of one send still delivering (the oldest one nobody else is working on), in
 * one transaction with its cursor. Null when there is nothing to deliver.
 */
export async function deliverBatch(db: Db, bus: NotificationBus | null, batchSize = 500): Promise<DeliveredBatch | null> {
  const result = await db.transaction(async (tx) => {
    const [send] = await tx
      .select()
      .from(notificationSends)
      .where(eq(notificationSends.status, 'delivering'))
      .orderBy(asc(notificationSends.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!send) return null;
    // One statement: the next players in id order get their row (a repeated batch writes nothing twice).
    const written = rowsOf<{ user_id: number }>(
      await tx.execute(sql`
        insert into notifications (user_id, title, message, type, image, link, send_id)
        select u.id, ${send.title}, ${send.message}, 'default', ${send.image}, ${send.link}, ${send.id}
        from users u where ${recipients(send)} order by u.id limit ${batchSize}
        on conflict do nothing
        returning user_id`),
    );
    const userIds = written.map((r) => Number(r.user_id)).sort((a, b) => a - b);
    const done = userIds.length < batchSize;
    await tx
      .update(notificationSends)
      .set({
        cursor: userIds.length > 0 ? userIds[userIds.length - 1]! : send.cursor,
        delivered: send.delivered + userIds.length,
        ...(done ? { status: 'done', finishedAt: new Date() } : {}),
      })
      .where(eq(notificationSends.id, send.id));
    return { send, userIds, done };
  });
  if (!result) return null;
  // Published after the commit: a player is never told of a row that is not there.
  if (bus && result.userIds.length > 0) bus.publish(result.userIds, liveFromSend(result.send), result.send.id);
  return { sendId: result.send.id, userIds: result.userIds, done: result.done };
}

export interface NotificationDelivery {
  start(): void;
  /** Starts delivering now (a send was just made) instead of at the next tick. */
  kick(): void;
  /** Delivers until nothing is left (tests, the command line); the number of rows written. */
  runUntilIdle(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The delivery job: batches back to back with a turn of the event loop between them (so calls
 * are answered while a large send is delivered), then idle until kicked or the next tick.
 */
export function createNotificationDelivery(db: Db, bus: NotificationBus, log: Logger, options: { intervalMs?: number; batchSize?: number } = {}): NotificationDelivery {
  const intervalMs = options.intervalMs ?? 5000;
  const batchSize = options.batchSize ?? 100;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;

  const drain = async (): Promise<number> => {
    let written = 0;
    for (;;) {
      if (closed) return written;
      const batch = await deliverBatch(db, bus, batchSize);
      if (!batch) return written;
      written += batch.userIds.length;
      notificationBatches.inc();
      notificationRows.inc(batch.userIds.length);
      if (batch.done) log.info({ sendId: batch.sendId }, 'notification delivered');
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => {
        log.error({ err }, 'notification delivery failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          tick();
        }
      });
  };

  return {
    start() {
      if (timer || closed) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    kick() {
      if (timer) tick();
    },
    async runUntilIdle() {
      if (running) await running;
      return drain();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
