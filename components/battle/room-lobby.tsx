'use client';

import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { LeaveButton } from '@/components/battle/battle-screen';
import { refusalText } from '@/components/battle/battle-text';
import { MessagePicker, MessageStrip } from '@/components/battle/quick-messages';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { playerOf } from '@/machines/battle-play/battle-room';
import type { GroupBattleActorRef } from '@/machines/group-battle/group-battle.machine';

/** The room code, large, with a copy button that says when it copied. */
function RoomCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-line-strong p-4">
      <span className="text-sm text-fg-muted">{t('battle.lobby.code')}</span>
      <span dir="ltr" className="font-mono text-3xl font-bold tracking-widest">
        {code}
      </span>
      <Button variant="secondary" onClick={copy}>
        {t('battle.lobby.copy')}
      </Button>
      <span role="status" className="text-sm">
        {copied ? t('battle.lobby.copied') : ''}
      </span>
      <p className="text-center text-sm text-fg-muted">{t('battle.lobby.share_hint')}</p>
    </div>
  );
}

/**
 * A friend or group room before it starts: the code to share, the seats, readiness, and the
 * creator's start and delete (refusals in the spec's words). What is allowed is the machine's.
 */
export function RoomLobby({ actorRef }: { actorRef: GroupBattleActorRef }) {
  const { t } = useTranslation();
  const doc = useSelector(actorRef, (s) => s.context.doc);
  const userId = useSelector(actorRef, (s) => s.context.userId);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => !s.matches({ room: { lobby: 'idle' } }));
  const starting = useSelector(actorRef, (s) => s.matches({ room: { lobby: 'starting' } }));
  const [askDelete, setAskDelete] = useState(false);
  if (!doc) return null;
  const me = playerOf(doc, userId);
  const creator = doc.created_by === userId;
  const seats = Array.from({ length: doc.max_players }, (_, i) => doc.players[i] ?? null);

  return (
    <Card as="section" aria-labelledby="lobby-title" className="flex flex-col gap-4">
      <h1 id="lobby-title" className="text-2xl font-bold">
        {t(doc.type === 'group' ? 'mode.group_battle.title' : 'mode.play_with_friend.title')}
      </h1>
      {doc.code ? <RoomCode code={doc.code} /> : null}
      <p className="text-fg-muted">
        {t('battle.create.questions_option', { count: doc.no_of_que })} · {doc.entry_fee === 0 ? t('battle.create.free') : t('battle.lobby.entry_fee', { coins: doc.entry_fee, count: doc.entry_fee })}
      </p>
      {error ? <Alert>{refusalText(t, error.code)}</Alert> : null}
      <section aria-labelledby="lobby-seats">
        <h2 id="lobby-seats" className="mb-2 font-semibold">
          {t('battle.lobby.seats', { count: doc.players.length, max: doc.max_players })}
        </h2>
        <ul className="flex flex-col gap-2">
          {seats.map((p, i) =>
            p ? (
              <li key={p.user_id} className="flex min-h-touch items-center gap-3 rounded-control border border-line p-2">
                <Avatar src={p.image} name={p.name} size={40} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span dir="auto" className="break-words font-semibold leading-tight">
                    {p.name}
                  </span>
                  {p.user_id === userId ? <span className="text-sm text-fg-muted">{t('battle.you')}</span> : null}
                </span>
                <span className="text-sm">
                  {p.user_id === doc.created_by ? `${t('battle.lobby.creator')} · ` : ''}
                  {p.ready ? t('battle.lobby.ready') : t('battle.lobby.not_ready')}
                </span>
              </li>
            ) : (
              <li key={`empty-${i}`} className="flex min-h-touch items-center rounded-control border border-dashed border-line p-2 text-fg-muted">
                {t('battle.lobby.empty_seat')}
              </li>
            ),
          )}
        </ul>
      </section>
      <MessageStrip doc={doc} />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {creator ? (
          <Button onClick={() => actorRef.send({ type: 'user.start' })} disabled={busy}>
            {starting ? t('battle.lobby.starting') : t('battle.lobby.start')}
          </Button>
        ) : (
          <>
            <Button aria-pressed={me?.ready ?? false} onClick={() => actorRef.send({ type: 'user.ready' })} disabled={busy}>
              {me?.ready ? t('battle.lobby.set_not_ready') : t('battle.lobby.set_ready')}
            </Button>
            <p role="status" className="self-center text-fg-muted">
              {t('battle.lobby.waiting_start')}
            </p>
          </>
        )}
      </div>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <MessagePicker onSend={(key) => actorRef.send({ type: 'user.message', key })} />
        {creator ? (
          <>
            <Button variant="ghost" onClick={() => setAskDelete(true)} disabled={busy}>
              {t('battle.lobby.delete')}
            </Button>
            <ConfirmDialog
              open={askDelete}
              title={t('battle.lobby.delete_confirm.title')}
              message={t('battle.lobby.delete_confirm.message')}
              confirmLabel={t('battle.lobby.delete')}
              cancelLabel={t('battle.stay')}
              onCancel={() => setAskDelete(false)}
              onConfirm={() => {
                setAskDelete(false);
                actorRef.send({ type: 'user.delete' });
              }}
            />
          </>
        ) : (
          <LeaveButton actorRef={actorRef} label={t('battle.leave')} title={t('battle.lobby.leave_confirm.title')} message={t('battle.lobby.leave_confirm.message')} />
        )}
      </div>
    </Card>
  );
}
