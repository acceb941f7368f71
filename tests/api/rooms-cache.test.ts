import { eq } from 'drizzle-orm';
import { QUICK_MESSAGES, REVEAL_PAUSE_MS } from '@/services/domain/rooms';
import { rooms, type RoomSecret } from '@/services/server/db/schema';
import { createRoomService, type RoomService } from '@/services/server/rooms/service';
import { createGroupCommitter } from '@/services/server/rooms/group-commit';
import { readRoomHead } from '@/services/server/rooms/repository';
import { testDbKind } from '@/tests/setup/db';
import { newPlayer, roomCall, roomDoc, roomsApiSuite, secretAnswers, startGroupRoom, sweep, wrongLetter, type Player } from '@/tests/api/rooms.support';

/**
 * Commands run from the room service's last version of a room (services/server/rooms/core.ts,
 * decision 013): one guarded update instead of a transaction, and the locked transaction again
 * whenever the row moved on without this process — another process's command, a change of the
 * row alone, a status or member change.
 */

const h = roomsApiSuite();

/** Counts the transactions the database opens while `work` runs. */
async function transactionsDuring<T>(work: () => Promise<T>): Promise<{ value: T; transactions: number }> {
  const spy = jest.spyOn(h.db, 'transaction');
  try {
    const value = await work();
    return { value, transactions: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

const startGroup = (players: readonly Player[], noOfQue = 3) => startGroupRoom(h, players, noOfQue);

/** A second room service on the same database: what another server process is to this one. */
function otherProcess(): RoomService {
  return createRoomService({ database: h.database, settings: h.api.app.settings, store: h.api.app.roomStore, log: h.api.app.log, now: h.clock.now });
}

describe(`room commands from the last version (${testDbKind})`, () => {
  test('answers after the start take no transaction; each is one version more and is published once', async () => {
    const players = await Promise.all([1, 2, 3].map(() => newPlayer(h)));
    const started = await startGroup(players);
    const right = (await secretAnswers(h, started.id))[0]!;
    const published: number[] = [];
    const stop = h.api.app.roomStore.subscribe(started.id, (doc) => published.push(doc.version));
    try {
      h.clock.advance(1000);
      const { value: last, transactions } = await transactionsDuring(async () => {
        let doc = started;
        for (const p of players) doc = await roomCall(h, p, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: right });
        return doc;
      });
      expect(transactions).toBe(0);
      expect(published).toEqual([started.version + 1, started.version + 2, started.version + 3]);
      expect(last.version).toBe(started.version + 3);
      // The third answer closed the question: every pick revealed, 4 + 2 points each.
      expect(last.questions[0]!.closed).toBe(true);
      expect(last.questions[0]!.answers.map((a) => [a.user_id, a.answer, a.points])).toEqual(players.map((p) => [p.userId, right, 6]));
      // What the answers said is what is stored.
      expect(await roomDoc(h, started.id)).toEqual(last);
    } finally {
      stop();
    }
  });

  test('answers sent at the same moment are applied one after another: none lost, none counted twice', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => newPlayer(h)));
    const started = await startGroup(players);
    const right = (await secretAnswers(h, started.id))[0]!;
    h.clock.advance(500);
    const docs = await Promise.all(players.map((p) => roomCall(h, p, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: right })));
    expect(docs.map((d) => d.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4].map((n) => started.version + n));
    const stored = await roomDoc(h, started.id);
    expect(stored.version).toBe(started.version + 4);
    expect(stored.questions[0]!.answers.filter((a) => a.answered)).toHaveLength(4);
    expect(stored.players.map((p) => p.points)).toEqual([6, 6, 6, 6]);
  });

  test('two processes answering in one room: each applies its answer on top of the other\'s', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => newPlayer(h)));
    const [p1, p2, p3, p4] = players as [Player, Player, Player, Player];
    const started = await startGroup(players);
    const answers = await secretAnswers(h, started.id);
    const other = otherProcess();
    const settings = await h.api.app.settings.current();
    try {
      h.clock.advance(1000);
      // This process (the API) and the other alternate; each one's version of the room goes stale every time.
      await roomCall(h, p1, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: answers[0]! });
      await other.submitAnswer(p2.userId, settings, { roomId: started.id, questionIndex: 0, answer: answers[0]! });
      const third = await transactionsDuring(() => roomCall(h, p3, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: wrongLetter(started.questions[0]!, answers[0]!) }));
      // Its last version was older than the row: the update changed nothing, the command ran locked.
      expect(third.transactions).toBe(1);
      const closed = await other.submitAnswer(p4.userId, settings, { roomId: started.id, questionIndex: 0, answer: answers[0]! });
      expect(closed.version).toBe(started.version + 4);
      expect(closed.questions[0]!.answers.map((a) => [a.user_id, a.correct])).toEqual([
        [p1.userId, true],
        [p2.userId, true],
        [p3.userId, false],
        [p4.userId, true],
      ]);

      // The next question opens in the other process from its own last version: the question set is read once.
      h.clock.advance(REVEAL_PAUSE_MS);
      const opened = await other.advanceRoom(started.id);
      expect(opened!.version).toBe(started.version + 5);
      expect(opened!.questions).toHaveLength(2);
      expect(opened!.questions[1]!.options.length).toBeGreaterThan(1);
      // And this process, whose version is two behind, answers it correctly all the same.
      h.clock.advance(1000);
      const mine = await roomCall(h, p1, 'submit_room_answer', { room_id: started.id, question_index: 1, answer: answers[1]! });
      expect(mine.version).toBe(started.version + 6);
      expect(mine.questions[1]!.answers.find((a) => a.user_id === p1.userId)!.answered).toBe(true);
    } finally {
      await other.close();
    }
  });

  test('a version written elsewhere — another writer recording a pick in the secret alone — is not written over', async () => {
    const players = await Promise.all([1, 2, 3].map(() => newPlayer(h)));
    const [p1, p2, p3] = players as [Player, Player, Player];
    const started = await startGroup(players);
    const answers = await secretAnswers(h, started.id);
    h.clock.advance(1000);
    await roomCall(h, p1, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: answers[0]! });

    // Another writer (another process) records p2's pick in the secret only: a version whose event changes nothing members see.
    const held = (await readRoomHead(h.db, started.id))!;
    const secret: RoomSecret = JSON.parse(held.secretJson!) as RoomSecret;
    secret.picks[String(p2.userId)] = { answer: answers[0]!, at: h.clock.ms() };
    const elsewhere = createGroupCommitter(h.database);
    const version = held.version + 1;
    const written = await elsewhere.append({
      roomId: started.id,
      version,
      deltaJson: JSON.stringify({ id: started.id, version, updated_at: new Date(h.clock.ms()).toISOString(), events: [] }),
      secretJson: JSON.stringify(secret),
      dueAt: held.dueAt,
      searchDeadlineAt: null,
      at: new Date(h.clock.ms()),
      snapshot: null,
    });
    expect(written).toBe(true);
    const [stored] = await h.db.select({ version: rooms.version }).from(rooms).where(eq(rooms.id, started.id));
    expect(stored!.version).toBe(started.version + 2);

    const { transactions } = await transactionsDuring(() => roomCall(h, p3, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: answers[0]! }));
    expect(transactions).toBe(1);
    // p2 never answered through the API, so the question runs out; the pick kept in the secret is revealed.
    h.clock.set(Date.parse(started.questions[0]!.deadline_at));
    await sweep(h);
    const doc = await roomDoc(h, started.id);
    expect(doc.questions[0]!.closed).toBe(true);
    expect(doc.questions[0]!.answers.map((a) => [a.user_id, a.answered, a.answer])).toEqual([
      [p1.userId, true, answers[0]],
      [p2.userId, true, answers[0]],
      [p3.userId, true, answers[0]],
    ]);
  });

  test('a status change runs locked: the last answer of the last question finishes the room and settles it', async () => {
    const players = await Promise.all([1, 2].map(() => newPlayer(h)));
    const [p1, p2] = players as [Player, Player];
    const started = await startGroup(players, 1);
    const answers = await secretAnswers(h, started.id);
    h.clock.advance(1000);
    const first = await transactionsDuring(() => roomCall(h, p1, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: answers[0]! }));
    expect(first.transactions).toBe(0);
    // The last answer of the last question finishes the room: the settlement needs the transaction.
    const last = await transactionsDuring(() => roomCall(h, p2, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: wrongLetter(started.questions[0]!, answers[0]!) }));
    expect(last.transactions).toBe(1);
    expect(last.value.status).toBe('finished');
    expect(last.value.result).toMatchObject({ winners: [p1.userId] });
    // A finished room is not kept: a command on it reads the row (and is refused).
    const after = await transactionsDuring(() => h.api.call('submit_room_answer', { room_id: started.id, question_index: 0, answer: answers[0]! }, { token: p1.token }));
    expect([after.value.status, after.value.body.message, after.transactions]).toEqual([409, 'question_not_open', 1]);
  });

  test('a refusal is decided on the row as it is: a member who joined through another process is one here too', async () => {
    const [owner, late] = [await newPlayer(h), await newPlayer(h)];
    const created = await roomCall(h, owner, 'create_room', { room_type: 'group', entry_fee: 0, no_of_que: 2, language_id: 1 });
    // This process keeps a version with the owner alone (a change that left the members as they were).
    await roomCall(h, owner, 'send_room_message', { room_id: created.id, message: QUICK_MESSAGES[0] });
    await roomCall(h, owner, 'set_room_ready', { room_id: created.id, ready: 1 });
    const other = otherProcess();
    try {
      const joined = await other.joinRoom(late.userId, await h.api.app.settings.current(), created.code!);
      expect(joined.players.map((p) => p.user_id)).toEqual([owner.userId, late.userId]);
      const ready = await roomCall(h, late, 'set_room_ready', { room_id: created.id, ready: 1 });
      expect(ready.players.find((p) => p.user_id === late.userId)!.ready).toBe(true);
      // A command that changes nothing, answered from a version that is not the row's, would answer an old document.
      const again = await roomCall(h, owner, 'set_room_ready', { room_id: created.id, ready: 1 });
      expect(again.version).toBe(ready.version);
      expect(again.players).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
