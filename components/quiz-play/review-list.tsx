'use client';

import { ArrowLeft, Check, ChevronsRight, Minus, X, type LucideIcon } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from '@/services/client/i18n';
import { answerLabel } from '@/components/quiz-play/answer-label';
import { ContentText } from '@/components/quiz-play/content-text';
import { Button } from '@/components/ui/button';
import { useImmersive } from '@/components/shell/immersive';
import { Card } from '@/components/ui/card';
import { OptionTile } from '@/components/ui/option-button';
import type { QuizPlayActorRef } from '@/machines/quiz-play/quiz-play.machine';
import type { ReviewQuestion } from '@/services/domain/play-session';

const optionText = answerLabel;

const STATUS_CHIP: Record<ReviewQuestion['status'], string> = {
  correct: 'bg-success-soft',
  wrong: 'bg-danger-soft',
  unanswered: 'bg-surface-muted',
  skipped: 'bg-surface-muted',
};
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

/** The keys an answer names: a set's, comma-separated; any other, the one key. */
const keysOf = (answer: string | null) =>
  new Set(
    (answer ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  );

/** A question's options as the play screen's tiles: the right ones marked right, a wrong pick marked wrong, the rest muted. */
function ReviewTiles({ q }: { q: ReviewQuestion }) {
  const { t } = useTranslation();
  const right = keysOf(q.correct_answer);
  const chosen = keysOf(q.answer);
  return (
    <ul className="flex flex-col gap-2">
      {q.options.map((option, i) => {
        const isRight = right.has(option.key);
        const isChosen = chosen.has(option.key);
        return (
          <li key={option.key}>
            <OptionTile
              letter={String.fromCharCode(65 + i)}
              text={<ContentText text={option.text} />}
              status={isRight ? 'right' : isChosen ? 'wrong' : 'muted'}
              statusText={isChosen ? t('play.review.your_answer') : isRight ? t('play.review.right_answer') : undefined}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** Every question of the play: its options as tiles with the player's answer and the right one marked (a word or an order in words), and the note. */
export function ReviewList({ actorRef }: { actorRef: QuizPlayActorRef }) {
  const { t } = useTranslation();
  // Like the result it came from, the review has the screen to itself: its own bar leads back.
  useImmersive();
  const review = useSelector(actorRef, (s) => s.context.review);
  if (!review) return null;
  const back = () => actorRef.send({ type: 'user.back' });
  return (
    <section aria-labelledby="review-title" className="flex flex-col gap-4">
      <div className="sticky top-0 z-10 -mx-3 flex items-center gap-2 bg-canvas/95 px-3 py-1 backdrop-blur-sm">
        <button
          type="button"
          onClick={back}
          aria-label={t('play.review.back')}
          title={t('play.review.back')}
          className="inline-flex size-touch shrink-0 items-center justify-center rounded-full text-fg-muted hover:bg-surface-muted hover:text-fg"
        >
          <ArrowLeft aria-hidden="true" className="size-7 rtl:-scale-x-100" />
        </button>
        <h1 id="review-title" className="text-xl font-bold">
          {t('play.review.title')}
        </h1>
      </div>
      <ol className="flex flex-col gap-3">
        {review.questions.map((q, i) => {
          const chose = q.question_type !== 'word' && q.question_type !== 'sequence';
          return (
            <li key={q.id}>
              <Card as="article" data-review-status={q.status} className="flex flex-col gap-3">
                <p className={`inline-flex items-center self-start rounded-full px-2 py-0.5 text-sm font-bold ${STATUS_STYLE[q.status]} ${STATUS_CHIP[q.status]}`}>
                  <StatusIcon status={q.status} />
                  {t(`play.review.status.${q.status}`)}
                </p>
                <h2 dir="auto" className="font-semibold">
                  {i + 1}. <ContentText text={q.question} />
                </h2>
                {chose ? <ReviewTiles q={q} /> : null}
                <dl className={`grid gap-1 text-sm ${chose ? 'sr-only' : ''}`}>
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
                </dl>
                {q.note ? (
                  <p dir="auto" className="rounded-control bg-surface-muted p-2 text-sm">
                    <span className="font-semibold">{t('play.review.note')}: </span>
                    {q.note}
                  </p>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" onClick={back}>
        {t('play.review.back')}
      </Button>
    </section>
  );
}
