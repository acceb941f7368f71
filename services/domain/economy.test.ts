import { balanceAfter, coinMovementProblem, redeemableAmount, sameCoinMovement } from '@/services/domain/economy';
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

describe("the ledger's rules for one movement", () => {
  test('a movement is a whole, non-zero number of coins with a key', () => {
    expect(coinMovementProblem({ amount: 5, idempotencyKey: 'k' })).toBeNull();
    expect(coinMovementProblem({ amount: -1, idempotencyKey: 'k' })).toBeNull();
    expect(coinMovementProblem({ amount: 0, idempotencyKey: 'k' })).toBe('a coin movement needs a whole, non-zero amount (got 0)');
    expect(coinMovementProblem({ amount: 2.5, idempotencyKey: 'k' })).toBe('a coin movement needs a whole, non-zero amount (got 2.5)');
    expect(coinMovementProblem({ amount: Number.NaN, idempotencyKey: 'k' })).toMatch(/whole, non-zero amount \(got NaN\)/);
    expect(coinMovementProblem({ amount: 3, idempotencyKey: '' })).toBe('a coin movement needs an idempotency key');
  });

  test('a balance never goes below 0; spending it all is allowed', () => {
    expect(balanceAfter(10, 5)).toBe(15);
    expect(balanceAfter(10, -10)).toBe(0);
    expect(balanceAfter(10, -11)).toBeNull();
    expect(balanceAfter(0, -1)).toBeNull();
  });

  test('a key seen before must name the same player and amount', () => {
    expect(sameCoinMovement({ userId: 1, amount: 5 }, { userId: 1, amount: 5 })).toBe(true);
    expect(sameCoinMovement({ userId: 1, amount: 5 }, { userId: 2, amount: 5 })).toBe(false);
    expect(sameCoinMovement({ userId: 1, amount: 5 }, { userId: 1, amount: 6 })).toBe(false);
  });
});

describe('redeemable amount at its edges', () => {
  const rate = (perCoin: string, coinAmount: string) => ({ ...defaultSettings(), per_coin: perCoin, coin_amount: coinAmount });
  test('a balance below zero is worth nothing, not a debt', () => {
    expect(redeemableAmount(-150, rate('100', '1'))).toBe(0);
  });
  test('a rate of zero coins per unit, or a negative amount, pays nothing (no division by zero, no debt)', () => {
    expect(redeemableAmount(500, rate('0', '1'))).toBe(0);
    expect(redeemableAmount(Number.NaN, rate('100', '1'))).toBe(0);
    expect(redeemableAmount(500, rate('100', '-1'))).toBe(0);
  });
});
