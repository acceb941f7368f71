import { TrueFalseView } from '@/components/solo-play/mode-play-view';

export default function TrueAndFalsePage() {
  return <TrueFalseView />;
}
