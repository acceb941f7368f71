import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { CODES, type Code } from '@/services/domain/codes';
import { flagSetting, type SettingsMap } from '@/services/domain/settings';
import type { AuthUser } from '@/services/server/accounts/sessions';
import type { AppServices } from '@/services/server/app-services';
import { sinceArrival } from '@/services/server/gateway/arrival';
import { ApiError, isApiError } from '@/services/server/gateway/api-error';
import { DEFAULT_LIMITS, parseBody, refusedBeforeReading, type BodyLimits, type ParsedBody, type UploadedFile } from '@/services/server/gateway/body';

/** Where large uploads are written as they arrive: beside the data, or the system's temporary directory for an in-memory database. */
export function uploadDir(dataDir: string): string {
  return dataDir === 'memory://' ? path.join(os.tmpdir(), 'quiz-arena-uploads-in') : path.join(dataDir, 'uploads-in');
}
import type { Access, EndpointDef, EndpointRegistry, RequestContext } from '@/services/server/gateway/endpoint';
import { createRoomStreams, parseRoomId, roomStreamPath, type RoomStreams } from '@/services/server/gateway/room-stream';
import { createNotificationStreams, NOTIFICATION_STREAM_PATH, type NotificationStreams } from '@/services/server/gateway/notification-stream';
import { createPlayerSockets, type PlayerSockets, type SocketCaller } from '@/services/server/gateway/socket';
import type { RoomFeedSource } from '@/services/server/rooms/store/port';
import { apiCallDuration, apiCalls } from '@/services/server/ops/metrics';
import { forwardCall, forwardStream, isForwarded, LiveHeldElsewhere, MOVED_HEADER, RELAY_HEADER, RELAY_STREAM_HEADER } from '@/services/server/live/forward';

export const API_PREFIX = '/api/';

const bootId = randomBytes(3).toString('hex');
let counter = 0;
/** Short, unique per process and sortable: enough to find one call in the log. */
function nextRequestId(): string {
  counter += 1;
  return `${bootId}-${counter.toString(36)}`;
}

function send(res: ServerResponse, status: number, body: unknown, requestId: string, headers: Record<string, string> = {}) {
  sendJson(res, status, JSON.stringify(body), requestId, headers);
}

/**
 * Answers of at least this many bytes are gzipped for a client that accepts it (an interface
 * language's strings, long lists): on a phone's network the bytes cost more than the compression.
 * Smaller ones, a battle's answer among them, go as they are.
 */
export const GZIP_FROM_BYTES = 8 * 1024;

function sendJson(res: ServerResponse, status: number, payload: string, requestId: string, headers: Record<string, string> = {}) {
  const bytes = Buffer.byteLength(payload);
  const gzip = bytes >= GZIP_FROM_BYTES && /\bgzip\b/.test(String(res.req?.headers['accept-encoding'] ?? ''));
  const body = gzip ? gzipSync(payload, { level: 6 }) : payload;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': gzip ? body.length : bytes,
    'cache-control': 'no-store',
    'x-request-id': requestId,
    ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    ...headers,
  });
  res.end(body);
}

/** A success envelope encoded once and sent again while its handler answers the same text. */
interface EncodedAnswer {
  readonly dataJson: string;
  readonly code: string;
  readonly body: Buffer;
  /** The body gzipped, made the first time a client that takes gzip asks (bodies of GZIP_FROM_BYTES or more). */
  gzipped: Buffer | undefined;
}

function sendAnswer(res: ServerResponse, answer: EncodedAnswer, requestId: string) {
  const gzip = answer.body.length >= GZIP_FROM_BYTES && /\bgzip\b/.test(String(res.req?.headers['accept-encoding'] ?? ''));
  const body = gzip ? (answer.gzipped ??= gzipSync(answer.body, { level: 6 })) : answer.body;
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-store',
    'x-request-id': requestId,
    ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
  });
  res.end(body);
}

/** What is read (and dropped) of a refused body so that its sender sees the answer, at most. */
export const DRAIN_LIMITS = { bytes: 64 * 1024 * 1024, ms: 10_000 };

