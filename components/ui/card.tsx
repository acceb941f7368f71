import Link from 'next/link';
import type { ComponentProps, HTMLAttributes } from 'react';

const CARD = 'rounded-card border border-line bg-surface p-4 shadow-sm sm:p-5';

export type CardProps = HTMLAttributes<HTMLElement> & { as?: 'div' | 'article' | 'section' };

export function Card({ as: Tag = 'div', className = '', ...props }: CardProps) {
  return <Tag className={`${CARD} ${className}`} {...props} />;
}

/** A whole card that is one link: the card's text is the link's name. */
export function LinkCard({ className = '', ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={`${CARD} block min-h-touch text-fg no-underline hover:border-accent hover:bg-accent-soft motion-safe:transition-colors ${className}`}
      {...props}
    />
  );
}
