'use client';

import { useTranslation } from '@/services/client/i18n';
import { levelHref, levelsHref } from '@/components/quiz-zone/quiz-zone-paths';
import { LiveQuizPlay } from '@/components/solo-play/live-quiz-play';
import { PlayRefusal } from '@/components/solo-play/play-refusal';
import { BackLink } from '@/components/ui/back-link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { QuizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import { messageKeyFor } from '@/services/domain/code-messages';
import type { PlayResult } from '@/services/domain/play-session';

/** Refusals to open a level that have their own screen; anything else is an error with retry. */
const LEVEL_REFUSALS: ReadonlySet<string> = new Set(['level_locked', 'premium_locked', 'mode_disabled']);

export interface LevelPlayViewProps {
  categorySlug: string;
  /** Absent for a category without subcategories. */
  subcategorySlug?: string;
  level: number;
  /** The play machine (tests pass one with fake effects). */
  machine?: QuizPlayMachine;
}

/** /quiz-zone/…/level/[level]/: plays the level with lifelines; the result offers the level it unlocked. */
export function LevelPlayView({ categorySlug, subcategorySlug, level, machine }: LevelPlayViewProps) {
  const { t } = useTranslation();
  const back = levelsHref(categorySlug, subcategorySlug);
  const valid = Number.isInteger(level) && level >= 1;

  const resultNext = (result: PlayResult) =>
    result.level_unlocked !== null ? (
      <ButtonLink className="shadow-chunky" href={levelHref(categorySlug, subcategorySlug, result.level_unlocked)}>
        {t('quiz_zone.next_level', { n: result.level_unlocked })}
      </ButtonLink>
    ) : null;

  const startRefusal = (code: string | null) =>
    code && LEVEL_REFUSALS.has(code) ? (
      <PlayRefusal message={t(messageKeyFor(code))}>
        <ButtonLink variant="secondary" href={back}>
          {t('quiz_zone.back_to_levels')}
        </ButtonLink>
      </PlayRefusal>
    ) : null;

  return (
    <section className="flex flex-col gap-2">
      {valid ? (
        <LiveQuizPlay
          key={`${categorySlug}/${subcategorySlug ?? ''}/${level}`}
          request={{ mode: 'quiz_zone', category: categorySlug, ...(subcategorySlug ? { subcategory: subcategorySlug } : {}), level }}
          lifelines
          slots={{ resultNext, startRefusal, exitHref: back }}
          machine={machine}
        />
      ) : (
        <>
          <BackLink href={back} label={t('quiz_zone.back_to_levels')} />
          <EmptyState title={t('empty.no_questions')} />
        </>
      )}
    </section>
  );
}
