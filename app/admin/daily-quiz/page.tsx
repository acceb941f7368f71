import { DailyQuizView } from '@/components/admin/publishing-views';

export default function AdminDailyQuizViewPage() {
  return <DailyQuizView />;
}
