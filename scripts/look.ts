import { launchBrowser } from '@/tests/e2e/support/browser';
import { startServer } from '@/tests/e2e/support/server';
import { signInPage, signUpPlayer } from '@/tests/e2e/support/player';

async function main() {
  const [browser, server] = await Promise.all([launchBrowser(), startServer({ env: { DEV_OUTBOX: '1' } })]);
  try {
    const player = await signUpPlayer(server, 'Ada Tester');
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.waitForSelector('[data-mode-tiles]');
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots/home-guest-${scheme}.png` });
      await signInPage(page, player);
      await page.goto(`${server.url}/`);
      await page.waitForSelector('[data-mode-tiles]');
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `/tmp/shots/home-${scheme}.png` });
      await page.goto(`${server.url}/quiz-zone/science/physics/level/1/`);
      await page.waitForSelector('#question-text');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shots/question-${scheme}.png` });
      await page.locator('[data-status]').first().click();
      await page.waitForSelector('[data-feedback]');
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots/answered-${scheme}.png` });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
void main();
