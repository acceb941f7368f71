import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { REVEAL_PAUSE_MS, type RoomDocument } from '@/services/domain/rooms';
import { seedDatabase } from '@/services/server/content/seed';
import { migrateDatabase, openDatabase, type Database } from '@/services/server/db/client';
import { rooms } from '@/services/server/db/schema';
import { createRoomStore } from '@/services/server/rooms/store/select';
import type { PgNotifyRoomStore } from '@/services/server/rooms/store/pg-notify';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { answerOpen, roomCall, roomDoc as storedRoom, seededRandom, testClock, type Player, type RoomsHarness } from '@/tests/api/rooms.support';
import { eventually, openRoomStream, roomDoc, type StreamReader } from '@/tests/api/room-stream.support';

/**
 * Room fan-out between processes on PostgreSQL (docs/rooms.md, Room store adapters): two room
 * stores, then two whole API servers, each on its own connection pool to one database, as two
 * app instances behind a load balancer would be.
 *
 * Needs a PostgreSQL server (TEST_DATABASE_URL); the tests make their own database, whichever
 * database the other tests run on.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) console.log('Skipping the cross-process room stream tests: TEST_DATABASE_URL is not set (they need PostgreSQL LISTEN/NOTIFY).');
const maybe = baseUrl ? test : test.skip;

const dbName = `qa_test_${process.env.QA_TEST_RUN_ID ?? process.pid}_w${process.env.JEST_WORKER_ID ?? '1'}_xproc`;
const silent = pino({ level: 'silent' });
const opened: Database[] = [];
const closers: (() => Promise<void>)[] = [];

function urlOf(database: string, applicationName: string): string {
  const url = new URL(baseUrl!);
  url.pathname = `/${database}`;
  url.searchParams.set('application_name', applicationName);
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A process's own pool on the shared database; `name` tells its connections apart in pg_stat_activity. */
async function processDatabase(name: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl: urlOf(dbName, name), dataDir: 'memory://', poolSize: 5 });
  opened.push(database);
  return database;
}

/** Inserts or moves a room's row to this document, as the room service's transaction does. */
async function writeRoomRow(database: Database, doc: RoomDocument) {
  const now = new Date();
  await database.db
    .insert(rooms)
    .values({ id: doc.id, type: doc.type, status: doc.status, code: null, version: doc.version, createdBy: doc.created_by, doc, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: rooms.id, set: { version: doc.version, doc, status: doc.status, updatedAt: now } });
}

beforeAll(async () => {
  if (!baseUrl) return;
  await admin(async (c) => {
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.query(`create database ${dbName}`);
  });
  const setup = await openDatabase({ databaseUrl: urlOf(dbName, 'setup'), dataDir: 'memory://' });
  try {
    await migrateDatabase(setup);
    await seedDatabase(setup.db, { rootDir: process.cwd() });
  } finally {
    await setup.close();
  }
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  for (const database of opened.splice(0)) await database.close();
});

afterAll(async () => {
  if (!baseUrl) return;
  await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
});

