'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { AdminOnly } from '@/components/admin/console-frame';
import { DataTable, type ConsoleColumn } from '@/components/admin/data-table';
import { formatWhen, useTableQuery } from '@/components/admin/table-query';
import { LiveReportView } from '@/components/live/live-report-view';
import { adminLiveGames } from '@/services/client/live-report-api';
import type { LiveReportItem } from '@/services/domain/live-report';

const STATUS: Readonly<Record<string, string>> = { lobby: 'In the lobby', question: 'Running', reveal: 'Running', leaderboard: 'Running', podium: 'Finished', ended: 'Ended early' };

const COLUMNS: ConsoleColumn<LiveReportItem>[] = [
  { id: 'when', header: 'Created', cell: (c) => formatWhen(c.row.original.created_at) },
  { id: 'title', header: 'Game', cell: (c) => <Link href={`/admin/live/?game=${c.row.original.id}`}>{c.row.original.title}</Link> },
  { id: 'host', header: 'Host', cell: (c) => <Link href={`/admin/players/${c.row.original.host.id}/`}>{c.row.original.host.name || `#${c.row.original.host.id}`}</Link> },
  { id: 'status', header: 'State', cell: (c) => (c.row.original.ended_reason === 'abandoned' ? 'Left by its host' : (STATUS[c.row.original.status] ?? c.row.original.status)) },
  { id: 'players', header: 'Players', cell: (c) => c.row.original.player_count },
  { id: 'questions', header: 'Questions played', cell: (c) => `${c.row.original.played} of ${c.row.original.question_count}` },
];

/** `/admin/live/`: every hosted live game, newest first; `?game=12`: its report, as its host sees it. */
export function LiveGamesView() {
  const params = useSearchParams();
  const game = Number(params?.get('game') ?? '');
  if (Number.isInteger(game) && game > 0) {
    return (
      <AdminOnly>
        <LiveReportView gameId={game} backHref="/admin/live/" backLabel="Back to the live games" />
      </AdminOnly>
    );
  }
  return <GamesList />;
}

function GamesList() {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 50 });
  const offset = pagination.pageIndex * pagination.pageSize;
  const data = useTableQuery(`live-games:${offset}:${pagination.pageSize}`, () => adminLiveGames(offset, pagination.pageSize));
  return (
    <AdminOnly>
      <h1 className="text-2xl font-bold">Live games</h1>
      <p className="text-fg-muted">Games hosted on this server, newest first. A game&apos;s report shows every answer; its host sees the same report under Reports of live games.</p>
      <DataTable caption="Hosted live games" columns={COLUMNS} data={data} rowId={(r) => String(r.id)} pagination={pagination} onPaginationChange={setPagination} empty={{ title: 'No live game yet' }} />
    </AdminOnly>
  );
}
