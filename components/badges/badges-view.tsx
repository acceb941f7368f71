'use client';

import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { BadgeChip, type ChipTone } from '@/components/ui/badge-chip';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { CheckIcon, LockIcon, MedalIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { claimBadgeReward, getUserBadges, type BadgeItem } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import type { BadgeKey, BadgeStatus } from '@/services/domain/badges';
import { messageKeyFor } from '@/services/domain/code-messages';

const STATUS_ICON: Record<BadgeStatus, ReactNode> = {
  locked: <LockIcon className="size-6" />,
  unlocked: <MedalIcon />,
  reward_claimed: <CheckIcon />,
};
const STATUS_STYLE: Record<BadgeStatus, string> = {
  locked: 'border-dashed border-line-strong bg-surface-muted',
  unlocked: 'border-accent bg-accent-soft',
  reward_claimed: 'border-line bg-surface',
};

const STATUS_TONE: Record<BadgeStatus, ChipTone> = { locked: 'neutral', unlocked: 'accent', reward_claimed: 'success' };

/** How far a locked badge with a counter is: the text, and the same as a bar. */
function BadgeProgress({ progress, counter }: { progress: number; counter: number }) {
  const { t } = useTranslation();
  const text = t('badges.progress', { progress: Math.min(progress, counter), counter });
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm">{text}</p>
      <ProgressBar value={progress} max={counter} label={t('badges.progress_label')} valueText={text} />
    </div>
  );
}

/** /profile/badges/: the 15 badges with their status, and claiming an unlocked badge's reward once. */
export function BadgesView() {
  const { t } = useTranslation();
  const list = useApiQuery('badges', getUserBadges, (d) => d.length === 0);
  // Claimed here since the list was read.
  const [claimed, setClaimed] = useState<ReadonlySet<BadgeKey>>(new Set());
  const [busy, setBusy] = useState<BadgeKey | null>(null);

  const claim = async (badge: BadgeItem) => {
    setBusy(badge.type);
    const result = await claimBadgeReward(badge.type);
    setBusy(null);
    // 132: claimed already (another tab); either way the reward is the player's now.
    if (result.ok || result.code === '132') setClaimed((s) => new Set(s).add(badge.type));
    if (result.ok) toast.success(t('badges.claimed', { coins: result.data.reward, count: result.data.reward, name: t(`badges.${badge.type}.name`) }));
    else toast.error(t(result.status === 0 ? 'errors.network' : messageKeyFor(result.code)));
  };

  return (
    <ProfileSubPage title={t('badges.title')} description={t('badges.description')}>
      {list.status === 'loading' ? (
        <div role="status" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">{t('common.loading')}</span>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : list.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('badges.load_failed')} retryLabel={t('common.retry')} onRetry={list.retry} />
      ) : list.status === 'empty' ? (
        <EmptyState title={t('empty.no_badges')} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((badge) => {
            const status: BadgeStatus = claimed.has(badge.type) ? 'reward_claimed' : badge.status;
            return (
              <li key={badge.type} className="flex">
                <Card as="article" aria-labelledby={`badge-${badge.type}`} className={`flex flex-1 flex-col gap-2 ${STATUS_STYLE[status]}`}>
                  <div className="flex items-start gap-3">
                    <span className={status === 'locked' ? 'text-fg-muted' : 'text-accent'}>{STATUS_ICON[status]}</span>
                    <div className="flex min-w-0 flex-1 flex-col">
                      <h2 id={`badge-${badge.type}`} className="font-bold">
                        {t(`badges.${badge.type}.name`)}
                      </h2>
                      <p className="mt-1">
                        <BadgeChip tone={STATUS_TONE[status]}>{t(`badges.status.${status}`)}</BadgeChip>
                      </p>
                    </div>
                  </div>
                  <p className="text-sm text-fg-muted">{t(`badges.${badge.type}.description`, { n: badge.counter ?? 1, count: badge.counter ?? 1 })}</p>
                  {badge.progress !== null && badge.counter !== null && status === 'locked' ? (
                    <BadgeProgress progress={badge.progress} counter={badge.counter} />
                  ) : null}
                  <p className="text-sm">{t('badges.reward', { coins: badge.reward })}</p>
                  {status === 'unlocked' ? (
                    <Button className="mt-auto self-start" disabled={busy === badge.type} onClick={() => void claim(badge)}>
                      {t('badges.claim', { coins: badge.reward })}
                    </Button>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </ProfileSubPage>
  );
}
