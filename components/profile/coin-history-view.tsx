'use client';

import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { Award, BookOpen, Coins, Gift, HeartHandshake, LifeBuoy, Lightbulb, LockOpen, ShieldCheck, Star, Swords, Trophy, Wallet, type LucideIcon } from 'lucide-react';
import { dayGroupOf, formatNumber, formatTime } from '@/components/profile/format';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { ButtonLink } from '@/components/ui/button';
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

/** The icon of a kind of movement (the ledger's `type`), by its family; a coin for any other. */
const KIND_ICONS: readonly [RegExp, LucideIcon][] = [
  [/^welcome/, Gift],
  [/^referral/, HeartHandshake],
  [/^battle/, Swords],
  [/^contest/, Trophy],
  [/^redeem/, Wallet],
  [/^badge/, Award],
  [/^level/, Star],
  [/^review/, BookOpen],
  [/^lifeline/, LifeBuoy],
  [/^hint/, Lightbulb],
  [/^premium/, LockOpen],
  [/^admin/, ShieldCheck],
];
export const kindIcon = (type: string): LucideIcon => KIND_ICONS.find(([pattern]) => pattern.test(type))?.[1] ?? Coins;

/** Movements grouped by the day they happened on this device, newest first as the server sends them: an icon per kind, the time, the amount. */
function CoinDays({ items }: { items: readonly TrackerItem[] }) {
  const { t, i18n } = useTranslation();
  const days: { key: string; heading: string; items: TrackerItem[] }[] = [];
  for (const item of items) {
    const { key, heading } = dayGroupOf(item.created_at, i18n.language);
    const last = days[days.length - 1];
    if (last?.key === key) last.items.push(item);
    else days.push({ key, heading: heading === 'today' || heading === 'yesterday' ? t(`coin_history.${heading}`) : heading, items: [item] });
  }
  return (
    <div className="flex flex-col gap-4">
      {days.map((day) => (
        <section key={day.key} aria-labelledby={`coin-day-${day.key}`} className="flex flex-col gap-2">
          <h2 id={`coin-day-${day.key}`} className="text-sm font-semibold text-fg-muted">
            {day.heading}
          </h2>
          <ul className="flex flex-col divide-y divide-line overflow-hidden rounded-card border border-line bg-surface">
            {day.items.map((item) => {
              const Icon = kindIcon(item.type);
              const income = item.amount >= 0;
              return (
                <li key={item.id} data-kind={item.type} className="flex min-h-14 items-center gap-3 px-3 py-2">
                  <span aria-hidden="true" className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${income ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}`}>
                    <Icon className="size-5" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span dir="auto" className="break-words font-medium">
                      {t(`coin_history.type.${item.type}`, { defaultValue: item.title })}
                    </span>
                    <time dateTime={item.created_at} className="text-sm text-fg-muted">
                      {formatTime(item.created_at, i18n.language)}
                    </time>
                  </span>
                  <span className={`shrink-0 font-display text-lg font-bold tabular-nums ${income ? 'text-success' : 'text-danger'}`}>
                    {t('coin_history.amount', { amount: `${item.amount > 0 ? '+' : item.amount < 0 ? '−' : ''}${formatNumber(Math.abs(item.amount), i18n.language)}`, count: Math.abs(item.amount) })}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function CoinHistoryView() {
  const { t } = useTranslation();
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
          <EmptyState
            title={t(`coin_history.empty_${filter}`)}
            description={t(`coin_history.empty_${filter}_hint`)}
            action={<ButtonLink href="/quiz-zone/">{t('leaderboard.play')}</ButtonLink>}
          />
        ) : (
          <>
            <CoinDays items={list.data.items} />
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
