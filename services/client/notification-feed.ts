import { SseParser } from '@/services/client/room-feed';
import { STREAM_RECONNECT_EVENT } from '@/services/domain/rooms';

/**
 * The player's live notifications (docs/notifications.md): `GET /api/notifications/events` with
 * the session token in a header (EventSource cannot send one), read as Server-Sent Events. Each
 * `notification` event is handed over; a dropped stream is opened again with back-off. A refused
 * stream (401: signed out or deactivated) is not: the next call of the page deals with that.
 */

export interface LiveNotification {
  title: string;
  message: string;
  image: string | null;
  link: string | null;
  type: string;
  created_at: string;
}

export interface FeedOptions {
  token: string;
  onNotification: (n: LiveNotification) => void;
  /** The stream is (re)connected: anything sent meanwhile is in the list, not the stream. */
  onConnected?: () => void;
  fetchImpl?: typeof fetch;
  backoff?: { firstMs: number; maxMs: number };
}

/** Starts the feed; returns the function that stops it. */
export function startNotificationFeed({ token, onNotification, onConnected, fetchImpl = fetch, backoff = { firstMs: 1000, maxMs: 30_000 } }: FeedOptions): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;

  const again = () => {
    if (stopped) return;
    const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** attempt++);
    retry = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    controller = new AbortController();
    let res: Response;
    try {
      // Low priority: a stream that stays open must not compete with what the page loads.
      res = await fetchImpl('/api/notifications/events', {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: controller.signal,
        priority: 'low',
      });
    } catch {
      again();
      return;
    }
    if (res.status === 401 || res.status === 403) return;
    if (!res.ok || !res.body) {
      again();
      return;
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    /** The server is draining for a restart: reconnect at once (another instance answers). */
    let moving = false;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          if (event.event === STREAM_RECONNECT_EVENT) {
            moving = true;
          } else if (event.event === 'ready') {
            attempt = 0;
            onConnected?.();
          } else if (event.event === 'notification') {
            try {
              onNotification(JSON.parse(event.data) as LiveNotification);
            } catch {
              // Not ours to crash on: a malformed event is skipped.
            }
          }
        }
      }
    } catch {
      // Aborted (stopped) or the connection dropped.
    }
    if (moving && !stopped) {
      attempt = 0;
      void connect();
      return;
    }
    again();
  };

  void connect();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    controller?.abort();
  };
}
