import { RandomBattleRoute as RandomBattle } from '@/components/battle/random-battle-route';

export default function RandomBattleRoute() {
  return <RandomBattle />;
}
