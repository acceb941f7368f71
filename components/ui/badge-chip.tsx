import type { ReactNode } from 'react';

export type ChipTone = 'neutral' | 'accent' | 'success';

const TONE: Record<ChipTone, string> = {
  neutral: 'border-line-strong bg-surface-muted text-fg',
  accent: 'border-accent bg-accent-soft text-fg',
  success: 'border-success bg-success-soft text-fg',
};

/** A small rounded label for a status (a badge's, a contest's): the text says it, the tone repeats it. */
export function BadgeChip({ tone = 'neutral', icon, children }: { tone?: ChipTone; icon?: ReactNode; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${TONE[tone]}`}>
      {icon ? <span aria-hidden="true">{icon}</span> : null}
      {children}
    </span>
  );
}
