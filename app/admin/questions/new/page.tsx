import { QuestionEditorPage } from '@/components/admin/question-editor';

const idOf = (raw: string | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined);

export default async function AdminNewQuestionPage({ searchParams }: { searchParams: Promise<{ category_id?: string; reading_id?: string }> }) {
  const { category_id, reading_id } = await searchParams;
  return <QuestionEditorPage categoryId={idOf(category_id)} readingId={idOf(reading_id)} />;
}
