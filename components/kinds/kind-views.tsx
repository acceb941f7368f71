'use client';

import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import {
  kindCategoryHref,
  kindHomeHref,
  kindItemHref,
  kindLevelHref,
  kindPlaceBackHref,
  kindPlaceHref,
  OWN_PLACE,
  type QuestionKind,
} from '@/components/kinds/kind-paths';
import { ContentTextContext } from '@/components/quiz-play/content-text';
import { LevelList } from '@/components/quiz-zone/level-list';
import { categoryCard, PlaceList, subcategoryCard, type PlaceCardItem } from '@/components/quiz-zone/place-list';
import { CardsSkeleton } from '@/components/quiz-zone/quiz-zone-view';
import { useUnlockDialog, type UnlockTarget } from '@/components/quiz-zone/unlock-dialog';
import { LiveQuizPlay } from '@/components/solo-play/live-quiz-play';
import { PlayRefusal } from '@/components/solo-play/play-refusal';
import { BackLink } from '@/components/ui/back-link';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, LinkCard } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryBody } from '@/components/ui/query-body';
import type { ApiResult } from '@/services/client/api';
import {
  getCategories,
  getFunNLearnItems,
  getLevelData,
  getSubcategories,
  type FunNLearnItem,
  type LevelData,
  type QuizCategory,
  type QuizSubcategory,
} from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { messageKeyFor } from '@/services/domain/code-messages';
import type { OpenPlayRequest, PlayResult } from '@/services/domain/play-session';
import { useAppSelector } from '@/services/store/hooks';
import { selectLanguageId } from '@/services/store/selectors';

/**
 * The pages of the question kinds (kind-paths.ts): categories, a category's subcategories, a place
 * (a set to play, levels, or comprehension items), a level's play, an item's reading and play.
 * Every page has its loading, empty ("no questions found"), error-with-retry and locked-premium
 * states; the play itself is the quiz-play machine and screens. A kind with its own notation
 * (maths) passes its renderer, so no other page loads it.
 */

type Renderer = (text: string) => ReactNode;

const NO_DATA = '102';
const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, data, message: '', meta: {} });

function PlaceCards<T>({ items, toCard, reload }: { items: readonly T[]; toCard: (item: T) => PlaceCardItem & { unlock: Omit<UnlockTarget, 'name' | 'price'> }; reload: () => void }) {
  const unlock = useUnlockDialog(reload);
  const cards = items.map(toCard);
  return (
    <>
      <PlaceList
        items={cards}
        onUnlock={(item) => {
          const card = cards.find((c) => c.key === item.key)!;
          unlock.open({ name: item.name, price: item.price, ...card.unlock });
        }}
      />
      {unlock.dialog}
    </>
  );
}

function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return <ErrorWithRetry title={t('common.error_title')} message={t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={retry} />;
}

/** `/<kind>/`: the kind's categories in the content language. */
export function KindCategoriesView({ kind }: { kind: QuestionKind }) {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const list = useApiQuery(`kind-categories:${kind.type}:${languageId}`, () => getCategories(kind.type), (d) => d.length === 0);
  return (
    <section className="flex flex-col">
      <PageHeading title={t(kind.titleKey)} description={t(kind.descriptionKey)} />
      <QueryBody query={list} skeleton={<CardsSkeleton label={t('common.loading')} />} empty={t('empty.no_categories')}>
        {(data) => (
          <PlaceCards
            items={data}
            reload={list.retry}
            toCard={(c: QuizCategory) => ({
              ...categoryCard(
                c,
                kindCategoryHref(kind, c.slug),
                [c.no_of_subcategories ? t('quiz_zone.subcategories', { n: c.no_of_subcategories }) : null, t('quiz_zone.questions', { n: c.no_of_questions })].filter(Boolean).join(' · '),
              ),
              unlock: { category: c.slug, type: kind.type },
            })}
          />
        )}
      </QueryBody>
    </section>
  );
}

/** `/<kind>/<category>/`: its subcategories; a category without subcategories shows its own place. */
export function KindCategoryView({ kind, categorySlug, renderer }: { kind: QuestionKind; categorySlug: string; renderer?: Renderer }) {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const list = useApiQuery(
    `kind-subcategories:${kind.type}:${languageId}:${categorySlug}`,
    async (): Promise<ApiResult<QuizSubcategory[]>> => {
      const subs = await getSubcategories(categorySlug, undefined, kind.type);
      return !subs.ok && subs.code === NO_DATA ? ok([]) : subs;
    },
    () => false,
  );
  if (list.status === 'content' && list.data.length === 0) return <KindPlaceView kind={kind} categorySlug={categorySlug} subcategorySlug={OWN_PLACE} renderer={renderer} />;
  return (
    <section className="flex flex-col gap-3">
      <BackLink href={kindHomeHref(kind)} label={t('kinds.back_to_categories')} />
      {list.status === 'loading' ? (
        <CardsSkeleton label={t('common.loading')} />
      ) : list.status !== 'content' ? (
        <LoadFailed retry={list.retry} />
      ) : (
        <>
          <PageHeading title={t(kind.titleKey)} description={t('kinds.choose_subcategory')} />
          <PlaceCards
            items={list.data}
            reload={list.retry}
            toCard={(s: QuizSubcategory) => ({
              ...subcategoryCard(s, kindPlaceHref(kind, categorySlug, s.slug), t('quiz_zone.questions', { n: s.no_of_questions })),
              unlock: { category: categorySlug, subcategory: s.slug, type: kind.type },
            })}
          />
        </>
      )}
    </section>
  );
}

