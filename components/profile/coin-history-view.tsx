'use client';

import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { formatDateTime, formatNumber } from '@/components/profile/format';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Pager } from '@/components/ui/pager';
import { SkeletonText } from '@/components/ui/skeleton';
import { tabId, tabPanelId, Tabs } from '@/components/ui/tabs';
import { getTrackerData, totalOf, type TrackerFilter, type TrackerItem } from '@/services/client/accounts-api';
import type { ApiResult } from '@/services/client/api';
import { useApiQuery } from '@/services/client/use-api-query';

export const COIN_HISTORY_PAGE_SIZE = 10;

const FILTERS: readonly TrackerFilter[] = ['income', 'spent'];

async function loadPage(type: TrackerFilter, page: number): Promise<ApiResult<{ items: TrackerItem[]; total: number }>> {
  const result = await getTrackerData({ offset: page * COIN_HISTORY_PAGE_SIZE, limit: COIN_HISTORY_PAGE_SIZE, type });
  if (!result.ok) return result;
  return { ...result, data: { items: result.data, total: totalOf(result) } };
}

export function CoinHistoryView() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<TrackerFilter>('income');
  const [page, setPage] = useState(0);
  const list = useApiQuery(`tracker:${filter}:${page}`, () => loadPage(filter, page), (d) => d.items.length === 0);

  const pageCount = list.status === 'content' ? Math.max(1, Math.ceil(list.data.total / COIN_HISTORY_PAGE_SIZE)) : 1;

  return (
    <ProfileSubPage title={t('coin_history.title')}>
      <Tabs
        label={t('coin_history.tabs')}
        idPrefix="coin-history"
        tabs={FILTERS.map((id) => ({ id, label: t(`coin_history.${id}`) }))}
        selected={filter}
        onSelect={(id) => {
          setFilter(id as TrackerFilter);
          setPage(0);
        }}
      />
      <div role="tabpanel" id={tabPanelId('coin-history')} aria-labelledby={tabId('coin-history', filter)} className="flex flex-col gap-4">
        {list.status === 'loading' ? (
          <SkeletonText label={t('common.loading')} lines={6} />
        ) : list.status === 'error' ? (
          <ErrorWithRetry title={t('common.error_title')} message={t('coin_history.load_failed')} retryLabel={t('common.retry')} onRetry={list.retry} />
        ) : list.status === 'empty' ? (
          <EmptyState title={t('empty.no_data')} />
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface">
              {list.data.items.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-4 px-4 py-3">
                  <div className="flex min-w-0 flex-col">
                    <span dir="auto" className="font-medium">
                      {t(`coin_history.type.${item.type}`, { defaultValue: item.title })}
                    </span>
                    <time dateTime={item.created_at} className="text-sm text-fg-muted">
                      {formatDateTime(item.created_at, i18n.language)}
                    </time>
                  </div>
                  <span className={`shrink-0 font-bold ${item.amount < 0 ? 'text-danger' : 'text-accent'}`}>
                    {t('coin_history.amount', { amount: `${item.amount > 0 ? '+' : item.amount < 0 ? '−' : ''}${formatNumber(Math.abs(item.amount), i18n.language)}`, count: Math.abs(item.amount) })}
                  </span>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageCount={pageCount}
              onPage={setPage}
              labels={{
                nav: t('pager.nav'),
                previous: t('pager.previous'),
                next: t('pager.next'),
                position: t('pager.position', { page: page + 1, count: pageCount }),
              }}
            />
          </>
        )}
      </div>
    </ProfileSubPage>
  );
}
