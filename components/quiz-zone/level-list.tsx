'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { Alert } from '@/components/ui/alert';
import { LockIcon } from '@/components/ui/icons';
import { Check, Star } from 'lucide-react';
import type { LevelData } from '@/services/client/play-api';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { levelStarted } from '@/services/store/preferences-slice';

/** A level's stars, from the player's best pass of it. */
function LevelStars({ stars }: { stars: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t('play.result.stars', { count: stars })} className="flex gap-0.5">
      {[1, 2, 3].map((n) => (
        <Star key={n} aria-hidden="true" className={`size-4 ${n <= stars ? 'fill-current text-tone-amber' : 'text-line-strong'}`} />
      ))}
    </span>
  );
}

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
  // A path, Duolingo-style, down the middle of the screen: the levels one under the other, swinging
  // either side of the centre, each with its name and stars under it; the passed ones ticked, the
  // one to play now large, the rest locked.
  const SWING = ['translate-x-0', 'translate-x-14', 'translate-x-0', '-translate-x-14'];
  return (
    <section aria-labelledby="levels-heading" className="flex flex-col gap-3">
      <h2 id="levels-heading" className="text-xl font-bold">
        {t('quiz_zone.levels')}
      </h2>
      {lockedTapped !== null ? <Alert>{t('codes.level_locked')}</Alert> : null}
      <ol className="mx-auto flex w-full max-w-sm flex-col items-center gap-5 py-2">
        {data.levels.map((level, i) => {
          const passed = level.unlocked && level.level < data.level_unlocked;
          const current = level.unlocked && !passed;
          const node = `relative inline-flex shrink-0 items-center justify-center rounded-full font-display font-bold shadow-chunky ${current ? 'size-20 text-2xl' : 'size-16 text-xl'}`;
          return (
            <li key={level.level} className={`flex justify-center ${SWING[i % SWING.length]}`} data-level={level.level} data-level-state={passed ? 'passed' : current ? 'current' : 'locked'}>
              {level.unlocked ? (
                <Link href={hrefFor(level.level)} onClick={() => remember(level.level)} className="flex flex-col items-center gap-1 rounded-card text-center text-fg no-underline">
                  <span className={`${node} ${passed ? 'bg-tone-green text-white' : 'bg-tone-violet text-white ring-4 ring-accent-soft motion-safe:animate-pop'}`}>
                    {passed ? <Check aria-hidden="true" className="size-8" strokeWidth={3} /> : <span aria-hidden="true">{level.level}</span>}
                  </span>
                  <span className="font-display text-base font-bold">{t('quiz_zone.level', { n: level.level })}</span>
                  {level.stars ? <LevelStars stars={level.stars} /> : null}
                  <span className={current ? 'text-sm font-semibold text-accent' : 'sr-only'}>{passed ? t('quiz_zone.level_passed') : t('quiz_zone.level_open')}</span>
                </Link>
              ) : (
                <button type="button" aria-disabled="true" onClick={() => setLockedTapped(level.level)} className="flex flex-col items-center gap-1 rounded-card text-center text-fg-muted">
                  <span className={`${node} border-2 border-dashed border-line-strong bg-surface-muted`}>
                    <LockIcon className="size-6" />
                  </span>
                  <span className="font-display text-base font-bold">{t('quiz_zone.level', { n: level.level })}</span>
                  <span className="sr-only">{t('quiz_zone.level_locked')}</span>
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
