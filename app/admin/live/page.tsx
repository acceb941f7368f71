import { Suspense } from 'react';
import { LiveGamesView } from '@/components/admin/live-games-view';

export default function AdminLiveGamesPage() {
  // The game comes in the address (?game=12), hence the boundary.
  return (
    <Suspense>
      <LiveGamesView />
    </Suspense>
  );
}
