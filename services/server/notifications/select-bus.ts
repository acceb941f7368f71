import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Pool } from 'pg';
import type { Database } from '@/services/server/db/client';
import { notificationSends } from '@/services/server/db/schema';
import { createNotificationBus, NOTIFICATION_CHANNEL, type CrossProcess, type LiveNotification, type NotificationBus } from '@/services/server/notifications/bus';

/** The bus for this database: in-process on PGlite, across processes over LISTEN/NOTIFY on PostgreSQL. */
export function createNotificationBusFor(database: Database, log: Logger): NotificationBus {
  const busLog = log.child({ component: 'notifications' });
  return createNotificationBus(busLog, database.kind === 'postgres' ? pgCrossProcess(database, busLog) : undefined);
}

const RETRY_MS = { first: 500, max: 15_000 };

function pgCrossProcess(database: Database, log: Logger): CrossProcess {
  const pool = (database.db as unknown as { $client: Pool }).$client;
  return {
    processId: randomUUID(),
    async notify(payload) {
      await database.db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`);
    },
    async readSend(sendId) {
      const [row] = await database.db.select().from(notificationSends).where(eq(notificationSends.id, sendId));
      return row ? liveFromSend(row) : null;
    },
    async listen(onPayload) {
      const { Client } = await import('pg');
      let closed = false;
      let attempt = 0;
      let client: InstanceType<typeof Client> | null = null;
      let retry: NodeJS.Timeout | null = null;

      const connect = async (): Promise<void> => {
        const conn = new Client({ ...pool.options, application_name: 'quiz-arena notifications', keepAlive: true });
        let dropped = false;
        const drop = (err?: unknown) => {
          if (dropped || closed) return;
          dropped = true;
          client = null;
          conn.end().catch(() => undefined);
          const delay = Math.min(RETRY_MS.max, RETRY_MS.first * 2 ** attempt++);
          log.warn({ err, retryInMs: delay }, 'notifications: the LISTEN connection dropped');
          retry = setTimeout(() => void connect().catch(() => undefined), delay);
          retry.unref();
        };
        conn.on('notification', (m) => {
          if (m.channel === NOTIFICATION_CHANNEL && m.payload) onPayload(m.payload);
        });
        conn.on('error', drop);
        conn.on('end', () => drop());
        try {
          await conn.connect();
          await conn.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
        } catch (err) {
          // Retried with back-off; meanwhile players here still get what this process delivers.
          drop(err);
          return;
        }
        attempt = 0;
        client = conn;
      };

      await connect();
      return async () => {
        closed = true;
        if (retry) clearTimeout(retry);
        await client?.end().catch(() => undefined);
      };
    },
  };
}

/** The part of a send a player's page shows. */
export function liveFromSend(row: { title: string; message: string; image: string | null; link: string | null; createdAt: Date }): LiveNotification {
  return { title: row.title, message: row.message, image: row.image, link: row.link, type: 'default', created_at: row.createdAt.toISOString() };
}
