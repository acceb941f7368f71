'use client';

import { useEffect, useState } from 'react';
import { BattleCategoriesGate, BattleModeGate, intConfig, resumableRoomId, storedRoomId, storeRoomId, usePlayerId, useBattleCategories, type SystemConfig } from '@/components/battle/battle-page';
import { GroupBattle } from '@/components/battle/group-battle';
import type { BattleCategory } from '@/components/battle/random-battle-setup';
import type { RoomFormChoices } from '@/components/battle/room-forms';
import { choicesUpTo } from '@/components/solo-play/self-challenge-view';
import { createGroupBattleMachine, type FriendOrGroup, type GroupBattleActorRef, type GroupBattleMachine, type GroupBattleSnapshot } from '@/machines/group-battle/group-battle.machine';
import { liveGroupBattleServices } from '@/services/client/battle-services';

/** The mode switch of each kind of room (docs/rooms.md: mode switches). */
const MODE_SETTING: Readonly<Record<FriendOrGroup, string>> = { group: 'battle_mode_group', friend: 'play_with_friend_mode' };

/** Numbers of questions a group room offers, up to `group_battle_max_questions`. */
const QUESTION_PRESETS = [5, 10, 15, 20, 25, 30, 40, 50];
const ENTRY_FEE_PRESETS = [0, 5, 10, 20, 50];

/**
 * /group-battle/ (2–4 players) and /random-battle/play-with-friend/ (a private 1v1): create a room
 * and share its code, or join one by code; lobby; battle; results. The room being played is kept
 * for the tab, so a reload lands back in it.
 */
export function GroupBattlePage({ roomType, machine }: { roomType: FriendOrGroup; machine?: GroupBattleMachine }) {
  return <BattleModeGate setting={MODE_SETTING[roomType]}>{(config) => <GroupBattleWithCategories roomType={roomType} config={config} machine={machine} />}</BattleModeGate>;
}

function GroupBattleWithCategories({ roomType, config, machine }: { roomType: FriendOrGroup; config: SystemConfig; machine?: GroupBattleMachine }) {
  const categories = useBattleCategories(true);
  return <BattleCategoriesGate categories={categories}>{(list) => <LiveGroupBattle roomType={roomType} config={config} categories={list} machine={machine} />}</BattleCategoriesGate>;
}

/**
 * What the create form offers, as the server decides it (docs/rooms.md, create_room): group rooms
 * up to `group_battle_max_questions` questions, `random_battle_total_question` by default (friend
 * rooms always play that many); the entry fee `random_battle_entry_coin` by default.
 */
export function roomFormDefaults(config: SystemConfig): { questions: number; entryFee: number; choices: RoomFormChoices } {
  const maxQuestions = Math.max(1, intConfig(config, 'group_battle_max_questions', 20));
  const questions = Math.min(maxQuestions, Math.max(1, intConfig(config, 'random_battle_total_question', 10)));
  const entryFee = Math.max(0, intConfig(config, 'random_battle_entry_coin', 5));
  return { questions, entryFee, choices: { questionCounts: choicesUpTo(maxQuestions, QUESTION_PRESETS), entryFees: ENTRY_FEE_PRESETS } };
}

function LiveGroupBattle({ roomType, config, categories, machine }: { roomType: FriendOrGroup; config: SystemConfig; categories: readonly BattleCategory[]; machine?: GroupBattleMachine }) {
  const userId = usePlayerId();
  const [logic] = useState(() => machine ?? createGroupBattleMachine(liveGroupBattleServices()));
  const [resumeId] = useState(() => storedRoomId(roomType));
  const [actor, setActor] = useState<GroupBattleActorRef | null>(null);
  const defaults = roomFormDefaults(config);

  useEffect(() => {
    if (!actor) return;
    const follow = (snapshot: GroupBattleSnapshot) => {
      const gone = snapshot.matches({ room: 'unavailable' }) || snapshot.matches({ room: 'deleted' });
      storeRoomId(roomType, resumableRoomId({ context: snapshot.context, gone }));
    };
    // The actor may have moved on before this effect ran: start from where it is.
    follow(actor.getSnapshot());
    const subscription = actor.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [actor, roomType]);

  if (userId === null) return null;
  return (
    <GroupBattle
      machine={logic}
      input={{ userId, roomType, questions: defaults.questions, entryFee: defaults.entryFee, ...(resumeId ? { roomId: resumeId } : {}) }}
      categories={categories}
      choices={defaults.choices}
      onActor={setActor}
    />
  );
}
