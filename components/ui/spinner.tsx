import type { ReactNode } from 'react';

export function Spinner({ className = 'size-10' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`text-accent motion-safe:animate-spin ${className}`} fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export interface FullScreenLoaderProps {
  /** Announced to screen readers; shown under the spinner. */
  label: string;
  /** Replaces the spinner when loading has failed (e.g. an error with a retry). */
  children?: ReactNode;
}

/** Covers the page while the app cannot show anything else yet. */
export function FullScreenLoader({ label, children }: FullScreenLoaderProps) {
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-canvas p-6">
      {children ?? (
        <div role="status" className="flex flex-col items-center gap-4">
          <Spinner />
          <span className="text-fg-muted">{label}</span>
        </div>
      )}
    </div>
  );
}

/** A loader inside the page, leaving the header and footer in place. */
export function InlineLoader({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16">
      <Spinner />
      <span className="sr-only">{label}</span>
    </div>
  );
}
