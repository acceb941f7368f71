import type { Page } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { callApi, signInPage, signUpPlayer } from '@/tests/e2e/support/player';
import { browserSuite } from '@/tests/e2e/support/suite';

// "My quizzes" in Chromium on a phone (docs/live.md): a host writes a quiz set in the form (a
// refused save names what is wrong), adds a picture, imports another from a CSV file (a broken file
// is refused naming its row), hosts the set — the host's screen shows its question with the
// picture — and deletes a set. axe on every screen.

const suite = browserSuite({ env: { DEV_OUTBOX: '1' } });
const a11y = async (page: Page) => expect(await seriousA11yViolations(page)).toEqual([]);
// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a host writes a quiz set, imports another, hosts one with its picture and deletes one', async () => {
  const host = await signUpPlayer(suite.server, 'Set Writer');
  const page = suite.page;
  await signInPage(page, host);

  await page.goto(`${suite.server.url}/live/quizzes/`);
  await page.getByText('You have no quiz yet.').waitFor();
  await a11y(page);

  // A new set: a multiple-choice question with a picture, then a sequence left with an empty item.
  await page.getByRole('link', { name: 'New quiz' }).click();
  await page.getByLabel('Name of the quiz').fill('Team night');
  const q1 = page.getByRole('article', { name: 'Question 1' });
  await q1.getByLabel('Question', { exact: true }).fill('Which planet is the largest?');
  for (const [i, text] of ['Mars', 'Jupiter', 'Venus', 'Earth'].entries()) await q1.getByRole('textbox', { name: `Option ${i + 1} of question 1` }).fill(text);
  await q1.getByRole('radio').nth(1).check();
  await q1.locator('input[type="file"]').setInputFiles({ name: 'planet.png', mimeType: 'image/png', buffer: PNG });
  await q1.getByRole('img', { name: 'Picture of question 1' }).waitFor();
  await page.getByRole('button', { name: 'Add a question' }).click();
  const q2 = page.getByRole('article', { name: 'Question 2' });
  await q2.getByLabel('Kind').selectOption('sequence');
  await q2.getByLabel('Question', { exact: true }).fill('From the Sun outwards');
  await q2.getByRole('textbox', { name: 'Option 1 of question 2' }).fill('Mercury');
  await q2.getByRole('textbox', { name: 'Option 2 of question 2' }).fill('Venus');
  await page.getByRole('button', { name: 'Save the quiz' }).click();
  await page.getByText('1 thing to fix before saving:').waitFor();
  await page.getByText('question 2: option 3 is empty').first().waitFor();
  await a11y(page);
  await q2.getByRole('textbox', { name: 'Option 3 of question 2' }).fill('Earth');
  await page.getByRole('button', { name: 'Save the quiz' }).click();
  await page.getByText('Saved.').waitFor();
  await page.waitForURL(/\/live\/quizzes\/\?set=\d+$/);
  const setId = Number(new URL(page.url()).searchParams.get('set'));
  await a11y(page);

  // Stored as written: the right answer, the picture, the order.
  const stored = await callApi<{ questions: { type: string; answer: number[]; image: string | null; options: string[] }[] }>(suite.server, 'quiz_set', { set_id: setId }, host.token);
  expect(stored.data.questions.map((q) => [q.type, q.answer, q.options.length])).toEqual([
    ['multiple', [1], 4],
    ['sequence', [0, 1, 2], 3],
  ]);
  expect(stored.data.questions[0]!.image).toMatch(/^\/uploads\/content\/[0-9a-f]{24}\.png$/);

  // Imports: a broken file is refused naming its row; a good one becomes a set of its own.
  await page.getByRole('link', { name: 'My quizzes' }).first().click();
  await page.getByText('Team night', { exact: true }).waitFor();
  const csv = ['type,question,option_a,option_b,option_c,answer', 'multiple,Two and two?,3,4,5,b', 'true_false,The sky is green.,True,False,,b'].join('\n');
  await page.getByLabel('File (CSV or JSON)').setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\nmultiple,Which?,A,B,,z`) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText('question 3: the right answer must name its options').waitFor();
  await page.getByLabel('File (CSV or JSON)').setInputFiles({ name: 'maths_warm_up.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.waitForURL(/\/live\/quizzes\/\?set=\d+$/);
  await page.getByRole('article', { name: 'Question 2' }).waitFor();
  expect(await page.getByLabel('Name of the quiz').inputValue()).toBe('maths warm up');
  await page.getByRole('link', { name: 'My quizzes' }).first().click();
  await page.getByText('maths warm up', { exact: true }).waitFor();
  await a11y(page);

  // Deleting asks first.
  await page.getByRole('button', { name: 'Delete maths warm up' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this quiz?' }).waitFor();
  await a11y(page);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText('maths warm up', { exact: true }).waitFor({ state: 'detached' });

  // Hosting the set: chosen in the setup, its picture on the host's screen.
  await page.getByRole('link', { name: 'Host Team night' }).click();
  await page.getByLabel('Quiz', { exact: true }).waitFor();
  expect(await page.getByLabel('Quiz', { exact: true }).inputValue()).toBe(String(setId));
  await a11y(page);
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.locator('[data-live-host="lobby"]').waitFor();
  await page.getByRole('heading', { name: 'Team night' }).waitFor();
  const pin = (await page.locator('[data-live-pin]').innerText()).replace(/\s/g, '');
  expect((await callApi(suite.server, 'live_join', { pin, nickname: 'Ana' })).error).toBe(false);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.locator('[data-live-host-phase="open"]').waitFor({ timeout: 15_000 });
  await page.getByText('Which planet is the largest?').waitFor();
  expect(await page.locator('[data-live-host-phase="open"] img').getAttribute('src')).toBe(stored.data.questions[0]!.image);
  await a11y(page);
});
