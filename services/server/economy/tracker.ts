import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/services/server/db/client';
import { coinLedger } from '@/services/server/db/schema';

/** Which movements the coin history shows: all, coins earned, or coins spent. */
export type TrackerFilter = 'income' | 'spent' | undefined;

export interface TrackerItem {
  readonly id: number;
  /** Signed: positive income, negative spent. */
  readonly amount: number;
  /** What moved the coins ('level_passed', 'lifeline', 'battle_entry', …). */
  readonly type: string;
  readonly title: string;
  readonly created_at: string;
}

/** One page of a player's coin history, newest first, with the number of entries matching the filter. */
export async function listCoinHistory(
  db: Db,
  userId: number,
  page: { offset: number; limit: number; type?: TrackerFilter },
): Promise<{ items: TrackerItem[]; total: number }> {
  const conditions: SQL[] = [eq(coinLedger.userId, userId)];
  if (page.type === 'income') conditions.push(gt(coinLedger.amount, 0));
  if (page.type === 'spent') conditions.push(lt(coinLedger.amount, 0));
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    db
      .select({ id: coinLedger.id, amount: coinLedger.amount, type: coinLedger.type, title: coinLedger.title, createdAt: coinLedger.createdAt })
      .from(coinLedger)
      .where(where)
      // Ids grow with every entry: newest first even when two share a timestamp.
      .orderBy(desc(coinLedger.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(coinLedger).where(where),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, amount: r.amount, type: r.type, title: r.title, created_at: r.createdAt.toISOString() })),
    total: Number(counted[0]?.total ?? 0),
  };
}
