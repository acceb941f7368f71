'use client';

import { useEffect, useState } from 'react';
import { BACKGROUND_DELAY_MS, whenPageSettled } from '@/services/client/when-settled';

/**
 * False until the page has loaded and `delayMs` more have passed (then the browser's next idle
 * moment): for background parts (the route bar, the live notification feed) whose code and calls
 * should come after a game page's own chain (its game, its first call, its first question).
 */
export function usePageSettled(delayMs = BACKGROUND_DELAY_MS): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    return whenPageSettled(() => setSettled(true), delayMs);
  }, [settled, delayMs]);
  return settled;
}
