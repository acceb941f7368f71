import { eq } from 'drizzle-orm';
import type { RoomDocument } from '@/services/domain/rooms';
import { battleResults, battleStreaks, leaderboardAllTime, roomMembers } from '@/services/server/db/schema';
import { createRoomService, INSTANCE_DEAD_AFTER_MS } from '@/services/server/rooms/service';
import { testDbKind } from '@/tests/setup/db';
import {
  coins,
  expectBalancesMatchLedger,
  newPlayer,
  ok,
  playToEnd,
  refusal,
  roomCall,
  roomDoc,
  roomLedger,
  roomsApiSuite,
  secretAnswers,
  seededRandom,
  setSetting,
  startFriendRoom,
  sweep,
  type Player,
} from '@/tests/api/rooms.support';

/** How battles end: payouts, refunds, leaving, dropping out, a restart in the middle, races; statistics and badges. */

// Short games: the rules are the same with 3 questions as with 10.
const h = roomsApiSuite((started) => setSetting(started, 'random_battle_total_question', '3'));

const right = (player: Player, afterMs = 1000) => ({ player, right: true, afterMs });
const wrong = (player: Player, afterMs = 1500) => ({ player, right: false, afterMs });

async function allTimeScore(userId: number): Promise<number> {
  const [row] = await h.db.select({ score: leaderboardAllTime.score }).from(leaderboardAllTime).where(eq(leaderboardAllTime.userId, userId));
  return row?.score ?? 0;
}

