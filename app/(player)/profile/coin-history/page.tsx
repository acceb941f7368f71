import { CoinHistoryView } from '@/components/profile/coin-history-view';

export default function CoinHistoryPage() {
  return <CoinHistoryView />;
}
