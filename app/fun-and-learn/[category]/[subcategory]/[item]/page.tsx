import { KINDS } from '@/components/kinds/kind-paths';
import { KindItemView } from '@/components/kinds/kind-views';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';

export default async function FunAndLearnItemPage({ params }: { params: Promise<{ category: string; subcategory: string; item: string }> }) {
  const { category, subcategory, item } = await params;
  return <KindItemView kind={KINDS.fun_n_learn} categorySlug={decodeSegment(category)} subcategorySlug={decodeSegment(subcategory)} itemId={Number(item)} />;
}
