import { LevelPlayPage } from '@/components/quiz-zone/level-play-page';
import { decodeSegment } from '@/components/quiz-zone/quiz-zone-paths';
import { preloadPageChunks } from '@/components/shell/preload-page-chunks';

/** The levels of a category without subcategories. */
export default async function CategoryLevelPage({ params }: { params: Promise<{ category: string; level: string }> }) {
  const { category, level } = await params;
  await preloadPageChunks('quiz-zone/[category]/level/[level]');
  return <LevelPlayPage categorySlug={decodeSegment(category)} level={Number(level)} />;
}