/**
 * How long a connection stays open after a body refused by its declared length was answered: what
 * the client still sends meanwhile is dropped unread, so that closing does not reset the
 * connection before the client has read the answer (the lingering close of web servers).
 */
export const LINGER_MS = 2_000;

/**
 * After answering a request whose body is refused unread: the rest of the body is discarded as it
 * arrives, and the connection is closed when the client has stopped sending or after LINGER_MS,
 * whichever comes first. Nothing of the body is kept.
 */
function closeAfterLinger(req: IncomingMessage): void {
  const socket = req.socket;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  const stopped = () => {
    clearTimeout(timer);
    socket.end();
  };
  req.once('end', stopped);
  socket.once('close', () => clearTimeout(timer));
  req.resume();
}

/** A client that asked to wait (`Expect: 100-continue`) is told to send its body now. */
function continueIfAsked(req: IncomingMessage, res: ServerResponse): void {
  if (/^100-continue$/i.test(String(req.headers.expect ?? '')) && !res.headersSent) res.writeContinue();
}

/**
 * Reads the rest of a refused request's body and drops it. A server that answers and closes while
 * the client is still sending makes the client see a reset connection (EPIPE) instead of the
 * answer; so the answer waits until the body has arrived — up to DRAIN_LIMITS, after which the
 * connection is closed anyway.
 */
function drainRequest(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', done);
      req.off('error', done);
      req.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_LIMITS.bytes) done();
    };
    const timer = setTimeout(done, DRAIN_LIMITS.ms);
    req.on('data', onData);
    req.on('end', done);
    req.on('error', done);
    req.on('close', done);
    req.resume();
  });
}

function failure(code: Code, requestId: string, extra: { field?: string; detail?: string; extra?: Readonly<Record<string, unknown>> } = {}) {
  return {
    status: CODES[code].status,
    body: {
      error: true,
      message: code,
      data: null,
      ...extra.extra,
      ...(extra.field ? { field: extra.field } : {}),
      ...(extra.detail ? { detail: extra.detail } : {}),
      request_id: requestId,
    },
  };
}

/**
 * The caller's address, for per-address rate limits. Behind a reverse proxy (TRUST_PROXY=1) it is
 * the first address of X-Forwarded-For; otherwise the socket's, which a client cannot forge.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? '';
}

/** The endpoint an `/api/…` URL names: the path after the prefix, without query or trailing slash. */
export function endpointName(url: string): string {
  const q = url.indexOf('?');
  let end = q === -1 ? url.length : q;
  if (end > API_PREFIX.length && url.charCodeAt(end - 1) === 47 /* / */) end -= 1;
  return url.slice(API_PREFIX.length, end);
}

/** Whether an `/api/…` URL opens a stream (a room's or the notifications'), not a call. */
export function isStreamUrl(url: string): boolean {
  // Every stream's path begins with rooms/, live/ or notifications/: a call is told apart without a pattern.
  if (!url.startsWith('rooms/', API_PREFIX.length) && !url.startsWith('live/', API_PREFIX.length) && !url.startsWith('notifications/', API_PREFIX.length)) return false;
  const name = endpointName(url);
  return roomStreamPath(name) !== null || name === NOTIFICATION_STREAM_PATH || liveStreamPath(name) !== null;
}

/**
 * `live/<game id>/events` (a player's phone), `live/<game id>/host` (the host's screen) or
 * `live/<game id>/relay` (another process's channel for its phones of the game), or null.
 */
export function liveStreamPath(name: string): { gameId: number; who: 'events' | 'host' | 'relay' } | null {
  const match = /^live\/([1-9][0-9]{0,9})\/(events|host|relay)$/.exec(name);
  return match ? { gameId: Number(match[1]), who: match[2] as 'events' | 'host' | 'relay' } : null;
}

