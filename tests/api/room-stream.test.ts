import http from 'node:http';
import { docJson } from '@/services/server/rooms/doc-json';
import { eq } from 'drizzle-orm';
import { writeSetting } from '@/services/server/settings/repository';
import { seedDatabase } from '@/services/server/content/seed';
import { roomMembers } from '@/services/server/db/schema';
import type { RoomDocument } from '@/services/domain/rooms';
import type { RoomFeedSource } from '@/services/server/rooms/store/port';
import { createRoomFeed, type RoomFeedStatus } from '@/services/client/room-feed';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { eventually, openRoomStream, roomDoc, type StreamReader } from '@/tests/api/room-stream.support';

/**
 * The room stream (GET /api/rooms/<id>/events) against a fake room service: the stream knows
 * rooms only through RoomFeedSource and the room store, so this is all it can be asked.
 */
class FakeRoomFeed implements RoomFeedSource {
  readonly rooms = new Map<string, RoomDocument>();
  readonly presence: string[] = [];
  /** While set, reading a room waits for it (a slow database). */
  gate: Promise<void> | null = null;
  reads = 0;

  async currentForMember(roomId: string, userId: number) {
    this.reads += 1;
    if (this.gate) await this.gate;
    const doc = this.rooms.get(roomId);
    return doc && doc.players.some((p) => p.user_id === userId) ? doc : null;
  }
  async streamOpened(roomId: string, userId: number) {
    this.presence.push(`opened ${roomId} ${userId}`);
  }
  async streamClosed(roomId: string, userId: number) {
    this.presence.push(`closed ${roomId} ${userId}`);
  }
}

const HEARTBEAT_MS = 150;
/** A room id of its own for each test: versions of one id and number are serialised once per process. */
let ROOM = '';
let rooms = 0;

let api: TestApi;
let feed: FakeRoomFeed;
let alice: { userId: number; token: string };
let bob: { userId: number; token: string };
const open: StreamReader[] = [];

/** The room service's part: the new version becomes current, then it is published. */
async function commit(doc: RoomDocument) {
  feed.rooms.set(doc.id, doc);
  await api.app.roomStore.publish(doc);
}

async function stream(roomId: string, token?: string, headers?: Record<string, string>) {
  const s = await openRoomStream(api.url, roomId, token, headers);
  open.push(s);
  return s;
}

beforeAll(async () => {
  feed = new FakeRoomFeed();
  api = await startTestApi(await getTestDatabase(), undefined, { roomStreamHeartbeatMs: HEARTBEAT_MS }, { roomFeed: feed });
});

beforeEach(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await writeSetting(database.db, 'maintenance_mode', '0');
  api.app.settings.invalidate();
  ROOM = `r_stream_test_${(rooms += 1)}`;
  feed.rooms.clear();
  feed.presence.length = 0;
  feed.gate = null;
  feed.reads = 0;
  alice = await createPlayerWithSession(database.db, { name: 'Alice' });
  bob = await createPlayerWithSession(database.db, { name: 'Bob' });
  feed.rooms.set(ROOM, roomDoc(ROOM, 3, [alice.userId]));
});

afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  await eventually('every stream to close', () => api.gateway.roomStreams.openCount === 0);
});

afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

