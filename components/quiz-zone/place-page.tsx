'use client';

import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { UnlockDialog, type UnlockTarget } from '@/components/quiz-zone/unlock-dialog';
import { BackLink } from '@/components/ui/back-link';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import type { QueryState } from '@/services/client/use-api-query';

export interface PlacePageProps<T> {
  back: { href: string; label: string };
  /** The heading: the place's name once known, a generic title while loading. */
  title: (content: T | null) => string;
  description?: (content: T | null) => string | undefined;
  page: QueryState<T> & { retry: () => void };
  /** What shows while the page loads. */
  skeleton: ReactNode;
  /** The loaded page; `unlock` opens the premium unlock dialog for a place. */
  children: (content: T, unlock: (target: UnlockTarget) => void) => ReactNode;
}

/**
 * The frame every quiz-zone place page shares (a category, a subcategory): back link, heading,
 * loading / content / error with retry, and the unlock dialog, which reloads the page once the
 * server has taken the price.
 */
export function PlacePage<T>({ back, title, description, page, skeleton, children }: PlacePageProps<T>) {
  const { t } = useTranslation();
  const [unlocking, setUnlocking] = useState<UnlockTarget | null>(null);
  const content = page.status === 'content' ? page.data : null;
  return (
    <section className="flex flex-col">
      <BackLink href={back.href} label={back.label} />
      <PageHeading title={title(content)} description={description?.(content)} />
      {page.status === 'loading' ? (
        skeleton
      ) : page.status === 'content' ? (
        children(page.data, setUnlocking)
      ) : (
        <ErrorWithRetry title={t('common.error_title')} message={t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={page.retry} />
      )}
      {unlocking ? (
        <UnlockDialog
          target={unlocking}
          onClose={() => setUnlocking(null)}
          onUnlocked={() => {
            setUnlocking(null);
            page.retry();
          }}
        />
      ) : null}
    </section>
  );
}
