'use client';

import type React from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from '@/services/client/i18n';
import { PlayExit } from '@/components/quiz-play/play-exit';
import { PlayScreen } from '@/components/quiz-play/play-screen';
import type { QuizPlaySlots } from '@/components/quiz-play/play-slots';
import { selectScreen } from '@/components/quiz-play/play-selectors';
import { ResultScreen } from '@/components/quiz-play/result-screen';
import { ReviewList } from '@/components/quiz-play/review-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import type { QuizPlayActorRef } from '@/machines/quiz-play/quiz-play.machine';
import { messageKeyFor } from '@/services/domain/code-messages';

/** The text of a failure: the code's catalogue text, or "could not be loaded" without a code. */
function useFailureText(actorRef: QuizPlayActorRef, fallbackKey: string): string {
  const { t } = useTranslation();
  const code = useSelector(actorRef, (s) => s.context.errorCode);
  return code ? t(messageKeyFor(code)) : t(fallbackKey);
}

function Failed({ actorRef, titleKey, fallbackKey }: { actorRef: QuizPlayActorRef; titleKey: string; fallbackKey: string }) {
  const { t } = useTranslation();
  const message = useFailureText(actorRef, fallbackKey);
  return <ErrorWithRetry title={t(titleKey)} message={message} retryLabel={t('common.retry')} onRetry={() => actorRef.send({ type: 'user.retry' })} />;
}

/** Solo play, screen by screen, as the machine says: views read with useSelector and send. */
export function QuizPlayView({ actorRef, slots = {} }: { actorRef: QuizPlayActorRef; slots?: QuizPlaySlots }) {
  const { t } = useTranslation();
  const screen = useSelector(actorRef, selectScreen);
  const errorCode = useSelector(actorRef, (s) => s.context.errorCode);
  const refusal = screen === 'failed' && slots.startRefusal ? slots.startRefusal(errorCode) : null;

  // Around the screens without a game on them: the way back, without asking.
  const withExit = (body: React.ReactNode) => (
    <div className="flex flex-col gap-3">
      {slots.exitHref ? <PlayExit href={slots.exitHref} ask={false} /> : null}
      {body}
    </div>
  );

  switch (screen) {
    case 'loading':
      return withExit(<SkeletonText label={t('play.loading')} lines={6} />);
    case 'failed':
      if (refusal) return withExit(refusal);
      return withExit(<Failed actorRef={actorRef} titleKey="play.load_failed_title" fallbackKey="common.load_failed" />);
    case 'empty':
      return withExit(<EmptyState title={t('empty.no_questions')} />);
    case 'playing':
      return <PlayScreen actorRef={actorRef} questionActions={slots.questionActions} exitHref={slots.exitHref} />;
    case 'finishing':
      return <SkeletonText label={t('play.finishing')} lines={4} />;
    case 'finishFailed':
      return <Failed actorRef={actorRef} titleKey="common.error_title" fallbackKey="play.finish_failed" />;
    case 'result':
      return <ResultScreen actorRef={actorRef} next={slots.resultNext} ranked={slots.ranked} exitHref={slots.exitHref} />;
    case 'reviewing':
      return <SkeletonText label={t('play.review.loading')} lines={6} />;
    case 'reviewFailed':
      return (
        <div className="flex flex-col gap-3">
          <Failed actorRef={actorRef} titleKey="common.error_title" fallbackKey="play.review.failed" />
          <Button variant="ghost" onClick={() => actorRef.send({ type: 'user.back' })}>
            {t('play.review.back')}
          </Button>
        </div>
      );
    case 'review':
      return <ReviewList actorRef={actorRef} />;
  }
}
