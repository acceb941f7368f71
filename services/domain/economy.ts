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
