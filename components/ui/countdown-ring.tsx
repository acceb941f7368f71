import { formatCountdown, secondsLeft } from '@/machines/countdown/countdown-format';

export interface CountdownRingProps {
  remainingMs: number;
  totalMs: number;
  /** Accessible name of the timer, e.g. "Time left". */
  label: string;
  /** From this many seconds left the ring turns to the warning colour (default 5). */
  warnFromSeconds?: number;
}

const RADIUS = 20;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring that empties as time runs out, with mm:ss in the middle. */
export function CountdownRing({ remainingMs, totalMs, label, warnFromSeconds = 5 }: CountdownRingProps) {
  const share = totalMs > 0 ? Math.min(1, Math.max(0, remainingMs / totalMs)) : 0;
  const urgent = secondsLeft(remainingMs) <= warnFromSeconds;
  const text = formatCountdown(remainingMs);
  return (
    <div role="timer" aria-label={`${label}: ${text}`} className="relative inline-flex size-14 shrink-0 items-center justify-center">
      <svg aria-hidden="true" viewBox="0 0 48 48" className="absolute inset-0 size-full -rotate-90">
        <circle cx="24" cy="24" r={RADIUS} fill="none" stroke="currentColor" strokeWidth="4" className="text-line" />
        <circle
          cx="24"
          cy="24"
          r={RADIUS}
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - share)}
          className={`${urgent ? 'text-danger' : 'text-accent'} motion-safe:transition-[stroke-dashoffset] motion-safe:duration-1000 motion-safe:ease-linear`}
        />
      </svg>
      <span aria-hidden="true" className={`text-xs font-bold tabular-nums ${urgent ? 'text-danger' : 'text-fg'}`}>
        {text}
      </span>
    </div>
  );
}
