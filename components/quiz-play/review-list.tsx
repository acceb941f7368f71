'use client';

import { Check, ChevronsRight, Minus, X, type LucideIcon } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from '@/services/client/i18n';
import { answerLabel } from '@/components/quiz-play/answer-label';
import { ContentText } from '@/components/quiz-play/content-text';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { QuizPlayActorRef } from '@/machines/quiz-play/quiz-play.machine';
import type { ReviewQuestion } from '@/services/domain/play-session';

const optionText = answerLabel;

const STATUS_STYLE: Record<ReviewQuestion['status'], string> = {
  correct: 'text-success',
  wrong: 'text-danger',
  unanswered: 'text-fg-muted',
  skipped: 'text-fg-muted',
};
/** The mark of a reviewed answer beside its words. */
function StatusIcon({ status }: { status: ReviewQuestion['status'] }) {
  const Icon = STATUS_ICON[status];
  return <Icon aria-hidden="true" className="me-1 inline-block size-4 align-[-2px]" strokeWidth={3} />;
}

const STATUS_ICON: Record<ReviewQuestion['status'], LucideIcon> = { correct: Check, wrong: X, unanswered: Minus, skipped: ChevronsRight };

const asContent = (text: string | null | undefined) => (text == null ? null : <ContentText text={text} />);

/** Every question of the play: the player's answer, the right one and the note. */
export function ReviewList({ actorRef }: { actorRef: QuizPlayActorRef }) {
  const { t } = useTranslation();
  const review = useSelector(actorRef, (s) => s.context.review);
  if (!review) return null;
  return (
    <section aria-labelledby="review-title" className="flex flex-col gap-4">
      <h1 id="review-title" className="text-2xl font-bold">
        {t('play.review.title')}
      </h1>
      <ol className="flex flex-col gap-3">
        {review.questions.map((q, i) => (
          <li key={q.id}>
            <Card as="article" className="flex flex-col gap-2">
              <h2 dir="auto" className="font-semibold">
                {i + 1}. <ContentText text={q.question} />
              </h2>
              <p className={`text-sm font-semibold ${STATUS_STYLE[q.status]}`}>
                <StatusIcon status={q.status} />
                {t(`play.review.status.${q.status}`)}
              </p>
              <dl className="grid gap-1 text-sm">
                <div className="flex gap-2">
                  <dt className="text-fg-muted">{t('play.review.your_answer')}:</dt>
                  <dd dir="auto">{asContent(optionText(q, q.answer)) ?? (q.status === 'skipped' ? t('play.review.skipped') : t('play.review.not_answered'))}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="text-fg-muted">{t('play.review.right_answer')}:</dt>
                  <dd dir="auto" className="font-semibold">
                    {asContent(optionText(q, q.correct_answer))}
                  </dd>
                </div>
                {q.note ? (
                  <div className="flex gap-2">
                    <dt className="text-fg-muted">{t('play.review.note')}:</dt>
                    <dd dir="auto">{q.note}</dd>
                  </div>
                ) : null}
              </dl>
            </Card>
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={() => actorRef.send({ type: 'user.back' })}>
        {t('play.review.back')}
      </Button>
    </section>
  );
}
