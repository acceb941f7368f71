import { seededRandom as seeded } from '@/services/domain/seeded-random';
import { eq, sql } from 'drizzle-orm';
import { REVEAL_PAUSE_MS, type RoomDocument, type RoomQuestion } from '@/services/domain/rooms';
import { seedDatabase } from '@/services/server/content/seed';
import type { Database, Db } from '@/services/server/db/client';
import { coinLedger, rooms, users } from '@/services/server/db/schema';
import { writeSetting } from '@/services/server/settings/repository';
import { readRoomHead } from '@/services/server/rooms/repository';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase } from '@/tests/setup/db';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { giveCoins } from '@/tests/fixtures/play';

/**
 * Helpers of the room tests: an API whose room service runs on a clock the test moves (no
 * sleeping for deadlines), players with coins, calls that answer the room, and the checks every
 * test wants (nothing secret in a document, coins add up).
 */

export interface TestClock {
  now(): Date;
  ms(): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let t = start;
  return {
    now: () => new Date(t),
    ms: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}

/** A seeded generator, so a failing run can be replayed. */
export const seededRandom = (seed = 12345): (() => number) => seeded(seed);

export interface RoomsHarness {
  readonly api: TestApi;
  readonly clock: TestClock;
  readonly database: Database;
  readonly db: Db;
}

/** A fresh, seeded database and an API on the test clock. */
export async function startRoomsApi(): Promise<RoomsHarness> {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  const clock = testClock();
  const api = await startTestApi(database, undefined, {}, { services: { rooms: { now: clock.now, random: seededRandom() } } });
  return { api, clock, database, db: database.db };
}

/**
 * The harness of a room test file: `startRoomsApi` before the file (then `prepare`, e.g. settings
 * of its own), the API and the worker's database closed after it. The harness stands for the
 * running one once the file's tests run.
 */
export function roomsApiSuite(prepare?: (h: RoomsHarness) => Promise<void>): RoomsHarness {
  let running: RoomsHarness | null = null;
  beforeAll(async () => {
    running = await startRoomsApi();
    await prepare?.(running);
  });
  afterAll(async () => {
    await running?.api.close();
    await closeTestDatabase();
  });
  return new Proxy({} as RoomsHarness, {
    get(_target, key) {
      if (!running) throw new Error('the rooms API starts in beforeAll: use it inside a test or a hook');
      return Reflect.get(running, key) as unknown;
    },
  });
}

export async function setSetting(h: RoomsHarness, key: string, value: string): Promise<void> {
  await writeSetting(h.db, key, value);
  h.api.app.settings.invalidate();
}

export interface Player {
  readonly userId: number;
  readonly token: string;
  readonly name: string;
}

let playerCount = 0;

export async function newPlayer(h: RoomsHarness, coins = 100): Promise<Player> {
  playerCount += 1;
  const name = `Player ${playerCount}`;
  const p = await createPlayerWithSession(h.db, { name });
  if (coins > 0) await giveCoins(h.db, p.userId, coins);
  return { ...p, name };
}

export function ok(res: ApiAnswer): unknown {
  if (res.status !== 200 || res.body.error) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Calls a room command as a player and answers the room it returns. */
export async function roomCall(h: RoomsHarness, player: Player, endpoint: string, body: Record<string, string | number | boolean> = {}): Promise<RoomDocument> {
  const data = ok(await h.api.call(endpoint, body, { token: player.token })) as { room: RoomDocument };
  return data.room;
}

/** Calls as a player and answers [status, message] of a refusal. */
export async function refusal(h: RoomsHarness, player: Player, endpoint: string, body: Record<string, string | number | boolean> = {}): Promise<[number, string]> {
  const res = await h.api.call(endpoint, body, { token: player.token });
  return [res.status, res.body.message];
}

/** The right letter of each of the room's questions, straight from the server's secret. */
export async function secretAnswers(h: RoomsHarness, roomId: string): Promise<string[]> {
  const [row] = await h.db.select({ questions: rooms.questions }).from(rooms).where(eq(rooms.id, roomId));
  return row!.questions!.map((q) => q.answer);
}

export function wrongLetter(q: RoomQuestion, right: string): string {
  return q.options.find((o) => o.key !== right)!.key;
}

/** Applies everything due at the test clock's time (what the sweep does every second). */
export async function sweep(h: RoomsHarness): Promise<void> {
  await h.api.app.rooms.sweep();
}

/** The room's current document as stored: its snapshot with the events after it folded in. */
export async function roomDoc(h: RoomsHarness, roomId: string): Promise<RoomDocument> {
  return (await readRoomHead(h.db, roomId))!.doc;
}

/**
 * Integrity rule 2 on a document: an open question carries no right answer and no member's pick,
 * right/wrong, points or time; only `answered`.
 */
export function expectNothingSecret(doc: RoomDocument): void {
  const open = doc.questions.filter((q) => !q.closed);
  for (const q of open) {
    expect(q.correct_answer).toBeNull();
    for (const a of q.answers) expect([a.answer, a.correct, a.points, a.elapsed_ms]).toEqual([null, null, null, null]);
  }
  // Nothing of the server's secret under any key (a question's text may say "picks"), and no
  // letter a member picked on an open question.
  const text = JSON.stringify(doc);
  for (const key of ['secret', 'picks', 'botPlan', 'nextOpenAt', 'keys']) expect(text).not.toContain(`"${key}":`);
  expect(JSON.stringify(open)).not.toMatch(/"answer":"[a-e]"/);
}

/** Every balance equals the sum of its ledger entries. */
export async function expectBalancesMatchLedger(h: RoomsHarness, userIds: readonly number[]): Promise<void> {
  for (const id of userIds) {
    const [cached] = await h.db.select({ coins: users.coins }).from(users).where(eq(users.id, id));
    const [sum] = await h.db
      .select({ total: sql<number>`coalesce(sum(${coinLedger.amount}), 0)::int` })
      .from(coinLedger)
      .where(eq(coinLedger.userId, id));
    expect(Number(sum!.total)).toBe(cached!.coins);
  }
}

export async function coins(h: RoomsHarness, userId: number): Promise<number> {
  const [row] = await h.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return row!.coins;
}

/** Starts a group room of these players (the first creates it; fee 0 unless given) and answers the started document. */
export async function startGroupRoom(h: RoomsHarness, players: readonly Player[], noOfQue = 3, fee = 0): Promise<RoomDocument> {
  const [creator, ...others] = players;
  const created = await roomCall(h, creator!, 'create_room', { room_type: 'group', entry_fee: fee, no_of_que: noOfQue, language_id: 1 });
  for (const p of others) {
    await roomCall(h, p, 'join_room', { room_code: created.code! });
    await roomCall(h, p, 'set_room_ready', { room_id: created.id, ready: 1 });
  }
  return roomCall(h, creator!, 'start_room', { room_id: created.id });
}

/** Starts a 1v1 friend room between two players (fee as given) and answers the started document. */
export async function startFriendRoom(h: RoomsHarness, a: Player, b: Player, fee = 5): Promise<RoomDocument> {
  const created = await roomCall(h, a, 'create_room', { room_type: 'friend', entry_fee: fee, language_id: 1 });
  await roomCall(h, b, 'join_room', { room_code: created.code! });
  await roomCall(h, b, 'set_room_ready', { room_id: created.id, ready: 1 });
  return roomCall(h, a, 'start_room', { room_id: created.id });
}

/** Plays the open question: each player answers right or wrong after `afterMs` from its opening. */
export async function answerOpen(
  h: RoomsHarness,
  doc: RoomDocument,
  moves: readonly { player: Player; right: boolean; afterMs: number }[],
): Promise<RoomDocument> {
  const q = doc.questions[doc.questions.length - 1]!;
  const answers = await secretAnswers(h, doc.id);
  const opens = Date.parse(q.opens_at);
  let last = doc;
  for (const m of [...moves].sort((x, y) => x.afterMs - y.afterMs)) {
    h.clock.set(Math.max(h.clock.ms(), opens + m.afterMs));
    const right = answers[q.index]!;
    last = await roomCall(h, m.player, 'submit_room_answer', { room_id: doc.id, question_index: q.index, answer: m.right ? right : wrongLetter(q, right) });
  }
  return last;
}

/**
 * Plays a started room to its end: on each question the moves `plan(index)` gives, then the
 * reveal pause. Answers the finished document.
 */
export async function playToEnd(
  h: RoomsHarness,
  started: RoomDocument,
  plan: (index: number) => readonly { player: Player; right: boolean; afterMs: number }[],
): Promise<RoomDocument> {
  let doc = started;
  while (doc.status === 'started') {
    const index = doc.questions.length - 1;
    doc = await answerOpen(h, doc, plan(index));
    const open = doc.questions[index]!;
    if (doc.status === 'started' && !open.closed) {
      // Someone did not answer: the question's time runs out.
      h.clock.set(Date.parse(open.deadline_at));
      await sweep(h);
      doc = await roomDoc(h, doc.id);
    }
    if (doc.status !== 'started') break;
    h.clock.advance(REVEAL_PAUSE_MS);
    await sweep(h);
    doc = await roomDoc(h, doc.id);
  }
  return doc;
}

/** Ledger entries of a room (its entry fees and payouts), as [user, type, amount]. */
export async function roomLedger(h: RoomsHarness, roomId: string): Promise<[number, string, number][]> {
  const rows = await h.db
    .select()
    .from(coinLedger)
    .where(sql`${coinLedger.idempotencyKey} like ${`room:${roomId}:%`}`)
    .orderBy(coinLedger.id);
  return rows.map((r) => [r.userId, r.type, r.amount]);
}
