import { isNewerRoom, STREAM_RECONNECT_EVENT, type RoomDocument } from '@/services/domain/rooms';
import { applyRoomDelta, deltaApplies, type RoomDelta } from '@/services/domain/room-events';
import { backoffDelay, readSse, type SseEvent } from '@/services/client/sse-stream';

/**
 * The browser's side of the room stream (docs/rooms.md, "The room stream"): reads
 * `GET /api/rooms/<id>/events` with `fetch`, so the api_token travels in the Authorization header
 * and never in a URL (EventSource cannot send headers). Every version of the room is handed to
 * `onDoc` once, in order: duplicates and older versions are dropped by `version`. The server sends
 * the whole document first, then each new version as a delta (`event: delta`, services/domain/
 * room-events.ts), which the feed folds into the document it holds with the server's own reducer;
 * a delta that does not follow the held version (a gap) makes the feed resync: it reconnects at
 * once without `Last-Event-ID`, so the server sends the whole current document first (nothing is
 * reported: the member sees no change). A subscriber that folds deltas itself (the battle machines,
 * machines/battle-play/battle-room.ts) passes `onDelta`: it then gets each newer delta as it
 * came, decides for itself whether it follows what it holds, and calls the subscription's
 * `resync()` on a gap. When the stream drops (network, server restart, a proxy
 * cutting a quiet connection) it reconnects with back-off, 0.5 s doubling up to 5 s, and sends
 * `Last-Event-ID` so the server does not send the version the client already holds.
 *
 * The firestore room store has its own feed (room-feed-firestore.ts) with the same interface.
 */

/**
 * connecting: first attempt; live: the stream is open; reconnecting: it dropped, the next attempt
 * is scheduled; unauthorised: the token was refused (sign in again); not_found: not a member of
 * this room, or no such room. The last two are final.
 */
export type RoomFeedStatus = 'connecting' | 'live' | 'reconnecting' | 'unauthorised' | 'not_found';

export type RoomDocListener = (doc: RoomDocument) => void;
export type RoomStatusListener = (status: RoomFeedStatus) => void;
export type RoomDeltaListener = (delta: RoomDelta) => void;

/** Stops following the room; `resync`, when the feed has deltas, starts again from the whole current document. */
export type RoomSubscription = (() => void) & { readonly resync?: () => void };

export interface RoomFeed {
  /**
   * Follows one room for one member until the returned function is called. Without `onDelta`
   * every version comes to `onDoc` as a document; with it, the versions the stream sends as
   * deltas come to `onDelta` (each newer than the last one handed over), the others to `onDoc`.
   */
  subscribe(roomId: string, token: string, onDoc: RoomDocListener, onStatus?: RoomStatusListener, onDelta?: RoomDeltaListener): RoomSubscription;
  /** The server's time now (epoch ms) as last learnt from a stream; the local clock until then. */
  serverNow(): number;
}

// ---- Server-Sent Events parsing: services/client/sse-stream.ts ----

export { SseParser, type SseEvent } from '@/services/client/sse-stream';

// ---- One room's frames, whatever carries them ----

export interface RoomFollowerHooks {
  /** A delta that does not follow what is held (or cannot be read): start again from the whole document. */
  resync(): void;
  /** The server says it restarts: connect again at once, keeping what is held. */
  reconnect(): void;
  /** The server's clock (epoch ms), as a frame told it. */
  clock(serverTime: number): void;
}

export interface RoomFollower {
  /** Reads one frame of the room (the stream's event, or the same event off the socket). */
  receive(event: SseEvent): void;
  /** The version last handed over (a document's, or a delta's when the subscriber folds them); null before the first. */
  readonly version: number | null;
  /** Resyncs since a document was last handed over. */
  readonly quickResyncs: number;
  /** Drops what is held: the whole current document comes next, whatever its version (a resync). */
  forget(): void;
}

/**
 * What the room stream's feed and the socket's feed (player-socket.ts) share: every version of one
 * room handed to `onDoc` once, in order, duplicates and older versions dropped by `version`;
 * deltas folded with the server's reducer, or handed to `onDelta` when the subscriber folds them
 * itself; a gap reported to `hooks.resync`.
 */
export function createRoomFollower(roomId: string, onDoc: RoomDocListener, onDelta: RoomDeltaListener | undefined, hooks: RoomFollowerHooks): RoomFollower {
  let held: RoomDocument | null = null;
  /** The version last handed over (a document's, or a delta's when the subscriber folds them). */
  let version: number | null = null;
  /** Resyncs since a document was last handed over: past MAX_QUICK_RESYNCS they wait the back-off. */
  let quickResyncs = 0;

  return {
    get version() {
      return version;
    },
    get quickResyncs() {
      return quickResyncs;
    },
    forget() {
      quickResyncs += 1;
      // What was handed over no longer counts: the whole current document comes next, whatever its version.
      held = null;
      version = null;
    },
    receive(event) {
      if (event.event === STREAM_RECONNECT_EVENT) return hooks.reconnect();
      if (event.event === 'clock') {
        const serverTime = Number(event.data);
        if (Number.isFinite(serverTime)) hooks.clock(serverTime);
        return;
      }
      if (event.event === 'delta') {
        let delta: RoomDelta;
        try {
          delta = JSON.parse(event.data) as RoomDelta;
        } catch {
          return hooks.resync();
        }
        if (delta.id !== roomId || (version !== null && delta.version <= version)) return;
        if (onDelta) {
          version = delta.version;
          onDelta(delta);
          return;
        }
        if (!deltaApplies(held, delta)) return hooks.resync();
        let doc: RoomDocument;
        try {
          doc = applyRoomDelta(held!, delta);
        } catch {
          return hooks.resync();
        }
        held = doc;
        version = doc.version;
        quickResyncs = 0;
        onDoc(doc);
        return;
      }
      if (event.event !== 'room') return;
      let doc: RoomDocument;
      try {
        doc = JSON.parse(event.data) as RoomDocument;
      } catch {
        return;
      }
      if (doc.id !== roomId || (version !== null && doc.version <= version) || !isNewerRoom(held, doc)) return;
      held = doc;
      version = doc.version;
      quickResyncs = 0;
      onDoc(doc);
    },
  };
}

