'use client';

import { lazyView } from '@/components/ui/lazy-view';

/** The host's reports of live games, fetched as their own chunk (components/ui/lazy-view.tsx). */
export const LiveReportsRoute = lazyView(() => import('@/components/live/live-reports-page').then((m) => m.LiveReportsPage));
