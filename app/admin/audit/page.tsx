import { Suspense } from 'react';
import { AuditView } from '@/components/admin/audit-view';

export default function AdminAuditPage() {
  // Filters can come in the address (?action=user.coins), hence the boundary.
  return (
    <Suspense>
      <AuditView />
    </Suspense>
  );
}
