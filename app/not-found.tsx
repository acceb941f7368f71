import { NotFoundView } from '@/components/system/not-found-view';

export default function NotFound() {
  return <NotFoundView />;
}
