'use client';

import { useTranslation } from '@/services/client/i18n';
import { categoryCard, PlaceList, type PlaceCardItem } from '@/components/quiz-zone/place-list';
import { categoryHref } from '@/components/quiz-zone/quiz-zone-paths';
import { useUnlockDialog } from '@/components/quiz-zone/unlock-dialog';
import { QueryBody } from '@/components/ui/query-body';
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
  const unlock = useUnlockDialog(list.retry);

  const toCard = (c: QuizCategory): PlaceCardItem =>
    categoryCard(
      c,
      categoryHref(c.slug),
      [
        c.no_of_subcategories > 0 ? t('quiz_zone.subcategories', { n: c.no_of_subcategories }) : t('quiz_zone.levels_count', { n: c.maxlevel }),
        t('quiz_zone.questions', { n: c.no_of_questions }),
      ].join(' · '),
    );

  return (
    <section className="flex flex-col">
      <PageHeading title={t('mode.quiz_zone.title')} description={t('mode.quiz_zone.description')} />
      <QueryBody query={list} skeleton={<CardsSkeleton label={t('common.loading')} />} empty={t('empty.no_categories')}>
        {(data) => <PlaceList items={data.map(toCard)} onUnlock={(item) => unlock.open({ name: item.name, price: item.price, category: item.key })} />}
      </QueryBody>
      {unlock.dialog}
    </section>
  );
}
