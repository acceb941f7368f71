'use client';

import { lazyView } from '@/components/ui/lazy-view';

/** Group and friend battles, fetched as their own chunk (components/ui/lazy-view.tsx). */
export const GroupBattleRoute = lazyView(() => import('@/components/battle/group-battle-page').then((m) => m.GroupBattlePage));
