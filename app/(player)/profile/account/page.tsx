import { AccountView } from '@/components/profile/account-view';

export default function AccountPage() {
  return <AccountView />;
}
