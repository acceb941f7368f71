import { QuestionEditorPage } from '@/components/admin/question-editor';

export default async function AdminNewQuestionPage({ searchParams }: { searchParams: Promise<{ category_id?: string }> }) {
  const { category_id } = await searchParams;
  const categoryId = category_id && /^[1-9]\d{0,9}$/.test(category_id) ? Number(category_id) : undefined;
  return <QuestionEditorPage categoryId={categoryId} />;
}
