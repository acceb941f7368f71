import { BookmarkPlayView } from '@/components/solo-play/bookmarks-view';

export default async function BookmarkPlayPage({ searchParams }: { searchParams: Promise<{ type?: string | string[] }> }) {
  const { type } = await searchParams;
  return <BookmarkPlayView kind={typeof type === 'string' ? type : undefined} />;
}
