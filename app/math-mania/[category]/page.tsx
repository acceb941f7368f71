import { MathsCategoryView } from '@/components/maths/maths-views';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';

export default async function MathManiaCategoryPage({ params }: { params: Promise<{ category: string }> }) {
  const { category } = await params;
  return <MathsCategoryView categorySlug={decodeSegment(category)} />;
}
