import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { STREAM_RECONNECT_FRAME, type RoomDocument } from '@/services/domain/rooms';
import { roomDelta } from '@/services/domain/room-events';
import { ApiError } from '@/services/server/gateway/api-error';
import { startEventStream } from '@/services/server/gateway/notification-stream';
import { SpreadTimer } from '@/services/server/ops/spread-timer';
import { CHECK_DELTAS, checkedDelta } from '@/services/server/rooms/delta-check';
import { deltaJsonOf, docJson } from '@/services/server/rooms/doc-json';
import type { RoomFeedSource, RoomStore } from '@/services/server/rooms/store/port';

/**
 * The room stream (docs/rooms.md, "The room stream"): `GET /api/rooms/<id>/events`, Server-Sent
 * Events carrying every version of one room to one member.
 *
 * Built to hold thousands of streams in one process cheaply: nothing polls. A stream listens to
 * the room store and writes a version when one is published; each version is serialised once
 * for every stream of the process (a small cache by room id and version); one shared timer
 * writes the heartbeat to every open stream, the streams spread over its period in slices.
 */

/** `rooms/<id>/events` (the path after /api/) → the raw room id, or null for any other path. */
export function roomStreamPath(name: string): string | null {
  const match = /^rooms\/([^/]+)\/events$/.exec(name);
  return match ? match[1]! : null;
}

/** Room ids are the room service's: letters, digits, '-' and '_'. */
const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The decoded room id of a stream path, or a 103 naming `room_id`. */
export function parseRoomId(raw: string): string {
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    id = '';
  }
  if (!ROOM_ID.test(id)) throw new ApiError('103', { field: 'room_id', detail: 'room_id: must be 1 to 64 letters, digits, - or _' });
  return id;
}

/** A stream whose client reads nothing is cut when this much is waiting for it (it reconnects and resumes). */
const MAX_BUFFERED_BYTES = 1 << 20;
/**
 * The server's clock, in epoch ms: sent before the first document of every connection and as
 * the heartbeat, so a browser whose clock is off still shows deadlines as the server counts them.
 */
const clockFrame = (now: number) => `: heartbeat\nevent: clock\ndata: ${now}\n\n`;
/** The streams' heartbeats are written in this many turns of the period, a slice in each (ops/spread-timer.ts). */
const HEARTBEAT_SLICES = 15;

/**
 * The frames of room versions, each made once however many streams carry it: the whole document
 * (`event: room`, sent on connect and to a stream that is behind) and the delta from the version
 * before (`event: delta`, a `RoomDelta` of services/domain/room-events.ts: what every stream that
 * holds the version before gets). A delta is made from the last version of the room this process
 * saw, when that is the version right before; otherwise (a version skipped between processes) the
 * stream gets the whole document.
 */
export class RoomFrameCache {
  private readonly frames = new Map<string, string>();
  private readonly deltas = new Map<string, string | null>();
  /** The newest version of each room seen here: what the next version's delta is made from. */
  private readonly latest = new Map<string, RoomDocument>();
  /** How many frames were made: documents and deltas serialised (a test and the bench read it). */
  serialisations = 0;
  /** Deltas whose fold did not give the document (checked outside production; the whole document went instead). */
  deltaMismatches = 0;

  constructor(private readonly capacity = 512, private readonly rooms = 10_000) {}

  /** Remembers a version as the room's newest seen here (an older one changes nothing). */
  seen(doc: RoomDocument): void {
    const held = this.latest.get(doc.id);
    if (held && held.version >= doc.version) return;
    this.latest.delete(doc.id);
    this.latest.set(doc.id, doc);
    if (this.latest.size > this.rooms) this.latest.delete(this.latest.keys().next().value!);
  }

  /** The delta frame leading to `doc` from the version before, or null when that version was not seen here. */
  deltaFrame(doc: RoomDocument): string | null {
    const key = `${doc.id}:${doc.version}`;
    let frame = this.deltas.get(key);
    if (frame !== undefined) return frame;
    const prev = this.latest.get(doc.id);
    frame = null;
    if (prev && prev.version === doc.version - 1) {
      this.serialisations += 1;
      // The room service's own delta when it made this version here (the same as roomDelta(prev, doc)).
      const made = deltaJsonOf(doc);
      const delta = CHECK_DELTAS ? checkedDelta(prev, doc, docJson(doc)) : made === undefined ? roomDelta(prev, doc) : null;
      const text = made !== undefined && !CHECK_DELTAS ? made : delta ? JSON.stringify(delta) : null;
      if (text !== null) frame = `id: ${doc.version}\nevent: delta\ndata: ${text}\n\n`;
      else this.deltaMismatches += 1;
    }
    this.seen(doc);
    this.deltas.set(key, frame);
    if (this.deltas.size > this.capacity) this.deltas.delete(this.deltas.keys().next().value!);
    return frame;
  }

