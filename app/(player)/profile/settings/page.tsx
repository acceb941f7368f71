import { SettingsView } from '@/components/profile/settings-view';

export default function SettingsPage() {
  return <SettingsView />;
}
