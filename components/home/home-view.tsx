'use client';

import { useTranslation } from '@/services/client/i18n';
import { operatorText } from '@/services/client/operator-text';
import { ButtonLink } from '@/components/ui/button';
import { Card, LinkCard } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Skeleton } from '@/components/ui/skeleton';
import { useSystemConfig } from '@/services/client/use-system-config';
import { useAppSelector } from '@/services/store/hooks';
import { selectEnabledModes, selectIsLogin, selectWebSettings } from '@/services/store/selectors';

/** A signed-in player's own pages: where they stand and what they kept. */
const PROGRESS_LINKS = [
  { href: '/leaderboard/', key: 'leaderboard.title' },
  { href: '/profile/badges/', key: 'badges.title' },
  { href: '/profile/statistics/', key: 'statistics.title' },
  { href: '/profile/play-bookmark-questions/', key: 'bookmark.title' },
] as const;

export function HomeView() {
  const { t } = useTranslation();
  const web = useAppSelector(selectWebSettings);
  const isLogin = useAppSelector(selectIsLogin);
  const modes = useAppSelector(selectEnabledModes);
  const config = useSystemConfig();
  const title = web?.web_header_title || web?.app_name || t('app.name');
  // Empty when the operator cleared it; the shipped default in the interface language.
  const tagline = web ? operatorText('web_tagline', web.web_tagline, t('home.tagline')) : null;

  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold leading-tight sm:text-4xl">{title}</h1>
        {tagline ? (
          <p dir="auto" className="text-lg text-fg-muted">
            {tagline}
          </p>
        ) : null}
      </section>

      {isLogin ? null : (
        <Card as="section" className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="flex-1">
            <h2 className="capitalise-first font-semibold">{t('home.login_required_title')}</h2>
            <p className="capitalise-first text-fg-muted">{t('home.login_required')}</p>
          </div>
          <ButtonLink href="/auth/login/">{t('home.login_action')}</ButtonLink>
        </Card>
      )}

      <section aria-labelledby="modes-heading" className="flex flex-col gap-4">
        <h2 id="modes-heading" className="text-xl font-bold">
          {t('home.modes_heading')}
        </h2>
        {config.status === 'error' ? (
          <ErrorWithRetry
            title={t('common.error_title')}
            message={t('home.modes_failed')}
            retryLabel={t('common.retry')}
            onRetry={config.retry}
          />
        ) : !modes ? (
          <div role="status" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only">{t('common.loading')}</span>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
        ) : modes.length === 0 ? (
          <EmptyState title={t('home.no_quizzes')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {modes.map((mode) => (
              <li key={mode.key} className="flex">
                <LinkCard href={`${mode.route}/`} className="flex flex-1 flex-col gap-1">
                  <h3 className="text-lg font-semibold text-accent">{t(`mode.${mode.key}.title`)}</h3>
                  <p className="text-fg-muted">{t(`mode.${mode.key}.description`)}</p>
                </LinkCard>
              </li>
            ))}
          </ul>
        )}
      </section>

      {isLogin ? (
        <nav aria-labelledby="progress-heading" className="flex flex-col gap-3">
          <h2 id="progress-heading" className="text-xl font-bold">
            {t('home.progress_heading')}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {PROGRESS_LINKS.map((link) => (
              <li key={link.href} className="flex">
                <LinkCard href={link.href} className="flex-1 font-semibold">
                  {t(link.key)}
                </LinkCard>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
