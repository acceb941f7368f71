import { GroupBattleRoute as GroupBattle } from '@/components/battle/group-battle-route';

export default function GroupBattleRoute() {
  return <GroupBattle roomType="group" />;
}
