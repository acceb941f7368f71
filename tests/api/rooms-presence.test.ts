import { and, eq } from 'drizzle-orm';
import { roomMembers, serverInstances } from '@/services/server/db/schema';
import { createRoomService, INSTANCE_DEAD_AFTER_MS, type RoomService } from '@/services/server/rooms/service';
import { closeTestDatabase, testDbKind } from '@/tests/setup/db';
import { coins, expectBalancesMatchLedger, newPlayer, roomDoc, startFriendRoom, startRoomsApi, type RoomsHarness } from '@/tests/api/rooms.support';

/**
 * Presence across processes (docs/rooms.md, Presence): each process says it is alive and records
 * the streams it holds; the streams of one that stopped saying so are taken back, so its players
 * are timed out like any dropped connection — on a shared PostgreSQL as on the embedded database.
 * Each room service here is one server process; "dying" is stopping without closing its streams.
 */

let h: RoomsHarness;
const processes: RoomService[] = [];

beforeAll(async () => {
  h = await startRoomsApi();
});

afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.close()));
});

afterAll(async () => {
  await h.api.close();
  await closeTestDatabase();
});

function serverProcess(): RoomService {
  const service = createRoomService({ database: h.database, settings: h.api.app.settings, store: h.api.app.roomStore, log: h.api.app.log, now: h.clock.now });
  processes.push(service);
  return service;
}

async function member(roomId: string, userId: number) {
  const [row] = await h.db
    .select({ connections: roomMembers.connections, graceUntil: roomMembers.graceUntil, left: roomMembers.left })
    .from(roomMembers)
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)));
  return row!;
}

describe(`streams held by a process that died (${testDbKind})`, () => {
  test('are taken back once it has not been seen for the set time: the member it alone held drops, forfeits after the grace, the other wins', async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const started = await startFriendRoom(h, a, b, 5);
    const dying = serverProcess();
    const living = serverProcess();
    await dying.streamOpened(started.id, a.userId);
    await living.streamOpened(started.id, b.userId);
    // The process dies: no stream of it is ever closed, it just stops saying it is alive.
    await dying.close();

    h.clock.advance(INSTANCE_DEAD_AFTER_MS - 5_000);
    await living.sweep();
    expect((await roomDoc(h, started.id)).players.map((p) => p.grace_until)).toEqual([null, null]);
    expect((await member(started.id, a.userId)).connections).toBe(1);

    h.clock.advance(5_000);
    await living.sweep();
    const dropped = await roomDoc(h, started.id);
    expect((await member(started.id, a.userId)).connections).toBe(0);
    expect(dropped.players.find((p) => p.user_id === a.userId)!.grace_until).toBe(new Date(h.clock.ms() + 10_000).toISOString());
    expect(dropped.players.find((p) => p.user_id === b.userId)!.grace_until).toBeNull();
    // The dead process is forgotten once it holds nothing: the living one is the only one on record.
    expect((await h.db.select({ id: serverInstances.id }).from(serverInstances)).length).toBe(1);

    h.clock.advance(10_000);
    await living.sweep();
    const done = await roomDoc(h, started.id);
    expect(done.status).toBe('finished');
    expect(done.result).toMatchObject({ winners: [b.userId], reason: 'opponents_left' });
    expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([95, 105]);
    await expectBalancesMatchLedger(h, [a.userId, b.userId]);
  });

  test('a member also connected through a live process stays; two processes taking back at once take back once', async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const started = await startFriendRoom(h, a, b, 0);
    const dying = serverProcess();
    const one = serverProcess();
    const other = serverProcess();
    await dying.streamOpened(started.id, a.userId);
    await dying.streamOpened(started.id, a.userId);
    await dying.streamOpened(started.id, b.userId);
    await one.streamOpened(started.id, a.userId);
    expect((await member(started.id, a.userId)).connections).toBe(3);
    await dying.close();

    // The live processes are seen alive (as their periodic sweeps do) shortly before the dead one's
    // time is up: jumped straight to it, a live process last seen with the dead one would look just
    // as dead to the other's sweep when that sweep reads first.
    h.clock.advance(INSTANCE_DEAD_AFTER_MS - 1_000);
    await Promise.all([one.sweep(), other.sweep()]);
    expect((await member(started.id, a.userId)).connections).toBe(3);
    h.clock.advance(1_000);
    await Promise.all([one.sweep(), other.sweep()]);
    // a: the dead process's two streams taken back once (not four), the live one still counts.
    expect(await member(started.id, a.userId)).toMatchObject({ connections: 1, graceUntil: null, left: false });
    expect(await member(started.id, b.userId)).toMatchObject({ connections: 0, left: false });
    const doc = await roomDoc(h, started.id);
    expect(doc.players.find((p) => p.user_id === a.userId)!.grace_until).toBeNull();
    expect(doc.players.find((p) => p.user_id === b.userId)!.grace_until).not.toBeNull();

    // a's stream on the live process closes normally: now a drops too.
    await one.streamClosed(started.id, a.userId);
    expect((await member(started.id, a.userId)).connections).toBe(0);
    expect((await roomDoc(h, started.id)).players.find((p) => p.user_id === a.userId)!.grace_until).not.toBeNull();
  });
});
