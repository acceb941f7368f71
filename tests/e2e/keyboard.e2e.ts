import type { Page } from 'playwright-core';
import { browserSuite } from '@/tests/e2e/support/suite';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';
import { signInPage, signUpPlayer } from '@/tests/e2e/support/player';

// A quiz and a battle played with the keyboard alone: no click, no tap, every step by Tab, Enter
// and the answer keys, as a player without a pointer plays. Along the way: the question takes the
// focus when it changes, and what a sighted player sees happen (the result of an answer, the last
// seconds, an opponent's answer) is in a live region's text.

/** Short games: three questions, 8 s per quiz question; 15 s battle questions, a 5 s search, a quick bot. */
const suite = browserSuite({
  settings: {
    quiz_zone_total_level_question: '3',
    quiz_zone_duration: '8',
    random_battle_total_question: '3',
    random_battle_duration: '15',
    random_battle_search_seconds: '5',
    bot_min_answer_delay_ms: '100',
    bot_max_answer_delay_ms: '400',
  },
  env: { DEV_OUTBOX: '1' },
});
const ANSWERS = demoAnswers('en');

/** The focused element: its id and the name a screen reader would give it (label, aria-label or text). */
function focused(page: Page): Promise<{ id: string; name: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { id: '', name: '' };
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent;
    const name = labelled ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
    return { id: el.id, name: name.replace(/\s+/g, ' ').trim() };
  });
}

/** Presses Tab until the focused control's name matches (the way a keyboard player gets there). */
async function tabTo(page: Page, name: RegExp, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (name.test((await focused(page)).name)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached a control named ${name} (last: "${(await focused(page)).name}")`);
}

/** Presses Tab until the focused element is inside `container` (a CSS selector). */
async function tabInto(page: Page, container: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((c) => !!document.activeElement?.closest(c), container)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${container}`);
}

const waitForFocusOn = (page: Page, id: string) => page.waitForFunction((want) => document.activeElement?.id === want, id);

/** The text of the play screen's own live region (results of answers, last seconds). */
const announced = (page: Page, selector = 'div.sr-only[aria-live="polite"]:not([data-testid])') =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);

