'use client';

import { useEffect, useRef } from 'react';

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * Moves focus to the element (a question's heading, with tabIndex={-1}) whenever `key` changes, so
 * that a screen reader reads the new question and the keyboard starts from it. Focus is left where
 * it is while the player is typing in a field.
 */
export function useFocusOnChange<T extends HTMLElement>(key: string | number | null | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (key === null || key === undefined) return;
    const active = document.activeElement as HTMLElement | null;
    if (active && (TYPING.has(active.tagName) || active.isContentEditable)) return;
    ref.current?.focus({ preventScroll: false });
  }, [key]);
  return ref;
}
