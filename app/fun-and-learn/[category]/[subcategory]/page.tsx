import { KINDS } from '@/components/kinds/kind-paths';
import { KindPlaceView } from '@/components/kinds/kind-views';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';

export default async function FunAndLearnPlacePage({ params }: { params: Promise<{ category: string; subcategory: string }> }) {
  const { category, subcategory } = await params;
  return <KindPlaceView kind={KINDS.fun_n_learn} categorySlug={decodeSegment(category)} subcategorySlug={decodeSegment(subcategory)} />;
}
