import type { RoomType } from '@/services/domain/rooms';
import { flagSetting, type SettingsMap } from '@/services/domain/settings';
import type { Db, Tx } from '@/services/server/db/client';
import { ApiError } from '@/services/server/gateway/api-error';
import { newRoomId, pointRules, type RoomCore } from '@/services/server/rooms/core';
import { disconnect, iso, leaveStarted, removePlayer, startGame, type DocDraft, type RoomDraft } from '@/services/server/rooms/engine';
import { pickRoomQuestions, resolveBattleCategory } from '@/services/server/rooms/questions';
import { readMembers, readPlayerCard } from '@/services/server/rooms/repository';

/** Steps several room commands share: mode switches, the player's card, a new room, starting a game, leaving. */

export function requireMode(settings: SettingsMap, key: string): void {
  if (!flagSetting(settings, key)) throw new ApiError('mode_disabled', { detail: `${key} is off` });
}

/** The setting that turns a kind of room on and off. */
export function modeOf(type: RoomType): string {
  return type === 'group' ? 'battle_mode_group' : type === 'friend' ? 'play_with_friend_mode' : 'battle_mode_one';
}

/** A player as a room shows them, with their balance. */
export async function playerCard(db: Db | Tx, userId: number) {
  const card = await readPlayerCard(db, userId);
  if (!card) throw new ApiError('131', { detail: `no player ${userId}` });
  return card;
}

export function assertCanPay(coins: number, fee: number): void {
  if (coins < fee) throw new ApiError('not_enough_coins', { detail: `balance ${coins}, the entry fee is ${fee}` });
}

export function newDoc(input: {
  type: RoomType;
  code: string | null;
  createdBy: number;
  languageId: number;
  category: { slug: string; name: string } | null;
  entryFee: number;
  noOfQue: number;
  seconds: number;
  maxPlayers: number;
  searchDeadline: number | null;
  now: number;
}): DocDraft {
  return {
    id: newRoomId(),
    version: 1,
    type: input.type,
    status: 'waiting',
    code: input.code,
    created_by: input.createdBy,
    language_id: input.languageId,
    category: input.category?.slug ?? null,
    category_name: input.category?.name ?? null,
    entry_fee: input.entryFee,
    no_of_que: input.noOfQue,
    seconds_per_question: input.seconds,
    max_players: input.maxPlayers,
    vs_bot: false,
    search_deadline_at: input.searchDeadline === null ? null : iso(input.searchDeadline),
    players: [],
    questions: [],
    current_index: 0,
    messages: [],
    result: null,
    created_at: iso(input.now),
    updated_at: iso(input.now),
  };
}

/** The category id of a room's slug (checked when the room was made; a category removed since plays any category). */
async function categoryIdOf(tx: Tx, doc: DocDraft): Promise<number | null> {
  if (!doc.category) return null;
  const found = await resolveBattleCategory(tx, doc.category, doc.language_id).catch(() => null);
  return found?.id ?? null;
}

/**
 * Starts the game: picks the questions (no question at all: 102), opens question 0, and starts
 * the grace period of members who had streams but have none open now. Fees are held by the caller.
 */
export async function beginGame(core: RoomCore, tx: Tx, draft: RoomDraft, settings: SettingsMap, now: number): Promise<void> {
  const doc = draft.doc;
  const questions = await pickRoomQuestions(tx, {
    languageId: doc.language_id,
    categoryId: await categoryIdOf(tx, doc),
    count: doc.no_of_que,
    settings,
    random: core.random,
  });
  if (questions.length === 0) throw new ApiError('102', { detail: 'no questions found' });
  const env = core.envOf(settings);
  startGame(draft, questions, pointRules(settings), now, env);
  for (const m of await readMembers(tx, doc.id)) if (m.streamed && m.connections === 0) disconnect(draft, m.userId, now, env.graceMs);
}

/** A member leaves: a waiting seat is freed (the owner's room, or a search, is deleted); in a game the member is out. */
export function leave(core: RoomCore, draft: RoomDraft, userId: number, now: number, settings: SettingsMap): void {
  const doc = draft.doc;
  if (doc.status === 'waiting') {
    if (doc.type === 'random' || doc.created_by === userId) {
      doc.status = 'deleted';
      doc.search_deadline_at = null;
    } else {
      removePlayer(doc, userId);
    }
    return;
  }
  if (doc.status === 'started') leaveStarted(draft, [userId], now, core.rulesOf(draft, settings));
}
