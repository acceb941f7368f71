import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';

/**
 * A stopping instance's connections, ended without cutting a call (docs/deploy.md, "Stopping and
 * restarting without losing a call"; decision 041). Two moments of a stop can cut a call a proxy
 * has already sent, and a proxy never sends a POST it has sent once to another instance:
 *
 * 1. Closing the listener. The kernel completes a connection's handshake before the process takes
 *    it (one per turn of the event loop), so a proxy may have opened a connection and written its
 *    call while the call waits to be taken. Closing the listener then resets it. So the listener is
 *    closed only once nothing waits to be taken: the queue is read from /proc/net/tcp (Linux), and
 *    each turn takes one more until it is empty. Elsewhere the listener closes at once.
 * 2. Closing an idle keep-alive connection. A proxy may be writing a call on it at that moment.
 *    A proxy's connection (its calls carry X-Forwarded-For) is closed only after it has been idle
 *    longer than the proxy keeps an idle connection (`keepalive_timeout 4s` in the shipped nginx
 *    file), so the proxy closes it first; the calls that still come on it are answered with
 *    `Connection: close` (server.ts). A browser's own idle connection is closed at once: browsers
 *    send a call again when a connection they reused closes before answering.
 */

/** A proxy's connection idle this long is closed; the shipped nginx file closes its own after 4 s. */
export const PROXY_IDLE_CLOSE_MS = 5000;

/** How long the listener waits for its queue to empty before it closes anyway. */
export const LISTENER_QUEUE_WAIT_MS = 1000;

interface ConnectionState {
  /** Calls read and not answered yet. */
  busy: number;
  /** Streams open on it (a room's, the notifications', a live game's). */
  streams: number;
  /** When the last answer ended (or the connection opened). */
  idleSince: number;
  /** A request on it came through a proxy (X-Forwarded-For or Forwarded). */
  viaProxy: boolean;
}

export interface ListenerClosed {
  /** Turns of the event loop the close waited for the queue to empty. */
  turns: number;
  /** Connections still waiting when it closed (0 when it waited them out; null where unknown). */
  leftWaiting: number | null;
}

export interface ConnectionsEnded {
  /** Idle connections this instance closed. */
  closedIdle: number;
  /** Connections closed with a stream still open on them (their clients open it again elsewhere). */
  streamsEnded: number;
  /** Connections cut at the deadline (a call still running, or a proxy's connection not idle long enough). */
  cut: number;
}

export interface ConnectionDrain {
  /** Open connections now. */
  readonly open: number;
  /** Counts a request on its connection until answered: call it for every request, as it is read. `stream`: it opens a stream. */
  track(req: http.IncomingMessage, res: http.ServerResponse, stream?: boolean): void;
  /**
   * `track` without a listener of its own, for a server that already waits for each response's
   * 'close' (server.ts): `begin` as the request is read, `end` once, when its response closed.
   */
  begin(req: http.IncomingMessage, stream: boolean): void;
  end(req: http.IncomingMessage, stream: boolean): void;
  /** Stops taking connections once none waits to be taken (or after `maxWaitMs`). */
  closeListener(options?: { maxWaitMs?: number }): Promise<ListenerClosed>;
  /**
   * Resolves once every connection is gone: each closed by its client, after its last answer
   * (`Connection: close`), or by this instance once idle (a proxy's: `proxyIdleCloseMs`). A
   * connection whose only request is a stream still open is closed at once (nothing is written on
   * it meanwhile; the client opens the stream again). At `deadline` (epoch ms) the ones left are cut.
   */
  endConnections(options: { deadline: number; proxyIdleCloseMs?: number }): Promise<ConnectionsEnded>;
}

export interface ConnectionDrainOptions {
  now?: () => number;
  /** Connections waiting to be taken by the listener; null where it cannot be known. */
  acceptQueue?: (server: net.Server) => number | null;
}

/** How often `endConnections` looks at the idle connections. */
const IDLE_CHECK_MS = 100;

