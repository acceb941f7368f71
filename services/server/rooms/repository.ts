import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { RoomDocument } from '@/services/domain/rooms';
import { type Db, type Tx, rowsOf } from '@/services/server/db/client';
import { roomMembers, roomStreamHolders, rooms, serverInstances, users, type RoomSecret, type RoomSecretQuestion } from '@/services/server/db/schema';
import { preparedStatement, runPrepared, type InTransaction } from '@/services/server/db/prepared';
import { canonicalJson } from '@/services/server/rooms/doc-json';
import { applyRoomDelta, type RoomDelta } from '@/services/domain/room-events';

/** SQL of the room service: rooms, their members (index, presence, fees held), matchmaking, the bot player. */

export type Conn = Db | Tx;
export type MemberRow = typeof roomMembers.$inferSelect;

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** A room as the room service changes it. */
export interface LockedRoom {
  readonly id: string;
  /** The room's version (the head of its event log). */
  readonly version: number;
  /** The version its stored snapshot is (the events after it were folded in). */
  readonly snapshotVersion: number;
  /** The current document: read-only, what the command started from. */
  readonly doc: RoomDocument;
  /** `doc` as JSON.stringify writes it: a changed draft is one that serialises differently. */
  readonly docJson: string;
  readonly secret: RoomSecret | null;
  readonly secretJson: string | null;
  readonly dueAt: Date | null;
  /** The question that opens next, loaded only when its opening is due (the reveal pause is over). */
  readonly upcoming: { index: number; question: RoomSecretQuestion }[];
}

/** A room's current state: its snapshot with the events after it folded in (docs/rooms.md, Storage). */
export interface FoldedRoom {
  readonly version: number;
  readonly snapshotVersion: number;
  readonly doc: RoomDocument;
  readonly docJson: string;
  readonly secretJson: string | null;
  readonly dueAt: Date | null;
}

interface StoredEvent {
  readonly version: number;
  /** The RoomDelta, as JSON text. */
  readonly delta: string;
  readonly secret: string | null;
}

/**
 * The snapshot (`rooms.doc`, `rooms.secret` at `snapshot_version`) with the events after it
 * folded in, in order, by the same reducer the browser uses. The events must follow one another
 * from the snapshot: a hole means a row was lost, which no fold can mend.
 */
export function foldRoom(row: { version: number; snapshot_version: number; doc: string; secret: string | null; due_at: Date | string | null }, events: readonly StoredEvent[]): FoldedRoom {
  let doc = JSON.parse(row.doc) as RoomDocument;
  let docJson = canonicalJson(row.doc, doc);
  let secretJson = row.secret === null ? null : canonicalJson(row.secret, JSON.parse(row.secret));
  let version = Number(row.snapshot_version);
  for (const event of events) {
    if (Number(event.version) !== version + 1) throw new Error(`room ${doc.id}: event ${event.version} does not follow version ${version}`);
    doc = applyRoomDelta(doc, JSON.parse(event.delta) as RoomDelta);
    secretJson = event.secret;
    version += 1;
  }
  if (events.length > 0) docJson = JSON.stringify(doc);
  return { version, snapshotVersion: Number(row.snapshot_version), doc, docJson, secretJson, dueAt: row.due_at === null ? null : new Date(row.due_at) };
}

/**
 * The statements of every answer are the hottest of a battle: prepared (services/server/db/
 * prepared.ts), and documents travel as the text they are stored as.
 */
const lockStatement = preparedStatement<{ id: string; version: number; snapshot_version: number; doc: string; secret: string | null; due_at: Date | string | null }>(
  'room_lock_head',
  `select id, version, snapshot_version, doc, secret, due_at from rooms where id = $1::text for update`,
);
const eventsStatement = preparedStatement<StoredEvent>('room_events_after', `select version, delta, secret from room_events where room_id = $1::text and version > $2::int order by version`);
/** The head, snapshot and events after it in one statement (one snapshot of the database), without a lock. */
const headStatement = preparedStatement<{ version: number; snapshot_version: number; doc: string; secret: string | null; due_at: Date | string | null; events: string }>(
  'room_head_folded',
  `select r.version, r.snapshot_version, r.doc, r.secret, r.due_at,
          coalesce((select json_agg(json_build_object('version', e.version, 'delta', e.delta, 'secret', e.secret) order by e.version)
                      from room_events e where e.room_id = r.id and e.version > r.snapshot_version), '[]')::text as events
     from rooms r where r.id = $1::text`,
);
const upcomingStatement = preparedStatement<{ question: unknown }>('room_upcoming', `select questions -> $2::int as question from rooms where id = $1::text`);
const questionSetStatement = preparedStatement<{ questions: unknown }>('room_question_set', `select questions from rooms where id = $1::text`);
/**
 * A new snapshot, written under the row lock over the version it was made from (start, finish,
 * members, fees… — whatever runs locked): the whole row.
 */
