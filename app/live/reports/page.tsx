import { LiveReportsRoute } from '@/components/live/live-reports-route';

/** /live/reports/ (the games the player hosted) and /live/reports/?game=12 (one game's report). */
export default async function LiveReportsPage({ searchParams }: { searchParams: Promise<{ game?: string }> }) {
  const { game } = await searchParams;
  const id = typeof game === 'string' && /^[1-9]\d{0,9}$/.test(game) ? Number(game) : undefined;
  return <LiveReportsRoute {...(id ? { gameId: id } : {})} />;
}
