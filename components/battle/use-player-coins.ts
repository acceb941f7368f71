'use client';

import { useAppSelector } from '@/services/store/hooks';

/** The signed-in player's balance as the store has it (every coin-moving call updates it); null when unknown. */
export function usePlayerCoins(): number | null {
  const coins = useAppSelector((s) => s.user.data?.coins);
  const n = coins === undefined || coins === null ? NaN : Number(coins);
  return Number.isFinite(n) ? n : null;
}
