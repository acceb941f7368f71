'use client';

import { useEffect } from 'react';
import { lazyView } from '@/components/ui/lazy-view';
import { prefetchRequest } from '@/services/client/api';
import { LOBBY_PREFETCH_ENDPOINT } from '@/services/client/boot';
import { QUIZ_ZONE_CATEGORY_TYPE } from '@/services/domain/quiz-zone';
import { useAppSelector } from '@/services/store/hooks';
import { selectContentLanguages, selectLanguageId, selectLanguageMode, selectSystemConfig } from '@/services/store/selectors';

/** The random battle, fetched as its own chunk (components/ui/lazy-view.tsx). */
const RandomBattle = lazyView(() => import('@/components/battle/random-battle-page').then((m) => m.RandomBattlePage));

/**
 * /random-battle/: while the game's chunk arrives, the quiz-zone categories its category choice
 * offers (getCategories' call and payload; the head script may have started it already) are on
 * their way, once the content language they are asked in is known;
 * not when the matching ignores categories.
 */
export function RandomBattleRoute() {
  const config = useAppSelector(selectSystemConfig);
  const languageMode = useAppSelector(selectLanguageMode);
  const languagesKnown = useAppSelector(selectContentLanguages).length > 0;
  const languageId = useAppSelector(selectLanguageId);
  useEffect(() => {
    if (!config || config.battle_mode_random_category === '0' || (languageMode && !languagesKnown)) return;
    prefetchRequest(LOBBY_PREFETCH_ENDPOINT, { type: QUIZ_ZONE_CATEGORY_TYPE, language_id: languageId });
  }, [config, languageMode, languagesKnown, languageId]);
  return <RandomBattle />;
}
