import { CategoryView } from '@/components/quiz-zone/category-view';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';

export default async function CategoryPage({ params }: { params: Promise<{ category: string }> }) {
  const { category } = await params;
  return <CategoryView categorySlug={decodeSegment(category)} />;
}
