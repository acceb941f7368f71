import { asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/services/server/db/client';
import { notifications } from '@/services/server/db/schema';

type Executor = Db | Tx;

export interface NotificationItem {
  readonly id: number;
  readonly title: string;
  readonly message: string;
  readonly type: string;
  readonly image: string | null;
  readonly link: string | null;
  readonly created_at: string;
}

export interface NotificationPage {
  readonly items: NotificationItem[];
  readonly total: number;
}

export interface NewNotification {
  /** null: a broadcast every player sees. */
  readonly userId: number | null;
  readonly title: string;
  readonly message: string;
  readonly type?: string;
  readonly image?: string | null;
  readonly link?: string | null;
}

export async function insertNotification(db: Executor, n: NewNotification): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({ userId: n.userId, title: n.title, message: n.message, type: n.type ?? 'default', image: n.image ?? null, link: n.link ?? null })
    .returning({ id: notifications.id });
  return row!.id;
}

/** A player's own notifications and the broadcasts, one page of them, with the total. */
export async function listNotificationsFor(
  db: Executor,
  userId: number,
  page: { sort: 'id' | 'created_at'; order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<NotificationPage> {
  const visible = or(eq(notifications.userId, userId), isNull(notifications.userId));
  const dir = page.order === 'asc' ? asc : desc;
  const orderBy = page.sort === 'created_at' ? [dir(notifications.createdAt), dir(notifications.id)] : [dir(notifications.id)];
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: notifications.id,
        title: notifications.title,
        message: notifications.message,
        type: notifications.type,
        image: notifications.image,
        link: notifications.link,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(visible)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(notifications).where(visible),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, title: r.title, message: r.message, type: r.type, image: r.image, link: r.link, created_at: r.createdAt.toISOString() })),
    total: Number(counted[0]?.total ?? 0),
  };
}

/** Deletes the notifications addressed to one player (broadcasts stay). */
export async function deleteNotificationsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}
