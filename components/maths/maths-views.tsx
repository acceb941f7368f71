'use client';

import { KINDS } from '@/components/kinds/kind-paths';
import { KindCategoriesView, KindCategoryView, KindPlaceView } from '@/components/kinds/kind-views';
import { renderMath } from '@/components/maths/math-text';

/**
 * Maths mania (/math-mania/): the question kinds' pages with KaTeX as the content renderer. Only
 * these pages import it, so no other page loads KaTeX.
 */

export function MathsCategoriesView() {
  return <KindCategoriesView kind={KINDS.maths} />;
}

export function MathsCategoryView({ categorySlug }: { categorySlug: string }) {
  return <KindCategoryView kind={KINDS.maths} categorySlug={categorySlug} renderer={renderMath} />;
}

export function MathsPlayView({ categorySlug, subcategorySlug }: { categorySlug: string; subcategorySlug: string }) {
  return <KindPlaceView kind={KINDS.maths} categorySlug={categorySlug} subcategorySlug={subcategorySlug} renderer={renderMath} />;
}
