import { StatisticsView } from '@/components/statistics/statistics-view';

export default function StatisticsPage() {
  return <StatisticsView />;
}
