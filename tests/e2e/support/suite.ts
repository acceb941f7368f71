import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type Motion } from '@/tests/e2e/support/browser';
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
 * `motion`: as `launchBrowser` (reduced unless the file plays the animated screens with `full`).
 */
export function browserSuite(server: Parameters<typeof startServer>[0] = {}, viewport = { width: 390, height: 844 }, motion?: Motion): BrowserSuite {
  const suite = {} as { -readonly [K in keyof BrowserSuite]: BrowserSuite[K] };
  beforeAll(async () => {
    [suite.browser, suite.server] = await Promise.all([launchBrowser({ motion }), startServer(server)]);
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
    // Closing it keeps its pages first when the test failed (tests/e2e/support/failure.ts).
    await suite.context?.close();
  });
  return suite;
}

