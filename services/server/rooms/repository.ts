import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { RoomDocument } from '@/services/domain/rooms';
import type { Db, Tx } from '@/services/server/db/client';
import { roomMembers, rooms, users, type RoomSecret, type RoomSecretQuestion } from '@/services/server/db/schema';
import { preparedStatement } from '@/services/server/play/prepared';
import { canonicalJson } from '@/services/server/rooms/doc-json';
import type { PreparedRunner } from '@/services/server/rooms/prepared';

/** SQL of the room service: rooms, their members (index, presence, fees held), matchmaking, the bot player. */

export type Conn = Db | Tx;
export type MemberRow = typeof roomMembers.$inferSelect;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** A room as the room service changes it. */
export interface LockedRoom {
  readonly id: string;
  readonly version: number;
  /** The stored document: read-only, what the command started from. */
  readonly doc: RoomDocument;
  /** `doc` as JSON.stringify writes it: a changed draft is one that serialises differently. */
  readonly docJson: string;
  readonly secret: RoomSecret | null;
  readonly secretJson: string | null;
  readonly dueAt: Date | null;
  /** The question that opens next, loaded only when its opening is due (the reveal pause is over). */
  readonly upcoming: { index: number; question: RoomSecretQuestion }[];
}

/**
 * The two statements of every answer — lock the room, write its next version — are the hottest
 * of a battle: prepared (services/server/rooms/prepared.ts), and the document travels as the
 * text it is stored as.
 */
const lockStatement = preparedStatement<{ id: string; version: number; doc: string; secret: string | null; due_at: Date | string | null }>(
  'room_lock',
  `select id, version, doc, secret, due_at from rooms where id = $1::text for update`,
);
const upcomingStatement = preparedStatement<{ question: unknown }>('room_upcoming', `select questions -> $2::int as question from rooms where id = $1::text`);
const writeStatement = preparedStatement<{ id: string }>(
  'room_write',
  `update rooms set status = $3::text, version = $4::int, code = $5::text, entry_fee = $6::int, vs_bot = $7::boolean,
     search_deadline_at = $8::timestamptz, due_at = $9::timestamptz, doc = $10::text, secret = $11::text,
     questions = coalesce($12::jsonb, questions), updated_at = $13::timestamptz
   where id = $1::text and version = $2::int
   returning id`,
);

/**
 * The room, locked until the end of the transaction: one writer at a time. The content of the
 * next question is read too when its opening is due at `now` (the question set is not read for
 * every answer).
 */
export async function lockRoom(run: PreparedRunner, tx: Tx, roomId: string, now: number): Promise<LockedRoom | null> {
  const [row] = await run(tx, lockStatement, [roomId]);
  if (!row) return null;
  const doc = JSON.parse(row.doc) as RoomDocument;
  const secret = row.secret === null ? null : (JSON.parse(row.secret) as RoomSecret);
  const upcoming: LockedRoom['upcoming'] = [];
  if (secret?.nextOpenAt != null && secret.nextOpenAt <= now) {
    const index = doc.questions.length;
    const [next] = await run(tx, upcomingStatement, [roomId, index]);
    if (next?.question != null) upcoming.push({ index, question: json<RoomSecretQuestion>(next.question) });
  }
  return {
    id: row.id,
    version: Number(row.version),
    doc,
    docJson: canonicalJson(row.doc, doc),
    secret,
    secretJson: row.secret === null ? null : canonicalJson(row.secret, secret),
    dueAt: row.due_at === null ? null : new Date(row.due_at),
    upcoming,
  };
}

/** Inserts a room; false when its code is taken by another waiting room (the caller draws another). */
export async function insertRoom(tx: Tx, values: typeof rooms.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(rooms).values(values).onConflictDoNothing().returning({ id: rooms.id });
  return rows.length > 0;
}

export interface RoomWrite {
  readonly doc: RoomDocument;
  /** `doc` serialised (what is stored, and what the stream sends). */
  readonly docJson: string;
  readonly secretJson: string | null;
  /** The room's question set, written once: when it starts. */
  readonly questions?: RoomSecretQuestion[];
  readonly dueAt: Date | null;
  readonly updatedAt: Date;
}

