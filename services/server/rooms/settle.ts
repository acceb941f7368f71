import { inArray, sql } from 'drizzle-orm';
import { BATTLE_COIN_MOVEMENTS, type BattleCoinMovement } from '@/services/domain/economy';
import type { RoomDocument, RoomResult } from '@/services/domain/rooms';
import type { SettingsMap } from '@/services/domain/settings';
import type { Tx } from '@/services/server/db/client';
import { battleResults, battleStreaks } from '@/services/server/db/schema';
import { awardBadges } from '@/services/server/badges/engine';
import { moveCoins } from '@/services/server/economy/ledger';
import { addScore } from '@/services/server/leaderboards/repository';
import { leaderboardPeriods } from '@/services/server/leaderboards/service';

/**
 * The money and the records of a battle: fees held at start, and at the end, in the transaction
 * that finishes the room, the payouts settleRoom decided, the battle statistics, the random-battle
 * win streak, the leaderboard score and the battle badges. Bot games move no coins and record
 * nothing.
 */

/** A quick answer for ultimate player: within 4 s of the question opening. */
const ULTIMATE_MS = 4000;

export const entryKey = (roomId: string, userId: number) => `room:${roomId}:entry:${userId}`;
export const payoutKey = (roomId: string, userId: number) => `room:${roomId}:payout:${userId}`;

/**
 * Holds every human member's fee (ledger `battle_entry`), all or none: inside a savepoint, so when
 * one member cannot pay nothing is taken from anyone. Answers the member who could not pay, or null.
 * (The member rows record `fee_held` when the started room is written.)
 */
export async function holdFees(tx: Tx, doc: RoomDocument): Promise<number | null> {
  if (doc.vs_bot || doc.entry_fee <= 0) return null;
  const payers = doc.players.filter((p) => !p.is_bot && !p.left);
  let short: number | null = null;
  try {
    await tx.transaction(async (sp) => {
      for (const p of payers) {
        try {
          await moveCoins(sp, {
            userId: p.user_id,
            amount: -doc.entry_fee,
            type: 'battle_entry',
            title: BATTLE_COIN_MOVEMENTS.battle_entry,
            idempotencyKey: entryKey(doc.id, p.user_id),
          });
        } catch (error) {
          if ((error as { code?: string }).code === 'not_enough_coins') short = p.user_id;
          throw error;
        }
      }
    });
  } catch (error) {
    if (short !== null) return short;
    throw error;
  }
  return null;
}

/** The ledger type of a payout: a win (or a share of one), or the fee back. */
function payoutType(result: RoomResult, outcome: string): BattleCoinMovement {
  if (result.reason === 'aborted' || outcome === 'draw') return 'battle_refund';
  return 'battle_won';
}

/** Every question of the battle answered right, each within 4 s (the battle must have been played to its end). */
function ultimateBattle(doc: RoomDocument, userId: number): boolean {
  if (doc.questions.length !== doc.no_of_que || doc.no_of_que === 0) return false;
  return doc.questions.every((q) => {
    const a = q.answers.find((x) => x.user_id === userId);
    return !!a && a.correct === true && a.elapsed_ms !== null && a.elapsed_ms <= ULTIMATE_MS;
  });
}

/**
 * Settles a room that has just finished, in the caller's transaction (the one that writes the
 * finished document): payouts (ledger key `room:<id>:payout:<user>`), then for human battles
 * that were played (not aborted) the statistics, the random-battle streak, the badges and, last,
 * the leaderboard score (its count rows are shared by many settlements, locked until commit).
 */
