'use client';

import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION } from '@/services/client/toast';

/** The design tokens (app/globals.css): a toast looks like the app's own cards, in light and dark. */
const TOAST_STYLE = {
  background: 'var(--color-surface)',
  color: 'var(--color-fg)',
  border: '1px solid var(--color-line)',
  borderRadius: 'var(--radius-control)',
  maxWidth: '32rem',
} as const;

/**
 * The toasts (react-hot-toast), top centre (spec §2, §9). Each message is its own polite live
 * region (the library's role="status"; a view's own alert stays the one alert on the page); the
 * error and success icons say failure or success without relying on colour alone.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      containerClassName="qa-toaster"
      toastOptions={{
        className: 'qa-toast',
        style: TOAST_STYLE,
        blank: { duration: TOAST_DURATION.blank },
        error: {
          duration: TOAST_DURATION.error,
          style: { ...TOAST_STYLE, borderColor: 'var(--color-danger)' },
          iconTheme: { primary: 'var(--color-danger)', secondary: 'var(--color-surface)' },
        },
        success: {
          duration: TOAST_DURATION.success,
          style: { ...TOAST_STYLE, borderColor: 'var(--color-success)' },
          iconTheme: { primary: 'var(--color-success)', secondary: 'var(--color-surface)' },
        },
        loading: { duration: TOAST_DURATION.loading },
      }}
    />
  );
}
