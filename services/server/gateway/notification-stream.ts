import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NotificationBus } from '@/services/server/notifications/bus';
import { STREAM_RECONNECT_FRAME } from '@/services/domain/rooms';

/**
 * The notification stream (docs/notifications.md): `GET /api/notifications/events`, Server-Sent
 * Events carrying each notification delivered to the signed-in player while the app is open. It
 * carries nothing old: the list (`get_notifications`) is the record; a page that (re)connects
 * reads it again.
 */

/** An SSE response's head, sent at once, its socket without Nagle's delay (room and notification streams). */
export function startEventStream(res: ServerResponse, requestId: string): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': requestId,
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
}

export const NOTIFICATION_STREAM_PATH = 'notifications/events';

/** A stream whose client reads nothing is cut when this much waits for it (it reconnects). */
const MAX_BUFFERED_BYTES = 256 * 1024;

export interface NotificationStreams {
  open(req: IncomingMessage, res: ServerResponse, stream: { userId: number; requestId: string }): void;
  readonly openCount: number;
  close(): void;
}

export function createNotificationStreams(bus: NotificationBus, heartbeatMs: number): NotificationStreams {
  const open = new Map<ServerResponse, () => void>();
  let heartbeat: NodeJS.Timeout | null = null;

  const write = (res: ServerResponse, text: string) => {
    if (res.destroyed || res.writableEnded) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      res.destroy();
      return;
    }
    res.write(text);
  };

  return {
    get openCount() {
      return open.size;
    },
    open(req, res, { userId, requestId }) {
      startEventStream(res, requestId);
      write(res, 'event: ready\ndata: {}\n\n');
      // JSON.stringify keeps the data on one line, as SSE needs.
      const unsubscribe = bus.subscribe(userId, (item) => write(res, `event: notification\ndata: ${JSON.stringify(item)}\n\n`));
      const end = () => {
        if (!open.delete(res)) return;
        unsubscribe();
        if (open.size === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = null;
        }
      };
      open.set(res, end);
      res.once('close', end);
      req.resume();
      heartbeat ??= setInterval(() => {
        for (const r of open.keys()) write(r, ': heartbeat\n\n');
      }, heartbeatMs).unref();
    },
    close() {
      for (const [res, end] of [...open]) {
        end();
        if (!res.destroyed && !res.writableEnded) res.end(STREAM_RECONNECT_FRAME);
      }
    },
  };
}
