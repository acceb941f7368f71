import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { launchBrowser } from '@/tests/e2e/support/browser';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';
import { callApi, signInPage, signUpPlayer, type Player } from '@/tests/e2e/support/player';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';
import { pageFetchedScripts } from '@/services/build/page-chunks';

// Solo play in Chromium against the built app and its demo content: a signed-in player plays a
// quiz-zone level, the daily quiz, bookmarks and a review, and sees the leaderboard and badges.

let browser: Browser;
let server: RunningServer;
let context: BrowserContext;
let page: Page;
const ANSWERS = demoAnswers('en');

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ env: { DEV_OUTBOX: '1' } })]);
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

async function signedIn(): Promise<Player> {
  const player = await signUpPlayer(server);
  await signInPage(page, player);
  return player;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const answersRegion = () => page.getByRole('region', { name: 'Answers' });
const questionHeading = () => page.locator('h1#question-text');

/** The option button whose text is exactly `text`. */
const optionNamed = (text: string): Locator =>
  answersRegion()
    .getByRole('button')
    .filter({ has: page.locator('span[dir="auto"]', { hasText: new RegExp(`^${escape(text)}$`) }) });

/** The question on screen, once it is open for an answer. */
async function openQuestion(n: number): Promise<string> {
  await page.getByText(new RegExp(`^Question ${n} of \\d+$`)).waitFor();
  await answersRegion().getByRole('button').first().waitFor();
  return ((await questionHeading().textContent()) ?? '').trim();
}

/** Answers the open question (right when `right`, from the demo files) and goes on; answers whether that was the last. */
async function answerAndGoOn(question: string, right = true): Promise<boolean> {
  const known = ANSWERS.get(question);
  if (!known) throw new Error(`not a demo question: ${question}`);
  const option = right ? optionNamed(known) : answersRegion().getByRole('button', { disabled: false }).filter({ hasNot: page.locator('span[dir="auto"]', { hasText: new RegExp(`^${escape(known)}$`) }) }).first();
  await option.click();
  const next = page.getByRole('button', { name: /^(Next question|See the result)$/ });
  await next.waitFor();
  const last = (await next.textContent()) === 'See the result';
  await next.click();
  return last;
}

/** Plays every question of an open play, right answers only. */
async function playThrough(from = 1): Promise<void> {
  for (let n = from; ; n++) {
    const question = await openQuestion(n);
    if (await answerAndGoOn(question)) return;
  }
}

describe('solo play in Chromium', () => {
  test('a player plays level 1 of a quiz-zone subcategory with 50/50 to the result, and level 2 unlocks', async () => {
    await signedIn();
    await page.goto(`${server.url}/quiz-zone/`);
    await page.getByRole('link', { name: /Science/ }).click();
    await page.waitForURL(`${server.url}/quiz-zone/science/`);
    await page.getByRole('link', { name: /Physics/ }).click();
    await page.waitForURL(`${server.url}/quiz-zone/science/physics/`);
    expect(await page.getByRole('button', { name: /Level 2/ }).textContent()).toContain('Locked');
    await page.getByRole('link', { name: /Level 1/ }).click();
    await page.waitForURL(`${server.url}/quiz-zone/science/physics/level/1/`);

    // 50/50 on the first question of four options (the server shuffles the level's questions, and
    // a true/false question offers no 50/50): two wrong options are taken away, the right one stays.
    let n = 1;
    let question = await openQuestion(n);
    while ((await answersRegion().getByRole('button').count()) < 4) {
      await answerAndGoOn(question);
      question = await openQuestion(++n);
    }
    await page.getByRole('region', { name: 'Lifelines' }).getByRole('button', { name: /50\/50/ }).click();
    await answersRegion().getByRole('button', { name: /Removed by 50\/50/ }).nth(1).waitFor();
    expect(await answersRegion().getByRole('button', { name: /Removed by 50\/50/ }).count()).toBe(2);
    expect(await answersRegion().getByRole('button', { disabled: true }).count()).toBe(2);
    expect(await optionNamed(ANSWERS.get(question)!).isEnabled()).toBe(true);
    // The 50/50 cost 5 of the 50 coins a new player starts with (docs/economy.md).
    expect(await page.getByText('Coins: 45').count()).toBe(1);
    await answerAndGoOn(question);
    await playThrough(n + 1);

    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Well done, you passed!' }).waitFor();
    await page.getByText('Level 2 unlocked!').waitFor();
    await page.getByRole('link', { name: 'Play level 2' }).click();
    await page.waitForURL(`${server.url}/quiz-zone/science/physics/level/2/`);
    await openQuestion(1);

    await page.goto(`${server.url}/quiz-zone/science/physics/`);
    await page.getByRole('link', { name: /Level 2/ }).waitFor();
    expect(await page.getByRole('button', { name: /Level 3/ }).textContent()).toContain('Locked');
  });

  test('a player who leaves after the last answer, before "See the result", lands on the result when coming back, paid once, and can play the level again', async () => {
    const player = await signedIn();
    const level = `${server.url}/quiz-zone/science/biology/level/1/`;
    await page.goto(level);
    for (let n = 1; ; n++) {
      const question = await openQuestion(n);
      await optionNamed(ANSWERS.get(question)!).click();
      const next = page.getByRole('button', { name: /^(Next question|See the result)$/ });
      await next.waitFor();
      if ((await next.textContent()) === 'See the result') break;
      await next.click();
    }
    // Leaves without asking for the result.
    await page.goto(`${server.url}/`);
    await page.goto(level);
    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();
    expect(await page.getByText('Required field missing or invalid input').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Play again' }).click();
    await openQuestion(1);
    // Paid once: one line in the coin history for the pass, although the level was opened again.
    await page.goto(level);
    await openQuestion(1);
    const history = await callApi<{ title: string }[]>(server, 'get_tracker_data', { offset: 0, limit: 50 }, player.token);
    expect(history.data.filter((row) => row.title === 'Level 1 passed')).toHaveLength(1);
  });

  test('a level page opened by its address asks for its questions once, from the head of the page, and its HTML preloads the game', async () => {
    await signedIn();
    const questionCalls: string[] = [];
    const chunkRequests = new Map<string, number>();
    // The app's scripts (not its styles, which the head script waits for) are held back until the
    // questions are asked (at most 10 s): a call made before they arrive is the head script's, and
    // with no head script the scripts come late and the call after them.
    let scriptsArrived = false;
    let questionsAsked!: () => void;
    const asked = new Promise<void>((resolve) => (questionsAsked = resolve));
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      scriptsArrived = true;
      await route.continue();
    });
    const questionCallsBeforeScripts: boolean[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/get_questions_by_level') {
        questionCalls.push(request.headers()['authorization'] ?? '');
        questionCallsBeforeScripts.push(!scriptsArrived);
        questionsAsked();
      }
      if (url.pathname.startsWith('/_next/static/chunks/')) chunkRequests.set(url.pathname, (chunkRequests.get(url.pathname) ?? 0) + 1);
    });
    const response = await page.goto(`${server.url}/quiz-zone/science/physics/level/1/`);
    const html = await response!.text();
    const scripts = new Set([...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]));
    const preloaded = [...html.matchAll(/<link rel="preload" href="(\/_next\/static\/chunks\/[^"]+\.js)" as="script" fetchPriority="low"\/>/g)].map((m) => m[1]!);
    // The game's chunks (not the first load's scripts) are in the HTML, to be fetched beside the first load.
    expect(preloaded.length).toBeGreaterThan(0);
    expect(preloaded.filter((href) => scripts.has(href))).toEqual([]);
    await openQuestion(1);
    // One call: the one the head script started, which the page took instead of asking again.
    expect(questionCalls).toEqual([expect.stringMatching(/^Bearer .+/)]);
    expect(questionCallsBeforeScripts).toEqual([true]);
    // Each preloaded chunk fetched once: the game used what the preload brought.
    for (const href of preloaded) expect([href, chunkRequests.get(href)]).toEqual([href, 1]);
    await page.unroute('**/_next/static/chunks/*.js');
  });

  test('the game pages\' HTML preloads their game; their payload for a link\'s prefetch or a client-side visit does not', async () => {
    const pages = { '/random-battle/': 'random-battle', '/group-battle/': 'group-battle', '/exam-module/': 'exam-module', '/quiz-zone/science/physics/level/1/': 'quiz-zone/[category]/[subcategory]/level/[level]' };
    for (const [route, dir] of Object.entries(pages)) {
      const game = pageFetchedScripts('.next', dir).map((f) => `/_next/${f}`);
      expect([route, game.length > 0]).toEqual([route, true]);
      const html = await (await fetch(`${server.url}${route}`, { headers: { Accept: 'text/html,application/xhtml+xml' } })).text();
      for (const href of game) expect([route, html.includes(`<link rel="preload" href="${href}" as="script" fetchPriority="low"/>`)]).toEqual([route, true]);
      // What a page linking here fetches (Next's RSC payload): no hint, so it fetches no game for nothing.
      for (const headers of [{ RSC: '1', Accept: '*/*' }, { RSC: '1', 'Next-Router-Prefetch': '1', Accept: '*/*' }] as Record<string, string>[]) {
        const payload = await (await fetch(`${server.url}${route}`, { headers })).text();
        expect([route, headers, game.filter((href) => payload.includes(href))]).toEqual([route, headers, []]);
      }
    }
  });

  test('the daily quiz plays once; the second time it says "you have already played"', async () => {
    await signedIn();
    await page.goto(`${server.url}/quiz-play/daily-quiz-dashboard/`);
    await page.getByRole('button', { name: 'Start' }).click();
    await playThrough();
    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();

    await page.goto(`${server.url}/quiz-play/daily-quiz-dashboard/`);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('you have already played').waitFor();
    expect(await answersRegion().count()).toBe(0);
  });

  test('extended time: a player picks 2× in the settings; a solo question then gets twice the time, and the battle page says battles keep one time', async () => {
    await signedIn();
    await page.goto(`${server.url}/profile/settings/`);
    const standard = page.getByRole('radio', { name: 'Standard' });
    await standard.waitFor();
    expect(await standard.isChecked()).toBe(true);
    await page.getByRole('radio', { name: '2× the time' }).check();
    await page.getByText('Extended time saved: it applies from your next game.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.reload();
    await page.getByRole('radio', { name: '2× the time', checked: true }).waitFor();

    await page.goto(`${server.url}/quiz-play/true-and-false-play/`);
    await page.getByRole('button', { name: 'Start' }).click();
    await openQuestion(1);
    // The standard clock is 30 s; with 2× the question opens with a minute (01:00, then 00:59…).
    const timer = page.getByRole('timer');
    const label = (await timer.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Time left: (01:00|00:5\d)$/);

    await page.goto(`${server.url}/random-battle/`);
    await page.getByRole('note').filter({ hasText: 'In battles every player has the same time.' }).waitFor();
  });

  test('a bookmarked question is listed in the bookmarks and played from there', async () => {
    await signedIn();
    await page.goto(`${server.url}/quiz-play/true-and-false-play/`);
    await page.getByRole('button', { name: 'Start' }).click();
    const question = await openQuestion(1);
    await page.getByRole('button', { name: 'Bookmark', pressed: false }).click();
    await page.getByRole('button', { name: 'Bookmark', pressed: true }).waitFor();

    await page.goto(`${server.url}/profile/play-bookmark-questions/`);
    await page.getByRole('listitem').filter({ hasText: question }).waitFor();
    await page.getByRole('link', { name: 'Play the bookmarked questions (1)' }).click();
    await page.waitForURL(`${server.url}/play-bookmark-questions/`);
    expect(await openQuestion(1)).toBe(question);
    expect(await page.getByText('Question 1 of 1').count()).toBe(1);
    // Its toggle reads the question's state from the server: bookmarked.
    await page.getByRole('button', { name: 'Bookmark', pressed: true, disabled: false }).waitFor();
    await answerAndGoOn(question);
    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();
  });

  test('after a play, the review shows every question with the player\'s answer and the right one', async () => {
    await signedIn();
    await page.goto(`${server.url}/quiz-play/true-and-false-play/`);
    await page.getByRole('button', { name: 'Start' }).click();
    const first = await openQuestion(1);
    await answerAndGoOn(first, false);
    await playThrough(2);
    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();
    await page.getByRole('button', { name: /^Review answers/ }).click();

    const review = page.getByRole('region', { name: 'Review answers' });
    await review.waitFor();
    const items = review.getByRole('article');
    expect(await items.count()).toBe(10);
    const firstItem = items.filter({ hasText: first }).first();
    expect(await firstItem.textContent()).toContain('Wrong');
    expect(await firstItem.textContent()).toMatch(new RegExp(`Right answer:[AB]\\. ${escape(ANSWERS.get(first)!)}`));
    expect(await items.filter({ hasText: 'Right' }).count()).toBeGreaterThan(0);
  });

  test('after a pass, the leaderboard shows the player\'s rank, the statistics chart the answers, and the badges page pays the dashing debut reward once', async () => {
    const player = await signedIn();
    // A level passed through the API, with the right answers from the demo files.
    const session = (await callApi<{ session_id: string; questions: { id: number; question: string; options: { key: string; text: string }[] }[] }>(server, 'get_questions_by_level', { category: 'geography', subcategory: 'countries-capitals', level: 1 }, player.token)).data;
    for (const q of session.questions) {
      const right = q.options.find((o) => o.text === ANSWERS.get(q.question.trim()))!;
      await callApi(server, 'submit_answer', { session_id: session.session_id, question_id: q.id, answer: right.key }, player.token);
    }
    const result = (await callApi<{ passed: boolean; score: number; badges_unlocked: string[] }>(server, 'finish_play', { session_id: session.session_id }, player.token)).data;
    expect(result.passed).toBe(true);

    await page.goto(`${server.url}/leaderboard/`);
    await page.getByRole('tab', { name: 'Today', selected: true }).waitFor();
    const mine = page.getByRole('region', { name: 'Your place' });
    await mine.getByText(`${result.score} pts`, { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'All time' }).click();
    await mine.getByText(`${result.score} pts`, { exact: true }).waitFor();
    // On the board itself too: on the podium or in the list, marked as theirs.
    await page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: '(you)' }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${server.url}/profile/statistics/`);
    await page.getByRole('img', { name: /Questions answered and answered right per day/ }).waitFor();
    await page.getByText('Strongest category').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${server.url}/profile/badges/`);
    const debut = page.getByRole('article', { name: 'Dashing Debut' });
    await debut.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await debut.getByRole('button', { name: /^Claim/ }).click();
    await debut.getByText('Reward claimed').waitFor();
    await page.reload();
    await page.getByRole('article', { name: 'Dashing Debut' }).getByText('Reward claimed').waitFor();
    expect(await page.getByRole('article', { name: 'Dashing Debut' }).getByRole('button').count()).toBe(0);
  });

  test('the quiz-zone pages, the play screen, its report dialog and the self challenge have no serious or critical accessibility violation', async () => {
    await signedIn();
    await page.goto(`${server.url}/quiz-zone/`);
    await page.getByRole('link', { name: /Science/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${server.url}/quiz-zone/science/physics/`);
    await page.getByRole('link', { name: /Level 1/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${server.url}/quiz-zone/science/physics/level/1/`);
    await openQuestion(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Report' }).click();
    await page.getByRole('dialog', { name: 'Report this question' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${server.url}/self-learning/`);
    await page.getByRole('group', { name: 'Number of questions' }).waitFor();
    // The app's own pickers: no native drop-down in a play's set-up.
    expect(await page.locator('main select').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
