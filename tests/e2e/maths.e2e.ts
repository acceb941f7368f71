import type { Page } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { signInPage, signUpPlayer } from '@/tests/e2e/support/player';
import type { RunningServer } from '@/tests/e2e/support/server';
import { browserSuite } from '@/tests/e2e/support/suite';

// Maths mania in Chromium against the built app and its demo content: categories → subcategory
// → a play of 10 questions whose LaTeX is rendered by KaTeX → result → review.

const suite = browserSuite({ env: { DEV_OUTBOX: '1' } });
let page: Page;
let server: RunningServer;
beforeEach(() => {
  ({ page, server } = suite);
});

describe('maths mania in Chromium', () => {
  test('a player plays the fractions to the result; the maths is rendered by KaTeX, and the review shows the right answers', async () => {
    const player = await signUpPlayer(server, 'maths player');
    await signInPage(page, player);
    // KaTeX is loaded by the maths pages only.
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: /Math Mania/ }).waitFor();
    expect(await page.locator('link[href*="katex"], style').evaluateAll((nodes) => nodes.some((n) => (n.textContent ?? '').includes('.katex')))).toBe(false);

    await page.getByRole('link', { name: /Math Mania/ }).click();
    await page.getByRole('link', { name: /Arithmetic/ }).click();
    await page.getByRole('link', { name: /Fractions/ }).click();
    await page.getByRole('button', { name: 'Start' }).click();

    for (let n = 1; n <= 10; n++) {
      await page.getByText(new RegExp(`^Question ${n} of 10$`)).waitFor();
      const heading = page.locator('h1#question-text');
      // A fraction as KaTeX draws it, named in words for screen readers; no raw LaTeX on screen.
      await heading.locator('.katex .mfrac').first().waitFor();
      expect(await heading.locator('[role="math"]').first().getAttribute('aria-label')).toMatch(/\d+ over \d+/);
      expect(await heading.innerText()).not.toContain('\\frac');
      if (n === 1) expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('region', { name: 'Answers' }).getByRole('button').first().click();
      const next = page.getByRole('button', { name: /^(Next question|See the result)$/ });
      await next.waitFor();
      // The feedback names the right answer drawn as maths too, never as LaTeX source.
      expect(await page.locator('body').innerText()).not.toMatch(/\\frac|\$/);
      await next.click();
    }
    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();
    await page.getByRole('button', { name: /^Review answers/ }).click();
    await page.getByRole('heading', { name: 'Review answers' }).waitFor();
    const first = page.getByRole('article').first();
    // The options as the play screen's tiles, the right one marked, its maths drawn.
    await first.locator('[data-status="right"]').first().waitFor();
    expect(await first.locator('.katex').count()).toBeGreaterThan(0);
  });
});
