import { RandomBattleRoute as RandomBattle } from '@/components/battle/random-battle-route';
import { preloadPageChunks } from '@/components/shell/preload-page-chunks';

export default async function RandomBattleRoute() {
  await preloadPageChunks('random-battle');
  return <RandomBattle />;
}
