import { GroupBattlePage } from '@/components/battle/group-battle-page';

export default function PlayWithFriendRoute() {
  return <GroupBattlePage roomType="friend" />;
}
