'use client';

import { Suspense, type ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { AppToaster } from '@/components/shell/app-toaster';
import { FirebaseSession } from '@/components/shell/firebase-session';
import { StoreProvider } from '@/components/shell/store-provider';
import { usePageSettled } from '@/components/ui/use-page-settled';
import { lazyPart } from '@/components/ui/lazy-part';

// The bar that shows a page change comes beside the first load: no page change happens before it is in.
const RouteProgress = lazyPart(() => import('@/components/shell/route-progress').then((m) => ({ default: m.RouteProgress })));

/** What every page sits in: the Redux store, the route bar, the toasts and the shell. */
export function Providers({ children }: { children: ReactNode }) {
  // The route bar is needed at the first change of page, not before the page's own content.
  const extras = usePageSettled(1000);
  return (
    <StoreProvider>
      {/* useSearchParams: a boundary of its own, so that static pages stay prerendered. */}
      {extras ? (
        <Suspense fallback={null}>
          <RouteProgress />
        </Suspense>
      ) : null}
      <AppToaster />
      <FirebaseSession />
      <AppShell>{children}</AppShell>
    </StoreProvider>
  );
}
