import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  SOCKET_CALLS,
  SOCKET_CLOSE_NO_HELLO,
  SOCKET_CLOSE_PROTOCOL,
  SOCKET_CLOSE_RESTART,
  SOCKET_CLOSE_UNAUTHORISED,
  SOCKET_PATH,
} from '@/services/domain/player-socket';
import { isApiError } from '@/services/server/gateway/api-error';
import { parseRoomId, type FrameSink, type Following, type RoomStreams } from '@/services/server/gateway/room-stream';
import type { AuthUser } from '@/services/server/accounts/sessions';
import { SpreadTimer } from '@/services/server/ops/spread-timer';

/**
 * The player's socket (docs/rooms.md, "The socket"; decision 060): `GET /api/socket` upgraded to
 * one WebSocket per player, carrying the battle room calls up and the rooms' frames down. It is a
 * second way for what the HTTP calls and the room stream already do, behind the same endpoints,
 * room service and frames: a call over the socket runs the gateway's own authentication,
 * validation, handler and envelope (`Gateway.callOverSocket`), and a followed room gets the very
 * frames of the room stream (`RoomStreams.follow`), with its presence. What changes is the
 * transport: no HTTP request and response per answer, no headers, one connection both ways.
 *
 * Messages, text:
 * - client → server, JSON: `{"t":"hello","token":"<api_token>"}` first (a browser cannot send an
 *   Authorization header with a WebSocket, and a token never goes in a URL); then
 *   `{"t":"call","id":1,"name":"submit_room_answer","input":{…}}`,
 *   `{"t":"follow","room":"<id>","after":<version held or null>}`, `{"t":"unfollow","room":"<id>"}`.
 * - server → client, JSON: `{"t":"ready","now":<epoch ms>}` after the hello;
 *   `{"t":"reply","id":1,"status":200,"body":<the envelope an HTTP call gets>}`;
 *   `{"t":"unfollowed","room":"<id>","status":404,"body":<envelope>}` when a room cannot be followed;
 *   `{"t":"reconnect"}` before the server closes for a restart (code 1012: connect again at once).
 * - server → client, a room's frame: `<room id>\n<the room stream's SSE frame>` (a room id never
 *   starts with `{`, so the first character tells the two kinds apart).
 *
 * Close codes: 4401 the token is unknown or revoked (sign in again), 4400 a message broke the
 * protocol, 4408 no hello in time, 1012 the server restarts, 1009 a message too large.
 */

export { SOCKET_CALLS, SOCKET_PATH };

/** A message larger than this closes the socket (1009); a room call's input is a few hundred bytes. */
export const SOCKET_MAX_MESSAGE_BYTES = 64 * 1024;
/** Calls of one socket still being answered; one more is refused with `rate_limited`. */
export const SOCKET_MAX_CALLS_IN_FLIGHT = 16;
/** Rooms one socket may follow at once (a player is in one battle; a few more cover a quick switch). */
export const SOCKET_MAX_ROOMS = 8;
/** The hello must come within this long after the upgrade. */
export const SOCKET_HELLO_MS = 10_000;
/** A stopping server closes a socket once its calls are answered, or after this long at most. */
export const SOCKET_DRAIN_MS = 5_000;
/** A ping this often; a socket that did not answer the previous one is cut (a connection can die silently). */
export const SOCKET_PING_MS = 30_000;
/** The sockets are pinged in this many turns of the period, a slice in each (ops/spread-timer.ts). */
const SOCKET_PING_SLICES = 30;

export const CLOSE_UNAUTHORISED = SOCKET_CLOSE_UNAUTHORISED;
export const CLOSE_PROTOCOL = SOCKET_CLOSE_PROTOCOL;
export const CLOSE_NO_HELLO = SOCKET_CLOSE_NO_HELLO;
export const CLOSE_RESTART = SOCKET_CLOSE_RESTART;

export interface PlayerSockets {
  /** Takes an upgrade request for SOCKET_PATH (server.ts's 'upgrade' event). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Sockets open now. */
  readonly openCount: number;
  /** Calls taken over sockets and not answered yet. */
  readonly callsInFlight: number;
  /**
   * A restart (docs/deploy.md): tells every socket to connect again (elsewhere), answers the calls
   * it already took, then closes it (1012). Resolves once every socket was closed.
   */
  close(): Promise<void>;
}

/** Who sent a call over a socket, and when it had arrived (performance.now()). */
export interface SocketCaller {
  readonly token: string;
  readonly ip: string;
  readonly arrivedAt: number;
}

export interface PlayerSocketsOptions {
  /** Runs one call as the gateway runs an HTTP call (Gateway.callOverSocket). */
  readonly call: (name: string, input: unknown, from: SocketCaller) => Promise<{ status: number; body: string }>;
  readonly roomStreams: RoomStreams;
  /** Resolves a hello's token to its player (null: unknown, revoked, expired). */
  readonly findUser: (token: string) => Promise<AuthUser | null>;
  /** The caller's address, as the gateway reads it (X-Forwarded-For behind a trusted proxy). */
  readonly ipOf: (req: IncomingMessage) => string;
  readonly log: Logger;
  readonly pingMs?: number;
  readonly helloMs?: number;
}

