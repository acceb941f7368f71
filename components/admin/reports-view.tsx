'use client';

import Link from 'next/link';
import { useMemo, useState } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { DataTable, type ConsoleColumn } from '@/components/admin/data-table';
import { failureText } from '@/components/admin/form';
import { formatWhen, useTableQuery } from '@/components/admin/table-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';
import { adminApi, type AdminReport } from '@/services/client/admin-api';

const STATUSES = [
  { id: 'open', label: 'Open' },
  { id: 'fixed', label: 'Fixed' },
  { id: 'dismissed', label: 'Dismissed' },
] as const;

/** `/admin/reports/`: what players reported about questions; open → fixed or dismissed. */
export function ReportsView() {
  const [status, setStatus] = useState<AdminReport['status']>('open');
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 25 });
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);
  const request = { status, offset: pagination.pageIndex * pagination.pageSize, limit: pagination.pageSize };
  const data = useTableQuery(`reports:${JSON.stringify(request)}:${version}`, () => adminApi.reports(request));

  const columns = useMemo<ConsoleColumn<AdminReport>[]>(() => {
    const resolve = async (r: AdminReport, to: 'fixed' | 'dismissed') => {
      const result = await adminApi.resolveReport(r.id, to);
      setMessage(result.ok ? { tone: 'success', text: `Report #${r.id} marked ${to}.` } : { tone: 'danger', text: failureText(result) });
      setVersion((v) => v + 1);
    };
    return [
      { id: 'created_at', header: 'Reported', cell: (c) => formatWhen(c.row.original.created_at) },
      {
        id: 'question',
        header: 'Question',
        cell: (c) =>
          c.row.original.kind === '1' || c.row.original.kind === '6' ? (
            <Link href={`/admin/questions/${c.row.original.question_id}/`}>
              #{c.row.original.question_id} {c.row.original.question ?? ''}
            </Link>
          ) : (
            `#${c.row.original.question_id} (kind ${c.row.original.kind})`
          ),
      },
      { id: 'message', accessorKey: 'message', header: 'What the player says' },
      { id: 'player', header: 'Player', cell: (c) => c.row.original.user_name || `#${c.row.original.user_id}` },
      {
        id: 'decide',
        header: status === 'open' ? 'Decide' : 'Decided',
        cell: (c) =>
          c.row.original.status === 'open' ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" aria-label={`Mark report ${c.row.original.id} fixed`} onClick={() => void resolve(c.row.original, 'fixed')}>
                Fixed
              </Button>
              <Button variant="ghost" aria-label={`Dismiss report ${c.row.original.id}`} onClick={() => void resolve(c.row.original, 'dismissed')}>
                Dismiss
              </Button>
            </div>
          ) : (
            formatWhen(c.row.original.resolved_at)
          ),
      },
    ];
  }, [status]);

  return (
    <>
      <h1 className="text-2xl font-bold">Reports</h1>
      {message ? (
        <Alert tone={message.tone}>
          <span role={message.tone === 'success' ? 'status' : undefined}>{message.text}</span>
        </Alert>
      ) : null}
      <Tabs
        label="Reports by status"
        idPrefix="reports"
        tabs={STATUSES}
        selected={status}
        onSelect={(id) => {
          setStatus(id as AdminReport['status']);
          setPagination((p) => ({ ...p, pageIndex: 0 }));
        }}
      />
      <div id="reports-panel" role="tabpanel" aria-labelledby={`reports-tab-${status}`}>
        <DataTable caption={`${STATUSES.find((s) => s.id === status)!.label} reports`} columns={columns} data={data} rowId={(r) => String(r.id)} pagination={pagination} onPaginationChange={setPagination} empty={{ title: status === 'open' ? 'No open reports' : 'None' }} />
      </div>
    </>
  );
}
