import { Suspense } from 'react';
import { PlayersView } from '@/components/admin/players-view';

export default function AdminPlayersPage() {
  // The table reads its first sort from the address (?sort=created_at), hence the boundary.
  return (
    <Suspense>
      <PlayersView />
    </Suspense>
  );
}
