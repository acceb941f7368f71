'use client';

import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { formatNumber } from '@/components/profile/format';
import { Avatar } from '@/components/ui/avatar';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { Pager } from '@/components/ui/pager';
import { SkeletonText } from '@/components/ui/skeleton';
import { tabId, tabPanelId, Tabs } from '@/components/ui/tabs';
import { getLeaderboard, type LeaderboardBoard, type LeaderboardPage, type LeaderboardRow } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { useAppSelector } from '@/services/store/hooks';
import { selectUser } from '@/services/store/selectors';

export const LEADERBOARD_PAGE_SIZE = 10;
const BOARDS: readonly LeaderboardBoard[] = ['daily', 'monthly', 'all_time'];
/** Gold, silver and bronze rings around the rank: the number says it, the colour adds to it. */
const PODIUM = ['border-amber-500', 'border-slate-400', 'border-orange-700'];

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
        <Card className="flex flex-col items-start gap-3">
          <p className="capitalise-first font-semibold">{t('home.login_required_title')}</p>
          <p className="capitalise-first text-fg-muted">{t('home.login_required')}</p>
          <ButtonLink href="/auth/login/">{t('home.login_action')}</ButtonLink>
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
          <EmptyState title={t('empty.no_data')} description={t('leaderboard.empty_hint')} />
        ) : (
          <BoardContent data={list.data} page={page} onPage={setPage} />
        )}
      </div>
    </div>
  );
}

function BoardContent({ data, page, onPage }: { data: LeaderboardPage; page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const me = useAppSelector(selectUser).data?.id;
  const isMe = (row: LeaderboardRow) => me !== undefined && String(row.user_id) === String(me);
  const number = (n: number) => formatNumber(n, i18n.language);
  const pageCount = Math.max(1, Math.ceil(data.total / LEADERBOARD_PAGE_SIZE));

  return (
    <>
      <p role="status" className="rounded-control bg-accent-soft p-3 font-semibold">
        {data.myRank ? t('leaderboard.my_rank', { rank: number(data.myRank.rank), score: number(data.myRank.score) }) : t('leaderboard.not_ranked')}
      </p>

      {data.topThree.length > 0 ? (
        <section aria-labelledby="top-three-heading" className="flex flex-col gap-3">
          <h2 id="top-three-heading" className="text-xl font-bold">
            {t('leaderboard.top_three')}
          </h2>
          <ol className="grid grid-cols-3 gap-2">
            {data.topThree.map((row, i) => (
              <li key={row.user_id}>
                <Card className={`flex h-full flex-col items-center gap-1 p-3 text-center ${isMe(row) ? 'ring-2 ring-accent' : ''}`}>
                  <span className={`inline-flex size-8 items-center justify-center rounded-full border-2 font-bold tabular-nums ${PODIUM[i] ?? 'border-line'}`}>
                    <span className="sr-only">{t('leaderboard.rank_label')} </span>
                    {number(row.rank)}
                  </span>
                  {/* The name follows: the picture is decoration here. */}
                  <span aria-hidden="true">
                    <Avatar src={row.profile} name={row.name} size={48} />
                  </span>
                  {/* Two lines for the name (the rest in its tooltip); "you" on a line of its own, never cutting it. */}
                  <span dir="auto" title={row.name} className="line-clamp-2 break-words text-sm font-semibold">
                    {row.name}
                  </span>
                  {isMe(row) ? <span className="text-xs font-semibold text-accent">{t('leaderboard.you')}</span> : null}
                  <span className="text-sm tabular-nums text-fg-muted">{t('leaderboard.score', { score: number(row.score) })}</span>
                </Card>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section aria-labelledby="ranking-heading" className="flex flex-col gap-3">
        <h2 id="ranking-heading" className="text-xl font-bold">
          {t('leaderboard.ranking')}
        </h2>
        {data.rows.length === 0 ? (
          <p className="text-fg-muted">{t('empty.no_data')}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface">
            {data.rows.map((row) => (
              <li key={row.user_id} className={`flex items-center gap-3 px-4 py-3 ${isMe(row) ? 'bg-accent-soft' : ''}`}>
                <span className="w-10 shrink-0 text-end font-bold tabular-nums">
                  <span className="sr-only">{t('leaderboard.rank_label')} </span>
                  {number(row.rank)}
                </span>
                <span aria-hidden="true">
                  <Avatar src={row.profile} name={row.name} size={40} />
                </span>
                <span dir="auto" className="min-w-0 flex-1 break-words align-with-row font-medium">
                  {row.name}
                  {isMe(row) ? <span className="ms-1 font-semibold">{t('leaderboard.you')}</span> : null}
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{t('leaderboard.score', { score: number(row.score) })}</span>
              </li>
            ))}
          </ol>
        )}
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
      </section>
    </>
  );
}