export function createConnectionDrain(server: http.Server, options: ConnectionDrainOptions = {}): ConnectionDrain {
  const now = options.now ?? Date.now;
  const acceptQueue = options.acceptQueue ?? acceptQueueLength;
  const connections = new Map<Socket, ConnectionState>();

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, streams: 0, idleSince: now(), viaProxy: false });
    socket.once('close', () => connections.delete(socket));
  });

  /** Counts the request on its connection; false when the connection is not known (already closed). */
  function begin(req: http.IncomingMessage, stream: boolean): boolean {
    const state = connections.get(req.socket);
    if (!state) return false;
    if (stream) state.streams += 1;
    else state.busy += 1;
    if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) state.viaProxy = true;
    return true;
  }

  function end(req: http.IncomingMessage, stream: boolean): void {
    // A closed connection left the map with its counts.
    const state = connections.get(req.socket);
    if (!state) return;
    if (stream) state.streams -= 1;
    else state.busy -= 1;
    state.idleSince = now();
  }

  return {
    get open() {
      return connections.size;
    },

    track(req, res, stream = false) {
      if (!begin(req, stream)) return;
      // A response emits 'close' once, after its end or when its connection went first.
      res.once('close', () => end(req, stream));
    },
    begin,
    end,

    closeListener({ maxWaitMs = LISTENER_QUEUE_WAIT_MS } = {}) {
      const giveUpAt = now() + maxWaitMs;
      let turns = 0;
      return new Promise((resolve) => {
        const attempt = () => {
          const waiting = acceptQueue(server);
          if (waiting === null || waiting === 0 || now() >= giveUpAt) {
            // http.Server.close() would also close the idle connections at once: see 2. above.
            net.Server.prototype.close.call(server);
            resolve({ turns, leftWaiting: waiting });
            return;
          }
          // The poll phase of the next turn takes one more connection.
          turns += 1;
          setImmediate(attempt);
        };
        attempt();
      });
    },

    endConnections({ deadline, proxyIdleCloseMs = PROXY_IDLE_CLOSE_MS }) {
      let closedIdle = 0;
      let streamsEnded = 0;
      return new Promise((resolve) => {
        const look = () => {
          const t = now();
          if (t >= deadline) {
            const cut = connections.size;
            for (const socket of connections.keys()) socket.destroy();
            resolve({ closedIdle, streamsEnded, cut });
            return;
          }
          for (const [socket, state] of connections) {
            if (state.busy > 0) continue;
            if (state.streams > 0) {
              socket.destroy();
              connections.delete(socket);
              streamsEnded += 1;
              continue;
            }
            if (state.viaProxy && t - state.idleSince < proxyIdleCloseMs) continue;
            socket.destroy();
            connections.delete(socket);
            closedIdle += 1;
          }
          if (connections.size === 0) {
            resolve({ closedIdle, streamsEnded, cut: 0 });
            return;
          }
          setTimeout(look, Math.min(IDLE_CHECK_MS, Math.max(0, deadline - t)));
        };
        look();
      });
    },
  };
}

/**
 * Connections the kernel has completed and the listener has not taken yet, read from
 * /proc/net/tcp and tcp6 (a listening socket's rx_queue is its accept queue). Null where there is
 * no /proc or the socket is not found.
 */
export function acceptQueueLength(server: net.Server): number | null {
  const fd = (server as unknown as { _handle?: { fd?: number } | null })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) return null;
  let inode: string;
  try {
    const link = fs.readlinkSync(`/proc/self/fd/${fd}`);
    const match = /^socket:\[(\d+)\]$/.exec(link);
    if (!match) return null;
    inode = match[1]!;
  } catch {
    return null;
  }
  for (const table of ['/proc/net/tcp6', '/proc/net/tcp']) {
    let text: string;
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    const queue = queueOfInode(text, inode);
    if (queue !== null) return queue;
  }
  return null;
}

/** The rx_queue of the socket with this inode in a /proc/net/tcp table, or null. */
export function queueOfInode(table: string, inode: string): number | null {
  // Columns: sl local rem st tx_queue:rx_queue tr:when retrnsmt uid timeout inode ...
  const needle = ` ${inode} `;
  for (const line of table.split('\n')) {
    if (!line.includes(needle)) continue;
    const columns = line.trim().split(/\s+/);
    if (columns[9] !== inode) continue;
    const queues = columns[4]?.split(':');
    if (!queues || queues.length !== 2) return null;
    const rx = Number.parseInt(queues[1]!, 16);
    return Number.isFinite(rx) ? rx : null;
  }
  return null;
}
