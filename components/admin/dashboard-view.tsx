'use client';

import Link from 'next/link';
import { useOperator } from '@/components/admin/console-frame';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Skeleton } from '@/components/ui/skeleton';
import { adminApi, type Dashboard } from '@/services/client/admin-api';
import { useApiQuery } from '@/services/client/use-api-query';

/** The console's first page: the numbers of the moment, each a link to its list (admins); what an editor may do (editors). */
export function DashboardView() {
  const who = useOperator();
  if (who.role !== 'admin') {
    return (
      <>
        <h1 className="text-2xl font-bold">Console</h1>
        <p>Your role is editor: content — categories, questions and the players’ reports.</p>
        <ul className="flex list-disc flex-col gap-1 ps-6">
          <li>
            <Link href="/admin/content/">Categories</Link> of every kind and language
          </li>
          <li>
            <Link href="/admin/questions/">Questions</Link>: search, write, enable or disable
          </li>
          <li>
            <Link href="/admin/reports/">Reports</Link> from players
          </li>
        </ul>
      </>
    );
  }
  return <AdminDashboard />;
}

interface Figure {
  label: string;
  value: (d: Dashboard) => number;
  href?: string;
}

const FIGURES: readonly Figure[] = [
  { label: 'Players', value: (d) => d.players.total, href: '/admin/players/' },
  { label: 'New today', value: (d) => d.players.new_today, href: '/admin/players/?sort=created_at' },
  { label: 'Active today', value: (d) => d.players.active_today, href: '/admin/activity/?kind=active_players' },
  { label: 'Plays today', value: (d) => d.plays_today, href: '/admin/activity/?kind=plays' },
  { label: 'Battles today', value: (d) => d.battles_today, href: '/admin/activity/?kind=battles' },
  { label: 'Coins issued (7 days)', value: (d) => d.coins_week.issued, href: '/admin/activity/?kind=coins_issued' },
  { label: 'Coins spent (7 days)', value: (d) => d.coins_week.spent, href: '/admin/activity/?kind=coins_spent' },
  { label: 'Pending payouts', value: (d) => d.pending_payouts, href: '/admin/payments/' },
  { label: 'Open reports', value: (d) => d.open_reports, href: '/admin/reports/' },
];

function AdminDashboard() {
  const data = useApiQuery('admin_dashboard', adminApi.dashboard, () => false);
  return (
    <>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {data.status === 'error' || data.status === 'empty' ? (
        <ErrorWithRetry title="Could not load" message="The dashboard could not be loaded." retryLabel="Try again" onRetry={data.retry} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-busy={data.status === 'loading'}>
          {FIGURES.map((f) => (
            <li key={f.label} className="flex flex-col gap-1 rounded-card border border-line bg-surface p-4">
              <span className="text-sm text-fg-muted">{f.label}</span>
              {data.status === 'loading' ? (
                <Skeleton className="h-8 w-16" />
              ) : f.href ? (
                <Link href={f.href} className="text-2xl font-bold" data-testid={`dash-${f.label}`}>
                  {f.value(data.data).toLocaleString()}
                </Link>
              ) : (
                <span className="text-2xl font-bold" data-testid={`dash-${f.label}`}>
                  {f.value(data.data).toLocaleString()}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
