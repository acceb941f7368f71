'use client';

import { Flame, Target, Trophy, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { useTranslation } from '@/services/client/i18n';
import { formatNumber } from '@/services/client/format-number';
import { PROGRESS_HEIGHT } from '@/components/home/home-layout';
import { getPlayerSummary } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';

/**
 * The home page's "Your progress": where the player stands on the all-time board, their streak of
 * days and their accuracy, each leading to its page. Nothing is shown when it cannot be read: the
 * page goes on without it.
 */
export default function HomeProgress() {
  const { t, i18n } = useTranslation();
  const summary = useApiQuery('player-summary', getPlayerSummary, () => false);
  if (summary.status !== 'content') return summary.status === 'loading' ? <div className={PROGRESS_HEIGHT} /> : null;
  const s = summary.data;
  const number = (n: number) => formatNumber(n, i18n.language);
  const tiles: { href: string; Icon: LucideIcon; label: string; value: string; testId: string }[] = [
    { href: '/leaderboard/', Icon: Trophy, label: t('home.progress.rank'), value: s.rank !== null ? `#${number(s.rank)}` : '–', testId: 'home-rank' },
    { href: '/profile/', Icon: Flame, label: t('profile.streak'), value: number(s.streak), testId: 'home-streak' },
    { href: '/profile/statistics/', Icon: Target, label: t('profile.accuracy'), value: s.questions_answered > 0 ? `${number(s.accuracy)}%` : '–', testId: 'home-accuracy' },
  ];
  return (
    <nav aria-labelledby="progress-heading" className="flex flex-col gap-2">
      <h2 id="progress-heading" className="text-lg font-bold">
        {t('home.progress_heading')}
      </h2>
      <ul className={`grid grid-cols-3 gap-3 ${PROGRESS_HEIGHT}`}>
        {tiles.map(({ href, Icon, label, value, testId }) => (
          <li key={href} className="flex">
            <Link
              prefetch={false}
              href={href}
              className="flex flex-1 flex-col items-center justify-center gap-0.5 rounded-card border border-line bg-surface p-2 text-center text-fg no-underline shadow-card hover:border-accent"
            >
              <span className="inline-flex items-center gap-1 font-display text-xl font-bold tabular-nums" data-testid={testId}>
                <Icon aria-hidden="true" className="size-5 text-accent" />
                {value}
              </span>
              <span className="text-xs font-semibold text-fg-muted">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
