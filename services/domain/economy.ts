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
