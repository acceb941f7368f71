'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { Alert } from '@/components/ui/alert';
import { LockIcon } from '@/components/ui/icons';
import type { LevelData } from '@/services/client/play-api';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { levelStarted } from '@/services/store/preferences-slice';

const TILE = 'flex min-h-touch flex-col items-center justify-center gap-1 rounded-card border p-3 text-center font-semibold no-underline';

/**
 * Levels 1..max: an open level is a link to its play; a locked one says why when pressed
 * ("this level is locked, play previous levels to unlock").
 */
export function LevelList({ data, hrefFor, place }: { data: LevelData; hrefFor: (level: number) => string; place?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const player = useAppSelector((s) => s.user.data?.id);
  // The home page's "Continue" leads back to the quiz-zone level the player last opened.
  const remember = (level: number) => {
    if (place && player !== undefined) dispatch(levelStarted({ player: String(player), level: { href: hrefFor(level), place, level } }));
  };
  const [lockedTapped, setLockedTapped] = useState<number | null>(null);
  return (
    <section aria-labelledby="levels-heading" className="flex flex-col gap-3">
      <h2 id="levels-heading" className="text-xl font-bold">
        {t('quiz_zone.levels')}
      </h2>
      {lockedTapped !== null ? <Alert>{t('codes.level_locked')}</Alert> : null}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {data.levels.map((level) => (
          <li key={level.level} className="flex">
            {level.unlocked ? (
              <Link href={hrefFor(level.level)} onClick={() => remember(level.level)} className={`${TILE} flex-1 border-accent bg-surface text-fg hover:bg-accent-soft`}>
                <span>{t('quiz_zone.level', { n: level.level })}</span>
                <span className="text-sm font-normal text-fg-muted">{t('quiz_zone.level_open')}</span>
              </Link>
            ) : (
              <button
                type="button"
                aria-disabled="true"
                onClick={() => setLockedTapped(level.level)}
                className={`${TILE} flex-1 border-dashed border-line-strong bg-surface-muted text-fg-muted`}
              >
                <span>{t('quiz_zone.level', { n: level.level })}</span>
                <span className="flex items-center gap-1 text-sm font-normal">
                  <LockIcon />
                  {t('quiz_zone.level_locked')}
                </span>
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