  frame(doc: RoomDocument): string {
    const key = `${doc.id}:${doc.version}`;
    const hit = this.frames.get(key);
    if (hit !== undefined) return hit;
    this.serialisations += 1;
    // JSON.stringify escapes line breaks inside strings, so the data is one line as SSE needs.
    // docJson: the text the room service stored this version as, when it made it here.
    const frame = `id: ${doc.version}\nevent: room\ndata: ${docJson(doc)}\n\n`;
    this.frames.set(key, frame);
    // Map keeps insertion order: the first key is the oldest version seen.
    if (this.frames.size > this.capacity) this.frames.delete(this.frames.keys().next().value!);
    return frame;
  }
}

export interface RoomStreamsOptions {
  readonly store: RoomStore;
  readonly feed: RoomFeedSource;
  readonly heartbeatMs: number;
  readonly log: Logger;
}

export interface StreamRequest {
  readonly roomId: string;
  readonly userId: number;
  readonly requestId: string;
}

/**
 * Where a member's room frames go: an SSE response (`open`), or one room followed on a player's
 * socket (`follow`, services/server/gateway/socket.ts). The frames are the same text either way.
 */
export interface FrameSink {
  /** Closed, or ended here: nothing more is written. */
  readonly gone: boolean;
  /** Bytes written and not yet taken by the client. */
  readonly buffered: number;
  /** Writes one frame now. */
  write(frame: string): void;
  /** Ends with a last frame (the reconnect frame of a shutdown). */
  end(frame: string): void;
  /** Cuts it (a client that stopped reading, a presence that could not be recorded). */
  destroy(): void;
  /** Runs `listener` once, when the client went away or the sink was ended. */
  onClose(listener: () => void): void;
}

/** A followed room: `stop()` ends it as if its client went away (presence recorded as closed). */
export interface Following {
  stop(): void;
}

export interface RoomStreams {
  /**
   * Serves one member's stream. Resolves once the stream is open and the current document was
   * written; throws an ApiError (102) before anything was written when the caller is not a member.
   */
  open(req: IncomingMessage, res: ServerResponse, stream: StreamRequest): Promise<void>;
  /**
   * Follows one room into `sink` (a player's socket): the same frames, presence and order as
   * `open`. `after`: the version the client holds (not sent again). Throws an ApiError (102)
   * before anything was written when the caller is not a member.
   */
  follow(sink: FrameSink, stream: StreamRequest & { readonly after: number | null }): Promise<Following>;
  /** Streams open now (sockets' followed rooms included). */
  readonly openCount: number;
  readonly frames: RoomFrameCache;
  /**
   * Ends every stream (shutdown), each with a last `reconnect` event, and waits until their
   * presence was recorded as closed. `handoverMs`: the closes are recorded that much later, so that
   * a member who reconnects to another instance meanwhile is never counted as gone (no
   * "Reconnecting…" beside their name for the others, no grace period).
   */
  close(options?: { handoverMs?: number }): Promise<void>;
}

interface OpenStream {
  readonly sink: FrameSink;
  /** Highest version written to this stream: anything not newer is dropped. */
  lastVersion: number;
}

/** An SSE response as a frame sink. */
function responseSink(res: ServerResponse): FrameSink & { start(requestId: string): void } {
  return {
    get gone() {
      return res.destroyed || res.writableEnded;
    },
    get buffered() {
      return res.writableLength;
    },
    start(requestId) {
      startEventStream(res, requestId);
    },
    write(frame) {
      res.write(frame);
      // Node corks a response's socket on write and sends at the next tick, after whatever the
      // current task still does: for a version made by a command, that is the command's own
      // answer (a write of several kB). The members' frames go first, now.
      res.socket?.uncork();
    },
    end(frame) {
      res.end(frame);
    },
    destroy() {
      res.destroy();
    },
    // The response's 'close' is the client going away (or the stream ended here). The
    // request's own 'close' is no use: it fires as soon as its (empty) body has been read.
    onClose(listener) {
      res.once('close', listener);
    },
  };
}