interface Client {
  readonly ws: WebSocket;
  readonly ip: string;
  token: string | null;
  userId: number | null;
  /** Calls being answered now. */
  inFlight: number;
  /** Rooms followed: the latest follow of each (`following` null while it starts). */
  readonly rooms: Map<string, { readonly generation: number; following: Following | null }>;
  generation: number;
  alive: boolean;
  /** Set while the server stops: called once the socket's last call was answered. */
  idle: (() => void) | null;
}

const send = (ws: WebSocket, text: string) => {
  if (ws.readyState === WebSocket.OPEN) ws.send(text);
};

export function createPlayerSockets(options: PlayerSocketsOptions): PlayerSockets {
  const { roomStreams, log } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: SOCKET_MAX_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });
  const clients = new Set<Client>();
  let closing = false;

  // Each socket is pinged once per period, the sockets spread over the period (a ping is a write).
  const pings = new SpreadTimer<Client>(options.pingMs ?? SOCKET_PING_MS, SOCKET_PING_SLICES, (slice) => {
    for (const client of slice) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  });

  /** One followed room's frames into the socket. */
  function sinkOf(client: Client, roomId: string): FrameSink {
    const prefix = `${roomId}\n`;
    let ended = false;
    const listeners: (() => void)[] = [];
    const fire = () => {
      if (ended) return;
      ended = true;
      for (const listener of listeners.splice(0)) listener();
    };
    client.ws.once('close', fire);
    return {
      get gone() {
        return ended || client.ws.readyState !== WebSocket.OPEN;
      },
      get buffered() {
        return client.ws.bufferedAmount;
      },
      write(frame) {
        client.ws.send(prefix + frame);
      },
      end(frame) {
        send(client.ws, prefix + frame);
        fire();
      },
      // A client that stopped reading (or a presence that could not be recorded): the socket goes,
      // and the client connects again and follows its rooms from their current documents.
      destroy() {
        client.ws.terminate();
      },
      onClose(listener) {
        if (ended) listener();
        else listeners.push(listener);
      },
    };
  }

  /**
   * Follows a room from `after` (null: the whole current document first). A room followed already
   * is followed again from there (the client resyncs after a gap): the earlier following stops.
   */
  async function follow(client: Client, roomId: string, after: number | null) {
    const held = client.rooms.get(roomId);
    if (held === undefined && client.rooms.size >= SOCKET_MAX_ROOMS) {
      send(client.ws, JSON.stringify({ t: 'unfollowed', room: roomId, status: 429, body: { error: true, message: 'rate_limited', data: null, detail: `a socket follows at most ${SOCKET_MAX_ROOMS} rooms` } }));
      return;
    }
    held?.following?.stop();
    const entry = { generation: (client.generation += 1), following: null as Following | null };
    client.rooms.set(roomId, entry);
    try {
      const following = await roomStreams.follow(sinkOf(client, roomId), { roomId, userId: client.userId!, requestId: `socket-${roomId}`, after });
      if (client.rooms.get(roomId) === entry) entry.following = following;
      else following.stop(); // unfollowed, or followed again, meanwhile
    } catch (error) {
      if (client.rooms.get(roomId) === entry) client.rooms.delete(roomId);
      const code = isApiError(error) ? error.code : '122';
      const status = isApiError(error) ? (code === '102' ? 404 : 400) : 500;
      if (!isApiError(error)) log.error({ err: error, roomId }, 'room not followed on a socket');
      send(client.ws, JSON.stringify({ t: 'unfollowed', room: roomId, status, body: { error: true, message: code, data: null, ...(isApiError(error) && error.detail ? { detail: error.detail } : {}) } }));
    }
  }

  function unfollow(client: Client, roomId: string) {
    const held = client.rooms.get(roomId);
    client.rooms.delete(roomId);
    held?.following?.stop();
  }

  async function call(client: Client, id: number, name: string, input: unknown, arrivedAt: number) {
    const reply = (status: number, body: string) => send(client.ws, `{"t":"reply","id":${id},"status":${status},"body":${body}}`);
    if (!SOCKET_CALLS.has(name)) {
      reply(404, JSON.stringify({ error: true, message: 'not_found', data: null, detail: `${name} is not a call of the socket: send it over HTTP` }));
      return;
    }
    if (client.inFlight >= SOCKET_MAX_CALLS_IN_FLIGHT) {
      reply(429, JSON.stringify({ error: true, message: 'rate_limited', data: null, detail: `at most ${SOCKET_MAX_CALLS_IN_FLIGHT} calls of one socket at once` }));
      return;
    }
    client.inFlight += 1;
    try {
      const answer = await options.call(name, input, { token: client.token!, ip: client.ip, arrivedAt });
      reply(answer.status, answer.body);
    } finally {
      client.inFlight -= 1;
      if (client.inFlight === 0) client.idle?.();
    }
  }

  function protocolError(client: Client, what: string) {
    client.ws.close(CLOSE_PROTOCOL, what.slice(0, 120));
  }

  function receive(client: Client, data: RawData, isBinary: boolean) {
    const arrivedAt = performance.now();
    if (isBinary) return protocolError(client, 'messages are text');
    let message: { t?: unknown; id?: unknown; name?: unknown; input?: unknown; room?: unknown; after?: unknown; token?: unknown };
    try {
      message = JSON.parse(String(data));
    } catch {
      return protocolError(client, 'a message is not JSON');
    }
    if (message === null || typeof message !== 'object') return protocolError(client, 'a message is a JSON object');
    if (client.userId === null) {
      if (message.t !== 'hello' || typeof message.token !== 'string' || message.token === '') return protocolError(client, 'the first message is {"t":"hello","token":…}');
      if (client.token !== null) return; // a second hello while the first is checked
      void hello(client, message.token);
      return;
    }
    switch (message.t) {
      case 'call': {
        const id = message.id;
        if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return protocolError(client, 'a call has a whole-number id');
        if (typeof message.name !== 'string') return protocolError(client, 'a call names its endpoint');
        void call(client, id, message.name, message.input ?? {}, arrivedAt);
        return;
      }
      case 'follow': {
        // A stopping server follows nothing more: the client follows its rooms again on the next one.
        if (closing) return;
        let roomId: string;
        try {
          roomId = parseRoomId(typeof message.room === 'string' ? message.room : '');
        } catch {
          return protocolError(client, 'follow names a room id');
        }
        const after = typeof message.after === 'number' && Number.isSafeInteger(message.after) && message.after >= 0 ? message.after : null;
        void follow(client, roomId, after);
        return;
      }
      case 'unfollow':
        if (typeof message.room === 'string') unfollow(client, message.room);
        return;
      case 'hello':
        return;
      default:
        return protocolError(client, `unknown message ${JSON.stringify(message.t)}`);
    }
  }

  async function hello(client: Client, token: string) {
    client.token = token;
    let user: AuthUser | null = null;
    try {
      user = await options.findUser(token);
    } catch (err) {
      log.error({ err }, 'socket hello not checked');
    }
    if (client.ws.readyState !== WebSocket.OPEN) return;
    if (!user || !user.active) {
      client.ws.close(CLOSE_UNAUTHORISED, 'the token is unknown, expired or revoked');
      return;
    }
    client.userId = user.id;
    send(client.ws, JSON.stringify({ t: 'ready', now: Date.now() }));
  }

  function accept(ws: WebSocket, req: IncomingMessage) {
    const client: Client = { ws, ip: options.ipOf(req), token: null, userId: null, inFlight: 0, rooms: new Map(), generation: 0, alive: true, idle: null };
    clients.add(client);
    pings.add(client);
    const helloTimer = setTimeout(() => {
      if (client.userId === null) ws.close(CLOSE_NO_HELLO, 'no hello');
    }, options.helloMs ?? SOCKET_HELLO_MS);
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('message', (data, isBinary) => receive(client, data, isBinary));
    ws.on('error', () => ws.terminate());
    ws.once('close', () => {
      clearTimeout(helloTimer);
      clients.delete(client);
      pings.delete(client);
      for (const roomId of [...client.rooms.keys()]) unfollow(client, roomId);
    });
    // Frames go as soon as they are written (small messages, latency first).
    (req.socket as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  }

  return {
    upgrade(req, socket, head) {
      if (closing) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, req));
    },
    get openCount() {
      return clients.size;
    },
    get callsInFlight() {
      let n = 0;
      for (const client of clients) n += client.inFlight;
      return n;
    },
    async close() {
      closing = true;
      pings.stop();
      await Promise.all(
        [...clients].map(
          (client) =>
            new Promise<void>((resolve) => {
              // From now on the client sends its calls over HTTP (to another instance); the ones
              // it already sent here are answered before the socket closes.
              send(client.ws, '{"t":"reconnect"}');
              let done = false;
              const finish = () => {
                if (done) return;
                done = true;
                client.idle = null;
                clearTimeout(limit);
                client.ws.close(CLOSE_RESTART, 'the server restarts: connect again');
                // A client that does not answer the close is cut a moment later.
                setTimeout(() => client.ws.terminate(), 1000).unref();
                resolve();
              };
              const limit = setTimeout(finish, SOCKET_DRAIN_MS);
              if (client.inFlight === 0) finish();
              else client.idle = finish;
            }),
        ),
      );
    },
  };
}
