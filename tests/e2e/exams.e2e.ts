import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { launchBrowser } from '@/tests/e2e/support/browser';
import { signInPage, signUpPlayer } from '@/tests/e2e/support/player';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';

// Exams in Chromium against the built app and its demo exams (Science basics, key 2468): the key,
// the rules, answers, a reload in the middle, the submit and the result; and a page hidden for
// more than the limit, which ends the exam with the violation recorded.

let browser: Browser;
let server: RunningServer;
let context: BrowserContext;
let page: Page;

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
  const player = await signUpPlayer(server, 'exam taker');
  await signInPage(page, player);
});

afterEach(async () => {
  await context.close();
});

const exam = () => page.getByRole('article', { name: 'Science basics' });
const timer = () => page.getByRole('timer', { name: /^Time left in the exam/ });
const options = () => page.getByRole('group', { name: 'Answers' }).getByRole('button');

/** mm:ss of the exam's countdown, in seconds. */
async function secondsLeft(): Promise<number> {
  const label = (await timer().getAttribute('aria-label')) ?? '';
  const [, mm, ss] = /(\d+):(\d+)$/.exec(label) ?? [];
  return Number(mm) * 60 + Number(ss);
}

async function expectNoSeriousA11yViolations() {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

async function openExamWithKey(key: string) {
  await page.getByRole('textbox', { name: 'Exam key' }).fill(key);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Exam rules' }).waitFor();
  await page.getByRole('checkbox', { name: 'I have read and agree to the exam rules' }).check();
  await page.getByRole('button', { name: 'Start now' }).click();
}

async function startScienceBasics() {
  await page.goto(`${server.url}/exam-module/`);
  await exam().getByRole('button', { name: 'Start the exam' }).click();
  await openExamWithKey('2468');
  await page.getByText('Question 1 of 6').waitFor();
}

describe('exams in Chromium', () => {
  test('a wrong key, then the right one; the rules; answers; a reload in the middle keeps answers and time; submit; the result', async () => {
    await page.goto(`${server.url}/exam-module/`);
    await exam().waitFor();
    await expectNoSeriousA11yViolations();
    await exam().getByRole('button', { name: 'Start the exam' }).click();

    // An empty key is refused on the page; a wrong one by the server.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('please enter the exam key').waitFor();
    await openExamWithKey('1111');
    await page.getByText('invalid exam key').waitFor();
    await expect(page.getByRole('textbox', { name: 'Exam key' }).isVisible()).resolves.toBe(true);

    await openExamWithKey('2468');
    await page.getByText('Question 1 of 6').waitFor();
    await expectNoSeriousA11yViolations();
    await options().first().click();
    await page.getByText('1 of 6 answered').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Question 2 of 6').waitFor();
    await options().nth(1).click();
    await page.getByText('2 of 6 answered').waitFor();
    const before = await secondsLeft();
    expect(before).toBeLessThanOrEqual(600);

    // A reload: the exam is running, resumed without the key, answers and time intact.
    await page.reload();
    await exam().getByRole('button', { name: 'Resume the exam' }).click();
    await page.getByText('2 of 6 answered').waitFor();
    await page.getByText('Question 3 of 6').waitFor();
    const after = await secondsLeft();
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 60);
    await expect(page.getByRole('button', { name: 'Question 1, answered' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Question 3, not answered' }).isVisible()).resolves.toBe(true);

    await options().first().click();
    await page.getByText('3 of 6 answered').waitFor();
    await page.getByRole('button', { name: 'Submit the exam' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Submit the exam?' });
    await dialog.getByText(/Questions not answered: 3\./).waitFor();
    await dialog.getByRole('button', { name: 'Submit the exam' }).click();

    await page.getByRole('heading', { name: 'Result: Science basics' }).waitFor();
    await page.getByText(/^\d+ of 11 marks$/).waitFor();
    await page.getByText('You submitted the exam.').waitFor();
    // The reload was a drop-out, recorded with its time, to the second.
    await page.getByText(/Page closed or reloaded/).waitFor();
    expect(await page.locator('time', { hasText: /\d:\d\d:\d\d/ }).count()).toBeGreaterThan(0);
    // Nothing of the result is wider than the phone: no cut column, no sideways scroll.
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - window.innerWidth,
      blocks: [...document.querySelectorAll('[data-testid="exam-by-marks"] li')].map((li) => li.scrollWidth - li.clientWidth),
    }));
    expect(overflow.page).toBeLessThanOrEqual(0);
    expect(overflow.blocks.length).toBeGreaterThan(0);
    expect(overflow.blocks.filter((d) => d > 0)).toEqual([]);
    await expectNoSeriousA11yViolations();

    // One attempt: the exam is now in the completed list with its marks.
    await page.getByRole('button', { name: 'Back to the exams' }).click();
    await page.getByRole('tab', { name: 'Completed' }).click();
    await exam().getByText(/of 11 marks/).waitFor();
  });

  test('a page hidden for more than 5 s ends the exam with the rules violated, and the server has the hidden page within a second', async () => {
    await startScienceBasics();
    await options().first().click();
    await page.getByText('1 of 6 answered').waitFor();

    // Headless Chromium keeps every page visible: the page is told it is hidden as a browser
    // tells it (visibilityState and the visibilitychange event), and the app's adapter reacts.
    const reported = page.waitForResponse((r) => r.url().endsWith('/api/report_exam_violation'));
    // Reported at once: the first exam call after the page is hidden is the report, not a heartbeat.
    const callsAfterHiding: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const name = /\/api\/([a-z_]+)$/.exec(r.url())?.[1];
      if (name?.startsWith('exam_') || name === 'report_exam_violation' || name === 'set_exam_answer') callsAfterHiding.push(name);
    };
    page.on('request', onRequest);
    const hiddenAt = Date.now();
    // As a browser does when the player switches away: the window loses the focus, then the page is hidden.
    await page.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const response = await reported;
    page.off('request', onRequest);
    expect(callsAfterHiding[0]).toBe('report_exam_violation');
    const body = (await response.json()) as { error: boolean; data: { violations: number; status: string } };
    expect(body.error).toBe(false);
    expect(body.data).toMatchObject({ violations: 1, status: 'in_exam' });

    // Past the limit the exam ends, whatever the page does later.
    await page.getByRole('heading', { name: 'Result: Science basics' }).waitFor({ timeout: 15_000 });
    expect(Date.now() - hiddenAt).toBeGreaterThanOrEqual(5000);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.getByText('The exam ended because the page was left for too long.').waitFor();
    await page.getByText('Exam rules broken').waitFor();
    // One hide is one violation: the blur that came with it is not a second one.
    await page.getByText('Violations recorded: 1').waitFor();
    await page.getByText(/Page left/).waitFor();
    expect(await page.getByText(/Window switched/).count()).toBe(0);
  });
});
