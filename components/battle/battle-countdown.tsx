'use client';

import { useSelector } from '@xstate/react';
import { useTranslation } from '@/services/client/i18n';
import { CountdownRing } from '@/components/ui/countdown-ring';
import { secondsLeft } from '@/machines/countdown/countdown-format';
import type { countdownMachine } from '@/machines/countdown/countdown.machine';
import type { ActorRefFrom } from 'xstate';

export type CountdownRef = ActorRefFrom<typeof countdownMachine>;

/** The question clock: a ring with mm:ss (role="timer"). */
export function BattleCountdown({ countdownRef, totalMs }: { countdownRef: CountdownRef; totalMs: number }) {
  const { t } = useTranslation();
  const remainingMs = useSelector(countdownRef, (s) => s.context.remainingMs);
  return <CountdownRing remainingMs={remainingMs} totalMs={totalMs} label={t('play.time_left')} />;
}

/** "5 s left" … "1 s left", once a second, for a live region: the last seconds are announced. */
export function LastSeconds({ countdownRef, from = 5 }: { countdownRef: CountdownRef; from?: number }) {
  const { t } = useTranslation();
  const seconds = useSelector(countdownRef, (s) => (s.matches('running') ? secondsLeft(s.context.remainingMs) : 0));
  return seconds > 0 && seconds <= from ? <span>{t('play.seconds_left', { seconds })}</span> : null;
}

/** Whole seconds left, as text (the search screen's "seconds left"). */
export function SecondsLeft({ countdownRef }: { countdownRef: CountdownRef }) {
  const { t } = useTranslation();
  const seconds = useSelector(countdownRef, (s) => secondsLeft(s.context.remainingMs));
  return <span className="tabular-nums">{t('play.seconds_left', { seconds })}</span>;
}
