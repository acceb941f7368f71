'use client';

import { useSelector } from '@xstate/react';
import Link from 'next/link';
import { useEffect, type ReactNode } from 'react';
import { BadgeArt } from '@/components/badges/badge-art';
import { isBadgeKey } from '@/services/domain/badges';
import { outcomeOf, resultStars } from '@/services/domain/scoring';
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
 * The headline, as a key and its values, from the result's outcome (docs/economy.md, "The
 * result's one story"): a pass at a cost names the level it opened.
 */
export function headlineOf(result: Pick<PlayResult, 'passed' | 'score' | 'level_unlocked'>): { key: string; values: Record<string, unknown> } {
  const outcome = outcomeOf(result);
  if (outcome === 'passed_at_cost' && result.level_unlocked !== null) return { key: 'play.result.unlocked_at_cost', values: { level: result.level_unlocked } };
  return { key: `play.result.${outcome}`, values: {} };
}

/**
 * The result on one screen: the hero (stars, the headline, the score, the coins, the level
 * unlocked), a badge earned, then one primary action and the secondaries beside each other, the
 * review among them, all above the fold of a phone; the numbers follow. The primary is the
 * page's own (`next`: the next level, the contest's board) when it gives one, else play again.
 * A ranked play (a contest: played once, scored against others) speaks of its score and rank,
 * never of passing; it offers no replay, and its review waits for the contest's end.
 */
export function ResultScreen({ actorRef, next, ranked = false, exitHref }: { actorRef: QuizPlayActorRef; next?: (result: PlayResult) => ReactNode; ranked?: boolean; exitHref?: string }) {
  const { t, i18n } = useTranslation();
  useImmersive();
  const result = useSelector(actorRef, (s) => s.context.result);
  const play = useGameSound();
  const balance = usePlayerCoins();
  // The score and the coins count up to their values as the hero appears.
  const shownScore = useCountUp(result?.score ?? 0);
  const shownCoins = useCountUp(result?.coins_earned ?? 0, 700);
  const won = result ? !ranked && outcomeOf(result) === 'passed' : null;
  useEffect(() => {
    if (won !== null) play(won ? 'win' : 'lose');
  }, [won, play]);
  // Confetti on a real pass: its library loads only then, and never under reduced motion.
  useEffect(() => {
    if (!won || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    // jsdom (the view tests) draws on no canvas.
    if (navigator.userAgent.includes('jsdom')) return;
    let stop = false;
    let clear: (() => void) | undefined;
    void import('canvas-confetti')
      .then(({ default: confetti }) => {
        if (stop) return;
        clear = () => confetti.reset();
        void confetti({ particleCount: 120, spread: 80, origin: { y: 0.3 }, disableForReducedMotion: true });
      })
      .catch(() => undefined);
    // Leaving the result (the review, the next level) takes the confetti still falling with it.
    return () => {
      stop = true;
      clear?.();
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
  const outcome = outcomeOf(result);
  const stars = ranked ? 0 : resultStars(result);
  const praise = !ranked && outcome === 'passed';
  const headline = headlineOf(result);
  const primary = next?.(result) ?? null;
  const playAgain = ranked ? null : (
    <Button key="again" variant={primary ? 'secondary' : 'primary'} className="shadow-chunky" onClick={() => actorRef.send({ type: 'user.play_again' })}>
      {t('play.result.play_again')}
    </Button>
  );
  const review = opensAt ? null : (
    <Button key="review" variant="secondary" className="shadow-chunky" onClick={() => actorRef.send({ type: 'user.review' })}>
      {result.review_cost > 0 ? t('play.result.review_cost', { cost: result.review_cost, count: result.review_cost }) : t('play.result.review')}
    </Button>
  );
  const secondaries = [primary ? playAgain : null, review].filter((action) => action !== null);
  const firstBadge = result.badges_unlocked.find(isBadgeKey);

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
      <p role="status" className="sr-only" data-verdict={ranked ? 'ranked' : outcome === 'passed_at_cost' ? 'passed-negative' : outcome === 'passed' ? 'passed' : 'not-passed'}>
        {ranked ? null : t(headline.key, headline.values)} {t('play.result.score')}: {formatNumber(result.score, i18n.language)}
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
          <p data-headline={outcome} className={`font-display text-xl font-bold leading-snug ${praise ? '' : outcome === 'passed_at_cost' ? 'text-fg' : 'text-danger'}`}>
            {t(headline.key, headline.values)}
          </p>
        )}
        <div className="flex flex-wrap items-stretch justify-center gap-3">
          <div className={`flex min-w-28 flex-col rounded-control px-4 py-2 ${praise ? 'bg-white/15' : 'bg-surface-muted'}`}>
            <span className="text-sm">{t('play.result.score')}</span>
            <span
              data-result-score
              data-counted={shownScore === result.score}
              className={`font-display text-3xl font-bold tabular-nums ${!ranked && result.score < 0 ? 'text-danger' : ''}`}
            >
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
        {/* A clear pass celebrates the level it opened in the hero; a pass at a cost has said it in its headline. */}
        {praise && result.level_unlocked !== null ? (
          <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 font-display font-bold motion-safe:animate-pop">
            <LockOpen aria-hidden="true" className="size-5 shrink-0" />
            {t('play.result.level_unlocked', { level: result.level_unlocked })}
          </p>
        ) : null}
        {outcome === 'passed_at_cost' && !ranked ? <p className="text-sm text-fg-muted">{t('play.result.negative_why')}</p> : null}
      </div>
      {result.badges_unlocked.length > 0 ? (
        // A medal moment: the badge as a tile of its own that leads to the badges page, where its reward is claimed.
        <Link
          href="/profile/badges/"
          prefetch={false}
          className="flex items-center gap-3 rounded-tile border-2 border-tone-amber bg-coin-soft p-3 font-display text-lg font-bold text-fg no-underline shadow-chunky motion-safe:animate-pop"
        >
          {firstBadge ? <BadgeArt type={firstBadge} earned size={44} /> : null}
          <span>{t('solo.badges_unlocked', { names: result.badges_unlocked.map((b) => t(`badges.${b}.name`)).join(', ') })}</span>
        </Link>
      ) : null}
      <div className="flex flex-col gap-2" data-result-actions>
        {primary ?? playAgain}
        {secondaries.length > 0 ? <div className={`grid gap-2 ${secondaries.length > 1 ? 'grid-cols-2' : ''}`}>{secondaries}</div> : null}
        {opensAt ? <p className="rounded-control bg-surface-muted p-3">{t('play.result.review_opens', { time: formatDateTime(opensAt, i18n.language) })}</p> : null}
      </div>
      <dl className="grid grid-cols-3 gap-2">
        {stats.map(([key, value]) => (
          <div key={key} className="flex flex-col rounded-control bg-surface-muted p-2 text-center">
            <dt className="text-xs text-fg-muted">{t(key)}</dt>
            <dd className="font-display text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
