'use client';

import { useEffect } from 'react';
import toast, { Toaster, useToasterStore, type DefaultToastOptions } from 'react-hot-toast';

/** Spec §9: at most 20 toasts at once. */
export const MAX_VISIBLE_TOASTS = 20;

/** Spec §9: 4 s for error and blank, 2 s for success, loading until dismissed. */
const TOAST_OPTIONS: DefaultToastOptions = {
  className: 'qa-toast',
  style: {
    background: 'var(--color-surface)',
    color: 'var(--color-fg)',
    border: '1px solid var(--color-line)',
    maxWidth: '32rem',
  },
  blank: { duration: 4000 },
  error: { duration: 4000 },
  success: { duration: 2000 },
  loading: { duration: Infinity },
};

export function AppToaster() {
  const { toasts } = useToasterStore();

  // react-hot-toast keeps 20 by itself today; this keeps the rule ours if its default changes.
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(MAX_VISIBLE_TOASTS)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return <Toaster position="top-center" toastOptions={TOAST_OPTIONS} />;
}