describe(`settling a battle (${testDbKind})`, () => {
  test('1v1: the winner gets 2 × the fee, the points go to the leaderboards, the battle is recorded', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b, 5);
    expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([95, 95]);
    const done = await playToEnd(h, started, () => [right(a), wrong(b)]);
    expect(done.status).toBe('finished');
    expect(done.result).toEqual({
      winners: [a.userId],
      reason: 'completed',
      entries: [
        { user_id: a.userId, outcome: 'win', points: 18, correct: 3, coins_won: 10 },
        { user_id: b.userId, outcome: 'lose', points: 0, correct: 0, coins_won: 0 },
      ],
    });
    expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([105, 95]);
    expect(await roomLedger(h, done.id)).toEqual([
      [a.userId, 'battle_entry', -5],
      [b.userId, 'battle_entry', -5],
      [a.userId, 'battle_won', 10],
    ]);
    expect([await allTimeScore(a.userId), await allTimeScore(b.userId)]).toEqual([18, 0]);
    const recorded = await h.db.select().from(battleResults).where(eq(battleResults.roomId, done.id));
    expect(recorded.map((r) => [r.userId, r.outcome, r.points]).sort()).toEqual(
      [
        [a.userId, 'win', 18],
        [b.userId, 'lose', 0],
      ].sort(),
    );
    await expectBalancesMatchLedger(h, [a.userId, b.userId]);
    // Settled once: a late timer or sweep changes nothing.
    await sweep(h);
    expect((await roomDoc(h, done.id)).version).toBe(done.version);
  });

  test('1v1: equal points are a draw and both fees go back', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const done = await playToEnd(h, await startFriendRoom(h, a, b, 5), () => [right(a, 1000), right(b, 1000)]);
    expect(done.result).toMatchObject({ winners: [], reason: 'completed' });
    expect(done.result!.entries.map((e) => [e.outcome, e.coins_won])).toEqual([
      ['draw', 5],
      ['draw', 5],
    ]);
    expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([100, 100]);
    expect((await roomLedger(h, done.id)).filter(([, type]) => type === 'battle_refund')).toHaveLength(2);
  });

  test('group: every player tied for the most right answers gets ⌊fee × players / winners⌋', async () => {
    const [a, b, c] = await Promise.all([newPlayer(h), newPlayer(h), newPlayer(h)]);
    const created = await roomCall(h, a!, 'create_room', { room_type: 'group', entry_fee: 5, no_of_que: 2, language_id: 1 });
    for (const p of [b!, c!]) {
      await roomCall(h, p, 'join_room', { room_code: created.code! });
      await roomCall(h, p, 'set_room_ready', { room_id: created.id, ready: 1 });
    }
    const started = await roomCall(h, a!, 'start_room', { room_id: created.id });
    // a is faster (more points) but b has as many right answers: a tie on right answers.
    const done = await playToEnd(h, started, () => [right(a!, 500), right(b!, 3000), wrong(c!)]);
    expect([...done.result!.winners].sort()).toEqual([a!.userId, b!.userId].sort());
    expect(done.result!.entries.map((e) => [e.user_id, e.outcome, e.coins_won])).toEqual([
      [a!.userId, 'tie', 7],
      [b!.userId, 'tie', 7],
      [c!.userId, 'defeat', 0],
    ]);
    expect([await coins(h, a!.userId), await coins(h, b!.userId), await coins(h, c!.userId)]).toEqual([102, 102, 95]);
    await expectBalancesMatchLedger(h, [a!.userId, b!.userId, c!.userId]);
  });

  test('a player leaving a 1v1 loses at once: the other wins the fees', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b, 5);
    const done = await roomCall(h, b, 'leave_room', { room_id: started.id });
    expect(done.status).toBe('finished');
    expect(done.result).toMatchObject({ winners: [a.userId], reason: 'opponents_left' });
    expect(done.players.find((p) => p.user_id === b.userId)!.left).toBe(true);
    expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([105, 95]);
    // The one who left still reads the result, and can no longer answer.
    expect((await roomCall(h, b, 'get_room', { room_id: started.id })).status).toBe('finished');
  });

  test('in a group one player leaving does not end the game; the others play on', async () => {
    const [a, b, c] = await Promise.all([newPlayer(h), newPlayer(h), newPlayer(h)]);
    const created = await roomCall(h, a!, 'create_room', { room_type: 'group', entry_fee: 0, no_of_que: 2, language_id: 1 });
    for (const p of [b!, c!]) {
      await roomCall(h, p, 'join_room', { room_code: created.code! });
      await roomCall(h, p, 'set_room_ready', { room_id: created.id, ready: 1 });
    }
    const started = await roomCall(h, a!, 'start_room', { room_id: created.id });
    await roomCall(h, a!, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: (await secretAnswers(h, started.id))[0]! });
    await roomCall(h, b!, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: (await secretAnswers(h, started.id))[0]! });
    // c leaving is the last answer the question waited for: it closes.
    const afterLeave = await roomCall(h, c!, 'leave_room', { room_id: started.id });
    expect(afterLeave.status).toBe('started');
    expect(afterLeave.questions[0]!.closed).toBe(true);
    expect(await refusal(h, c!, 'submit_room_answer', { room_id: started.id, question_index: 1, answer: 'a' })).toEqual([409, 'question_not_open']);
  });

  test('a dropped player comes back within the grace period; past it they are out and the other wins', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b, 5);
    const rooms = h.api.app.rooms;
    await rooms.streamOpened(started.id, b.userId);
    await rooms.streamOpened(started.id, b.userId);
    await rooms.streamClosed(started.id, b.userId);
    // One stream is still open: nothing changed.
    expect((await roomDoc(h, started.id)).version).toBe(started.version);
    await rooms.streamClosed(started.id, b.userId);
    const dropped = await roomDoc(h, started.id);
    const bView = dropped.players.find((p) => p.user_id === b.userId)!;
    expect([bView.connected, bView.grace_until]).toEqual([false, new Date(h.clock.ms() + 10_000).toISOString()]);
    expect(dropped.version).toBe(started.version + 1);

    h.clock.advance(9_999);
    await sweep(h);
    expect((await roomDoc(h, started.id)).status).toBe('started');
    await rooms.streamOpened(started.id, b.userId);
    const back = await roomDoc(h, started.id);
    expect(back.players.find((p) => p.user_id === b.userId)).toMatchObject({ connected: true, grace_until: null, left: false });

    await rooms.streamClosed(started.id, b.userId);
    h.clock.advance(10_000);
    await sweep(h);
    const done = await roomDoc(h, started.id);
    expect(done.status).toBe('finished');
    expect(done.result).toMatchObject({ winners: [a.userId], reason: 'opponents_left' });
    expect(done.players.find((p) => p.user_id === b.userId)!.left).toBe(true);
    expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([105, 95]);
    const [member] = await h.db.select().from(roomMembers).where(eq(roomMembers.userId, b.userId));
    expect(member!.connections).toBe(0);
  });

  test('a player whose stream closed in the lobby starts the game in their grace period', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const created = await roomCall(h, a, 'create_room', { room_type: 'friend', entry_fee: 0, language_id: 1 });
    await roomCall(h, b, 'join_room', { room_code: created.code! });
    await roomCall(h, b, 'set_room_ready', { room_id: created.id, ready: 1 });
    await h.api.app.rooms.streamOpened(created.id, b.userId);
    await h.api.app.rooms.streamClosed(created.id, b.userId);
    // Presence in the lobby is not a change of the room.
    expect((await roomDoc(h, created.id)).version).toBe(3);
    const started = await roomCall(h, a, 'start_room', { room_id: created.id });
    expect(started.players.find((p) => p.user_id === b.userId)).toMatchObject({ connected: false, grace_until: new Date(h.clock.ms() + 10_000).toISOString() });
  });

  test('every human out: the battle is aborted and every fee goes back', async () => {
    const [a, b, c] = await Promise.all([newPlayer(h), newPlayer(h), newPlayer(h)]);
    const created = await roomCall(h, a!, 'create_room', { room_type: 'group', entry_fee: 5, no_of_que: 2, language_id: 1 });
    for (const p of [b!, c!]) {
      await roomCall(h, p, 'join_room', { room_code: created.code! });
      await roomCall(h, p, 'set_room_ready', { room_id: created.id, ready: 1 });
    }
    const started = await roomCall(h, a!, 'start_room', { room_id: created.id });
    for (const p of [a!, b!, c!]) {
      await h.api.app.rooms.streamOpened(started.id, p.userId);
      await h.api.app.rooms.streamClosed(started.id, p.userId);
    }
    h.clock.advance(10_000);
    await sweep(h);
    const done = await roomDoc(h, started.id);
    expect(done.result).toMatchObject({ winners: [], reason: 'aborted' });
    for (const p of [a!, b!, c!]) expect(await coins(h, p.userId)).toBe(100);
    expect(await h.db.select().from(battleResults).where(eq(battleResults.roomId, started.id))).toEqual([]);
  });
});

