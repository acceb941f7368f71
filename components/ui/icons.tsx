/**
 * Small inline icons, drawn with the text colour. They are decoration: the words next to them
 * (or a screen-reader text) say what they mean. Inline SVG rather than emoji, which not every
 * system font can draw.
 */
const BASE = { 'aria-hidden': true, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function LockIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <svg {...BASE} className={`inline-block shrink-0 ${className}`}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

export function UnlockedIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <svg {...BASE} className={`inline-block shrink-0 ${className}`}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 7.5-2" />
    </svg>
  );
}

export function TrophyIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg {...BASE} className={`inline-block shrink-0 ${className}`}>
      <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4Z" />
      <path d="M7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3" />
    </svg>
  );
}

export function MedalIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <svg {...BASE} className={`inline-block shrink-0 ${className}`}>
      <path d="m8 3 4 6 4-6" />
      <circle cx="12" cy="15" r="6" />
      <path d="m12 12.5.9 1.8 2 .3-1.45 1.4.35 2-1.8-.95-1.8.95.35-2-1.45-1.4 2-.3Z" />
    </svg>
  );
}

export function CheckIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <svg {...BASE} className={`inline-block shrink-0 ${className}`}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.5 2.5L16 9.5" />
    </svg>
  );
}
