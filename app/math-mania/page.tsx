import { MathsCategoriesView } from '@/components/maths/maths-views';

export default function MathManiaPage() {
  return <MathsCategoriesView />;
}
