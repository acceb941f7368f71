'use client';

import { useActorRef } from '@xstate/react';
import { machineInspector } from '@/services/client/machine-inspector';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { showBattleNotice } from '@/components/battle/battle-notices';
import type { BattleCategory } from '@/components/battle/random-battle-setup';
import { RandomBattleView } from '@/components/battle/random-battle-view';
import type { BattleNotice } from '@/machines/battle-play/battle-room';
import type { RandomBattleActorRef, RandomBattleInput, RandomBattleMachine } from '@/machines/random-battle/random-battle.machine';

export interface RandomBattleProps {
  /** The machine with its effects attached (`createRandomBattleMachine(services)`). */
  machine: RandomBattleMachine;
  input: RandomBattleInput;
  categories: readonly BattleCategory[];
  /** `random_battle_entry_coin`. */
  baseFee: number;
  /** Gets the running actor (to keep the back-to-back wins, to follow the room id for a reload). */
  onActor?: (actorRef: RandomBattleActorRef) => void;
}

/** Starts a random battle and shows it; notices become toasts. The actor lives as long as the component. */
export function RandomBattle({ machine, input, categories, baseFee, onActor }: RandomBattleProps) {
  const { t } = useTranslation();
  // Read once, when the actor starts: later props do not restart a battle.
  const [logic] = useState(() => machine.provide({ actions: { announce: (_, notice: BattleNotice) => showBattleNotice(notice, t) } }));
  const actorRef = useActorRef(logic, { input, inspect: machineInspector() });
  useEffect(() => {
    onActor?.(actorRef);
  }, [actorRef, onActor]);
  return <RandomBattleView actorRef={actorRef} categories={categories} baseFee={baseFee} />;
}
