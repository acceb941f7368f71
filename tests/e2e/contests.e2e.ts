import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { launchBrowser } from '@/tests/e2e/support/browser';
import { callApi, signInPage, signUpPlayer, type Player } from '@/tests/e2e/support/player';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';

// Contests in Chromium against the built app and its demo contests: a player plays the live one
// (the entry fee taken once), sees their rank and the leaderboard, which follows another
// player's finished play without a reload; the past one's prizes were paid once by the job,
// and stay paid once across a restart.

let browser: Browser;
let server: RunningServer;
let context: BrowserContext;
let page: Page;

const LIVE = 'Weekly General Knowledge';
const PAST = 'Science Cup';

/** The right option text of every demo contest question (content/schedule/en.json). */
const RIGHT = new Map<string, string>();
const schedule = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'content', 'schedule', 'en.json'), 'utf8')) as {
  contests: { questions: { question: string; options: string[]; answer: number }[] }[];
};
for (const c of schedule.contests) for (const q of c.questions) RIGHT.set(q.question, q.options[q.answer]!);

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

const card = (name: string) => page.getByRole('article', { name });
const coinsOf = async (player: Player) => (await callApi<{ coins: number }>(server, 'get_user_by_id', {}, player.token)).data.coins;

interface OpenSession {
  session_id: string;
  questions: { id: number; question: string; options: { key: string; text: string }[] }[];
}

/** Plays the live contest through the API, every answer right. */
async function playByApi(player: Player, contestId: number): Promise<void> {
  const open = await callApi<OpenSession>(server, 'get_questions_by_contest', { contest_id: contestId }, player.token);
  expect(open.error).toBe(false);
  for (const q of open.data.questions) {
    const key = q.options.find((o) => o.text === RIGHT.get(q.question))!.key;
    const answered = await callApi(server, 'submit_answer', { session_id: open.data.session_id, question_id: q.id, answer: key }, player.token);
    expect(answered.error).toBe(false);
  }
  expect((await callApi(server, 'finish_play', { session_id: open.data.session_id }, player.token)).error).toBe(false);
}

describe('contests in Chromium', () => {
  test('a player plays the live contest once (fee taken once), sees their rank and a leaderboard that follows other plays', async () => {
    const player = await signUpPlayer(server, 'contest player');
    await signInPage(page, player);
    const before = await coinsOf(player);
    expect(before).toBeGreaterThanOrEqual(10);

    await page.goto(`${server.url}/contest-play/`);
    await card(LIVE).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card(LIVE).getByRole('button', { name: 'Play for 10 coins' }).click();

    // Every question answered with the first option: some right (+4), some wrong (−4).
    for (let n = 1; n <= 8; n++) {
      await page.getByText(new RegExp(`^Question ${n} of 8$`)).waitFor();
      await page.getByRole('region', { name: 'Answers' }).getByRole('button').first().click();
      const next = page.getByRole('button', { name: /^(Next question|See the result)$/ });
      await next.waitFor();
      await next.click();
    }
    await page.getByText(/^You are #\d+ with (\d+|\u2066-\d+\u2069) points$/).waitFor();
    // A contest result speaks of score and rank: no pass or fail, no replay (one play per player),
    // and the review waits for the end (others are still playing).
    expect(await page.getByText(/passed/i).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Play again' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Review answers/ }).count()).toBe(0);
    await page.getByText(/^The answers can be reviewed when the contest ends, on .+\.$/).waitFor();
    expect(await coinsOf(player)).toBe(before - 10);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Once: the server refuses a second play, and takes nothing more.
    const lists = await callApi<{ live: { items: { id: number; name: string }[] } }>(server, 'get_contest', {}, player.token);
    const live = lists.data.live.items.find((c) => c.name === LIVE)!;
    const again = await callApi(server, 'get_questions_by_contest', { contest_id: live.id }, player.token);
    expect([again.status, again.message]).toEqual([409, '128']);
    expect(await coinsOf(player)).toBe(before - 10);

    await page.getByRole('button', { name: 'Leaderboard' }).click();
    await page.getByRole('heading', { name: `Leaderboard: ${LIVE}` }).waitFor();
    // The player's own row, pinned: their rank and points.
    const mine = page.getByRole('region', { name: 'Your place' });
    await mine.getByText(/^(\d+|\u2066-\d+\u2069) pts$/).waitFor();
    expect(await mine.textContent()).toMatch(/^Your placeRank \d+/);

    // Another player finishes with every answer right: they take the podium's top step without a reload.
    const rival = await signUpPlayer(server, 'rival player');
    await playByApi(rival, live.id);
    const first = page.getByRole('region', { name: 'Top three' }).locator('[data-podium="1"]');
    await first.getByText(/rival player/i).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('list', { name: 'Ranking' }).getByText(/rival player/i).count()).toBe(0);
  });

  test('the prize job paid the past contest once, ties shared, and a restart pays nothing again', async () => {
    const player = await signUpPlayer(server, 'prize viewer');
    await signInPage(page, player);
    await page.goto(`${server.url}/contest-play/`);
    await card(LIVE).waitFor();
    await page.getByRole('tab', { name: 'Past' }).click();
    await card(PAST).getByRole('button', { name: 'Leaderboard' }).click();
    await page.getByRole('heading', { name: `Leaderboard: ${PAST}` }).waitFor();
    // The podium's steps and the list's rows are list items alike.
    const ranking = page.getByRole('main');
    const rowOf = (name: string) => ranking.getByRole('listitem').filter({ hasText: name });
    // Prizes 100 for #1 and 40 for #2–3: Ada wins 100; Grace and Alan, tied second, 40 each.
    await rowOf('Ada (demo)').getByText('prize: 100 coins').waitFor({ timeout: 15_000 });
    await rowOf('Grace (demo)').getByText('prize: 40 coins').waitFor();
    await rowOf('Alan (demo)').getByText('prize: 40 coins').waitFor();
    expect(await rowOf('Marie (demo)').getByText(/prize/).count()).toBe(0);

    await server.restart();
    await page.reload();
    await card(LIVE).waitFor();
    await page.getByRole('tab', { name: 'Past' }).click();
    await card(PAST).getByRole('button', { name: 'Leaderboard' }).click();
    await rowOf('Ada (demo)').getByText('prize: 100 coins').waitFor();
    expect(await ranking.getByText(/prize: \d+ coins/).count()).toBe(3);
  });
});