describe(`races (${testDbKind})`, () => {
  test('20 answers at once from one member: one is taken, the others are already_answered', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b, 0);
    const letter = started.questions[0]!.options[0]!.key;
    h.clock.advance(500);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.api.call('submit_room_answer', { room_id: started.id, question_index: 0, answer: letter }, { token: a.token })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.message === 'already_answered')).toHaveLength(19);
    const doc = await roomDoc(h, started.id);
    expect(doc.version).toBe(started.version + 1);
    expect(doc.players.find((p) => p.user_id === a.userId)!.answered).toBe(1);
  });

  test('20 starts at once: the room starts once and every fee is held once', async () => {
    const [a, b] = await Promise.all([newPlayer(h), newPlayer(h)]);
    const created = await roomCall(h, a!, 'create_room', { room_type: 'friend', entry_fee: 5, language_id: 1 });
    await roomCall(h, b!, 'join_room', { room_code: created.code! });
    await roomCall(h, b!, 'set_room_ready', { room_id: created.id, ready: 1 });
    const starts = await Promise.all(Array.from({ length: 20 }, () => h.api.call('start_room', { room_id: created.id }, { token: a!.token })));
    expect(starts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(starts.filter((r) => r.body.message === 'room_not_waiting')).toHaveLength(19);
    expect(await roomLedger(h, created.id)).toEqual([
      [a!.userId, 'battle_entry', -5],
      [b!.userId, 'battle_entry', -5],
    ]);
    expect((await roomDoc(h, created.id)).version).toBe(4);
  });

  test('20 players joining a group room at once: 3 seats are taken, one player each, the rest are refused', async () => {
    const owner = await newPlayer(h);
    const created = await roomCall(h, owner, 'create_room', { room_type: 'group', entry_fee: 0, no_of_que: 2, language_id: 1 });
    const players = await Promise.all(Array.from({ length: 20 }, () => newPlayer(h, 0)));
    const joins = await Promise.all(players.map((p) => h.api.call('join_room', { room_code: created.code! }, { token: p.token })));
    expect(joins.filter((r) => r.status === 200)).toHaveLength(3);
    expect(joins.filter((r) => r.body.message === 'room_full')).toHaveLength(17);
    const doc = await roomDoc(h, created.id);
    expect(doc.players.map((p) => p.seat)).toEqual([0, 1, 2, 3]);
    expect(new Set(doc.players.map((p) => p.user_id)).size).toBe(4);
    const members = await h.db.select().from(roomMembers).where(eq(roomMembers.roomId, created.id));
    expect(members).toHaveLength(4);
    expect(doc.version).toBe(4);
  });

  test('the last two answers arriving together close the question once', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b, 0);
    const letter = started.questions[0]!.options[0]!.key;
    h.clock.advance(700);
    const [ra, rb] = await Promise.all(
      [a, b].map((p) => h.api.call('submit_room_answer', { room_id: started.id, question_index: 0, answer: letter }, { token: p.token })),
    );
    expect([ra!.status, rb!.status]).toEqual([200, 200]);
    const doc = await roomDoc(h, started.id);
    expect(doc.version).toBe(started.version + 2);
    expect(doc.questions[0]!.closed).toBe(true);
  });
});

