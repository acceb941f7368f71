'use client';

import { lazyView } from '@/components/ui/lazy-view';

/** The level's play, fetched as its own chunk (components/ui/lazy-view.tsx). */
export const LevelPlayPage = lazyView(() => import('@/components/quiz-zone/level-play-view').then((m) => m.LevelPlayView));
