import { randomBytes } from 'node:crypto';
import { QUICK_MESSAGES, makeRoomCode, normaliseRoomCode, startBlocker, type QuickMessage, type RoomDocument, type RoomQuestion } from '@/services/domain/rooms';
import { intSetting, type SettingsMap } from '@/services/domain/settings';
import { ApiError, isApiError } from '@/services/server/gateway/api-error';
import { servedLanguageId } from '@/services/server/play/language';
import type { RoomFeedSource } from '@/services/server/rooms/store/port';
import { createRoomCore, notMember, type RoomServiceOptions } from '@/services/server/rooms/core';
import { addPlayer, appendMessage, disconnect, findPlayer, reconnect, recordAnswer, removePlayer, restartGrace } from '@/services/server/rooms/engine';
import { findRandomMatch, type FindMatchInput } from '@/services/server/rooms/matchmaking';
import { assertQuestionsAvailable, resolveBattleCategory } from '@/services/server/rooms/questions';
import {
  countStream,
  deadInstances,
  dropAllStreams,
  ensureBotUser,
  forgetInstance,
  heldStreams,
  markInstanceAlive,
  membersInGrace,
  roomByCode,
  roomExists,
  takeBackStreams,
  takeMessageSlot,
} from '@/services/server/rooms/repository';
import { holdFees } from '@/services/server/rooms/settle';
import { assertCanPay, beginGame, leave, modeOf, newDoc, playerCard, requireMode } from '@/services/server/rooms/steps';

/**
 * The room service (docs/rooms.md): the only writer of battle rooms. Each command is one
 * transaction on one room (services/server/rooms/core.ts): due events first, then the command;
 * the document's next version is published after the commit. It is also the room stream's feed
 * source (the current document for a member, and presence).
 */

export type { RoomServiceOptions } from '@/services/server/rooms/core';
export type { FindMatchInput } from '@/services/server/rooms/matchmaking';

export interface CreateRoomInput {
  readonly languageId: number;
  readonly roomType: 'friend' | 'group';
  readonly category?: string | undefined;
  readonly noOfQue?: number | undefined;
  readonly entryFee?: number | undefined;
  readonly roomId?: string | undefined;
}

export interface RoomService extends RoomFeedSource {
  findRandomMatch(userId: number, settings: SettingsMap, input: FindMatchInput): Promise<RoomDocument>;
  playWithBot(userId: number, settings: SettingsMap, roomId: string): Promise<RoomDocument>;
  createRoom(userId: number, settings: SettingsMap, input: CreateRoomInput): Promise<RoomDocument>;
  joinRoom(userId: number, settings: SettingsMap, code: string): Promise<RoomDocument>;
  setReady(userId: number, settings: SettingsMap, roomId: string, ready: boolean): Promise<RoomDocument>;
  startRoom(userId: number, settings: SettingsMap, roomId: string): Promise<RoomDocument>;
  /** `sinceArrival`: ms since the call had arrived; the answer is timed then (docs/api.md, "The time of an answer"). */
  submitAnswer(userId: number, settings: SettingsMap, input: { roomId: string; questionIndex: number; answer: string; sinceArrival?: () => number }): Promise<RoomDocument>;
  leaveRoom(userId: number, settings: SettingsMap, roomId: string): Promise<RoomDocument>;
  deleteRoom(userId: number, settings: SettingsMap, roomId: string): Promise<RoomDocument>;
  sendMessage(userId: number, settings: SettingsMap, roomId: string, message: QuickMessage): Promise<RoomDocument>;
  /** The current document for a member (timed events due are applied first); 102 otherwise. */
  getRoom(userId: number, roomId: string): Promise<RoomDocument>;
  /** The questions opened so far (closed ones with their answers, the open one without); `leave` leaves first. */
  getQuestions(userId: number, settings: SettingsMap, roomId: string, options?: { leave?: boolean }): Promise<RoomQuestion[]>;
  /** Applies the room's due timed events now; null when there is no such room. */
  advanceRoom(roomId: string): Promise<RoomDocument | null>;
  /** Versions written by the group commit, in how many batches (decision 022). */
  commitStats(): { batches: number; versions: number; largest: number };
  /** How long versions waited for the group commit since the last call (services/server/rooms/group-commit.ts). */
  takeCommitWaits(): { p50Ms: number; p99Ms: number; maxMs: number; count: number };
  /** Says this process is alive and takes back the streams of processes that died, then advances every room whose `due_at` passed; answers how many rooms were looked at. */
  sweep(): Promise<number>;
  /** Starts the sweep (and, on the embedded database, treats every stream as gone: this process is the only one). */
  start(): Promise<void>;
  /** Rooms with a timer of theirs pending in this process (GET /metrics). */
  activeRooms(): number;
  /** Stops the sweep and every timer. */
  close(): Promise<void>;
}