/** A channel's id, or a phone's on one, as relay.ts makes them. */
const RELAY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/** zod issue → the field it is about and a sentence naming what was wrong. */
function describeIssue(error: z.ZodError): { field?: string; detail: string } {
  const issue = error.issues[0];
  if (!issue) return { detail: 'invalid input' };
  const field = issue.path.map(String).join('.') || undefined;
  return { field, detail: field ? `${field}: ${issue.message}` : issue.message };
}

export interface Gateway {
  /** Handles a request whose path starts with /api/. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * One call that came over a player's socket (services/server/gateway/socket.ts): the same
   * authentication, validation, handler, envelope, metrics and log line as over HTTP. Answers the
   * HTTP status the call would have had and the envelope's text.
   */
  callOverSocket(name: string, input: unknown, from: SocketCaller): Promise<{ status: number; body: string }>;
  /** The open room streams (GET /api/rooms/<id>/events). */
  readonly roomStreams: RoomStreams;
  /** The open notification streams (GET /api/notifications/events). */
  readonly notificationStreams: NotificationStreams;
  /** The players' sockets (GET /api/socket, upgraded): room calls and frames both ways. */
  readonly sockets: PlayerSockets;
  /**
   * Ends the open room streams and the rooms followed on sockets (their presence is recorded as
   * closed; `handoverMs` later when given, see RoomStreams.close), the notification streams and
   * the sockets, each told to reconnect.
   */
  close(options?: { handoverMs?: number }): Promise<void>;
}

export interface GatewayOptions {
  /** What the room stream asks about rooms; the app's room service unless given (tests give a fake). */
  readonly roomFeed?: RoomFeedSource;
}

