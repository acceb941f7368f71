import { KINDS } from '@/components/kinds/kind-paths';
import { KindCategoriesView } from '@/components/kinds/kind-views';

export default function AudioQuestionsPage() {
  return <KindCategoriesView kind={KINDS.audio} />;
}
