import type { Page } from 'playwright-core';
import { browserSuite } from '@/tests/e2e/support/suite';
import { callApi, signInPage, signUpPlayer, type Player } from '@/tests/e2e/support/player';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';

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

/**
 * The controls on screen smaller than 44 × 44 CSS px (ui.md, touch targets), by their text: a radio
 * or check box drawn as a chip counts by its label; links inside running text are exempt (WCAG
 * 2.5.8), and so is what is not on screen (screen-reader-only text, hidden parts).
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const seen = new Set<Element>();
    const controls = document.querySelectorAll('main a[href], main button, main input, main select, main textarea, main [role="tab"], main summary, [data-app-bar] a, [data-app-bar] button, nav a');
    for (const el of controls) {
      const target = el instanceof HTMLInputElement && ['radio', 'checkbox'].includes(el.type) ? (el.closest('label') ?? el) : el;
      if (seen.has(target)) continue;
      seen.add(target);
      const r = target.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(target).visibility === 'hidden') continue;
      if (target.tagName === 'A' && target.closest('p')) continue;
      if (r.width < 43.5 || r.height < 43.5) {
        const name = (target.getAttribute('aria-label') || target.textContent || target.tagName).trim().slice(0, 40);
        out.push(`${name} ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return out;
  });

/** The words on screen cut short with an ellipsis (text-overflow), by their text: a label a player cannot read whole. */
const cutText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main *, [data-app-bar] *, nav *')]
      .filter((e) => e instanceof HTMLElement && getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 0.5)
      .map((e) => (e.textContent ?? '').trim().slice(0, 40)),
  );