export function createGateway(registry: EndpointRegistry, app: AppServices, log: Logger, options: GatewayOptions = {}): Gateway {
  const roomStreams = createRoomStreams({
    store: app.roomStore,
    feed: options.roomFeed ?? app.rooms,
    heartbeatMs: app.config.roomStreamHeartbeatMs,
    log,
  });
  const notificationStreams = createNotificationStreams(app.notificationBus, app.config.roomStreamHeartbeatMs);

  async function authenticate(access: Access, from: IncomingMessage | string | null): Promise<AuthUser | null> {
    const token = typeof from === 'string' || from === null ? from : bearerToken(from);
    if (!token) {
      if (access === 'public') return null;
      throw new ApiError('125', { detail: 'this call needs Authorization: Bearer <api_token>' });
    }
    const user = await app.sessions.find(token);
    if (!user) {
      if (access === 'public') return null;
      throw new ApiError('129', { detail: 'the token is unknown, expired or revoked' });
    }
    if (!user.active) throw new ApiError('126');
    if (access === 'editor' && !user.role) throw new ApiError('forbidden', { detail: 'this call is for operators' });
    if (access === 'admin' && user.role !== 'admin') throw new ApiError('forbidden', { detail: 'this call is for admins' });
    return user;
  }

  /** Maintenance mode answers 503 to everything but operators and the calls marked for it. */
  async function checkMaintenance(user: AuthUser | null, allowed = false) {
    const settings = await app.settings.current();
    if (flagSetting(settings, 'maintenance_mode') && !allowed && !user?.role) throw new ApiError('maintenance');
    return settings;
  }

  /** GET /api/rooms/<id>/events: a member's room stream, with the same session rules as a 'user' call. */
  async function openRoomStream(rawRoomId: string, req: IncomingMessage, res: ServerResponse, requestId: string) {
    const user = (await authenticate('user', req))!;
    await checkMaintenance(user);
    const roomId = parseRoomId(rawRoomId);
    req.resume();
    await roomStreams.open(req, res, { roomId, userId: user.id, requestId });
  }

  /**
   * GET /api/live/<id>/host (the host's api token) and /api/live/<id>/events (a player's rejoin
   * token in X-Live-Token): a live game's screens (docs/live.md, Streams).
   */
  async function openLiveStream(target: { gameId: number; who: 'events' | 'host' | 'relay' }, req: IncomingMessage, res: ServerResponse) {
    const live = app.live;
    if (target.who === 'host') {
      const user = (await authenticate('user', req))!;
      await checkMaintenance(user);
      const game = await live.hostGame(target.gameId, user);
      req.resume();
      live.streams.openHost(req, res, game, () => live.hostStreamClosed(game));
      live.hostStreamOpened(game);
      return;
    }
    await checkMaintenance(null);
    const raw = req.headers['x-live-token'];
    const token = Array.isArray(raw) ? raw[0] : raw;
    if (!token) throw new ApiError('live_token_unknown', { field: 'token', detail: 'this stream needs X-Live-Token: <token from live_join>' });
    // Another process's channel, or a phone of its put on one (relay.ts): which, by its header.
    const channel = target.who === 'relay' ? relayId(req, RELAY_HEADER) : null;
    const onChannel = target.who === 'events' ? relayId(req, RELAY_STREAM_HEADER) : null;
    const { game, playerId } = await live.player(target.gameId, token);
    req.resume();
    if (target.who === 'relay') live.streams.openRelay(res, game, channel!);
    else if (onChannel !== null) {
      const [channelId, streamId] = onChannel.split(' ') as [string, string];
      if (!live.streams.attachRelayed(game, channelId, streamId, playerId)) throw new ApiError('live_moved', { detail: 'the channel this phone was to be put on is closed: open the stream again' });
      res.writeHead(204).end();
    } else live.streams.openPlayer(req, res, game, playerId);
  }

  /** A channel's header checked (`x-live-relay: <id>`, `x-live-relay-stream: <id> <id>`); null where the request has none. */
  function relayId(req: IncomingMessage, header: string): string | null {
    const raw = req.headers[header];
    if (raw === undefined) {
      if (header === RELAY_HEADER) throw new ApiError('103', { field: header, detail: `a channel needs ${header}: <id>` });
      return null;
    }
    const parts = String(raw).split(' ');
    if (parts.length !== (header === RELAY_HEADER ? 1 : 2) || !parts.every((p) => RELAY_ID.test(p))) throw new ApiError('103', { field: header, detail: `${header} is not a channel's id${header === RELAY_HEADER ? '' : ' and a phone\'s'}` });
    return String(raw);
  }

  /** GET /api/notifications/events: the signed-in player's live notifications. */
  async function openNotificationStream(req: IncomingMessage, res: ServerResponse, requestId: string) {
    const user = (await authenticate('user', req))!;
    await checkMaintenance(user);
    notificationStreams.open(req, res, { userId: user.id, requestId });
  }

  /** Each endpoint's body limits, merged once rather than on every call. */
  const limitsByDef = new Map<EndpointDef, BodyLimits>();
  function limitsOf(def: EndpointDef): BodyLimits {
    let limits = limitsByDef.get(def);
    if (!limits) {
      limits = { ...DEFAULT_LIMITS, ...def.limits, ...(def.filesToDisk ? { fileDir: uploadDir(app.config.dataDir) } : {}) };
      limitsByDef.set(def, limits);
    }
    return limits;
  }

  /** `read`: the input as it came, already read from the request (a live call asked here again after its holder went). */
  async function run(def: EndpointDef, req: IncomingMessage, res: ServerResponse, call: Call, read?: { input: unknown }) {
    // A guest's call on a public endpoint has nobody to look up.
    const user = def.access === 'public' && req.headers.authorization === undefined ? null : await authenticate(def.access, req);
    const held = settingsFor(user, def);
    const settings = held instanceof Promise ? await held : held;
    const body: ParsedBody = read ? { json: read.input as Record<string, unknown>, fields: {}, files: [] } : await parseBody(req, limitsOf(def), () => continueIfAsked(req, res));
    return execute(def, call, { user, settings, input: body.json ?? body.fields, files: body.files, ip: clientIp(req, app.config.trustProxy), sinceArrival: () => sinceArrival(req) });
  }

  /** Settings held in memory are taken as they are (no promise); otherwise read, maintenance checked. */
  function settingsFor(user: AuthUser | null, def: EndpointDef): SettingsMap | Promise<SettingsMap> {
    const held = app.settings.held();
    return held !== null && !flagSetting(held, 'maintenance_mode') ? held : checkMaintenance(user, def.duringMaintenance);
  }

  /** An endpoint's input validated and its handler run, whichever way the call came (HTTP or a socket). */
  async function execute(
    def: EndpointDef,
    call: Call,
    caller: { user: AuthUser | null; settings: SettingsMap; input: unknown; files: readonly UploadedFile[]; ip: string; sinceArrival: () => number },
  ) {
    const { files } = caller;
    const parsed = def.input.safeParse(caller.input);
    if (!parsed.success) {
      for (const f of files) if (f.path) void fs.promises.rm(f.path, { force: true });
      throw new ApiError('103', describeIssue(parsed.error));
    }
    const ctx: RequestContext = {
      requestId: call.requestId,
      get log() {
        return call.log();
      },
      user: caller.user,
      settings: caller.settings,
      files,
      ip: caller.ip,
      app,
      sinceArrival: caller.sinceArrival,
      now: () => new Date(app.clock.now()),
    };
    try {
      return await def.handler(parsed.data, ctx);
    } catch (error) {
      // A handler that failed did not take its files: they go.
      for (const f of files) if (f.path) void fs.promises.rm(f.path, { force: true }).catch(() => {});
      // A live game another process holds: the call goes there with the input as it came.
      if (error instanceof LiveHeldElsewhere) throw new LiveHeldElsewhere(error.gameId, error.holder, caller.input);
      throw error;
    }
  }

  /** Runs an endpoint and sends its answer. */
  async function answerCall(def: EndpointDef, req: IncomingMessage, res: ServerResponse, call: Call, read?: { input: unknown }) {
    const result = await run(def, req, res, call, read);
    const code = result.message ?? 'ok';
    call.code = code;
    if (result.dataJson !== undefined && !result.extra) {
      // The same data answered again (a cached text): the envelope's bytes are reused too.
      let last = lastAnswer.get(def);
      if (last === undefined || last.dataJson !== result.dataJson || last.code !== code) {
        last = { dataJson: result.dataJson, code, body: Buffer.from(`{"error":false,"message":${JSON.stringify(code)},"data":${result.dataJson}}`), gzipped: undefined };
        lastAnswer.set(def, last);
      }
      sendAnswer(res, last, call.requestId);
    } else {
      send(res, 200, { error: false, message: code, data: result.data, ...result.extra }, call.requestId);
    }
  }
  /** Per endpoint, the last answer sent from a handler's `dataJson`, as bytes (and gzipped, once asked). */
  const lastAnswer = new Map<EndpointDef, EncodedAnswer>();

  /**
   * A live call or stream for a game another process holds, sent there (docs/live.md, "More than
   * one process"); answers what failed, or null once it went through. A holder that does not
   * answer may have stopped and let the game go: the call is then asked here once more, and sent
   * on to a new holder if another process took the game meanwhile.
   */
  async function sendOn(held: LiveHeldElsewhere, req: IncomingMessage, res: ServerResponse, call: Call, def: EndpointDef | undefined, again = true): Promise<unknown> {
    const ip = clientIp(req, app.config.trustProxy);
    const streamLive = liveStreamPath(call.name);
    try {
      const { moved } =
        streamLive === null
          ? await forwardCall(held.holder, call.name, req, held.input, ip, res)
          : streamLive.who === 'events'
            ? await app.live.relays.openPhone(held.holder, streamLive.gameId, req, ip, res)
            : await forwardStream(held.holder, call.name, req, ip, res);
      // The holder said it does not run the game: the next call asks the database again.
      if (moved) app.live.forgetHolder(held.gameId, held.holder);
      call.code = 'forwarded';
      call.status = res.statusCode;
      return null;
    } catch (failed) {
      // The holder did not answer: who holds the game is asked of the database again.
      app.live.forgetHolder(held.gameId, held.holder);
      if (!again || res.headersSent) return failed;
      try {
        if (streamLive !== null) await openLiveStream(streamLive, req, res);
        else await answerCall(def!, req, res, call, { input: held.input });
        return null;
      } catch (retried) {
        if (retried instanceof LiveHeldElsewhere) return retried.holder === held.holder ? failed : sendOn(retried, req, res, call, def, false);
        return retried;
      }
    }
  }

  /** What one call became, for its log line and metrics. */
  class Call {
    status = 200;
    code = 'ok';
    /** The endpoint as metrics name it: its registered name, a stream's, or '(unknown)' (no URL text). */
    endpoint = '(unknown)';
    private child: Logger | undefined;
    constructor(
      readonly requestId: string,
      readonly name: string,
    ) {}
    /** A child logger costs an allocation; most calls never log anything but their last line. */
    log(): Logger {
      return (this.child ??= log.child({ reqId: this.requestId }));
    }
  }

  /** Sends a refusal (or a failure) for `call`. */
  function refuse(res: ServerResponse, call: Call, code: Code, detail: string, headers: Record<string, string> = {}) {
    const f = failure(code, call.requestId, { detail });
    call.status = f.status;
    call.code = code;
    send(res, f.status, f.body, call.requestId, headers);
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse, call: Call): Promise<EndpointDef | undefined> {
    const name = call.name;
    const streamRoom = roomStreamPath(name);
    const streamLive = streamRoom === null ? liveStreamPath(name) : null;
    if (streamRoom !== null || streamLive !== null || name === NOTIFICATION_STREAM_PATH) {
      // The GETs of the API: streams, not calls, so they have no endpoint definitions.
      if (req.method !== 'GET') {
        req.resume();
        refuse(res, call, 'method_not_allowed', `${req.method} is not accepted; use GET`, { allow: 'GET' });
        return undefined;
      }
      call.endpoint = streamRoom !== null ? 'rooms/events' : streamLive !== null ? `live/${streamLive.who}` : NOTIFICATION_STREAM_PATH;
      if (streamRoom !== null) await openRoomStream(streamRoom, req, res, call.requestId);
      else if (streamLive !== null) await openLiveStream(streamLive, req, res);
      else await openNotificationStream(req, res, call.requestId);
      return undefined;
    }
    const def = registry.get(name);
    if (!def) {
      req.resume();
      refuse(res, call, 'not_found', `there is no endpoint named ${name || '(empty)'}`);
      return undefined;
    }
    call.endpoint = name;
    if (req.method !== 'POST') {
      req.resume();
      refuse(res, call, 'method_not_allowed', `${req.method} is not accepted; use POST`, { allow: 'POST' });
      return def;
    }
    await answerCall(def, req, res, call);
    return def;
  }

  async function answerFailure(caught: unknown, req: IncomingMessage, res: ServerResponse, call: Call): Promise<void> {
    let error = caught;
    if (error instanceof LiveHeldElsewhere && !isForwarded(req) && !res.headersSent) {
      error = await sendOn(error, req, res, call, registry.get(call.name));
      if (error === null) return;
    } else if (error instanceof LiveHeldElsewhere) {
      // Sent here by a process that found this one holding the game, which it no longer does.
      error = new ApiError('live_moved', { detail: 'the game moved to another server process: try again' });
    }
    const requestId = call.requestId;
    if (isApiError(error)) {
      // A process that does not run the game says so to the one that sent the request here.
      if (error.code === 'live_moved' && isForwarded(req)) res.setHeader(MOVED_HEADER, '1');
      const f = failure(error.code, requestId, { field: error.field, detail: error.detail, extra: error.extra });
      call.status = f.status;
      call.code = error.code;
      if (f.status === 413 && refusedBeforeReading(error)) {
        // Refused on its declared length: answered at once, before its body arrives.
        send(res, f.status, f.body, requestId);
        if (!req.complete) closeAfterLinger(req);
        return;
      }
      // A body in chunks that went over the limit as it arrived: its sender sees the answer
      // once it has stopped sending (answering earlier would reset its connection).
      if (f.status === 413 && !req.complete) await drainRequest(req);
      else if (!req.complete) req.resume();
      send(res, f.status, f.body, requestId, f.status === 413 ? { connection: 'close' } : {});
    } else {
      call.status = 500;
      call.code = '122';
      call.log().error({ err: error, endpoint: call.name }, 'unexpected failure');
      const f = failure('122', requestId);
      if (!res.headersSent) send(res, 500, f.body, requestId);
      else res.destroy();
    }
  }

  /** Each endpoint's and status's metric children, looked up once (prom-client hashes the labels on every lookup). */
  const callCounters = new Map<string, { inc(): void }>();
  const callTimers = new Map<string, { observe(seconds: number): void }>();
  const logsCalls = () => log.isLevelEnabled('info');

  function record(call: Call, started: number) {
    const ms = performance.now() - started;
    const key = `${call.endpoint} ${call.status}`;
    let counter = callCounters.get(key);
    if (!counter) callCounters.set(key, (counter = apiCalls.labels(call.endpoint, String(call.status))));
    counter.inc();
    let timer = callTimers.get(call.endpoint);
    if (!timer) callTimers.set(call.endpoint, (timer = apiCallDuration.labels(call.endpoint)));
    timer.observe(ms / 1000);
    if (logsCalls()) log.info({ reqId: call.requestId, endpoint: call.name, status: call.status, code: call.code, ms: Math.round(ms * 100) / 100 }, 'api');
  }

  const gateway: Gateway = {
    roomStreams,
    notificationStreams,
    get sockets() {
      return sockets;
    },
    close: (options) => {
      notificationStreams.close();
      // The followed rooms end first (a reconnect frame each, their closes recorded after the
      // handover), then the sockets close with "connect again".
      const streams = roomStreams.close(options);
      return Promise.all([streams, sockets.close()]).then(() => undefined);
    },
    async callOverSocket(name, input, from) {
      const started = performance.now();
      const call = new Call(nextRequestId(), name);
      try {
        const def = registry.get(name);
        if (!def) throw new ApiError('not_found', { detail: `there is no endpoint named ${name || '(empty)'}` });
        call.endpoint = name;
        const user = await authenticate(def.access, from.token);
        const held = settingsFor(user, def);
        const settings = held instanceof Promise ? await held : held;
        const result = await execute(def, call, {
          user,
          settings,
          input,
          files: [],
          ip: from.ip,
          sinceArrival: () => Math.max(0, Math.floor(performance.now() - from.arrivedAt)),
        });
        const code = result.message ?? 'ok';
        call.code = code;
        const body =
          result.dataJson !== undefined && !result.extra
            ? `{"error":false,"message":${JSON.stringify(code)},"data":${result.dataJson}}`
            : JSON.stringify({ error: false, message: code, data: result.data, ...result.extra });
        return { status: 200, body };
      } catch (error) {
        const apiError = isApiError(error) ? error : null;
        if (!apiError) call.log().error({ err: error, endpoint: name }, 'unexpected failure');
        const f = apiError ? failure(apiError.code, call.requestId, { field: apiError.field, detail: apiError.detail, extra: apiError.extra }) : failure('122', call.requestId);
        call.status = f.status;
        call.code = apiError?.code ?? '122';
        return { status: f.status, body: JSON.stringify(f.body) };
      } finally {
        record(call, started);
      }
    },
    async handle(req, res) {
      const started = performance.now();
      const call = new Call(nextRequestId(), endpointName(req.url ?? '/'));
      try {
        await dispatch(req, res, call);
      } catch (caught) {
        await answerFailure(caught, req, res, call);
      } finally {
        record(call, started);
      }
    },
  };
  const sockets = createPlayerSockets({
    call: (name, input, from) => gateway.callOverSocket(name, input, from),
    roomStreams,
    findUser: (token) => app.sessions.find(token),
    ipOf: (req) => clientIp(req, app.config.trustProxy),
    log,
  });
  return gateway;
}
