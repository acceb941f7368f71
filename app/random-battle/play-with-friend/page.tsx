import { GroupBattleRoute as GroupBattle } from '@/components/battle/group-battle-route';

export default function PlayWithFriendRoute() {
  return <GroupBattle roomType="friend" />;
}
