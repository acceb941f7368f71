import type { ReactNode } from 'react';

export type AlertTone = 'danger' | 'success' | 'info';

const TONES: Record<AlertTone, string> = {
  danger: 'border-danger bg-danger-soft',
  success: 'border-line-strong bg-surface-muted',
  info: 'border-accent bg-accent-soft',
};

/**
 * A message inside the page. Errors are announced at once (role="alert"); other news politely
 * (role="status").
 */
export function Alert({ tone = 'danger', children, className = '' }: { tone?: AlertTone; children: ReactNode; className?: string }) {
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={`capitalise-first rounded-control border px-4 py-3 ${TONES[tone]} ${className}`}>
      {children}
    </div>
  );
}
