'use client';

import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { QUICK_MESSAGE_EMOJI, QUICK_MESSAGES, type QuickMessage, type RoomDocument } from '@/services/domain/rooms';

/** How many of the room's latest messages the strip shows. */
const SHOWN = 3;

/** The room's latest quick messages, by name, announced politely as they come. */
export function MessageStrip({ doc }: { doc: RoomDocument }) {
  const { t } = useTranslation();
  const latest = doc.messages.slice(-SHOWN);
  return (
    <section aria-label={t('battle.messages')} className="min-h-6">
      <ul aria-live="polite" className="flex flex-col gap-1 text-sm">
        {latest.map((m) => {
          const name = doc.players.find((p) => p.user_id === m.user_id)?.name ?? '';
          const emoji = QUICK_MESSAGE_EMOJI[m.key];
          return (
            <li key={`${m.user_id}:${m.at}:${m.key}`} dir="auto" className="rounded-control bg-surface-muted px-3 py-1">
              {emoji ? <span aria-hidden="true">{emoji} </span> : null}
              {t('battle.message.from', { name, message: t(`battle.message.${m.key}`) })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A button that opens the fixed list of quick messages; picking one sends it and closes the list. */
export function MessagePicker({ onSend }: { onSend: (key: QuickMessage) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-touch items-center justify-center gap-2 self-start rounded-control border border-line-strong bg-surface px-4 font-semibold hover:bg-surface-muted"
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        {t('battle.message.send')}
      </button>
      {open ? (
        <ul id={listId} aria-label={t('battle.message.title')} className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {QUICK_MESSAGES.map((key) => (
            <li key={key}>
              <button
                type="button"
                onClick={() => {
                  onSend(key);
                  setOpen(false);
                }}
                className="flex min-h-touch w-full items-center justify-center gap-1 rounded-control border border-line bg-surface px-2 text-sm hover:bg-accent-soft"
              >
                {QUICK_MESSAGE_EMOJI[key] ? <span aria-hidden="true">{QUICK_MESSAGE_EMOJI[key]}</span> : null}
                {t(`battle.message.${key}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
