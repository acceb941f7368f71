'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { PaginationState, SortingState } from '@tanstack/react-table';
import { AdminOnly } from '@/components/admin/console-frame';
import { DataTable, type ConsoleColumn } from '@/components/admin/data-table';
import { formatWhen, useTableQuery } from '@/components/admin/table-query';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { adminApi, type PlayerRow } from '@/services/client/admin-api';

const SORTABLE = ['id', 'name', 'coins', 'created_at'] as const;

const COLUMNS: ConsoleColumn<PlayerRow>[] = [
  { id: 'id', accessorKey: 'id', header: 'Id', cell: (c) => <Link href={`/admin/players/${c.row.original.id}/`}>#{c.row.original.id}</Link> },
  { id: 'name', accessorKey: 'name', header: 'Name', cell: (c) => <Link href={`/admin/players/${c.row.original.id}/`}>{c.row.original.name || '(no name)'}</Link> },
  { id: 'email', accessorKey: 'email', header: 'E-mail', enableSorting: false, cell: (c) => c.row.original.email ?? '—' },
  { id: 'mobile', accessorKey: 'mobile', header: 'Mobile', enableSorting: false, cell: (c) => c.row.original.mobile ?? '—' },
  { id: 'coins', accessorKey: 'coins', header: 'Coins', cell: (c) => c.row.original.coins.toLocaleString() },
  {
    id: 'active',
    accessorKey: 'active',
    header: 'Status',
    enableSorting: false,
    cell: (c) => (c.row.original.active ? 'active' : <strong className="text-danger">deactivated</strong>),
  },
  { id: 'role', accessorKey: 'role', header: 'Role', enableSorting: false, cell: (c) => c.row.original.role ?? 'player' },
  { id: 'created_at', accessorKey: 'created_at', header: 'Joined', cell: (c) => formatWhen(c.row.original.created_at) },
];

export function PlayersView() {
  return (
    <AdminOnly>
      <PlayersTable />
    </AdminOnly>
  );
}

function PlayersTable() {
  const params = useSearchParams();
  const initialSort = SORTABLE.find((s) => s === params?.get('sort')) ?? 'id';
  const [query, setQuery] = useState(params?.get('query') ?? '');
  const [search, setSearch] = useState(query);
  const [sorting, setSorting] = useState<SortingState>([{ id: initialSort, desc: true }]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 25 });
  const sort = sorting[0] ?? { id: 'id', desc: true };
  const request = { query: search, offset: pagination.pageIndex * pagination.pageSize, limit: pagination.pageSize, sort: sort.id, order: sort.desc ? ('desc' as const) : ('asc' as const) };
  const data = useTableQuery(`players:${JSON.stringify(request)}`, () => adminApi.players(request));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(query.trim());
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  };

  return (
    <>
      <h1 className="text-2xl font-bold">Players</h1>
      <DataTable
        caption="Players"
        columns={COLUMNS}
        data={data}
        rowId={(r) => String(r.id)}
        sorting={sorting}
        onSortingChange={(s) => {
          setSorting(s);
          setPagination((p) => ({ ...p, pageIndex: 0 }));
        }}
        pagination={pagination}
        onPaginationChange={setPagination}
        empty={{ title: search ? `No player matches “${search}”` : 'No players yet' }}
        toolbar={
          <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
            <TextField id="player-search" type="search" label="Name, e-mail, mobile or id" value={query} limit={100} onChange={(e) => setQuery(e.target.value)} />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
        }
      />
    </>
  );
}
