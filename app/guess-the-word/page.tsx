import { KINDS } from '@/components/kinds/kind-paths';
import { KindCategoriesView } from '@/components/kinds/kind-views';

export default function GuessTheWordPage() {
  return <KindCategoriesView kind={KINDS.guess_the_word} />;
}