/** `Last-Event-ID` as a version, or null when absent or not a version. */
function lastEventVersion(req: IncomingMessage): number | null {
  const raw = req.headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

export function createRoomStreams({ store, feed, heartbeatMs, log }: RoomStreamsOptions): RoomStreams {
  const frames = new RoomFrameCache();
  const open = new Set<OpenStream>();
  /** Pending `streamClosed` calls, awaited on shutdown. */
  const closing = new Set<Promise<void>>();
  const enders = new Set<() => void>();
  // One timer for all streams, each beating once per period in its slice of it; it runs while a
  // stream is open and never keeps a process alive.
  const heartbeat = new SpreadTimer<OpenStream>(heartbeatMs, HEARTBEAT_SLICES, (slice) => {
    const frame = clockFrame(Date.now());
    for (const stream of slice) write(stream, frame);
  });
  /** While closing for a shutdown: how long a stream's close waits before it is recorded. */
  let handoverMs = 0;

  function write(stream: OpenStream, text: string) {
    // Gone but its 'close' not handled yet: nothing to write to.
    if (stream.sink.gone) return;
    if (stream.sink.buffered > MAX_BUFFERED_BYTES) {
      // The client stopped reading: dropping it is cheaper than buffering for it. It reconnects
      // and gets the current document first.
      stream.sink.destroy();
      return;
    }
    stream.sink.write(text);
  }

  /** A newer version to a stream: as a delta when the stream holds the version before, else whole. */
  function deliver(stream: OpenStream, doc: RoomDocument) {
    if (doc.version <= stream.lastVersion) return;
    const delta = stream.lastVersion === doc.version - 1 ? frames.deltaFrame(doc) : null;
    if (delta === null) frames.seen(doc);
    stream.lastVersion = doc.version;
    write(stream, delta ?? frames.frame(doc));
  }

  function track(stream: OpenStream) {
    open.add(stream);
    heartbeat.add(stream);
  }

  function untrack(stream: OpenStream) {
    open.delete(stream);
    heartbeat.delete(stream);
  }

  /**
   * One member's room into a sink: subscribed first, then the current document read (so a version
   * committed in between is not lost), `begin()` once membership is known, the clock, the document
   * (unless the client holds it: `after`), what was published meanwhile, then every new version.
   */
  async function start(sink: FrameSink, { roomId, userId, requestId, after }: StreamRequest & { readonly after: number | null }, begin: () => void): Promise<Following> {
    let stream: OpenStream | null = null;
    /** Versions published before the current document was written, in arrival order. */
    const early: RoomDocument[] = [];
    let presence: Promise<boolean> | null = null;
    let ended = false;

    // Anything not newer than what was written is dropped by version.
    const unsubscribe = store.subscribe(roomId, (doc) => {
      if (stream) deliver(stream, doc);
      else early.push(doc);
    });

    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      enders.delete(end);
      if (stream) untrack(stream);
      if (!presence) return;
      // streamClosed exactly once, and only after streamOpened was recorded.
      const delay = handoverMs;
      const recorded = presence
        .then((opened) => (opened && delay > 0 ? new Promise<boolean>((resolve) => setTimeout(() => resolve(opened), delay)) : opened))
        .then((opened) => (opened ? feed.streamClosed(roomId, userId) : undefined))
        .catch((err: unknown) => log.error({ err, reqId: requestId, roomId, userId }, 'room stream close not recorded'))
        .finally(() => closing.delete(recorded));
      closing.add(recorded);
    };
    enders.add(end);
    sink.onClose(end);
    const following: Following = { stop: end };

    let current: RoomDocument | null;
    try {
      current = await feed.currentForMember(roomId, userId);
    } catch (error) {
      end();
      throw error;
    }
    if (!current) {
      end();
      throw new ApiError('102', { detail: 'no such room among yours' });
    }
    if (ended || sink.gone) {
      // The client went away (or the server is shutting down) while the room was read.
      end();
      sink.destroy();
      return following;
    }

    begin();
    const opened: OpenStream = { sink, lastVersion: 0 };
    frames.seen(current);
    write(opened, clockFrame(Date.now()));
    if (after === current.version) opened.lastVersion = current.version;
    else deliver(opened, current);
    for (const doc of early.sort((a, b) => a.version - b.version)) deliver(opened, doc);
    early.length = 0;
    stream = opened;
    track(opened);

    presence = feed.streamOpened(roomId, userId).then(
      () => true,
      (err: unknown) => {
        // Without presence the member would look gone: end the stream, the client reconnects.
        log.error({ err, reqId: requestId, roomId, userId }, 'room stream open not recorded');
        sink.destroy();
        return false;
      },
    );
    return following;
  }

  return {
    get openCount() {
      return open.size;
    },
    frames,

    async open(req, res, request) {
      const sink = responseSink(res);
      // A client that already holds this very version (it reconnected) is not sent it again.
      await start(sink, { ...request, after: lastEventVersion(req) }, () => sink.start(request.requestId));
    },

    follow(sink, request) {
      return start(sink, request, () => undefined);
    },

    async close(options = {}) {
      handoverMs = options.handoverMs ?? 0;
      const sinks = [...open].map((stream) => stream.sink);
      for (const end of [...enders]) end();
      // The client reconnects at once, to another instance behind the proxy, without showing a
      // break (services/client/room-feed.ts); it sends the version it holds.
      for (const sink of sinks) if (!sink.gone) sink.end(STREAM_RECONNECT_FRAME);
      await Promise.all([...closing]);
    },
  };
}
