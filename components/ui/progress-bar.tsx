export interface ProgressBarProps {
  /** How far along, from 0 to `max`; clamped to that range. */
  value: number;
  max: number;
  /** Accessible name, e.g. "Progress" or "Questions". */
  label: string;
  /** What a screen reader says for the value (e.g. "120 of 5000"); the percentage when absent. */
  valueText?: string;
  className?: string;
}

/** A thin bar that fills as `value` approaches `max`, announced as a progressbar with its value. */
export function ProgressBar({ value, max, label, valueText, className = '' }: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const now = Math.min(safeMax, Math.max(0, value));
  const percent = Math.round((now / safeMax) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={now}
      aria-valuetext={valueText}
      className={`h-2 w-full overflow-hidden rounded-full bg-surface-muted ${className}`}
    >
      <div className="h-full rounded-full bg-accent motion-safe:transition-[width] motion-safe:duration-300" style={{ width: `${percent}%` }} />
    </div>
  );
}