// ---- The feed ----

export interface RoomFeedOptions {
  /** Defaults to the page's fetch. */
  readonly fetch?: typeof fetch;
  /** Origin of the API; '' (the page's own) by default. */
  readonly baseUrl?: string;
  /** Back-off between attempts: first delay and ceiling (ms). */
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
  /**
   * A stream that brings nothing, not even a heartbeat (15 s), for this long is treated as dead:
   * a connection can die without either side being told.
   */
  readonly stallMs?: number;
  /** [0, 1): spreads reconnects of many clients after a server restart (±20 %). */
  readonly random?: () => number;
  /** The local clock (epoch ms); tests pass their own. */
  readonly now?: () => number;
}

/** A stream that brings nothing this long is treated as dead (the socket's feed uses it too). */
export const STALL_MS = 45_000;
/** A stream that keeps sending deltas the feed cannot fold is not reopened in a tight loop. */
export const MAX_QUICK_RESYNCS = 2;

export function createRoomFeed(options: RoomFeedOptions = {}): RoomFeed {
  const minDelay = options.minDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 5000;
  const stallMs = options.stallMs ?? STALL_MS;
  const random = options.random ?? Math.random;
  const baseUrl = options.baseUrl ?? '';
  const localNow = options.now ?? Date.now;
  /** Server clock minus local clock, from the stream's `clock` events. */
  let offsetMs = 0;

  return {
    serverNow: () => localNow() + offsetMs,
    subscribe(roomId, token, onDoc, onStatus = () => undefined, onDelta) {
      const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
      const url = `${baseUrl}/api/rooms/${encodeURIComponent(roomId)}/events`;
      let stopped = false;
      let failures = 0;
      let controller: AbortController | null = null;
      let retry: ReturnType<typeof setTimeout> | null = null;
      let stall: ReturnType<typeof setTimeout> | null = null;
      let status: RoomFeedStatus | null = null;
      /** Set by a gap: the next connection asks for the whole document. */
      let resyncing = false;
      /** Set by the server's reconnect event (it drains for a restart): the next connection starts at once. */
      let moving = false;

      const report = (next: RoomFeedStatus) => {
        if (stopped || status === next) return;
        status = next;
        onStatus(next);
      };

      const clearStall = () => {
        if (stall) clearTimeout(stall);
        stall = null;
      };
      const armStall = (attempt: AbortController) => {
        clearStall();
        stall = setTimeout(() => attempt.abort(), stallMs);
      };

      const follower = createRoomFollower(roomId, onDoc, onDelta, {
        resync,
        // The server drains for a restart: the next connection starts at once, keeps the version
        // held, and nothing is reported (the member sees no break).
        reconnect: () => {
          moving = true;
        },
        clock: (serverTime) => {
          offsetMs = serverTime - localNow();
        },
      });
      const receive = (event: SseEvent) => follower.receive(event);

      /** The held document fell behind the stream: start again from the whole current document. */
      function resync() {
        follower.forget();
        resyncing = true;
        controller?.abort();
      }

      async function attempt() {
        const attemptController = new AbortController();
        controller = attemptController;
        const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
        if (follower.version !== null && !resyncing) headers['last-event-id'] = String(follower.version);
        resyncing = false;
        try {
          const res = await fetchImpl(url, { headers, signal: attemptController.signal, cache: 'no-store' });
          if (!res.ok || !res.body) {
            await res.body?.cancel().catch(() => undefined);
            if (res.status === 401) return finish('unauthorised');
            if (res.status === 404) return finish('not_found');
            // 503 (maintenance, a server starting) and other failures: try again later.
            return dropped();
          }
          failures = 0;
          report('live');
          armStall(attemptController);
          await readSse(res.body, receive, { onChunk: () => armStall(attemptController), stopped: () => stopped });
        } catch {
          // Network failure, abort by the stall timer or by unsubscribe: handled below.
        } finally {
          clearStall();
        }
        if (moving && !stopped) {
          moving = false;
          void attempt();
          return;
        }
        if (resyncing && !stopped && follower.quickResyncs <= MAX_QUICK_RESYNCS) {
          // Not a lost connection: the next one starts at once, and nothing is reported.
          void attempt();
          return;
        }
        dropped();
      }

      function dropped() {
        if (stopped) return;
        report('reconnecting');
        const delay = backoffDelay(failures, minDelay, maxDelay, random);
        failures += 1;
        retry = setTimeout(() => {
          retry = null;
          void attempt();
        }, delay);
      }

      function finish(final: RoomFeedStatus) {
        report(final);
        stop();
      }

      function stop() {
        stopped = true;
        if (retry) clearTimeout(retry);
        retry = null;
        clearStall();
        controller?.abort();
      }

      report('connecting');
      void attempt();
      return Object.assign(() => stop(), {
        resync: () => {
          if (!stopped) resync();
        },
      });
    },
  };
}

/** The page's embedded room feed. */
export const roomFeed: RoomFeed = createRoomFeed();
