'use client';

import type { ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import type { QueryState } from '@/services/client/use-api-query';

/**
 * What a list page shows for a query: the skeleton while it loads, an error with a retry, the
 * empty state in the spec's words ("no categories", "no questions found"), or the content.
 */
export function QueryBody<T>({
  query,
  skeleton,
  empty,
  failed,
  children,
}: {
  query: QueryState<T> & { retry: () => void };
  skeleton: ReactNode;
  /** The empty state's title. */
  empty: string;
  /** The error's message (a generic one by default). */
  failed?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.status === 'loading') return <>{skeleton}</>;
  if (query.status === 'error') return <ErrorWithRetry title={t('common.error_title')} message={failed ?? t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={query.retry} />;
  if (query.status === 'empty') return <EmptyState title={empty} />;
  return <>{children(query.data)}</>;
}
