import { KINDS } from '@/components/kinds/kind-paths';
import { KindCategoryView } from '@/components/kinds/kind-views';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';

export default async function FunAndLearnCategoryPage({ params }: { params: Promise<{ category: string }> }) {
  const { category } = await params;
  return <KindCategoryView kind={KINDS.fun_n_learn} categorySlug={decodeSegment(category)} />;
}
