'use client';

import Link from 'next/link';
import { Award, Bell, Bookmark, ChartColumn, ChevronRight, Coins, Flame, Gift, History, Pencil, Settings, Star, Trophy, UserRound, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/services/client/i18n';
import { BadgeArt } from '@/components/badges/badge-art';
import { formatNumber, formatWeekday } from '@/components/profile/format';
import { usePlayer } from '@/components/profile/use-player';
import { Avatar } from '@/components/ui/avatar';
import { ButtonLink } from '@/components/ui/button';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Skeleton } from '@/components/ui/skeleton';
import { getPlayerSummary, getUserBadges, type BadgeItem, type PlayerSummary } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import type { UserData } from '@/services/store/user-slice';

/** Everything else about the player, one tap away: their account first, then their pages. */
const MENU: readonly { href: string; key: string; Icon: LucideIcon }[] = [
  { href: '/profile/account/', key: 'profile.account', Icon: UserRound },
  { href: '/profile/wallet/', key: 'wallet.title', Icon: Wallet },
  { href: '/profile/coin-history/', key: 'coin_history.title', Icon: History },
  { href: '/profile/statistics/', key: 'statistics.title', Icon: ChartColumn },
  { href: '/profile/badges/', key: 'badges.title', Icon: Award },
  { href: '/profile/play-bookmark-questions/', key: 'bookmark.title', Icon: Bookmark },
  { href: '/profile/refer-and-earn/', key: 'refer.title', Icon: Gift },
  { href: '/profile/notifications/', key: 'notifications.title', Icon: Bell },
  { href: '/profile/settings/', key: 'user_settings.title', Icon: Settings },
];

/** Badges the card shows: the earned ones first, then the nearest to come. */
export const BADGE_CASE_SIZE = 8;

/**
 * /profile/: the player card. Who they are (avatar, name, rank, streak, coins, score), their numbers
 * at a glance with the week's chart, their badge case, and the rest of their pages one tap away.
 */
