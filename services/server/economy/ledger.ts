import { and, eq, sql } from 'drizzle-orm';
import { balanceAfter, coinMovementProblem, sameCoinMovement } from '@/services/domain/economy';
import type { Db, Tx } from '@/services/server/db/client';
import { coinLedger, users } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';

/** One movement of coins. Every coin that moves, moves through `moveCoins`. */
export interface CoinMovement {
  readonly userId: number;
  /** Positive: income; negative: spent. A whole number, never 0. */
  readonly amount: number;
  /** What moved the coins, e.g. 'welcome_bonus', 'referral', 'level_passed', 'lifeline'. */
  readonly type: string;
  /** Shown in the coin history. */
  readonly title: string;
  /**
   * The same key moves coins once, however often the request is retried. Callers build it from
   * what makes the movement unique, e.g. `welcome:<userId>`, `lifeline:<sessionId>:<lifeline>`.
   */
  readonly idempotencyKey: string;
}

export interface CoinMoveResult {
  /** false when the key had already moved coins: nothing moved this time. */
  readonly applied: boolean;
  readonly entryId: number;
  /** The player's balance after the movement (or now, when it was not applied). */
  readonly balance: number;
}

type Executor = Db | Tx;

async function findByKey(tx: Executor, key: string) {
  const rows = await tx
    .select({ id: coinLedger.id, userId: coinLedger.userId, amount: coinLedger.amount })
    .from(coinLedger)
    .where(eq(coinLedger.idempotencyKey, key))
    .limit(1);
  return rows[0];
}

/**
 * Moves coins for one player in one transaction (a savepoint when called inside one): locks the
 * player's row, refuses a movement that would take the balance below 0 (`not_enough_coins`),
 * appends the entry and updates the cached balance. A key seen before moves nothing and answers
 * the current balance; the same key reused for another player or amount is a programming error.
 */
export async function moveCoins(executor: Executor, movement: CoinMovement): Promise<CoinMoveResult> {
  const problem = coinMovementProblem(movement);
  if (problem) throw new Error(problem);
  return executor.transaction(async (tx) => {
    const locked = await tx
      .select({ coins: users.coins })
      .from(users)
      .where(eq(users.id, movement.userId))
      .for('update');
    const current = locked[0];
    if (!current) throw new ApiError('131', { detail: `no player ${movement.userId}` });

    // Checked after taking the lock: a concurrent request with the same key has committed by now.
    const seen = await findByKey(tx, movement.idempotencyKey);
    if (seen) {
      if (!sameCoinMovement(seen, movement)) {
        throw new Error(`idempotency key ${movement.idempotencyKey} was used for another movement`);
      }
      return { applied: false, entryId: seen.id, balance: current.coins };
    }

    const balance = balanceAfter(current.coins, movement.amount);
    if (balance === null) throw new ApiError('not_enough_coins', { detail: `balance ${current.coins}, needs ${-movement.amount}` });

    const [entry] = await tx
      .insert(coinLedger)
      .values({
        userId: movement.userId,
        amount: movement.amount,
        type: movement.type,
        title: movement.title,
        idempotencyKey: movement.idempotencyKey,
        balanceAfter: balance,
      })
      .returning({ id: coinLedger.id });
    await tx.update(users).set({ coins: balance }).where(eq(users.id, movement.userId));
    return { applied: true, entryId: entry!.id, balance };
  });
}

/** The balance as the sum of the ledger (what users.coins must always equal). */
export async function ledgerBalance(executor: Executor, userId: number): Promise<number> {
  const rows = await executor
    .select({ total: sql<number>`coalesce(sum(${coinLedger.amount}), 0)::int` })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, userId)));
  return Number(rows[0]?.total ?? 0);
}
