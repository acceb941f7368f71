import { eq, sql } from 'drizzle-orm';
import type { RoomDocument } from '@/services/domain/rooms';
import { roomMembers, rooms } from '@/services/server/db/schema';
import { moveCoins } from '@/services/server/economy/ledger';
import { testDbKind } from '@/tests/setup/db';
import { coins, expectNothingSecret, newPlayer, refusal, roomCall, roomDoc, roomsApiSuite, setSetting, type Player } from '@/tests/api/rooms.support';

/** Friend and group rooms through the gateway: create, join by code, lobby, start, leave, delete; refusals. */

const h = roomsApiSuite();

const create = (p: Player, body: Record<string, string | number> = {}) =>
  roomCall(h, p, 'create_room', { room_type: 'group', language_id: 1, entry_fee: 5, no_of_que: 5, ...body });

describe(`room lobby (${testDbKind})`, () => {
  test('a group room is created with a 6-character code, the creator at seat 0 and ready', async () => {
    const owner = await newPlayer(h);
    const room = await create(owner, { category: 'science' });
    expect(room).toMatchObject({
      type: 'group',
      status: 'waiting',
      version: 1,
      created_by: owner.userId,
      entry_fee: 5,
      no_of_que: 5,
      max_players: 4,
      category: 'science',
      vs_bot: false,
      questions: [],
      result: null,
    });
    expect(room.code).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
    expect(room.category_name).toBeTruthy();
    expect(room.players).toEqual([expect.objectContaining({ user_id: owner.userId, seat: 0, ready: true, is_bot: false, left: false })]);
    const stored = await h.db.select().from(roomMembers).where(eq(roomMembers.roomId, room.id));
    expect(stored.map((m) => [m.userId, m.seat])).toEqual([[owner.userId, 0]]);
  });

  test('players join by code (typed in any case) into the next seat; a full room refuses the next', async () => {
    const owner = await newPlayer(h);
    const room = await create(owner);
    const others = await Promise.all([1, 2, 3, 4].map(() => newPlayer(h)));
    let doc: RoomDocument = room;
    for (const p of others.slice(0, 3)) doc = await roomCall(h, p, 'join_room', { room_code: ` ${room.code!.toLowerCase()} ` });
    expect(doc.players.map((p) => [p.seat, p.ready])).toEqual([
      [0, true],
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect(doc.version).toBe(4);
    expect(await refusal(h, others[3]!, 'join_room', { room_code: room.code! })).toEqual([409, 'room_full']);
    // Joining again is harmless: the same seat, no new version.
    expect((await roomCall(h, others[0]!, 'join_room', { room_code: room.code! })).version).toBe(4);
  });

  test('an unknown code is invalid; a code of a room deleted by its owner says so; a started room is not waiting', async () => {
    const owner = await newPlayer(h);
    const guest = await newPlayer(h);
    expect(await refusal(h, guest, 'join_room', { room_code: 'ZZZZZZ' })).toEqual([404, 'room_code_invalid']);
    const room = await create(owner);
    const deleted = await roomCall(h, owner, 'delete_room', { room_id: room.id });
    expect(deleted.status).toBe('deleted');
    expect(await refusal(h, guest, 'join_room', { room_code: room.code! })).toEqual([410, 'room_deleted']);

    const other = await create(owner, { room_type: 'friend' });
    await roomCall(h, guest, 'join_room', { room_code: other.code! });
    await roomCall(h, guest, 'set_room_ready', { room_id: other.id, ready: 1 });
    await roomCall(h, owner, 'start_room', { room_id: other.id });
    const late = await newPlayer(h);
    expect(await refusal(h, late, 'join_room', { room_code: other.code! })).toEqual([409, 'room_not_waiting']);
  });

  test('start needs the creator, a second player and everyone ready', async () => {
    const owner = await newPlayer(h);
    const guest = await newPlayer(h);
    const room = await create(owner);
    expect(await refusal(h, owner, 'start_room', { room_id: room.id })).toEqual([409, 'player_not_joined']);
    await roomCall(h, guest, 'join_room', { room_code: room.code! });
    expect(await refusal(h, guest, 'start_room', { room_id: room.id })).toEqual([403, 'not_room_creator']);
    expect(await refusal(h, owner, 'start_room', { room_id: room.id })).toEqual([409, 'players_not_ready']);
    await roomCall(h, guest, 'set_room_ready', { room_id: room.id, ready: 1 });
    const started = await roomCall(h, owner, 'start_room', { room_id: room.id });
    expect(started.status).toBe('started');
    expect(started.questions).toHaveLength(1);
    expectNothingSecret(started);
    expect(await refusal(h, owner, 'start_room', { room_id: room.id })).toEqual([409, 'room_not_waiting']);
    expect(await refusal(h, owner, 'delete_room', { room_id: room.id })).toEqual([409, 'room_not_waiting']);
  });

  test('only the owner deletes; a guest leaving frees the seat, the owner leaving deletes the room', async () => {
    const owner = await newPlayer(h);
    const guest = await newPlayer(h);
    const room = await create(owner);
    await roomCall(h, guest, 'join_room', { room_code: room.code! });
    expect(await refusal(h, guest, 'delete_room', { room_id: room.id })).toEqual([403, 'not_room_creator']);
    const afterLeave = await roomCall(h, guest, 'leave_room', { room_id: room.id });
    expect(afterLeave.players.map((p) => p.user_id)).toEqual([owner.userId]);
    // Gone from the room: it is no longer theirs to read.
    expect(await refusal(h, guest, 'get_room', { room_id: room.id })).toEqual([404, '102']);
    const third = await newPlayer(h);
    const rejoined = await roomCall(h, third, 'join_room', { room_code: room.code! });
    expect(rejoined.players.find((p) => p.user_id === third.userId)!.seat).toBe(1);
    const gone = await roomCall(h, owner, 'leave_room', { room_id: room.id });
    expect(gone.status).toBe('deleted');
    // Members still read the deleted room's last document.
    expect((await roomCall(h, third, 'get_room', { room_id: room.id })).status).toBe('deleted');
  });

  test('the stored document is the text the answer carries; a row left in jsonb layout by migration 0005 gets no version for an unchanged command', async () => {
    const owner = await newPlayer(h);
    const guest = await newPlayer(h);
    const room = await create(owner);
    const res = await h.api.call('join_room', { room_code: room.code! }, { token: guest.token });
    const [stored] = await h.db.select({ text: sql<string>`doc` }).from(rooms).where(eq(rooms.id, room.id));
    expect(JSON.stringify((res.body.data as { room: RoomDocument }).room)).toBe(stored!.text);
    // As a row converted from jsonb reads: the same document, printed with spaces.
    await h.db.execute(sql`update rooms set doc = doc::jsonb::text where id = ${room.id}`);
    const again = await roomCall(h, guest, 'join_room', { room_code: room.code! });
    expect(again.version).toBe(2);
    const ready = await roomCall(h, guest, 'set_room_ready', { room_id: room.id, ready: 1 });
    expect(ready.version).toBe(3);
    const [rewritten] = await h.db.select({ text: sql<string>`doc` }).from(rooms).where(eq(rooms.id, room.id));
    expect(rewritten!.text).toBe(JSON.stringify(ready));
  });

  test('a room is only visible to its members: anyone else gets 102, as for an unknown id', async () => {
    const owner = await newPlayer(h);
    const stranger = await newPlayer(h);
    const room = await create(owner);
    expect(await refusal(h, stranger, 'get_room', { room_id: room.id })).toEqual([404, '102']);
    expect(await refusal(h, stranger, 'get_room', { room_id: 'r_nothing_here' })).toEqual([404, '102']);
    expect(await refusal(h, stranger, 'set_room_ready', { room_id: room.id, ready: 1 })).toEqual([404, '102']);
    expect(await refusal(h, stranger, 'get_question_by_room_id', { room_id: room.id })).toEqual([404, '102']);
    expect(await h.api.app.rooms.currentForMember(room.id, stranger.userId)).toBeNull();
    expect((await h.api.app.rooms.currentForMember(room.id, owner.userId))!.id).toBe(room.id);
  });

  test('create_room with the id of an existing room answers 119; other ids are ignored', async () => {
    const owner = await newPlayer(h);
    const room = await create(owner);
    expect(await refusal(h, owner, 'create_room', { room_type: 'friend', room_id: room.id })).toEqual([409, '119']);
    const fresh = await roomCall(h, owner, 'create_room', { room_type: 'friend', room_id: 'r_not_a_room' });
    expect(fresh.id).not.toBe('r_not_a_room');
    expect(fresh.max_players).toBe(2);
    expect(fresh.no_of_que).toBe(10);
  });

  test('bad input names the field', async () => {
    const p = await newPlayer(h);
    const cases: [string, Record<string, string | number>, string][] = [
      ['create_room', { room_type: 'solo' }, 'room_type'],
      ['create_room', { room_type: 'group', no_of_que: 0 }, 'no_of_que'],
      ['create_room', { room_type: 'group', entry_fee: -1 }, 'entry_fee'],
      ['join_room', {}, 'room_code'],
      ['set_room_ready', { room_id: 'r_x', ready: 2 }, 'ready'],
      ['submit_room_answer', { room_id: 'r_x', question_index: 0, answer: 'z' }, 'answer'],
      ['submit_room_answer', { room_id: 'r x', question_index: 0, answer: 'a' }, 'room_id'],
      ['send_room_message', { room_id: 'r_x', message: 'insult' }, 'message'],
      ['find_random_match', { fee_multiplier: 0 }, 'fee_multiplier'],
      ['get_battle_statistics', { order: 'sideways' }, 'order'],
      ['set_battle_statistics', { user_id2: 1, is_drawn: 0 }, 'user_id1'],
    ];
    for (const [endpoint, body, field] of cases) {
      const res = await h.api.call(endpoint, body, { token: p.token });
      expect([endpoint, res.status, res.body.message, res.body.field]).toEqual([endpoint, 400, '103', field]);
    }
    // More questions than a group room may have.
    const res = await h.api.call('create_room', { room_type: 'group', no_of_que: 21 }, { token: p.token });
    expect([res.status, res.body.field]).toEqual([400, 'no_of_que']);
    const unknown = await h.api.call('create_room', { room_type: 'group', category: 'no-such-category', language_id: 1 }, { token: p.token });
    expect([unknown.status, unknown.body.message, unknown.body.field]).toEqual([404, '102', 'category']);
  });

  test('not enough coins for the fee: refused at create and at join', async () => {
    const poor = await newPlayer(h, 2);
    expect(await refusal(h, poor, 'create_room', { room_type: 'group', entry_fee: 5 })).toEqual([409, 'not_enough_coins']);
    const owner = await newPlayer(h);
    const room = await create(owner, { entry_fee: 5 });
    expect(await refusal(h, poor, 'join_room', { room_code: room.code! })).toEqual([409, 'not_enough_coins']);
    // A free room is open to everyone.
    const free = await create(owner, { entry_fee: 0 });
    expect((await roomCall(h, poor, 'join_room', { room_code: free.code! })).players).toHaveLength(2);
  });

  test('a member who spent their coins before the start is removed and the start refused, naming them', async () => {
    const owner = await newPlayer(h);
    const spender = await newPlayer(h, 5);
    const other = await newPlayer(h);
    const room = await create(owner, { entry_fee: 5 });
    for (const p of [spender, other]) {
      await roomCall(h, p, 'join_room', { room_code: room.code! });
      await roomCall(h, p, 'set_room_ready', { room_id: room.id, ready: 1 });
    }
    await moveCoins(h.db, { userId: spender.userId, amount: -5, type: 'test_spend', title: 'spent', idempotencyKey: `test-spend-${spender.userId}` });
    const res = await h.api.call('start_room', { room_id: room.id }, { token: owner.token });
    expect([res.status, res.body.message, res.body.user_id]).toEqual([409, 'not_enough_coins', spender.userId]);
    expect(res.body.detail).toContain(spender.name);
    const doc = await roomDoc(h, room.id);
    expect([doc.status, doc.players.map((p) => p.user_id)]).toEqual(['waiting', [owner.userId, other.userId]]);
    // Nobody paid for the refused start; the next start takes the fees of who is left.
    expect([await coins(h, owner.userId), await coins(h, other.userId)]).toEqual([100, 100]);
    const started = await roomCall(h, owner, 'start_room', { room_id: room.id });
    expect(started.status).toBe('started');
    expect([await coins(h, owner.userId), await coins(h, other.userId)]).toEqual([95, 95]);
  });

  test('mode switches: friend and group rooms refuse with mode_disabled when their mode is off', async () => {
    const p = await newPlayer(h);
    const room = await create(p);
    await setSetting(h, 'battle_mode_group', '0');
    await setSetting(h, 'play_with_friend_mode', '0');
    await setSetting(h, 'battle_mode_one', '0');
    try {
      expect(await refusal(h, p, 'create_room', { room_type: 'group' })).toEqual([403, 'mode_disabled']);
      expect(await refusal(h, p, 'create_room', { room_type: 'friend' })).toEqual([403, 'mode_disabled']);
      expect(await refusal(h, p, 'find_random_match', {})).toEqual([403, 'mode_disabled']);
      const guest = await newPlayer(h);
      expect(await refusal(h, guest, 'join_room', { room_code: room.code! })).toEqual([403, 'mode_disabled']);
    } finally {
      await setSetting(h, 'battle_mode_group', '1');
      await setSetting(h, 'play_with_friend_mode', '1');
      await setSetting(h, 'battle_mode_one', '1');
    }
  });

  test('quick messages: known keys only, at most one per second per member', async () => {
    const owner = await newPlayer(h);
    const room = await create(owner);
    const first = await roomCall(h, owner, 'send_room_message', { room_id: room.id, message: 'hello' });
    expect(first.messages).toEqual([{ user_id: owner.userId, key: 'hello', at: h.clock.now().toISOString() }]);
    const res = await h.api.call('send_room_message', { room_id: room.id, message: 'gg' }, { token: owner.token });
    expect([res.status, res.body.message, res.body.retry_after]).toEqual([429, 'rate_limited', 1]);
    h.clock.advance(1000);
    const second = await roomCall(h, owner, 'send_room_message', { room_id: room.id, message: 'gg' });
    expect(second.messages.map((m) => m.key)).toEqual(['hello', 'gg']);
    expect(second.version).toBe(first.version + 1);
    for (let i = 0; i < 25; i += 1) {
      h.clock.advance(1000);
      await roomCall(h, owner, 'send_room_message', { room_id: room.id, message: 'wow' });
    }
    expect((await roomDoc(h, room.id)).messages).toHaveLength(20);
  });
});
