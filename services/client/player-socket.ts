import { SOCKET_CLOSE_RESTART, SOCKET_CLOSE_UNAUTHORISED, SOCKET_PATH } from '@/services/domain/player-socket';
import { backoffDelay, SseParser } from '@/services/client/sse-stream';
import {
  createRoomFollower,
  MAX_QUICK_RESYNCS,
  STALL_MS,
  type RoomDeltaListener,
  type RoomDocListener,
  type RoomFeed,
  type RoomFeedStatus,
  type RoomFollower,
  type RoomStatusListener,
  type RoomSubscription,
} from '@/services/client/room-feed';

/**
 * The browser's side of the player's socket (docs/rooms.md, "The socket"; decision 060): one
 * WebSocket per signed-in player carrying the battle's room calls up and its rooms' frames down,
 * instead of an HTTP call per answer and a stream per room. It is a RoomFeed like the room stream's
 * (the battle machines cannot tell them apart) and a way for the room calls (`call`), used while
 * the socket is ready.
 *
 * The socket opens when a room is first followed and closes a while after the last one is let go.
 * When it drops it opens again with back-off (0.5 s doubling up to 5 s), says hello, and follows
 * its rooms again from the versions it holds; a server that restarts says so first, and the socket
 * opens again at once. Where a socket cannot be had at all (no WebSocket, or a proxy that does not
 * pass the upgrade: `FALLBACK_AFTER` attempts without ever being ready), the rooms it follows go to
 * the room stream instead (`fallback`), and the calls stay HTTP calls.
 */

/** Attempts that never got to `ready` before the rooms move to the room stream for good. */
export const FALLBACK_AFTER = 2;
/** The socket stays open this long after its last room was let go (the next battle reuses it). */
export const IDLE_CLOSE_MS = 30_000;

type SocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close'> & {
  onopen: ((this: never, ev: Event) => unknown) | null;
  onmessage: ((this: never, ev: MessageEvent) => unknown) | null;
  onclose: ((this: never, ev: CloseEvent) => unknown) | null;
  onerror: ((this: never, ev: Event) => unknown) | null;
};

export interface PlayerSocketOptions {
  /** The WebSocket constructor; the page's by default (none: the socket is never tried). */
  readonly WebSocket?: (new (url: string) => SocketLike) | null;
  /** ws(s)://host of the API; the page's own by default. */
  readonly baseUrl?: string;
  /** Where rooms go when no socket can be had: the room stream's feed. */
  readonly fallback: RoomFeed;
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly stallMs?: number;
  readonly idleCloseMs?: number;
  readonly random?: () => number;
  readonly now?: () => number;
}

/** What a call over the socket answered: the HTTP status it would have had and its envelope. */
export interface SocketAnswer {
  readonly status: number;
  readonly body: unknown;
}

export interface PlayerSocket extends RoomFeed {
  /**
   * Sends a room call over the socket when the player's socket is ready; null when it is not (the
   * caller sends it over HTTP). A socket that drops before answering answers status 0.
   */
  call(endpoint: string, input: Record<string, string>, token: string): Promise<SocketAnswer> | null;
  /** Whether rooms go to the room stream for good (no socket could be had). */
  readonly fellBack: boolean;
}

interface Followed {
  readonly roomId: string;
  readonly follower: RoomFollower;
  readonly parser: { current: SseParser };
  readonly report: (status: RoomFeedStatus) => void;
  /** Set by a gap: the next follow asks for the whole document. */
  resyncing: boolean;
  stopped: boolean;
  /** Its subscription on the room stream, once moved there (fallback). */
  moved: RoomSubscription | null;
  readonly onDoc: RoomDocListener;
  readonly onStatus: RoomStatusListener;
  readonly onDelta: RoomDeltaListener | undefined;
}

