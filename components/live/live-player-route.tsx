'use client';

import { lazyView } from '@/components/ui/lazy-view';

/** A player's phone in a live game, fetched as its own chunk (components/ui/lazy-view.tsx). */
export const LivePlayerRoute = lazyView(() => import('@/components/live/live-player-page').then((m) => m.LivePlayerPage));
