import { LevelPlayPage } from '@/components/quiz-zone/level-play-page';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';
import { preloadPageChunks } from '@/components/shell/preload-page-chunks';

export default async function LevelPage({ params }: { params: Promise<{ category: string; subcategory: string; level: string }> }) {
  const { category, subcategory, level } = await params;
  await preloadPageChunks('quiz-zone/[category]/[subcategory]/level/[level]');
  return <LevelPlayPage categorySlug={decodeSegment(category)} subcategorySlug={decodeSegment(subcategory)} level={Number(level)} />;
}
