import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * Toasts (spec §9): top-centre, at most 20 at once, 4 s for errors and plain messages, 2 s for
 * successes, a loading toast until dismissed. A toast given an id replaces the one showing with
 * the same id (several calls failing at once show one message). Views call `toast`; the shell's
 * AppToaster shows them.
 */
export type ToastKind = 'blank' | 'error' | 'success' | 'loading';

export interface Toast {
  id: string;
  kind: ToastKind;
  /** Text, or a small element (a live notification with its link). */
  message: ReactNode;
}

export interface ToastOptions {
  id?: string;
  /** Milliseconds; Infinity keeps it until dismissed. */
  duration?: number;
}

/** Spec §9: at most 20 toasts at once. */
export const MAX_VISIBLE_TOASTS = 20;

export const TOAST_DURATION: Readonly<Record<ToastKind, number>> = { blank: 4000, error: 4000, success: 2000, loading: Infinity };

let shown: readonly Toast[] = [];
let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  shown = next;
  for (const listener of [...listeners]) listener();
}

function stopTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function show(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const duration = options.duration ?? TOAST_DURATION[kind];
  stopTimer(id);
  if (Number.isFinite(duration)) timers.set(id, setTimeout(() => dismiss(id), duration));
  const others = shown.filter((t) => t.id !== id);
  const next = [...others, { id, kind, message }];
  for (const dropped of next.slice(0, Math.max(0, next.length - MAX_VISIBLE_TOASTS))) stopTimer(dropped.id);
  publish(next.slice(-MAX_VISIBLE_TOASTS));
  return id;
}

/** Takes one toast (or, without an id, every toast) away. */
function dismiss(id?: string): void {
  if (id === undefined) {
    for (const t of shown) stopTimer(t.id);
    publish([]);
    return;
  }
  stopTimer(id);
  if (shown.some((t) => t.id === id)) publish(shown.filter((t) => t.id !== id));
}

export const toast = Object.assign((message: ReactNode, options?: ToastOptions) => show('blank', message, options), {
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  loading: (message: ReactNode, options?: ToastOptions) => show('loading', message, options),
  dismiss,
  /** The same as dismiss: toasts leave without an exit animation. */
  remove: dismiss,
});

export default toast;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => shown;
const serverSnapshot = (): readonly Toast[] => [];

/** The toasts showing now, oldest first. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
