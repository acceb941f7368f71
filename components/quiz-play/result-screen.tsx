'use client';

import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { starsFor } from '@/services/domain/scoring';
import { useGameSound } from '@/services/client/use-game-sound';
import { useCountUp } from '@/components/ui/use-count-up';
import { usePlayerCoins } from '@/components/battle/use-player-coins';
import { useTranslation } from '@/services/client/i18n';
import { Button } from '@/components/ui/button';
import { Coins, LockOpen, Star } from 'lucide-react';
import { PlayExit } from '@/components/quiz-play/play-exit';
import { useImmersive } from '@/components/shell/immersive';
import type { QuizPlayActorRef } from '@/machines/quiz-play/quiz-play.machine';
import type { PlayResult } from '@/services/domain/play-session';
import { formatDateTime } from '@/components/profile/format';
import { formatNumber } from '@/services/client/format-number';

/** When the review of a ranked play opens, if that is still to come (a running contest keeps its answers). */
export function reviewOpensLater(result: Pick<PlayResult, 'review_opens_at'>, now: number = Date.now()): string | null {
  const at = result.review_opens_at;
  return at && Date.parse(at) > now ? at : null;
}


/**
 * What the result says first. Praise only for a real pass: a pass whose wrong answers cost more
 * points than the right ones won is said to be a pass, plainly, with why the score is below zero
 * (docs/economy.md); a ranked play (contest) speaks of its rank.
 */
export function verdictKey(result: Pick<PlayResult, 'passed' | 'score'>): string {
  if (!result.passed) return 'play.result.not_passed';
  return result.score < 0 ? 'play.result.passed_negative' : 'play.result.passed';
}

/**
 * Score, coins, percentage, right and wrong answers, the level unlocked, review and play again.
 * One hero (stars, the score, what the play earned) and one primary action: the page's own (next
 * level) when it gives one, else play again. A ranked play (a contest: played once, scored against
 * others) speaks of its score and rank, never of passing; it offers no replay, and its review
 * waits for the contest's end.
 */
