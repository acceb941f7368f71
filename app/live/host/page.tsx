import { LiveHostRoute } from '@/components/live/live-host-route';
import { preloadPageChunks } from '@/components/shell/preload-page-chunks';

/** /live/host/ (and /live/host/?game=12 after a reload): host a live game on a shared screen. */
export default async function LiveHostPage({ searchParams }: { searchParams: Promise<{ game?: string }> }) {
  await preloadPageChunks('live/host');
  const { game } = await searchParams;
  const id = typeof game === 'string' && /^[1-9]\d{0,9}$/.test(game) ? Number(game) : undefined;
  return <LiveHostRoute {...(id ? { gameId: id } : {})} />;
}
