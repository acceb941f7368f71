import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { RoomDocument } from '@/services/domain/rooms';
import { type Db, type Tx, rowsOf } from '@/services/server/db/client';
import { roomMembers, roomStreamHolders, rooms, serverInstances, users, type RoomSecret, type RoomSecretQuestion } from '@/services/server/db/schema';
import { preparedStatement, runPrepared, type InTransaction } from '@/services/server/db/prepared';
import { canonicalJson } from '@/services/server/rooms/doc-json';

/** SQL of the room service: rooms, their members (index, presence, fees held), matchmaking, the bot player. */

export type Conn = Db | Tx;
export type MemberRow = typeof roomMembers.$inferSelect;

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** A room as the room service changes it. */
export interface LockedRoom {
  readonly id: string;
  readonly version: number;
  /** The row version (its xmin as text): changes with every write of the row, a change of the secret alone included. */
  readonly rev: string;
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
 * of a battle: prepared (services/server/db/prepared.ts), and the document travels as the
 * text it is stored as.
 */
const lockStatement = preparedStatement<{ id: string; version: number; rev: string; doc: string; secret: string | null; due_at: Date | string | null }>(
  'room_lock',
  `select id, version, xmin::text as rev, doc, secret, due_at from rooms where id = $1::text for update`,
);
const upcomingStatement = preparedStatement<{ question: unknown }>('room_upcoming', `select questions -> $2::int as question from rooms where id = $1::text`);
const questionSetStatement = preparedStatement<{ questions: unknown }>('room_question_set', `select questions from rooms where id = $1::text`);
/**
 * The next version, written only over the row version it was made from (`rev`): under the row
 * lock that always holds; without it (the room service's write from its own last version, see
 * core.ts) a write by anyone else in between makes this change nothing.
 */
const writeStatement = preparedStatement<{ rev: string }>(
  'room_write_rev',
  `update rooms set status = $3::text, version = $4::int, code = $5::text, entry_fee = $6::int, vs_bot = $7::boolean,
     search_deadline_at = $8::timestamptz, due_at = $9::timestamptz, doc = $10::text, secret = $11::text,
     questions = coalesce($12::jsonb, questions), updated_at = $13::timestamptz
   where id = $1::text and version = $2::int and xmin::text = $14::text
   returning xmin::text as rev`,
);

/**
 * The room, locked until the end of the transaction: one writer at a time. The content of the
 * next question is read too when its opening is due at `now` (the question set is not read for
 * every answer).
 */
export async function lockRoom(tx: InTransaction, roomId: string, now: number): Promise<LockedRoom | null> {
  const [row] = await runPrepared(tx, lockStatement, [roomId]);
  if (!row) return null;
  const doc = JSON.parse(row.doc) as RoomDocument;
  const secret = row.secret === null ? null : (JSON.parse(row.secret) as RoomSecret);
  const upcoming: LockedRoom['upcoming'] = [];
  if (secret?.nextOpenAt != null && secret.nextOpenAt <= now) {
    const index = doc.questions.length;
    const [next] = await runPrepared(tx, upcomingStatement, [roomId, index]);
    if (next?.question != null) upcoming.push({ index, question: json<RoomSecretQuestion>(next.question) });
  }
  return {
    id: row.id,
    version: Number(row.version),
    rev: row.rev,
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

const revStatement = preparedStatement<{ rev: string }>('room_rev', `select xmin::text as rev from rooms where id = $1::text`);

/** Whether the room's row is still version `rev` (read without a lock). */
export async function isCurrent(db: Db, roomId: string, rev: string): Promise<boolean> {
  const [row] = await runPrepared(db, revStatement, [roomId]);
  return row?.rev === rev;
}

/**
 * The room's question set (null before it starts). It is written once, at the start, and never
 * changed: read without a lock.
 */
export async function readQuestionSet(db: Db, roomId: string): Promise<RoomSecretQuestion[] | null> {
  const [row] = await runPrepared(db, questionSetStatement, [roomId]);
  return row?.questions == null ? null : json<RoomSecretQuestion[]>(row.questions);
}

/**
 * Writes the next version over the row version it was made from (and its document version);
 * answers the new row version, or null when the row is no longer that version: under the row
 * lock (`tx`) that is a bug, on the root handle a lost race the caller handles.
 */
export async function writeRoom(on: Db | InTransaction, roomId: string, expected: { version: number; rev: string }, write: RoomWrite): Promise<string | null> {
  const { doc } = write;
  const rows = await runPrepared(on, writeStatement, [
    roomId,
    expected.version,
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
    expected.rev,
  ]);
  return rows[0]?.rev ?? null;
}

/** Only the due time changed (e.g. a search ran out: nothing to show, the abandon time is next). Answers the new row version. */
export async function writeDueAt(tx: Tx, roomId: string, dueAt: Date | null): Promise<string | null> {
  const rows = await tx.update(rooms).set({ dueAt }).where(eq(rooms.id, roomId)).returning({ rev: sql<string>`xmin::text` });
  return rows[0]?.rev ?? null;
}

// ---------------------------------------------------------------------------------------------
// Members

export async function readMembers(db: Conn, roomId: string): Promise<MemberRow[]> {
  return db.select().from(roomMembers).where(eq(roomMembers.roomId, roomId)).orderBy(asc(roomMembers.seat));
}

type PlayerRow = RoomDocument['players'][number];

/** Whether a player's member row holds what the document says of them (seat, readiness, left, grace). */
const sameMemberRow = (o: PlayerRow, p: PlayerRow) => o.seat === p.seat && o.ready === p.ready && o.left === p.left && o.grace_until === p.grace_until;

/** Whether the member rows of `before` differ from what `after`'s players say (what syncMembers would write). */
export function membersChanged(before: RoomDocument, after: RoomDocument): boolean {
  if (before.players.length !== after.players.length) return true;
  return after.players.some((p) => {
    const o = before.players.find((b) => b.user_id === p.user_id);
    return !o || !sameMemberRow(o, p);
  });
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
    if (!o || sameMemberRow(o, p)) continue;
    await tx
      .update(roomMembers)
      .set({ seat: p.seat, ready: p.ready, left: p.left, graceUntil: p.grace_until ? new Date(p.grace_until) : null })
      .where(and(eq(roomMembers.roomId, after.id), eq(roomMembers.userId, p.user_id)));
  }
}

/**
 * Counts a stream opening (+1) or closing (−1, never below 0) held by process `instanceId`;
 * answers the member's open streams in every process, or null when not a member. An opening also
 * says the process is alive.
 */
export async function countStream(tx: Tx, roomId: string, userId: number, delta: 1 | -1, instanceId: string, now: Date): Promise<number | null> {
  const rows = await tx
    .update(roomMembers)
    .set(
      delta > 0
        ? { connections: sql`${roomMembers.connections} + 1`, streamed: true }
        : { connections: sql`greatest(${roomMembers.connections} - 1, 0)` },
    )
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)))
    .returning({ connections: roomMembers.connections });
  if (!rows[0]) return null;
  const holder = and(eq(roomStreamHolders.instanceId, instanceId), eq(roomStreamHolders.roomId, roomId), eq(roomStreamHolders.userId, userId));
  if (delta > 0) {
    await markInstanceAlive(tx, instanceId, now);
    await tx
      .insert(roomStreamHolders)
      .values({ instanceId, roomId, userId, streams: 1 })
      .onConflictDoUpdate({ target: [roomStreamHolders.instanceId, roomStreamHolders.roomId, roomStreamHolders.userId], set: { streams: sql`${roomStreamHolders.streams} + 1` } });
  } else {
    // The last one of this process: the row goes; otherwise one fewer.
    const gone = await tx
      .delete(roomStreamHolders)
      .where(and(holder, eq(roomStreamHolders.streams, 1)))
      .returning({ streams: roomStreamHolders.streams });
    if (gone.length === 0) await tx.update(roomStreamHolders).set({ streams: sql`${roomStreamHolders.streams} - 1` }).where(holder);
  }
  return rows[0].connections;
}

