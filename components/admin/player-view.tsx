'use client';

import { useState, type FormEvent } from 'react';
import { AdminOnly } from '@/components/admin/console-frame';
import { failureText, useSchemaForm } from '@/components/admin/form';
import { formatWhen, newRequestKey } from '@/components/admin/table-query';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { adminApi, type PlayerDetail } from '@/services/client/admin-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { adjustCoinsForm } from '@/services/domain/forms';

export function PlayerView({ userId }: { userId: number }) {
  return (
    <AdminOnly>
      <PlayerPage userId={userId} />
    </AdminOnly>
  );
}

function PlayerPage({ userId }: { userId: number }) {
  const player = useApiQuery(`admin_player:${userId}`, () => adminApi.player(userId), () => false);
  // After a change the page is read again in place: the forms keep their confirmation.
  const [fresh, setFresh] = useState<PlayerDetail | null>(null);
  const reload = () => {
    void adminApi.player(userId).then((r) => r.ok && setFresh(r.data));
  };

  return (
    <>
      <BackLink href="/admin/players/" label="Players" />
      {player.status === 'loading' ? (
        <SkeletonText label="Loading the player" lines={8} />
      ) : player.status === 'empty' ? (
        <EmptyState title={`There is no player #${userId}`} />
      ) : player.status === 'error' ? (
        <ErrorWithRetry title="Could not load" message={`Player #${userId} could not be loaded.`} retryLabel="Try again" onRetry={player.retry} />
      ) : (
        <PlayerDetails player={fresh ?? player.data} onChanged={reload} />
      )}
    </>
  );
}

function PlayerDetails({ player, onChanged }: { player: PlayerDetail; onChanged: () => void }) {
  return (
    <>
      <h1 className="text-2xl font-bold">
        {player.name || '(no name)'} <span className="text-fg-muted">#{player.id}</span>
      </h1>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="text-fg-muted">E-mail</dt>
        <dd>{player.email ?? '—'}</dd>
        <dt className="text-fg-muted">Mobile</dt>
        <dd>{player.mobile ?? '—'}</dd>
        <dt className="text-fg-muted">Coins</dt>
        <dd data-testid="player-coins">{player.coins.toLocaleString()}</dd>
        <dt className="text-fg-muted">Status</dt>
        <dd data-testid="player-status">{player.active ? 'active' : 'deactivated'}</dd>
        <dt className="text-fg-muted">Role</dt>
        <dd>{player.role ?? 'player'}</dd>
        <dt className="text-fg-muted">Joined</dt>
        <dd>{formatWhen(player.created_at)}</dd>
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <StatusCard player={player} onChanged={onChanged} />
        <AdjustCoinsCard player={player} onChanged={onChanged} />
      </div>
      <section aria-labelledby="coin-history" className="flex flex-col gap-2">
        <h2 id="coin-history" className="text-xl font-semibold">
          Coin history
        </h2>
        {player.coin_history.length === 0 ? (
          <p className="text-fg-muted">No coin movements.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-card border border-line" data-testid="player-coin-history">
            {player.coin_history.map((c) => (
              <li key={c.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                <span>
                  {c.title} <span className="text-fg-muted">({c.type})</span>
                </span>
                <span className={c.amount < 0 ? 'text-danger' : ''}>
                  {c.amount > 0 ? '+' : ''}
                  {c.amount} → {c.balance_after} · {formatWhen(c.created_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="plays" className="flex flex-col gap-2">
        <h2 id="plays" className="text-xl font-semibold">
          Recent plays
        </h2>
        {player.plays.length === 0 ? (
          <p className="text-fg-muted">No plays.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-card border border-line">
            {player.plays.map((p) => (
              <li key={p.id} className="flex justify-between gap-2 px-3 py-2">
                <span>{p.mode.replaceAll('_', ' ')}</span>
                <span className="text-fg-muted">
                  {p.status} · {formatWhen(p.created_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="reports" className="flex flex-col gap-2">
        <h2 id="reports" className="text-xl font-semibold">
          Reports sent
        </h2>
        {player.reports.length === 0 ? (
          <p className="text-fg-muted">No reports.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-card border border-line">
            {player.reports.map((r) => (
              <li key={r.id} className="px-3 py-2">
                Question {r.question_id} (kind {r.kind}): “{r.message}” <span className="text-fg-muted">· {formatWhen(r.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function StatusCard({ player, onChanged }: { player: PlayerDetail; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = !player.active;

  const apply = async () => {
    setBusy(true);
    const result = await adminApi.setPlayerStatus(player.id, next);
    setBusy(false);
    setConfirming(false);
    if (result.ok) {
      setError(null);
      onChanged();
    } else setError(failureText(result));
  };

  return (
    <Card className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">Account</h2>
      <p className="text-fg-muted">
        {player.active
          ? 'A deactivated player is refused at the next call (“account deactivated, contact admin”) on every server.'
          : 'This account is deactivated: every call it makes is refused.'}
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <Button variant={player.active ? 'danger' : 'primary'} className="self-start" onClick={() => setConfirming(true)}>
        {player.active ? 'Deactivate' : 'Reactivate'}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={player.active ? 'Deactivate this player?' : 'Reactivate this player?'}
        message={player.active ? `${player.name || `#${player.id}`} will be signed out of every call at once.` : `${player.name || `#${player.id}`} can play again.`}
        confirmLabel={player.active ? 'Deactivate' : 'Reactivate'}
        cancelLabel="Cancel"
        onConfirm={() => void apply()}
        onCancel={() => setConfirming(false)}
        busy={busy}
      />
    </Card>
  );
}

function AdjustCoinsCard({ player, onChanged }: { player: PlayerDetail; onChanged: () => void }) {
  const form = useSchemaForm(adjustCoinsForm);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One key per adjustment: a second click on a slow answer moves nothing twice.
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = form.check({ user_id: player.id, amount, reason, request_key: requestKey });
    if (!input) return;
    setBusy(true);
    const result = await adminApi.adjustCoins(input);
    setBusy(false);
    if (!result.ok) {
      form.refused(result);
      return;
    }
    setDone(`${input.amount > 0 ? 'Added' : 'Took'} ${Math.abs(input.amount)} coins: the balance is ${result.data.coins}.`);
    setAmount('');
    setReason('');
    setRequestKey(newRequestKey());
    onChanged();
  };

  return (
    <Card as="section" className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">Adjust coins</h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
        {form.errors[''] ?? form.errors.user_id ? <Alert>{form.errors[''] ?? form.errors.user_id}</Alert> : null}
        {done ? (
          <Alert tone="success">
            <span role="status">{done}</span>
          </Alert>
        ) : null}
        <TextField id="adjust-amount" label="Coins (negative to take)" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} error={form.errors.amount} />
        <TextField id="adjust-reason" label="Reason (the player sees it)" value={reason} limit={200} onChange={(e) => setReason(e.target.value)} error={form.errors.reason} />
        <Button type="submit" className="self-start" disabled={busy}>
          {busy ? 'Saving…' : 'Adjust'}
        </Button>
      </form>
    </Card>
  );
}
