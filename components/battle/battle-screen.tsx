'use client';

import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { useImmersive } from '@/components/shell/immersive';
import { BattlePlayers } from '@/components/battle/battle-players';
import { BattleQuestion } from '@/components/battle/battle-question';
import { MessagePicker, MessageStrip } from '@/components/battle/quick-messages';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import type { BattlePlayActorRef } from '@/machines/battle-play/battle-play.machine';
import { currentQuestion, type QuickMessage, type RoomDocument } from '@/services/domain/rooms';

/** What the battle screens send to their machine (both battle machines take these events). */
export interface BattleRoomActor {
  send(event: { type: 'user.answer'; key: string } | { type: 'user.leave' } | { type: 'user.message'; key: QuickMessage }): void;
}

/** A "Leave" button that asks first (focus on Stay), then sends `user.leave`. */
export function LeaveButton({ actorRef, label, title, message, variant = 'ghost' }: { actorRef: BattleRoomActor; label: string; title: string; message: string; variant?: ButtonVariant }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setAsking(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={asking}
        title={title}
        message={message}
        confirmLabel={label}
        cancelLabel={t('battle.stay')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          actorRef.send({ type: 'user.leave' });
        }}
      />
    </>
  );
}

/** The battle being played: the players and their points, the question, quick messages, leave. */
export function BattleScreen({ actorRef, doc, userId, playRef }: { actorRef: BattleRoomActor; doc: RoomDocument; userId: number; playRef: BattlePlayActorRef }) {
  const { t } = useTranslation();
  // The play child's document can be a moment ahead of the room's (its own answer's): the scores follow the newest.
  const playDoc = useSelector(playRef, (s) => s.context.doc);
  const shown = playDoc.version > doc.version ? playDoc : doc;
  const answer = useCallback((key: string) => actorRef.send({ type: 'user.answer', key }), [actorRef]);
  // A battle on screen is immersive: no site frame (leaving is the Leave button, which asks first).
  useImmersive();
  return (
    <div className="flex flex-col gap-4">
      <BattlePlayers doc={shown} userId={userId} question={currentQuestion(shown)} />
      <BattleQuestion playRef={playRef} onAnswer={answer} />
      <MessageStrip doc={shown} />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <MessagePicker onSend={(key) => actorRef.send({ type: 'user.message', key })} />
        <LeaveButton actorRef={actorRef} label={t('battle.leave')} title={t('battle.leave_confirm.title')} message={t('battle.leave_confirm.message')} />
      </div>
    </div>
  );
}
