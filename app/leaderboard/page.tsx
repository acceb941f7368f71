import { LeaderboardView } from '@/components/leaderboard/leaderboard-view';

export default function LeaderboardPage() {
  return <LeaderboardView />;
}
