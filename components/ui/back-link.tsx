import Link from 'next/link';

/** "← Back to …": a link to the page above, its arrow turned in right-to-left languages. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="mb-2 inline-flex min-h-touch items-center self-start rounded-control font-medium underline-offset-4 hover:underline">
      <span aria-hidden="true" className="me-1 rtl:rotate-180">
        ←
      </span>
      {label}
    </Link>
  );
}