/** How often the process says it is alive (and looks for processes that died). */
const INSTANCE_HEARTBEAT_MS = 5_000;
/** Not seen alive for this long: the process died, and its streams are taken back. */
export const INSTANCE_DEAD_AFTER_MS = 30_000;

/** Quick messages: at most one per member per second. */
const MESSAGE_GAP_MS = 1000;
/** Codes drawn before giving up (a collision with a waiting room's code is rare). */
const CODE_ATTEMPTS = 20;

/** Members grouped by their room, in the order the rooms came. */
function byRoom(entries: readonly { roomId: string; userId: number }[]): Map<string, number[]> {
  const rooms = new Map<string, number[]>();
  for (const { roomId, userId } of entries) {
    const members = rooms.get(roomId);
    if (members) members.push(userId);
    else rooms.set(roomId, [userId]);
  }
  return rooms;
}

export function createRoomService(options: RoomServiceOptions): RoomService {
  const core = createRoomCore(options);
  const { db, mutate } = core;
  /** This process, as the holder of its room streams. */
  const instanceId = `i_${randomBytes(12).toString('base64url')}`;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  async function getRoom(userId: number, roomId: string): Promise<RoomDocument> {
    const doc = await core.currentDoc(roomId);
    if (!doc || !findPlayer(doc, userId)) throw notMember();
    return doc;
  }

  /** Presence changes are room commands too; a stream of someone who is no member changes nothing. */
  async function presence(roomId: string, userId: number, delta: 1 | -1): Promise<void> {
    const settings = await options.settings.current();
    await mutate(roomId, settings, null, async ({ tx, draft, now }) => {
      const open = await countStream(tx, roomId, userId, delta, instanceId, new Date(now));
      if (delta > 0 && open === 1) reconnect(draft, userId);
      if (delta < 0 && open === 0) disconnect(draft, userId, now, core.envOf(settings).graceMs);
    }).catch((error) => {
      if (!(isApiError(error) && error.code === '102')) throw error;
    });
  }

  /**
   * The streams held by processes that stopped saying they are alive no longer count: a member
   * left with none starts the grace period, as if their connection had just dropped. Each member's
   * streams are taken back in their room's transaction, once, whichever process gets there first.
   */
  async function reapDeadInstances(): Promise<number> {
    const settings = await options.settings.current();
    const noticedAt = core.now();
    const dead = await deadInstances(db, instanceId, new Date(noticedAt - INSTANCE_DEAD_AFTER_MS));
    for (const instance of dead) {
      // A room's members dropped by one death start their grace periods at one instant, in one
      // transaction: they go out together, not one a few milliseconds before the other.
      for (const [roomId, userIds] of byRoom(await heldStreams(db, instance))) {
        await mutate(roomId, settings, null, async ({ tx, draft }) => {
          for (const userId of userIds) {
            const open = await takeBackStreams(tx, instance, roomId, userId);
            if (open === 0) disconnect(draft, userId, noticedAt, core.envOf(settings).graceMs);
          }
        }).catch((err) => core.log.warn({ err, room: roomId, instance }, 'streams of a dead process could not be taken back'));
      }
      await forgetInstance(db, instance);
    }
    return dead.length;
  }

  async function heartbeat(): Promise<void> {
    await markInstanceAlive(db, instanceId, new Date(core.now()));
    await reapDeadInstances();
  }

  return {
    findRandomMatch: (userId, settings, input) => findRandomMatch(core, userId, settings, input),

    playWithBot(userId, settings, roomId) {
      requireMode(settings, 'battle_mode_one');
      return mutate(roomId, settings, userId, async ({ tx, draft, now }) => {
        const doc = draft.doc;
        if (doc.type !== 'random' || doc.status !== 'waiting') throw new ApiError('room_not_waiting', { field: 'room_id' });
        if (doc.created_by !== userId) throw new ApiError('not_room_creator', { field: 'room_id' });
        const bot = await ensureBotUser(tx);
        doc.vs_bot = true;
        doc.entry_fee = 0;
        doc.search_deadline_at = null;
        addPlayer(doc, { user_id: bot.id, name: bot.name, image: null, is_bot: true, ready: true });
        await beginGame(core, tx, draft, settings, now);
      });
    },

    async createRoom(userId, settings, input) {
      requireMode(settings, modeOf(input.roomType));
      if (input.roomId && (await roomExists(db, input.roomId))) {
        throw new ApiError('119', { field: 'room_id', detail: 'a room with this id exists' });
      }
      const group = input.roomType === 'group';
      const maxQuestions = intSetting(settings, 'group_battle_max_questions');
      if (group && input.noOfQue !== undefined && input.noOfQue > maxQuestions) {
        throw new ApiError('103', { field: 'no_of_que', detail: `no_of_que: must be at most ${maxQuestions}` });
      }
      const category = input.category ? await resolveBattleCategory(db, input.category, input.languageId) : null;
      const languageId = await servedLanguageId(db, input.languageId, category?.languageId);
      await assertQuestionsAvailable(db, languageId, category?.id ?? null, settings);
      const fee = input.entryFee ?? intSetting(settings, 'random_battle_entry_coin');
      assertCanPay((await playerCard(db, userId)).coins, fee);
      const defaultQuestions = intSetting(settings, 'random_battle_total_question');

      return core.roomTx(async (tx, out) => {
        const now = core.now();
        const card = await playerCard(tx, userId);
        for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
          const doc = newDoc({
            type: input.roomType,
            code: makeRoomCode(settings.group_battle_room_code_char ?? '3', core.random),
            createdBy: userId,
            languageId,
            category,
            entryFee: fee,
            noOfQue: group ? (input.noOfQue ?? Math.min(defaultQuestions, maxQuestions)) : defaultQuestions,
            seconds: intSetting(settings, group ? 'group_battle_duration' : 'random_battle_duration'),
            maxPlayers: group ? intSetting(settings, 'group_battle_max_players') : 2,
            searchDeadline: null,
            now,
          });
          addPlayer(doc, { user_id: userId, name: card.name, image: card.image, is_bot: false, ready: true });
          if (await core.insertNew(tx, doc, now, out)) return { value: doc as RoomDocument };
        }
        throw new Error(`no free room code after ${CODE_ATTEMPTS} attempts`);
      });
    },

    async joinRoom(userId, settings, rawCode) {
      const found = await roomByCode(db, normaliseRoomCode(rawCode));
      if (!found) throw new ApiError('room_code_invalid', { field: 'room_code' });
      if (found.status === 'deleted') throw new ApiError('room_deleted', { field: 'room_code' });
      if (found.status !== 'waiting') throw new ApiError('room_not_waiting', { field: 'room_code' });
      const card = await playerCard(db, userId);
      return mutate(found.id, settings, null, ({ draft }) => {
        const doc = draft.doc;
        // Re-checked under the lock: the room may have changed since it was looked up.
        if (doc.status === 'deleted') throw new ApiError('room_deleted', { field: 'room_code' });
        if (doc.status !== 'waiting') throw new ApiError('room_not_waiting', { field: 'room_code' });
        requireMode(settings, modeOf(doc.type));
        if (findPlayer(doc, userId)) return;
        if (doc.players.length >= doc.max_players) throw new ApiError('room_full', { field: 'room_code' });
        assertCanPay(card.coins, doc.entry_fee);
        addPlayer(doc, { user_id: userId, name: card.name, image: card.image, is_bot: false, ready: false });
      });
    },

    setReady(userId, settings, roomId, ready) {
      return mutate(roomId, settings, userId, ({ draft }) => {
        if (draft.doc.status !== 'waiting') throw new ApiError('room_not_waiting', { field: 'room_id' });
        findPlayer(draft.doc, userId)!.ready = ready;
      });
    },

    startRoom(userId, settings, roomId) {
      return mutate(roomId, settings, userId, async ({ tx, draft, now, refuse }) => {
        const doc = draft.doc;
        const blocker = startBlocker(doc as RoomDocument, userId);
        if (blocker === 'not_waiting') throw new ApiError('room_not_waiting', { field: 'room_id' });
        if (blocker === 'not_creator') throw new ApiError('not_room_creator', { field: 'room_id' });
        if (blocker) throw new ApiError(blocker, { field: 'room_id' });
        requireMode(settings, modeOf(doc.type));
        const short = await holdFees(tx, doc as RoomDocument);
        if (short !== null) {
          const player = findPlayer(doc, short)!;
          // Someone who spent their coins since joining gives their seat up; the creator keeps theirs.
          if (short !== doc.created_by) removePlayer(doc, short);
          refuse(
            new ApiError('not_enough_coins', {
              field: 'room_id',
              detail: `${player.name || 'a player'} (user ${short}) does not have the entry fee of ${doc.entry_fee} coins`,
              extra: { user_id: short },
            }),
          );
          return;
        }
        await beginGame(core, tx, draft, settings, now);
      });
    },

    submitAnswer(userId, settings, input) {
      return mutate(input.roomId, settings, userId, ({ draft, now }) => {
        recordAnswer(draft, userId, input.questionIndex, input.answer, now - (input.sinceArrival?.() ?? 0), core.rulesOf(draft, settings), now);
      });
    },

    leaveRoom(userId, settings, roomId) {
      return mutate(roomId, settings, userId, ({ draft, now }) => leave(core, draft, userId, now, settings));
    },

    deleteRoom(userId, settings, roomId) {
      return mutate(roomId, settings, userId, ({ draft }) => {
        const doc = draft.doc;
        if (doc.created_by !== userId) throw new ApiError('not_room_creator', { field: 'room_id' });
        if (doc.status !== 'waiting') throw new ApiError('room_not_waiting', { field: 'room_id' });
        doc.status = 'deleted';
        doc.search_deadline_at = null;
      });
    },

    sendMessage(userId, settings, roomId, message) {
      if (!(QUICK_MESSAGES as readonly string[]).includes(message)) throw new ApiError('103', { field: 'message' });
      return mutate(roomId, settings, userId, async ({ tx, draft, now }) => {
        if (draft.doc.status === 'deleted') throw new ApiError('room_deleted', { field: 'room_id' });
        if (!(await takeMessageSlot(tx, roomId, userId, new Date(now), MESSAGE_GAP_MS))) {
          throw new ApiError('rate_limited', { detail: 'one quick message per second', extra: { retry_after: 1 } });
        }
        appendMessage(draft.doc, userId, message, now);
      });
    },

    getRoom,

    async getQuestions(userId, settings, roomId, opts = {}) {
      const doc = opts.leave ? await mutate(roomId, settings, userId, ({ draft, now }) => leave(core, draft, userId, now, settings)) : await getRoom(userId, roomId);
      return [...doc.questions];
    },

    advanceRoom: core.advanceRoom,
    commitStats: core.commitStats,
    activeRooms: core.activeRooms,
    takeCommitWaits: core.takeCommitWaits,
    async sweep() {
      await heartbeat();
      return core.sweep();
    },

    async currentForMember(roomId, userId) {
      const doc = await core.currentDoc(roomId);
      return doc && findPlayer(doc, userId) ? doc : null;
    },
    streamOpened: (roomId, userId) => presence(roomId, userId, 1),
    streamClosed: (roomId, userId) => presence(roomId, userId, -1),

    async start() {
      if (core.database.kind === 'pglite') {
        // The embedded database has one process: streams counted before this start are gone, and
        // so was the server, for as long as it was stopped. Every member it drops — those the
        // previous process still counted (it was killed) and those whose streams it closed as it
        // stopped (their grace periods began then, while nobody could come back) — gets a grace
        // period starting at this restart, one instant for all, before anything due is applied;
        // a room's members in one transaction. Members whose grace ends together go out together
        // (all of them: the battle is aborted, every fee refunded), so a restart never picks a
        // winner by who was processed, or whose stream was closed, first.
        const settings = await options.settings.current();
        const restartedAt = core.now();
        const graceMs = core.envOf(settings).graceMs;
        const dropped = byRoom([...(await dropAllStreams(db)), ...(await membersInGrace(db))]);
        for (const [roomId, userIds] of dropped) {
          await core
            .roomTx(async (tx, out) => {
              const now = core.now();
              const loaded = await core.load(tx, roomId, settings, now, (draft) => {
                for (const userId of userIds) restartGrace(draft, userId, restartedAt, graceMs);
              });
              return { value: loaded ? await core.commit(tx, loaded, settings, now, out) : null };
            })
            .catch((err) => core.log.warn({ err, room: roomId }, 'dropped streams could not start their grace periods'));
        }
      }
      await markInstanceAlive(db, instanceId, new Date(core.now()));
      heartbeatTimer ??= setInterval(() => void heartbeat().catch((err) => core.log.error({ err }, 'room service heartbeat failed')), INSTANCE_HEARTBEAT_MS);
      heartbeatTimer.unref();
      core.startSweep(options.sweepIntervalMs ?? 1000);
      await reapDeadInstances();
      await core.sweep();
    },

    async close() {
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      heartbeatTimer = undefined;
      await core.close();
    },
  };
}
