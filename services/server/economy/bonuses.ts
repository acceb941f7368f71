import { intSetting, type SettingsMap } from '@/services/domain/settings';
import type { Tx } from '@/services/server/db/client';
import { moveCoins } from '@/services/server/economy/ledger';

export interface SignupBonusInput {
  readonly newUserId: number;
  /** The player whose refer code the new player entered, when it was valid. */
  readonly referrerId: number | null;
}

export interface SignupBonusResult {
  readonly welcome: number;
  readonly referralNew: number;
  readonly referralOwner: number;
}

/**
 * Coins of a new player (rules.md, Economy): the welcome bonus (`welcome_bonus_coin`), or,
 * with a friend's refer code, `earn_coin` instead; the code's owner gets `refer_coin`. Runs in
 * the sign-up transaction; the keys make a retried sign-up pay nothing twice. A setting of 0 pays
 * nothing (the ledger refuses empty movements).
 */
export async function grantSignupBonuses(tx: Tx, settings: SettingsMap, input: SignupBonusInput): Promise<SignupBonusResult> {
  const { newUserId, referrerId } = input;
  const result = { welcome: 0, referralNew: 0, referralOwner: 0 };
  if (referrerId === null) {
    const amount = intSetting(settings, 'welcome_bonus_coin');
    if (amount > 0) {
      await moveCoins(tx, { userId: newUserId, amount, type: 'welcome_bonus', title: 'Welcome bonus', idempotencyKey: `welcome:${newUserId}` });
      result.welcome = amount;
    }
    return result;
  }
  const earned = intSetting(settings, 'earn_coin');
  if (earned > 0) {
    await moveCoins(tx, {
      userId: newUserId,
      amount: earned,
      type: 'referral',
      title: 'Joined with a friend code',
      idempotencyKey: `referral-new:${newUserId}`,
    });
    result.referralNew = earned;
  }
  const reward = intSetting(settings, 'refer_coin');
  if (reward > 0) {
    await moveCoins(tx, {
      userId: referrerId,
      amount: reward,
      type: 'referral',
      title: 'A friend joined with your code',
      idempotencyKey: `referral-owner:${newUserId}`,
    });
    result.referralOwner = reward;
  }
  return result;
}
