'use client';

import { useState, type FormEvent } from 'react';
import { AdminOnly, useOperator } from '@/components/admin/console-frame';
import { failureText } from '@/components/admin/form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SelectField } from '@/components/ui/select-field';
import { SkeletonText } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { adminApi, type OperatorRole } from '@/services/client/admin-api';
import { useApiQuery } from '@/services/client/use-api-query';

const ROLES = [
  { value: 'editor', label: 'Editor: content only' },
  { value: 'admin', label: 'Admin: everything' },
];

export function OperatorsView() {
  return (
    <AdminOnly>
      <Operators />
    </AdminOnly>
  );
}

function Operators() {
  const me = useOperator();
  const [version, setVersion] = useState(0);
  const list = useApiQuery(`admin_operators:${version}`, adminApi.operators, (d) => d.length === 0);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('editor');
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const grant = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setMessage({ tone: 'danger', text: 'E-mail: is required' });
      return;
    }
    setBusy(true);
    const result = await adminApi.grantRole({ email: email.trim(), role });
    setBusy(false);
    if (!result.ok) setMessage({ tone: 'danger', text: failureText(result) });
    else {
      setMessage({ tone: 'success', text: `${result.data.name || email} is now ${result.data.role}.` });
      setEmail('');
      setVersion((v) => v + 1);
    }
  };

  const revoke = async (userId: number, name: string) => {
    const result = await adminApi.revokeRole(userId);
    setMessage(result.ok ? { tone: 'success', text: `${name} is a player again.` } : { tone: 'danger', text: failureText(result) });
    if (result.ok) setVersion((v) => v + 1);
  };

  return (
    <>
      <h1 className="text-2xl font-bold">Operators</h1>
      {message ? (
        <Alert tone={message.tone}>
          <span role={message.tone === 'success' ? 'status' : undefined}>{message.text}</span>
        </Alert>
      ) : null}
      <Card as="section" className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">Give a role</h2>
        <form onSubmit={(e) => void grant(e)} noValidate className="flex flex-wrap items-end gap-3">
          <TextField id="grant-email" type="email" label="E-mail of a signed-up account" value={email} onChange={(e) => setEmail(e.target.value)} />
          <SelectField id="grant-role" label="Role" value={role} options={ROLES} onChange={(v) => setRole(v as OperatorRole)} />
          <Button type="submit" disabled={busy}>
            Give role
          </Button>
        </form>
      </Card>
      {list.status === 'loading' ? (
        <SkeletonText label="Loading the operators" />
      ) : list.status !== 'content' ? (
        <ErrorWithRetry title="Could not load" message="The operators could not be loaded." retryLabel="Try again" onRetry={list.retry} />
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-card border border-line">
          {list.data.map((o) => (
            <li key={o.user_id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                {o.name || `#${o.user_id}`} <span className="text-fg-muted">{o.email}</span> · <strong>{o.role}</strong>
              </span>
              {o.user_id === me.user_id ? (
                <span className="text-fg-muted">you</span>
              ) : (
                <Button variant="secondary" onClick={() => void revoke(o.user_id, o.name || `#${o.user_id}`)}>
                  Take role away
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
