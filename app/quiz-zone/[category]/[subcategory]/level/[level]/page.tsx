import { LevelPlayView } from '@/components/quiz-zone/level-play-view';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';

export default async function LevelPage({ params }: { params: Promise<{ category: string; subcategory: string; level: string }> }) {
  const { category, subcategory, level } = await params;
  return <LevelPlayView categorySlug={decodeSegment(category)} subcategorySlug={decodeSegment(subcategory)} level={Number(level)} />;
}
