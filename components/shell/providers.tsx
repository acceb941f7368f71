'use client';

import NextTopLoader from 'nextjs-toploader';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { AppShell } from '@/components/shell/app-shell';
import { AppToaster } from '@/components/shell/app-toaster';
import { i18n } from '@/services/client/i18n';
import { getAppStore } from '@/services/store/store';

export function Providers({ children }: { children: ReactNode }) {
  const [store] = useState(getAppStore);
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <NextTopLoader color="var(--color-accent)" height={3} showSpinner={false} shadow={false} />
        <AppToaster />
        <AppShell>{children}</AppShell>
      </I18nextProvider>
    </ReduxProvider>
  );
}
