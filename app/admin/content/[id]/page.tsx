import { notFound } from 'next/navigation';
import { CategoryView } from '@/components/admin/content-views';

export default async function AdminCategoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  return <CategoryView categoryId={Number(id)} />;
}
