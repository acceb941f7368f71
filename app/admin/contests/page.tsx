import { ContestsView } from '@/components/admin/events-views';

export default function AdminContestsPage() {
  return <ContestsView />;
}