describe(`a restart in the middle of a battle (${testDbKind})`, () => {
  test('a new service on the same database finishes the started room and settles it; no coin is lost', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b, 5);
    const answers = await secretAnswers(h, started.id);
    h.clock.advance(1000);
    await roomCall(h, a, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: answers[0]! });
    // The process dies: its timers are gone with it.
    await h.api.app.rooms.close();

    const next = createRoomService({
      database: h.database,
      settings: h.api.app.settings,
      store: h.api.app.roomStore,
      log: h.api.app.log,
      now: h.clock.now,
      random: seededRandom(7),
    });
    try {
      await next.start();
      // Nobody is there any more: each question runs out, then the next opens, until the end.
      for (let step = 0; step < 20; step += 1) {
        const doc = await roomDoc(h, started.id);
        if (doc.status === 'finished') break;
        const open = doc.questions[doc.questions.length - 1]!;
        h.clock.set(open.closed ? h.clock.ms() + 2000 : Date.parse(open.deadline_at));
        await next.sweep();
      }
      const done = await roomDoc(h, started.id);
      expect(done.status).toBe('finished');
      expect(done.result).toMatchObject({ winners: [a.userId], reason: 'completed' });
      expect(done.questions.every((q) => q.closed)).toBe(true);
      expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([105, 95]);
      expect((await coins(h, a.userId)) + (await coins(h, b.userId))).toBe(200);
      await expectBalancesMatchLedger(h, [a.userId, b.userId]);
    } finally {
      await next.close();
    }
  });

  test('players whose streams died with the old process: the game still ends and every coin is accounted for', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const started = await startFriendRoom(h, a, b, 5);
    const old = createRoomService({ database: h.database, settings: h.api.app.settings, store: h.api.app.roomStore, log: h.api.app.log, now: h.clock.now });
    for (const p of [a, b]) await old.streamOpened(started.id, p.userId);
    await old.close();

    const next = createRoomService({ database: h.database, settings: h.api.app.settings, store: h.api.app.roomStore, log: h.api.app.log, now: h.clock.now });
    try {
      await next.start();
      for (let step = 0; step < 20; step += 1) {
        const doc = await roomDoc(h, started.id);
        if (doc.status === 'finished') break;
        const open = doc.questions[doc.questions.length - 1]!;
        const graceEnds = doc.players.map((p) => (p.grace_until ? Date.parse(p.grace_until) : Infinity));
        const due = open.closed ? h.clock.ms() + 2000 : Date.parse(open.deadline_at);
        h.clock.set(Math.min(due, ...graceEnds));
        await next.sweep();
      }
      const done = await roomDoc(h, started.id);
      expect(done.status).toBe('finished');
      // The streams the old process counted died with it: on the embedded database at the restart
      // (one process holds it), on a shared server once the old process was not seen alive for
      // INSTANCE_DEAD_AFTER_MS. Both players dropped, both were out when their grace ended: aborted.
      expect(done.result).toMatchObject({ winners: [], reason: 'aborted' });
      expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([100, 100]);
      await expectBalancesMatchLedger(h, [a.userId, b.userId]);
    } finally {
      await next.close();
    }
  });
});

