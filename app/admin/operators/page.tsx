import { OperatorsView } from '@/components/admin/operators-view';

export default function AdminOperatorsPage() {
  return <OperatorsView />;
}
