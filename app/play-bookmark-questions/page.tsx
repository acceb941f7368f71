import { BookmarkPlayView } from '@/components/solo-play/bookmarks-view';

export default function BookmarkPlayPage() {
  return <BookmarkPlayView />;
}
