'use client';

import { lazyView } from '@/components/ui/lazy-view';

/** The host's screen of a live game, fetched as its own chunk (components/ui/lazy-view.tsx). */
export const LiveHostRoute = lazyView(() => import('@/components/live/live-host-page').then((m) => m.LiveHostPage));
