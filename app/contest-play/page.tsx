import { ContestPlay } from '@/components/contest/contest-view';

export default function ContestPlayPage() {
  return <ContestPlay />;
}
