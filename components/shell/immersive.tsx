'use client';

import { createContext, use, useLayoutEffect, useState } from 'react';

/**
 * The immersive play screen (ui.md): while a game is on screen the app bar, the bottom tabs and
 * the footer step aside. A game view asks for it with `useImmersive()`; the frame counts the
 * requests, so two views that overlap for a moment never switch it off under each other.
 */
export const ImmersiveContext = createContext<(delta: 1 | -1) => void>(() => undefined);

/** Level pages go straight into their game: they are immersive from their first paint, so nothing moves when the game appears. */
const IMMERSIVE_PATHS = [/^\/quiz-zone\/[^/]+(\/[^/]+)?\/level\/[^/]+\/?$/];

export function isImmersivePath(pathname: string): boolean {
  return IMMERSIVE_PATHS.some((re) => re.test(pathname));
}

/** The frame's side: whether any view asks for the immersive screen, and the function views ask with (ImmersiveContext's value). */
export function useImmersiveRequests(): [boolean, (delta: 1 | -1) => void] {
  const [count, setCount] = useState(0);
  const [change] = useState(() => (delta: 1 | -1) => setCount((c) => Math.max(0, c + delta)));
  return [count > 0, change];
}

/** Hides the site's frame while the calling view is on screen (and `active`). */
export function useImmersive(active = true): void {
  const change = use(ImmersiveContext);
  useLayoutEffect(() => {
    if (!active) return;
    change(1);
    return () => change(-1);
  }, [active, change]);
}
