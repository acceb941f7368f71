import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { auditPage, launchBrowser } from '@/tests/e2e/support/browser';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { chooseInterfaceLanguage } from '@/tests/e2e/support/frame';

let browser: Browser;
let server: RunningServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

describe('the app shell in Chromium', () => {
  test('every page a test leaves is checked with axe: a serious violation fails the test', async () => {
    await page.goto(`${server.url}/faq/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await auditPage(page);
    // An image without a text alternative (axe: image-alt, critical).
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<img src="/favicon.ico">'));
    await expect(auditPage(page)).rejects.toThrow(/critical image-alt/);
    await expect(page.goto(`${server.url}/`)).rejects.toThrow(/faq\/: critical image-alt/);
    // Put right, the page passes, and so does the check when the context closes.
    await page.evaluate(() => document.querySelector('main img')!.setAttribute('alt', 'Quiz Arena'));
    await auditPage(page);
  });

  test('a guest sees "hello guest" and a card per mode on the home page', async () => {
    await page.goto(`${server.url}/`);
    await page.getByText('hello guest').waitFor();
    await page.getByRole('link', { name: /quiz zone/i }).waitFor();
    await page.getByRole('link', { name: /daily quiz/i }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
  });

  test('the app’s scripts and styles reach the browser as brotli, and the page works with them', async () => {
    const served: Promise<{ path: string; encoding: string; bytes: number }>[] = [];
    const record = (response: Response) => {
      const url = new URL(response.url());
      if (!/^\/_next\/static\/.+\.(js|css)$/.test(url.pathname)) return;
      served.push(response.body().then((body) => ({ path: url.pathname, encoding: response.headers()['content-encoding'] ?? 'none', bytes: body.length })));
    };
    // No page is navigated away while it is watched: Chromium drops the bodies of a page it has left.
    page.on('response', record);
    await page.goto(`${server.url}/`);
    await page.getByText('hello guest').waitFor();
    // A second page, drawn from code that arrived compressed, opened beside the first.
    const second = await context.newPage();
    second.on('response', record);
    await second.goto(`${server.url}/faq/`);
    await second.getByRole('heading', { level: 1 }).first().waitFor();
    page.off('response', record);
    second.off('response', record);
    const all = await Promise.all(served);
    expect(all.filter((s) => s.encoding === 'br').length).toBeGreaterThan(5);
    // Files below 1 kB are not worth compressing and come as they are; nothing comes as gzip.
    expect(all.filter((s) => s.encoding !== 'br' && !(s.encoding === 'none' && s.bytes < 1024))).toEqual([]);
  });

  test('a guest opening a protected route lands on the login page with "Please login first" and never sees it', async () => {
    // Record, from the first byte, whether the protected page's heading is ever rendered.
    await page.addInitScript(() => {
      const w = window as unknown as { sawProfile: boolean };
      w.sawProfile = false;
      new MutationObserver(() => {
        if ([...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === 'Profile')) w.sawProfile = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${server.url}/profile/`);
    await page.waitForURL(`${server.url}/auth/login/`);
    await page.getByText('Please login first').waitFor();
    expect(await page.evaluate(() => (window as unknown as { sawProfile: boolean }).sawProfile)).toBe(false);
  });

  test('switching the interface to Arabic flips the page to right to left and survives a reload', async () => {
    await page.goto(`${server.url}/`);
    await page.getByText('hello guest').waitFor();
    await chooseInterfaceLanguage(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await page.getByText('مرحبًا أيها الزائر').waitFor();
    await page.reload();
    await page.getByText('مرحبًا أيها الزائر').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  });

  test('the FAQ page shows the questions from the server', async () => {
    await page.goto(`${server.url}/faq/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const res = await fetch(`${server.url}/api/get_settings`, { method: 'POST', body: new URLSearchParams({ type: 'faq' }) });
    const first = ((await res.json()) as { data: { items: { question: string }[] } }).data.items[0]!.question;
    await page.getByText(first).waitFor();
  });

  test('an unknown route shows the not-found page', async () => {
    const res = await page.goto(`${server.url}/no-such-page/`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/not found/i);
  });

  test.each(['/', '/faq/', '/about-us/', '/auth/login/'])('%s has no serious or critical accessibility violation', async (route) => {
    await page.goto(`${server.url}${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('maintenance mode in Chromium', () => {
  let maintenance: RunningServer;

  beforeAll(async () => {
    maintenance = await startServer({ settings: { maintenance_mode: '1' } });
  });

  afterAll(async () => {
    await maintenance?.stop();
  });

  test.each(['/', '/faq/', '/quiz-zone/'])('%s shows the maintenance page', async (route) => {
    await page.goto(`${maintenance.url}${route}`);
    await page.getByText('Under maintenance').waitFor();
    expect(await page.getByText('hello guest').count()).toBe(0);
  });
});
