import type { Logger } from 'pino';
import { applyRoomDelta, deltaApplies, type RoomDelta } from '@/services/domain/room-events';
import type { RoomDocument } from '@/services/domain/rooms';
import { deltaJsonOf, rememberDeltaJson } from '@/services/server/rooms/doc-json';
import type { LocalRoomFanout } from '@/services/server/rooms/store/embedded';
import type { RoomStore } from '@/services/server/rooms/store/port';

/**
 * The embedded room store across several processes on one PostgreSQL database (docs/rooms.md,
 * Room store adapters; architecture.md, Scale).
 *
 * Publishing fans the document out here and announces the version on `quiz_rooms`: the versions
 * published in one turn of the event loop (a group commit's batch, decision 022) go in one
 * `pg_notify` (NOTIFY payloads are limited to 8000 bytes: a longer list is split). A version made
 * in this process is announced with its delta, `<id>:<version>:<delta JSON>` on a line of its
 * own — the same public delta its members' streams carry, never the room's secret; a version
 * whose delta is not known here, or too long, as `<id>:<version>`, consecutive ones
 * comma-separated on one line. Every process holds one dedicated connection that LISTENs; on a
 * notification for a room someone here listens to, it folds the delta into the version it holds
 * (the same reducer as the browsers') and fans that out, without reading; when it holds no
 * version, or not the one right before, it reads that room's current document once instead.
 * Versions already fanned out here (our own publishes, or read before) are skipped.
 *
 * The LISTEN connection is opened when the first subscriber arrives (a process that only answers
 * calls, a script or a test, holds none). If it drops it is opened again with back-off, and the
 * current document of every room with local subscribers is read again, so nothing published
 * meanwhile is missed.
 */

export const ROOM_CHANNEL = 'quiz_rooms';

/** The part of a pg Client the listener uses. */
export interface ListenConnection {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  end(): Promise<void>;
}

export interface PgNotifyRoomStoreOptions {
  readonly local: LocalRoomFanout;
  /** A new connection of its own (never one of the pool's: a LISTEN holds it for good). */
  readonly openListenConnection: () => Promise<ListenConnection>;
  /** Sends one notification on the channel (through the pool). */
  readonly notify: (payload: string) => Promise<void>;
  /** The current documents of these rooms (those that exist). */
  readonly readRooms: (ids: readonly string[]) => Promise<RoomDocument[]>;
  readonly log: Logger;
  /** Reconnect back-off: first delay and ceiling (ms). */
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
}

export interface PgNotifyRoomStore extends RoomStore {
  /** Opens the LISTEN connection if it is not open yet; resolves once it is up. */
  whenListening(): Promise<void>;
}

/** Rooms whose latest fanned-out version is remembered; older entries are forgotten first. */
const REMEMBERED_ROOMS = 50_000;
/** Rooms read per query when catching up after a reconnect. */
const RESYNC_BATCH = 500;

/** A notification's payload stays below PostgreSQL's 8000-byte limit. */
const MAX_PAYLOAD = 7800;

/** Rooms whose latest fanned-out document is kept, to fold the next version's delta into. */
const REMEMBERED_DOCS = 5_000;

/** One announced version; `delta` when it came with it (the delta's JSON, as its streams carry it). */
export interface RoomNotification {
  readonly id: string;
  readonly version: number;
  readonly delta?: string;
}

