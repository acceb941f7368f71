import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { redeemableAmount } from '@/services/domain/economy';
import type { SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { coinLedger, users } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';
import { readAllTimeScore } from '@/services/server/leaderboards/repository';

/** How far back a client's report of a coin movement is matched against the ledger. */
export const CLAIM_WINDOW_HOURS = 24;

/** What a client says happened to its coins (spec: set_user_coin_score). */
export interface CoinClaim {
  /** Coins as the client reports them: a whole number, 0 or more. */
  readonly coins: number;
  /** '0': the coins were added; '1': they were deducted (the reference product's meaning). */
  readonly status: '0' | '1';
  /** The ledger type of the movement ('level_passed', 'lifeline', …). */
  readonly type: string;
}

export interface CoinScore {
  readonly coins: number;
  /** The player's all-time leaderboard score (0 before the first scored pass). */
  readonly score: number;
}

async function currentCoins(db: Db, userId: number): Promise<number> {
  const rows = await db.select({ coins: users.coins }).from(users).where(eq(users.id, userId)).limit(1);
  const row = rows[0];
  if (!row) throw new ApiError('131');
  return row.coins;
}

export async function getCoinScore(db: Db, userId: number, settings: SettingsMap): Promise<CoinScore & { redeemable_amount: number }> {
  const [coins, score] = await Promise.all([currentCoins(db, userId), readAllTimeScore(db, userId)]);
  return { coins, score, redeemable_amount: redeemableAmount(coins, settings) };
}

/**
 * Checks a client's report of a coin movement against the ledger (integrity rule 1: a client never
 * moves coins; the server already moved them when the thing happened). The report is verified when
 * the ledger holds an entry of this player, of the same type and the same signed amount, made in
 * the last 24 hours; nothing moves either way. The ledger is append-only and has no "claimed"
 * mark, so repeating a verified report verifies again (it matches the most recent such entry):
 * harmless, since a report never moves coins. A report of 0 coins claims no movement and is
 * verified as such.
 */
export async function verifyCoinClaim(db: Db, userId: number, claim: CoinClaim): Promise<CoinScore & { verified: true }> {
  if (claim.coins !== 0) {
    const amount = claim.status === '1' ? -claim.coins : claim.coins;
    const found = await db
      .select({ id: coinLedger.id })
      .from(coinLedger)
      .where(
        and(
          eq(coinLedger.userId, userId),
          eq(coinLedger.type, claim.type),
          eq(coinLedger.amount, amount),
          gt(coinLedger.createdAt, sql`now() - interval '${sql.raw(String(CLAIM_WINDOW_HOURS))} hours'`),
        ),
      )
      .orderBy(desc(coinLedger.id))
      .limit(1);
    if (!found[0]) {
      throw new ApiError('claim_not_verified', {
        field: 'coins',
        detail: `no ${claim.type} movement of ${amount} coins of this player in the last ${CLAIM_WINDOW_HOURS} hours`,
      });
    }
  }
  const [coins, score] = await Promise.all([currentCoins(db, userId), readAllTimeScore(db, userId)]);
  return { coins, score, verified: true };
}