export async function settleFinishedRoom(tx: Tx, doc: RoomDocument, settings: SettingsMap, now: Date): Promise<void> {
  const result = doc.result;
  if (doc.status !== 'finished' || !result || doc.vs_bot) return;
  const humans = doc.players.filter((p) => !p.is_bot);

  for (const entry of result.entries) {
    if (entry.coins_won <= 0 || !humans.some((p) => p.user_id === entry.user_id)) continue;
    const type = payoutType(result, entry.outcome);
    await moveCoins(tx, {
      userId: entry.user_id,
      amount: entry.coins_won,
      type,
      title: BATTLE_COIN_MOVEMENTS[type],
      idempotencyKey: payoutKey(doc.id, entry.user_id),
    });
  }
  if (result.reason === 'aborted') return;

  const isDrawn = result.winners.length === 0;
  await tx
    .insert(battleResults)
    .values(
      humans.map((p) => {
        const entry = result.entries.find((e) => e.user_id === p.user_id)!;
        return {
          roomId: doc.id,
          userId: p.user_id,
          type: doc.type,
          outcome: entry.outcome,
          points: entry.points,
          correct: entry.correct,
          opponents: doc.players.filter((o) => o.user_id !== p.user_id).map((o) => ({ user_id: o.user_id, name: o.name, image: o.image })),
          winnerIds: [...result.winners],
          isDrawn,
          entryFee: doc.entry_fee,
          coinsWon: entry.coins_won,
          finishedAt: now,
        };
      }),
    )
    .onConflictDoNothing();

  const streaks = doc.type === 'random' ? await updateRandomStreaks(tx, doc, result, now) : await readStreaks(tx, humans.map((p) => p.user_id));
  const wins = await countWins(tx, humans.map((p) => p.user_id));
  for (const p of humans) {
    await awardBadges(tx, p.user_id, settings, {
      kind: 'battle_finished',
      facts: {
        battleWins: wins.get(p.user_id)?.oneVsOne ?? 0,
        groupBattleWins: wins.get(p.user_id)?.group ?? 0,
        randomBattleWinStreak: streaks.get(p.user_id) ?? 0,
        ultimateBattle: ultimateBattle(doc, p.user_id),
      },
    });
  }

  const periods = leaderboardPeriods(settings, now);
  for (const p of [...humans].sort((a, b) => a.user_id - b.user_id)) {
    if (p.points !== 0) await addScore(tx, { userId: p.user_id, score: p.points, day: periods.day, month: periods.month });
  }
}

/** Random battles: a win adds one to the player's wins in a row, a loss or a draw resets it. Answers the new counts. */
async function updateRandomStreaks(tx: Tx, doc: RoomDocument, result: RoomResult, now: Date): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const p of doc.players.filter((x) => !x.is_bot)) {
    const won = result.winners.includes(p.user_id);
    const [row] = await tx
      .insert(battleStreaks)
      .values({ userId: p.user_id, randomWins: won ? 1 : 0, updatedAt: now })
      .onConflictDoUpdate({
        target: battleStreaks.userId,
        set: { randomWins: won ? sql`${battleStreaks.randomWins} + 1` : sql`0`, updatedAt: now },
      })
      .returning({ randomWins: battleStreaks.randomWins });
    out.set(p.user_id, row?.randomWins ?? 0);
  }
  return out;
}

async function readStreaks(tx: Tx, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx.select().from(battleStreaks).where(inArray(battleStreaks.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.randomWins]));
}

/** 1v1 wins (random and friend) and group wins (a shared first place counts) per player, this battle included. */
async function countWins(tx: Tx, userIds: number[]): Promise<Map<number, { oneVsOne: number; group: number }>> {
  const rows = await tx
    .select({
      userId: battleResults.userId,
      oneVsOne: sql<number>`count(*) filter (where ${battleResults.type} <> 'group' and ${battleResults.outcome} = 'win')::int`,
      group: sql<number>`count(*) filter (where ${battleResults.type} = 'group' and ${battleResults.outcome} in ('victory', 'tie'))::int`,
    })
    .from(battleResults)
    .where(inArray(battleResults.userId, userIds))
    .groupBy(battleResults.userId);
  return new Map(rows.map((r) => [r.userId, { oneVsOne: Number(r.oneVsOne), group: Number(r.group) }]));
}

