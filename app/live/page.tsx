import { LivePlayerRoute } from '@/components/live/live-player-route';
import { preloadPageChunks } from '@/components/shell/preload-page-chunks';

/** /live/ (and /live/?pin=123456, the link of the host's QR code): join a live game from a phone. */
export default async function LivePage({ searchParams }: { searchParams: Promise<{ pin?: string }> }) {
  await preloadPageChunks('live');
  const { pin } = await searchParams;
  return <LivePlayerRoute {...(typeof pin === 'string' && /^[1-9]\d{5}$/.test(pin) ? { pin } : {})} />;
}
