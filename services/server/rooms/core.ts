import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { botSettings, type RoomDocument } from '@/services/domain/rooms';
import { intSetting, type SettingsMap } from '@/services/domain/settings';
import type { Database, Db, Tx } from '@/services/server/db/client';
import type { RoomSecret } from '@/services/server/db/schema';
import { ApiError, isApiError } from '@/services/server/gateway/api-error';
import { secureRandom } from '@/services/server/play/views';
import type { SettingsService } from '@/services/server/settings/service';
import type { RoomStore } from '@/services/server/rooms/store/port';
import { docJson as docJsonOf, rememberDeltaJson, rememberDocJson } from '@/services/server/rooms/doc-json';
import { assertDeltaFolds, assertUnchanged } from '@/services/server/rooms/delta-check';
import { createGroupCommitter, isRetryable, SNAPSHOT_EVERY } from '@/services/server/rooms/group-commit';
import { roomDelta } from '@/services/domain/room-events';
import { cloneJson } from '@/services/domain/json-clone';
import { advance, cloneDraft, draftDoc, findPlayer, iso, nextDueAt, type DocDraft, type RoomDraft, type StepEnv } from '@/services/server/rooms/engine';
import { createKeyedQueue, createRoomCache, type CachedRoom } from '@/services/server/rooms/cache';
import {
  dueRoomIds,
  insertRoom,
  isCurrent,
  lockRoom,
  membersChanged,
  readQuestionSet,
  readRoomHead,
  recordFeesHeld,
  syncMembers,
  writeDueAt,
  writeRoom,
  type LockedRoom,
} from '@/services/server/rooms/repository';
import { settleFinishedRoom } from '@/services/server/rooms/settle';

/**
 * The room service's machinery: how a room is changed and how due events are found without a
 * command (a timer per room in this process, and the sweep). The commands themselves are in
 * service.ts and matchmaking.ts.
 *
 * A command on a room runs after the room's earlier commands in this process (a queue per room)
 * and in one of two ways (decision 013):
 * - Locked: one transaction under the room's row lock — due events first, then the command, then
 *   the next version and everything else it changes (member rows, fees, the settlement) written
 *   and, after the commit, published.
 * - From this process's last version of the room (cache.ts), when the command changes nothing but
 *   the room's own row (an answer, a question opening or closing, readiness, a quick message's
 *   text…): the next version is one `update … where xmin = <the version it was made from>` — no
 *   read, no transaction around it. When the row moved on meanwhile (another process, a
 *   transaction that changed it) the update changes nothing and the command runs locked instead.
 *
 * Either way a step is applied once however many processes (or timers and sweeps) notice it.
 */

export interface RoomServiceOptions {
  readonly database: Database;
  readonly settings: SettingsService;
  readonly store: RoomStore;
  readonly log: Logger;
  /** The clock (tests pass their own to move time without sleeping). */
  readonly now?: () => Date;
  /** [0, 1): codes, option shuffles and the bot's moves. */
  readonly random?: () => number;
  /** How often the sweep runs once started. */
  readonly sweepIntervalMs?: number;
}

/** What one room transaction leaves to do after its commit: publish a new version, arm the room's timer, remember the row. */
export interface Committed {
  readonly doc: RoomDocument;
  readonly changed: boolean;
  readonly dueAt: Date | null;
  /** The row as committed, for the next command from this version; null when unknown. */
  readonly state: CachedRoom | null;
}

/** A room loaded under its lock, its due events applied. */
export interface Loaded {
  readonly row: LockedRoom;
  readonly draft: RoomDraft;
  /** Whether due events changed the draft (else it still equals the stored row). */
  readonly advanced: boolean;
}

export interface Command {
  /** The room's transaction. A command that reads it runs locked (see above). */
  readonly tx: Tx;
  readonly draft: RoomDraft;
  readonly now: number;
  /** Commit what the command changed, then answer this refusal. */
  refuse(error: ApiError): void;
}

/** The work of one room transaction: its value, and a refusal to answer once what it did is committed. */
export type RoomWork<T> = (tx: Tx, out: Committed[]) => Promise<{ value: T; refusal?: ApiError }>;

