import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { seriousA11yViolations, type AxeViolation } from '@/tests/e2e/support/axe';
import { keepFailure } from '@/tests/e2e/support/failure';

/** Debian's Chromium: no browser download is possible on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the browser tests drive: Debian's headless shell (package chromium-headless-shell,
 * the same Blink and V8 without the desktop browser around them; Playwright's own default for
 * headless runs) when it is installed, else CHROMIUM_PATH. The same tests took 11–17 % less time
 * and about a fifth less CPU in it (decision 052). CHROMIUM_PATH, when set, is used for both.
 * Lighthouse keeps the full browser (bench/web/lighthouse.ts).
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/**
 * How pages move: `reduce` (the default) asks for `prefers-reduced-motion: reduce`, which the app
 * honours (no transitions, scores shown without counting up), so a test does not wait for an
 * animation to end before it clicks or reads; `full` is motion as most players have it, kept by
 * the files that play the game's animated screens end to end (decision 050).
 */
export type Motion = 'reduce' | 'full';

/**
 * Chromium for the browser tests. Every page a test visits is checked with axe-core (WCAG 2.x A
 * and AA) as the test leaves it: before each `goto` away from it and when its context closes. A
 * serious or critical violation fails the test that was on that page. A context closing after a
 * failed test keeps its pages first (tests/e2e/support/failure.ts). Its contexts have the
 * `motion` asked for unless a context says otherwise.
 */
export async function launchBrowser({ motion = 'reduce' }: { motion?: Motion } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return auditEveryPage(browser, motion);
}

function describe(url: string, violations: AxeViolation[]): string {
  return `${url}: ${violations.map((v) => `${v.impact} ${v.id} (${v.help}) at ${v.targets.slice(0, 3).join(', ')}`).join('; ')}`;
}

/** Contexts whose pages are audited only when this says so (the crawl: one page per route). */
const auditFilters = new WeakMap<BrowserContext, (url: URL) => boolean>();

/**
 * Pages of `context` are audited only where `filter` answers true for their address (asked once,
 * as the page is left); the others are left unaudited. For a context that opens many pages of
 * one template (the crawl).
 */
export function auditOnly(context: BrowserContext, filter: (url: URL) => boolean): void {
  auditFilters.set(context, filter);
}

/** axe on the page as it is now; nothing for a page that is not one of the app's (about:blank, closed). */
export async function auditPage(page: Page): Promise<void> {
  if (page.isClosed()) return;
  const url = page.url();
  if (!/^https?:/.test(url)) return;
  const filter = auditFilters.get(page.context());
  if (filter && !filter(new URL(url))) return;
  let violations: AxeViolation[];
  try {
    // Let a navigation under way finish (a client-side move updates the title after the URL).
    await page
      .waitForFunction(() => document.readyState === 'complete' && document.title !== '' && document.querySelector('[data-route-progress="running"]') === null, null, { timeout: 3000 })
      .catch(() => undefined);
    violations = await seriousA11yViolations(page);
  } catch (error) {
    // The page navigated or closed while axe ran: what it showed is gone, and the next page is audited in turn.
    if (/context was destroyed|Target .*closed|has been closed|navigat/i.test(String(error))) return;
    throw error;
  }
  if (violations.length > 0) throw new Error(`accessibility (axe, serious or critical): ${describe(url, violations)}`);
}

function auditPagesOf(context: BrowserContext): Promise<void[]> {
  return Promise.all(context.pages().map((page) => auditPage(page)));
}

function auditEveryPage(browser: Browser, motion: Motion): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: Parameters<Browser['newContext']>[0]) => {
    const context = await newContext({ reducedMotion: motion === 'reduce' ? 'reduce' : 'no-preference', ...options });
    context.on('page', (page) => watchPage(page));
    const close = context.close.bind(context);
    context.close = async (...closeArgs: Parameters<BrowserContext['close']>) => {
      try {
        // A failed test's pages are kept as they were (reports/e2e/), before anything else runs in them.
        for (const page of context.pages()) await keepFailure(page);
        await auditPagesOf(context);
      } finally {
        await close(...closeArgs);
      }
    };
    return context;
  };
  return browser;
}

function watchPage(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    await auditPage(page);
    return goto(...args);
  };
}
