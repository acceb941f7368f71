import { HomeView } from '@/components/home/home-view';

export default function HomePage() {
  return <HomeView />;
}
