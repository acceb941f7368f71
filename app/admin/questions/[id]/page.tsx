import { notFound } from 'next/navigation';
import { QuestionEditorPage } from '@/components/admin/question-editor';

export default async function AdminQuestionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ created?: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  // `?created=1`: the editor has just created this question (it says "Saved").
  const { created } = await searchParams;
  return <QuestionEditorPage questionId={Number(id)} justCreated={created === '1'} />;
}