/** A line of its own: `<id>:<version>:{…}` (room ids have no ':', the version no '{'). */
const WITH_DELTA = /^([^:,\n]+):(\d+):(\{.*)$/;

/**
 * A payload → its versions, in order: lines of `<id>:<version>:<delta JSON>` and lines of
 * comma-separated `<id>:<version>` (what is neither is skipped). JSON never holds a raw line break.
 */
export function parseNotifications(payload: string): RoomNotification[] {
  const out: RoomNotification[] = [];
  for (const line of payload.split('\n')) {
    const withDelta = WITH_DELTA.exec(line);
    if (withDelta) {
      const version = Number(withDelta[2]);
      if (Number.isSafeInteger(version) && version >= 1) out.push({ id: withDelta[1]!, version, delta: withDelta[3]! });
      continue;
    }
    for (const item of line.split(',')) {
      const note = parseNotification(item);
      if (note) out.push(note);
    }
  }
  return out;
}

/** A delta announced by another process, or null when it is not one (then the room is read). */
function parseDelta(text: string, note: RoomNotification): RoomDelta | null {
  try {
    const delta = JSON.parse(text) as RoomDelta;
    return delta && delta.id === note.id && delta.version === note.version && Array.isArray(delta.events) ? delta : null;
  } catch {
    return null;
  }
}

/** `'<id>:<version>'` → its parts, or null for anything else on the channel. */
export function parseNotification(payload: string): { id: string; version: number } | null {
  const colon = payload.lastIndexOf(':');
  if (colon <= 0) return null;
  const version = Number(payload.slice(colon + 1));
  if (!Number.isSafeInteger(version) || version < 1) return null;
  return { id: payload.slice(0, colon), version };
}

export function createPgNotifyRoomStore(options: PgNotifyRoomStoreOptions): PgNotifyRoomStore {
  const { local, log } = options;
  const backoff = options.backoff ?? { initialMs: 250, maxMs: 10_000 };

  /** Highest version fanned out here, by room (insertion order = least recently changed first). */
  const latest = new Map<string, number>();
  /** That version's document, for the rooms someone here listens to: the next delta folds into it. */
  const held = new Map<string, RoomDocument>();
  /** Highest version announced by another process and not yet read, by room. */
  const wanted = new Map<string, number>();
  const reading = new Set<string>();

  let started = false;
  let closed = false;
  let connection: ListenConnection | null = null;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  let listening: { promise: Promise<void>; resolve: () => void } = deferred();

  const latestOf = (id: string) => latest.get(id) ?? 0;

  function remember(id: string, version: number) {
    latest.delete(id);
    latest.set(id, version);
    if (latest.size > REMEMBERED_ROOMS) latest.delete(latest.keys().next().value!);
  }

  /** Hands a version to this process's subscribers once; older or equal versions are dropped. */
  async function fanOut(doc: RoomDocument): Promise<boolean> {
    if (doc.version <= latestOf(doc.id)) return false;
    remember(doc.id, doc.version);
    held.delete(doc.id);
    if (local.hasSubscribers(doc.id)) {
      held.set(doc.id, doc);
      if (held.size > REMEMBERED_DOCS) held.delete(held.keys().next().value!);
    }
    try {
      await local.publish(doc);
    } catch (err) {
      log.error({ err, roomId: doc.id, version: doc.version }, 'a room subscriber failed');
    }
    return true;
  }

  /** Reads a room until this process holds the highest version announced for it. */
  async function catchUp(id: string) {
    if (reading.has(id)) return; // the running read loops until it has the newest
    reading.add(id);
    try {
      while ((wanted.get(id) ?? 0) > latestOf(id)) {
        const target = wanted.get(id)!;
        const [doc] = await options.readRooms([id]);
        if (doc) await fanOut(doc);
        // The row is always at least as new as a notification sent after its commit; if it is
        // not (or is gone), waiting would not help: the next notification starts again.
        if (!doc || doc.version < target) break;
      }
    } catch (err) {
      log.error({ err, roomId: id }, 'a room announced by another process could not be read');
    } finally {
      wanted.delete(id);
      reading.delete(id);
    }
  }

  function onNotification(payload: string) {
    for (const note of parseNotifications(payload)) {
      if (note.version <= latestOf(note.id)) continue;
      // Nobody here listens: nothing to read. A stream opened later reads the current document itself.
      if (!local.hasSubscribers(note.id)) {
        held.delete(note.id);
        continue;
      }
      // The version right after the one held here, with its delta: folded, not read.
      const base = held.get(note.id) ?? null;
      const delta = note.delta !== undefined && base ? parseDelta(note.delta, note) : null;
      if (delta && deltaApplies(base, delta)) {
        const doc = applyRoomDelta(base!, delta);
        // The room stream sends the same text on, instead of making the delta again.
        rememberDeltaJson(doc, note.delta!);
        void fanOut(doc);
        continue;
      }
      wanted.set(note.id, Math.max(wanted.get(note.id) ?? 0, note.version));
      void catchUp(note.id);
    }
  }

  /** Versions published here and not announced yet: announced together, once this turn of the event loop is over. */
  let unannounced: string[] = [];
  function announceSoon(note: string) {
    unannounced.push(note);
    if (unannounced.length === 1) setImmediate(announce);
  }
  function announce() {
    const notes = unannounced;
    unannounced = [];
    let payload = '';
    let lastHasDelta = false;
    const send = (text: string) =>
      options.notify(text).catch((err: unknown) => {
        // The versions are committed; other processes catch up with the next one (or on reconnect).
        log.error({ err, payload: text.slice(0, 200) }, 'room notification not sent');
      });
    for (const note of notes) {
      if (payload && payload.length + 1 + note.length > MAX_PAYLOAD) {
        void send(payload);
        payload = '';
      }
      // A delta's line stands alone; keys follow each other on one line.
      const hasDelta = note.includes('{');
      const separator = hasDelta || lastHasDelta ? '\n' : ',';
      payload = payload ? `${payload}${separator}${note}` : note;
      lastHasDelta = hasDelta;
    }
    if (payload) void send(payload);
  }

  /** What announces a version: with its delta when this process made it and it fits in a notification. */
  function noteOf(doc: RoomDocument): string {
    const key = `${doc.id}:${doc.version}`;
    const delta = deltaJsonOf(doc);
    return delta !== undefined && key.length + 1 + delta.length <= MAX_PAYLOAD ? `${key}:${delta}` : key;
  }

  /** After (re)connecting: the current version of every room listened to here. */
  async function resync() {
    const ids = local.subscribedRoomIds();
    for (let i = 0; i < ids.length; i += RESYNC_BATCH) {
      const docs = await options.readRooms(ids.slice(i, i + RESYNC_BATCH));
      for (const doc of docs) await fanOut(doc);
    }
  }

  function dropped(conn: ListenConnection, err?: unknown) {
    if (connection !== conn && connection !== null) return;
    if (connection === conn) {
      connection = null;
      listening = deferred();
    }
    conn.end().catch(() => undefined);
    if (closed || retry) return;
    const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt += 1;
    log.warn({ err, retryInMs: Math.round(delay) }, 'room notifications: the LISTEN connection dropped');
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
  }

  async function connect() {
    let conn: ListenConnection;
    try {
      conn = await options.openListenConnection();
    } catch (err) {
      // Could not even build a client: treat as a dropped connection.
      return dropped({ end: async () => undefined } as unknown as ListenConnection, err);
    }
    let failed = false;
    const fail = (err?: unknown) => {
      if (failed) return;
      failed = true;
      dropped(conn, err);
    };
    conn.on('notification', (message) => {
      if (message.channel === ROOM_CHANNEL && message.payload) onNotification(message.payload);
    });
    conn.on('error', fail);
    conn.on('end', () => fail());
    try {
      await conn.connect();
      await conn.query(`LISTEN ${ROOM_CHANNEL}`);
    } catch (err) {
      return fail(err);
    }
    if (closed) {
      await conn.end().catch(() => undefined);
      return;
    }
    if (failed) return;
    connection = conn;
    const reconnected = attempt > 0;
    attempt = 0;
    if (reconnected) log.info('room notifications: listening again');
    listening.resolve();
    try {
      await resync();
    } catch (err) {
      log.error({ err }, 'room notifications: rooms could not be read again after connecting');
    }
  }

  function startListening() {
    if (started || closed) return;
    started = true;
    void connect();
  }

  return {
    kind: 'embedded',
    whenListening() {
      startListening();
      return listening.promise;
    },
    async publish(doc) {
      if (!(await fanOut(doc))) return;
      announceSoon(noteOf(doc));
    },
    subscribe(roomId, listener) {
      startListening();
      return local.subscribe(roomId, listener);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const conn = connection;
      connection = null;
      if (conn) await conn.end().catch(() => undefined);
      held.clear();
      await local.close();
    },
  };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
