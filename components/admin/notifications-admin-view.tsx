'use client';

import { useEffect, useState, type FormEvent } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { AdminOnly } from '@/components/admin/console-frame';
import { DataTable, type ConsoleColumn } from '@/components/admin/data-table';
import { useSchemaForm } from '@/components/admin/form';
import { MediaField } from '@/components/admin/media-field';
import { formatWhen, useTableQuery } from '@/components/admin/table-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { LimitCount, limitState, TextField } from '@/components/ui/text-field';
import { adminApi, type NotificationSend } from '@/services/client/admin-api';
import { sendNotificationForm } from '@/services/domain/forms';
import { useAppSelector } from '@/services/store/hooks';
import { selectContentLanguages } from '@/services/store/selectors';

/** The longest message a notification may carry (sendNotificationForm). */
const MESSAGE_LIMIT = 1000;

const AUDIENCES = [
  { value: 'all', label: 'Everyone' },
  { value: 'user', label: 'One player' },
  { value: 'language', label: 'Players of a content language' },
];

export function NotificationsAdminView() {
  return (
    <AdminOnly>
      <NotificationsAdmin />
    </AdminOnly>
  );
}

function NotificationsAdmin() {
  const [version, setVersion] = useState(0);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const request = { offset: pagination.pageIndex * pagination.pageSize, limit: pagination.pageSize };
  const sends = useTableQuery(`sends:${JSON.stringify(request)}:${version}`, () => adminApi.notificationSends(request));
  const delivering = sends.status === 'content' && sends.rows.some((s) => s.status === 'delivering');

  // While a send is being delivered its count moves: read the list again every 2 s until done.
  useEffect(() => {
    if (!delivering) return;
    const timer = setTimeout(() => setVersion((v) => v + 1), 2000);
    return () => clearTimeout(timer);
  }, [delivering, version]);

  return (
    <>
      <h1 className="text-2xl font-bold">Notifications</h1>
      <SendForm onSent={() => setVersion((v) => v + 1)} />
      <h2 className="text-xl font-semibold">Sent</h2>
      <DataTable
        caption="Notifications sent"
        columns={COLUMNS}
        data={sends}
        rowId={(r) => String(r.id)}
        pagination={pagination}
        onPaginationChange={setPagination}
        empty={{ title: 'Nothing sent yet' }}
      />
    </>
  );
}

const COLUMNS: ConsoleColumn<NotificationSend>[] = [
  { id: 'created_at', header: 'Sent', cell: (c) => formatWhen(c.row.original.created_at) },
  { id: 'title', accessorKey: 'title', header: 'Title' },
  {
    id: 'audience',
    header: 'To',
    cell: (c) =>
      c.row.original.audience === 'all' ? 'everyone' : c.row.original.audience === 'user' ? `player #${c.row.original.user_id}` : `language #${c.row.original.language_id}`,
  },
  {
    id: 'delivered',
    header: 'Delivered',
    cell: (c) => `${c.row.original.delivered.toLocaleString()} ${c.row.original.status === 'done' ? '(done)' : '(delivering…)'}`,
  },
];

function SendForm({ onSent }: { onSent: () => void }) {
  const languages = useAppSelector(selectContentLanguages);
  const form = useSchemaForm(sendNotificationForm);
  const blank = { title: '', message: '', image: '', link: '', audience: 'all', user_id: '', language_id: '' };
  const [values, setValues] = useState(blank);
  const messageCount = limitState(values.message.length, MESSAGE_LIMIT);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const set = (key: keyof typeof blank) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    const input = form.check(values);
    if (!input) return;
    setBusy(true);
    const result = await adminApi.sendNotification(input);
    setBusy(false);
    if (!result.ok) {
      form.refused(result);
      return;
    }
    setSent(`“${result.data.title}” is on its way.`);
    setValues(blank);
    onSent();
  };

  return (
    <Card as="section" className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold">Send a notification</h2>
      <p className="text-fg-muted">It appears in the players’ notification lists, and at once on the pages of players who have the app open.</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 md:grid-cols-2">
        {form.errors[''] ? <Alert className="md:col-span-2">{form.errors['']}</Alert> : null}
        {sent ? (
          <Alert tone="success" className="md:col-span-2">
            <span role="status">{sent}</span>
          </Alert>
        ) : null}
        <TextField id="notify-title" label="Title" limit={100} value={values.title} onChange={(e) => set('title')(e.target.value)} error={form.errors.title} />
        <SelectField id="notify-audience" label="To" value={values.audience} options={AUDIENCES} onChange={set('audience')} error={form.errors.audience} />
        <div className="flex flex-col gap-1 md:col-span-2">
          <label htmlFor="notify-message" className="text-sm font-medium">
            Message
          </label>
          <textarea
            id="notify-message"
            rows={3}
            value={values.message}
            onChange={(e) => set('message')(e.target.value)}
            aria-invalid={form.errors.message || messageCount.over ? true : undefined}
            aria-describedby={[messageCount.show ? 'notify-message-count' : null, form.errors.message ? 'notify-message-error' : null].filter(Boolean).join(' ') || undefined}
            className="rounded-control border border-line-strong bg-surface p-3 aria-invalid:border-danger"
          />
          {messageCount.show ? <LimitCount id="notify-message-count" length={values.message.length} limit={MESSAGE_LIMIT} /> : null}
          {form.errors.message ? (
            <p id="notify-message-error" className="text-sm text-danger">
              {form.errors.message}
            </p>
          ) : null}
        </div>
        {values.audience === 'user' ? (
          <TextField id="notify-user" label="Player id" inputMode="numeric" value={values.user_id} onChange={(e) => set('user_id')(e.target.value)} error={form.errors.user_id} />
        ) : null}
        {values.audience === 'language' ? (
          <SelectField
            id="notify-language"
            label="Content language"
            value={values.language_id}
            options={[{ value: '', label: 'Choose…' }, ...languages.map((l) => ({ value: String(l.id), label: l.language }))]}
            onChange={set('language_id')}
            error={form.errors.language_id}
          />
        ) : null}
        <TextField id="notify-link" label="Link (optional: /path or https://…)" value={values.link} onChange={(e) => set('link')(e.target.value)} error={form.errors.link} />
        <MediaField kind="image" label="Image (optional)" value={values.image} onChange={set('image')} error={form.errors.image} />
        <Button type="submit" className="self-start md:col-span-2" disabled={busy}>
          {busy ? 'Sending…' : 'Send'}
        </Button>
      </form>
    </Card>
  );
}
