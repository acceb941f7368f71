import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '@/tests/e2e/support/browser';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';

export interface BrowserSuite {
  readonly browser: Browser;
  readonly server: RunningServer;
  /** A fresh context and page for each test (a phone-sized viewport). */
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * The frame of a browser test file: Chromium and the built app started once for the file, a new
 * context and page per test, everything closed at the end. Read the fields inside the tests.
 */
export function browserSuite(server: Parameters<typeof startServer>[0] = {}, viewport = { width: 390, height: 844 }): BrowserSuite {
  const suite = {} as { -readonly [K in keyof BrowserSuite]: BrowserSuite[K] };
  beforeAll(async () => {
    [suite.browser, suite.server] = await Promise.all([launchBrowser(), startServer(server)]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  beforeEach(async () => {
    suite.context = await suite.browser.newContext({ viewport });
    suite.page = await suite.context.newPage();
  });
  afterEach(async () => {
    await keepFailure(suite.page);
    await suite.context.close();
  });
  return suite;
}

/** Where a failed test's page is kept: reports/e2e/<file>--<test>.png and .txt. */
export const FAILURES_DIR = path.join(process.cwd(), 'reports', 'e2e');

/**
 * After a failed test (tests/e2e/support/environment.js names it), keeps its page as it was: a
 * screenshot of the whole page and its address and text. Printed, so that the CI log says where.
 */
async function keepFailure(page: Page | undefined): Promise<void> {
  const failed = (globalThis as { __qaFailedTest?: string | null }).__qaFailedTest;
  if (!failed || !page || page.isClosed()) return;
  const file = path.basename(expect.getState().testPath ?? 'browser', '.e2e.ts');
  const name = `${file}--${failed.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`;
  fs.mkdirSync(FAILURES_DIR, { recursive: true });
  const base = path.join(FAILURES_DIR, name);
  try {
    await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 10_000 });
    const text = await page.evaluate(() => document.body.innerText).catch(() => '(no text)');
    fs.writeFileSync(`${base}.txt`, `${page.url()}\n\n${text}\n`);
    // The CI log is often all there is to read afterwards: the page's text, shortened, with it.
    const gist = text.replace(/\s+/g, ' ').trim().slice(0, 600);
    console.log(`the page at the failure of "${failed}": ${page.url()}\n${gist}\n(kept in ${path.relative(process.cwd(), base)}.png and .txt)`);
  } catch (error) {
    console.log(`the page at the failure of "${failed}" could not be kept: ${(error as Error).message}`);
  }
}