export interface RoomCore {
  readonly db: Db;
  readonly database: Database;
  readonly log: Logger;
  readonly settings: SettingsService;
  readonly random: () => number;
  /** Now, by the service's clock (ms since the epoch). */
  now(): number;
  envOf(settings: SettingsMap): StepEnv;
  /** The scoring settings of a room: fixed at its start, the current ones before. */
  rulesOf(draft: RoomDraft, settings: SettingsMap): Record<string, string>;
  roomTx<T>(work: RoomWork<T>): Promise<T>;
  /** The room under its row lock, its due events applied (after `beforeDue`, when given, changed the stored draft). */
  load(tx: Tx, roomId: string, settings: SettingsMap, now: number, beforeDue?: (draft: RoomDraft) => void): Promise<Loaded | null>;
  commit(tx: Tx, loaded: Loaded, settings: SettingsMap, now: number, out: Committed[]): Promise<RoomDocument>;
  insertNew(tx: Tx, doc: DocDraft, now: number, out: Committed[]): Promise<boolean>;
  /** One command on one room; `memberId` null lets anyone (joining) or no one (timers) act. */
  mutate(roomId: string, settings: SettingsMap, memberId: number | null, command?: (c: Command) => Promise<void> | void): Promise<RoomDocument>;
  advanceRoom(roomId: string): Promise<RoomDocument | null>;
  sweep(): Promise<number>;
  /** The room's document, with due events applied first when it has some; null when there is no such room. */
  currentDoc(roomId: string): Promise<RoomDocument | null>;
  startSweep(intervalMs: number): void;
  /** The group commit's batches so far (the bench and the tests read them). */
  commitStats(): { batches: number; versions: number; largest: number };
  /** How long versions waited for the group commit since the last call (services/server/rooms/group-commit.ts). */
  takeCommitWaits(): { p50Ms: number; p99Ms: number; maxMs: number; count: number };
  /** Rooms with a timer of theirs pending in this process (GET /metrics). */
  activeRooms(): number;
  close(): Promise<void>;
}

/** Rooms whose last version this process keeps (a few kB each). */
const CACHED_ROOMS = 10_000;
/** Thrown by the `tx` of a command run from the cached version: run it locked. */
const NEEDS_LOCK = Symbol('needs the row lock');

/** Rooms advanced per sweep round (the rest wait a second). */
const SWEEP_BATCH = 200;
/** A transaction that lost a deadlock or a serialization race is run again this often. */
const TX_ATTEMPTS = 5;
const POINT_SETTINGS = ['battle_correct_answer_points', 'battle_quick_answer_bonus_2s', 'battle_quick_answer_bonus_4s'];

export function pointRules(settings: SettingsMap): Record<string, string> {
  return Object.fromEntries(POINT_SETTINGS.map((k) => [k, String(intSetting(settings, k))]));
}

export const notMember = () => new ApiError('102', { field: 'room_id', detail: 'no such room of yours' });

export function newRoomId(): string {
  return `r_${randomBytes(16).toString('base64url')}`;
}

/** A fresh, changeable copy of a stored room (parsed from its text: cheaper than a deep clone). */
function storedDraft(row: LockedRoom): RoomDraft {
  return {
    doc: JSON.parse(row.docJson) as DocDraft,
    secret: row.secretJson === null ? null : (JSON.parse(row.secretJson) as RoomSecret),
    upcoming: [...row.upcoming],
  };
}

/** Rooms that can still change: the ones worth keeping a version of. */
const live = (doc: RoomDocument) => doc.status === 'waiting' || doc.status === 'started';

