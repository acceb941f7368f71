'use client';

import { useActorRef } from '@xstate/react';
import { machineInspector } from '@/services/client/machine-inspector';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { showBattleNotice } from '@/components/battle/battle-notices';
import { GroupBattleView } from '@/components/battle/group-battle-view';
import type { BattleCategory } from '@/components/battle/random-battle-setup';
import type { RoomFormChoices } from '@/components/battle/room-forms';
import type { BattleNotice } from '@/machines/battle-play/battle-room';
import type { GroupBattleActorRef, GroupBattleInput, GroupBattleMachine } from '@/machines/group-battle/group-battle.machine';

export interface GroupBattleProps {
  /** The machine with its effects attached (`createGroupBattleMachine(services)`). */
  machine: GroupBattleMachine;
  input: GroupBattleInput;
  categories: readonly BattleCategory[];
  choices?: RoomFormChoices;
  /** Gets the running actor (to follow the room id for a reload). */
  onActor?: (actorRef: GroupBattleActorRef) => void;
}

/** Starts a group battle (or a battle with a friend) and shows it; notices become toasts. */
export function GroupBattle({ machine, input, categories, choices, onActor }: GroupBattleProps) {
  const { t } = useTranslation();
  const [logic] = useState(() => machine.provide({ actions: { announce: (_, notice: BattleNotice) => showBattleNotice(notice, t) } }));
  const actorRef = useActorRef(logic, { input, inspect: machineInspector() });
  useEffect(() => {
    onActor?.(actorRef);
  }, [actorRef, onActor]);
  return <GroupBattleView actorRef={actorRef} categories={categories} choices={choices} />;
}
