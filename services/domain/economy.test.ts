import { redeemableAmount } from '@/services/domain/economy';
import { defaultSettings } from '@/services/domain/settings';

const settings = (overrides: Record<string, string> = {}) => ({ ...defaultSettings(), ...overrides });

describe('the redeemable amount', () => {
  test('is one currency unit per 10 coins with the seeded settings', () => {
    expect(redeemableAmount(100, settings())).toBe(10);
  });

  test('ignores a remainder smaller than per_coin', () => {
    expect(redeemableAmount(129, settings())).toBe(12);
    expect(redeemableAmount(9, settings())).toBe(0);
  });

  test('pays coin_amount units for every per_coin coins', () => {
    expect(redeemableAmount(250, settings({ per_coin: '100', coin_amount: '3' }))).toBe(6);
  });

  test('is never negative', () => {
    expect(redeemableAmount(0, settings())).toBe(0);
    expect(redeemableAmount(-50, settings())).toBe(0);
  });

  test('is 0 rather than infinite when per_coin is stored as 0', () => {
    expect(redeemableAmount(100, settings({ per_coin: '0' }))).toBe(0);
  });
});
