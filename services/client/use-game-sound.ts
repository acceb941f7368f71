'use client';

import { useCallback } from 'react';
import type { GameSound } from '@/services/client/game-sounds';
import { useSoundOn } from '@/services/client/use-sound-on';

/**
 * A function that plays a game sound (and its vibration) when the player's setting allows it; the
 * synthesizer is loaded the first time one plays.
 */
export function useGameSound(): (sound: GameSound) => void {
  const on = useSoundOn();
  return useCallback(
    (sound: GameSound) => {
      if (!on) return;
      // A sound that cannot be loaded (the network, a restart) is left out.
      void import('@/services/client/game-sounds').then((m) => m.playGameSound(sound)).catch(() => undefined);
    },
    [on],
  );
}
