import { CircleCheck, Lock, LockOpen, Medal, Trophy } from 'lucide-react';

/**
 * Small inline icons, drawn with the text colour, from the one icon library (lucide-react). They
 * are decoration: the words next to them (or a screen-reader text) say what they mean.
 */
const icon = (Icon: typeof Lock, fallback: string) =>
  function SizedIcon({ className = fallback }: { className?: string }) {
    return <Icon aria-hidden="true" className={`inline-block shrink-0 ${className}`} />;
  };

export const LockIcon = icon(Lock, 'size-4');
export const UnlockedIcon = icon(LockOpen, 'size-4');
export const TrophyIcon = icon(Trophy, 'size-5');
export const MedalIcon = icon(Medal, 'size-6');
export const CheckIcon = icon(CircleCheck, 'size-6');
