'use client';

import { useTranslation } from '@/services/client/i18n';
import { findCategory, LockedPlace } from '@/components/quiz-zone/category-view';
import { LevelList } from '@/components/quiz-zone/level-list';
import { categoryHref, levelHref } from '@/components/quiz-zone/quiz-zone-paths';
import { PlacePage } from '@/components/quiz-zone/place-page';
import type { UnlockTarget } from '@/components/quiz-zone/unlock-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonText } from '@/components/ui/skeleton';
import type { ApiResult } from '@/services/client/api';
import { getLevelData, getSubcategories, type LevelData, type QuizCategory, type QuizSubcategory } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { useAppSelector } from '@/services/store/hooks';
import { selectLanguageId } from '@/services/store/selectors';

/** What the page of a subcategory shows. */
export type SubcategoryPage =
  | { kind: 'missing' }
  | { kind: 'category_locked'; category: QuizCategory }
  | { kind: 'locked'; category: QuizCategory; subcategory: QuizSubcategory }
  | { kind: 'levels'; category: QuizCategory; subcategory: QuizSubcategory; levels: LevelData }
  | { kind: 'no_questions'; category: QuizCategory; subcategory: QuizSubcategory };

const NO_DATA = '102';
const done = (data: SubcategoryPage): ApiResult<SubcategoryPage> => ({ ok: true, data, message: '', meta: {} });

async function loadSubcategoryPage(categorySlug: string, subcategorySlug: string): Promise<ApiResult<SubcategoryPage>> {
  const found = await findCategory(categorySlug);
  if (!found.ok) return found;
  const category = found.data;
  if (!category) return done({ kind: 'missing' });
  if (!category.has_unlocked) return done({ kind: 'category_locked', category });
  const subs = await getSubcategories(categorySlug, subcategorySlug);
  if (!subs.ok) return subs.code === NO_DATA ? done({ kind: 'missing' }) : subs;
  const subcategory = subs.data.find((s) => s.slug === subcategorySlug);
  if (!subcategory) return done({ kind: 'missing' });
  if (!subcategory.has_unlocked) return done({ kind: 'locked', category, subcategory });
  const levels = await getLevelData(categorySlug, subcategorySlug);
  if (!levels.ok) return levels.code === NO_DATA ? done({ kind: 'no_questions', category, subcategory }) : levels;
  return done({ kind: 'levels', category, subcategory, levels: levels.data });
}

/** /quiz-zone/[category]/[subcategory]/: the levels 1..max with their lock state. */
export function SubcategoryView({ categorySlug, subcategorySlug }: { categorySlug: string; subcategorySlug: string }) {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const page = useApiQuery(`subcategory:${languageId}:${categorySlug}:${subcategorySlug}`, () => loadSubcategoryPage(categorySlug, subcategorySlug), () => false);

  const body = (c: SubcategoryPage, setUnlocking: (target: UnlockTarget) => void) => {
    switch (c.kind) {
      case 'missing':
        return <EmptyState title={t('empty.no_categories')} />;
      case 'no_questions':
        return <EmptyState title={t('empty.no_questions')} />;
      case 'category_locked':
        return (
          <LockedPlace
            name={c.category.category_name}
            price={c.category.coins}
            onUnlock={() => setUnlocking({ name: c.category.category_name, price: c.category.coins, category: categorySlug })}
          />
        );
      case 'locked':
        return (
          <LockedPlace
            name={c.subcategory.subcategory_name}
            price={c.subcategory.coins}
            onUnlock={() =>
              setUnlocking({ name: c.subcategory.subcategory_name, price: c.subcategory.coins, category: categorySlug, subcategory: subcategorySlug })
            }
          />
        );
      case 'levels':
        return <LevelList data={c.levels} place={c.subcategory.subcategory_name} hrefFor={(n) => levelHref(categorySlug, subcategorySlug, n)} />;
    }
  };

  return (
    <PlacePage
      back={{ href: categoryHref(categorySlug), label: t('quiz_zone.back_to_subcategories') }}
      title={(c) => (c && 'subcategory' in c ? c.subcategory.subcategory_name : t('mode.quiz_zone.title'))}
      description={(c) => (c && 'category' in c ? c.category.category_name : undefined)}
      page={page}
      skeleton={<SkeletonText label={t('common.loading')} lines={5} />}
    >
      {body}
    </PlacePage>
  );
}