describe('room fan-out between processes on PostgreSQL', () => {
  async function twoStores() {
    const [dbA, dbB] = [await processDatabase('room_store_a'), await processDatabase('room_store_b')];
    const a = createRoomStore({ roomStore: 'embedded', firebase: null }, dbA, silent) as PgNotifyRoomStore;
    const b = createRoomStore({ roomStore: 'embedded', firebase: null }, dbB, silent) as PgNotifyRoomStore;
    closers.push(() => a.close(), () => b.close());
    const [player] = await dbA.db.execute<{ id: number }>(sql`insert into users (firebase_id, name) values (${`x-${Date.now()}-${Math.random()}`}, 'X') returning id`).then(
      (r) => (r as unknown as { rows: { id: number }[] }).rows,
    );
    return { dbA, dbB, a, b, userId: player!.id };
  }

  maybe('a version published in one process reaches the subscribers of the other, once each and in order', async () => {
    const { dbA, a, b, userId } = await twoStores();
    const roomId = `r_xproc_${Date.now()}`;
    const inA: number[] = [];
    const inB: number[] = [];
    a.subscribe(roomId, (d) => inA.push(d.version));
    b.subscribe(roomId, (d) => inB.push(d.version));
    await Promise.all([a.whenListening(), b.whenListening()]);
    for (let v = 1; v <= 4; v += 1) {
      const doc = roomDoc(roomId, v, [userId]);
      await writeRoomRow(dbA, doc); // the room service commits, then publishes
      await a.publish(doc);
    }
    await eventually('version 4 in the other process', () => inB.includes(4));
    await new Promise((r) => setTimeout(r, 100)); // room for a duplicate to show up
    expect(inA).toEqual([1, 2, 3, 4]);
    expect(inB).toEqual([...new Set(inB)].sort((x, y) => x - y));
    expect(inB[inB.length - 1]).toBe(4);
  });

  maybe('the listening connection is its own, outside the pool, and holds LISTEN quiz_rooms', async () => {
    const { b } = await twoStores();
    b.subscribe('r_any', () => undefined);
    await b.whenListening();
    const rows = await admin((c) =>
      c.query<{ query: string; application_name: string }>(`select query, application_name from pg_stat_activity where datname = $1 and query ilike 'listen quiz_rooms%'`, [dbName]),
    );
    // (Pooled connections hold LISTEN quiz_auth too — sessions, db/client.ts — but never the room channel.)
    expect(rows.rows.map((r) => [r.application_name, r.query])).toEqual([['room_store_b', 'LISTEN quiz_rooms']]);
  });

  maybe('when the listening connection is cut, nothing published meanwhile is missed', async () => {
    const { dbA, a, b, userId } = await twoStores();
    const roomId = `r_xproc_cut_${Date.now()}`;
    const inB: number[] = [];
    b.subscribe(roomId, (d) => inB.push(d.version));
    await b.whenListening();
    await writeRoomRow(dbA, roomDoc(roomId, 1, [userId]));
    await a.publish(roomDoc(roomId, 1, [userId]));
    await eventually('version 1', () => inB.includes(1));

    // The server ends B's LISTEN backend (a restart, a failover, an idle-connection killer).
    const cut = await admin((c) =>
      c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'room_store_b' and query ilike 'listen%'`, [dbName]),
    );
    expect(cut.rowCount).toBe(1);
    const doc2 = roomDoc(roomId, 2, [userId], { status: 'started' });
    await writeRoomRow(dbA, doc2);
    await a.publish(doc2);

    await eventually('version 2 after the reconnect', () => inB.includes(2), 10_000);
    const doc3 = roomDoc(roomId, 3, [userId], { status: 'finished' });
    await writeRoomRow(dbA, doc3);
    await a.publish(doc3);
    await eventually('version 3 through the new connection', () => inB.includes(3), 10_000);
    expect(inB).toEqual([1, 2, 3]);
  });

  maybe('two API servers on one database: a room played with one player on each, both streams carry every version', async () => {
    const [dbA, dbB] = [await processDatabase('api_a'), await processDatabase('api_b')];
    const clock = testClock();
    const services = (seed: number) => ({ services: { rooms: { now: clock.now, random: seededRandom(seed) } } });
    const apiA = await startTestApi(dbA, undefined, {}, services(1));
    closers.push(() => apiA.close());
    const apiB = await startTestApi(dbB, undefined, {}, services(2));
    closers.push(() => apiB.close());
    const hA: RoomsHarness = { api: apiA, clock, database: dbA, db: dbA.db };
    const hB: RoomsHarness = { api: apiB, clock, database: dbB, db: dbB.db };
    const alice: Player = { ...(await createPlayerWithSession(dbA.db, { name: 'Alice' })), name: 'Alice' };
    const bob: Player = { ...(await createPlayerWithSession(dbB.db, { name: 'Bob' })), name: 'Bob' };

    const created = await roomCall(hA, alice, 'create_room', { room_type: 'friend', entry_fee: 0, no_of_que: 3, language_id: 1 });
    const streamA = await openStream(apiA, created.id, alice);
    let streamB: StreamReader | null = null;
    /**
     * As players do, each acts on what their stream showed: the next change waits until both
     * streams carry this one. (A document is the whole room, so a process that hears of a version
     * only after a newer one was committed skips straight to the newer: docs/rooms.md.)
     */
    const seen = async (doc: RoomDocument) => {
      for (const s of [streamA, streamB]) if (s) await s.waitFor(`version ${doc.version}`, () => s.versions().includes(doc.version), 10_000);
      return doc;
    };
    await seen(await roomCall(hB, bob, 'join_room', { room_code: created.code! }));
    streamB = await openStream(apiB, created.id, bob);
    await seen(await roomCall(hB, bob, 'set_room_ready', { room_id: created.id, ready: 1 }));
    let doc = await seen(await roomCall(hA, alice, 'start_room', { room_id: created.id }));
    for (let i = 0; doc.status === 'started'; i += 1) {
      // Alice answers through server A, Bob through server B.
      doc = await seen(await answerOpen(hA, doc, [{ player: alice, right: true, afterMs: 800 }]));
      doc = await seen(await answerOpen(hB, doc, [{ player: bob, right: i % 2 === 0, afterMs: 1200 }]));
      if (doc.status !== 'started') break;
      clock.advance(REVEAL_PAUSE_MS);
      await (i % 2 === 0 ? apiA : apiB).app.rooms.sweep(); // whichever process notices opens the next question
      doc = await seen(await storedRoom(hA, doc.id));
    }
    expect(doc.status).toBe('finished');
    expect(doc.questions).toHaveLength(doc.no_of_que);
    const last = (await storedRoom(hA, created.id)).version;

    for (const [name, s] of [['A', streamA], ['B', streamB!]] as const) {
      await s.waitFor(`the finished room on server ${name}`, () => s.versions().includes(last), 10_000);
      const versions = s.versions();
      // From the document it opened with to the last one, every version, once, in order.
      expect(versions).toEqual(Array.from({ length: versions.length }, (_v, i) => versions[0]! + i));
      expect(s.docs()[s.docs().length - 1]!.status).toBe('finished');
    }
    const lastOf = (s: StreamReader) => s.docs()[s.docs().length - 1];
    expect(lastOf(streamA)).toEqual(lastOf(streamB!));
    const [row] = await dbB.db.select({ doc: rooms.doc }).from(rooms).where(eq(rooms.id, created.id));
    expect(lastOf(streamB!)).toEqual(row!.doc);
  });
});

async function openStream(api: TestApi, roomId: string, player: Player): Promise<StreamReader> {
  const s = await openRoomStream(api.url, roomId, player.token);
  expect(s.status).toBe(200);
  closers.push(async () => s.close());
  await s.waitFor('the current document', () => s.docs().length === 1);
  return s;
}
