import { secondsToMinutes } from 'date-fns';

/**
 * Whole seconds left, rounded up: a clock with 400 ms left still shows 1 s, and 0 only once the
 * time is really over.
 */
export function secondsLeft(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** "mm:ss" for a countdown ring; minutes keep counting past 59 ("90:00" for a 90-minute clock). */
export function formatCountdown(ms: number): string {
  const total = secondsLeft(ms);
  const minutes = secondsToMinutes(total);
  const seconds = total - minutes * 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
