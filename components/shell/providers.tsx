'use client';

import { Suspense, type ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { AppToaster } from '@/components/shell/app-toaster';
import { RouteProgress } from '@/components/shell/route-progress';

/** What every page sits in: the route bar, the toasts and the shell (the state store is a module: services/store). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {/* useSearchParams: a boundary of its own, so that static pages stay prerendered. */}
      <Suspense fallback={null}>
        <RouteProgress />
      </Suspense>
      <AppToaster />
      <AppShell>{children}</AppShell>
    </>
  );
}
