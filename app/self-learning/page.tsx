import { SelfChallengeView } from '@/components/solo-play/self-challenge-view';

export default function SelfLearningPage() {
  return <SelfChallengeView />;
}
