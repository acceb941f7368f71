import { RandomBattlePage } from '@/components/battle/random-battle-page';

export default function RandomBattleRoute() {
  return <RandomBattlePage />;
}
