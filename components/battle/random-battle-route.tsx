'use client';

import { lazyView } from '@/components/ui/lazy-view';

/** The random battle, fetched as its own chunk (components/ui/lazy-view.tsx). */
export const RandomBattleRoute = lazyView(() => import('@/components/battle/random-battle-page').then((m) => m.RandomBattlePage));