export function createPlayerSocket(options: PlayerSocketOptions): PlayerSocket {
  const SocketImpl = options.WebSocket === undefined ? (typeof WebSocket === 'undefined' ? null : (WebSocket as unknown as new (url: string) => SocketLike)) : options.WebSocket;
  const minDelay = options.minDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 5000;
  const stallMs = options.stallMs ?? STALL_MS;
  const idleCloseMs = options.idleCloseMs ?? IDLE_CLOSE_MS;
  const random = options.random ?? Math.random;
  const localNow = options.now ?? Date.now;
  let offsetMs = 0;
  let fellBack = SocketImpl === null;

  /** The one connection (of the token in use). */
  let token: string | null = null;
  let ws: SocketLike | null = null;
  let ready = false;
  let failures = 0;
  /** Attempts in a row that never got to `ready`. */
  let unready = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stall: ReturnType<typeof setTimeout> | null = null;
  let idle: ReturnType<typeof setTimeout> | null = null;
  const rooms = new Map<string, Followed>();
  let nextCallId = 1;
  const pending = new Map<number, (answer: SocketAnswer) => void>();

  const wsUrl = () => {
    if (options.baseUrl !== undefined) return `${options.baseUrl}${SOCKET_PATH}`;
    const { protocol, host } = window.location;
    return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${SOCKET_PATH}`;
  };

  const sendJson = (message: unknown) => {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(message));
  };

  const armStall = () => {
    if (stall) clearTimeout(stall);
    stall = setTimeout(() => ws?.close(), stallMs);
  };

  function follow(room: Followed) {
    // Before the hello is answered nothing is followed: `ready` follows every room then.
    if (!ready) return;
    room.parser.current = new SseParser();
    const after = room.resyncing ? null : room.follower.version;
    room.resyncing = false;
    sendJson({ t: 'follow', room: room.roomId, after });
  }

  function connect() {
    if (ws || !token || fellBack) return;
    const socket = new SocketImpl!(wsUrl());
    ws = socket;
    ready = false;
    let restart = false;
    /** This socket got to `ready` (a restart later unsets `ready`, not this). */
    let wasReady = false;
    socket.onopen = () => {
      socket.send(JSON.stringify({ t: 'hello', token }));
      armStall();
    };
    socket.onmessage = (event: MessageEvent) => {
      armStall();
      const text = String(event.data);
      if (text.startsWith('{')) {
        let message: { t?: string; id?: number; status?: number; body?: unknown; room?: string; now?: number };
        try {
          message = JSON.parse(text);
        } catch {
          return;
        }
        if (message.t === 'ready') {
          ready = true;
          wasReady = true;
          failures = 0;
          unready = 0;
          if (typeof message.now === 'number') offsetMs = message.now - localNow();
          for (const room of rooms.values()) if (!room.moved) follow(room);
        } else if (message.t === 'reply' && typeof message.id === 'number') {
          pending.get(message.id)?.({ status: message.status ?? 0, body: message.body });
          pending.delete(message.id);
        } else if (message.t === 'unfollowed' && typeof message.room === 'string') {
          const room = rooms.get(message.room);
          if (!room) return;
          // Not a member (or no such room): final, as the stream's 404.
          if (message.status === 404) {
            room.report('not_found');
            drop(room);
          } else room.report('reconnecting');
        } else if (message.t === 'reconnect') {
          // The server stops: new calls go over HTTP meanwhile; the replies still due come here.
          restart = true;
          ready = false;
        }
        return;
      }
      const newline = text.indexOf('\n');
      const room = rooms.get(text.slice(0, newline));
      if (!room || room.moved) return;
      room.report('live');
      for (const frame of room.parser.current.push(text.slice(newline + 1))) room.follower.receive(frame);
    };
    socket.onerror = () => undefined;
    socket.onclose = (event: CloseEvent) => {
      if (ws !== socket) return;
      ws = null;
      if (stall) clearTimeout(stall);
      stall = null;
      for (const answer of pending.values()) answer({ status: 0, body: null });
      pending.clear();
      ready = false;
      if (event.code === SOCKET_CLOSE_UNAUTHORISED) {
        for (const room of [...rooms.values()]) {
          room.report('unauthorised');
          drop(room);
        }
        return;
      }
      if (rooms.size === 0) return;
      // A restart says so: the next attempt starts at once, and nothing is reported (the member
      // sees no break, as with the room stream's reconnect event).
      const restarting = restart || event.code === SOCKET_CLOSE_RESTART;
      if (!wasReady && !restarting) unready += 1;
      if (unready >= FALLBACK_AFTER) return fallBack();
      if (!restarting) for (const room of rooms.values()) room.report('reconnecting');
      const delay = restarting ? 0 : backoffDelay(failures, minDelay, maxDelay, random);
      if (!restarting) failures += 1;
      retry = setTimeout(() => {
        retry = null;
        connect();
      }, delay);
    };
  }

  /** No socket can be had here: every room followed, now and later, goes to the room stream. */
  function fallBack() {
    fellBack = true;
    for (const room of rooms.values()) moveToStream(room);
  }

  function moveToStream(room: Followed) {
    if (room.moved || room.stopped) return;
    room.moved = options.fallback.subscribe(room.roomId, token!, room.onDoc, room.onStatus, room.onDelta);
  }

  function drop(room: Followed) {
    room.stopped = true;
    room.moved?.();
    if (rooms.get(room.roomId) === room) rooms.delete(room.roomId);
    if (ws && ws.readyState === 1) sendJson({ t: 'unfollow', room: room.roomId });
    if (rooms.size === 0) {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => {
        idle = null;
        if (rooms.size > 0) return;
        if (retry) clearTimeout(retry);
        retry = null;
        const socket = ws;
        ws = null;
        ready = false;
        socket?.close();
      }, idleCloseMs);
    }
  }

  return {
    get fellBack() {
      return fellBack;
    },
    serverNow: () => localNow() + (fellBack ? options.fallback.serverNow() - localNow() : offsetMs),
    call(endpoint, input, callToken) {
      if (!ready || !ws || callToken !== token) return null;
      const id = nextCallId++;
      return new Promise<SocketAnswer>((resolve) => {
        pending.set(id, resolve);
        sendJson({ t: 'call', id, name: endpoint, input });
      });
    },
    subscribe(roomId, subscriberToken, onDoc, onStatus = () => undefined, onDelta) {
      let status: RoomFeedStatus | null = null;
      const parser = { current: new SseParser() };
      const room: Followed = {
        roomId,
        parser,
        follower: null as unknown as RoomFollower,
        report: (next) => {
          if (room.stopped || status === next) return;
          status = next;
          onStatus(next);
        },
        resyncing: false,
        stopped: false,
        moved: null,
        onDoc,
        onStatus,
        onDelta,
      };
      (room as { follower: RoomFollower }).follower = createRoomFollower(roomId, onDoc, onDelta, {
        resync: () => {
          room.follower.forget();
          room.resyncing = true;
          // The server sends the whole current document when the room is followed again.
          if (room.follower.quickResyncs > MAX_QUICK_RESYNCS) {
            room.report('reconnecting');
            ws?.close();
            return;
          }
          // Followed again from nothing: the server stops the earlier following and sends the whole document.
          follow(room);
        },
        // The server restarts: the socket closes next and opens again at once.
        reconnect: () => undefined,
        clock: (serverTime) => {
          offsetMs = serverTime - localNow();
        },
      });
      if (idle) clearTimeout(idle);
      idle = null;
      // Another player on this page (signed out and in): the socket is theirs from now on.
      if (token !== subscriberToken) {
        const old = ws;
        ws = null;
        ready = false;
        old?.close();
        token = subscriberToken;
      }
      const previous = rooms.get(roomId);
      if (previous) drop(previous);
      rooms.set(roomId, room);
      room.report('connecting');
      if (fellBack) moveToStream(room);
      else if (ready) follow(room);
      else connect();
      return Object.assign(() => drop(room), {
        resync: () => {
          if (room.stopped) return;
          if (room.moved) room.moved.resync?.();
          else {
            room.follower.forget();
            room.resyncing = true;
            if (ready) follow(room);
          }
        },
      });
    },
  };
}
