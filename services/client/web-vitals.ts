import type { Metric } from 'web-vitals';

/**
 * Core Web Vitals of this visit (LCP, INP, CLS), measured by the `web-vitals` library and sent to
 * the server once each is final (LCP at the first input or when the page is hidden, INP and CLS
 * when it is hidden), for the path the page was loaded at. The server keeps only the route's
 * pattern; nothing names the player. Loaded after the app has started, never with the first load.
 */
export interface VitalsLibrary {
  onLCP(report: (metric: Metric) => void): void;
  onINP(report: (metric: Metric) => void): void;
  onCLS(report: (metric: Metric) => void): void;
}

export const WEB_VITALS_ENDPOINT = '/api/report_web_vitals';

function beacon(body: FormData): void {
  // A beacon outlives the page; where it is refused (too much queued) a keepalive request does.
  if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(WEB_VITALS_ENDPOINT, body)) return;
  void fetch(WEB_VITALS_ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => undefined);
}

export function reportWebVitals(library: VitalsLibrary, path: string, send: (body: FormData) => void = beacon): void {
  const report = (field: 'lcp' | 'inp' | 'cls') => (metric: Metric) => {
    const body = new FormData();
    body.append('path', path);
    body.append(field, field === 'cls' ? metric.value.toFixed(4) : String(Math.round(metric.value)));
    send(body);
  };
  library.onLCP(report('lcp'));
  library.onINP(report('inp'));
  library.onCLS(report('cls'));
}

let started = false;

/**
 * After the page's load event, at the browser's next idle moment: the page's own work comes first,
 * and a short visit is still measured (a later start would miss the visits that end sooner).
 */
function whenSettled(run: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 0));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Once per page load, once the page has loaded (the browser keeps what it measured meanwhile);
 * a browser that cannot measure (no performance timeline) reports nothing. `<html
 * data-web-vitals="measuring">` says the measuring has started.
 */
export function startWebVitals(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  whenSettled(() => void measure());
}

async function measure(): Promise<void> {
  if (typeof PerformanceObserver === 'undefined' || typeof performance.getEntriesByType !== 'function') return;
  const library = await import('web-vitals');
  try {
    reportWebVitals(library, window.location.pathname);
    document.documentElement.dataset.webVitals = 'measuring';
  } catch (error) {
    // Measuring must never break the page.
    console.warn('[web-vitals] not measured', error);
  }
}
