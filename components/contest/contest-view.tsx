'use client';

import { useActorRef, useSelector } from '@xstate/react';
import { machineInspector } from '@/services/client/machine-inspector';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { usePlayerCoins } from '@/components/battle/use-player-coins';
import { formatDateTime, formatNumber, formatTimeUntil } from '@/components/profile/format';
import { QuizPlayView } from '@/components/quiz-play/quiz-play-view';
import { PlayRefusal } from '@/components/solo-play/play-refusal';
import { MyStanding, Podium, StandingList } from '@/components/leaderboard/standings';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { Pager } from '@/components/ui/pager';
import { SkeletonText } from '@/components/ui/skeleton';
import { Tabs, tabId, tabPanelId } from '@/components/ui/tabs';
import { BOARD_PAGE_SIZE, createContestMachine, type ContestActorRef, type ContestMachine } from '@/machines/contest/contest.machine';
import { liveContestPlayMachine, liveContestServices } from '@/services/client/contest-api';
import { messageKeyFor } from '@/services/domain/code-messages';
import { useAppSelector } from '@/services/store/hooks';
import { selectUser } from '@/services/store/selectors';
import type { ContestItem, ContestList, ContestRankRow } from '@/services/domain/contests';

/** The contest machine with the real server's effects. */
export const liveContestMachine: ContestMachine = createContestMachine(liveContestServices, liveContestPlayMachine);

const LISTS: readonly ContestList[] = ['live', 'upcoming', 'past'];

/** /contest-play/: live, upcoming and past contests, a contest's play and its leaderboard. */
export function ContestPlay({ machine = liveContestMachine }: { machine?: ContestMachine }) {
  const actorRef = useActorRef(machine, { input: {}, inspect: machineInspector() });
  return <ContestView actorRef={actorRef} />;
}

type Screen = 'lists' | 'playing' | 'board';
const selectScreen = (s: { value: unknown }) => (typeof s.value === 'string' ? s.value : Object.keys(s.value as object)[0]) as Screen;

export function ContestView({ actorRef }: { actorRef: ContestActorRef }) {
  const screen = useSelector(actorRef, selectScreen);
  if (screen === 'playing') return <ContestPlayScreen actorRef={actorRef} />;
  if (screen === 'board') return <ContestBoardScreen actorRef={actorRef} />;
  return <ContestLists actorRef={actorRef} />;
}

/** The time until a start in words ("2 days 3 hours", "4 minutes 5 seconds"), ticking every second. */
function useCountdown(target: string, language: string): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return formatTimeUntil(Date.parse(target), now, language);
}

