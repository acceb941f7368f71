import { Suspense } from 'react';
import { ActivityView } from '@/components/admin/activity-view';

export default function AdminActivityPage() {
  // The list comes in the address (?kind=plays), hence the boundary.
  return (
    <Suspense>
      <ActivityView />
    </Suspense>
  );
}
