'use client';

import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { formatNumber } from '@/components/profile/format';
import { MyStanding, Podium, StandingList } from '@/components/leaderboard/standings';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { Pager } from '@/components/ui/pager';
import { SkeletonText } from '@/components/ui/skeleton';
import { tabId, tabPanelId, Tabs } from '@/components/ui/tabs';
import { getLeaderboard, type LeaderboardBoard, type LeaderboardPage } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { useAppSelector } from '@/services/store/hooks';
import { selectUser } from '@/services/store/selectors';

export const LEADERBOARD_PAGE_SIZE = 10;
const BOARDS: readonly LeaderboardBoard[] = ['daily', 'monthly', 'all_time'];

/** /leaderboard/: daily, monthly and all-time boards with the top three, pages and the player's own rank. */
export function LeaderboardView() {
  const { t } = useTranslation();
  const { isLogin } = useAppSelector(selectUser);
  return (
    <section className="flex flex-col">
      <PageHeading title={t('leaderboard.title')} description={t('leaderboard.description')} />
      {isLogin ? (
        <Boards />
      ) : (
        <Card className="flex flex-col gap-3">
          <p className="font-semibold">{t('leaderboard.guest_title')}</p>
          <p className="text-fg-muted">{t('leaderboard.guest_hint')}</p>
          <div className="grid grid-cols-2 gap-3">
            <ButtonLink href="/auth/sign-up/">{t('home.sign_up_action')}</ButtonLink>
            <ButtonLink variant="secondary" href="/auth/login/">
              {t('home.login_action')}
            </ButtonLink>
          </div>
        </Card>
      )}
    </section>
  );
}

function Boards() {
  const { t } = useTranslation();
  const [board, setBoard] = useState<LeaderboardBoard>('daily');
  const [page, setPage] = useState(0);
  const list = useApiQuery(
    `leaderboard:${board}:${page}`,
    () => getLeaderboard(board, { offset: page * LEADERBOARD_PAGE_SIZE, limit: LEADERBOARD_PAGE_SIZE }),
    (d) => d.total === 0 && d.rows.length === 0 && d.topThree.length === 0,
  );

  return (
    <div className="flex flex-col gap-4">
      <Tabs
        label={t('leaderboard.tabs')}
        idPrefix="leaderboard"
        tabs={BOARDS.map((id) => ({ id, label: t(`leaderboard.${id}`) }))}
        selected={board}
        onSelect={(id) => {
          setBoard(id as LeaderboardBoard);
          setPage(0);
        }}
      />
      <div role="tabpanel" id={tabPanelId('leaderboard')} aria-labelledby={tabId('leaderboard', board)} className="flex flex-col gap-4">
        {list.status === 'loading' ? (
          <SkeletonText label={t('common.loading')} lines={8} />
        ) : list.status === 'error' ? (
          <ErrorWithRetry title={t('common.error_title')} message={t('leaderboard.load_failed')} retryLabel={t('common.retry')} onRetry={list.retry} />
        ) : list.status === 'empty' ? (
          <EmptyBoard />
        ) : (
          <BoardContent data={list.data} page={page} onPage={setPage} />
        )}
      </div>
    </div>
  );
}

function BoardContent({ data, page, onPage }: { data: LeaderboardPage; page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const me = useAppSelector(selectUser).data;
  const scoreText = (n: number) => t('leaderboard.score', { score: formatNumber(n, i18n.language) });
  const pageCount = Math.max(1, Math.ceil(data.total / LEADERBOARD_PAGE_SIZE));
  // The podium shows the first three; the list goes on from the fourth.
  const onPodium = new Set(data.topThree.map((row) => row.user_id));
  const rows = data.rows.filter((row) => !onPodium.has(row.user_id));

  return (
    <>
      {data.topThree.length > 0 ? <Podium top={data.topThree} meId={me?.id} scoreText={scoreText} /> : null}
      {rows.length > 0 ? <StandingList rows={rows} label={t('leaderboard.ranking')} meId={me?.id} scoreText={scoreText} /> : null}
      {pageCount > 1 ? (
        <Pager
          page={page}
          pageCount={pageCount}
          onPage={onPage}
          labels={{
            nav: t('pager.nav'),
            previous: t('pager.previous'),
            next: t('pager.next'),
            position: t('pager.position', { page: page + 1, count: pageCount }),
          }}
        />
      ) : null}
      <MyStanding name={me?.name ?? ''} profile={me?.profile} standing={data.myRank} scoreText={scoreText} hint={t('leaderboard.get_on_board')} />
    </>
  );
}

/** An empty board: an invitation to be its first player, and the player's own row. */
function EmptyBoard() {
  const { t, i18n } = useTranslation();
  const me = useAppSelector(selectUser).data;
  return (
    <>
      <EmptyState title={t('leaderboard.empty_title')} description={t('leaderboard.empty_hint')} action={<ButtonLink href="/quiz-zone/">{t('leaderboard.play')}</ButtonLink>} />
      <MyStanding
        name={me?.name ?? ''}
        profile={me?.profile}
        standing={null}
        scoreText={(n) => t('leaderboard.score', { score: formatNumber(n, i18n.language) })}
        hint={t('leaderboard.get_on_board')}
      />
    </>
  );
}
