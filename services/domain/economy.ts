import { intSetting, type SettingsMap } from '@/services/domain/settings';

/**
 * What a balance is worth in the payout currency: every `per_coin` coins make `coin_amount`
 * units; a remainder smaller than `per_coin` is worth nothing (rules.md, Economy).
 */
export function redeemableAmount(coins: number, settings: SettingsMap): number {
  const perCoin = intSetting(settings, 'per_coin');
  const coinAmount = intSetting(settings, 'coin_amount');
  if (!Number.isFinite(coins) || coins <= 0 || perCoin <= 0 || coinAmount <= 0) return 0;
  return Math.floor(coins / perCoin) * coinAmount;
}

/**
 * Ledger movement types of battles (the ledger's `type`; the coin history shows the text of
 * `coin_history.type.<type>`, falling back to the title recorded with the movement).
 */
export const BATTLE_COIN_MOVEMENTS = {
  /** The entry fee, held when a battle starts. */
  battle_entry: 'Battle entry',
  /** Won: 2 × the fee in 1v1, ⌊fee × players / winners⌋ in a group. */
  battle_won: 'Battle won',
  /** The fee back: a draw, or a battle every player left. */
  battle_refund: 'Battle refund',
} as const;
export type BattleCoinMovement = keyof typeof BATTLE_COIN_MOVEMENTS;

/**
 * The ledger's rules for one movement (services/server/economy/ledger.ts applies them under the
 * player's row lock): a movement is a whole, non-zero number of coins with an idempotency key.
 * Returns what is wrong with it (a programming error in the caller), or null.
 */
export function coinMovementProblem(movement: { readonly amount: number; readonly idempotencyKey: string }): string | null {
  if (!Number.isInteger(movement.amount) || movement.amount === 0) return `a coin movement needs a whole, non-zero amount (got ${movement.amount})`;
  if (!movement.idempotencyKey) return 'a coin movement needs an idempotency key';
  return null;
}

/** The balance after a movement, or null when it would fall below 0 (nobody spends coins they do not have). */
export function balanceAfter(balance: number, amount: number): number | null {
  const after = balance + amount;
  return after < 0 ? null : after;
}

/** A key seen before must name the same movement (the same player and amount): a retry, not another movement under a reused key. */
export function sameCoinMovement(seen: { readonly userId: number; readonly amount: number }, movement: { readonly userId: number; readonly amount: number }): boolean {
  return seen.userId === movement.userId && seen.amount === movement.amount;
}
