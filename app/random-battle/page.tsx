import { RandomBattleRoute as RandomBattle } from '@/components/battle/random-battle-route';
import { preloadPageChunks } from '@/components/shell/preload-page-chunks';

export default function RandomBattleRoute() {
  preloadPageChunks('random-battle');
  return <RandomBattle />;
}
