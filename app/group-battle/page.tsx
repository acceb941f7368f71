import { GroupBattlePage } from '@/components/battle/group-battle-page';

export default function GroupBattleRoute() {
  return <GroupBattlePage roomType="group" />;
}
