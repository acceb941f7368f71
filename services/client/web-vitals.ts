import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';

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

/**
 * Starts measuring this page load (the browser keeps what it measured before: LCP and layout
 * shifts are read back); a browser that cannot measure (no performance timeline) reports nothing.
 * `<html data-web-vitals="measuring">` says the measuring has started. The app shell calls it once
 * per page load, when the page has settled (services/client/when-settled.ts), from a chunk of its
 * own that holds the library too.
 */
export function measureWebVitals(): void {
  if (typeof PerformanceObserver === 'undefined' || typeof performance.getEntriesByType !== 'function') return;
  try {
    reportWebVitals({ onLCP, onINP, onCLS }, window.location.pathname);
    document.documentElement.dataset.webVitals = 'measuring';
  } catch (error) {
    // Measuring must never break the page.
    console.warn('[web-vitals] not measured', error);
  }
}
