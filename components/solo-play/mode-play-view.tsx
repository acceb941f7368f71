'use client';

import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { LiveQuizPlay } from '@/components/solo-play/live-quiz-play';
import { PlayRefusal } from '@/components/solo-play/play-refusal';
import { Button, ButtonLink } from '@/components/ui/button';
import { MODE_LOOK, TONE_BG } from '@/components/ui/mode-look';
import type { QuizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import { browserTimezone } from '@/services/client/play-api';
import { messageKeyFor } from '@/services/domain/code-messages';
import type { OpenPlayRequest, PlayMode } from '@/services/domain/play-session';

export interface ModePlayViewProps {
  mode: Extract<PlayMode, 'daily_quiz' | 'true_false'>;
  /** The request, made when the player starts (the daily quiz reads the timezone then). */
  request: () => OpenPlayRequest;
  /** Codes that refuse the start with their own screen (their catalogue text and a way home). */
  refusals: readonly string[];
  /** Lines under the title on the start screen. */
  rules?: ReactNode;
  machine?: QuizPlayMachine;
}

/**
 * A mode that is one play of the day's or a random set: a start screen with its rules, then the
 * play. The clock starts when the player is ready, not when the page opens.
 */
export function ModePlayView({ mode, request, refusals, rules, machine }: ModePlayViewProps) {
  const { t } = useTranslation();
  const [started, setStarted] = useState<OpenPlayRequest | null>(null);

  if (!started) {
    const { Icon, tone } = MODE_LOOK[mode];
    // The mode's face, its rules once, and one large button: nothing else to read before playing.
    return (
      <section aria-labelledby="mode-intro-title" className="flex min-h-[70dvh] flex-col items-center justify-center gap-5 text-center">
        <span aria-hidden="true" className={`inline-flex size-24 items-center justify-center rounded-full text-white shadow-chunky ${TONE_BG[tone]}`}>
          <Icon className="size-12" strokeWidth={2.25} />
        </span>
        <h1 id="mode-intro-title" className="font-display text-3xl font-bold">
          {t(`mode.${mode}.title`)}
        </h1>
        <div className="max-w-sm text-lg text-fg-muted">{rules}</div>
        <Button className="min-h-14 w-full max-w-sm text-lg shadow-chunky" onClick={() => setStarted(request())}>
          {t('solo.start')}
        </Button>
      </section>
    );
  }

  return (
    <LiveQuizPlay
      request={started}
      machine={machine}
      slots={{
        startRefusal: (code) =>
          code && refusals.includes(code) ? (
            <PlayRefusal message={t(messageKeyFor(code))}>
              <ButtonLink variant="secondary" href="/">
                {t('solo.back_home')}
              </ButtonLink>
            </PlayRefusal>
          ) : null,
      }}
    />
  );
}

/** /quiz-play/daily-quiz-dashboard/: the day's questions, once a day in the player's timezone. */
export function DailyQuizView({ machine }: { machine?: QuizPlayMachine }) {
  const { t } = useTranslation();
  return (
    <ModePlayView
      mode="daily_quiz"
      machine={machine}
      request={() => ({ mode: 'daily_quiz', timezone: browserTimezone() })}
      refusals={['112', '128', 'mode_disabled']}
      rules={<p>{t('solo.daily_rules')}</p>}
    />
  );
}

/** /quiz-play/true-and-false-play/: random true/false statements. */
export function TrueFalseView({ machine }: { machine?: QuizPlayMachine }) {
  const { t } = useTranslation();
  return <ModePlayView mode="true_false" machine={machine} request={() => ({ mode: 'true_false' })} refusals={['mode_disabled']} rules={<p>{t('solo.true_false_rules')}</p>} />;
}