describe(`who may open a room stream (${testDbKind})`, () => {
  test('without a token: 401 with the envelope (125); with a bad one: 401 (129)', async () => {
    const none = await stream(ROOM);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: true, message: '125' });
    const bad = await stream(ROOM, 'not-a-real-token');
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ error: true, message: '129' });
    expect(feed.reads).toBe(0);
  });

  test('a non-member and an unknown room both get 404 (102), and no presence is recorded', async () => {
    const outsider = await stream(ROOM, bob.token);
    expect(outsider.status).toBe(404);
    expect(outsider.body).toMatchObject({ error: true, message: '102' });
    const unknown = await stream('r_no_such_room', alice.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: '102' });
    expect(feed.presence).toEqual([]);
  });

  test('a malformed room id is refused naming room_id', async () => {
    const s = await stream('has%20space', alice.token);
    expect(s.status).toBe(400);
    expect(s.body).toMatchObject({ message: '103', field: 'room_id' });
  });

  test('only GET opens a stream; the other calls still accept only POST', async () => {
    const post = await fetch(`${api.url}/api/rooms/${ROOM}/events`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}` } });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(await post.json()).toMatchObject({ message: 'method_not_allowed' });
    const get = await api.call('get_system_configurations', {}, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  test('maintenance mode refuses players (503) but not admins', async () => {
    const database = await getTestDatabase();
    await writeSetting(database.db, 'maintenance_mode', '1');
    api.app.settings.invalidate();
    const player = await stream(ROOM, alice.token);
    expect(player.status).toBe(503);
    expect(player.body).toMatchObject({ message: 'maintenance' });
    const admin = await createPlayerWithSession(database.db, { role: 'admin' });
    feed.rooms.set(ROOM, roomDoc(ROOM, 3, [alice.userId, admin.userId]));
    const adminStream = await stream(ROOM, admin.token);
    expect(adminStream.status).toBe(200);
  });
});

describe(`what a room stream carries (${testDbKind})`, () => {
  test('opens as an unbuffered event stream and sends the current document first', async () => {
    const s = await stream(ROOM, alice.token);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toMatch(/no-cache/);
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    await s.waitFor('the current document', () => s.docs().length === 1);
    expect(s.text()).toMatch(/^: heartbeat\nevent: clock\ndata: \d+\n\nid: 3\nevent: room\ndata: \{/);
    expect(s.events()[0]).toMatchObject({ event: 'clock' });
    expect(s.events()[1]).toMatchObject({ id: '3', event: 'room' });
    expect(s.docs()[0]).toEqual(feed.rooms.get(ROOM));
  });

  test('streams newer versions in order and drops older and repeated ones', async () => {
    const s = await stream(ROOM, alice.token);
    await s.waitFor('the current document', () => s.docs().length === 1);
    await commit(roomDoc(ROOM, 4, [alice.userId, bob.userId]));
    await api.app.roomStore.publish(roomDoc(ROOM, 2, [alice.userId])); // older than held
    await api.app.roomStore.publish(roomDoc(ROOM, 4, [alice.userId, bob.userId])); // the same again
    await commit(roomDoc(ROOM, 5, [alice.userId, bob.userId], { status: 'started' }));
    await s.waitFor('version 5', () => s.versions().includes(5));
    expect(s.versions()).toEqual([3, 4, 5]);
    expect(s.docs()[2]!.status).toBe('started');
    expect(s.docs()[1]!.players.map((p) => p.user_id)).toEqual([alice.userId, bob.userId]);
  });

  test('after the whole document a stream carries deltas; one that missed the version before gets the document whole', async () => {
    const s = await stream(ROOM, alice.token);
    await s.waitFor('the current document', () => s.docs().length === 1);
    await commit(roomDoc(ROOM, 4, [alice.userId, bob.userId]));
    await commit(roomDoc(ROOM, 5, [alice.userId, bob.userId], { status: 'started' }));
    await s.waitFor('version 5', () => s.versions().includes(5));
    expect(s.events().filter((e) => e.event === 'room' || e.event === 'delta').map((e) => [e.id, e.event])).toEqual([
      ['3', 'room'],
      ['4', 'delta'],
      ['5', 'delta'],
    ]);
    const deltas = s.events().filter((e) => e.event === 'delta');
    expect(JSON.parse(deltas[0]!.data)).toMatchObject({ id: ROOM, version: 4, events: expect.arrayContaining([expect.objectContaining({ t: 'joined', player: expect.objectContaining({ user_id: bob.userId }) })]) });
    expect(deltas.every((d) => d.data.length < docJson(s.docs()[0]!).length)).toBe(true);
    // Folded, the deltas give the documents the room service committed.
    expect(s.docs()[2]).toEqual(feed.rooms.get(ROOM));
    // Version 7 published without 6 ever reaching this process: the stream gets 7 whole.
    await commit(roomDoc(ROOM, 7, [alice.userId, bob.userId], { status: 'finished' }));
    await s.waitFor('version 7', () => s.versions().includes(7));
    expect(s.events().at(-1)).toMatchObject({ id: '7', event: 'room' });
    expect(s.docs().at(-1)).toEqual(feed.rooms.get(ROOM));
  });

  test('a version published while the room was being read is not lost', async () => {
    let release!: () => void;
    feed.gate = new Promise<void>((r) => (release = r));
    const opening = stream(ROOM, alice.token);
    await eventually('the stream to read the room', () => feed.reads > 0);
    // Committed after the stream subscribed but before its read answered (with version 3).
    await api.app.roomStore.publish(roomDoc(ROOM, 4, [alice.userId]));
    release();
    const s = await opening;
    await s.waitFor('version 4', () => s.versions().includes(4));
    expect(s.versions()).toEqual([3, 4]);
  });

  test('every member stream of a room gets each version, serialised once for all of them', async () => {
    const members = [alice];
    const database = await getTestDatabase();
    for (let i = 0; i < 3; i += 1) members.push(await createPlayerWithSession(database.db));
    feed.rooms.set(ROOM, roomDoc(ROOM, 3, members.map((m) => m.userId)));
    const streams: StreamReader[] = [];
    for (const m of members) streams.push(await stream(ROOM, m.token), await stream(ROOM, m.token));
    for (const s of streams) await s.waitFor('the current document', () => s.docs().length === 1);
    const before = api.gateway.roomStreams.frames.serialisations;
    await commit(roomDoc(ROOM, 4, members.map((m) => m.userId), { status: 'started' }));
    for (const s of streams) await s.waitFor('version 4', () => s.versions().includes(4));
    expect(api.gateway.roomStreams.frames.serialisations - before).toBe(1);
    expect(api.gateway.roomStreams.openCount).toBe(8);
  });

  test("a quiet stream carries a heartbeat with the server's clock, the first before the document", async () => {
    const before = Date.now();
    const s = await stream(ROOM, alice.token);
    const clocks = () => [...s.text().matchAll(/: heartbeat\nevent: clock\ndata: (\d+)\n\n/g)].map((m) => Number(m[1]));
    await s.waitFor('the connect clock and two heartbeats', () => clocks().length >= 3, HEARTBEAT_MS * 10);
    expect(s.text().indexOf('event: clock')).toBeLessThan(s.text().indexOf('event: room'));
    for (const time of clocks()) {
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(Date.now());
    }
    expect(clocks()).toEqual([...clocks()].sort((a, b) => a - b));
    expect(s.docs()).toHaveLength(1);
  });

  test('a finished room keeps its stream open with the last document', async () => {
    feed.rooms.set(ROOM, roomDoc(ROOM, 9, [alice.userId], { status: 'finished' }));
    const s = await stream(ROOM, alice.token);
    await s.waitFor('the finished document', () => s.docs().length === 1);
    await s.waitFor('a heartbeat after it', () => s.text().split('event: room')[1]?.includes(': heartbeat') ?? false, HEARTBEAT_MS * 10);
    expect(api.gateway.roomStreams.openCount).toBe(1);
  });
});

describe(`a client that stops reading (${testDbKind})`, () => {
  test('is cut once too much waits for it, instead of being buffered for without end', async () => {
    const reader = http.get(`${api.url}/api/rooms/${ROOM}/events`, { headers: { authorization: `Bearer ${alice.token}` } });
    const response = await new Promise<http.IncomingMessage>((resolve) => reader.on('response', resolve));
    expect(response.statusCode).toBe(200);
    response.pause(); // reads nothing more: the socket's buffers fill up
    reader.on('error', () => undefined);
    await eventually('streamOpened', () => feed.presence.length === 1);
    const big = 'x'.repeat(256 * 1024);
    let version = 3;
    while (api.gateway.roomStreams.openCount > 0 && version < 400) {
      version += 1;
      // Each version changes the big field, so that each one (whole or as a delta) carries 256 kB.
      await commit(roomDoc(ROOM, version, [alice.userId], { category_name: `${version}${big}` }));
      await new Promise((r) => setImmediate(r));
    }
    // Cut long before 100 MB were written for it (loopback buffers take a few MB first).
    expect(api.gateway.roomStreams.openCount).toBe(0);
    expect(version).toBeLessThan(400);
    await eventually('streamClosed', () => feed.presence.length === 2);
    expect(feed.presence[1]).toBe(`closed ${ROOM} ${alice.userId}`);
    response.destroy();
  });
});

describe(`reconnecting and presence (${testDbKind})`, () => {
  test('presence: opened when the stream opens, closed exactly once when the client goes away', async () => {
    const s = await stream(ROOM, alice.token);
    await s.waitFor('the current document', () => s.docs().length === 1);
    await eventually('streamOpened', () => feed.presence.length === 1);
    expect(feed.presence).toEqual([`opened ${ROOM} ${alice.userId}`]);
    s.close();
    await eventually('streamClosed', () => feed.presence.length === 2);
    // Both the request and the response report the close; it is counted once.
    await new Promise((r) => setTimeout(r, 100));
    expect(feed.presence).toEqual([`opened ${ROOM} ${alice.userId}`, `closed ${ROOM} ${alice.userId}`]);
    expect(api.gateway.roomStreams.openCount).toBe(0);
  });

  test('a client gone before the room was read leaves no stream and no presence behind', async () => {
    let release!: () => void;
    feed.gate = new Promise<void>((r) => (release = r));
    const controller = new AbortController();
    const request = fetch(`${api.url}/api/rooms/${ROOM}/events`, { headers: { authorization: `Bearer ${alice.token}` }, signal: controller.signal }).catch(
      () => null,
    );
    await eventually('the stream to read the room', () => feed.reads > 0);
    controller.abort();
    await request;
    await new Promise((r) => setTimeout(r, 50));
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.gateway.roomStreams.openCount).toBe(0);
    expect(feed.presence).toEqual([]);
  });

  test('Last-Event-ID equal to the current version skips it; an older one gets it again', async () => {
    const same = await stream(ROOM, alice.token, { 'last-event-id': '3' });
    expect(same.status).toBe(200);
    await commit(roomDoc(ROOM, 4, [alice.userId]));
    await same.waitFor('version 4', () => same.versions().includes(4));
    expect(same.versions()).toEqual([4]);

    const older = await stream(ROOM, alice.token, { 'last-event-id': '2' });
    await older.waitFor('the current document', () => older.docs().length === 1);
    expect(older.versions()).toEqual([4]);
  });

  test('shutting the gateway down ends open streams and records them as closed', async () => {
    const database = await getTestDatabase();
    const other = await startTestApi(database, undefined, { roomStreamHeartbeatMs: HEARTBEAT_MS }, { roomFeed: feed });
    const s = await openRoomStream(other.url, ROOM, alice.token);
    await s.waitFor('the current document', () => s.docs().length === 1);
    await eventually('streamOpened', () => feed.presence.length === 1);
    await other.close();
    expect(feed.presence).toEqual([`opened ${ROOM} ${alice.userId}`, `closed ${ROOM} ${alice.userId}`]);
    expect(other.gateway.roomStreams.openCount).toBe(0);
  });
});

describe(`the room stream on the real room service (${testDbKind})`, () => {
  test("a member's stream follows the room's commands and its presence is counted in the database", async () => {
    const database = await getTestDatabase();
    await seedDatabase(database.db, { rootDir: process.cwd() });
    const real = await startTestApi(database);
    try {
      const call = async (token: string, endpoint: string, body: Record<string, string | number>) => {
        const res = await real.call(endpoint, body, { token });
        expect(res.status).toBe(200);
        return (res.body.data as { room: RoomDocument }).room;
      };
      const connections = async (userId: number) =>
        (await database.db.select({ n: roomMembers.connections }).from(roomMembers).where(eq(roomMembers.userId, userId)))[0]?.n;

      const created = await call(alice.token, 'create_room', { room_type: 'friend', entry_fee: 0, language_id: 1 });
      const outsider = await openRoomStream(real.url, created.id, bob.token);
      expect(outsider.status).toBe(404);
      const s = await openRoomStream(real.url, created.id, alice.token);
      open.push(s);
      await s.waitFor('the current document', () => s.docs().length === 1);
      await eventually('the open stream counted', async () => (await connections(alice.userId)) === 1);
      const joined = await call(bob.token, 'join_room', { room_code: created.code! });
      const ready = await call(bob.token, 'set_room_ready', { room_id: created.id, ready: 1 });
      await s.waitFor(`version ${ready.version}`, () => s.versions().includes(ready.version));
      expect(s.versions()).toEqual([created.version, joined.version, ready.version]);
      expect(s.docs()[2]!.players.map((p) => [p.user_id, p.ready])).toEqual([
        [alice.userId, true],
        [bob.userId, true],
      ]);
      s.close();
      await eventually('the closed stream counted', async () => (await connections(alice.userId)) === 0);
    } finally {
      await real.close();
    }
  });
});

describe(`the browser's room feed on a real stream (${testDbKind})`, () => {
  test('delivers the current document and every newer version once, with the token in a header', async () => {
    const received: number[] = [];
    const statuses: RoomFeedStatus[] = [];
    const unsubscribe = createRoomFeed({ baseUrl: api.url }).subscribe(
      ROOM,
      alice.token,
      (doc) => received.push(doc.version),
      (status) => statuses.push(status),
    );
    try {
      await eventually('the current document', () => received.length === 1);
      await commit(roomDoc(ROOM, 4, [alice.userId]));
      await commit(roomDoc(ROOM, 5, [alice.userId]));
      await eventually('version 5', () => received.includes(5));
      expect(received).toEqual([3, 4, 5]);
      expect(statuses).toEqual(['connecting', 'live']);
    } finally {
      unsubscribe();
    }
  });

  test('the web settings tell the browser which feed to use', async () => {
    const res = await api.call('get_web_settings');
    expect(res.body.data).toMatchObject({ room_store: 'embedded' });
  });

  test('stops for good on a room the player is not in', async () => {
    const statuses: RoomFeedStatus[] = [];
    createRoomFeed({ baseUrl: api.url }).subscribe(ROOM, bob.token, () => undefined, (status) => statuses.push(status));
    await eventually('not_found', () => statuses.includes('not_found'));
    expect(statuses).toEqual(['connecting', 'not_found']);
  });
});