/** Writes the next version; the row is locked, and the version guard makes a lost update impossible anyway. */
export async function writeRoom(run: PreparedRunner, tx: Tx, roomId: string, expectedVersion: number, write: RoomWrite): Promise<void> {
  const { doc } = write;
  const rows = await run(tx, writeStatement, [
    roomId,
    expectedVersion,
    doc.status,
    doc.version,
    doc.code,
    doc.entry_fee,
    doc.vs_bot,
    doc.search_deadline_at,
    write.dueAt,
    write.docJson,
    write.secretJson,
    write.questions ? JSON.stringify(write.questions) : null,
    write.updatedAt,
  ]);
  if (rows.length !== 1) throw new Error(`room ${roomId} changed under its lock (expected version ${expectedVersion})`);
}

/** Only the due time changed (e.g. a search ran out: nothing to show, the abandon time is next). */
export async function writeDueAt(tx: Tx, roomId: string, dueAt: Date | null): Promise<void> {
  await tx.update(rooms).set({ dueAt }).where(eq(rooms.id, roomId));
}

// ---------------------------------------------------------------------------------------------
// Members

export async function readMembers(db: Conn, roomId: string): Promise<MemberRow[]> {
  return db.select().from(roomMembers).where(eq(roomMembers.roomId, roomId)).orderBy(asc(roomMembers.seat));
}

/**
 * Brings the member rows in line with the document's players: new players are inserted, players
 * gone from the document (a seat freed in the lobby) deleted, seat, readiness, left and grace
 * updated. Only what differs is written.
 */
export async function syncMembers(tx: Tx, before: RoomDocument | null, after: RoomDocument, now: Date): Promise<void> {
  const old = new Map((before?.players ?? []).map((p) => [p.user_id, p]));
  const gone = [...old.keys()].filter((id) => !after.players.some((p) => p.user_id === id));
  if (gone.length > 0) await tx.delete(roomMembers).where(and(eq(roomMembers.roomId, after.id), inArray(roomMembers.userId, gone)));
  const added = after.players.filter((p) => !old.has(p.user_id));
  if (added.length > 0) {
    await tx.insert(roomMembers).values(
      added.map((p) => ({
        roomId: after.id,
        userId: p.user_id,
        seat: p.seat,
        isBot: p.is_bot,
        ready: p.ready,
        left: p.left,
        graceUntil: p.grace_until ? new Date(p.grace_until) : null,
        joinedAt: now,
      })),
    );
  }
  for (const p of after.players) {
    const o = old.get(p.user_id);
    if (!o || (o.seat === p.seat && o.ready === p.ready && o.left === p.left && o.grace_until === p.grace_until)) continue;
    await tx
      .update(roomMembers)
      .set({ seat: p.seat, ready: p.ready, left: p.left, graceUntil: p.grace_until ? new Date(p.grace_until) : null })
      .where(and(eq(roomMembers.roomId, after.id), eq(roomMembers.userId, p.user_id)));
  }
}

/** Counts a stream opening (+1) or closing (−1, never below 0); answers the member's open streams, or null when not a member. */
export async function countStream(tx: Tx, roomId: string, userId: number, delta: 1 | -1): Promise<number | null> {
  const rows = await tx
    .update(roomMembers)
    .set(
      delta > 0
        ? { connections: sql`${roomMembers.connections} + 1`, streamed: true }
        : { connections: sql`greatest(${roomMembers.connections} - 1, 0)` },
    )
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)))
    .returning({ connections: roomMembers.connections });
  return rows[0]?.connections ?? null;
}

/**
 * Members of unfinished rooms who had streams open: zeroed when this process is the only one that
 * can hold streams (the embedded database), since whoever held them is gone. Answers who they were.
 */
export async function dropAllStreams(db: Db): Promise<{ roomId: string; userId: number }[]> {
  return db
    .update(roomMembers)
    .set({ connections: 0 })
    .where(and(sql`${roomMembers.connections} > 0`, sql`${roomMembers.roomId} in (select id from rooms where status in ('waiting', 'started'))`))
    .returning({ roomId: roomMembers.roomId, userId: roomMembers.userId });
}

/** Records the fee taken from every human member when their room started. */
export async function recordFeesHeld(tx: Tx, roomId: string, fee: number): Promise<void> {
  await tx
    .update(roomMembers)
    .set({ feeHeld: fee })
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.isBot, false)));
}

export async function roomExists(db: Conn, roomId: string): Promise<boolean> {
  const rows = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return rows.length > 0;
}

