import { ExamsView } from '@/components/admin/events-views';

export default function AdminExamsPage() {
  return <ExamsView />;
}
