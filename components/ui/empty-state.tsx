import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: string;
  action?: ReactNode;
}

export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-line-strong px-4 py-10 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-fg-muted" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Z" />
        <path d="m3 7.5 9 4.5 9-4.5M12 12v9" />
      </svg>
      <p className="capitalise-first text-lg font-semibold">{title}</p>
      {description ? <p className="capitalise-first text-fg-muted">{description}</p> : null}
      {action}
    </div>
  );
}
