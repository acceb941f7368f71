'use client';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceList, type PlaceCardItem } from '@/components/quiz-zone/place-list';
import { categoryHref } from '@/components/quiz-zone/quiz-zone-paths';
import { UnlockDialog, type UnlockTarget } from '@/components/quiz-zone/unlock-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { Skeleton } from '@/components/ui/skeleton';
import { getCategories, type QuizCategory } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { useAppSelector } from '@/services/store/hooks';
import { selectLanguageId } from '@/services/store/selectors';

export function CardsSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <div role="status" className="grid gap-3 sm:grid-cols-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-24" />
      ))}
    </div>
  );
}

/** /quiz-zone/: the categories of the chosen content language, premium ones with their price. */
export function QuizZoneView() {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const list = useApiQuery(`categories:${languageId}`, getCategories, (d) => d.length === 0);
  const [unlocking, setUnlocking] = useState<UnlockTarget | null>(null);

  const toCard = (c: QuizCategory): PlaceCardItem => ({
    key: c.slug,
    name: c.category_name,
    image: c.image,
    questions: c.no_of_questions,
    isPremium: c.is_premium,
    unlocked: c.has_unlocked,
    price: c.coins,
    href: categoryHref(c.slug),
    detail: [
      c.no_of_subcategories > 0 ? t('quiz_zone.subcategories', { n: c.no_of_subcategories }) : t('quiz_zone.levels_count', { n: c.maxlevel }),
      t('quiz_zone.questions', { n: c.no_of_questions }),
    ].join(' · '),
  });

  return (
    <section className="flex flex-col">
      <PageHeading title={t('mode.quiz_zone.title')} description={t('mode.quiz_zone.description')} />
      {list.status === 'loading' ? (
        <CardsSkeleton label={t('common.loading')} />
      ) : list.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={list.retry} />
      ) : list.status === 'empty' ? (
        <EmptyState title={t('empty.no_categories')} />
      ) : (
        <PlaceList
          items={list.data.map(toCard)}
          onUnlock={(item) => setUnlocking({ name: item.name, price: item.price, category: item.key })}
        />
      )}
      {unlocking ? (
        <UnlockDialog
          target={unlocking}
          onClose={() => setUnlocking(null)}
          onUnlocked={() => {
            setUnlocking(null);
            // Read the list again: the server says what is unlocked now.
            list.retry();
          }}
        />
      ) : null}
    </section>
  );
}
