import { KINDS } from '@/components/kinds/kind-paths';
import { KindCategoryView } from '@/components/kinds/kind-views';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';

export default async function MultiMatchCategoryPage({ params }: { params: Promise<{ category: string }> }) {
  const { category } = await params;
  return <KindCategoryView kind={KINDS.multi_match} categorySlug={decodeSegment(category)} />;
}
