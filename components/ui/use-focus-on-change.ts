'use client';

import { useEffect, useRef } from 'react';
import { afterNextPaint } from '@/components/ui/after-paint';

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * Moves focus to the element (a question's heading, with tabIndex={-1}) whenever `key` changes, so
 * that a screen reader reads the new question and the keyboard starts from it. Focus is left where
 * it is while the player is typing in a field.
 *
 * The focus moves just after the browser has drawn the new question, not inside React's commit:
 * focusing an element makes the browser compute the page's styles at once, and on the first
 * question (the whole game's markup is new) that forced work held the question's paint back and
 * made the commit one long task (docs/decisions/025-first-load-budget.md).
 */
export function useFocusOnChange<T extends HTMLElement>(key: string | number | null | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (key === null || key === undefined) return;
    return afterNextPaint(() => {
      const active = document.activeElement as HTMLElement | null;
      if (active && (TYPING.has(active.tagName) || active.isContentEditable)) return;
      ref.current?.focus({ preventScroll: false });
    });
  }, [key]);
  return ref;
}
