import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite } from '@/tests/e2e/support/suite';
import { signInPage, signUpPlayer } from '@/tests/e2e/support/player';

// WCAG 1.4.10 (reflow) and 1.4.4 (resize text): on a 320 px wide phone, and on a 1280 × 720
// window zoomed to 200 % (a 640 × 360 CSS-pixel viewport), every page scrolls one way only and
// every control is on the page, inside its width. A screenshot of each is kept in
// test-results/reflow/ for a look.

const suite = browserSuite({ env: { DEV_OUTBOX: '1' } }, { width: 320, height: 568 });
const SHOTS = path.join(process.cwd(), 'test-results', 'reflow');

interface Offender {
  what: string;
  left: number;
  right: number;
}

/** Controls outside the viewport's width, and how far the page scrolls sideways. */
function reflowProblems(page: Page): Promise<{ scrollWidth: number; width: number; offenders: Offender[]; controls: number }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex="0"]')].filter((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      // Hidden ones (sr-only skip link, closed menus) are not on the screen to reach.
      return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 1 && box.height > 1;
    });
    const offenders = controls
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.left < -0.5 || box.right > width + 0.5)
      .map(({ el, box }) => ({ what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`, left: Math.round(box.left), right: Math.round(box.right) }));
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders, controls: controls.length };
  });
}

const PAGES: { name: string; path: string; guest?: boolean; ready: (p: Page) => Promise<void> }[] = [
  { name: 'home', path: '/', ready: (p: Page) => p.locator('[data-mode-tile="quiz_zone"]').waitFor() },
  // A guest's page, measured before the player signs in.
  { name: 'login', path: '/auth/login/', guest: true, ready: (p: Page) => p.getByRole('textbox').first().waitFor() },
  { name: 'play', path: '/quiz-zone/science/physics/level/1/', ready: (p: Page) => p.getByRole('region', { name: 'Answers' }).getByRole('button').first().waitFor() },
  { name: 'battle', path: '/random-battle/', ready: (p: Page) => p.getByRole('button', { name: 'Find an opponent' }).waitFor() },
  { name: 'exam', path: '/exam-module/', ready: (p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor() },
  { name: 'leaderboard', path: '/leaderboard/', ready: (p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor() },
];

const VIEWPORTS = [
  { name: '320px', width: 320, height: 568 },
  { name: 'zoom-200', width: 640, height: 360 },
];

describe('reflow: 320 px wide, and 200 % zoom', () => {
  test.each(VIEWPORTS)('at $name every page keeps its controls within the width, with no sideways scrolling', async (viewport) => {
    const { page, server } = suite;
    const player = await signUpPlayer(server, 'Ray Flow');
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    fs.mkdirSync(SHOTS, { recursive: true });
    const ordered = [...PAGES.filter((p) => p.guest), ...PAGES.filter((p) => !p.guest)];
    for (const [i, p] of ordered.entries()) {
      if (!p.guest && (i === 0 || ordered[i - 1]!.guest)) await signInPage(page, player);
      await page.goto(`${server.url}${p.path}`);
      await p.ready(page);
      const found = await reflowProblems(page);
      await page.screenshot({ path: path.join(SHOTS, `${p.name}-${viewport.name}.png`), fullPage: true });
      expect({ page: p.name, controls: found.controls > 3, sideways: found.scrollWidth - found.width, offenders: found.offenders }).toEqual({
        page: p.name,
        controls: true,
        sideways: 0,
        offenders: [],
      });
    }
  });
});