/** A place as its pages need it: the category, the subcategory (null: the category itself) and the ids the calls take. */
interface Place {
  category: QuizCategory;
  subcategory: QuizSubcategory | null;
  name: string;
  questions: number;
  locked: UnlockTarget | null;
  ref: { type: 'category' | 'subcategory'; type_id: number };
}

async function loadPlace(kind: QuestionKind, categorySlug: string, subcategorySlug: string): Promise<ApiResult<Place | null>> {
  const categories = await getCategories(kind.type);
  if (!categories.ok) return categories.code === NO_DATA ? ok(null) : categories;
  const category = categories.data.find((c) => c.slug === categorySlug);
  if (!category) return ok(null);
  const categoryLock = category.has_unlocked ? null : { name: category.category_name, price: category.coins, category: categorySlug, type: kind.type };
  if (subcategorySlug === OWN_PLACE) {
    return ok({ category, subcategory: null, name: category.category_name, questions: category.no_of_questions, locked: categoryLock, ref: { type: 'category', type_id: category.id } });
  }
  const subs = await getSubcategories(categorySlug, subcategorySlug, kind.type);
  if (!subs.ok) return subs.code === NO_DATA ? ok(null) : subs;
  const sub = subs.data.find((s) => s.slug === subcategorySlug);
  if (!sub) return ok(null);
  const locked = categoryLock ?? (sub.has_unlocked ? null : { name: sub.subcategory_name, price: sub.coins, category: categorySlug, subcategory: subcategorySlug, type: kind.type });
  return ok({ category, subcategory: sub, name: sub.subcategory_name, questions: sub.no_of_questions, locked, ref: { type: 'subcategory', type_id: sub.id } });
}

function usePlace(kind: QuestionKind, categorySlug: string, subcategorySlug: string) {
  const languageId = useAppSelector(selectLanguageId);
  return useApiQuery(`kind-place:${kind.type}:${languageId}:${categorySlug}:${subcategorySlug}`, () => loadPlace(kind, categorySlug, subcategorySlug), (d) => d === null);
}

