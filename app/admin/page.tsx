import { DashboardView } from '@/components/admin/dashboard-view';

export default function AdminHomePage() {
  return <DashboardView />;
}
