import { BadgesView } from '@/components/badges/badges-view';

export default function BadgesPage() {
  return <BadgesView />;
}