export function ResultScreen({ actorRef, actions, ranked = false, exitHref }: { actorRef: QuizPlayActorRef; actions?: (result: PlayResult) => ReactNode; ranked?: boolean; exitHref?: string }) {
  const { t, i18n } = useTranslation();
  useImmersive();
  const result = useSelector(actorRef, (s) => s.context.result);
  const play = useGameSound();
  const balance = usePlayerCoins();
  // The score and the coins count up to their values as the hero appears.
  const shownScore = useCountUp(result?.score ?? 0);
  const shownCoins = useCountUp(result?.coins_earned ?? 0, 700);
  const won = result ? !ranked && result.passed && result.score >= 0 : null;
  useEffect(() => {
    if (won !== null) play(won ? 'win' : 'lose');
  }, [won, play]);
  // Confetti on a real pass: its library loads only then, and never under reduced motion.
  useEffect(() => {
    if (!won || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    // jsdom (the view tests) draws on no canvas.
    if (navigator.userAgent.includes('jsdom')) return;
    let stop = false;
    void import('canvas-confetti')
      .then(({ default: confetti }) => {
        if (!stop) void confetti({ particleCount: 120, spread: 80, origin: { y: 0.3 }, disableForReducedMotion: true });
      })
      .catch(() => undefined);
    return () => {
      stop = true;
    };
  }, [won]);
  if (!result) return null;
  const stats: [string, string | number][] = ranked
    ? [
        ['play.result.correct', result.correct],
        ['play.result.wrong', result.wrong],
      ]
    : [
        ['play.result.percentage', `${result.percentage}%`],
        ['play.result.correct', result.correct],
        ['play.result.wrong', result.wrong],
      ];
  const opensAt = reviewOpensLater(result);
  if (result.unanswered > 0) stats.push(['play.result.unanswered', result.unanswered]);
  if (result.skipped > 0) stats.push(['play.result.skipped', result.skipped]);
  const stars = ranked ? 0 : starsFor(result.passed, result.percentage);
  const praise = !ranked && result.passed && result.score >= 0;
  const pageActions = actions?.(result);

  return (
    <section aria-labelledby="result-title" className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <PlayExit href={exitHref} ask={false} />
        <h1 id="result-title" className="flex-1 text-xl font-bold">
          {t('play.result.title')}
        </h1>
        {balance !== null ? (
          <span data-coin-balance className="inline-flex items-center gap-1 rounded-full bg-coin-soft px-3 py-1 font-display text-lg font-bold text-coin">
            <Coins aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('play.coins', { coins: balance })}</span>
            <span aria-hidden="true" className="tabular-nums">
              {formatNumber(balance, i18n.language)}
            </span>
          </span>
        ) : null}
      </div>
      {/* Said once, in words; the hero's numbers count up on screen without being read frame by frame. */}
      <p role="status" className="sr-only" data-verdict={ranked ? 'ranked' : result.passed ? (result.score < 0 ? 'passed-negative' : 'passed') : 'not-passed'}>
        {ranked ? null : t(verdictKey(result))} {t('play.result.score')}: {formatNumber(result.score, i18n.language)}
      </p>
      <div
        className={`flex flex-col items-center gap-3 rounded-tile p-5 text-center shadow-chunky ${praise ? 'bg-tone-violet text-white' : 'border-2 border-line bg-surface'}`}
      >
        {ranked ? null : (
          <p role="img" className="flex items-end justify-center gap-1" aria-label={t('play.result.stars', { count: stars })}>
            {[1, 2, 3].map((n) => (
              <Star
                key={n}
                aria-hidden="true"
                className={`${n === 2 ? 'size-14' : 'size-10'} ${n <= stars ? 'fill-current text-amber-300 motion-safe:animate-pop' : praise ? 'text-white/40' : 'text-line-strong'}`}
                strokeWidth={1.5}
              />
            ))}
          </p>
        )}
        {ranked ? (
          <p className="font-display text-xl font-bold">
            {result.rank !== undefined
              ? t('contest.your_rank_score', { rank: result.rank, score: formatNumber(result.score, i18n.language), count: result.score })
              : t('contest.your_score', { score: formatNumber(result.score, i18n.language), count: result.score })}
          </p>
        ) : (
          <p className={`font-display text-xl font-bold leading-snug ${praise ? '' : result.passed ? 'text-fg' : 'text-danger'}`}>{t(verdictKey(result))}</p>
        )}
        <div className="flex flex-wrap items-stretch justify-center gap-3">
          <div className={`flex min-w-28 flex-col rounded-control px-4 py-2 ${praise ? 'bg-white/15' : 'bg-surface-muted'}`}>
            <span className="text-sm">{t('play.result.score')}</span>
            <span data-result-score data-counted={shownScore === result.score} className="font-display text-3xl font-bold tabular-nums">
              {formatNumber(shownScore, i18n.language)}
            </span>
          </div>
          {ranked ? null : (
            <div className={`flex min-w-28 flex-col rounded-control px-4 py-2 ${praise ? 'bg-white/15' : 'bg-surface-muted'}`}>
              <span className="text-sm">{t('play.result.coins_earned')}</span>
              <span className="relative inline-flex items-center justify-center gap-1 font-display text-3xl font-bold tabular-nums">
                <Coins aria-hidden="true" className="size-6" />
                {/* The coins won fly off towards the balance. */}
                {result.coins_earned > 0 ? <Coins aria-hidden="true" className="pointer-events-none absolute -top-2 end-0 size-6 text-coin motion-reduce:hidden motion-safe:animate-rise" /> : null}
                {shownCoins > 0 ? `+${formatNumber(shownCoins, i18n.language)}` : formatNumber(shownCoins, i18n.language)}
              </span>
            </div>
          )}
        </div>
        {!ranked && result.score < 0 && result.passed ? <p className="text-sm text-fg-muted">{t('play.result.negative_why')}</p> : null}
      </div>
      {result.level_unlocked !== null ? (
        <p className="flex items-center gap-3 rounded-tile border-2 border-success bg-success-soft p-3 font-display text-lg font-bold text-success motion-safe:animate-pop">
          <LockOpen aria-hidden="true" className="size-7 shrink-0" />
          <span className="text-fg">{t('play.result.level_unlocked', { level: result.level_unlocked })}</span>
        </p>
      ) : null}
      <dl className="grid grid-cols-3 gap-2">
        {stats.map(([key, value]) => (
          <div key={key} className="flex flex-col rounded-control bg-surface-muted p-2 text-center">
            <dt className="text-xs text-fg-muted">{t(key)}</dt>
            <dd className="font-display text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-2">
        {pageActions}
        {ranked ? null : (
          <Button variant={pageActions ? 'secondary' : 'primary'} className="shadow-chunky" onClick={() => actorRef.send({ type: 'user.play_again' })}>
            {t('play.result.play_again')}
          </Button>
        )}
        {opensAt ? (
          <p className="rounded-control bg-surface-muted p-3">{t('play.result.review_opens', { time: formatDateTime(opensAt, i18n.language) })}</p>
        ) : (
          <Button variant="ghost" onClick={() => actorRef.send({ type: 'user.review' })}>
            {result.review_cost > 0 ? t('play.result.review_cost', { cost: result.review_cost, count: result.review_cost }) : t('play.result.review')}
          </Button>
        )}
      </div>
    </section>
  );
}
