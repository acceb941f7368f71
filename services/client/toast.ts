import type { ToastType } from 'react-hot-toast';

/**
 * Toast rules (spec §9): top-centre, at most 20 at once, 4 s for errors and plain messages, 2 s
 * for successes, a loading toast until dismissed. These are react-hot-toast's own defaults; the
 * shell's Toaster sets the durations explicitly (components/shell/app-toaster.tsx) so that a
 * library update cannot change them, and a test holds the library to its limit of 20. Views
 * import `toast` from 'react-hot-toast' itself; a toast given an id replaces the one showing with
 * that id (several calls failing at once show one message).
 */
export const MAX_VISIBLE_TOASTS = 20;

export const TOAST_DURATION: Readonly<Record<Exclude<ToastType, 'custom'>, number>> = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Infinity,
};
