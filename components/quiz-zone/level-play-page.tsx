'use client';

import { useEffect } from 'react';
import { lazyView } from '@/components/ui/lazy-view';
import type { LevelPlayViewProps } from '@/components/quiz-zone/level-play-view';
import { prefetchRequest } from '@/services/client/api';
import { OPEN_PLAY_ENDPOINT } from '@/services/domain/play-session';

/** The level's play, fetched as its own chunk (components/ui/lazy-view.tsx). */
const LevelPlay = lazyView(() => import('@/components/quiz-zone/level-play-view').then((m) => m.LevelPlayView));

/**
 * /quiz-zone/…/level/[level]/: while the game's chunk arrives, its first call (the level's
 * questions: `openPlay`'s quiz-zone call and payload) is already on its way.
 */
export function LevelPlayPage(props: LevelPlayViewProps) {
  const { categorySlug, subcategorySlug, level } = props;
  useEffect(() => {
    if (!Number.isInteger(level) || level < 1) return;
    prefetchRequest(OPEN_PLAY_ENDPOINT.quiz_zone, { category: categorySlug, ...(subcategorySlug ? { subcategory: subcategorySlug } : {}), level });
  }, [categorySlug, subcategorySlug, level]);
  return <LevelPlay {...props} />;
}
