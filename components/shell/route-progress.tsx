'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';

type Phase = 'idle' | 'running' | 'done';

/** A link the app's router will follow to another page of this site. */
export function startsNavigation(event: MouseEvent, location: Location): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return false;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  const url = new URL(link.href, location.href);
  return url.origin === location.origin && (url.pathname !== location.pathname || url.search !== location.search);
}

/**
 * The bar at the top of the page while the app moves to another page (spec §2): it starts when a
 * link to another page is followed and completes when the new page's address is in place. It is
 * decoration only (hidden from assistive technology); the new page's heading says where one is.
 */
export function RouteProgress() {
  const pathname = usePathname();
  const search = useSearchParams()?.toString() ?? '';
  const [phase, setPhase] = useState<Phase>('idle');
  const address = `${pathname}?${search}`;
  const [shownAddress, setShownAddress] = useState(address);
  if (address !== shownAddress) {
    // The new page's address is in place: the bar completes (state adjusted during render).
    setShownAddress(address);
    if (phase === 'running') setPhase('done');
  }

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (startsNavigation(event, window.location)) setPhase('running');
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => setPhase('idle'), 250);
    return () => clearTimeout(timer);
  }, [phase]);

  return (
    <div aria-hidden="true" data-route-progress={phase} className="pointer-events-none fixed inset-x-0 top-0 z-[10000] h-[3px]">
      <div
        className="h-full origin-[0_50%] bg-accent ease-out motion-reduce:transition-none rtl:origin-[100%_50%]"
        style={{
          transform: `scaleX(${phase === 'idle' ? 0 : phase === 'running' ? 0.85 : 1})`,
          opacity: phase === 'idle' ? 0 : 1,
          transitionProperty: 'transform, opacity',
          transitionDuration: phase === 'running' ? '6s' : '200ms',
        }}
      />
    </div>
  );
}
