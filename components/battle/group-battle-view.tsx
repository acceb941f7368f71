'use client';

import { useSelector } from '@xstate/react';
import { useTranslation } from '@/services/client/i18n';
import { BattleBusy, BattleNoticePanel, ConnectionLostPanel } from '@/components/battle/battle-panels';
import { BattleResult } from '@/components/battle/battle-result';
import { BattleScreen } from '@/components/battle/battle-screen';
import type { BattleCategory } from '@/components/battle/random-battle-setup';
import { CreateRoomForm, JoinRoomForm, type RoomFormChoices } from '@/components/battle/room-forms';
import { RoomLobby } from '@/components/battle/room-lobby';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { playerOf } from '@/machines/battle-play/battle-room';
import type { GroupBattleActorRef, GroupBattleSnapshot } from '@/machines/group-battle/group-battle.machine';

export type GroupScreen =
  | 'menu'
  | 'create'
  | 'creating'
  | 'join'
  | 'joining'
  | 'connecting'
  | 'lobby'
  | 'deleting'
  | 'playing'
  | 'opponentLeft'
  | 'result'
  | 'deleted'
  | 'unavailable'
  | 'connectionLost'
  | 'leaving';

export const selectGroupScreen = (s: GroupBattleSnapshot): GroupScreen => {
  const value = s.value;
  if (typeof value === 'string') return (value === 'start' ? 'menu' : value) as GroupScreen;
  const room = (value as { room: string | Record<string, unknown> }).room;
  const name = typeof room === 'string' ? room : Object.keys(room)[0]!;
  return (name === 'route' ? 'connecting' : name) as GroupScreen;
};

function Menu({ actorRef }: { actorRef: GroupBattleActorRef }) {
  const { t } = useTranslation();
  const roomType = useSelector(actorRef, (s) => s.context.roomType);
  const mode = roomType === 'group' ? 'group_battle' : 'play_with_friend';
  return (
    <Card as="section" aria-labelledby="room-menu-title" className="flex flex-col gap-4">
      <h1 id="room-menu-title" className="text-2xl font-bold">
        {t(`mode.${mode}.title`)}
      </h1>
      <p className="text-fg-muted">{t(`mode.${mode}.description`)}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => actorRef.send({ type: 'user.create' })}>{t('battle.create.title')}</Button>
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'user.join' })}>
          {t('battle.join.title')}
        </Button>
      </div>
    </Card>
  );
}

function Playing({ actorRef }: { actorRef: GroupBattleActorRef }) {
  const doc = useSelector(actorRef, (s) => s.context.doc);
  const userId = useSelector(actorRef, (s) => s.context.userId);
  const playRef = useSelector(actorRef, (s) => s.children.play);
  if (!doc || !playRef) return null;
  return <BattleScreen actorRef={actorRef} doc={doc} userId={userId} playRef={playRef} />;
}

export interface GroupBattleViewProps {
  actorRef: GroupBattleActorRef;
  categories: readonly BattleCategory[];
  choices?: RoomFormChoices;
}

/** A group battle or a battle with a friend, screen by screen as the machine says. */
export function GroupBattleView({ actorRef, categories, choices }: GroupBattleViewProps) {
  const { t } = useTranslation();
  const screen = useSelector(actorRef, selectGroupScreen);
  const doc = useSelector(actorRef, (s) => s.context.doc);
  const userId = useSelector(actorRef, (s) => s.context.userId);
  const toMenu = () => actorRef.send({ type: 'user.back' });

  switch (screen) {
    case 'menu':
      return <Menu actorRef={actorRef} />;
    case 'create':
      return <CreateRoomForm actorRef={actorRef} categories={categories} choices={choices} />;
    case 'creating':
      return <BattleBusy label={t('battle.creating')} />;
    case 'join':
      return <JoinRoomForm actorRef={actorRef} />;
    case 'joining':
      return <BattleBusy label={t('battle.joining')} />;
    case 'connecting':
      return <BattleBusy label={t('battle.connecting')} />;
    case 'lobby':
      return <RoomLobby actorRef={actorRef} />;
    case 'deleting':
      return <BattleBusy label={t('battle.lobby.deleting')} />;
    case 'playing':
      return <Playing actorRef={actorRef} />;
    case 'opponentLeft':
      return doc?.status === 'finished' ? (
        <BattleNoticePanel message={t(doc.type === 'group' ? 'battle.opponents_left' : 'battle.opponent_left')} actionLabel={t('battle.see_result')} onAction={() => actorRef.send({ type: 'user.continue' })} />
      ) : (
        <BattleBusy label={t('battle.opponent_left')} />
      );
    case 'result':
      return doc ? <BattleResult doc={doc} userId={userId} onPlayAgain={() => actorRef.send({ type: 'user.play_again' })} /> : null;
    case 'deleted':
      // The owner knows; a member is told who did it.
      return <BattleNoticePanel message={t(doc?.created_by === userId ? 'room.deleted' : 'codes.room_deleted')} actionLabel={t('battle.back')} onAction={toMenu} />;
    case 'unavailable':
      return <BattleNoticePanel message={t(doc && playerOf(doc, userId)?.left ? 'battle.you_left' : 'codes.room_destroyed')} actionLabel={t('battle.back')} onAction={toMenu} />;
    case 'connectionLost':
      return <ConnectionLostPanel />;
    case 'leaving':
      return <BattleBusy label={t('battle.leaving')} />;
  }
}
