import { ReferAndEarnView } from '@/components/profile/refer-and-earn-view';

export default function ReferAndEarnPage() {
  return <ReferAndEarnView />;
}
