'use client';

import type { ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { useClientIdentity } from '@/services/client/identity/select';
import type { ClientIdentity } from '@/services/client/identity/provider';

/** Renders a sign-in form once its provider is ready (the Firebase one loads on demand). */
export function IdentityGate({ children }: { children: (identity: ClientIdentity) => ReactNode }) {
  const { t } = useTranslation();
  const state = useClientIdentity();
  if (state.status === 'loading') return <SkeletonText label={t('auth.provider_loading')} lines={4} />;
  if (state.status === 'error') {
    return <ErrorWithRetry title={t('common.error_title')} message={t('auth.provider_failed')} retryLabel={t('common.retry')} onRetry={state.retry} />;
  }
  return <>{children(state.identity)}</>;
}
