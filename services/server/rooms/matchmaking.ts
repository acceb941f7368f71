import type { RoomDocument } from '@/services/domain/rooms';
import { flagSetting, intSetting, type SettingsMap } from '@/services/domain/settings';
import type { Tx } from '@/services/server/db/client';
import { ApiError } from '@/services/server/gateway/api-error';
import { servedLanguageId } from '@/services/server/play/language';
import type { Committed, RoomCore } from '@/services/server/rooms/core';
import { addPlayer, iso, removePlayer } from '@/services/server/rooms/engine';
import { assertQuestionsAvailable, resolveBattleCategory } from '@/services/server/rooms/questions';
import { findMatchCandidates, lockName, waitingRandomRoomsOf, type MatchKey } from '@/services/server/rooms/repository';
import { holdFees } from '@/services/server/rooms/settle';
import { assertCanPay, beginGame, newDoc, playerCard, requireMode } from '@/services/server/rooms/steps';

/**
 * find_random_match (docs/rooms.md): a player searching for a random 1v1 joins the oldest search
 * of another player with the same language, category and fee — and the room starts at once — or
 * waits in a room of their own. Searches are serialised per player and then per key with
 * transaction-scoped advisory locks, so two players searching at the same moment always meet in
 * one room and never end in two rooms each waiting for the other.
 */

export interface FindMatchInput {
  readonly languageId: number;
  readonly category?: string | undefined;
  readonly feeMultiplier: number;
}

export async function findRandomMatch(core: RoomCore, userId: number, settings: SettingsMap, input: FindMatchInput): Promise<RoomDocument> {
  requireMode(settings, 'battle_mode_one');
  const maxMultiplier = intSetting(settings, 'random_battle_max_fee_multiplier');
  if (input.feeMultiplier > maxMultiplier) {
    throw new ApiError('103', { field: 'fee_multiplier', detail: `fee_multiplier: must be at most ${maxMultiplier}` });
  }
  const fee = intSetting(settings, 'random_battle_entry_coin') * input.feeMultiplier;
  const category =
    flagSetting(settings, 'battle_mode_random_category') && input.category ? await resolveBattleCategory(core.db, input.category, input.languageId) : null;
  const languageId = await servedLanguageId(core.db, input.languageId, category?.languageId);
  await assertQuestionsAvailable(core.db, languageId, category?.id ?? null, settings);
  assertCanPay((await playerCard(core.db, userId)).coins, fee);
  const key: MatchKey = { languageId, category: category?.slug ?? null, entryFee: fee };
  const searchMs = intSetting(settings, 'random_battle_search_seconds') * 1000;

  return core.roomTx(async (tx, out) => {
    const now = core.now();
    await lockName(tx, `room-search-user:${userId}`);
    await lockName(tx, `room-search:${key.languageId}:${key.category ?? ''}:${key.entryFee}`);
    const mine = await waitingRandomRoomsOf(tx, userId);

    const joined = await joinSearch(core, tx, key, userId, settings, now, out);
    if (joined) {
      await dropSearches(core, tx, mine, settings, now, out);
      return { value: joined };
    }

    // Nobody to join: the player's own search with this key goes on (its deadline starts again)…
    for (const id of mine) {
      const loaded = await core.load(tx, id, settings, now);
      const doc = loaded?.draft.doc;
      if (!loaded || !doc || doc.status !== 'waiting') continue;
      if (doc.language_id !== key.languageId || doc.category !== key.category || doc.entry_fee !== key.entryFee) continue;
      doc.search_deadline_at = iso(now + searchMs);
      // A retry is a change even when the deadline did not move: it resets the abandon clock.
      doc.updated_at = iso(now);
      const value = await core.commit(tx, loaded, settings, now, out);
      await dropSearches(core, tx, mine.filter((m) => m !== id), settings, now, out);
      return { value };
    }

    // …or a new search starts.
    await dropSearches(core, tx, mine, settings, now, out);
    const card = await playerCard(tx, userId);
    const doc = newDoc({
      type: 'random',
      code: null,
      createdBy: userId,
      languageId: key.languageId,
      category,
      entryFee: fee,
      noOfQue: intSetting(settings, 'random_battle_total_question'),
      seconds: intSetting(settings, 'random_battle_duration'),
      maxPlayers: 2,
      searchDeadline: now + searchMs,
      now,
    });
    addPlayer(doc, { user_id: userId, name: card.name, image: card.image, is_bot: false, ready: true });
    if (!(await core.insertNew(tx, doc, now, out))) throw new Error('a new random room could not be stored');
    return { value: doc as RoomDocument };
  });
}

/**
 * Joins the oldest search of another player with this key and starts it, holding both fees. A
 * search whose player can no longer pay is given up (deleted) and the next one is tried. Answers
 * the started room, or null when there is none to join.
 */
async function joinSearch(
  core: RoomCore,
  tx: Tx,
  key: MatchKey,
  userId: number,
  settings: SettingsMap,
  now: number,
  out: Committed[],
): Promise<RoomDocument | null> {
  const card = await playerCard(tx, userId);
  for (const id of await findMatchCandidates(tx, key, userId, new Date(now))) {
    const loaded = await core.load(tx, id, settings, now);
    const doc = loaded?.draft.doc;
    // Re-checked under the lock: the list was read before it.
    if (!loaded || !doc || doc.status !== 'waiting' || doc.vs_bot || doc.players.length >= doc.max_players) continue;
    if (!doc.search_deadline_at || Date.parse(doc.search_deadline_at) <= now) continue;
    addPlayer(doc, { user_id: userId, name: card.name, image: card.image, is_bot: false, ready: true });
    const short = await holdFees(tx, doc as RoomDocument);
    if (short === userId) throw new ApiError('not_enough_coins', { detail: `the entry fee is ${doc.entry_fee}` });
    if (short !== null) {
      removePlayer(doc, userId);
      doc.status = 'deleted';
      doc.search_deadline_at = null;
      await core.commit(tx, loaded, settings, now, out);
      continue;
    }
    await beginGame(core, tx, loaded.draft, settings, now);
    return core.commit(tx, loaded, settings, now, out);
  }
  return null;
}

/** Gives up the player's other searches: a player searches in one room at a time. */
async function dropSearches(core: RoomCore, tx: Tx, roomIds: readonly string[], settings: SettingsMap, now: number, out: Committed[]): Promise<void> {
  for (const id of roomIds) {
    const loaded = await core.load(tx, id, settings, now);
    if (!loaded || loaded.draft.doc.status !== 'waiting') continue;
    loaded.draft.doc.status = 'deleted';
    loaded.draft.doc.search_deadline_at = null;
    await core.commit(tx, loaded, settings, now, out);
  }
}
