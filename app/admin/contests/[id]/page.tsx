import { notFound } from 'next/navigation';
import { ContestView } from '@/components/admin/events-views';

export default async function AdminContestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  return <ContestView contestId={Number(id)} />;
}