/**
 * A started 1v1 friend room whose two members have streams on a first process (`old`, on the
 * test's clock); a answered the first question right (6 points), b wrong (0).
 */
async function leadInOldProcess() {
  const a = await newPlayer(h);
  const b = await newPlayer(h);
  const started = await startFriendRoom(h, a, b, 5);
  const answers = await secretAnswers(h, started.id);
  const old = createRoomService({ database: h.database, settings: h.api.app.settings, store: h.api.app.roomStore, log: h.api.app.log, now: h.clock.now });
  for (const p of [a, b]) await old.streamOpened(started.id, p.userId);
  h.clock.advance(1000);
  await roomCall(h, a, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: answers[0]! });
  const wrongLetter = ['a', 'b', 'c', 'd'].find((k) => k !== answers[0])!;
  await roomCall(h, b, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: wrongLetter });
  return { a, b, started, old };
}

describe(`a restart picks no winner by chance (${testDbKind})`, () => {
  // The clock moves while the new process works through the rooms (each reading 30 ms later), as a real one does.
  const ticking = () => {
    h.clock.advance(30);
    return h.clock.now();
  };

  async function droppedByRestart() {
    // a leads (6 points to 0): the restart must not hand b the pot.
    const { a, b, started, old } = await leadInOldProcess();
    // The process is killed: its streams are never closed.
    await old.close();

    const next = createRoomService({ database: h.database, settings: h.api.app.settings, store: h.api.app.roomStore, log: h.api.app.log, now: ticking });
    await next.start();
    // On a shared PostgreSQL the old process's streams are taken back once it is not seen alive.
    if (testDbKind === 'postgres') {
      h.clock.advance(INSTANCE_DEAD_AFTER_MS);
      await next.sweep();
    }
    const dropped = await roomDoc(h, started.id);
    const graces = dropped.players.map((p) => p.grace_until);
    return { a, b, started, next, graces };
  }

  test('nobody reconnects: both grace periods start at one instant, both go out together, the battle is aborted and both fees refunded', async () => {
    const { a, b, started, next, graces } = await droppedByRestart();
    try {
      expect(graces[0]).not.toBeNull();
      expect(graces[1]).toBe(graces[0]);
      h.clock.set(Date.parse(graces[0]!));
      await next.sweep();
      const done = await roomDoc(h, started.id);
      expect(done.status).toBe('finished');
      expect(done.result).toMatchObject({ winners: [], reason: 'aborted' });
      expect(done.players.every((p) => p.left)).toBe(true);
      expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([100, 100]);
      await expectBalancesMatchLedger(h, [a.userId, b.userId]);
    } finally {
      await next.close();
    }
  });

  test('one player reconnects within the grace: the other goes out at the end of it and the one who came back wins', async () => {
    const { a, b, started, next, graces } = await droppedByRestart();
    try {
      expect(graces[1]).toBe(graces[0]);
      // b (0 points) comes back; a (6 points) does not.
      await next.streamOpened(started.id, b.userId);
      h.clock.set(Date.parse(graces[0]!));
      await next.sweep();
      const done = await roomDoc(h, started.id);
      expect(done.status).toBe('finished');
      expect(done.result).toMatchObject({ winners: [b.userId], reason: 'opponents_left' });
      expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([95, 105]);
      await expectBalancesMatchLedger(h, [a.userId, b.userId]);
    } finally {
      await next.close();
    }
  });
});

