'use client';

import { Suspense, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { AppShell } from '@/components/shell/app-shell';
import { AppToaster } from '@/components/shell/app-toaster';
import { RouteProgress } from '@/components/shell/route-progress';
import { getAppStore } from '@/services/store/store';

export function Providers({ children }: { children: ReactNode }) {
  const [store] = useState(getAppStore);
  return (
    <ReduxProvider store={store}>
      {/* useSearchParams: a boundary of its own, so that static pages stay prerendered. */}
      <Suspense fallback={null}>
        <RouteProgress />
      </Suspense>
      <AppToaster />
      <AppShell>{children}</AppShell>
    </ReduxProvider>
  );
}
