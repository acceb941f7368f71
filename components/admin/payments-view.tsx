'use client';

import Link from 'next/link';
import { useMemo, useState, type FormEvent } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { AdminOnly } from '@/components/admin/console-frame';
import { DataTable, type ConsoleColumn } from '@/components/admin/data-table';
import { useSchemaForm } from '@/components/admin/form';
import { formatWhen, useTableQuery } from '@/components/admin/table-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { Tabs } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { adminApi, type PaymentRow } from '@/services/client/admin-api';
import { decidePaymentForm } from '@/services/domain/forms';

const STATUSES = [
  { id: 'pending', label: 'Pending' },
  { id: 'completed', label: 'Paid' },
  { id: 'invalid', label: 'Invalid' },
  { id: 'deleted', label: 'Withdrawn' },
] as const;

type Status = PaymentRow['status'];
type Decision = { row: PaymentRow; status: 'completed' | 'invalid' };

export function PaymentsView() {
  return (
    <AdminOnly>
      <PaymentsQueue />
    </AdminOnly>
  );
}

function PaymentsQueue() {
  const [status, setStatus] = useState<Status>('pending');
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 25 });
  const [version, setVersion] = useState(0);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const request = { status, offset: pagination.pageIndex * pagination.pageSize, limit: pagination.pageSize };
  const data = useTableQuery(`payments:${JSON.stringify(request)}:${version}`, () => adminApi.payments(request));

  const columns = useMemo<ConsoleColumn<PaymentRow>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'Request', cell: (c) => `#${c.row.original.id}` },
      { id: 'player', header: 'Player', cell: (c) => <Link href={`/admin/players/${c.row.original.user_id}/`}>{c.row.original.user_name || `#${c.row.original.user_id}`}</Link> },
      { id: 'payout', header: 'Pay to', cell: (c) => `${c.row.original.payment_type}: ${c.row.original.payment_address}` },
      { id: 'coins', accessorKey: 'coins', header: 'Coins', cell: (c) => c.row.original.coins.toLocaleString() },
      { id: 'amount', accessorKey: 'amount', header: 'Amount' },
      { id: 'created_at', header: 'Requested', cell: (c) => formatWhen(c.row.original.created_at) },
      {
        id: 'decision',
        header: status === 'pending' ? 'Decide' : 'Decided',
        cell: (c) =>
          c.row.original.status === 'pending' ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setDeciding({ row: c.row.original, status: 'completed' })} aria-label={`Mark request ${c.row.original.id} paid`}>
                Paid
              </Button>
              <Button variant="danger" onClick={() => setDeciding({ row: c.row.original, status: 'invalid' })} aria-label={`Mark request ${c.row.original.id} invalid`}>
                Invalid
              </Button>
            </div>
          ) : (
            <span>
              {formatWhen(c.row.original.decided_at)}
              {c.row.original.reason ? ` — ${c.row.original.reason}` : ''}
            </span>
          ),
      },
    ],
    [status],
  );

  return (
    <>
      <h1 className="text-2xl font-bold">Payouts</h1>
      <p className="text-fg-muted">Pay a request outside the app, then mark it paid; an invalid one gives the coins back. The player is notified either way.</p>
      {notice ? (
        <Alert tone="success">
          <span role="status">{notice}</span>
        </Alert>
      ) : null}
      <Tabs
        label="Requests by status"
        idPrefix="payments"
        tabs={STATUSES}
        selected={status}
        onSelect={(id) => {
          setStatus(id as Status);
          setPagination((p) => ({ ...p, pageIndex: 0 }));
        }}
      />
      <div id="payments-panel" role="tabpanel" aria-labelledby={`payments-tab-${status}`}>
        <DataTable
          caption={`${STATUSES.find((s) => s.id === status)!.label} payout requests`}
          columns={columns}
          data={data}
          rowId={(r) => String(r.id)}
          pagination={pagination}
          onPaginationChange={setPagination}
          empty={{ title: status === 'pending' ? 'No request is waiting' : 'None yet' }}
        />
      </div>
      {deciding ? (
        <DecideDialog
          decision={deciding}
          onClose={() => setDeciding(null)}
          onDone={(text) => {
            setDeciding(null);
            setNotice(text);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </>
  );
}

function DecideDialog({ decision, onClose, onDone }: { decision: Decision; onClose: () => void; onDone: (notice: string) => void }) {
  const form = useSchemaForm(decidePaymentForm);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { row, status } = decision;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = form.check({ payment_id: row.id, status, reason });
    if (!input) return;
    setBusy(true);
    const result = await adminApi.decidePayment(input);
    setBusy(false);
    if (!result.ok) form.refused(result);
    else onDone(status === 'completed' ? `Request #${row.id} marked paid.` : `Request #${row.id} marked invalid; ${row.coins} coins returned.`);
  };

  return (
    <FormDialog
      open
      title={status === 'completed' ? `Mark request #${row.id} paid?` : `Mark request #${row.id} invalid?`}
      description={`${row.amount} (${row.coins} coins) to ${row.payment_type} ${row.payment_address}.`}
      onClose={onClose}
      busy={busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
        {form.errors[''] ?? form.errors.payment_id ? <Alert>{form.errors[''] ?? form.errors.payment_id}</Alert> : null}
        {status === 'invalid' ? (
          <TextField id="decide-reason" label="Reason (the player sees it)" value={reason} limit={200} onChange={(e) => setReason(e.target.value)} error={form.errors.reason} data-autofocus />
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={status === 'invalid' ? 'danger' : 'primary'} disabled={busy}>
            {status === 'completed' ? 'Mark paid' : 'Mark invalid'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
