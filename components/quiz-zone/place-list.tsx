'use client';

import { PlainImage } from '@/components/ui/plain-image';
import { useTranslation } from '@/services/client/i18n';
import { LinkCard } from '@/components/ui/card';
import { CategoryArt } from '@/components/quiz-zone/category-art';
import { LockIcon, UnlockedIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Star } from 'lucide-react';
import type { QuizCategory, QuizSubcategory } from '@/services/client/play-api';

/** A category or subcategory as a card of the quiz zone. */
export interface PlaceCardItem {
  readonly key: string;
  readonly name: string;
  readonly image: string | null;
  readonly questions: number;
  readonly isPremium: boolean;
  readonly unlocked: boolean;
  readonly price: number;
  /** Where the card leads once unlocked. */
  readonly href: string;
  /** A line under the name, e.g. "3 subcategories". */
  readonly detail?: string;
  /** The player's way through it (a category): shown instead of the detail once it has levels. */
  readonly progress?: { readonly levels: number; readonly passed: number; readonly stars: number };
}

const CARD = 'flex min-h-touch flex-1 items-center gap-3 shadow-card';

/** A category as a card of a list; the line under its name and where it leads are the page's. */
export function categoryCard(c: QuizCategory, href: string, detail: string): PlaceCardItem {
  return { key: c.slug, name: c.category_name, image: c.image, questions: c.no_of_questions, isPremium: c.is_premium, unlocked: c.has_unlocked, price: c.coins, href, detail, ...(c.progress ? { progress: c.progress } : {}) };
}

/** The player's stars and levels passed in a place, with a bar: what a card shows of it. */
function PlaceProgress({ progress }: { progress: NonNullable<PlaceCardItem['progress']> }) {
  const { t } = useTranslation();
  const levels = t('quiz_zone.levels_passed', { passed: progress.passed, levels: progress.levels });
  return (
    <span className="flex flex-col gap-1" data-place-progress={`${progress.passed}/${progress.levels}`}>
      <span className="flex items-center gap-3 text-sm font-semibold">
        <span className="inline-flex items-center gap-1" role="img" aria-label={t('quiz_zone.stars_won', { stars: progress.stars, max: progress.levels * 3 })}>
          <Star aria-hidden="true" className={`size-4 ${progress.stars > 0 ? 'fill-current text-tone-amber' : 'text-fg-muted'}`} />
          <span aria-hidden="true" className="tabular-nums">
            {progress.stars}/{progress.levels * 3}
          </span>
        </span>
        <span className="text-fg-muted">{levels}</span>
      </span>
      <ProgressBar value={progress.passed} max={progress.levels} label={t('quiz_zone.progress_label')} valueText={levels} className="h-1.5" />
    </span>
  );
}

/** A subcategory as a card of a list. */
export function subcategoryCard(s: QuizSubcategory, href: string, detail: string): PlaceCardItem {
  return { key: s.slug, name: s.subcategory_name, image: s.image, questions: s.no_of_questions, isPremium: s.is_premium, unlocked: s.has_unlocked, price: s.coins, href, detail };
}

function Picture({ item }: { item: PlaceCardItem }) {
  // Decorative: the card's name says what it is. An operator's image, else the category's art.
  return item.image ? (
    <PlainImage src={item.image} alt="" width={64} height={64} className="size-16 shrink-0 rounded-control object-cover" />
  ) : (
    <CategoryArt slug={item.key} name={item.name} />
  );
}

/** The cards of a list of categories or subcategories; a locked premium one asks to be unlocked. */
export function PlaceList({ items, onUnlock }: { items: readonly PlaceCardItem[]; onUnlock: (item: PlaceCardItem) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => {
        const body = (
          <>
            <Picture item={item} />
            <span className="flex min-w-0 flex-1 flex-col gap-1 text-start">
              <span dir="auto" className="font-display text-lg font-bold leading-tight">
                {item.name}
              </span>
              {item.progress && item.progress.levels > 0 && item.unlocked ? (
                <PlaceProgress progress={item.progress} />
              ) : (
                <span className="text-sm text-fg-muted">{item.detail ?? t('quiz_zone.questions', { n: item.questions })}</span>
              )}
              {item.isPremium ? (
                <span className="flex items-center gap-1 text-sm font-semibold">
                  {item.unlocked ? <UnlockedIcon /> : <LockIcon />}
                  {item.unlocked ? t('quiz_zone.premium_unlocked') : t('quiz_zone.premium_price', { coins: item.price, count: item.price })}
                </span>
              ) : null}
            </span>
          </>
        );
        return (
          <li key={item.key} className="flex">
            {item.unlocked ? (
              <LinkCard href={item.href} className={CARD}>
                {body}
              </LinkCard>
            ) : (
              <button
                type="button"
                onClick={() => onUnlock(item)}
                className={`${CARD} rounded-card border border-dashed border-line-strong bg-surface p-4 text-fg shadow-sm hover:border-accent hover:bg-accent-soft sm:p-5`}
              >
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
