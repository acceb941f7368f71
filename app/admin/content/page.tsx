import { CategoriesView } from '@/components/admin/content-views';

export default function AdminContentPage() {
  return <CategoriesView />;
}
