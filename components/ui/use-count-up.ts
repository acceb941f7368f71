'use client';

import { useEffect, useState } from 'react';

const reduced = () => typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * A number that counts up (or down) from 0 to `target` over `ms`, eased; at once under reduced
 * motion, in a test (no animation frames) and on the server. Show it aria-hidden beside the real
 * value: a screen reader reads the final number, once.
 */
export function useCountUp(target: number, ms = 900): number {
  const animate = target !== 0 && typeof requestAnimationFrame !== 'undefined' && !reduced() && !navigator.userAgent.includes('jsdom');
  const [shown, setShown] = useState<{ target: number; value: number }>({ target, value: 0 });
  useEffect(() => {
    if (!animate) return;
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / ms);
      setShown({ target, value: Math.round(target * (1 - (1 - t) ** 3)) });
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [animate, target, ms]);
  if (!animate) return target;
  return shown.target === target ? shown.value : 0;
}