/** Plays a quiz-zone level through the API: the first `rights` questions right, the rest wrong. */
async function playLevel(server: Parameters<typeof callApi>[0], player: Player, rights: number): Promise<{ score: number; passed: boolean }> {
  const answers = demoAnswers();
  const open = await callApi<{ session_id: string; questions: { id: number; question: string; options: { key: string; text: string }[] }[] }>(
    server,
    'get_questions_by_level',
    { category: 'science', subcategory: 'physics', level: 1 },
    player.token,
  );
  for (const [i, q] of open.data.questions.entries()) {
    const right = answers.get(q.question);
    const option = q.options.find((o) => (i < rights ? o.text === right : o.text !== right))!.key;
    await callApi(server, 'submit_answer', { session_id: open.data.session_id, question_id: q.id, answer: option }, player.token);
  }
  return (await callApi<{ score: number; passed: boolean }>(server, 'finish_play', { session_id: open.data.session_id }, player.token)).data;
}

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

  test('at 320 px nothing on the home page, the quiz zone or a question is wider than the screen, with the web fonts and in the fallback face', async () => {
    const { page, server } = suite;
    await page.setViewportSize({ width: 320, height: 700 });
    await signInPage(page, await signUpPlayer(server, 'Frame Narrow'));
    // The second pass refuses the font files: a slow connection shows the fallback face (font-display:
    // swap), whose words are wider, until they come. A tile that fits only in the web font overflowed there.
    for (const [fonts, path, ready] of [
      ['web', '/', '[data-mode-tile]'],
      ['web', '/quiz-zone/', 'main a[href*="/quiz-zone/"]'],
      ['web', '/quiz-zone/science/physics/level/1/', '#question-text'],
      ['fallback', '/', '[data-mode-tile]'],
      ['fallback', '/quiz-zone/', 'main a[href*="/quiz-zone/"]'],
      ['fallback', '/quiz-zone/science/physics/level/1/', '#question-text'],
    ] as const) {
      if (fonts === 'fallback') await page.route(/\.woff2?(\?|$)/, (route) => route.abort());
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
      expect([fonts, path, wider]).toEqual([fonts, path, []]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }
    await page.unroute(/\.woff2?(\?|$)/);
  });

  test('on a phone every touch target of the game’s screens is at least 44 px, play controls show their whole words, and no play set-up has a native drop-down', async () => {
    const { page, server } = suite;
    await page.setViewportSize({ width: 390, height: 844 });
    const player = await signUpPlayer(server, 'Frame Targets');
    await playLevel(server, player, 10);
    await signInPage(page, player);
    const screens: [string, string][] = [
      ['/', '[data-mode-tile]'],
      ['/quiz-zone/', 'main a[href*="/quiz-zone/"]'],
      ['/quiz-zone/science/physics/', '[data-level]'],
      ['/leaderboard/', '[data-testid="my-standing"]'],
      ['/profile/', '[data-testid="profile-streak"]'],
      ['/profile/account/', 'main dl'],
      ['/profile/wallet/', '[data-testid="wallet-coins"]'],
      ['/profile/coin-history/', 'main [role="tabpanel"] li, main [role="tabpanel"] a'],
      ['/quiz-play/daily-quiz-dashboard/', '#mode-intro-title'],
      ['/quiz-play/true-and-false-play/', '#mode-intro-title'],
      ['/self-learning/', '#challenge-category'],
      ['/random-battle/', '#battle-category'],
      ['/quiz-zone/science/physics/level/2/', '#question-text'],
    ];
    for (const [path, ready] of screens) {
      await page.goto(`${server.url}${path}`);
      await page.locator(ready).first().waitFor();
      expect([path, await smallTargets(page)]).toEqual([path, []]);
      // Play controls show their whole words; a card title may still end in … (the home's contest name).
      if (path.includes('/level/')) expect([path, await cutText(page)]).toEqual([path, []]);
      if (['/self-learning/', '/random-battle/'].includes(path)) expect([path, await page.locator('main select').count()]).toEqual([path, 0]);
    }
    // The question answered, its feedback and Next; then the result and its review.
    await answerFirstQuestion(page);
    expect(['feedback', await smallTargets(page)]).toEqual(['feedback', []]);
    for (;;) {
      const next = page.getByRole('button', { name: /^(Next question|See the result)$/ });
      const last = (await next.textContent()) === 'See the result';
      await next.click();
      if (last) break;
      await answerFirstQuestion(page);
    }
    await page.locator('#result-title').waitFor();
    expect(['result', await smallTargets(page)]).toEqual(['result', []]);
    // Review reachable without scrolling: the whole of its button is on the first screen.
    const review = (await page.getByRole('button', { name: /^Review answers/ }).boundingBox())!;
    expect(review.y + review.height).toBeLessThanOrEqual(844);
    await page.getByRole('button', { name: /^Review answers/ }).click();
    await page.getByRole('heading', { name: 'Review answers' }).waitFor();
    expect(['review', await smallTargets(page)]).toEqual(['review', []]);

    // Guess the word: letter keys and slots for thumbs, and its tools' words whole.
    await page.goto(`${server.url}/guess-the-word/gtw-world/capitals/`);
    await page.getByRole('button', { name: /^Start$/ }).click();
    await page.locator('#question-text').waitFor();
    await page.getByRole('button', { name: /^Hint/ }).waitFor();
    expect(['guess the word', await smallTargets(page), await cutText(page)]).toEqual(['guess the word', [], []]);

    // A group room's set-up: chips, no drop-down.
    await page.goto(`${server.url}/group-battle/`);
    await page.getByRole('button', { name: 'Create a room' }).click();
    await page.locator('#room-fee').waitFor();
    expect(['group set-up', await smallTargets(page), await page.locator('main select').count()]).toEqual(['group set-up', [], 0]);
  });

  test('a new player who passed a level sees their own row on the leaderboard, pinned: with their score, or below zero with how to get on the board', async () => {
    const { page, server } = suite;
    await page.setViewportSize({ width: 390, height: 844 });
    const scorer = await signUpPlayer(server, 'Frame Scorer');
    const scored = await playLevel(server, scorer, 10);
    expect(scored).toMatchObject({ passed: true });
    expect(scored.score).toBeGreaterThan(0);
    await signInPage(page, scorer);
    await page.goto(`${server.url}/leaderboard/`);
    const mine = page.getByRole('region', { name: 'Your place' });
    await mine.getByText(`${scored.score} pts`, { exact: true }).waitFor();
    expect(await mine.textContent()).toMatch(/Rank \d+.*Frame Scorer\(you\)/);
    // Pinned: still on screen at the bottom after the board scrolls.
    await page.mouse.wheel(0, 2000);
    const box = (await mine.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);

    // 3 right of 10: a pass below zero adds nothing to the boards (docs/economy.md), and the player still sees themselves.
    const below = await signUpPlayer(server, 'Frame Below');
    const low = await playLevel(server, below, 3);
    expect(low.passed).toBe(true);
    expect(low.score).toBeLessThan(0);
    // A browser of their own (a page keeps the first player it was signed in as).
    const context = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    try {
      const theirs = await context.newPage();
      await signInPage(theirs, below);
      await theirs.goto(`${server.url}/leaderboard/`);
      const own = theirs.getByRole('region', { name: 'Your place' });
      await own.getByText('Play a level to get on the board').waitFor();
      expect(await own.textContent()).toContain('Frame Below(you)');
      expect(await theirs.getByText(/no data/i).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
