import { SettingsAdminView } from '@/components/admin/settings-admin-view';

export default function AdminSettingsPage() {
  return <SettingsAdminView />;
}
