import { KINDS } from '@/components/kinds/kind-paths';
import { KindCategoriesView } from '@/components/kinds/kind-views';

export default function MultiMatchPage() {
  return <KindCategoriesView kind={KINDS.multi_match} />;
}
