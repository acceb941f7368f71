import { DailyQuizView } from '@/components/solo-play/mode-play-view';

export default function DailyQuizPage() {
  return <DailyQuizView />;
}
