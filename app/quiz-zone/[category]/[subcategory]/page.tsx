import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';
import { SubcategoryView } from '@/components/quiz-zone/subcategory-view';

export default async function SubcategoryPage({ params }: { params: Promise<{ category: string; subcategory: string }> }) {
  const { category, subcategory } = await params;
  return <SubcategoryView categorySlug={decodeSegment(category)} subcategorySlug={decodeSegment(subcategory)} />;
}
