'use client';

import { useEffect, useState } from 'react';
import {
  BattleCategoriesGate,
  BattleModeGate,
  intConfig,
  resumableRoomId,
  storedRoomId,
  storedSearchChoice,
  storeRoomId,
  storeSearchChoice,
  usePlayerId,
  useBattleCategories,
  type SystemConfig,
} from '@/components/battle/battle-page';
import { RandomBattle } from '@/components/battle/random-battle';
import type { BattleCategory } from '@/components/battle/random-battle-setup';
import { createRandomBattleMachine, type RandomBattleActorRef, type RandomBattleMachine, type RandomBattleSnapshot } from '@/machines/random-battle/random-battle.machine';
import { liveRandomBattleServices } from '@/services/client/battle-services';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { winStreakSet } from '@/services/store/battle-slice';
import { selectWinStreak } from '@/services/store/selectors';

/**
 * /random-battle/: a 1v1 battle with a random opponent (or the bot). The page checks the mode
 * switch and loads the categories; the machine does the rest. The room being played and the
 * search choice are kept for the tab, so a reload lands back in the room and a search after it
 * ("play again") is the one the player chose; the back-to-back wins are kept in the store.
 */
export function RandomBattlePage({ machine }: { machine?: RandomBattleMachine }) {
  return <BattleModeGate setting="battle_mode_one">{(config) => <RandomBattleWithCategories config={config} machine={machine} />}</BattleModeGate>;
}

function RandomBattleWithCategories({ config, machine }: { config: SystemConfig; machine?: RandomBattleMachine }) {
  // With `battle_mode_random_category` off the server matches across categories: no choice to offer.
  const byCategory = config.battle_mode_random_category !== '0';
  const categories = useBattleCategories(byCategory);
  return <BattleCategoriesGate categories={categories}>{(list) => <LiveRandomBattle config={config} categories={list} machine={machine} />}</BattleCategoriesGate>;
}

function LiveRandomBattle({ config, categories, machine }: { config: SystemConfig; categories: readonly BattleCategory[]; machine?: RandomBattleMachine }) {
  const userId = usePlayerId();
  const dispatch = useAppDispatch();
  const winStreak = useAppSelector(selectWinStreak);
  // Made once per page: the machine, its live services and the input are the first render's.
  const [logic] = useState(() => machine ?? createRandomBattleMachine(liveRandomBattleServices()));
  const [resumeId] = useState(() => storedRoomId('random'));
  const maxFeeMultiplier = Math.max(1, intConfig(config, 'random_battle_max_fee_multiplier', 4));
  const [choice] = useState(() => storedSearchChoice(categories.map((c) => c.slug), maxFeeMultiplier));
  const [actor, setActor] = useState<RandomBattleActorRef | null>(null);

  useEffect(() => {
    if (!actor) return;
    let streak = actor.getSnapshot().context.winStreak;
    const follow = (snapshot: RandomBattleSnapshot) => {
      const gone = snapshot.matches({ room: 'unavailable' }) || snapshot.matches({ room: 'deleted' });
      storeRoomId('random', resumableRoomId({ context: snapshot.context, gone }));
      storeSearchChoice(snapshot.context);
      if (snapshot.context.winStreak !== streak) {
        streak = snapshot.context.winStreak;
        dispatch(winStreakSet(streak));
      }
    };
    // The actor may have moved on before this effect ran: start from where it is.
    follow(actor.getSnapshot());
    const subscription = actor.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [actor, dispatch]);

  if (userId === null) return null;
  return (
    <RandomBattle
      machine={logic}
      input={{
        userId,
        winStreak,
        maxFeeMultiplier,
        ...(choice ?? {}),
        ...(resumeId ? { roomId: resumeId } : {}),
      }}
      categories={categories}
      baseFee={intConfig(config, 'random_battle_entry_coin', 5)}
      onActor={setActor}
    />
  );
}
