'use client';

import { useTranslation } from '@/services/client/i18n';
import { LevelList } from '@/components/quiz-zone/level-list';
import { PlaceList, subcategoryCard, type PlaceCardItem } from '@/components/quiz-zone/place-list';
import { levelHref, subcategoryHref } from '@/components/quiz-zone/quiz-zone-paths';
import { CardsSkeleton } from '@/components/quiz-zone/quiz-zone-view';
import { PlacePage } from '@/components/quiz-zone/place-page';
import type { UnlockTarget } from '@/components/quiz-zone/unlock-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LockIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/empty-state';
import type { ApiResult } from '@/services/client/api';
import { getCategories, getLevelData, getSubcategories, type LevelData, type QuizCategory, type QuizSubcategory } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { useAppSelector } from '@/services/store/hooks';
import { selectLanguageId } from '@/services/store/selectors';

/** What the page of a category shows. */
export type CategoryPage =
  | { kind: 'missing' }
  | { kind: 'locked'; category: QuizCategory }
  | { kind: 'subcategories'; category: QuizCategory; subcategories: QuizSubcategory[] }
  | { kind: 'levels'; category: QuizCategory; levels: LevelData }
  | { kind: 'no_questions'; category: QuizCategory };

const NO_DATA = '102';

/** Finds a category of the content language by slug; "no data" when there is none. */
export async function findCategory(slug: string): Promise<ApiResult<QuizCategory | null>> {
  const list = await getCategories();
  if (!list.ok) return list.code === NO_DATA ? { ok: true, data: null, message: NO_DATA, meta: {} } : list;
  return { ...list, data: list.data.find((c) => c.slug === slug) ?? null };
}

async function loadCategoryPage(slug: string): Promise<ApiResult<CategoryPage>> {
  const found = await findCategory(slug);
  if (!found.ok) return found;
  const category = found.data;
  const done = (data: CategoryPage): ApiResult<CategoryPage> => ({ ok: true, data, message: '', meta: {} });
  if (!category) return done({ kind: 'missing' });
  if (!category.has_unlocked) return done({ kind: 'locked', category });
  if (category.no_of_subcategories === 0) {
    const levels = await getLevelData(slug);
    if (!levels.ok) return levels.code === NO_DATA ? done({ kind: 'no_questions', category }) : levels;
    return done({ kind: 'levels', category, levels: levels.data });
  }
  const subs = await getSubcategories(slug);
  if (!subs.ok) return subs.code === NO_DATA ? done({ kind: 'no_questions', category }) : subs;
  return done({ kind: 'subcategories', category, subcategories: subs.data });
}

/** The prompt of a locked premium place: its price and the unlock button. */
export function LockedPlace({ name, price, onUnlock }: { name: string; price: number; onUnlock: () => void }) {
  const { t } = useTranslation();
  return (
    <Card as="section" className="flex flex-col items-start gap-3">
      <p className="flex items-center gap-2 font-semibold">
        <LockIcon className="size-5" />
        {t('quiz_zone.premium_locked', { name })}
      </p>
      <p className="text-fg-muted">{t('quiz_zone.premium_price', { coins: price, count: price })}</p>
      <Button onClick={onUnlock}>{t('quiz_zone.unlock_action', { coins: price, count: price })}</Button>
    </Card>
  );
}

/** /quiz-zone/[category]/: its subcategories, or its own levels when it has none. */
export function CategoryView({ categorySlug }: { categorySlug: string }) {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const page = useApiQuery(`category:${languageId}:${categorySlug}`, () => loadCategoryPage(categorySlug), () => false);

  const toCard = (s: QuizSubcategory): PlaceCardItem => subcategoryCard(s, subcategoryHref(categorySlug, s.slug), t('quiz_zone.levels_count', { n: s.maxlevel }));

  const body = (c: CategoryPage, setUnlocking: (target: UnlockTarget) => void) => {
    switch (c.kind) {
      case 'missing':
        return <EmptyState title={t('empty.no_categories')} />;
      case 'no_questions':
        return <EmptyState title={t('empty.no_questions')} />;
      case 'locked':
        return (
          <LockedPlace
            name={c.category.category_name}
            price={c.category.coins}
            onUnlock={() => setUnlocking({ name: c.category.category_name, price: c.category.coins, category: categorySlug })}
          />
        );
      case 'levels':
        return <LevelList data={c.levels} place={c.category.category_name} hrefFor={(n) => levelHref(categorySlug, undefined, n)} />;
      case 'subcategories':
        return (
          <section aria-labelledby="subcategories-heading" className="flex flex-col gap-3">
            <h2 id="subcategories-heading" className="text-xl font-bold">
              {t('quiz_zone.subcategories_heading')}
            </h2>
            <PlaceList
              items={c.subcategories.map(toCard)}
              onUnlock={(item) => setUnlocking({ name: item.name, price: item.price, category: categorySlug, subcategory: item.key })}
            />
          </section>
        );
    }
  };

  return (
    <PlacePage
      back={{ href: '/quiz-zone/', label: t('quiz_zone.back_to_categories') }}
      title={(c) => (c && c.kind !== 'missing' ? c.category.category_name : t('mode.quiz_zone.title'))}
      page={page}
      skeleton={<CardsSkeleton label={t('common.loading')} />}
    >
      {body}
    </PlacePage>
  );
}
