import { QuizZoneView } from '@/components/quiz-zone/quiz-zone-view';

export default function QuizZonePage() {
  return <QuizZoneView />;
}
