import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '@/services/server/db/client';
import { listenChannel } from '@/services/server/db/listen';
import { notificationSends } from '@/services/server/db/schema';
import { createNotificationBus, NOTIFICATION_CHANNEL, type CrossProcess, type LiveNotification, type NotificationBus } from '@/services/server/notifications/bus';

/** The bus for this database: in-process on PGlite, across processes over LISTEN/NOTIFY on PostgreSQL. */
export function createNotificationBusFor(database: Database, log: Logger): NotificationBus {
  const busLog = log.child({ component: 'notifications' });
  return createNotificationBus(busLog, database.kind === 'postgres' ? pgCrossProcess(database, busLog) : undefined);
}

function pgCrossProcess(database: Database, log: Logger): CrossProcess {
  return {
    processId: randomUUID(),
    async notify(payload) {
      await database.db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`);
    },
    async readSend(sendId) {
      const [row] = await database.db.select().from(notificationSends).where(eq(notificationSends.id, sendId));
      return row ? liveFromSend(row) : null;
    },
    listen: (onPayload) => listenChannel(database, NOTIFICATION_CHANNEL, { payload: onPayload }, log),
  };
}

/** The part of a send a player's page shows. */
export function liveFromSend(row: { title: string; message: string; image: string | null; link: string | null; createdAt: Date }): LiveNotification {
  return { title: row.title, message: row.message, image: row.image, link: row.link, type: 'default', created_at: row.createdAt.toISOString() };
}
