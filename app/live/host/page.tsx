import { LiveHostRoute } from '@/components/live/live-host-route';
import { preloadPageChunks } from '@/components/shell/preload-page-chunks';

/** /live/host/ (/live/host/?set=3 with one of the host's quiz sets chosen; /live/host/?game=12 after a reload): host a live game on a shared screen. */
export default async function LiveHostPage({ searchParams }: { searchParams: Promise<{ game?: string; set?: string }> }) {
  await preloadPageChunks('live/host');
  const { game, set } = await searchParams;
  const idOf = (v: string | undefined) => (typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);
  const gameId = idOf(game);
  const setId = idOf(set);
  return <LiveHostRoute {...(gameId ? { gameId } : {})} {...(setId ? { setId } : {})} />;
}
