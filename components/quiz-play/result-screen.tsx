'use client';

import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { QuizPlayActorRef } from '@/machines/quiz-play/quiz-play.machine';
import type { PlayResult } from '@/services/domain/play-session';
import { formatDateTime, formatNumber } from '@/components/profile/format';

/** When the review of a ranked play opens, if that is still to come (a running contest keeps its answers). */
export function reviewOpensLater(result: Pick<PlayResult, 'review_opens_at'>, now: number = Date.now()): string | null {
  const at = result.review_opens_at;
  return at && Date.parse(at) > now ? at : null;
}

/**
 * Score, coins, percentage, right and wrong answers, the level unlocked, review and play again.
 * A ranked play (a contest: played once, scored against others) speaks of its score and rank,
 * never of passing; it offers no replay, and its review waits for the contest's end.
 */
export function ResultScreen({ actorRef, actions, ranked = false }: { actorRef: QuizPlayActorRef; actions?: (result: PlayResult) => ReactNode; ranked?: boolean }) {
  const { t, i18n } = useTranslation();
  const result = useSelector(actorRef, (s) => s.context.result);
  if (!result) return null;
  const stats: [string, string | number][] = ranked
    ? [
        ['play.result.score', formatNumber(result.score, i18n.language)],
        ['play.result.correct', result.correct],
        ['play.result.wrong', result.wrong],
      ]
    : [
        ['play.result.score', formatNumber(result.score, i18n.language)],
        ['play.result.coins_earned', result.coins_earned],
        ['play.result.percentage', `${result.percentage}%`],
        ['play.result.correct', result.correct],
        ['play.result.wrong', result.wrong],
      ];
  const opensAt = reviewOpensLater(result);
  if (result.unanswered > 0) stats.push(['play.result.unanswered', result.unanswered]);
  if (result.skipped > 0) stats.push(['play.result.skipped', result.skipped]);

  return (
    <Card as="section" aria-labelledby="result-title" className="flex flex-col gap-4">
      <div role="status" className="flex flex-col gap-1">
        <h1 id="result-title" className="text-2xl font-bold">
          {t('play.result.title')}
        </h1>
        {ranked ? (
          <p className="font-semibold">{result.rank !== undefined ? t('contest.your_rank_score', { rank: result.rank, score: formatNumber(result.score, i18n.language), count: result.score }) : t('contest.your_score', { score: formatNumber(result.score, i18n.language), count: result.score })}</p>
        ) : (
          <p className={result.passed ? 'font-semibold text-success' : 'font-semibold text-danger'}>
            <span aria-hidden="true">{result.passed ? '✓ ' : '✗ '}</span>
            {result.passed ? t('play.result.passed') : t('play.result.not_passed')}
          </p>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {stats.map(([key, value]) => (
          <div key={key} className="flex flex-col rounded-control bg-surface-muted p-3">
            <dt className="text-sm text-fg-muted">{t(key)}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {result.level_unlocked !== null ? <p className="rounded-control bg-accent-soft p-3 font-semibold">{t('play.result.level_unlocked', { level: result.level_unlocked })}</p> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        {opensAt ? (
          <p className="rounded-control bg-surface-muted p-3">{t('play.result.review_opens', { time: formatDateTime(opensAt, i18n.language) })}</p>
        ) : (
          <Button onClick={() => actorRef.send({ type: 'user.review' })}>
            {result.review_cost > 0 ? t('play.result.review_cost', { cost: result.review_cost, count: result.review_cost }) : t('play.result.review')}
          </Button>
        )}
        {ranked ? null : (
          <Button variant="secondary" onClick={() => actorRef.send({ type: 'user.play_again' })}>
            {t('play.result.play_again')}
          </Button>
        )}
      </div>
      {actions ? <div className="flex flex-col gap-2 sm:flex-row">{actions(result)}</div> : null}
    </Card>
  );
}
