'use client';

import { Suspense, type ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { AppToaster } from '@/components/shell/app-toaster';
import { FirebaseSession } from '@/components/shell/firebase-session';
import { RouteProgress } from '@/components/shell/route-progress';
import { StoreProvider } from '@/components/shell/store-provider';

/** What every page sits in: the Redux store, the route bar, the toasts and the shell. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <StoreProvider>
      {/* useSearchParams: a boundary of its own, so that static pages stay prerendered. */}
      <Suspense fallback={null}>
        <RouteProgress />
      </Suspense>
      <AppToaster />
      <FirebaseSession />
      <AppShell>{children}</AppShell>
    </StoreProvider>
  );
}
