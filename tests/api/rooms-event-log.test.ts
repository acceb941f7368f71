import { asc, eq } from 'drizzle-orm';
import type { RoomDelta } from '@/services/domain/room-events';
import { roomEvents, rooms } from '@/services/server/db/schema';
import { createGroupCommitter, SNAPSHOT_EVERY, type AppendedVersion } from '@/services/server/rooms/group-commit';
import { readRoomHead } from '@/services/server/rooms/repository';
import { createRoomService } from '@/services/server/rooms/service';
import { testDbKind } from '@/tests/setup/db';
import { newPlayer, roomCall, roomDoc, roomsApiSuite, secretAnswers, startGroupRoom, type Player } from '@/tests/api/rooms.support';

/**
 * The room event log and its group commit (docs/rooms.md, Storage; decision 022): every version
 * after a room's snapshot is a row of room_events (its public delta, the secret beside it), the
 * answers of many rooms in one turn of the event loop are written by one statement, a snapshot is
 * written every SNAPSHOT_EVERY versions, and a version is taken once.
 */

const h = roomsApiSuite();

const startGroup = (players: readonly Player[], noOfQue = 3) => startGroupRoom(h, players, noOfQue);

async function eventsOf(roomId: string) {
  return h.db.select().from(roomEvents).where(eq(roomEvents.roomId, roomId)).orderBy(asc(roomEvents.version));
}

type RoomHead = NonNullable<Awaited<ReturnType<typeof readRoomHead>>>;

/** A version of the room that changes nothing public (an empty delta), to append by hand. */
function versionOf(room: RoomHead, version: number, at: Date): AppendedVersion {
  return {
    roomId: room.doc.id,
    version,
    deltaJson: JSON.stringify({ id: room.doc.id, version, updated_at: at.toISOString(), events: [] }),
    secretJson: room.secretJson,
    dueAt: room.dueAt,
    searchDeadlineAt: null,
    at,
    snapshot: null,
  };
}

async function head(roomId: string) {
  const [row] = await h.db.select({ version: rooms.version, snapshotVersion: rooms.snapshotVersion }).from(rooms).where(eq(rooms.id, roomId));
  return row!;
}

