/** @jest-environment jsdom */
import type { Metric } from 'web-vitals';
import { reportWebVitals, type VitalsLibrary } from '@/services/client/web-vitals';

function fakeLibrary() {
  const reporters: Partial<Record<'LCP' | 'INP' | 'CLS', (m: Metric) => void>> = {};
  const library: VitalsLibrary = {
    onLCP: (r) => void (reporters.LCP = r),
    onINP: (r) => void (reporters.INP = r),
    onCLS: (r) => void (reporters.CLS = r),
  };
  const fire = (name: 'LCP' | 'INP' | 'CLS', value: number) => reporters[name]!({ name, value } as Metric);
  return { library, fire };
}

test('each metric, once final, is sent with the path the page loaded at: ms whole, CLS to 4 places', () => {
  const { library, fire } = fakeLibrary();
  const sent: Record<string, string>[] = [];
  reportWebVitals(library, '/quiz-zone/science/physics/level/1/', (body) => sent.push(Object.fromEntries([...body.entries()].map(([k, v]) => [k, String(v)]))));
  fire('LCP', 2345.6);
  fire('CLS', 0.123456);
  fire('INP', 87.2);
  expect(sent).toEqual([
    { path: '/quiz-zone/science/physics/level/1/', lcp: '2346' },
    { path: '/quiz-zone/science/physics/level/1/', cls: '0.1235' },
    { path: '/quiz-zone/science/physics/level/1/', inp: '87' },
  ]);
});
