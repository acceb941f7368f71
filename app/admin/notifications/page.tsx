import { NotificationsAdminView } from '@/components/admin/notifications-admin-view';

export default function AdminNotificationsPage() {
  return <NotificationsAdminView />;
}
