import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { ApiError } from '@/services/server/gateway/api-error';

/**
 * Several server processes on one PostgreSQL database (docs/live.md, "More than one process"): a
 * running game is held by one process at a time (`live_games.holder`, under a lease). A call or a
 * stream for a game held by another process reaches that one through here: the call is sent on
 * with the caller's credentials and its answer comes back as it is; a stream is piped.
 */

/**
 * Thrown where a game is held by another live process: the gateway sends the request there. It is
 * thrown for every call sent on, so it keeps no stack (taking one costs more than the rest of it).
 */
export class LiveHeldElsewhere extends Error {
  readonly gameId: number;
  readonly holder: string;
  /**
   * `input`: the call's input as it came (the gateway, which read the body, throws a new error
   * with it: concurrent loads of one game share the first error).
   */
  readonly input: unknown;

  constructor(gameId: number, holder: string, input: unknown = undefined) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`live game ${gameId} held by ${holder}`);
    Error.stackTraceLimit = limit;
    this.gameId = gameId;
    this.holder = holder;
    this.input = input;
  }
}

/** The header a forwarded request carries: its receiver answers it itself, and never sends it on again. */
export const FORWARDED_HEADER = 'x-live-forwarded';

export const isForwarded = (req: IncomingMessage) => req.headers[FORWARDED_HEADER] !== undefined;

/**
 * The header on a forwarded request's `live_moved` answer: the process it was sent to does not run
 * the game (any more), so the sender stops taking it for the holder.
 */
export const MOVED_HEADER = 'x-live-moved';

/** Calls share a few kept-alive connections; every stream holds one of its own for as long as it is open (never queued behind the others). */
const agents = {
  calls: { http: new http.Agent({ keepAlive: true, maxSockets: 256 }), https: new https.Agent({ keepAlive: true, maxSockets: 256 }) },
  streams: { http: new http.Agent({ keepAlive: false, maxSockets: Infinity }), https: new https.Agent({ keepAlive: false, maxSockets: Infinity }) },
};
/** Headers a live call or stream is decided on; nothing else goes to the holder. */
const PASSED = ['authorization', 'x-live-token', 'accept', 'accept-language', 'last-event-id'] as const;
const RETURNED = ['content-type', 'cache-control', 'x-accel-buffering', 'x-request-id', 'retry-after'] as const;

function headersFor(req: IncomingMessage, clientIp: string): Record<string, string> {
  const out: Record<string, string> = { [FORWARDED_HEADER]: '1', 'x-forwarded-for': clientIp };
  for (const name of PASSED) {
    const v = req.headers[name];
    if (typeof v === 'string') out[name] = v;
  }
  return out;
}

/** The agent for a request to `url`: a stream's own connection, or the calls' kept-alive ones. */
const agentFor = (url: URL, stream: boolean) => (stream ? agents.streams : agents.calls)[url.protocol === 'https:' ? 'https' : 'http'];
const requestFor = (url: URL) => (url.protocol === 'https:' ? https : http).request;
/** What a caller is told when the holder did not answer. */
const holderSilent = (error: Error) => new ApiError('live_moved', { detail: `the server running this game did not answer (${error.message}): try again in a few seconds` });

/** Resolves once the holder's answer went through: `moved` when the holder said it does not run the game. */
function send(url: URL, options: http.RequestOptions, body: string | null, res: ServerResponse, onUpstream?: (upstream: http.ClientRequest) => void): Promise<{ moved: boolean }> {
  return new Promise((resolve, reject) => {
    const out = requestFor(url)(url, { ...options, agent: agentFor(url, onUpstream !== undefined) }, (upstream) => {
      const headers: Record<string, string> = {};
      for (const name of RETURNED) {
        const v = upstream.headers[name];
        if (typeof v === 'string') headers[name] = v;
      }
      const moved = { moved: upstream.headers[MOVED_HEADER] !== undefined };
      res.writeHead(upstream.statusCode ?? 502, headers);
      res.flushHeaders();
      res.socket?.setNoDelay(true);
      upstream.pipe(res);
      upstream.once('end', () => resolve(moved));
      upstream.once('error', () => resolve(moved));
      res.once('close', () => {
        upstream.destroy();
        resolve(moved);
      });
    });
    onUpstream?.(out);
    out.once('error', (error) => {
      if (res.headersSent) {
        res.destroy();
        resolve({ moved: false });
      } else reject(holderSilent(error));
    });
    out.end(body ?? undefined);
  });
}

/** The header of a channel's opening: the id its process gave it (relay.ts). */
export const RELAY_HEADER = 'x-live-relay';
/** The header of a phone put on a channel: `<channel id> <phone id>` (relay.ts). */
export const RELAY_STREAM_HEADER = 'x-live-relay-stream';

/**
 * A request to the holder whose answer is kept here rather than piped: the opening of a channel
 * (`upstream` is its body, left unread) or a phone put on one.
 */
export function askHolder(holder: string, path: string, req: IncomingMessage, clientIp: string, extra: Record<string, string>): Promise<{ upstream: IncomingMessage; out: http.ClientRequest }> {
  const url = new URL(`/api/${path}`, holder);
  return new Promise((resolve, reject) => {
    const out = requestFor(url)(url, { method: 'GET', headers: { ...headersFor(req, clientIp), ...extra }, agent: agentFor(url, path.endsWith('/relay')) }, (upstream) => resolve({ upstream, out }));
    out.once('error', (error) => reject(holderSilent(error)));
    out.end();
  });
}

/** A call (`POST /api/<name>`) answered by the game's holder, its input sent as JSON. */
export function forwardCall(holder: string, name: string, req: IncomingMessage, input: unknown, clientIp: string, res: ServerResponse): Promise<{ moved: boolean }> {
  const body = JSON.stringify(input ?? {});
  const url = new URL(`/api/${name}`, holder);
  return send(url, { method: 'POST', headers: { ...headersFor(req, clientIp), 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } }, body, res);
}

/** A game's stream (`GET /api/live/<id>/…`) from its holder, piped to this screen until either side closes. */
export function forwardStream(holder: string, path: string, req: IncomingMessage, clientIp: string, res: ServerResponse): Promise<{ moved: boolean }> {
  const url = new URL(`/api/${path}`, holder);
  return send(url, { method: 'GET', headers: headersFor(req, clientIp) }, null, res, (upstream) => {
    req.once('close', () => upstream.destroy());
  });
}
