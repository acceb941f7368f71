import { and, eq, inArray } from 'drizzle-orm';
import type { RoomDocument } from '@/services/domain/rooms';
import { coinLedger, languages, questions, roomMembers, rooms } from '@/services/server/db/schema';
import { moveCoins } from '@/services/server/economy/ledger';
import { testDbKind } from '@/tests/setup/db';
import {
  coins,
  expectBalancesMatchLedger,
  newPlayer,
  ok,
  refusal,
  roomCall,
  roomDoc,
  roomsApiSuite,
  setSetting,
  sweep,
  type Player,
} from '@/tests/api/rooms.support';

/** Random 1v1 matching: one room for two searchers (also when many search at once), retries, expiry, the fee. */

const h = roomsApiSuite();

const search = (p: Player, body: Record<string, string | number> = {}) => roomCall(h, p, 'find_random_match', { language_id: 1, ...body });

describe(`random matching (${testDbKind})`, () => {
  test('a second player searching with the same language, category and fee joins the first one\'s room, which starts at once', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const waiting = await search(a, { category: 'science' });
    expect(waiting).toMatchObject({ type: 'random', status: 'waiting', code: null, entry_fee: 5, max_players: 2, category: 'science' });
    expect(Date.parse(waiting.search_deadline_at!) - h.clock.ms()).toBe(30_000);
    const matched = await search(b, { category: 'science' });
    expect(matched.id).toBe(waiting.id);
    expect(matched).toMatchObject({ status: 'started', search_deadline_at: null });
    expect(matched.players.map((p) => [p.user_id, p.seat])).toEqual([
      [a.userId, 0],
      [b.userId, 1],
    ]);
    // Both fees are held now, once each.
    expect([await coins(h, a.userId), await coins(h, b.userId)]).toEqual([95, 95]);
    const entries = await h.db.select().from(coinLedger).where(eq(coinLedger.type, 'battle_entry'));
    expect(entries.filter((e) => e.idempotencyKey.startsWith(`room:${waiting.id}:entry:`)).map((e) => [e.userId, e.amount])).toEqual([
      [a.userId, -5],
      [b.userId, -5],
    ]);
    const held = await h.db.select({ userId: roomMembers.userId, fee: roomMembers.feeHeld }).from(roomMembers).where(eq(roomMembers.roomId, waiting.id));
    expect(held.map((m) => m.fee)).toEqual([5, 5]);
  });

  test('a search naming no language plays in the default language and meets a search naming it; its questions are all of that language', async () => {
    const [english] = await h.db.select({ id: languages.id }).from(languages).where(eq(languages.isDefault, true));
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const waiting = await roomCall(h, a, 'find_random_match', { fee_multiplier: 2 });
    expect(waiting.language_id).toBe(english!.id);
    const matched = await search(b, { fee_multiplier: 2 });
    expect([matched.id, matched.status]).toEqual([waiting.id, 'started']);
    const [row] = await h.db.select({ questions: rooms.questions }).from(rooms).where(eq(rooms.id, waiting.id));
    const ids = row!.questions!.map((q) => q.id);
    expect(ids.length).toBeGreaterThan(0);
    const served = await h.db.select({ languageId: questions.languageId }).from(questions).where(inArray(questions.id, ids));
    expect(new Set(served.map((q) => q.languageId))).toEqual(new Set([english!.id]));
  });

  test('a different fee, or another category, is another queue', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const c = await newPlayer(h);
    const one = await search(a, { category: 'science' });
    const other = await search(b, { category: 'science', fee_multiplier: 2 });
    expect(other.id).not.toBe(one.id);
    expect(other.entry_fee).toBe(10);
    const third = await search(c, { category: 'history' });
    expect([third.id === one.id, third.status]).toEqual([false, 'waiting']);
    for (const p of [a, b, c]) await roomCall(h, p, 'leave_room', { room_id: (await mySearch(p)).id });
  });

  test('with battle_mode_random_category off the category is ignored', async () => {
    await setSetting(h, 'battle_mode_random_category', '0');
    try {
      const a = await newPlayer(h);
      const b = await newPlayer(h);
      const waiting = await search(a, { category: 'science' });
      expect(waiting.category).toBeNull();
      expect((await search(b, { category: 'history' })).id).toBe(waiting.id);
    } finally {
      await setSetting(h, 'battle_mode_random_category', '1');
    }
  });

  test('searching again gets the same room back with a new deadline; leaving ends the search', async () => {
    const a = await newPlayer(h);
    const first = await search(a);
    h.clock.advance(10_000);
    const again = await search(a);
    expect(again.id).toBe(first.id);
    expect(again.version).toBe(first.version + 1);
    expect(Date.parse(again.search_deadline_at!)).toBe(h.clock.ms() + 30_000);
    const left = await roomCall(h, a, 'leave_room', { room_id: first.id });
    expect(left.status).toBe('deleted');
  });

  test('a search past its deadline waits for its player: nobody is matched into it until they retry', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    const stale = await search(a, { fee_multiplier: 3 });
    h.clock.advance(31_000);
    await sweep(h);
    // Nothing to show when a search runs out: the document keeps its deadline, in the past.
    expect(await roomDoc(h, stale.id)).toMatchObject({ status: 'waiting', version: stale.version });
    const fresh = await search(b, { fee_multiplier: 3 });
    expect(fresh.id).not.toBe(stale.id);
    // A retries: B's live search is joined, A's old one given up.
    const matched = await search(a, { fee_multiplier: 3 });
    expect(matched.id).toBe(fresh.id);
    expect(matched.status).toBe('started');
    expect((await roomDoc(h, stale.id)).status).toBe('deleted');
  });

  test('a waiting search untouched for 10 minutes is deleted by the sweep', async () => {
    const a = await newPlayer(h);
    const waiting = await search(a, { fee_multiplier: 4 });
    h.clock.advance(10 * 60_000 - 1);
    await sweep(h);
    expect((await roomDoc(h, waiting.id)).status).toBe('waiting');
    h.clock.advance(1);
    await sweep(h);
    const doc = await roomDoc(h, waiting.id);
    expect(doc).toMatchObject({ status: 'deleted', version: waiting.version + 1 });
    const [row] = await h.db.select({ dueAt: rooms.dueAt }).from(rooms).where(eq(rooms.id, waiting.id));
    expect(row!.dueAt).toBeNull();
  });

  test('a timer that looks at a waiting search early does not put its abandonment off', async () => {
    const a = await newPlayer(h);
    const waiting = await search(a, { fee_multiplier: 4 });
    h.clock.advance(10 * 60_000 - 1);
    // A room timer may fire a moment early (or a notification re-arm it): nothing is due, nothing moves.
    await h.api.app.rooms.advanceRoom(waiting.id);
    const [row] = await h.db.select({ dueAt: rooms.dueAt, version: rooms.version }).from(rooms).where(eq(rooms.id, waiting.id));
    expect([row!.version, row!.dueAt!.getTime()]).toEqual([waiting.version, Date.parse(waiting.updated_at) + 10 * 60_000]);
    h.clock.advance(1);
    await sweep(h);
    expect(await roomDoc(h, waiting.id)).toMatchObject({ status: 'deleted', version: waiting.version + 1 });
  });

  test('not enough coins for the fee: refused, no room', async () => {
    const poor = await newPlayer(h, 4);
    expect(await refusal(h, poor, 'find_random_match', { language_id: 1 })).toEqual([409, 'not_enough_coins']);
    const rows = await h.db.select().from(rooms).where(eq(rooms.createdBy, poor.userId));
    expect(rows).toEqual([]);
  });

  test('a searching player who spent their coins meanwhile is passed over and their search ends', async () => {
    const spender = await newPlayer(h, 5);
    const b = await newPlayer(h);
    const waiting = await search(spender, { fee_multiplier: 1, category: 'history' });
    await moveCoins(h.db, { userId: spender.userId, amount: -5, type: 'test_spend', title: 'spent', idempotencyKey: `spend-${spender.userId}` });
    const own = await search(b, { fee_multiplier: 1, category: 'history' });
    expect(own.id).not.toBe(waiting.id);
    expect(own.status).toBe('waiting');
    expect((await roomDoc(h, waiting.id)).status).toBe('deleted');
    expect(await coins(h, b.userId)).toBe(100);
    await roomCall(h, b, 'leave_room', { room_id: own.id });
  });

  test('get_random_questions with destroy_match leaves the search', async () => {
    const a = await newPlayer(h);
    const waiting = await search(a);
    const questions = ok(await h.api.call('get_random_questions', { match_id: waiting.id, destroy_match: 1 }, { token: a.token }));
    expect(questions).toEqual([]);
    expect((await roomDoc(h, waiting.id)).status).toBe('deleted');
  });

  test('two players searching at the same moment end in one room', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = await Promise.all([newPlayer(h), newPlayer(h)]);
      const [ra, rb] = await Promise.all([search(a!, { category: 'technology' }), search(b!, { category: 'technology' })]);
      expect(ra.id).toBe(rb.id);
      expect((await roomDoc(h, ra.id)).status).toBe('started');
    }
  });

  test('10 players searching at once pair up into 5 started rooms; nobody is left waiting or in two rooms', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => newPlayer(h)));
    const answers = await Promise.all(players.map((p) => search(p, { category: 'geography' })));
    const ids = new Set(answers.map((r) => r.id));
    expect(ids.size).toBe(5);
    const docs = await Promise.all([...ids].map((id) => roomDoc(h, id)));
    expect(docs.every((d) => d.status === 'started' && d.players.length === 2)).toBe(true);
    const seated = docs.flatMap((d: RoomDocument) => d.players.map((p) => p.user_id)).sort((x, y) => x - y);
    expect(seated).toEqual(players.map((p) => p.userId).sort((x, y) => x - y));
    const memberships = await h.db
      .select({ userId: roomMembers.userId, status: rooms.status })
      .from(roomMembers)
      .innerJoin(rooms, eq(rooms.id, roomMembers.roomId))
      .where(inArray(roomMembers.userId, players.map((p) => p.userId)));
    expect(memberships).toHaveLength(10);
    expect(memberships.every((m) => m.status === 'started')).toBe(true);
    await expectBalancesMatchLedger(h, players.map((p) => p.userId));
    for (const p of players) expect(await coins(h, p.userId)).toBe(95);
  });
});

async function mySearch(p: Player): Promise<{ id: string }> {
  const [row] = await h.db
    .select({ id: rooms.id })
    .from(roomMembers)
    .innerJoin(rooms, eq(rooms.id, roomMembers.roomId))
    .where(and(eq(roomMembers.userId, p.userId), eq(rooms.status, 'waiting')));
  return row!;
}
