import { notFound } from 'next/navigation';
import { PlayerView } from '@/components/admin/player-view';

export default async function AdminPlayerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  return <PlayerView userId={Number(id)} />;
}
