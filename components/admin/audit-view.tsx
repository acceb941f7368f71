'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { AdminOnly } from '@/components/admin/console-frame';
import { DataTable, type ConsoleColumn } from '@/components/admin/data-table';
import { formatWhen, useTableQuery } from '@/components/admin/table-query';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { adminApi, type AuditEntry } from '@/services/client/admin-api';

/** A state before or after, compact: `{"active":true}` → `active: true`. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

const COLUMNS: ConsoleColumn<AuditEntry>[] = [
  { id: 'created_at', header: 'When', cell: (c) => formatWhen(c.row.original.created_at) },
  {
    id: 'actor',
    header: 'Who',
    cell: (c) =>
      c.row.original.actor_id === null ? (
        'command line'
      ) : (
        <Link href={`/admin/players/${c.row.original.actor_id}/`}>{c.row.original.actor_name || `#${c.row.original.actor_id}`}</Link>
      ),
  },
  { id: 'action', accessorKey: 'action', header: 'What' },
  {
    id: 'target',
    header: 'On',
    cell: (c) =>
      c.row.original.target_type === 'user' ? (
        <Link href={`/admin/players/${c.row.original.target_id}/`}>player #{c.row.original.target_id}</Link>
      ) : (
        `${c.row.original.target_type.replaceAll('_', ' ')} ${c.row.original.target_id}`
      ),
  },
  { id: 'before', header: 'Before', cell: (c) => <span className="break-all">{describe(c.row.original.before)}</span> },
  { id: 'after', header: 'After', cell: (c) => <span className="break-all">{describe(c.row.original.after)}</span> },
];

export function AuditView() {
  return (
    <AdminOnly>
      <AuditLog />
    </AdminOnly>
  );
}

function AuditLog() {
  const params = useSearchParams();
  const [draft, setDraft] = useState({ action: params?.get('action') ?? '', target_type: params?.get('target_type') ?? '', target_id: params?.get('target_id') ?? '' });
  const [filter, setFilter] = useState(draft);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 50 });
  const request = { ...filter, limit: pagination.pageSize, offset: pagination.pageIndex * pagination.pageSize };
  const data = useTableQuery(`audit:${JSON.stringify(request)}`, () => adminApi.audit(request));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ action: draft.action.trim(), target_type: draft.target_type.trim(), target_id: draft.target_id.trim() });
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  };

  return (
    <>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="text-fg-muted">Every change made by an operator, newest first. Entries are never changed or deleted.</p>
      <DataTable
        caption="Audit log"
        columns={COLUMNS}
        data={data}
        rowId={(r) => String(r.id)}
        pagination={pagination}
        onPaginationChange={setPagination}
        empty={{ title: 'No entries', description: filter.action || filter.target_type || filter.target_id ? 'Nothing matches the filter.' : undefined }}
        toolbar={
          <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Filter the audit log">
            <TextField id="audit-action" label="Action (e.g. user.coins)" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })} />
            <TextField id="audit-target-type" label="Target type (e.g. user)" value={draft.target_type} onChange={(e) => setDraft({ ...draft, target_type: e.target.value })} />
            <TextField id="audit-target-id" label="Target id" value={draft.target_id} onChange={(e) => setDraft({ ...draft, target_id: e.target.value })} />
            <Button type="submit" variant="secondary">
              Filter
            </Button>
          </form>
        }
      />
    </>
  );
}
