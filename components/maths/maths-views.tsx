'use client';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentTextContext } from '@/components/quiz-play/content-text';
import { PlaceList, type PlaceCardItem } from '@/components/quiz-zone/place-list';
import { CardsSkeleton } from '@/components/quiz-zone/quiz-zone-view';
import { UnlockDialog, type UnlockTarget } from '@/components/quiz-zone/unlock-dialog';
import { renderMath } from '@/components/maths/math-text';
import { LiveQuizPlay } from '@/components/solo-play/live-quiz-play';
import { PlayRefusal } from '@/components/solo-play/play-refusal';
import { BackLink } from '@/components/ui/back-link';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { getCategories, getSubcategories, MATHS_TYPE, type QuizCategory, type QuizSubcategory } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { messageKeyFor } from '@/services/domain/codes';
import { useAppSelector } from '@/services/store/hooks';
import { selectLanguageId } from '@/services/store/selectors';

/** Maths mania (/math-mania/): categories → subcategories → a play of 10 questions with LaTeX, rendered by KaTeX. */

const seg = (s: string) => encodeURIComponent(s);
export const mathsCategoryHref = (category: string) => `/math-mania/${seg(category)}/`;
export const mathsPlayHref = (category: string, subcategory: string) => `/math-mania/${seg(category)}/${seg(subcategory)}/`;

function PlaceCards<T>({
  items,
  toCard,
  reload,
}: {
  items: readonly T[];
  toCard: (item: T) => PlaceCardItem & { unlock: Omit<UnlockTarget, 'name' | 'price'> };
  reload: () => void;
}) {
  const [unlocking, setUnlocking] = useState<UnlockTarget | null>(null);
  const cards = items.map(toCard);
  return (
    <>
      <PlaceList
        items={cards}
        onUnlock={(item) => {
          const card = cards.find((c) => c.key === item.key)!;
          setUnlocking({ name: item.name, price: item.price, ...card.unlock });
        }}
      />
      {unlocking ? (
        <UnlockDialog
          target={unlocking}
          onClose={() => setUnlocking(null)}
          onUnlocked={() => {
            setUnlocking(null);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

/** /math-mania/: the maths categories of the content language. */
export function MathsCategoriesView() {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const list = useApiQuery(`maths-categories:${languageId}`, () => getCategories(MATHS_TYPE), (d) => d.length === 0);
  return (
    <section className="flex flex-col">
      <PageHeading title={t('mode.math_mania.title')} description={t('mode.math_mania.description')} />
      {list.status === 'loading' ? (
        <CardsSkeleton label={t('common.loading')} />
      ) : list.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={list.retry} />
      ) : list.status === 'empty' ? (
        <EmptyState title={t('empty.no_categories')} />
      ) : (
        <PlaceCards
          items={list.data}
          reload={list.retry}
          toCard={(c: QuizCategory) => ({
            key: c.slug,
            name: c.category_name,
            image: c.image,
            questions: c.no_of_questions,
            isPremium: c.is_premium,
            unlocked: c.has_unlocked,
            price: c.coins,
            href: mathsCategoryHref(c.slug),
            detail: [t('quiz_zone.subcategories', { n: c.no_of_subcategories }), t('quiz_zone.questions', { n: c.no_of_questions })].join(' · '),
            unlock: { category: c.slug, type: MATHS_TYPE },
          })}
        />
      )}
    </section>
  );
}

/** /math-mania/<category>/: its subcategories, each a play. */
export function MathsCategoryView({ categorySlug }: { categorySlug: string }) {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const list = useApiQuery(`maths-subcategories:${languageId}:${categorySlug}`, () => getSubcategories(categorySlug, undefined, MATHS_TYPE), (d) => d.length === 0);
  return (
    <section className="flex flex-col gap-3">
      <BackLink href="/math-mania/" label={t('maths.back_to_categories')} />
      {list.status === 'loading' ? (
        <CardsSkeleton label={t('common.loading')} />
      ) : list.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={list.retry} />
      ) : list.status === 'empty' ? (
        <EmptyState title={t('empty.no_questions')} />
      ) : (
        <>
          <PageHeading title={t('mode.math_mania.title')} description={t('maths.choose_subcategory')} />
          <PlaceCards
            items={list.data}
            reload={list.retry}
            toCard={(s: QuizSubcategory) => ({
              key: s.slug,
              name: s.subcategory_name,
              image: s.image,
              questions: s.no_of_questions,
              isPremium: s.is_premium,
              unlocked: s.has_unlocked,
              price: s.coins,
              href: mathsPlayHref(categorySlug, s.slug),
              detail: t('quiz_zone.questions', { n: s.no_of_questions }),
              unlock: { category: categorySlug, subcategory: s.slug, type: MATHS_TYPE },
            })}
          />
        </>
      )}
    </section>
  );
}

const REFUSALS = ['premium_locked', 'mode_disabled', '102'];

/** /math-mania/<category>/<subcategory>/: the start screen, then the play with KaTeX. */
export function MathsPlayView({ categorySlug, subcategorySlug }: { categorySlug: string; subcategorySlug: string }) {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const place = useApiQuery(`maths-place:${languageId}:${categorySlug}:${subcategorySlug}`, () => getSubcategories(categorySlug, subcategorySlug, MATHS_TYPE), (d) => d.length === 0);
  const [round, setRound] = useState(0);
  const back = (
    <ButtonLink variant="secondary" href={mathsCategoryHref(categorySlug)}>
      {t('maths.back_to_subcategories')}
    </ButtonLink>
  );
  if (place.status === 'loading') return <CardsSkeleton label={t('common.loading')} count={2} />;
  if (place.status === 'error') return <ErrorWithRetry title={t('common.error_title')} message={t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={place.retry} />;
  if (place.status === 'empty') return <EmptyState title={t('empty.no_questions')} />;
  const subcategory = place.data[0]!;
  if (round === 0) {
    return (
      <section className="flex flex-col gap-3">
        <BackLink href={mathsCategoryHref(categorySlug)} label={t('maths.back_to_subcategories')} />
        <PageHeading title={subcategory.subcategory_name} description={t('maths.rules')} />
        <Card className="flex flex-col items-start gap-4">
          <p>{t('quiz_zone.questions', { n: subcategory.no_of_questions })}</p>
          <Button onClick={() => setRound(1)}>{t('solo.start')}</Button>
        </Card>
      </section>
    );
  }
  return (
    <ContentTextContext.Provider value={renderMath}>
      <LiveQuizPlay
        key={round}
        request={{ mode: 'maths', type: 'subcategory', type_id: subcategory.id }}
        slots={{
          startRefusal: (code) => (code && REFUSALS.includes(code) ? <PlayRefusal message={t(messageKeyFor(code))}>{back}</PlayRefusal> : null),
          resultActions: () => back,
        }}
      />
    </ContentTextContext.Provider>
  );
}
