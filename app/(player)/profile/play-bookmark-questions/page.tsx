import { BookmarksView } from '@/components/solo-play/bookmarks-view';

export default function BookmarksPage() {
  return <BookmarksView />;
}
