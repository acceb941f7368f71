import { GroupBattleRoute as GroupBattle } from '@/components/battle/group-battle-route';
import { preloadPageChunks } from '@/components/shell/preload-page-chunks';

export default async function PlayWithFriendRoute() {
  await preloadPageChunks('random-battle/play-with-friend');
  return <GroupBattle roomType="friend" />;
}
