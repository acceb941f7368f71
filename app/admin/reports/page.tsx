import { ReportsView } from '@/components/admin/reports-view';

export default function AdminReportsPage() {
  return <ReportsView />;
}
