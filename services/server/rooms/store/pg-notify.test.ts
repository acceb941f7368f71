import { EventEmitter } from 'node:events';
import pino from 'pino';
import { applyRoomDelta, type RoomDelta } from '@/services/domain/room-events';
import type { RoomDocument } from '@/services/domain/rooms';
import { deltaJsonOf, rememberDeltaJson } from '@/services/server/rooms/doc-json';
import { createLocalRoomFanout } from '@/services/server/rooms/store/embedded';
import { createPgNotifyRoomStore, parseNotification, parseNotifications, ROOM_CHANNEL, type ListenConnection } from '@/services/server/rooms/store/pg-notify';

/**
 * The cross-process layer's decisions, on a fake LISTEN connection and a fake rooms table: what
 * is read when, what is skipped, and catching up after the connection drops. (The same store on
 * real PostgreSQL connections: tests/api/room-stream-cross-process.test.ts.)
 */

class FakeListenConnection extends EventEmitter implements ListenConnection {
  readonly queries: string[] = [];
  ended = false;
  constructor(private readonly refuse: boolean) {
    super();
  }
  async connect() {
    if (this.refuse) throw new Error('connection refused');
  }
  async query(text: string) {
    this.queries.push(text);
  }
  async end() {
    if (this.ended) return;
    this.ended = true;
    this.emit('end');
  }
  /** Another process published. */
  announce(payload: string, channel = ROOM_CHANNEL) {
    this.emit('notification', { channel, payload });
  }
  /** The server went away. */
  drop() {
    this.emit('error', new Error('terminating connection due to administrator command'));
  }
}

function doc(id: string, version: number): RoomDocument {
  return { id, version } as RoomDocument;
}

const flush = () => new Promise((r) => setTimeout(r, 5));

function setup(options: { refuseFirst?: number } = {}) {
  const table = new Map<string, RoomDocument>();
  const reads: string[][] = [];
  const notified: string[] = [];
  const connections: FakeListenConnection[] = [];
  let refusals = options.refuseFirst ?? 0;
  const store = createPgNotifyRoomStore({
    local: createLocalRoomFanout(),
    async openListenConnection() {
      const conn = new FakeListenConnection(refusals > 0);
      refusals -= 1;
      connections.push(conn);
      return conn;
    },
    async notify(payload) {
      notified.push(payload);
    },
    async readRooms(ids) {
      reads.push([...ids]);
      return ids.map((id) => table.get(id)).filter((d): d is RoomDocument => d !== undefined);
    },
    log: pino({ level: 'silent' }),
    backoff: { initialMs: 5, maxMs: 20 },
  });
  const current = () => connections[connections.length - 1]!;
  return { store, table, reads, notified, connections, current };
}

/** A store listening, with one subscriber on r1 collecting the versions it gets; the reads of starting up not counted. */
async function listeningToR1() {
  const t = setup();
  const got: number[] = [];
  t.store.subscribe('r1', (d) => got.push(d.version));
  await t.store.whenListening();
  await flush();
  t.reads.length = 0;
  return { ...t, got };
}

