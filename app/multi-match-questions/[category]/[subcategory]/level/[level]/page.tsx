import { KINDS } from '@/components/kinds/kind-paths';
import { KindLevelPlayView } from '@/components/kinds/kind-views';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';

export default async function MultiMatchLevelPage({ params }: { params: Promise<{ category: string; subcategory: string; level: string }> }) {
  const { category, subcategory, level } = await params;
  return <KindLevelPlayView kind={KINDS.multi_match} categorySlug={decodeSegment(category)} subcategorySlug={decodeSegment(subcategory)} level={Number(level)} />;
}
