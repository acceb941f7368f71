import { WalletView } from '@/components/profile/wallet-view';

export default function WalletPage() {
  return <WalletView />;
}