describe('room notifications between processes', () => {
  test('payloads are "<room id>:<version>"; anything else is ignored', () => {
    expect(parseNotification('r_abc:12')).toEqual({ id: 'r_abc', version: 12 });
    expect(parseNotification('r:a:b:3')).toEqual({ id: 'r:a:b', version: 3 });
    for (const bad of ['r_abc', ':3', 'r_abc:', 'r_abc:0', 'r_abc:1.5', 'r_abc:x']) expect(parseNotification(bad)).toBeNull();
  });

  test('versions published in one turn of the event loop are announced in one notification, split below 8000 bytes', async () => {
    const t = setup();
    await Promise.all([t.store.publish(doc('r1', 1)), t.store.publish(doc('r2', 5)), t.store.publish(doc('r1', 2))]);
    await flush();
    expect(t.notified).toEqual(['r1:1,r2:5,r1:2']);
    expect(parseNotifications(t.notified[0]!)).toEqual([
      { id: 'r1', version: 1 },
      { id: 'r2', version: 5 },
      { id: 'r1', version: 2 },
    ]);
    t.notified.length = 0;
    const many = Array.from({ length: 600 }, (_, i) => doc(`r_${String(i).padStart(22, 'x')}`, 1));
    await Promise.all(many.map((d) => t.store.publish(d)));
    await flush();
    expect(t.notified.length).toBeGreaterThan(1);
    expect(t.notified.every((p) => p.length < 8000)).toBe(true);
    expect(t.notified.flatMap(parseNotifications)).toHaveLength(600);
    await t.store.close();
  });

  test('a list announced by another process: each room listened to here is read once', async () => {
    const t = setup();
    const got: string[] = [];
    t.store.subscribe('r1', (d) => got.push(`${d.id}:${d.version}`));
    t.store.subscribe('r2', (d) => got.push(`${d.id}:${d.version}`));
    await t.store.whenListening();
    await flush();
    t.reads.length = 0;
    t.table.set('r1', doc('r1', 3));
    t.table.set('r2', doc('r2', 8));
    t.current().announce('r1:3,r9:1,junk,r2:8');
    await flush();
    expect(got.sort()).toEqual(['r1:3', 'r2:8']);
    expect(t.reads.flat().sort()).toEqual(['r1', 'r2']);
    await t.store.close();
  });

  test('no LISTEN connection until something subscribes', async () => {
    const t = setup();
    await t.store.publish(doc('r1', 1));
    await flush();
    expect(t.connections).toHaveLength(0);
    expect(t.notified).toEqual(['r1:1']);
    t.store.subscribe('r1', () => undefined);
    await t.store.whenListening();
    expect(t.current().queries).toEqual([`LISTEN ${ROOM_CHANNEL}`]);
    await t.store.close();
  });

  test('a publish here reaches local subscribers once and is announced; its own notification is not read back', async () => {
    const t = await listeningToR1();
    const got = t.got;
    await t.store.publish(doc('r1', 1));
    t.current().announce('r1:1'); // PostgreSQL delivers our own NOTIFY to us too
    await flush();
    expect(got).toEqual([1]);
    expect(t.notified).toEqual(['r1:1']);
    expect(t.reads).toEqual([]);
    // An older or repeated version is neither fanned out nor announced again.
    await t.store.publish(doc('r1', 1));
    expect(got).toEqual([1]);
    expect(t.notified).toEqual(['r1:1']);
    await t.store.close();
  });

  test("another process's version is read once, however many times it is announced", async () => {
    const t = await listeningToR1();
    const got = t.got;
    t.table.set('r1', doc('r1', 4));
    t.current().announce('r1:4');
    t.current().announce('r1:4');
    await flush();
    t.current().announce('r1:4');
    t.current().announce('r1:3'); // older than what we hold
    await flush();
    expect(got).toEqual([4]);
    expect(t.reads).toEqual([['r1']]);
    await t.store.close();
  });

  test('announcements of rooms nobody here listens to cost no read', async () => {
    const t = setup();
    t.store.subscribe('r1', () => undefined);
    await t.store.whenListening();
    await flush();
    t.reads.length = 0;
    t.table.set('r2', doc('r2', 7));
    t.current().announce('r2:7');
    t.current().announce('junk');
    t.current().announce('r1:9', 'another_channel');
    await flush();
    expect(t.reads).toEqual([]);
    await t.store.close();
  });

  test('a quick run of versions ends with the newest, each delivered at most once and in order', async () => {
    const t = setup();
    const got: number[] = [];
    t.store.subscribe('r1', (d) => got.push(d.version));
    await t.store.whenListening();
    await flush();
    for (let v = 1; v <= 5; v += 1) {
      t.table.set('r1', doc('r1', v));
      t.current().announce(`r1:${v}`);
    }
    await flush();
    expect(got[got.length - 1]).toBe(5);
    expect(got).toEqual([...new Set(got)].sort((a, b) => a - b));
    await t.store.close();
  });

  test('when the LISTEN connection drops it reconnects with back-off and catches up on every room listened to', async () => {
    const t = setup();
    const got: string[] = [];
    t.store.subscribe('r1', (d) => got.push(`${d.id}@${d.version}`));
    t.store.subscribe('r2', (d) => got.push(`${d.id}@${d.version}`));
    await t.store.whenListening();
    await flush();
    const first = t.current();
    first.drop();
    // Published elsewhere while this process heard nothing.
    t.table.set('r1', doc('r1', 2));
    t.table.set('r2', doc('r2', 6));
    t.table.set('r3', doc('r3', 1));
    await t.store.whenListening();
    await flush();
    expect(t.connections).toHaveLength(2);
    expect(first.ended).toBe(true);
    expect(got.sort()).toEqual(['r1@2', 'r2@6']);
    // And it hears announcements again.
    t.table.set('r1', doc('r1', 3));
    t.current().announce('r1:3');
    await flush();
    expect(got).toContain('r1@3');
    await t.store.close();
  });

  test('a server that refuses connections is retried until it accepts', async () => {
    const t = setup({ refuseFirst: 3 });
    t.store.subscribe('r1', () => undefined);
    await t.store.whenListening();
    expect(t.connections).toHaveLength(4);
    expect(t.current().queries).toEqual([`LISTEN ${ROOM_CHANNEL}`]);
    await t.store.close();
  });

  test('close ends the connection and stops reconnecting', async () => {
    const t = setup();
    t.store.subscribe('r1', () => undefined);
    await t.store.whenListening();
    await t.store.close();
    expect(t.current().ended).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(t.connections).toHaveLength(1);
  });

  test('a failed announcement does not fail the publish', async () => {
    const local = createLocalRoomFanout();
    const store = createPgNotifyRoomStore({
      local,
      openListenConnection: async () => new FakeListenConnection(false),
      notify: async () => {
        throw new Error('connection lost');
      },
      readRooms: async () => [],
      log: pino({ level: 'silent' }),
    });
    const got: number[] = [];
    store.subscribe('r1', (d) => got.push(d.version));
    await expect(store.publish(doc('r1', 1))).resolves.toBeUndefined();
    expect(got).toEqual([1]);
    await store.close();
  });

  describe('versions announced with their delta', () => {
    const room = (version: number, status: RoomDocument['status'] = 'waiting') =>
      ({ id: 'r1', version, status, updated_at: `2026-11-26T10:00:0${version}.000Z`, players: [], questions: [], messages: [], result: null }) as unknown as RoomDocument;
    const deltaTo = (version: number, status: RoomDocument['status']): RoomDelta => ({
      id: 'r1',
      version,
      updated_at: `2026-11-26T10:00:0${version}.000Z`,
      events: [{ t: 'room', set: { status } }],
    });
    /** A version as the room service makes it: the document, and the delta it made it with. */
    const made = (version: number, status: RoomDocument['status']) => {
      const doc = room(version, status);
      rememberDeltaJson(doc, JSON.stringify(deltaTo(version, status)));
      return doc;
    };

    test('a version made here is announced with its delta on a line of its own; keys without one stay comma-separated', async () => {
      const t = setup();
      await Promise.all([t.store.publish(doc('r7', 1)), t.store.publish(doc('r8', 1)), t.store.publish(made(2, 'started')), t.store.publish(doc('r9', 4))]);
      await flush();
      expect(t.notified).toEqual([`r7:1,r8:1\nr1:2:${JSON.stringify(deltaTo(2, 'started'))}\nr9:4`]);
      expect(parseNotifications(t.notified[0]!)).toEqual([
        { id: 'r7', version: 1 },
        { id: 'r8', version: 1 },
        { id: 'r1', version: 2, delta: JSON.stringify(deltaTo(2, 'started')) },
        { id: 'r9', version: 4 },
      ]);
      await t.store.close();
    });

    test('a delta too long for a notification goes as the key alone', async () => {
      const t = setup();
      const big = room(2);
      rememberDeltaJson(big, JSON.stringify({ ...deltaTo(2, 'started'), padding: 'x'.repeat(8000) }));
      await t.store.publish(big);
      await flush();
      expect(t.notified).toEqual(['r1:2']);
      await t.store.close();
    });

    test("another process's version right after the one held here is folded from its delta, not read", async () => {
      const t = setup();
      const got: RoomDocument[] = [];
      t.store.subscribe('r1', (d) => got.push(d));
      await t.store.whenListening();
      await t.store.publish(room(1));
      t.reads.length = 0;
      const text = JSON.stringify(deltaTo(2, 'started'));
      t.current().announce(`r1:2:${text}`);
      await flush();
      expect(t.reads).toEqual([]);
      expect(got.map((d) => [d.version, d.status])).toEqual([
        [1, 'waiting'],
        [2, 'started'],
      ]);
      expect(got[1]).toEqual(applyRoomDelta(room(1), deltaTo(2, 'started')));
      // Its stream sends the announced text on, as it would a delta made here.
      expect(deltaJsonOf(got[1]!)).toBe(text);
      // And the next one folds into that.
      t.current().announce(`r1:3:${JSON.stringify(deltaTo(3, 'finished'))}`);
      await flush();
      expect(t.reads).toEqual([]);
      expect(got.map((d) => d.version)).toEqual([1, 2, 3]);
      expect(got[2]!.status).toBe('finished');
      await t.store.close();
    });

    test('a delta that does not follow the version held here, or is not one, makes the room be read', async () => {
      const t = setup();
      const got: number[] = [];
      t.store.subscribe('r1', (d) => got.push(d.version));
      await t.store.whenListening();
      await t.store.publish(room(1));
      t.reads.length = 0;
      // Version 2 was missed: 3's delta cannot be folded into 1.
      t.table.set('r1', room(3, 'started'));
      t.current().announce(`r1:3:${JSON.stringify(deltaTo(3, 'started'))}`);
      await flush();
      expect(t.reads).toEqual([['r1']]);
      expect(got).toEqual([1, 3]);
      // A delta that names another version than its key.
      t.table.set('r1', room(4, 'finished'));
      t.current().announce(`r1:4:${JSON.stringify(deltaTo(5, 'finished'))}`);
      await flush();
      expect(t.reads).toEqual([['r1'], ['r1']]);
      expect(got).toEqual([1, 3, 4]);
      await t.store.close();
    });

    test('with nothing held here (no version seen yet) the room is read', async () => {
      const t = await listeningToR1();
      const got = t.got;
      t.table.set('r1', room(2, 'started'));
      t.current().announce(`r1:2:${JSON.stringify(deltaTo(2, 'started'))}`);
      await flush();
      expect(t.reads).toEqual([['r1']]);
      expect(got).toEqual([2]);
      await t.store.close();
    });
  });
});
