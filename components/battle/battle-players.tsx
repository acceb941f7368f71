'use client';

import { useTranslation } from '@/services/client/i18n';
import { Bot } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import type { RoomDocument, RoomQuestion } from '@/services/domain/rooms';

/**
 * The players of a room as a score bar: picture, name, points (the room's numbers), and marks
 * in words: "You", "Bot", answered the open question, reconnecting, left.
 */
export function BattlePlayers({ doc, userId, question }: { doc: RoomDocument; userId: number; question: RoomQuestion | null }) {
  const { t } = useTranslation();
  const answered = (id: number) => !!question && !question.closed && question.answers.some((a) => a.user_id === id && a.answered);
  const othersAnswered = doc.players.filter((p) => p.user_id !== userId && answered(p.user_id));
  return (
    <section aria-label={t('battle.players')}>
      {/* An opponent's answer is announced as it comes (only the new one: additions). */}
      <div aria-live="polite" aria-relevant="additions" className="sr-only" data-testid="opponent-answers">
        {othersAnswered.map((p) => (
          <p key={`${question?.index}:${p.user_id}`}>{t('battle.opponent_answered', { name: p.name })}</p>
        ))}
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {doc.players.map((p) => {
          const marks = [
            p.user_id === userId ? t('battle.you') : null,
            p.is_bot ? t('battle.bot') : null,
            answered(p.user_id) ? t('battle.answered') : null,
            p.left ? t('battle.player_left') : !p.connected ? t('battle.reconnecting_player') : null,
          ].filter((m): m is string => m !== null);
          return (
            <li
              key={p.user_id}
              className={`flex min-w-0 items-center gap-2 rounded-card border p-2 sm:flex-1 ${p.user_id === userId ? 'border-accent bg-accent-soft' : 'border-line bg-surface'} ${p.left ? 'opacity-60' : ''}`}
            >
              {p.is_bot ? (
                // The bot is a player too, with a face of its own.
                <span role="img" aria-label={p.name} className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-tone-slate text-white">
                  <Bot aria-hidden="true" className="size-6" />
                </span>
              ) : (
                <Avatar src={p.image} name={p.name} size={40} />
              )}
              <span className="flex min-w-0 flex-col">
                <span dir="auto" title={p.name} className="line-clamp-2 break-words font-semibold leading-tight">
                  {p.name}
                </span>
                <span className="text-sm tabular-nums">{t('battle.points', { points: p.points, count: p.points })}</span>
                {marks.length ? <span className="text-xs text-fg-muted">{marks.join(' · ')}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