/** Says that process `instanceId` is alive at `now`. */
export async function markInstanceAlive(db: Conn, instanceId: string, now: Date): Promise<void> {
  await db.insert(serverInstances).values({ id: instanceId, seenAt: now }).onConflictDoUpdate({ target: serverInstances.id, set: { seenAt: now } });
}

/** Processes other than `self` not seen alive since `before`. */
export async function deadInstances(db: Db, self: string, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: serverInstances.id })
    .from(serverInstances)
    .where(and(ne(serverInstances.id, self), lte(serverInstances.seenAt, before)));
  return rows.map((r) => r.id);
}

/** The members whose streams process `instanceId` held. */
export async function heldStreams(db: Db, instanceId: string): Promise<{ roomId: string; userId: number }[]> {
  return db.select({ roomId: roomStreamHolders.roomId, userId: roomStreamHolders.userId }).from(roomStreamHolders).where(eq(roomStreamHolders.instanceId, instanceId));
}

/**
 * Takes back the streams a dead process held of one member: they no longer count. Answers the
 * member's open streams left, or null when another process took them back first.
 */
export async function takeBackStreams(tx: Tx, instanceId: string, roomId: string, userId: number): Promise<number | null> {
  const [taken] = await tx
    .delete(roomStreamHolders)
    .where(and(eq(roomStreamHolders.instanceId, instanceId), eq(roomStreamHolders.roomId, roomId), eq(roomStreamHolders.userId, userId)))
    .returning({ streams: roomStreamHolders.streams });
  if (!taken) return null;
  const [member] = await tx
    .update(roomMembers)
    .set({ connections: sql`greatest(${roomMembers.connections} - ${taken.streams}, 0)` })
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)))
    .returning({ connections: roomMembers.connections });
  return member?.connections ?? 0;
}

/** Forgets a dead process once it holds nothing any more. */
export async function forgetInstance(db: Db, instanceId: string): Promise<void> {
  await db
    .delete(serverInstances)
    .where(and(eq(serverInstances.id, instanceId), sql`not exists (select 1 from ${roomStreamHolders} where ${roomStreamHolders.instanceId} = ${instanceId})`));
}

/**
 * Members of unfinished rooms who had streams open: zeroed when this process is the only one that
 * can hold streams (the embedded database), since whoever held them is gone — and so is every
 * process on record. Answers who they were.
 */
export async function dropAllStreams(db: Db): Promise<{ roomId: string; userId: number }[]> {
  await db.delete(roomStreamHolders);
  await db.delete(serverInstances);
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
