import path from 'node:path';
import { webVitals } from '@/services/server/db/schema';
import { createRouteMatcher, OTHER_ROUTE } from '@/services/server/web-vitals/routes';
import { webVitalsByRoute, WEB_VITALS_DAYS } from '@/services/server/web-vitals/repository';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { expectOk } from '@/tests/fixtures/play';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';

const { api, db } = seededApiSuite();

interface RouteVitals {
  route: string;
  samples: number;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
}

describe('route patterns of visited addresses', () => {
  const matcher = createRouteMatcher(path.join(process.cwd(), 'app'));

  test('an address becomes the pattern of its page: no id, code or slug is kept', () => {
    expect(matcher.match('/')).toBe('/');
    expect(matcher.match('/quiz-zone/science/physics/level/3/')).toBe('/quiz-zone/[category]/[subcategory]/level/[level]/');
    expect(matcher.match('/quiz-zone/science/level/2/')).toBe('/quiz-zone/[category]/level/[level]/');
    expect(matcher.match('/admin/players/4711/')).toBe('/admin/players/[id]/');
    // Route groups drop out: app/(auth)/auth/login is /auth/login/.
    expect(matcher.match('/auth/login/?next=/profile/')).toBe('/auth/login/');
    // A fixed page wins over a pattern of the same length.
    expect(matcher.match('/random-battle/play-with-friend/')).toBe('/random-battle/play-with-friend/');
  });

  test('an address that is none of the pages is (other)', () => {
    expect(matcher.match('/no/such/page/anywhere/')).toBe(OTHER_ROUTE);
    expect(matcher.match('/api/get_web_settings')).toBe(OTHER_ROUTE);
  });
});

describe(`Core Web Vitals of real visits (${testDbKind})`, () => {
  test('a browser reports a page load; the console shows the 75th percentile per route', async () => {
    const d = await db();
    await d.delete(webVitals);
    const loads: Record<string, string | number>[] = [
      { path: '/', lcp: 1000, inp: 40, cls: 0 },
      { path: '/', lcp: 2000, inp: 80, cls: 0.02 },
      { path: '/', lcp: 3000, inp: 120, cls: 0.1 },
      { path: '/', lcp: 4000, inp: 160, cls: 0.3 },
      { path: '/quiz-zone/science/physics/level/1/', lcp: 2500 },
    ];
    for (const load of loads) {
      const stored = expectOk(await api.call('report_web_vitals', load)) as { route: string; stored: number };
      expect(stored.stored).toBe(Object.keys(load).length - 1);
    }
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const rows = expectOk(await api.call('admin_web_vitals', {}, { token: admin.token })) as RouteVitals[];
    // percentile_cont(0.75) of 1000…4000 is 3250; of 40…160, 130; of 0, 0.02, 0.1, 0.3: 0.15.
    expect(rows[0]).toEqual({ route: '/', samples: 4, lcp: 3250, inp: 130, cls: expect.closeTo(0.15, 6) });
    expect(rows[1]).toEqual({ route: '/quiz-zone/[category]/[subcategory]/level/[level]/', samples: 1, lcp: 2500, inp: null, cls: null });

    const editor = await createPlayerWithSession(d, { role: 'editor' });
    expect((await api.call('admin_web_vitals', {}, { token: editor.token })).status).toBe(403);
    expect((await api.call('admin_web_vitals')).status).toBe(401);
  });

  test('bad reports are refused naming the field, and nothing is stored', async () => {
    const d = await db();
    await d.delete(webVitals);
    const cases: [Record<string, string | number>, string][] = [
      [{ lcp: 1000 }, 'path'],
      [{ path: 'quiz-zone/', lcp: 1000 }, 'path'],
      [{ path: '/', lcp: 'fast' }, 'lcp'],
      [{ path: '/', inp: -1 }, 'inp'],
      [{ path: '/', cls: 1000 }, 'cls'],
      [{ path: '/' }, 'lcp'],
    ];
    for (const [body, field] of cases) {
      const res = await api.call('report_web_vitals', body);
      expect([JSON.stringify(body), res.status, res.body.field]).toEqual([JSON.stringify(body), 400, field]);
    }
    expect(await d.select().from(webVitals)).toEqual([]);
  });

  test(`reports older than ${WEB_VITALS_DAYS} days are dropped and not counted`, async () => {
    const d = await db();
    await d.delete(webVitals);
    const now = new Date('2026-11-26T12:00:00Z');
    const old = new Date(now.getTime() - (WEB_VITALS_DAYS + 1) * 24 * 3600_000);
    await d.insert(webVitals).values([
      { route: '/faq/', metric: 'LCP', value: 9000, at: old },
      { route: '/faq/', metric: 'LCP', value: 1200, at: now },
    ]);
    expect(await webVitalsByRoute(d, now)).toEqual([{ route: '/faq/', samples: 1, lcp: 1200, inp: null, cls: null }]);
    expect(await d.select().from(webVitals)).toHaveLength(1);
  });
});
