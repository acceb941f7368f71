import { Suspense } from 'react';
import { QuestionsView } from '@/components/admin/questions-view';

export default function AdminQuestionsPage() {
  // The category filter can come in the address (?category_id=), hence the boundary.
  return (
    <Suspense>
      <QuestionsView />
    </Suspense>
  );
}
