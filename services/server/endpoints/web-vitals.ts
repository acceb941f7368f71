import { z } from 'zod';
import { ApiError } from '@/services/server/gateway/api-error';
import { endpoint } from '@/services/server/gateway/endpoint';
import { blankAsUnset } from '@/services/server/endpoints/common';
import { createRouteMatcher, type RouteMatcher } from '@/services/server/web-vitals/routes';
import { recordWebVitals, webVitalsByRoute } from '@/services/server/web-vitals/repository';

let matcher: RouteMatcher | null = null;
const routeOf = (pathname: string) => (matcher ??= createRouteMatcher()).match(pathname);

/** A metric's value as a browser reports it: a number in its range, or not sent. */
const metric = (max: number, unit: string) =>
  z.preprocess(blankAsUnset, z.coerce.number({ error: 'must be a number' }).min(0, 'must not be negative').max(max, `must be at most ${max}${unit}`).optional());

/**
 * Core Web Vitals of real visits (issue 15, docs/operators.md): the browser reports a page load's
 * LCP, INP and CLS once it has them; the console shows the 75th percentile per route.
 */
export const webVitalEndpoints = [
  endpoint({
    name: 'report_web_vitals',
    access: 'public',
    duringMaintenance: true,
    input: z.object({
      path: z.string({ error: 'is required' }).trim().min(1, 'is required').max(500, 'must be at most 500 characters').startsWith('/', 'must be a path starting with /'),
      lcp: metric(600_000, ' ms'),
      inp: metric(600_000, ' ms'),
      cls: metric(100, ''),
    }),
    async handler(input, ctx) {
      if (input.lcp === undefined && input.inp === undefined && input.cls === undefined) {
        throw new ApiError('103', { field: 'lcp', detail: 'send at least one of lcp, inp, cls' });
      }
      const route = routeOf(input.path);
      const stored = await recordWebVitals(ctx.app.database.db, route, { LCP: input.lcp, INP: input.inp, CLS: input.cls });
      return { data: { route, stored } };
    },
  }),

  endpoint({
    name: 'admin_web_vitals',
    access: 'admin',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await webVitalsByRoute(ctx.app.database.db) };
    },
  }),
];