export function ProfileView() {
  const { t } = useTranslation();
  const { status, retry, player } = usePlayer();
  const summary = useApiQuery('player-summary', getPlayerSummary, () => false);
  const badges = useApiQuery('badges', getUserBadges, (d) => d.length === 0);

  return (
    <section className="flex flex-col gap-5">
      <h1 className="sr-only">{t('profile.title')}</h1>
      {status === 'loading' ? (
        <div role="status">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-72 rounded-tile" />
        </div>
      ) : status === 'content' && player ? (
        <PlayerHero player={player} summary={summary.status === 'content' ? summary.data : null} />
      ) : (
        <ErrorWithRetry title={t('common.error_title')} message={t('profile.load_failed')} retryLabel={t('common.retry')} onRetry={retry} />
      )}

      <section aria-labelledby="glance-heading" className="flex flex-col gap-3">
        <h2 id="glance-heading" className="text-xl font-bold">
          {t('profile.glance')}
        </h2>
        {summary.status === 'loading' ? (
          <div role="status">
            <span className="sr-only">{t('common.loading')}</span>
            <Skeleton className="h-40" />
          </div>
        ) : summary.status === 'content' ? (
          <AtAGlance summary={summary.data} />
        ) : (
          <ErrorWithRetry title={t('common.error_title')} message={t('profile.summary_failed')} retryLabel={t('common.retry')} onRetry={summary.retry} />
        )}
      </section>

      <section aria-labelledby="badge-case-heading" className="flex flex-col gap-3">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="badge-case-heading" className="text-xl font-bold">
            {t('badges.title')}
          </h2>
          <Link href="/profile/badges/" prefetch={false} className="inline-flex min-h-touch items-center font-semibold">
            {t('profile.see_all')}
          </Link>
        </div>
        {badges.status === 'loading' ? (
          <div role="status">
            <span className="sr-only">{t('common.loading')}</span>
            <Skeleton className="h-44" />
          </div>
        ) : badges.status === 'content' ? (
          <BadgeCase badges={badges.data} />
        ) : badges.status === 'error' ? (
          <ErrorWithRetry title={t('common.error_title')} message={t('badges.load_failed')} retryLabel={t('common.retry')} onRetry={badges.retry} />
        ) : null}
      </section>

      <nav aria-labelledby="profile-more">
        <h2 id="profile-more" className="sr-only">
          {t('profile.more')}
        </h2>
        <ul className="flex flex-col divide-y divide-line overflow-hidden rounded-card border border-line bg-surface">
          {MENU.map(({ href, key, Icon }) => (
            <li key={href}>
              <Link href={href} prefetch={false} className="flex min-h-14 items-center gap-3 px-4 py-2 font-semibold text-fg no-underline hover:bg-surface-muted">
                <span aria-hidden="true" className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
                  <Icon className="size-5" />
                </span>
                <span className="flex-1">{t(key)}</span>
                <ChevronRight aria-hidden="true" className="size-5 text-fg-muted rtl:-scale-x-100" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** The card's head: picture, name, rank, and streak, coins and score side by side. */
function PlayerHero({ player, summary }: { player: UserData; summary: PlayerSummary | null }) {
  const { t, i18n } = useTranslation();
  const number = (n: unknown) => formatNumber(n, i18n.language);
  const stats: { key: string; Icon: LucideIcon; value: string; testId: string }[] = [
    { key: 'profile.streak', Icon: Flame, value: summary ? number(summary.streak) : '–', testId: 'profile-streak' },
    { key: 'profile.coins', Icon: Coins, value: number(player.coins), testId: 'profile-coins' },
    { key: 'profile.score', Icon: Star, value: number(player.all_time_score), testId: 'profile-score' },
  ];
  return (
    <article aria-labelledby="player-name" className="relative flex flex-col items-center gap-3 rounded-tile bg-tone-violet p-5 text-center text-white shadow-chunky">
      <Link
        href="/profile/account/"
        prefetch={false}
        aria-label={t('profile.edit_account')}
        className="absolute end-3 top-3 inline-flex size-touch items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25"
      >
        <Pencil aria-hidden="true" className="size-5" />
      </Link>
      <span className="rounded-full ring-4 ring-white/70">
        <Avatar src={player.profile} name={player.name} size={88} />
      </span>
      <h2 id="player-name" dir="auto" className="max-w-full break-words font-display text-2xl font-bold leading-tight">
        {player.name || t('profile.not_set')}
      </h2>
      {summary ? (
        <p className="inline-flex items-center gap-1.5 rounded-full bg-black/20 px-3 py-1 text-sm font-semibold" data-testid="profile-rank">
          <Trophy aria-hidden="true" className="size-4" />
          {summary.rank !== null ? t('profile.rank', { rank: number(summary.rank) }) : t('profile.no_rank')}
        </p>
      ) : null}
      <dl className="grid w-full grid-cols-3 gap-2">
        {stats.map(({ key, Icon, value, testId }) => (
          <div key={key} className="flex flex-col items-center gap-0.5 rounded-control bg-black/20 px-1 py-2">
            <dt className="order-2 text-xs font-semibold">{t(key)}</dt>
            <dd className="order-1 inline-flex items-center gap-1 font-display text-xl font-bold tabular-nums" data-testid={testId}>
              <Icon aria-hidden="true" className="size-5" />
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** Accuracy, strongest category and battles won, and the week's answers; for a new player, the way to their first numbers. */
function AtAGlance({ summary }: { summary: PlayerSummary }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => formatNumber(n, i18n.language);
  if (summary.questions_answered === 0 && summary.battles.played === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-line-strong px-4 py-6 text-center">
        <p className="font-semibold">{t('profile.glance_empty')}</p>
        <ButtonLink href="/quiz-zone/">{t('leaderboard.play')}</ButtonLink>
      </div>
    );
  }
  const tiles = [
    { key: 'profile.accuracy', value: `${number(summary.accuracy)}%`, sub: t('profile.answers', { n: number(summary.questions_answered) }) },
    {
      key: 'profile.strongest',
      value: summary.strongest_category?.category_name ?? '–',
      sub: summary.strongest_category ? t('profile.right_ratio', { ratio: number(summary.strongest_category.ratio) }) : '',
    },
    { key: 'profile.battles_won', value: number(summary.battles.won), sub: t('profile.battles_played', { n: number(summary.battles.played) }) },
  ];
  return (
    <div className="flex flex-col gap-3 rounded-card border border-line bg-surface p-3">
      <dl className="grid grid-cols-3 gap-2">
        {tiles.map((tile) => (
          <div key={tile.key} className="flex min-w-0 flex-col rounded-control bg-surface-muted p-2">
            <dt className="text-xs font-semibold text-fg-muted">{t(tile.key)}</dt>
            <dd dir="auto" className="line-clamp-2 break-words font-display text-lg font-bold leading-tight">
              {tile.value}
            </dd>
            {tile.sub ? <dd className="text-xs text-fg-muted">{tile.sub}</dd> : null}
          </div>
        ))}
      </dl>
      <WeekBars week={summary.week} />
    </div>
  );
}

/** The last seven days as small bars: answered (light) with the right ones (solid) inside; the numbers in words for screen readers. */
function WeekBars({ week }: { week: PlayerSummary['week'] }) {
  const { t, i18n } = useTranslation();
  const top = Math.max(1, ...week.map((d) => d.answered));
  const answered = week.reduce((a, d) => a + d.answered, 0);
  const correct = week.reduce((a, d) => a + d.correct, 0);
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm font-semibold text-fg-muted">{t('profile.week')}</figcaption>
      <div role="img" aria-label={t('profile.week_summary', { answered: formatNumber(answered, i18n.language), correct: formatNumber(correct, i18n.language) })} className="flex h-24 items-end gap-2">
        {week.map((d) => (
          <div key={d.day} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
            <div className="relative flex w-full max-w-8 flex-1 flex-col justify-end">
              <div className="flex w-full flex-col justify-end overflow-hidden rounded-t-md bg-accent-soft" style={{ height: `${(d.answered / top) * 100}%` }}>
                <div className="w-full bg-accent" style={{ height: d.answered > 0 ? `${(d.correct / d.answered) * 100}%` : 0 }} />
              </div>
            </div>
            <span aria-hidden="true" className="text-xs text-fg-muted">
              {formatWeekday(d.day, i18n.language)}
            </span>
          </div>
        ))}
      </div>
    </figure>
  );
}

/** Earned badges first, then locked ones, as a case of pictures with names; the whole list is on the badges page. */
function BadgeCase({ badges }: { badges: readonly BadgeItem[] }) {
  const { t } = useTranslation();
  const earned = badges.filter((b) => b.status !== 'locked');
  const shown = [...earned, ...badges.filter((b) => b.status === 'locked')].slice(0, BADGE_CASE_SIZE);
  return (
    <div className="flex flex-col gap-3 rounded-card border border-line bg-surface p-3">
      <p className="text-sm font-semibold text-fg-muted">{t('profile.badges_earned', { earned: earned.length, total: badges.length })}</p>
      <ul className="grid grid-cols-4 gap-x-2 gap-y-3">
        {shown.map((badge) => {
          const isEarned = badge.status !== 'locked';
          return (
            <li key={badge.type} data-badge={badge.type} className="flex flex-col items-center gap-1 text-center">
              <BadgeArt type={badge.type} earned={isEarned} size={52} />
              <span className={`line-clamp-2 text-xs font-semibold leading-tight ${isEarned ? '' : 'text-fg-muted'}`}>{t(`badges.${badge.type}.name`)}</span>
              <span className="sr-only">{t(`badges.status.${badge.status}`)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