describe('by keyboard alone', () => {
  test('a quiz-zone level: keys answer, a lifeline by Tab and Enter, Enter goes on, to the result', async () => {
    const { page, server } = suite;
    const player = await signUpPlayer(server, 'Kay Board');
    await signInPage(page, player);
    await page.goto(`${server.url}/quiz-zone/science/physics/level/1/`);

    let usedLifeline = false;
    for (let n = 1; n <= 3; n++) {
      await page.getByText(`Question ${n} of 3`, { exact: true }).waitFor();
      // The new question has the focus: a screen reader reads it first.
      await waitForFocusOn(page, 'question-text');
      const question = ((await page.locator('h1#question-text').textContent()) ?? '').trim();
      const options = page.getByRole('region', { name: 'Answers' }).getByRole('button');

      if (!usedLifeline && (await options.count()) === 4) {
        await tabTo(page, /^50\/50/);
        await page.keyboard.press('Enter');
        await page.getByRole('region', { name: 'Answers' }).getByRole('button', { name: /Removed by 50\/50/ }).nth(1).waitFor();
        usedLifeline = true;
      }
      if (n === 2) {
        // The last seconds are announced (8 s a question: this is a few seconds away).
        await page.waitForFunction(() => /\d+ s left/.test(document.querySelector('div.sr-only[aria-live="polite"]')?.textContent ?? ''), null, { timeout: 10_000 });
      }
      const texts = await options.evaluateAll((buttons) => buttons.map((b) => b.querySelector('span[dir="auto"]')?.textContent?.trim() ?? ''));
      const right = texts.indexOf(ANSWERS.get(question) ?? '');
      expect(right).toBeGreaterThanOrEqual(0);
      await page.keyboard.press(String(right + 1));

      // The result of the answer, in words, in the live region; the way on has the focus.
      await page.waitForFunction(() => /^Correct!/.test(document.querySelector('div.sr-only[aria-live="polite"]')?.textContent ?? ''));
      expect(await announced(page)).toMatch(/^Correct!/);
      expect((await focused(page)).name).toBe(n < 3 ? 'Next question' : 'See the result');
      await page.keyboard.press('Enter');
    }
    expect(usedLifeline).toBe(true);
    await page.getByRole('heading', { name: 'Quiz finished' }).waitFor();
    await page.getByText('Level 2 unlocked!').waitFor();
  });

  test('a random battle against the bot: search, play, the bot’s answer announced, leave — all by keys', async () => {
    const { page, server } = suite;
    const player = await signUpPlayer(server, 'Kay Battle');
    await signInPage(page, player);
    await page.goto(`${server.url}/random-battle/`);
    await page.getByRole('button', { name: 'Find an opponent' }).waitFor();

    // The categories are chips (radios of one group): Tab reaches the chosen one, arrows move the choice.
    await tabInto(page, '#battle-category');
    const chosen = () => page.getByRole('group', { name: 'Category' }).getByRole('radio', { checked: true }).evaluate((r) => r.closest('label')?.textContent);
    for (let i = 0; i < 20 && (await chosen()) !== 'Science'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await chosen()).toBe('Science');
    await tabTo(page, /^Find an opponent$/);
    await page.keyboard.press('Enter');
    await page.getByText('no opponent detected, retry or play against the bot').waitFor({ timeout: 20_000 });
    await tabTo(page, /^Play against the bot$/);
    await page.keyboard.press('Enter');

    // Question 1: it takes the focus; the bot answers within half a second and is announced; then our key.
    await page.getByText('Question 1 of 3', { exact: true }).waitFor();
    await waitForFocusOn(page, 'battle-question-text');
    await page.waitForFunction(() => /has answered\./.test(document.querySelector('[data-testid="opponent-answers"]')?.textContent ?? ''));
    expect(await announced(page, '[data-testid="opponent-answers"]')).toMatch(/^.+ has answered\.$/);
    await page.keyboard.press('1');
    // Both answered: the question closes and the right answer is announced.
    await page.waitForFunction(() => /^The right answer is /.test(document.querySelector('div.sr-only[aria-live="polite"]:not([data-testid])')?.textContent ?? ''));

    // Question 2 takes the focus in turn; the player leaves, confirming in the dialog, by keys.
    await page.getByText('Question 2 of 3', { exact: true }).waitFor({ timeout: 20_000 });
    await waitForFocusOn(page, 'battle-question-text');
    await tabTo(page, /^Leave$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    // An answer key pressed in the dialog stays there: the question behind is not answered (the
    // bot has answered, so an answer of ours would close it at once and announce the right one).
    // No answer leaves the page: a key's handler sends at once, so any answer would be on its way
    // before Escape is pressed; none is (rather than waiting a second to see nothing announced).
    const answersSent: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (r.url().endsWith('/api/submit_room_answer')) answersSent.push(r.url());
    };
    page.on('request', onRequest);
    await page.keyboard.press('2');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    page.off('request', onRequest);
    expect(answersSent).toEqual([]);
    expect(await page.locator('div.sr-only[aria-live="polite"]:not([data-testid])').first().textContent()).not.toMatch(/^The right answer is /);
    expect(await page.getByRole('region', { name: 'Answers' }).getByRole('button').first().isEnabled()).toBe(true);
    expect(await page.getByText('Question 2 of 3', { exact: true }).isVisible()).toBe(true);
    // Now for real; focus is inside the dialog; its own Leave confirms.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, /^Leave$/);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Find an opponent' }).or(page.locator('h1#battle-result-title')).first().waitFor();
  });

  test('an exam: its key, the rules, answers, the next question and the submission, all by keys', async () => {
    const { page, server } = suite;
    const player = await signUpPlayer(server, 'Kay Exam');
    await signInPage(page, player);
    await page.goto(`${server.url}/exam-module/`);
    await page.getByRole('article', { name: 'Science basics' }).waitFor();

    await tabTo(page, /^Start the exam$/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^Exam key/);
    await page.keyboard.type('2468');
    await tabTo(page, /^Continue$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Exam rules' }).waitFor();
    await tabTo(page, /^I have read and agree to the exam rules$/);
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: 'I have read and agree to the exam rules' }).isChecked()).toBe(true);
    await tabTo(page, /^Start now$/);
    await page.keyboard.press('Enter');

    for (let n = 1; n <= 2; n++) {
      await page.getByText(`Question ${n} of 6`).waitFor();
      // Each question takes the focus (its heading), then the first answer is a Tab away.
      await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
      await tabInto(page, '[role="group"][aria-label="Answers"]');
      await page.keyboard.press('Enter');
      await page.getByText(`${n} of 6 answered`).waitFor();
      if (n === 1) {
        await tabTo(page, /^Next$/);
        await page.keyboard.press('Enter');
      }
    }
    await tabTo(page, /^Submit the exam$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Submit the exam?' });
    await dialog.getByText(/Questions not answered: 4\./).waitFor();
    await tabTo(page, /^Submit the exam$/);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Result: Science basics' }).waitFor();
    await page.getByText('You submitted the exam.').waitFor();
  });
});
