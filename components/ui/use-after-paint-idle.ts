'use client';

import { useEffect, useState } from 'react';
import { afterNextPaint } from '@/components/ui/after-paint';

/**
 * False on the first render, true once that render has been painted and the browser is idle:
 * for parts of a page that are not its main content (the bottom tabs, the footer, the route
 * bar, the home page's highlights and tile icons). They load after the page's largest paint, so
 * their chunks and calls never stand between a phone and its first screen.
 */
export function useAfterPaintIdle(enabled = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled || ready) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancelPaint = afterNextPaint(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setReady(true), { timeout: 1500 });
      else timer = setTimeout(() => setReady(true), 50);
    });
    return () => {
      cancelPaint();
      if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [enabled, ready]);
  return ready;
}
