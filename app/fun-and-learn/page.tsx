import { KINDS } from '@/components/kinds/kind-paths';
import { KindCategoriesView } from '@/components/kinds/kind-views';

export default function FunAndLearnPage() {
  return <KindCategoriesView kind={KINDS.fun_n_learn} />;
}