export function createRoomCore(options: RoomServiceOptions): RoomCore {
  const { database, store, log } = options;
  const db = database.db;
  const clock = options.now ?? (() => new Date());
  const random = options.random ?? secureRandom;
  const timers = new Map<string, NodeJS.Timeout>();
  const cache = createRoomCache(CACHED_ROOMS);
  const serial = createKeyedQueue();
  const committer = createGroupCommitter(database);
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<number> | null = null;
  let closed = false;

  const envOf = (settings: SettingsMap): StepEnv => ({
    bot: botSettings(settings),
    graceMs: intSetting(settings, 'battle_reconnect_grace_seconds') * 1000,
    random,
  });
  const rulesOf = (draft: RoomDraft, settings: SettingsMap) => draft.secret?.rules ?? pointRules(settings);

  /**
   * Runs `work` in a transaction (again, from scratch, when it lost a deadlock), then publishes
   * every room it changed and arms their timers. A refusal the work chose to commit with is
   * thrown after that.
   */
  async function roomTx<T>(work: RoomWork<T>): Promise<T> {
    let committed: Committed[] = [];
    let outcome: { value: T; refusal?: ApiError } | undefined;
    for (let attempt = 1; ; attempt += 1) {
      committed = [];
      try {
        outcome = await db.transaction((tx) => work(tx, committed));
        break;
      } catch (error) {
        if (attempt >= TX_ATTEMPTS || !isRetryable(error)) throw error;
      }
    }
    for (const c of committed) {
      if (c.state) cache.set(c.doc.id, c.state);
      else cache.delete(c.doc.id);
      if (c.changed) {
        try {
          await store.publish(c.doc);
        } catch (err) {
          log.error({ err, room: c.doc.id, version: c.doc.version }, 'room document could not be published');
        }
      }
      schedule(c.doc.id, c.dueAt);
    }
    if (outcome!.refusal) throw outcome!.refusal;
    return outcome!.value;
  }

  async function load(tx: Tx, roomId: string, settings: SettingsMap, now: number, beforeDue?: (draft: RoomDraft) => void): Promise<Loaded | null> {
    const row = await lockRoom({ db, tx }, roomId, now);
    if (!row) return null;
    const draft = storedDraft(row);
    beforeDue?.(draft);
    const advanced = advance(draft, now, envOf(settings), rulesOf(draft, settings));
    return { row, draft, advanced };
  }

  /**
   * Writes a draft back. A changed document or secret is the next version — a new snapshot of the
   * room and its event (with the member rows, the fees held when it just started, the settlement
   * when it just finished); when only the due time moved, just that.
   */
  async function commit(tx: Tx, loaded: Loaded, settings: SettingsMap, now: number, out: Committed[]): Promise<RoomDocument> {
    const { row, draft } = loaded;
    const doc = draft.doc;
    // Documents are compared as the text they are stored as: one serialisation, kept for the write.
    let docJson = JSON.stringify(doc);
    const secretJson = draft.secret === null ? null : JSON.stringify(draft.secret);
    if (docJson === row.docJson && secretJson === row.secretJson) {
      const due = nextDueAt(draft, now);
      const dueAt = due === null ? null : new Date(due);
      const moved = (row.dueAt?.getTime() ?? null) !== due;
      if (moved && !(await writeDueAt(tx, row.id, row.version, dueAt))) throw new Error(`room ${row.id} changed under its lock (expected version ${row.version})`);
      rememberDocJson(row.doc, row.docJson);
      const state = live(row.doc) ? { snapshotVersion: row.snapshotVersion, doc: row.doc, secret: row.secret, secretJson: row.secretJson, dueAt: due, questions: null } : null;
      out.push({ doc: row.doc, changed: false, dueAt, state });
      return row.doc;
    }
    // A new version, also when only the secret changed (every change of the room is an event).
    doc.version = row.version + 1;
    doc.updated_at = iso(now);
    docJson = JSON.stringify(doc);
    const next = doc as RoomDocument;
    rememberDocJson(next, docJson);
    assertDeltaFolds(row.doc, next);
    const due = nextDueAt(draft, now);
    const dueAt = due === null ? null : new Date(due);
    const started = next.status !== 'waiting' && row.doc.status === 'waiting' && draft.secret !== null;
    // The question set is written once, when the room starts.
    const questions = started ? draft.upcoming.map((u) => u.question) : null;
    const deltaJson = JSON.stringify(roomDelta(row.doc, next));
    const written = await writeRoom({ db, tx }, row.id, row.version, { doc: next, docJson, secretJson, deltaJson, ...(questions ? { questions } : {}), dueAt, updatedAt: new Date(now) });
    if (!written) throw new Error(`room ${row.id} changed under its lock (expected version ${row.version})`);
    await syncMembers(tx, row.doc, next, new Date(now));
    if (started && !next.vs_bot && next.entry_fee > 0) await recordFeesHeld(tx, row.id, next.entry_fee);
    if (next.status === 'finished' && row.doc.status !== 'finished') await settleFinishedRoom(tx, next, settings, new Date(now));
    rememberDeltaJson(next, deltaJson);
    const state = live(next) ? { snapshotVersion: next.version, doc: next, secret: draft.secret, secretJson, dueAt: due, questions } : null;
    out.push({ doc: next, changed: true, dueAt, state });
    return next;
  }

  /** Inserts a new room (version 1) with its members. False when its code is taken: draw another. */
  async function insertNew(tx: Tx, doc: DocDraft, now: number, out: Committed[]): Promise<boolean> {
    const due = nextDueAt({ doc, secret: null, upcoming: [] }, now);
    const dueAt = due === null ? null : new Date(due);
    const inserted = await insertRoom(tx, {
      id: doc.id,
      type: doc.type,
      status: doc.status,
      code: doc.code,
      version: doc.version,
      languageId: doc.language_id,
      category: doc.category,
      entryFee: doc.entry_fee,
      vsBot: doc.vs_bot,
      createdBy: doc.created_by,
      searchDeadlineAt: doc.search_deadline_at ? new Date(doc.search_deadline_at) : null,
      dueAt,
      doc: doc as RoomDocument,
      secret: null,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    if (!inserted) return false;
    await syncMembers(tx, null, doc as RoomDocument, new Date(now));
    out.push({ doc: doc as RoomDocument, changed: true, dueAt, state: null });
    return true;
  }

  /**
   * One command on one room, after the room's earlier commands in this process: due events first,
   * then `command` on the draft, then the next version written — from the cached version when it
   * can (fromCached), else locked (mutateLocked). A refusal (ApiError) thrown by the command undoes
   * the command's changes to the draft but keeps the due events applied before it; commands throw
   * before they write anything else.
   */
  function mutate(roomId: string, settings: SettingsMap, memberId: number | null, command?: (c: Command) => Promise<void> | void): Promise<RoomDocument> {
    return serial(roomId, async () => {
      const cached = cache.get(roomId);
      if (cached) {
        const done = await fromCached(cached, settings, memberId, command);
        if (done) {
          if (done.refusal) throw done.refusal;
          return done.doc;
        }
      }
      return mutateLocked(roomId, settings, memberId, command);
    });
  }

  /**
   * The command run on this process's last version of the room, written with one guarded update.
   * Null when it has to run locked: it touches the transaction, changes the room's status or its
   * members, or the row is no longer the version it was made from.
   */
  async function fromCached(
    cached: CachedRoom,
    settings: SettingsMap,
    memberId: number | null,
    command?: (c: Command) => Promise<void> | void,
  ): Promise<{ doc: RoomDocument; refusal?: ApiError } | null> {
    const roomId = cached.doc.id;
    const now = clock().getTime();
    // The command changes a copy of what was published (copied, not parsed from its text: cheaper).
    const copyOfCached = (): RoomDraft => ({ doc: draftDoc(cached.doc), secret: cached.secret === null ? null : cloneJson(cached.secret), upcoming: [] });
    const draft = copyOfCached();
    if (draft.secret?.nextOpenAt != null && draft.secret.nextOpenAt <= now) {
      // The next question is due to open: its content comes from the (fixed) question set.
      let questions = cached.questions;
      if (questions === null) {
        questions = await readQuestionSet(db, roomId);
        if (questions === null) return null;
        cache.set(roomId, (cached = { ...cached, questions }));
      }
      const index = draft.doc.questions.length;
      const question = questions[index];
      if (question) draft.upcoming.push({ index, question });
    }
    const advanced = advance(draft, now, envOf(settings), rulesOf(draft, settings));
    // Not a member of this version: perhaps of a newer one (joined through another process).
    if (memberId !== null && !findPlayer(draft.doc, memberId)) return null;
    let refusal: ApiError | undefined;
    if (command) {
      const snapshot = advanced ? cloneDraft(draft.doc as RoomDocument, draft.secret, draft.upcoming) : null;
      const context: Command = {
        get tx(): Tx {
          throw NEEDS_LOCK;
        },
        draft,
        now,
        refuse: (e) => (refusal = e),
      };
      try {
        await command(context);
      } catch (error) {
        if (error === NEEDS_LOCK) return null;
        if (!isApiError(error)) throw error;
        const before = snapshot ?? copyOfCached();
        draft.doc = before.doc;
        draft.secret = before.secret;
        draft.upcoming = before.upcoming;
        refusal = error;
      }
    }
    const doc = draft.doc;
    const was = cached.doc;
    // What the room's head row holds besides its version is written under the lock only.
    if (doc.status !== was.status || doc.code !== was.code || doc.entry_fee !== was.entry_fee || doc.vs_bot !== was.vs_bot || membersChanged(was, doc as RoomDocument)) return null;
    // The draft as the next version: its delta from the last one says whether the command changed the document.
    doc.version = was.version + 1;
    doc.updated_at = iso(now);
    const next = doc as RoomDocument;
    const delta = roomDelta(was, next);
    const docChanged = delta.events.length > 0;
    if (!docChanged) assertUnchanged({ ...next, version: was.version, updated_at: was.updated_at }, was);
    const secretJson = draft.secret === null ? null : JSON.stringify(draft.secret);
    const unchanged = !docChanged && secretJson === cached.secretJson;
    // A room nothing changed keeps its time: deadlines counted from its last change (an abandoned
    // search's) must not move because a timer or the sweep looked at it.
    if (unchanged) {
      doc.version = was.version;
      doc.updated_at = was.updated_at;
    }
    const due = nextDueAt(draft, now);
    if (unchanged && due === cached.dueAt) {
      // Nothing to write: the outcome (a refusal, or nothing to do) stands only if it was decided on the room as it is.
      if (!(await isCurrent(db, roomId, was.version))) {
        cache.delete(roomId);
        return null;
      }
      // A room timer can fire a millisecond before its due time by the wall clock (timers run on
      // a monotonic clock): it found nothing due yet, and must be armed again, or the room would
      // wait for the sweep.
      if (due !== null && due > now && !timers.has(roomId)) schedule(roomId, new Date(due));
      return { doc: cached.doc, refusal };
    }
    const dueAt = due === null ? null : new Date(due);
    if (unchanged) {
      // Only the due time moved: no version, the head's due time alone.
      if (!(await writeDueAt(db, roomId, was.version, dueAt))) {
        cache.delete(roomId);
        return null;
      }
      cache.set(roomId, { ...cached, dueAt: due });
      schedule(roomId, dueAt);
      return { doc: was, refusal };
    }
    // A new version (also when only the secret changed: every change of the room is an event),
    // appended through the group commit; published only once it is committed.
    // The whole document's text is made only when something needs it: a snapshot here, the
    // command's answer or a stream that connects (doc-json.ts remembers it with the document).
    // Most versions (a question closing or opening on its timer) never need it.
    assertDeltaFolds(was, next);
    const snapshot = next.version - cached.snapshotVersion >= SNAPSHOT_EVERY ? { docJson: docJsonOf(next), secretJson } : null;
    // With the document unchanged (the secret moved) the delta is the version alone.
    const deltaJson = JSON.stringify(delta);
    const won = await committer.append({
      roomId,
      version: next.version,
      deltaJson,
      secretJson,
      dueAt,
      searchDeadlineAt: next.search_deadline_at,
      at: new Date(now),
      snapshot,
    });
    if (!won) {
      cache.delete(roomId);
      return null;
    }
    rememberDeltaJson(next, deltaJson);
    cache.set(roomId, { snapshotVersion: snapshot ? next.version : cached.snapshotVersion, doc: next, secret: draft.secret, secretJson, dueAt: due, questions: cached.questions });
    try {
      await store.publish(next);
    } catch (err) {
      log.error({ err, room: roomId, version: next.version }, 'room document could not be published');
    }
    schedule(roomId, dueAt);
    return { doc: next, refusal };
  }

  /** The command in one transaction under the room's row lock. */
  async function mutateLocked(roomId: string, settings: SettingsMap, memberId: number | null, command?: (c: Command) => Promise<void> | void): Promise<RoomDocument> {
    return roomTx(async (tx, out) => {
      const now = clock().getTime();
      const loaded = await load(tx, roomId, settings, now);
      if (!loaded || (memberId !== null && !findPlayer(loaded.draft.doc, memberId))) throw notMember();
      let refusal: ApiError | undefined;
      if (command) {
        // What a refusal goes back to: the stored row, or a copy when due events changed the draft.
        const snapshot = loaded.advanced ? cloneDraft(loaded.draft.doc as RoomDocument, loaded.draft.secret, loaded.draft.upcoming) : null;
        try {
          await command({ tx, draft: loaded.draft, now, refuse: (e) => (refusal = e) });
        } catch (error) {
          if (!isApiError(error)) throw error;
          const before = snapshot ?? storedDraft(loaded.row);
          loaded.draft.doc = before.doc;
          loaded.draft.secret = before.secret;
          loaded.draft.upcoming = before.upcoming;
          refusal = error;
        }
      }
      const doc = await commit(tx, loaded, settings, now, out);
      return { value: doc, refusal };
    });
  }

  // ---- Timers and the sweep -----------------------------------------------------------------

  /** Arms this process's timer for the room's next due event (replacing the previous one). */
  function schedule(roomId: string, dueAt: Date | null): void {
    const existing = timers.get(roomId);
    if (existing) clearTimeout(existing);
    timers.delete(roomId);
    if (closed || !dueAt) return;
    const delay = Math.min(Math.max(0, dueAt.getTime() - clock().getTime()), 2 ** 31 - 1);
    const timer = setTimeout(() => {
      timers.delete(roomId);
      if (closed) return;
      advanceRoom(roomId).catch((err) => log.warn({ err, room: roomId }, 'room timer could not advance the room'));
    }, delay);
    timer.unref();
    timers.set(roomId, timer);
  }

  async function advanceRoom(roomId: string): Promise<RoomDocument | null> {
    const settings = await options.settings.current();
    try {
      return await mutate(roomId, settings, null);
    } catch (error) {
      if (isApiError(error) && error.code === '102') return null;
      throw error;
    }
  }

  async function sweepOnce(): Promise<number> {
    const ids = await dueRoomIds(db, clock(), SWEEP_BATCH);
    for (const id of ids) {
      try {
        await advanceRoom(id);
      } catch (err) {
        log.error({ err, room: id }, 'the sweep could not advance a room');
      }
    }
    return ids.length;
  }

  /** One sweep at a time in this process; a caller arriving during one waits for it and runs its own. */
  async function sweep(): Promise<number> {
    while (sweeping) await sweeping.catch(() => 0);
    sweeping = sweepOnce();
    try {
      return await sweeping;
    } finally {
      sweeping = null;
    }
  }

  async function currentDoc(roomId: string): Promise<RoomDocument | null> {
    // A read takes no lock unless something is due.
    const head = await readRoomHead(db, roomId);
    if (!head) return null;
    if (head.dueAt && head.dueAt.getTime() <= clock().getTime()) return advanceRoom(roomId);
    return head.doc;
  }

  return {
    db,
    database,
    log,
    settings: options.settings,
    random,
    now: () => clock().getTime(),
    envOf,
    rulesOf,
    roomTx,
    load,
    commit,
    insertNew,
    mutate,
    advanceRoom,
    sweep,
    currentDoc,
    commitStats: () => committer.stats(),
    takeCommitWaits: () => committer.takeWaits(),
    startSweep(intervalMs) {
      closed = false;
      if (sweepTimer) return;
      sweepTimer = setInterval(() => {
        if (!sweeping && !closed) sweep().catch((err) => log.error({ err }, 'room sweep failed'));
      }, intervalMs);
      sweepTimer.unref();
    },
    activeRooms: () => timers.size,
    async close() {
      closed = true;
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = undefined;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      cache.clear();
      await sweeping?.catch(() => 0);
      // Versions already queued (a timer's advance, a command whose caller went away) are written
      // before the database closes.
      await committer.drain();
    },
  };
}
