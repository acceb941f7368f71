'use client';

import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { LiveNotification } from '@/services/client/notification-feed';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { notificationReceived, notificationsCounted } from '@/services/store/notifications-slice';
import { selectToken } from '@/services/store/selectors';
import { whenPageSettled } from '@/services/client/when-settled';

/**
 * While a player is signed in, their notifications arrive live (docs/notifications.md): shown as
 * a toast (a polite live region) and put first in the notification list. The feed's code loads
 * only once someone is signed in, so a guest's first load does not carry it, and its stream opens
 * once the page has loaded, at the browser's next idle moment (not later: a notification sent
 * before the stream is open is only in the list, not shown live).
 */
export function useLiveNotifications(): void {
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let stop: (() => void) | null = null;
    // It starts once the page has loaded, at an idle moment: the page's own start comes first.
    const cancelStart = whenPageSettled(() => {
      // The bell's count: how many notifications there are (one row asked for, the total read).
      void import('@/services/client/accounts-api')
        .then(({ getNotifications, totalOf }) =>
          getNotifications({ offset: 0, limit: 1 }).then((result) => {
            if (!cancelled && result.ok) dispatch(notificationsCounted(totalOf(result)));
          }),
        )
        .catch(() => undefined);
      void import('@/services/client/notification-feed').then(({ startNotificationFeed }) => {
        if (cancelled) return;
        stop = startNotificationFeed({
          token,
          onNotification(n) {
            const id = `live:${n.created_at}:${n.title}`;
            dispatch(notificationReceived({ id, ...n }));
            toast(<NotificationToast n={n} />, { id, duration: 8000 });
          },
        });
      });
    });
    return () => {
      cancelled = true;
      cancelStart();
      stop?.();
    };
  }, [token, dispatch]);
}

/** The feed as a component of its own, so that the shell loads it only for a signed-in player. */
export default function LiveNotifications(): null {
  useLiveNotifications();
  return null;
}

function NotificationToast({ n }: { n: LiveNotification }) {
  return (
    <span className="flex flex-col gap-1" data-testid="live-notification">
      <strong>{n.title}</strong>
      <span>{n.message}</span>
      {n.link ? (
        <a href={n.link} className="font-semibold">
          {n.link.startsWith('/') ? n.link : new URL(n.link).host}
        </a>
      ) : null}
    </span>
  );
}