const writeStatement = preparedStatement<{ version: number }>(
  'room_write_snapshot',
  `update rooms set status = $3::text, version = $4::int, snapshot_version = $4::int, code = $5::text, entry_fee = $6::int, vs_bot = $7::boolean,
     search_deadline_at = $8::timestamptz, due_at = $9::timestamptz, doc = $10::text, secret = $11::text,
     questions = coalesce($12::jsonb, questions), updated_at = $13::timestamptz
   where id = $1::text and version = $2::int
   returning version`,
);
const insertEventStatement = preparedStatement<{ version: number }>(
  'room_event_insert',
  `insert into room_events (room_id, version, delta, secret, at) values ($1::text, $2::int, $3::text, $4::text, $5::timestamptz) returning version`,
);
const pruneEventsStatement = preparedStatement<{ version: number }>('room_events_prune', `delete from room_events where room_id = $1::text and version <= $2::int returning version`);

/**
 * The room, locked until the end of the transaction: one writer at a time. The content of the
 * next question is read too when its opening is due at `now` (the question set is not read for
 * every answer).
 */
export async function lockRoom(tx: InTransaction, roomId: string, now: number): Promise<LockedRoom | null> {
  const [row] = await runPrepared(tx, lockStatement, [roomId]);
  if (!row) return null;
  const events = Number(row.version) > Number(row.snapshot_version) ? await runPrepared(tx, eventsStatement, [roomId, row.snapshot_version]) : [];
  const folded = foldRoom(row, events);
  if (folded.version !== Number(row.version)) throw new Error(`room ${roomId}: its events reach version ${folded.version}, its head says ${row.version}`);
  const secret = folded.secretJson === null ? null : (JSON.parse(folded.secretJson) as RoomSecret);
  const upcoming: LockedRoom['upcoming'] = [];
  if (secret?.nextOpenAt != null && secret.nextOpenAt <= now) {
    const index = folded.doc.questions.length;
    const [next] = await runPrepared(tx, upcomingStatement, [roomId, index]);
    if (next?.question != null) upcoming.push({ index, question: json<RoomSecretQuestion>(next.question) });
  }
  return { id: row.id, version: folded.version, snapshotVersion: folded.snapshotVersion, doc: folded.doc, docJson: folded.docJson, secret, secretJson: folded.secretJson, dueAt: folded.dueAt, upcoming };
}

/** A room's current document and due time, read without a lock (the snapshot and the events after it, folded). */
export async function readRoomHead(db: Db, roomId: string): Promise<FoldedRoom | null> {
  const [row] = await runPrepared(db, headStatement, [roomId]);
  if (!row) return null;
  const events = JSON.parse(row.events) as StoredEvent[];
  return foldRoom(row, events);
}

/** Inserts a room; false when its code is taken by another waiting room (the caller draws another). */
export async function insertRoom(tx: Tx, values: typeof rooms.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(rooms).values({ ...values, snapshotVersion: values.version }).onConflictDoNothing().returning({ id: rooms.id });
  return rows.length > 0;
}

export interface RoomWrite {
  readonly doc: RoomDocument;
  /** `doc` serialised (what is stored, and what the stream sends). */
  readonly docJson: string;
  readonly secretJson: string | null;
  /** The delta from the version before (a RoomDelta as JSON text): the version's event. */
  readonly deltaJson: string;
  /** The room's question set, written once: when it starts. */
  readonly questions?: RoomSecretQuestion[];
  readonly dueAt: Date | null;
  readonly updatedAt: Date;
}

const versionStatement = preparedStatement<{ version: number }>('room_version', `select version from rooms where id = $1::text`);

/** Whether the room is still at `version` (read without a lock). */
export async function isCurrent(db: Db, roomId: string, version: number): Promise<boolean> {
  const [row] = await runPrepared(db, versionStatement, [roomId]);
  return row !== undefined && Number(row.version) === version;
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
 * Writes the next version under the row lock as a new snapshot, and its event into the log; a
 * room that finished or was deleted keeps only its last snapshot (its events are dropped: it never
 * changes again). Answers false when the room is no longer the version the write was made from
 * (a bug under the lock).
 */
export async function writeRoom(tx: InTransaction, roomId: string, expectedVersion: number, write: RoomWrite): Promise<boolean> {
  const { doc } = write;
  const rows = await runPrepared(tx, writeStatement, [
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
  if (rows.length === 0) return false;
  if (doc.status === 'finished' || doc.status === 'deleted') await runPrepared(tx, pruneEventsStatement, [roomId, doc.version]);
  else await runPrepared(tx, insertEventStatement, [roomId, doc.version, write.deltaJson, write.secretJson, write.updatedAt]);
  return true;
}

/** Only the due time changed (e.g. a search ran out: nothing to show, the abandon time is next). False when the room is no longer at `version`. */
export async function writeDueAt(db: Conn, roomId: string, version: number, dueAt: Date | null): Promise<boolean> {
  const rows = await db
    .update(rooms)
    .set({ dueAt })
    .where(and(eq(rooms.id, roomId), eq(rooms.version, version)))
    .returning({ version: rooms.version });
  return rows.length > 0;
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

/**
 * Members of started games whose grace period is running: on the embedded database at a start,
 * the members whose streams the previous process closed as it stopped (their grace periods began
 * then, while nobody could come back).
 */
export async function membersInGrace(db: Db): Promise<{ roomId: string; userId: number }[]> {
  return db
    .select({ roomId: roomMembers.roomId, userId: roomMembers.userId })
    .from(roomMembers)
    .where(and(sql`${roomMembers.graceUntil} is not null`, eq(roomMembers.left, false), sql`${roomMembers.roomId} in (select id from rooms where status = 'started')`));
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