// One process owns the embedded database: a stop is the whole server gone, nobody can come back
// meanwhile. (On a shared PostgreSQL the other processes serve during one process's stop.)
if (testDbKind === 'pglite') {
  describe('a stop of the embedded server, longer than the grace period, picks no winner by chance', () => {
    test('the streams closed as it stopped get their grace periods again from the restart, at one instant: nobody is out for the time it was down; who comes back wins', async () => {
      // a leads (6 points to 0).
      const { a, b, started, old } = await leadInOldProcess();
      // The server stops as an operator stops it: it closes the streams one by one, a's first.
      await old.streamClosed(started.id, a.userId);
      h.clock.advance(30);
      await old.streamClosed(started.id, b.userId);
      const stopping = await roomDoc(h, started.id);
      expect(stopping.players.map((p) => p.grace_until)).toEqual([expect.any(String), expect.any(String)]);
      await old.close();
      // Down for longer than the grace period (10 s): both graces have run out by the wall clock.
      h.clock.advance(15_000);
      const next = createRoomService({ database: h.database, settings: h.api.app.settings, store: h.api.app.roomStore, log: h.api.app.log, now: h.clock.now });
      await next.start();
      try {
        const back = await roomDoc(h, started.id);
        // Nobody went out while the server was down, a (who leads) is not out for having been closed first.
        expect(back.status).toBe('started');
        expect(back.players.map((p) => p.left)).toEqual([false, false]);
        const graces = back.players.map((p) => p.grace_until);
        expect(graces[1]).toBe(graces[0]);
        expect(Date.parse(graces[0]!)).toBeGreaterThan(h.clock.now().getTime());
        // b comes back; a does not: a goes out at the end of the new grace period and b wins.
        await next.streamOpened(started.id, b.userId);
        h.clock.set(Date.parse(graces[0]!));
        await next.sweep();
        const done = await roomDoc(h, started.id);
        expect(done.result).toMatchObject({ winners: [b.userId], reason: 'opponents_left' });
        await expectBalancesMatchLedger(h, [a.userId, b.userId]);
      } finally {
        await next.close();
      }
    });
  });
}

