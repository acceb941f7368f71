import { OutboxView } from '@/components/dev/outbox-view';

export default function DevOutboxPage() {
  return <OutboxView />;
}
