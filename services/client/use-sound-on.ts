'use client';

import { useSyncExternalStore } from 'react';
import { useAppSelector } from '@/services/store/hooks';
import { selectSoundChoice } from '@/services/store/selectors';
import type { SoundChoice } from '@/services/store/preferences-slice';

const REDUCED = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const query = window.matchMedia(REDUCED);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const reducedMotion = (): boolean => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(REDUCED).matches;

/** Whether sounds and haptics play: the player's choice; left on `auto`, off when the device asks for reduced motion. */
export function soundOnFor(choice: SoundChoice, reduced: boolean): boolean {
  return choice === 'on' || (choice === 'auto' && !reduced);
}

export function useSoundOn(): boolean {
  const choice = useAppSelector(selectSoundChoice);
  const reduced = useSyncExternalStore(subscribe, reducedMotion, () => false);
  return soundOnFor(choice, reduced);
}
