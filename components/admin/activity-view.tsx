'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { AdminOnly } from '@/components/admin/console-frame';
import { DataTable, type ConsoleColumn } from '@/components/admin/data-table';
import { formatWhen, useTableQuery } from '@/components/admin/table-query';
import { Tabs } from '@/components/ui/tabs';
import { adminApi, type ActivityKind, type ActivityRow } from '@/services/client/admin-api';

const KINDS: readonly { id: ActivityKind; label: string; caption: string }[] = [
  { id: 'active_players', label: 'Active today', caption: 'Players active today (UTC)' },
  { id: 'plays', label: 'Plays today', caption: 'Plays started today (UTC)' },
  { id: 'battles', label: 'Battles today', caption: 'Battle rooms opened today (UTC)' },
  { id: 'coins_issued', label: 'Coins issued', caption: 'Coins issued in the last 7 days' },
  { id: 'coins_spent', label: 'Coins spent', caption: 'Coins spent in the last 7 days' },
];

const COLUMNS: ConsoleColumn<ActivityRow>[] = [
  { id: 'at', header: 'When', cell: (c) => formatWhen(c.row.original.at) },
  {
    id: 'who',
    header: 'Player',
    cell: (c) => (c.row.original.user_id === null ? '—' : <Link href={`/admin/players/${c.row.original.user_id}/`}>{c.row.original.user_name || `#${c.row.original.user_id}`}</Link>),
  },
  { id: 'what', accessorKey: 'what', header: 'What' },
  { id: 'detail', accessorKey: 'detail', header: 'Detail' },
  { id: 'amount', header: 'Coins', cell: (c) => (c.row.original.amount === null ? '' : `${c.row.original.amount > 0 ? '+' : ''}${c.row.original.amount}`) },
];

/** `/admin/activity/?kind=…`: the lists behind the dashboard's numbers. */
export function ActivityView() {
  const params = useSearchParams();
  const [kind, setKind] = useState<ActivityKind>(KINDS.find((k) => k.id === params?.get('kind'))?.id ?? 'plays');
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 50 });
  const request = { kind, offset: pagination.pageIndex * pagination.pageSize, limit: pagination.pageSize };
  const data = useTableQuery(`activity:${JSON.stringify(request)}`, () => adminApi.activity(request));
  const current = KINDS.find((k) => k.id === kind)!;
  return (
    <AdminOnly>
      <h1 className="text-2xl font-bold">Activity</h1>
      <Tabs
        label="Activity lists"
        idPrefix="activity"
        tabs={KINDS}
        selected={kind}
        onSelect={(id) => {
          setKind(id as ActivityKind);
          setPagination((p) => ({ ...p, pageIndex: 0 }));
        }}
      />
      <div id="activity-panel" role="tabpanel" aria-labelledby={`activity-tab-${kind}`}>
        <DataTable caption={current.caption} columns={COLUMNS} data={data} rowId={(r) => r.id} pagination={pagination} onPaginationChange={setPagination} empty={{ title: 'Nothing yet' }} />
      </div>
    </AdminOnly>
  );
}
