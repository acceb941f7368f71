import { gte, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/services/server/db/client';
import { webVitals } from '@/services/server/db/schema';
import type { RouteVitals } from '@/services/domain/console-types';

export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS'] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];

/** How long the reports are kept, and what the console's figures cover. */
export const WEB_VITALS_DAYS = 28;

export type { RouteVitals };

export async function recordWebVitals(db: Db, route: string, values: Partial<Record<WebVitalMetric, number>>, at = new Date()): Promise<number> {
  const rows = WEB_VITAL_METRICS.filter((m) => values[m] !== undefined).map((metric) => ({ route, metric, value: values[metric]!, at }));
  if (rows.length === 0) return 0;
  await db.insert(webVitals).values(rows);
  return rows.length;
}

/**
 * The 75th percentile of each metric per route over the last WEB_VITALS_DAYS days (the figure
 * Core Web Vitals are judged by), most reported routes first. Older reports are dropped first.
 */
export async function webVitalsByRoute(db: Db, now = new Date()): Promise<RouteVitals[]> {
  const since = new Date(now.getTime() - WEB_VITALS_DAYS * 24 * 3600_000);
  await db.delete(webVitals).where(lt(webVitals.at, since));
  const rows = rowsOf<{ route: string; samples: string | number; lcp: number | null; inp: number | null; cls: number | null }>(
    await db.execute(sql`
      select route,
        max(n) as samples,
        max(p75) filter (where metric = 'LCP') as lcp,
        max(p75) filter (where metric = 'INP') as inp,
        max(p75) filter (where metric = 'CLS') as cls
      from (
        select ${webVitals.route} as route, ${webVitals.metric} as metric, count(*) as n,
          percentile_cont(0.75) within group (order by ${webVitals.value}) as p75
        from ${webVitals}
        where ${gte(webVitals.at, since)}
        group by ${webVitals.route}, ${webVitals.metric}
      ) per_metric
      group by route
      order by max(n) desc, route
    `),
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({ route: r.route, samples: Number(r.samples), lcp: num(r.lcp), inp: num(r.inp), cls: num(r.cls) }));
}