/** The frame of a place's pages: back link, heading, loading / missing / error / locked. */
function PlaceFrame({
  kind,
  categorySlug,
  subcategorySlug,
  back,
  children,
}: {
  kind: QuestionKind;
  categorySlug: string;
  subcategorySlug: string;
  back?: { href: string; label: string };
  children: (place: Place, reload: () => void, onPlay: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const place = usePlace(kind, categorySlug, subcategorySlug);
  const unlock = useUnlockDialog(place.retry);
  // Once a game starts, its own close button (which asks) is the one way out: the page's back
  // link would leave a running game at a tap.
  const [playing, setPlaying] = useState(false);
  const backLink = back ?? {
    href: kindPlaceBackHref(kind, categorySlug, subcategorySlug),
    label: subcategorySlug === OWN_PLACE ? t('kinds.back_to_categories') : t('kinds.back_to_subcategories'),
  };
  return (
    <section className="flex flex-col gap-3">
      {playing ? null : <BackLink href={backLink.href} label={backLink.label} />}
      {place.status === 'loading' ? (
        <CardsSkeleton label={t('common.loading')} count={2} />
      ) : place.status === 'error' ? (
        <LoadFailed retry={place.retry} />
      ) : place.status === 'empty' ? (
        <EmptyState title={t('empty.no_questions')} />
      ) : place.data!.locked ? (
        <Card as="section" className="flex flex-col items-start gap-3">
          <PageHeading title={place.data!.name} />
          <p>{t('quiz_zone.premium_locked', { name: place.data!.locked.name })}</p>
          <Button onClick={() => unlock.open(place.data!.locked!)}>{t('quiz_zone.unlock_action', { coins: place.data!.locked.price, count: place.data!.locked.price })}</Button>
        </Card>
      ) : (
        children(place.data!, place.retry, () => setPlaying(true))
      )}
      {unlock.dialog}
    </section>
  );
}

const START_REFUSALS: ReadonlySet<string> = new Set(['premium_locked', 'mode_disabled', 'level_locked', NO_DATA]);

/** A play of the kind, with its refusal screens and the way back. */
function KindPlay({
  request,
  back,
  renderer,
  resultNext,
}: {
  request: OpenPlayRequest;
  back: { href: string; label: string };
  renderer?: Renderer;
  resultNext?: (result: PlayResult) => ReactNode | null;
}) {
  const { t } = useTranslation();
  const backButton = (
    <ButtonLink variant="secondary" href={back.href}>
      {back.label}
    </ButtonLink>
  );
  const play = (
    <LiveQuizPlay
      request={request}
      slots={{
        startRefusal: (code) => (code && START_REFUSALS.has(code) ? <PlayRefusal message={t(messageKeyFor(code))}>{backButton}</PlayRefusal> : null),
        resultNext,
        exitHref: back.href,
      }}
    />
  );
  return renderer ? <ContentTextContext.Provider value={renderer}>{play}</ContentTextContext.Provider> : play;
}

/** `/<kind>/<category>/<subcategory or ~>/`: a set's start and play, a place's levels, or its items. */
export function KindPlaceView({ kind, categorySlug, subcategorySlug, renderer }: { kind: QuestionKind; categorySlug: string; subcategorySlug: string; renderer?: Renderer }) {
  return (
    <PlaceFrame kind={kind} categorySlug={categorySlug} subcategorySlug={subcategorySlug}>
      {(place, _reload, onPlay) =>
        kind.flavour === 'set' ? (
          <SetStart kind={kind} place={place} categorySlug={categorySlug} subcategorySlug={subcategorySlug} renderer={renderer} onPlay={onPlay} />
        ) : kind.flavour === 'levels' ? (
          <PlaceLevels kind={kind} place={place} categorySlug={categorySlug} subcategorySlug={subcategorySlug} />
        ) : (
          <PlaceItems kind={kind} place={place} categorySlug={categorySlug} subcategorySlug={subcategorySlug} />
        )
      }
    </PlaceFrame>
  );
}

function SetStart({ kind, place, categorySlug, subcategorySlug, renderer, onPlay }: { kind: QuestionKind; place: Place; categorySlug: string; subcategorySlug: string; renderer?: Renderer; onPlay: () => void }) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  if (round === 0) {
    return (
      <>
        <PageHeading title={place.name} description={t(kind.rulesKey)} />
        {/* The set's size once, then one large button: the way into the game. */}
        <div className="flex flex-col items-center gap-4 py-6 text-center">
          <p className="text-lg font-semibold">{t('kinds.set_size', { n: Math.min(place.questions, 10), count: Math.min(place.questions, 10) })}</p>
          <Button
            className="min-h-14 w-full max-w-sm text-lg shadow-chunky"
            onClick={() => {
              onPlay();
              setRound(1);
            }}
          >
            {t('solo.start')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <KindPlay
      key={round}
      request={{ mode: kind.mode, ...place.ref } as OpenPlayRequest}
      back={{ href: kindPlaceBackHref(kind, categorySlug, subcategorySlug), label: t(subcategorySlug === OWN_PLACE ? 'kinds.back_to_categories' : 'kinds.back_to_subcategories') }}
      renderer={renderer}
    />
  );
}

function PlaceLevels({ kind, place, categorySlug, subcategorySlug }: { kind: QuestionKind; place: Place; categorySlug: string; subcategorySlug: string }) {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const sub = subcategorySlug === OWN_PLACE ? undefined : subcategorySlug;
  const levels = useApiQuery(`kind-levels:${kind.type}:${languageId}:${categorySlug}:${subcategorySlug}`, () => getLevelData(categorySlug, sub, kind.type), (d: LevelData) => d.levels.length === 0);
  return (
    <>
      <PageHeading title={place.name} description={t(kind.rulesKey)} />
      <QueryBody query={levels} skeleton={<CardsSkeleton label={t('common.loading')} count={4} />} empty={t('empty.no_questions')}>
        {(data) => <LevelList data={data} hrefFor={(n) => kindLevelHref(kind, categorySlug, subcategorySlug, n)} />}
      </QueryBody>
    </>
  );
}

/** `/<kind>/<category>/<subcategory or ~>/level/<n>/`: a level's play; its result offers the level it unlocked. */
export function KindLevelPlayView({ kind, categorySlug, subcategorySlug, level }: { kind: QuestionKind; categorySlug: string; subcategorySlug: string; level: number }) {
  const { t } = useTranslation();
  const back = { href: kindPlaceHref(kind, categorySlug, subcategorySlug), label: t('quiz_zone.back_to_levels') };
  if (!Number.isInteger(level) || level < 1) {
    return (
      <section className="flex flex-col gap-2">
        <BackLink href={back.href} label={back.label} />
        <EmptyState title={t('empty.no_questions')} />
      </section>
    );
  }
  // The level goes straight into its game, whose close button (asking first) is the way back.
  return (
    <section className="flex flex-col gap-2">
      <KindPlay
        key={`${categorySlug}/${subcategorySlug}/${level}`}
        request={{ mode: 'multi_match', category: categorySlug, ...(subcategorySlug === OWN_PLACE ? {} : { subcategory: subcategorySlug }), level }}
        back={back}
        resultNext={(result) =>
          result.level_unlocked !== null ? (
            <ButtonLink className="shadow-chunky" href={kindLevelHref(kind, categorySlug, subcategorySlug, result.level_unlocked)}>
              {t('quiz_zone.next_level', { n: result.level_unlocked })}
            </ButtonLink>
          ) : null
        }
      />
    </section>
  );
}

function useItems(kind: QuestionKind, place: Place) {
  const languageId = useAppSelector(selectLanguageId);
  return useApiQuery(`kind-items:${languageId}:${place.ref.type}:${place.ref.type_id}`, () => getFunNLearnItems(place.ref), (d: FunNLearnItem[]) => d.length === 0);
}

function PlaceItems({ kind, place, categorySlug, subcategorySlug }: { kind: QuestionKind; place: Place; categorySlug: string; subcategorySlug: string }) {
  const { t } = useTranslation();
  const items = useItems(kind, place);
  return (
    <>
      <PageHeading title={place.name} description={t(kind.rulesKey)} />
      <QueryBody query={items} skeleton={<CardsSkeleton label={t('common.loading')} count={3} />} empty={t('empty.no_questions')}>
        {(data) => (
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.map((item) => (
            <li key={item.id} className="flex">
              <LinkCard href={kindItemHref(kind, categorySlug, subcategorySlug, item.id)} className="flex flex-1 flex-col gap-1">
                <span dir="auto" className="text-lg font-semibold">
                  {item.title}
                </span>
                <span className="text-sm text-fg-muted">{t('quiz_zone.questions', { n: item.no_of_que })}</span>
              </LinkCard>
            </li>
          ))}
        </ul>
        )}
      </QueryBody>
    </>
  );
}

/**
 * `/fun-and-learn/<category>/<subcategory or ~>/<item>/`: the reading step (the text, a video or
 * PDF link), not on the clock; "Start the questions" opens the play, whose clock starts then.
 */
export function KindItemView({ kind, categorySlug, subcategorySlug, itemId }: { kind: QuestionKind; categorySlug: string; subcategorySlug: string; itemId: number }) {
  const { t } = useTranslation();
  return (
    <PlaceFrame kind={kind} categorySlug={categorySlug} subcategorySlug={subcategorySlug} back={{ href: kindPlaceHref(kind, categorySlug, subcategorySlug), label: t('kinds.back_to_items') }}>
      {(place, _reload, onPlay) => <ItemReading kind={kind} place={place} itemId={itemId} back={kindPlaceHref(kind, categorySlug, subcategorySlug)} onPlay={onPlay} />}
    </PlaceFrame>
  );
}

function ItemReading({ kind, place, itemId, back, onPlay }: { kind: QuestionKind; place: Place; itemId: number; back: string; onPlay: () => void }) {
  const { t } = useTranslation();
  const items = useItems(kind, place);
  const [reading, setReading] = useState(true);
  if (items.status === 'loading') return <CardsSkeleton label={t('common.loading')} count={1} />;
  if (items.status === 'error') return <LoadFailed retry={items.retry} />;
  const item = items.status === 'content' ? items.data.find((i) => i.id === itemId) : undefined;
  if (!item) return <EmptyState title={t('empty.no_questions')} />;
  if (!reading) {
    return <KindPlay request={{ mode: 'fun_n_learn', fun_n_learn_id: item.id }} back={{ href: back, label: t('kinds.back_to_items') }} />;
  }
  return (
    <article className="flex flex-col gap-4" aria-label={item.title}>
      <PageHeading title={item.title} description={t('kinds.fun_n_learn.read_first')} />
      <Card className="flex flex-col gap-3">
        {item.detail.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i} dir="auto" className="leading-relaxed">
            {paragraph}
          </p>
        ))}
        {item.content_type !== 'text' && item.content_data ? (
          <a href={item.content_data} target="_blank" rel="noopener noreferrer" className="font-semibold text-accent underline">
            {t(item.content_type === 'video' ? 'kinds.fun_n_learn.watch' : 'kinds.fun_n_learn.open_pdf')}
          </a>
        ) : null}
      </Card>
      <Button
        onClick={() => {
          onPlay();
          setReading(false);
        }}
      >
        {t('kinds.fun_n_learn.start', { n: item.no_of_que, count: item.no_of_que })}
      </Button>
    </article>
  );
}
