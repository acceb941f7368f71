import type { Logger } from 'pino';

/**
 * Live notifications (docs/notifications.md): what a player with the app open is told at once,
 * through its notification stream, after the rows were committed.
 *
 * In one process the bus is a map from player to listeners. On PostgreSQL several processes
 * share the players: each publish is also sent over `pg_notify` as the send's id and the
 * recipients' ids (a batch of 500 ids is about 4 kB, under NOTIFY's 8,000 bytes), and the other
 * processes read the send's text once and hand it to their own listeners.
 */

export interface LiveNotification {
  readonly title: string;
  readonly message: string;
  readonly image: string | null;
  readonly link: string | null;
  readonly type: string;
  readonly created_at: string;
}

export type NotificationListener = (item: LiveNotification) => void;

export interface NotificationBus {
  /** Hands the notification to the listeners of these players, here and (PostgreSQL) on the other processes. */
  publish(userIds: readonly number[], item: LiveNotification, sendId?: number): void;
  subscribe(userId: number, listener: NotificationListener): () => void;
  /** Listeners now (a test reads it). */
  readonly listenerCount: number;
  close(): Promise<void>;
}

/** The channel and payload between processes: `{ p: process, s: send id, u: user ids }`. */
export const NOTIFICATION_CHANNEL = 'quiz_notifications';

export interface CrossProcess {
  /** This process's id: its own payloads are skipped when they come back. */
  readonly processId: string;
  notify(payload: string): Promise<void>;
  /** Starts listening; `onPayload` gets every payload of the channel. Resolves to a stop function. */
  listen(onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The text of a send, for the recipients on this process. */
  readSend(sendId: number): Promise<LiveNotification | null>;
}

export function createNotificationBus(log: Logger, cross?: CrossProcess): NotificationBus {
  const listeners = new Map<number, Set<NotificationListener>>();
  let count = 0;
  let stop: Promise<() => Promise<void>> | null = null;

  const deliver = (userIds: readonly number[], item: LiveNotification) => {
    for (const id of userIds) {
      const set = listeners.get(id);
      if (!set) continue;
      for (const listener of set) {
        try {
          listener(item);
        } catch (err) {
          log.error({ err, userId: id }, 'a notification listener failed');
        }
      }
    }
  };

  const onPayload = (payload: string) => {
    let parsed: { p?: unknown; s?: unknown; u?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.p === cross!.processId || typeof parsed.s !== 'number' || !Array.isArray(parsed.u)) return;
    const here = (parsed.u as unknown[]).filter((id): id is number => typeof id === 'number' && listeners.has(id));
    if (here.length === 0) return;
    cross!
      .readSend(parsed.s)
      .then((item) => item && deliver(here, item))
      .catch((err: unknown) => log.error({ err, sendId: parsed.s }, 'a notification from another process could not be read'));
  };

  return {
    get listenerCount() {
      return count;
    },
    publish(userIds, item, sendId) {
      deliver(userIds, item);
      if (!cross || sendId === undefined || userIds.length === 0) return;
      cross.notify(JSON.stringify({ p: cross.processId, s: sendId, u: userIds })).catch((err: unknown) => log.error({ err, sendId }, 'notification not sent to the other processes'));
    },
    subscribe(userId, listener) {
      if (cross && !stop) {
        stop = cross.listen(onPayload);
        stop.catch((err: unknown) => {
          log.error({ err }, 'notifications: could not listen to the other processes');
          stop = null;
        });
      }
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      count += 1;
      return () => {
        if (!set.delete(listener)) return;
        count -= 1;
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async close() {
      listeners.clear();
      count = 0;
      const stopping = stop;
      stop = null;
      if (stopping) await (await stopping.catch(() => async () => undefined))();
    },
  };
}
