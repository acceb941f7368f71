'use client';

import { useToasts, type ToastKind } from '@/services/client/toast';

const MARK: Record<ToastKind, string> = { blank: '', error: '✕', success: '✓', loading: '…' };

/**
 * The toasts, top centre (spec §2). Each is its own polite live region (a view's own alert stays
 * the one alert on the page); the mark says success or failure without relying on colour.
 */
export function AppToaster() {
  const toasts = useToasts();
  return (
    <div className="pointer-events-none fixed inset-x-4 top-4 z-[9999] flex flex-col items-center gap-2">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`qa-toast pointer-events-auto flex max-w-lg items-start gap-2 rounded-control border bg-surface px-4 py-3 text-fg shadow-lg ${
            t.kind === 'error' ? 'border-danger' : t.kind === 'success' ? 'border-success' : 'border-line'
          }`}
        >
          {MARK[t.kind] ? (
            <span aria-hidden="true" className={t.kind === 'error' ? 'text-danger' : t.kind === 'success' ? 'text-success' : 'text-fg-muted'}>
              {MARK[t.kind]}
            </span>
          ) : null}
          <div role="status" aria-live="polite">
            {t.message}
          </div>
        </div>
      ))}
    </div>
  );
}