function StartsIn({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  const left = useCountdown(at, i18n.language);
  return (
    <p className="text-sm font-semibold" role="timer" aria-label={t('contest.starts_in', { time: left })}>
      <span aria-hidden="true">{t('contest.starts_in', { time: left })}</span>
    </p>
  );
}

function Prizes({ contest }: { contest: ContestItem }) {
  const { t } = useTranslation();
  if (contest.prizes.length === 0) return null;
  return (
    <p className="text-sm">
      {t('contest.prizes')}:{' '}
      {contest.prizes
        .map((p) => (p.rank_from === p.rank_to ? t('contest.prize_rank', { rank: p.rank_from, coins: p.coins, count: p.coins }) : t('contest.prize_ranks', { from: p.rank_from, to: p.rank_to, coins: p.coins, count: p.coins })))
        .join(' · ')}
    </p>
  );
}

function ContestCard({ contest, actorRef }: { contest: ContestItem; actorRef: ContestActorRef }) {
  const { t, i18n } = useTranslation();
  const balance = usePlayerCoins();
  // A fee above the balance: the button is off and says why, before the server would (docs/economy.md).
  const short = balance !== null && !contest.played && contest.entry_fee > balance;
  return (
    <Card as="article" className="flex flex-col gap-2" aria-label={contest.name}>
      <h2 className="text-lg font-semibold" dir="auto">
        {contest.name}
      </h2>
      {contest.description ? (
        <p className="text-sm text-fg-muted" dir="auto">
          {contest.description}
        </p>
      ) : null}
      <p className="text-sm text-fg-muted">
        {t('contest.facts', {
          fee: t('count.coins', { count: contest.entry_fee }),
          questions: t('count.questions', { count: contest.total_questions }),
          players: t('count.players', { count: contest.participants }),
        })}
      </p>
      <p className="text-sm text-fg-muted">
        {t('contest.window', { start: formatDateTime(contest.starts_at, i18n.language), end: formatDateTime(contest.ends_at, i18n.language) })}
      </p>
      <Prizes contest={contest} />
      {contest.status === 'upcoming' ? <StartsIn at={contest.starts_at} /> : null}
      {contest.my_score !== null ? <p className="text-sm font-semibold">{t('contest.my_result', { score: formatNumber(contest.my_score, i18n.language), rank: contest.my_rank ?? '—' })}</p> : null}
      {contest.my_prize ? <p className="text-sm font-semibold">{t('contest.my_prize', { coins: contest.my_prize, count: contest.my_prize })}</p> : null}
      {short ? (
        <p id={`contest-${contest.id}-short`} className="capitalise-first text-sm font-semibold text-danger">
          {t('codes.not_enough_coins')} {t('battle.your_coins', { coins: balance, count: balance })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {contest.status === 'live' && contest.my_score === null ? (
          <Button disabled={short} aria-describedby={short ? `contest-${contest.id}-short` : undefined} onClick={() => actorRef.send({ type: 'user.play', contestId: contest.id })}>
            {contest.played ? t('contest.resume') : contest.entry_fee > 0 ? t('contest.play_fee', { fee: contest.entry_fee, count: contest.entry_fee }) : t('contest.play')}
          </Button>
        ) : null}
        {contest.status !== 'upcoming' ? (
          <Button variant="secondary" onClick={() => actorRef.send({ type: 'user.leaderboard', contestId: contest.id })}>
            {t('contest.leaderboard')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

function ContestLists({ actorRef }: { actorRef: ContestActorRef }) {
  const { t } = useTranslation();
  const tab = useSelector(actorRef, (s) => s.context.tab);
  const step = useSelector(actorRef, (s) => (s.matches({ lists: 'loading' }) ? 'loading' : s.matches({ lists: 'failed' }) ? 'failed' : 'ready'));
  const lists = useSelector(actorRef, (s) => s.context.lists);
  const errorCode = useSelector(actorRef, (s) => s.context.errorCode);
  const list = lists?.[tab];
  return (
    <section className="flex flex-col gap-4">
      <PageHeading title={t('mode.contest.title')} description={t('contest.description')} />
      <Tabs
        label={t('contest.lists')}
        idPrefix="contest-list"
        tabs={LISTS.map((id) => ({ id, label: t(`contest.list.${id}`) }))}
        selected={tab}
        onSelect={(id) => actorRef.send({ type: 'user.tab', list: id as ContestList })}
      />
      <div role="tabpanel" id={tabPanelId('contest-list')} aria-labelledby={tabId('contest-list', tab)} className="flex flex-col gap-3">
        {step === 'loading' && !lists ? (
          <SkeletonText label={t('common.loading')} lines={4} />
        ) : step === 'failed' ? (
          <ErrorWithRetry
            title={t('common.error_title')}
            message={errorCode ? t(messageKeyFor(errorCode)) : t('common.load_failed')}
            retryLabel={t('common.retry')}
            onRetry={() => actorRef.send({ type: 'user.retry' })}
          />
        ) : !list || list.items.length === 0 ? (
          <EmptyState title={t(messageKeyFor(list?.message ?? (tab === 'live' ? '115' : tab === 'past' ? '117' : '114')))} />
        ) : (
          <ul className="flex flex-col gap-3">
            {list.items.map((contest) => (
              <li key={contest.id}>
                <ContestCard contest={contest} actorRef={actorRef} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ContestPlayScreen({ actorRef }: { actorRef: ContestActorRef }) {
  const { t } = useTranslation();
  const playRef = useSelector(actorRef, (s) => s.children.play);
  const contest = useSelector(actorRef, (s) => s.context.contest);
  if (!playRef) return null;
  const back = (
    <Button variant="secondary" onClick={() => actorRef.send({ type: 'user.back' })}>
      {t('contest.back_to_contests')}
    </Button>
  );
  return (
    <section className="flex flex-col gap-3" aria-label={contest?.name}>
      <QuizPlayView
        actorRef={playRef}
        slots={{
          startRefusal: (code) => (code && ['128', 'contest_not_live', 'not_enough_coins', 'mode_disabled', '102'].includes(code) ? <PlayRefusal message={t(messageKeyFor(code))}>{back}</PlayRefusal> : null),
          ranked: true,
          resultNext: () => (
            <Button className="shadow-chunky" onClick={() => actorRef.send({ type: 'user.leaderboard' })}>
              {t('contest.leaderboard')}
            </Button>
          ),
          exitHref: '/contest-play/',
        }}
      />
    </section>
  );
}

function ContestBoardScreen({ actorRef }: { actorRef: ContestActorRef }) {
  const { t, i18n } = useTranslation();
  const contest = useSelector(actorRef, (s) => s.context.contest);
  const board = useSelector(actorRef, (s) => s.context.board);
  const page = useSelector(actorRef, (s) => s.context.page);
  const step = useSelector(actorRef, (s) => (s.matches({ board: 'failed' }) ? 'failed' : s.matches({ board: 'loading' }) ? 'loading' : 'ready'));
  const errorCode = useSelector(actorRef, (s) => s.context.errorCode);
  const live = contest?.status === 'live';
  const user = useAppSelector(selectUser).data;
  const me = user?.id ?? board?.myRank?.user_id;
  const scoreText = (score: number) => t('contest.points', { score: formatNumber(score, i18n.language) });
  const nameOf = (row: { name: string }) => row.name || t('contest.player');
  const hint = live ? t('contest.get_on_board') : t('contest.not_played');
  // The first page's podium shows the first three; its list goes on from the fourth.
  const rows = board ? (page === 0 ? board.items.filter((row) => !board.topThree.some((top) => top.user_id === row.user_id)) : board.items) : [];
  const prizeLine = (row: ContestRankRow) =>
    row.prize ? <span className="text-sm font-semibold text-accent">{t('contest.prize_won', { coins: row.prize, count: row.prize })}</span> : null;
  const pageCount = board ? Math.max(1, Math.ceil(board.total / BOARD_PAGE_SIZE)) : 1;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="contest-board-title">
      <h1 id="contest-board-title" className="text-xl font-semibold" dir="auto">
        {t('contest.board_title', { name: contest?.name ?? '' })}
      </h1>
      {live ? <p className="text-sm text-fg-muted">{t('contest.board_live')}</p> : null}
      {step === 'loading' && !board ? (
        <SkeletonText label={t('common.loading')} lines={5} />
      ) : step === 'failed' ? (
        <ErrorWithRetry
          title={t('common.error_title')}
          message={errorCode ? t(messageKeyFor(errorCode)) : t('common.load_failed')}
          retryLabel={t('common.retry')}
          onRetry={() => actorRef.send({ type: 'user.retry' })}
        />
      ) : !board || board.total === 0 ? (
        <>
          <EmptyState title={t('contest.board_empty')} />
          <MyStanding name={user?.name ?? ''} profile={user?.profile} standing={null} scoreText={scoreText} hint={hint} />
        </>
      ) : (
        <>
          {page === 0 && board.topThree.length > 0 ? <Podium top={board.topThree} meId={me} scoreText={scoreText} nameOf={nameOf} detail={prizeLine} /> : null}
          {rows.length > 0 ? <StandingList rows={rows} label={t('contest.board_list')} meId={me} scoreText={scoreText} nameOf={nameOf} detail={prizeLine} /> : null}
          {pageCount > 1 ? (
            <Pager
              page={page}
              pageCount={pageCount}
              onPage={(p) => actorRef.send({ type: 'user.page', page: p })}
              labels={{ nav: t('contest.board_pages'), previous: t('exam.previous'), next: t('exam.next'), position: t('contest.board_position', { page: page + 1, pages: pageCount }) }}
            />
          ) : null}
          <MyStanding name={board.myRank ? nameOf(board.myRank) : (user?.name ?? '')} profile={board.myRank?.profile ?? user?.profile} standing={board.myRank} scoreText={scoreText} hint={hint} />
        </>
      )}
      <Button variant="secondary" className="self-start" onClick={() => actorRef.send({ type: 'user.back' })}>
        {t('contest.back_to_contests')}
      </Button>
    </section>
  );
}
