import type { Page } from 'playwright-core';
import { browserSuite } from '@/tests/e2e/support/suite';
import { signInPage, signUpPlayer } from '@/tests/e2e/support/player';

// The game frame's measurable promises (issue 28, ui.md "Game feel"): on a 390x844 phone the app
// bar is at most 56 px, at least six whole mode tiles show without scrolling, a question is
// immersive (no app bar, no tabs) and after answering its options and Next fit the screen; the
// same on a 1280x800 desktop; nothing is wider than a 320 px screen.
const suite = browserSuite({ env: { DEV_OUTBOX: '1' } });

/** Bounding boxes of the elements a selector finds, in CSS pixels of the viewport. */
const boxes = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
  }));

async function answerFirstQuestion(page: Page): Promise<void> {
  await page.locator('#question-text').waitFor();
  await page.locator('[data-status="idle"]').first().click();
  await page.locator('[data-feedback]').waitFor();
}

describe('the game frame', () => {
  test('on a phone: a 56 px app bar, six whole mode tiles above the bottom tabs, the tabs', async () => {
    const { page, server } = suite;
    await signInPage(page, await signUpPlayer(server, 'Frame Phone'));
    await page.goto(`${server.url}/`);
    await page.locator('[data-mode-tile]').first().waitFor();
    const [bar] = await boxes(page, '[data-app-bar]');
    expect(bar!.height).toBeLessThanOrEqual(56);
    // The bottom tabs (the app bar's own links are hidden on a phone).
    const tabBar = page.locator('nav[aria-label="Main"]:not(header nav)');
    await tabBar.waitFor();
    expect(await tabBar.getByRole('link').allTextContents()).toEqual(['Home', 'Battle', 'Leaderboard', 'Profile']);
    const tabsTop = (await tabBar.boundingBox())!.y;
    expect(tabsTop + 64).toBeLessThanOrEqual(844 + 1);
    const tiles = await boxes(page, '[data-mode-tile]');
    const whole = tiles.filter((t) => t.top >= 0 && t.bottom <= Math.min(844, tabsTop));
    expect(whole.length).toBeGreaterThanOrEqual(6);
    // The balance is in the bar.
    await page.locator('[data-app-bar] [data-coin-balance]').waitFor();
  });

  test.each([
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])('a question at $width x $height is immersive, and after answering the options and Next fit the screen', async (viewport) => {
    const { page, server } = suite;
    await page.setViewportSize(viewport);
    await signInPage(page, await signUpPlayer(server, `Frame ${viewport.width}`));
    await page.goto(`${server.url}/quiz-zone/science/physics/level/1/`);
    await page.locator('#question-text').waitFor();
    expect(await page.locator('[data-app-bar]').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await answerFirstQuestion(page);
    const next = (await page.getByRole('button', { name: /^(Next question|See the result)$/ }).boundingBox())!;
    expect(next.y + next.height).toBeLessThanOrEqual(viewport.height);
    const options = await boxes(page, '[data-status]');
    const sheetTop = (await page.locator('[data-feedback]').boundingBox())!.y;
    // Every option is above the feedback sheet: question, options and Next on one screen.
    for (const o of options) expect(o.bottom).toBeLessThanOrEqual(sheetTop);
    expect((await boxes(page, '#question-text'))[0]!.top).toBeGreaterThanOrEqual(0);
  });

  test('at 320 px nothing on the home page, the quiz zone or a question is wider than the screen', async () => {
    const { page, server } = suite;
    await page.setViewportSize({ width: 320, height: 700 });
    await signInPage(page, await signUpPlayer(server, 'Frame Narrow'));
    for (const [path, ready] of [
      ['/', '[data-mode-tile]'],
      ['/quiz-zone/', 'main a[href*="/quiz-zone/"]'],
      ['/quiz-zone/science/physics/level/1/', '#question-text'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.locator(ready).first().waitFor();
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((e) => {
            const r = e.getBoundingClientRect();
            // (Screen-reader-only text is a 1 px box placed off the flow: not something a player sees.)
            return r.width > 1 && (r.right > window.innerWidth + 0.5 || r.left < -0.5);
          })
          .map((e) => `${e.tagName.toLowerCase()}.${(e.getAttribute('class') ?? '').split(' ').slice(0, 3).join('.')}`),
      );
      expect([path, wider]).toEqual([path, []]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }
  });
});