describe(`battle statistics and badges (${testDbKind})`, () => {
  test('get_battle_statistics lists the finished human battles with totals; set_battle_statistics only checks', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const stranger = await newPlayer(h);
    const won = await playToEnd(h, await startFriendRoom(h, a, b, 0), () => [right(a), wrong(b)]);
    const drawn = await playToEnd(h, await startFriendRoom(h, a, b, 0), () => [right(a, 800), right(b, 800)]);
    const res = await h.api.call('get_battle_statistics', { order: 'asc' }, { token: a.token });
    expect(res.status).toBe(200);
    expect([res.body.total, res.body.won, res.body.lost, res.body.drawn]).toEqual([2, 1, 0, 1]);
    // The profile's card counts the same battles.
    expect((ok(await h.api.call('get_player_summary', {}, { token: a.token })) as { battles: unknown }).battles).toEqual({ played: 2, won: 1 });
    expect((ok(await h.api.call('get_player_summary', {}, { token: b.token })) as { battles: unknown }).battles).toEqual({ played: 2, won: 0 });
    const items = res.body.data as { room_id: string; outcome: string; winner_id: number | null; is_drawn: boolean; opponents: { user_id: number; name: string }[] }[];
    expect(items.map((i) => [i.room_id, i.outcome, i.winner_id, i.is_drawn])).toEqual([
      [won.id, 'win', a.userId, false],
      [drawn.id, 'draw', null, true],
    ]);
    expect(items[0]!.opponents).toEqual([{ user_id: b.userId, name: b.name, image: null }]);
    const paged = await h.api.call('get_battle_statistics', { limit: 1, offset: 1, order: 'asc' }, { token: b.token });
    expect((paged.body.data as { room_id: string }[]).map((i) => i.room_id)).toEqual([drawn.id]);

    const check = (p: Player, body: Record<string, number>) => h.api.call('set_battle_statistics', body, { token: p.token });
    expect(ok(await check(a, { user_id1: a.userId, user_id2: b.userId, winner_id: a.userId, is_drawn: 0 }))).toEqual({ verified: true, room_id: won.id });
    expect(ok(await check(b, { user_id1: a.userId, user_id2: b.userId, winner_id: 0, is_drawn: 1 }))).toEqual({ verified: true, room_id: drawn.id });
    expect((await check(a, { user_id1: a.userId, user_id2: b.userId, winner_id: b.userId, is_drawn: 0 })).body.message).toBe('102');
    expect((await check(stranger, { user_id1: a.userId, user_id2: b.userId, winner_id: a.userId, is_drawn: 0 })).body.message).toBe('102');
    expect((await check(a, { user_id1: a.userId, user_id2: stranger.userId, winner_id: a.userId, is_drawn: 0 })).body.message).toBe('102');
  });

  test('three random wins in a row earn quiz warrior; a loss resets the run; the first win is combat winner', async () => {
    const winner = await newPlayer(h);
    const badge = async (type: string) => {
      const list = ok(await h.api.call('get_user_badges', {}, { token: winner.token })) as { type: string; status: string }[];
      return list.find((x) => x.type === type)!.status;
    };
    const battle = async (winnerRight: boolean) => {
      const opponent = await newPlayer(h);
      await roomCall(h, winner, 'find_random_match', { language_id: 1, category: 'sports-games' });
      const started = await roomCall(h, opponent, 'find_random_match', { language_id: 1, category: 'sports-games' });
      expect(started.status).toBe('started');
      return playToEnd(h, started, () => (winnerRight ? [right(winner, 5000), wrong(opponent)] : [wrong(winner), right(opponent, 5000)]));
    };
    const streak = async () => (await h.db.select().from(battleStreaks).where(eq(battleStreaks.userId, winner.userId)))[0]?.randomWins ?? 0;

    await battle(true);
    expect([await badge('combat_winner'), await badge('quiz_warrior'), await streak()]).toEqual(['unlocked', 'locked', 1]);
    // Answers after 5 s: right but not ultimate.
    expect(await badge('ultimate_player')).toBe('locked');
    await battle(true);
    expect([await badge('quiz_warrior'), await streak()]).toEqual(['locked', 2]);
    await battle(false);
    expect(await streak()).toBe(0);
    await battle(true);
    await battle(true);
    expect([await badge('quiz_warrior'), await streak()]).toEqual(['locked', 2]);
    await battle(true);
    expect([await badge('quiz_warrior'), await streak()]).toEqual(['unlocked', 3]);
  });

  test('every answer of a battle right within 4 s is ultimate player; a group win is clash winner', async () => {
    const [a, b, c] = await Promise.all([newPlayer(h), newPlayer(h), newPlayer(h)]);
    const badges = async (p: Player) =>
      new Map((ok(await h.api.call('get_user_badges', {}, { token: p.token })) as { type: string; status: string }[]).map((x) => [x.type, x.status]));
    await playToEnd(h, await startFriendRoom(h, a!, b!, 0), () => [right(a!, 3900), wrong(b!)]);
    expect((await badges(a!)).get('ultimate_player')).toBe('unlocked');
    expect((await badges(b!)).get('ultimate_player')).toBe('locked');

    const created = await roomCall(h, c!, 'create_room', { room_type: 'group', entry_fee: 0, no_of_que: 2, language_id: 1 });
    await roomCall(h, b!, 'join_room', { room_code: created.code! });
    await roomCall(h, b!, 'set_room_ready', { room_id: created.id, ready: 1 });
    const done: RoomDocument = await playToEnd(h, await roomCall(h, c!, 'start_room', { room_id: created.id }), () => [right(c!, 6000), wrong(b!)]);
    expect(done.result!.winners).toEqual([c!.userId]);
    const cBadges = await badges(c!);
    expect([cBadges.get('clash_winner'), cBadges.get('combat_winner')]).toEqual(['unlocked', 'locked']);
  });
});
