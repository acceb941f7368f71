import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { RoomOutcome, RoomType } from '@/services/domain/rooms';
import type { Db } from '@/services/server/db/client';
import { battleResults } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';

/**
 * Battle statistics: the finished human battles the server recorded (services/server/rooms/settle.ts).
 * get_battle_statistics lists the caller's; set_battle_statistics, a spec call that used to write
 * a result the client reported, only checks one against the record (integrity rule 1).
 */

export interface BattleStatisticsItem {
  readonly room_id: string;
  readonly type: RoomType;
  readonly outcome: RoomOutcome;
  readonly points: number;
  readonly correct: number;
  readonly opponents: { user_id: number; name: string; image: string | null }[];
  /** The winner of a 1v1 (or the first of a group's winners); null on a draw. */
  readonly winner_id: number | null;
  readonly winner_ids: number[];
  readonly is_drawn: boolean;
  readonly entry_fee: number;
  readonly coins_won: number;
  readonly date: string;
}

export interface BattleStatistics {
  readonly items: BattleStatisticsItem[];
  readonly total: number;
  readonly won: number;
  readonly lost: number;
  readonly drawn: number;
}

export type BattleSort = 'date' | 'points' | 'id';

export async function getBattleStatistics(
  db: Db,
  userId: number,
  page: { sort: BattleSort; order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<BattleStatistics> {
  const direction = page.order === 'asc' ? asc : desc;
  const column = page.sort === 'points' ? battleResults.points : page.sort === 'id' ? battleResults.roomId : battleResults.finishedAt;
  const mine = eq(battleResults.userId, userId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(battleResults)
      .where(mine)
      .orderBy(direction(column), direction(battleResults.roomId))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: sql<number>`count(*)::int`,
        won: sql<number>`count(*) filter (where ${battleResults.outcome} in ('win', 'victory', 'tie'))::int`,
        lost: sql<number>`count(*) filter (where ${battleResults.outcome} in ('lose', 'defeat'))::int`,
        drawn: sql<number>`count(*) filter (where ${battleResults.outcome} = 'draw')::int`,
      })
      .from(battleResults)
      .where(mine),
  ]);
  const t = totals[0];
  return {
    items: rows.map((r) => ({
      room_id: r.roomId,
      type: r.type as RoomType,
      outcome: r.outcome as RoomOutcome,
      points: r.points,
      correct: r.correct,
      opponents: r.opponents,
      winner_id: r.winnerIds[0] ?? null,
      winner_ids: r.winnerIds,
      is_drawn: r.isDrawn,
      entry_fee: r.entryFee,
      coins_won: r.coinsWon,
      date: r.finishedAt.toISOString(),
    })),
    total: Number(t?.total ?? 0),
    won: Number(t?.won ?? 0),
    lost: Number(t?.lost ?? 0),
    drawn: Number(t?.drawn ?? 0),
  };
}

/**
 * set_battle_statistics: accepted (nothing is written) when the caller is one of the two players
 * and a finished 1v1 between them has this result; otherwise 102.
 */
export async function verifyBattleResult(
  db: Db,
  callerId: number,
  claim: { userId1: number; userId2: number; winnerId: number; isDrawn: boolean },
): Promise<{ verified: true; room_id: string }> {
  if (callerId !== claim.userId1 && callerId !== claim.userId2) {
    throw new ApiError('102', { field: 'user_id1', detail: 'the caller must be one of the two players' });
  }
  if (!claim.isDrawn && claim.winnerId !== claim.userId1 && claim.winnerId !== claim.userId2) {
    throw new ApiError('102', { field: 'winner_id', detail: 'the winner must be one of the two players' });
  }
  const other = callerId === claim.userId1 ? claim.userId2 : claim.userId1;
  const rows = await db
    .select({ roomId: battleResults.roomId })
    .from(battleResults)
    .where(
      and(
        eq(battleResults.userId, callerId),
        sql`${battleResults.type} <> 'group'`,
        sql`${battleResults.opponents} @> ${JSON.stringify([{ user_id: other }])}::jsonb`,
        claim.isDrawn
          ? eq(battleResults.isDrawn, true)
          : and(eq(battleResults.isDrawn, false), sql`${battleResults.winnerIds} = ${JSON.stringify([claim.winnerId])}::jsonb`),
      ),
    )
    .orderBy(desc(battleResults.finishedAt))
    .limit(1);
  const row = rows[0];
  if (!row) throw new ApiError('102', { detail: 'no finished battle between these players with this result' });
  return { verified: true, room_id: row.roomId };
}
