import { MathsPlayView } from '@/components/maths/maths-views';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';

export default async function MathManiaPlayPage({ params }: { params: Promise<{ category: string; subcategory: string }> }) {
  const { category, subcategory } = await params;
  return <MathsPlayView categorySlug={decodeSegment(category)} subcategorySlug={decodeSegment(subcategory)} />;
}