describe(`the room event log (${testDbKind})`, () => {
  test('answers in many rooms at once are written together: fewer statements than versions, every document right', async () => {
    const groups = await Promise.all([0, 1, 2, 3, 4].map(() => Promise.all([newPlayer(h), newPlayer(h)])));
    const started = await Promise.all(groups.map((g) => startGroup(g)));
    const answers = await Promise.all(started.map((r) => secretAnswers(h, r.id)));
    h.clock.advance(1000);
    const before = h.api.app.rooms.commitStats();
    // Ten answers sent at once: the first member of each room, then the second.
    const results = await Promise.all(started.flatMap((room, i) => groups[i]!.map((p) => h.api.call('submit_room_answer', { room_id: room.id, question_index: 0, answer: answers[i]![0]! }, { token: p.token }))));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const after = h.api.app.rooms.commitStats();
    const versions = after.versions - before.versions;
    const batches = after.batches - before.batches;
    expect(versions).toBeGreaterThanOrEqual(5);
    expect(batches).toBeLessThan(versions);
    expect(after.largest).toBeGreaterThan(1);
    for (const room of started) {
      const doc = await roomDoc(h, room.id);
      expect(doc.questions[0]!.closed).toBe(true);
      expect(doc.players.map((p) => p.points)).toEqual([6, 6]);
    }
  });

  test('every version after the snapshot is an event: its delta (nothing secret in it) folds into the document, its secret stays beside it', async () => {
    const players = await Promise.all([1, 2, 3].map(() => newPlayer(h)));
    const started = await startGroup(players);
    const right = (await secretAnswers(h, started.id))[0]!;
    h.clock.advance(1000);
    await roomCall(h, players[0]!, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: right });
    await roomCall(h, players[1]!, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: right });
    const events = await eventsOf(started.id);
    const { snapshotVersion, version } = await head(started.id);
    expect(snapshotVersion).toBe(started.version);
    expect(version).toBe(started.version + 2);
    const after = events.filter((e) => e.version > snapshotVersion);
    expect(after.map((e) => e.version)).toEqual([started.version + 1, started.version + 2]);
    for (const e of after) {
      const delta = JSON.parse(e.delta) as RoomDelta;
      expect(delta.events.map((x) => x.t).sort()).toEqual(['answered', 'scored']);
      // The picks are in the secret column, never in what members are sent.
      expect(e.delta).not.toContain(`"answer":"${right}"`);
      expect(e.secret).toContain(`"answer":"${right}"`);
    }
    expect(after.every((e) => e.delta.length < 400)).toBe(true);
    // The stored snapshot plus the events is the document the last command answered.
    expect((await readRoomHead(h.db, started.id))!.doc.version).toBe(started.version + 2);
  });

  test('a snapshot every SNAPSHOT_EVERY versions: a cold read folds fewer events, and gives the document the process holds', async () => {
    const players = await Promise.all([1, 2].map(() => newPlayer(h)));
    const started = await startGroup(players, 12);
    const answers = await secretAnswers(h, started.id);
    let doc = started;
    // Question after question: two answers close it, the reveal pause opens the next (each a version of the fast path).
    for (let q = 0; q < 10; q += 1) {
      h.clock.set(Date.parse(doc.questions[q]!.opens_at) + 500);
      for (const p of players) doc = await roomCall(h, p, 'submit_room_answer', { room_id: started.id, question_index: q, answer: answers[q]! });
      h.clock.advance(2000);
      doc = (await h.api.app.rooms.advanceRoom(started.id))!;
    }
    const { version, snapshotVersion } = await head(started.id);
    expect(version).toBe(doc.version);
    expect(version - started.version).toBeGreaterThan(SNAPSHOT_EVERY);
    expect(snapshotVersion).toBeGreaterThan(started.version);
    expect(version - snapshotVersion).toBeLessThan(SNAPSHOT_EVERY);
    const cold = createRoomService({ database: h.database, settings: h.api.app.settings, store: h.api.app.roomStore, log: h.api.app.log, now: h.clock.now });
    try {
      const read = await cold.getRoom(players[0]!.userId, started.id);
      expect(JSON.stringify(read)).toBe(JSON.stringify(doc));
    } finally {
      await cold.close();
    }
  });

  test('one command gets a version: an append from a version another writer already moved past loses, the others in its batch are written', async () => {
    const [a, b] = await Promise.all([Promise.all([newPlayer(h), newPlayer(h)]), Promise.all([newPlayer(h), newPlayer(h)])]);
    const roomA = await startGroup(a!);
    const roomB = await startGroup(b!);
    const headA = (await readRoomHead(h.db, roomA.id))!;
    const headB = (await readRoomHead(h.db, roomB.id))!;
    const committer = createGroupCommitter(h.database);
    const at = new Date(h.clock.ms());
    const append = (room: RoomHead, version: number) => committer.append(versionOf(room, version, at));
    // Same turn of the event loop: one batch, both written.
    const results = await Promise.all([append(headA, headA.version + 1), append(headB, headB.version + 1)]);
    expect(results).toEqual([true, true]);
    // Room A again from the version it had (a second writer that held it): it loses; room B's next version, in the same batch, is written.
    const again = await Promise.all([append(headA, headA.version + 1), append(headB, headB.version + 2)]);
    expect(again).toEqual([false, true]);
    expect((await head(roomA.id)).version).toBe(headA.version + 1);
    expect((await head(roomB.id)).version).toBe(headB.version + 2);
    expect((await eventsOf(roomA.id)).filter((e) => e.version === headA.version + 1)).toHaveLength(1);
  });

  test('the first version of a turn of the event loop goes alone, at once; the others of that turn are gathered into one batch', async () => {
    const heads: RoomHead[] = [];
    for (let i = 0; i < 3; i += 1) {
      const room = await startGroup(await Promise.all([newPlayer(h), newPlayer(h)]));
      heads.push((await readRoomHead(h.db, room.id))!);
    }
    const committer = createGroupCommitter(h.database);
    const at = new Date(h.clock.ms());
    const append = (room: RoomHead) => committer.append(versionOf(room, room.version + 1, at));
    // Three callbacks of one turn, as three requests read together are: each appends one version.
    const results = await new Promise<boolean[]>((resolve, reject) => {
      const pending: Promise<boolean>[] = [];
      for (const [i, room] of heads.entries()) {
        setImmediate(() => {
          pending.push(append(room));
          if (i === heads.length - 1) Promise.all(pending).then(resolve, reject);
        });
      }
    });
    expect(results).toEqual([true, true, true]);
    // The first alone (not kept waiting for the rest of the turn), the next two together.
    expect(committer.stats()).toEqual({ batches: 2, versions: 3, largest: 2 });
    for (const room of heads) expect((await head(room.doc.id)).version).toBe(room.version + 1);
  });

  test('a batch that cannot be written fails each of its commands, naming why, and writes nothing', async () => {
    const players = await Promise.all([newPlayer(h), newPlayer(h)]);
    const room = await startGroup(players);
    const held = (await readRoomHead(h.db, room.id))!;
    const committer = createGroupCommitter(h.database);
    const good = versionOf(held, held.version + 1, new Date());
    // A second version in the same batch whose due time the database cannot read.
    const broken = { ...good, roomId: 'r_no_such_room', searchDeadlineAt: 'not a time' };
    const outcomes = await Promise.allSettled([committer.append(good), committer.append(broken)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/room versions could not be written \(2 in the batch\)/);
    expect((await head(room.id)).version).toBe(held.version);
    expect((await eventsOf(room.id)).filter((e) => e.version > held.version)).toHaveLength(0);
  });

  test('a finished room keeps its last snapshot only: its events are dropped', async () => {
    const players = await Promise.all([newPlayer(h), newPlayer(h)]);
    const room = await startGroup(players, 1);
    const right = (await secretAnswers(h, room.id))[0]!;
    h.clock.advance(1000);
    await roomCall(h, players[0]!, 'submit_room_answer', { room_id: room.id, question_index: 0, answer: right });
    expect((await eventsOf(room.id)).length).toBeGreaterThan(0);
    const done = await roomCall(h, players[1]!, 'submit_room_answer', { room_id: room.id, question_index: 0, answer: right });
    expect(done.status).toBe('finished');
    expect(await eventsOf(room.id)).toEqual([]);
    expect(await head(room.id)).toEqual({ version: done.version, snapshotVersion: done.version });
    expect(await roomDoc(h, room.id)).toEqual(done);
  });
});
