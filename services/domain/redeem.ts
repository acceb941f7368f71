import { intSetting, type SettingsMap } from '@/services/domain/settings';

/**
 * Redeem (rules.md, Economy): coins → a payout by PayPal id, mobile number or UPI id. Shared by the
 * server, which decides, and the wallet page, which shows the amount before the player asks.
 */

export const PAYMENT_TYPES = ['paypal', 'mobile', 'upi'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Why an address cannot be one of its type, or null when it can. */
export function paymentAddressProblem(type: PaymentType, address: string): string | null {
  const a = address.trim();
  switch (type) {
    case 'paypal':
      return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(a) && a.length <= 254 ? null : 'must be the e-mail address of a PayPal account';
    case 'mobile':
      return /^\+?[0-9]{7,15}$/.test(a.replace(/[\s-]/g, '')) ? null : 'must be a mobile number of 7 to 15 digits (a leading + allowed)';
    case 'upi':
      return /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/.test(a) ? null : 'must be a UPI id such as name@bank';
  }
}

/** The payout of `coins`, in hundredths of the currency unit: coins × coin_amount / per_coin, rounded down. */
export function payoutCents(coins: number, settings: SettingsMap): number {
  return Math.floor((coins * intSetting(settings, 'coin_amount') * 100) / intSetting(settings, 'per_coin'));
}

/** "12.50": hundredths as the currency amount. */
export const formatCents = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
