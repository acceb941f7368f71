import Link from 'next/link';

/**
 * "← Back to …": a link to the page above, its arrow turned in right-to-left languages. Not
 * prefetched: the page above loads its own data anyway, and a prefetch during a game's start
 * competes with the game's own requests.
 */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} prefetch={false} className="mb-2 inline-flex min-h-touch items-center self-start rounded-control font-medium underline-offset-4 hover:underline">
      <span aria-hidden="true" className="me-1 rtl:rotate-180">
        ←
      </span>
      {label}
    </Link>
  );
}
