import { notFound } from 'next/navigation';
import { ExamView } from '@/components/admin/events-views';

export default async function AdminExamPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  return <ExamView examId={Number(id)} />;
}
