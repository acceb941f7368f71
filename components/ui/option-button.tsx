import type { ButtonHTMLAttributes, ReactNode } from 'react';

/**
 * idle: can be chosen; chosen: locked in, waiting for the result; right / wrong: the result;
 * removed: taken away (50/50); muted: another option once the answer is locked.
 */
export type OptionStatus = 'idle' | 'chosen' | 'right' | 'wrong' | 'removed' | 'muted';

export type OptionButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** The letter shown before the text (A, B, …). */
  letter: string;
  text: ReactNode;
  status?: OptionStatus;
  /** Says the status in words (never by colour alone), e.g. "Right answer". */
  statusText?: string;
  /** An audience poll share, shown as a bar and a number. */
  percent?: number | null;
};

const FRAME: Record<OptionStatus, string> = {
  idle: 'border-line-strong bg-surface hover:border-accent hover:bg-accent-soft',
  chosen: 'border-accent bg-accent-soft ring-2 ring-accent',
  right: 'border-success bg-success-soft ring-2 ring-success',
  wrong: 'border-danger bg-danger-soft ring-2 ring-danger',
  removed: 'border-dashed border-line bg-surface-muted text-fg-muted line-through',
  muted: 'border-line bg-surface text-fg-muted',
};

const ICON: Partial<Record<OptionStatus, string>> = { right: '✓', wrong: '✗', chosen: '●' };

/** A large answer button: at least 48 px high, full width on phones. */
export function OptionButton({ letter, text, status = 'idle', statusText, percent, className = '', type = 'button', ...props }: OptionButtonProps) {
  const icon = ICON[status];
  return (
    <button
      type={type}
      className={`flex min-h-touch w-full items-center gap-3 rounded-control border px-4 py-3 text-start text-base motion-safe:transition-colors disabled:cursor-default ${FRAME[status]} ${className}`}
      {...props}
    >
      <span aria-hidden="true" className="inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-current font-bold">
        {letter}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span dir="auto" className="break-words">
          {text}
        </span>
        {percent != null ? (
          <span className="flex items-center gap-2 text-sm text-fg-muted">
            <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-surface-muted">
              <span className="block h-full bg-accent" style={{ width: `${percent}%` }} />
            </span>
            <span className="tabular-nums">{percent}%</span>
          </span>
        ) : null}
      </span>
      {statusText ? (
        <span className={`flex shrink-0 items-center gap-1 text-sm font-semibold ${status === 'right' ? 'text-success' : status === 'wrong' ? 'text-danger' : ''}`}>
          {icon ? <span aria-hidden="true">{icon}</span> : null}
          {statusText}
        </span>
      ) : null}
    </button>
  );
}
