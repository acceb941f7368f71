import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';

/**
 * The way to the page above, as the frame's round back button (its arrow turned in right-to-left
 * languages); the words ("Back to the levels") are its name and tooltip. Not prefetched: the page
 * above loads its own data anyway, and a prefetch during a game's start competes with the game's
 * own requests.
 */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link
      href={href}
      prefetch={false}
      aria-label={label}
      title={label}
      className="-ms-2 mb-1 inline-flex size-touch items-center justify-center self-start rounded-full text-fg no-underline hover:bg-surface-muted"
    >
      <ArrowLeft aria-hidden="true" className="size-6 rtl:-scale-x-100" />
    </Link>
  );
}
