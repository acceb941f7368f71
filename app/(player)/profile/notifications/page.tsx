import { NotificationsView } from '@/components/profile/notifications-view';

export default function NotificationsPage() {
  return <NotificationsView />;
}
