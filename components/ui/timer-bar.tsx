import { formatCountdown, secondsLeft } from '@/machines/countdown/countdown-format';

export interface TimerBarProps {
  remainingMs: number;
  totalMs: number;
  /** Accessible name of the timer, e.g. "Time left". */
  label: string;
}

/**
 * The play screen's clock: a full-width bar that empties as time runs out, green, then amber
 * from half the time, then red (and pulsing) in the last five seconds, with mm:ss beside it so
 * that the colour is never the only sign.
 */
export function TimerBar({ remainingMs, totalMs, label }: TimerBarProps) {
  const share = totalMs > 0 ? Math.min(1, Math.max(0, remainingMs / totalMs)) : 0;
  const seconds = secondsLeft(remainingMs);
  const phase = seconds <= 5 ? 'urgent' : share <= 0.5 ? 'half' : 'calm';
  const text = formatCountdown(remainingMs);
  const fill = phase === 'urgent' ? 'bg-danger motion-safe:animate-pulse-urgent' : phase === 'half' ? 'bg-warning' : 'bg-success';
  return (
    <div role="timer" aria-label={`${label}: ${text}`} data-phase={phase} className="flex items-center gap-2">
      <div aria-hidden="true" className="h-3 flex-1 overflow-hidden rounded-full bg-surface-muted">
        <div
          className={`h-full rounded-full ${fill} motion-safe:transition-[width] motion-safe:duration-1000 motion-safe:ease-linear`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <span aria-hidden="true" className={`w-12 text-end font-display text-lg font-bold tabular-nums ${phase === 'urgent' ? 'text-danger' : 'text-fg'}`}>
        {text}
      </span>
    </div>
  );
}
