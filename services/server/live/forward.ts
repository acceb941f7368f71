import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { ApiError } from '@/services/server/gateway/api-error';

/**
 * Several server processes on one PostgreSQL database (docs/live.md, "More than one process"): a
 * running game is held by one process at a time (`live_games.holder`, under a lease). A call or a
 * stream for a game held by another process reaches that one through here: the call is sent on
 * with the caller's credentials and its answer comes back as it is; a stream is piped.
 */

/** Thrown where a game is held by another live process: the gateway sends the request there. */
export class LiveHeldElsewhere extends Error {
  /**
   * `input`: the call's input as it came (the gateway, which read the body, throws a new error
   * with it: concurrent loads of one game share the first error).
   */
  constructor(
    readonly holder: string,
    readonly input: unknown = undefined,
  ) {
    super(`live game held by ${holder}`);
  }
}

/** The header a forwarded request carries: its receiver answers it itself, and never sends it on again. */
export const FORWARDED_HEADER = 'x-live-forwarded';

export const isForwarded = (req: IncomingMessage) => req.headers[FORWARDED_HEADER] !== undefined;

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

function send(url: URL, options: http.RequestOptions, body: string | null, res: ServerResponse, onUpstream?: (upstream: http.ClientRequest) => void): Promise<void> {
  const secure = url.protocol === 'https:';
  const pool = onUpstream ? agents.streams : agents.calls;
  return new Promise((resolve, reject) => {
    const out = (secure ? https : http).request(url, { ...options, agent: secure ? pool.https : pool.http }, (upstream) => {
      const headers: Record<string, string> = {};
      for (const name of RETURNED) {
        const v = upstream.headers[name];
        if (typeof v === 'string') headers[name] = v;
      }
      res.writeHead(upstream.statusCode ?? 502, headers);
      res.flushHeaders();
      res.socket?.setNoDelay(true);
      upstream.pipe(res);
      upstream.once('end', () => resolve());
      upstream.once('error', () => resolve());
      res.once('close', () => {
        upstream.destroy();
        resolve();
      });
    });
    onUpstream?.(out);
    out.once('error', (error) => {
      if (res.headersSent) {
        res.destroy();
        resolve();
      } else reject(new ApiError('live_moved', { detail: `the server running this game did not answer (${error.message}): try again in a few seconds` }));
    });
    out.end(body ?? undefined);
  });
}

/** A call (`POST /api/<name>`) answered by the game's holder, its input sent as JSON. */
export function forwardCall(holder: string, name: string, req: IncomingMessage, input: unknown, clientIp: string, res: ServerResponse): Promise<void> {
  const body = JSON.stringify(input ?? {});
  const url = new URL(`/api/${name}`, holder);
  return send(url, { method: 'POST', headers: { ...headersFor(req, clientIp), 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } }, body, res);
}

/** A game's stream (`GET /api/live/<id>/…`) from its holder, piped to this screen until either side closes. */
export function forwardStream(holder: string, path: string, req: IncomingMessage, clientIp: string, res: ServerResponse): Promise<void> {
  const url = new URL(`/api/${path}`, holder);
  return send(url, { method: 'GET', headers: headersFor(req, clientIp) }, null, res, (upstream) => {
    req.once('close', () => upstream.destroy());
  });
}
