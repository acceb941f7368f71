import { notFound } from 'next/navigation';
import { QuestionEditorPage } from '@/components/admin/question-editor';

export default async function AdminQuestionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  return <QuestionEditorPage questionId={Number(id)} />;
}
