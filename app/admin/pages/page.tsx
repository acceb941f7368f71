import { PagesView } from '@/components/admin/publishing-views';

export default function AdminPagesViewPage() {
  return <PagesView />;
}
