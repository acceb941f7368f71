'use client';

import { useEffect } from 'react';
import { lazyView } from '@/components/ui/lazy-view';
import { prefetchRequest } from '@/services/client/api';
import { useAppSelector } from '@/services/store/hooks';
import { selectContentLanguages, selectLanguageId, selectLanguageMode, selectSystemConfig } from '@/services/store/selectors';

/** The random battle, fetched as its own chunk (components/ui/lazy-view.tsx). */
const RandomBattle = lazyView(() => import('@/components/battle/random-battle-page').then((m) => m.RandomBattlePage));

/** Quiz-zone categories (`get_categories` type 1), the list the battle's category choice offers. */
const QUIZ_ZONE_TYPE = 1;

/**
 * /random-battle/: while the game's chunk arrives, the categories it offers (getCategories' call
 * and payload) are already on their way, once the content language they are asked in is known;
 * not when the matching ignores categories.
 */
export function RandomBattleRoute() {
  const config = useAppSelector(selectSystemConfig);
  const languageMode = useAppSelector(selectLanguageMode);
  const languagesKnown = useAppSelector(selectContentLanguages).length > 0;
  const languageId = useAppSelector(selectLanguageId);
  useEffect(() => {
    if (!config || config.battle_mode_random_category === '0' || (languageMode && !languagesKnown)) return;
    prefetchRequest('get_categories', { type: QUIZ_ZONE_TYPE, language_id: languageId });
  }, [config, languageMode, languagesKnown, languageId]);
  return <RandomBattle />;
}
