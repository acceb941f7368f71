'use client';

import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { formatDateTime } from '@/components/profile/format';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { getNotifications, totalOf } from '@/services/client/accounts-api';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { notificationsAppended, notificationsCleared } from '@/services/store/notifications-slice';
import { notificationsSeen } from '@/services/store/preferences-slice';

export const NOTIFICATIONS_PAGE_SIZE = 10;

const NO_DATA = '102';

/** Where the list stands: the first page loading or failed, idle, or a further page loading or failed. */
type Phase = 'loading' | 'error' | 'idle' | 'more' | 'more-error';

/**
 * The player's notifications, newest first, a page at a time ("show more"). The list lives in the
 * notifications slice, which appends each page without duplicates (spec §4).
 */
export function NotificationsView() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { list, total } = useAppSelector((s) => s.notifications);
  const player = useAppSelector((s) => s.user.data?.id);
  const [phase, setPhase] = useState<Phase>('loading');

  const apply = useCallback(
    (offset: number, result: Awaited<ReturnType<typeof getNotifications>>) => {
      if (offset === 0 && (result.ok || result.code === NO_DATA)) dispatch(notificationsCleared());
      if (result.ok) dispatch(notificationsAppended({ list: result.data, total: totalOf(result) }));
      // Opening the list reads them all: the bell's count starts again from here.
      if (offset === 0 && player !== undefined && (result.ok || result.code === NO_DATA)) dispatch(notificationsSeen({ player: String(player), total: result.ok ? totalOf(result) : 0 }));
      setPhase(result.ok || result.code === NO_DATA ? 'idle' : offset === 0 ? 'error' : 'more-error');
    },
    [dispatch, player],
  );
  const load = (offset: number) => getNotifications({ offset, limit: NOTIFICATIONS_PAGE_SIZE }).then((result) => apply(offset, result));

  useEffect(() => {
    let current = true;
    void getNotifications({ offset: 0, limit: NOTIFICATIONS_PAGE_SIZE }).then((result) => {
      if (current) apply(0, result);
    });
    return () => {
      current = false;
    };
  }, [apply]);

  const retryFirst = () => {
    setPhase('loading');
    void load(0);
  };
  const loadMore = () => {
    setPhase('more');
    void load(list.length);
  };

  return (
    <ProfileSubPage title={t('notifications.title')}>
      {phase === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={6} />
      ) : phase === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('notifications.load_failed')} retryLabel={t('common.retry')} onRetry={retryFirst} />
      ) : list.length === 0 ? (
        <EmptyState title={t('notifications.empty_title')} description={t('notifications.empty_hint')} />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {list.map((n) => (
              <li key={n.id} className="rounded-card border border-line bg-surface p-4">
                <article dir="auto" className="flex flex-col gap-1">
                  <h2 className="font-semibold">{String(n.title ?? '')}</h2>
                  {n.message ? <p className="whitespace-pre-line text-fg-muted">{String(n.message)}</p> : null}
                  {typeof n.created_at === 'string' ? (
                    <time dateTime={n.created_at} className="text-sm text-fg-muted">
                      {formatDateTime(n.created_at, i18n.language)}
                    </time>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
          {phase === 'more-error' ? <Alert>{t('notifications.more_failed')}</Alert> : null}
          {list.length < total ? (
            <Button variant="secondary" className="self-center" disabled={phase === 'more'} onClick={loadMore}>
              {phase === 'more' ? t('common.loading') : t('notifications.load_more')}
            </Button>
          ) : null}
        </>
      )}
    </ProfileSubPage>
  );
}
