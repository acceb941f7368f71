import type { Logger } from 'pino';
import type { Pool } from 'pg';
import type { Database } from '@/services/server/db/client';

/**
 * LISTEN on one channel of the app's database, for the in-process caches and buses that hear of
 * changes made elsewhere (other processes, triggers, an operator's SQL):
 * - PGlite: its own `listen`; a notification is delivered before the statement (or the commit)
 *   that raised it returns, so a change is heard before its writer goes on;
 * - PostgreSQL: a connection of its own holding `LISTEN`, opened again with back-off when it
 *   drops; plus, for the channels every pooled connection listens on (POOL_CHANNELS), what those
 *   connections hear — a change this process commits is heard before its commit returns. While it is down `down` is called (what was heard may be incomplete), and `up` once it
 *   listens again (anything may have changed meanwhile).
 */
export interface ChannelEvents {
  payload(payload: string): void;
  /** Listening (first, and again after a drop). */
  up?(): void;
  /** Not listening: notifications may be missed until `up`. */
  down?(): void;
}

export type StopListening = () => Promise<void>;

const RETRY_MS = { first: 250, max: 10_000 };

export async function listenChannel(database: Database, channel: string, events: ChannelEvents, log: Logger): Promise<StopListening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> };
    const unlisten = await pglite.listen(channel, (payload) => events.payload(payload));
    events.up?.();
    return async () => {
      events.down?.();
      await unlisten().catch(() => undefined);
    };
  }
  // The pool's own connections hear what this process commits before the commit returns (db/client.ts).
  const fromPool = (payload: string) => events.payload(payload);
  database.poolNotifications?.on(channel, fromPool);
  const stop = await listenPostgres(client as Pool, channel, events, log);
  return async () => {
    database.poolNotifications?.off(channel, fromPool);
    await stop();
  };
}

async function listenPostgres(pool: Pool, channel: string, events: ChannelEvents, log: Logger): Promise<StopListening> {
  const { Client } = await import('pg');
  let closed = false;
  let attempt = 0;
  let current: InstanceType<typeof Client> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const conn = new Client({ ...pool.options, application_name: `quiz-arena ${channel}`, keepAlive: true });
    let dropped = false;
    const drop = (err?: unknown) => {
      if (dropped || closed) return;
      dropped = true;
      if (current === conn) {
        current = null;
        events.down?.();
      }
      conn.end().catch(() => undefined);
      const delay = Math.min(RETRY_MS.max, RETRY_MS.first * 2 ** attempt++);
      log.warn({ err, channel, retryInMs: delay }, 'the LISTEN connection dropped');
      retry = setTimeout(() => void connect().catch(() => undefined), delay);
      retry.unref();
    };
    conn.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) events.payload(m.payload);
    });
    conn.on('error', drop);
    conn.on('end', () => drop());
    try {
      await conn.connect();
      await conn.query(`LISTEN ${channel}`);
    } catch (err) {
      drop(err);
      return;
    }
    if (closed) {
      await conn.end().catch(() => undefined);
      return;
    }
    attempt = 0;
    current = conn;
    events.up?.();
  };

  await connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const conn = current;
    current = null;
    events.down?.();
    await conn?.end().catch(() => undefined);
  };
}
