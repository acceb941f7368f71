'use client';

import Link from 'next/link';
import { useOperator } from '@/components/admin/console-frame';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { adminApi, type Dashboard } from '@/services/client/admin-api';
import type { RouteVitals } from '@/services/domain/console-types';
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
      <PageSpeed />
    </>
  );
}

/** Google's Core Web Vitals thresholds: good up to the first, poor beyond the second. */
const RATINGS = { lcp: [2500, 4000], inp: [200, 500], cls: [0.1, 0.25] } as const;

function rated(metric: keyof typeof RATINGS, value: number | null): string {
  if (value === null) return '—';
  const [good, poor] = RATINGS[metric];
  const shown = metric === 'lcp' ? `${(value / 1000).toFixed(2)} s` : metric === 'inp' ? `${Math.round(value)} ms` : value.toFixed(3);
  return `${shown} (${value <= good ? 'good' : value <= poor ? 'needs improvement' : 'poor'})`;
}

/** The page speed players get, per route: what their browsers reported (issue 15). */
function PageSpeed() {
  const data = useApiQuery('admin_web_vitals', adminApi.webVitals, (rows: RouteVitals[]) => rows.length === 0);
  return (
    <section aria-labelledby="page-speed-heading" className="mt-8 flex flex-col gap-3">
      <h2 id="page-speed-heading" className="text-xl font-bold">
        Page speed of real visits
      </h2>
      <p className="text-sm text-fg-muted">75th percentile per page over the last 28 days, as the players’ browsers measured it.</p>
      {data.status === 'loading' ? (
        <Skeleton className="h-24 w-full" />
      ) : data.status === 'error' ? (
        <ErrorWithRetry title="Could not load" message="The page speed figures could not be loaded." retryLabel="Try again" onRetry={data.retry} />
      ) : data.status === 'empty' ? (
        <EmptyState title="No visits measured yet" description="Figures appear once players' browsers have reported page loads." />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">Core Web Vitals per page, 75th percentile</caption>
            <thead>
              <tr className="border-b border-line text-start">
                <th scope="col" className="p-2 text-start">Page</th>
                <th scope="col" className="p-2 text-end">Page loads</th>
                <th scope="col" className="p-2 text-start">Largest contentful paint</th>
                <th scope="col" className="p-2 text-start">Interaction to next paint</th>
                <th scope="col" className="p-2 text-start">Layout shift</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((r) => (
                <tr key={r.route} className="border-b border-line" data-testid={`vitals-${r.route}`}>
                  <th scope="row" className="p-2 text-start font-mono font-normal">
                    {r.route}
                  </th>
                  <td className="p-2 text-end tabular-nums">{r.samples.toLocaleString()}</td>
                  <td className="p-2">{rated('lcp', r.lcp)}</td>
                  <td className="p-2">{rated('inp', r.inp)}</td>
                  <td className="p-2">{rated('cls', r.cls)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