/** The document and due time of a room, read without a lock. */
export async function readRoomHead(db: Conn, roomId: string): Promise<{ doc: RoomDocument; dueAt: Date | null } | null> {
  const rows = await db.select({ doc: rooms.doc, dueAt: rooms.dueAt }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return rows[0] ?? null;
}

/** Takes the member's message slot when the last message is at least `gapMs` old; false when too soon. */
export async function takeMessageSlot(tx: Tx, roomId: string, userId: number, now: Date, gapMs: number): Promise<boolean> {
  const rows = await tx
    .update(roomMembers)
    .set({ lastMessageAt: now })
    .where(
      and(
        eq(roomMembers.roomId, roomId),
        eq(roomMembers.userId, userId),
        sql`(${roomMembers.lastMessageAt} is null or ${roomMembers.lastMessageAt} <= ${new Date(now.getTime() - gapMs).toISOString()}::timestamptz)`,
      ),
    )
    .returning({ userId: roomMembers.userId });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Lookups

/** The player's waiting random rooms (a search), newest first. */
export async function waitingRandomRoomsOf(tx: Tx, userId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: rooms.id })
    .from(roomMembers)
    .innerJoin(rooms, eq(rooms.id, roomMembers.roomId))
    .where(and(eq(roomMembers.userId, userId), eq(rooms.status, 'waiting'), eq(rooms.type, 'random')))
    .orderBy(desc(rooms.createdAt));
  return rows.map((r) => r.id);
}

export interface MatchKey {
  readonly languageId: number;
  readonly category: string | null;
  readonly entryFee: number;
}

/** Searching random rooms of others with this key, oldest first (the caller locks and re-checks each). */
export async function findMatchCandidates(tx: Tx, key: MatchKey, userId: number, now: Date, limit = 5): Promise<string[]> {
  const rows = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.status, 'waiting'),
        eq(rooms.type, 'random'),
        eq(rooms.vsBot, false),
        eq(rooms.languageId, key.languageId),
        eq(rooms.entryFee, key.entryFee),
        key.category === null ? isNull(rooms.category) : eq(rooms.category, key.category),
        ne(rooms.createdBy, userId),
        sql`${rooms.searchDeadlineAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(rooms.createdAt), asc(rooms.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The room a code names: the waiting one, else the newest that had it; null when none ever did. */
export async function roomByCode(db: Conn, code: string): Promise<{ id: string; status: string } | null> {
  const rows = await db
    .select({ id: rooms.id, status: rooms.status })
    .from(rooms)
    .where(eq(rooms.code, code))
    .orderBy(sql`${rooms.status} = 'waiting' desc`, desc(rooms.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** Rooms whose next timed event is due, earliest first. */
export async function dueRoomIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(inArray(rooms.status, ['waiting', 'started']), lte(rooms.dueAt, now)))
    .orderBy(asc(rooms.dueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Takes a transaction-scoped lock on a name (matchmaking: one search per key at a time, on PGlite too). */
export async function lockName(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROOM_LOCK_SPACE}, hashtext(${name}))`);
}
const ROOM_LOCK_SPACE = 7_201;

// ---------------------------------------------------------------------------------------------
// Players

export async function readPlayerCard(db: Conn, userId: number): Promise<{ name: string; image: string | null; coins: number } | null> {
  const rows = await db
    .select({ name: users.name, image: users.profile, coins: users.coins })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return row ? { name: row.name, image: row.image || null, coins: row.coins } : null;
}

/**
 * The bot's user row, created on first use. It cannot sign in (no identity has its uid and its
 * account is inactive) and is never listed on a leaderboard (inactive players are not, and bot
 * games add no score anyway).
 */
export const BOT_FIREBASE_ID = 'system:battle-bot';
export const BOT_NAME = 'Quiz Bot';

export async function ensureBotUser(tx: Tx): Promise<{ id: number; name: string }> {
  const found = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.firebaseId, BOT_FIREBASE_ID)).limit(1);
  if (found[0]) return found[0];
  await tx.insert(users).values({ firebaseId: BOT_FIREBASE_ID, name: BOT_NAME, type: 'bot', status: false }).onConflictDoNothing();
  const [row] = rowsOf<{ id: number; name: string }>(await tx.execute(sql`select id, name from users where firebase_id = ${BOT_FIREBASE_ID}`));
  if (!row) throw new Error('the bot player could not be created');
  return { id: Number(row.id), name: row.name };
}
