import { GroupBattleRoute as GroupBattle } from '@/components/battle/group-battle-route';
import { preloadPageChunks } from '@/components/shell/preload-page-chunks';

export default async function GroupBattleRoute() {
  await preloadPageChunks('group-battle');
  return <GroupBattle roomType="group" />;
}
