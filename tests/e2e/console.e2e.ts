import type { BrowserContext, Page, Request } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { callApi, signInPage, signUpPlayer, type Player } from '@/tests/e2e/support/player';
import { browserSuite } from '@/tests/e2e/support/suite';
import { BANK_HEADER, bankRow } from '@/bench/import/bank';
import { csvLine } from '@/services/server/content/csv';

// The operators' console (docs/operators.md) and the player's side of redeem, end to end. The
// first admin is made as the README says: sign up, stop the server, `npm run admin -- grant`, start.

const suite = browserSuite({ env: { DEV_OUTBOX: '1' }, settings: { coin_limit: '10' } }, { width: 1280, height: 900 });

let admin: Player;
let editor: Player;

beforeAll(async () => {
  admin = await signUpPlayer(suite.server, 'Ada Admin');
  editor = await signUpPlayer(suite.server, 'Eddie Editor');
  await suite.server.restart(() => {
    suite.server.operatorCommand('admin', ['grant', admin.email]);
    suite.server.operatorCommand('admin', ['grant', editor.email, '--role', 'editor']);
  });
});

/** A second tab of its own (another browser profile) signed in as `who`. */
async function pageAs(who: Player): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInPage(page, who);
  return { context, page };
}

async function expectNoSeriousViolations(page: Page) {
  // Checked once the page has settled (the route bar is idle).
  await page.waitForFunction(() => document.querySelector('[data-route-progress]')?.getAttribute('data-route-progress') === 'idle');
  expect(await seriousA11yViolations(page)).toEqual([]);
}

test('an editor sees content only: the players page and the players call are refused', async () => {
  const { page } = suite;
  await signInPage(page, editor);
  await page.goto(`${suite.server.url}/admin/`);
  await page.getByText('Your role is editor').waitFor();
  const nav = page.getByRole('navigation', { name: 'Console' });
  expect(await nav.getByRole('link', { name: 'Players' }).count()).toBe(0);
  await page.goto(`${suite.server.url}/admin/players/`);
  await page.getByRole('heading', { name: 'Admins only' }).waitFor();
  expect(await page.getByRole('table', { name: 'Players' }).count()).toBe(0);
  const refused = await callApi(suite.server, 'admin_players', {}, editor.token);
  expect([refused.status, refused.message]).toEqual([403, 'forbidden']);
  // A player is told the console is for operators.
  const player = await signUpPlayer(suite.server, 'Curious Player');
  const { context, page: playerPage } = await pageAs(player);
  await playerPage.goto(`${suite.server.url}/admin/`);
  await playerPage.getByRole('heading', { name: 'Operators only' }).waitFor();
  await context.close();
});

test('an admin finds a player and deactivates them: the player’s open page is signed out with the deactivated message on its next call', async () => {
  const victim = await signUpPlayer(suite.server, 'Mallory Cheater');
  const { context, page: playerPage } = await pageAs(victim);
  // The page's own calls of its first seconds (the interface languages, 2 s after the load) are made
  // before the deactivation, so that the next call is the one this test makes.
  const languagesListed = playerPage.waitForResponse((r) => r.url().endsWith('/api/get_system_language_list'));
  await playerPage.goto(`${suite.server.url}/profile/`);
  await playerPage.getByRole('link', { name: /wallet/i }).first().waitFor();
  await languagesListed;

  const { page } = suite;
  await signInPage(page, admin);
  await page.goto(`${suite.server.url}/admin/`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.getByTestId('dash-Players').waitFor();
  await expectNoSeriousViolations(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Players' }).click();
  await page.getByLabel('Name, e-mail, mobile or id').fill(victim.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Players' });
  await table.getByRole('link', { name: 'Mallory Cheater' }).click();
  await page.getByRole('heading', { name: /Mallory Cheater/ }).waitFor();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await page.getByTestId('player-status').filter({ hasText: 'deactivated' }).waitFor();

  // The player's page, still open, makes its next call: refused at once, signed out, told why.
  await playerPage.getByRole('link', { name: /wallet/i }).first().click();
  await playerPage.getByText('account deactivated, contact admin').first().waitFor();
  await playerPage.waitForURL(`${suite.server.url}/`);
  const audit = await callApi<{ action: string; target_id: string }[]>(suite.server, 'admin_audit_log', { action: 'user.deactivate' }, admin.token);
  expect(audit.data.map((e) => e.target_id)).toContain(String(victim.user.id));

  // Logging in again: the login page stays, with the reason on it (not a toast on the home page).
  await playerPage.goto(`${suite.server.url}/auth/login/`);
  await playerPage.getByLabel('Email').fill(victim.email);
  await playerPage.getByLabel('Password').fill('correct horse battery');
  // The page's requests under way, and who waits for none to be. A stream (the notification
  // feed, asked for as text/event-stream) never finishes: waiting for one hung the test once in CI.
  const underWay = new Set<Request>();
  let waiting: (() => void)[] = [];
  const ended = (request: Request) => {
    if (!underWay.delete(request) || underWay.size > 0) return;
    for (const wake of waiting) wake();
    waiting = [];
  };
  const quiet = () => (underWay.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)));
  playerPage.on('request', (request) => {
    if (request.headers()['accept'] !== 'text/event-stream') underWay.add(request);
  });
  playerPage.on('requestfinished', ended);
  playerPage.on('requestfailed', ended);
  await playerPage.getByRole('button', { name: 'Log in' }).click();
  await playerPage.getByRole('alert').filter({ hasText: 'account deactivated, contact admin' }).waitFor();
  // Whatever the refusal set off has happened: two frames painted since, and no request of the
  // page under way (a move to another page fetches it first).
  await playerPage.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await quiet();
  expect(new URL(playerPage.url()).pathname).toBe('/auth/login/');
  expect(await playerPage.getByRole('alert').filter({ hasText: 'account deactivated, contact admin' }).count()).toBe(1);
  await context.close();
});

test('redeem: a request takes the coins, a second within 48 hours is refused, an operator marks the first invalid and the coins come back', async () => {
  const player = await signUpPlayer(suite.server, 'Rita Redeemer');
  const { page } = suite;
  await signInPage(page, admin);
  // The operator credits the player with coins through the console's form.
  await page.goto(`${suite.server.url}/admin/players/${player.user.id}/`);
  await page.getByRole('heading', { name: /Rita Redeemer/ }).waitFor();
  const startCoins = Number((await page.getByTestId('player-coins').textContent())!.replace(/\D/g, ''));
  await page.getByLabel('Coins (negative to take)').fill('0');
  await page.getByRole('button', { name: 'Adjust' }).click();
  await page.getByText('must not be 0').waitFor();
  await page.getByLabel('Coins (negative to take)').fill('50');
  await page.getByLabel('Reason (the player sees it)').fill('Quiz night prize');
  await page.getByRole('button', { name: 'Adjust' }).click();
  await page.getByRole('status').filter({ hasText: `the balance is ${startCoins + 50}` }).first().waitFor();

  const { context, page: playerPage } = await pageAs(player);
  const feed = playerPage.waitForResponse((r) => r.url().endsWith('/api/notifications/events'));
  await playerPage.goto(`${suite.server.url}/profile/wallet/`);
  await playerPage.getByRole('heading', { name: 'Redeem coins' }).waitFor();
  await playerPage.getByLabel('PayPal e-mail address').fill('not-an-address');
  await playerPage.getByLabel('Coins to redeem').fill('30');
  await playerPage.getByRole('button', { name: 'Request payout' }).click();
  await playerPage.getByText('Enter the e-mail address of your PayPal account.').waitFor();
  await playerPage.getByLabel('PayPal e-mail address').fill('rita@example.com');
  await playerPage.getByText('You will receive $3.00').waitFor();
  await playerPage.getByRole('button', { name: 'Request payout' }).click();
  await playerPage.getByRole('status').filter({ hasText: 'Request sent: 30 coins' }).first().waitFor();
  await playerPage.getByTestId('wallet-coins').filter({ hasText: String(startCoins + 20) }).waitFor();
  await playerPage.getByTestId('redeem-history').getByText('Pending').waitFor();
  await expectNoSeriousViolations(playerPage);

  // A second request within 48 hours: refused with the rule's words, nothing taken.
  await playerPage.getByLabel('PayPal e-mail address').fill('rita@example.com');
  await playerPage.getByLabel('Coins to redeem').fill('10');
  await playerPage.getByRole('button', { name: 'Request payout' }).click();
  await playerPage.getByText('you have already made a payment request, wait 48 hours after the previous one').first().waitFor();
  expect(await playerPage.getByTestId('wallet-coins').textContent()).toContain(String(startCoins + 20));

  await feed;
  // The operator refuses the request with a reason.
  await page.goto(`${suite.server.url}/admin/payments/`);
  const queue = page.getByRole('table', { name: 'Pending payout requests' });
  const row = queue.getByRole('row').filter({ hasText: 'rita@example.com' });
  await row.getByRole('button', { name: /invalid/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Mark invalid' }).click();
  await dialog.getByText('is required to mark a request invalid').waitFor();
  await dialog.getByLabel('Reason (the player sees it)').fill('PayPal account not found');
  await dialog.getByRole('button', { name: 'Mark invalid' }).click();
  await page.getByRole('status').filter({ hasText: '30 coins returned' }).first().waitFor();
  await expectNoSeriousViolations(page);

  // The player's open page is told at once, and shows, without a reload, the coins back and the
  // request refused (no Withdraw button, no notice of an earlier step beside it).
  await playerPage.getByTestId('live-notification').filter({ hasText: 'Redeem request refused' }).waitFor();
  await playerPage.getByTestId('redeem-history').getByText('PayPal account not found').waitFor({ timeout: 5000 });
  await playerPage.getByTestId('wallet-coins').filter({ hasText: String(startCoins + 50) }).waitFor({ timeout: 5000 });
  expect(await playerPage.getByTestId('redeem-history').getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
  expect(await playerPage.getByText(/^Request sent/).count()).toBe(0);

  // The coin history shows the three movements: the credit, the request, the refund.
  await playerPage.goto(`${suite.server.url}/profile/coin-history/`);
  const income = playerPage.getByRole('tabpanel');
  await income.getByText('Quiz night prize').waitFor();
  await income.getByText('Redeem request: coins returned').waitFor();
  await playerPage.getByRole('tab', { name: 'Spent' }).click();
  await playerPage.getByRole('tabpanel').getByText('Redeem request', { exact: true }).waitFor();
  await context.close();
});

test('an operator sends a notification to everyone: an open player page shows it without a reload', async () => {
  const player = await signUpPlayer(suite.server, 'Nina Listener');
  const { context, page: playerPage } = await pageAs(player);
  // The page's live feed opens once the page has settled (background work): wait for its stream.
  const feed = playerPage.waitForResponse((r) => r.url().endsWith('/api/notifications/events'));
  await playerPage.goto(`${suite.server.url}/`);
  await playerPage.getByRole('heading', { level: 1 }).first().waitFor();
  await feed;

  const { page } = suite;
  await signInPage(page, admin);
  await page.goto(`${suite.server.url}/admin/notifications/`);
  await page.getByRole('heading', { name: 'Send a notification' }).waitFor();
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText('is required').first().waitFor();
  await page.getByLabel('Title').fill('Weekend cup');
  await page.getByLabel('Message').fill('Double coins all Saturday.');
  await page.getByLabel('Link (optional: /path or https://…)').fill('/contest-play/');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('status').filter({ hasText: 'is on its way' }).first().waitFor();

  const live = playerPage.getByTestId('live-notification').filter({ hasText: 'Weekend cup' });
  await live.waitFor();
  expect(await live.textContent()).toContain('Double coins all Saturday.');
  // The send is listed as delivered to every player.
  await page.getByRole('table', { name: 'Notifications sent' }).getByText('(done)').first().waitFor({ timeout: 15_000 });
  await expectNoSeriousViolations(page);
  // And it is in the player's list.
  await playerPage.goto(`${suite.server.url}/profile/notifications/`);
  await playerPage.getByText('Weekend cup').first().waitFor();
  await context.close();
});

test('settings: an admin switches maintenance on (players see the maintenance page, the console still works) and off again', async () => {
  const player = await signUpPlayer(suite.server, 'Paula Patient');
  const { page } = suite;
  await signInPage(page, admin);
  await page.goto(`${suite.server.url}/admin/settings/`);
  const maintenance = page.getByRole('switch', { name: 'Maintenance mode' });
  await maintenance.waitFor();
  await expectNoSeriousViolations(page);
  const limit = page.getByLabel('coin_limit');
  await limit.fill('-5');
  await page.getByRole('button', { name: 'Save coin_limit' }).click();
  await page.getByText('coin_limit must be at least 1').waitFor();
  await maintenance.click();
  await page.getByRole('switch', { name: 'Maintenance mode', checked: true }).waitFor();
  try {
    const { context, page: playerPage } = await pageAs(player);
    await playerPage.goto(`${suite.server.url}/`);
    await playerPage.getByRole('heading', { name: 'Under maintenance' }).waitFor();
    await context.close();
    await page.reload();
    await page.getByRole('switch', { name: 'Maintenance mode', checked: true }).waitFor();
  } finally {
    await page.getByRole('switch', { name: 'Maintenance mode' }).click();
    await page.getByRole('switch', { name: 'Maintenance mode', checked: false }).waitFor();
  }
  const audit = await callApi<{ action: string; after: { value: string } }[]>(suite.server, 'admin_audit_log', { target_id: 'maintenance_mode' }, admin.token);
  expect(audit.data.map((e) => e.after.value)).toEqual(['0', '1']);
});

test('an editor creates a category and a question in the console; a player then plays it', async () => {
  const { page } = suite;
  await signInPage(page, editor);
  await page.goto(`${suite.server.url}/admin/content/`);
  await page.getByRole('heading', { name: 'New quiz zone category' }).waitFor();
  // The list above the form has loaded: its rows, coming in, would move the button under a click.
  await page.getByRole('list', { name: 'Categories' }).waitFor();
  await page.getByRole('button', { name: 'Create the category' }).click();
  await page.getByText('is required').first().waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Rivers of Europe');
  await page.getByRole('button', { name: 'Create the category' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved “Rivers of Europe”' }).first().waitFor();
  await page.getByRole('list', { name: 'Categories' }).getByRole('link', { name: 'Rivers of Europe' }).click();
  await page.getByRole('heading', { name: 'Rivers of Europe', level: 1 }).waitFor();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Add a question' }).first().click();

  await page.getByRole('heading', { name: 'New question' }).waitFor();
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Rivers of Europe' });
  await page.getByLabel('Question', { exact: true }).fill('Which sea does the Danube flow into?');
  await page.getByLabel('Option A', { exact: true }).fill('North Sea');
  await page.getByLabel('Option B', { exact: true }).fill('Black Sea');
  await page.getByLabel('Option C', { exact: true }).fill('Baltic Sea');
  await page.getByLabel('Option D', { exact: true }).fill('north sea');
  await page.getByRole('radio', { name: /^B/ }).check();
  await page.getByRole('button', { name: 'Create the question' }).click();
  // Checked as an import is: the server names the option that repeats another.
  await page.getByText(/duplicate options: a and d/).waitFor();
  await page.getByLabel('Option D', { exact: true }).fill('Adriatic Sea');
  await page.getByRole('button', { name: 'Create the question' }).click();
  await page.waitForURL(/\/admin\/questions\/\d+\/(\?created=1)?$/);
  await page.getByRole('heading', { name: /^Question #\d+$/ }).waitFor();
  // The new question's own page says it was saved.
  await page.getByText(/^Saved question #\d+\.$/).waitFor();
  await expectNoSeriousViolations(page);

  const player = await signUpPlayer(suite.server, 'Paolo Player');
  const { context, page: playerPage } = await pageAs(player);
  await playerPage.goto(`${suite.server.url}/quiz-zone/`);
  await playerPage.getByRole('link', { name: /Rivers of Europe/ }).click();
  await playerPage.getByRole('link', { name: /Level 1/ }).click();
  await playerPage.getByText(/^Question 1 of 1$/).waitFor();
  expect(await playerPage.locator('h1#question-text').textContent()).toContain('Which sea does the Danube flow into?');
  await playerPage
    .getByRole('region', { name: 'Answers' })
    .getByRole('button')
    .filter({ has: playerPage.locator('span[dir="auto"]', { hasText: /^Black Sea$/ }) })
    .click();
  await playerPage.getByRole('button', { name: 'See the result' }).click();
  await playerPage.getByRole('heading', { name: 'Quiz finished' }).waitFor();
  await playerPage.getByRole('status').filter({ hasText: 'Well done, you passed!' }).waitFor();
  await context.close();
});

test('the console says what is wrong instead of cutting or mislabelling: an overlong name, an upload of the wrong type, and the question list in the operator\'s language', async () => {
  const { page } = suite;
  await signInPage(page, editor);
  await page.goto(`${suite.server.url}/admin/content/`);
  await page.getByRole('heading', { name: 'New quiz zone category' }).waitFor();
  const name = page.getByLabel('Name', { exact: true });
  const long = `Rivers, lakes and seas of the whole of Europe and of Asia, from the Atlantic coast to the Pacific 123`;
  expect(long.length).toBeGreaterThan(100);
  await name.fill(long);
  // Nothing typed is cut off: the field keeps it all and says how many characters are too many.
  expect(await name.inputValue()).toBe(long);
  await page.getByText(`${long.length} / 100 characters: ${long.length - 100} too many`).waitFor();
  await page.getByRole('button', { name: 'Create the category' }).click();
  await page.getByText('must be at most 100 characters').waitFor();
  expect(await page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBe(0);

  await page.goto(`${suite.server.url}/admin/questions/new/`);
  await page.getByRole('heading', { name: 'New question' }).waitFor();
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await page.getByText('File must be a PNG, JPEG or WebP image').waitFor();
  expect(await page.getByText(/required field missing/i).count()).toBe(0);

  // The demo bank has English and Spanish questions, the Spanish ones newest: an English operator
  // opens the list on the English ones.
  await page.goto(`${suite.server.url}/admin/questions/`);
  const languages = await callApi<{ id: number; code: string }[]>(suite.server, 'admin_languages', {}, editor.token);
  const english = languages.data.find((l) => l.code === 'en')!.id;
  const firstPage = async (filter: Record<string, number>) =>
    (await callApi<{ rows: { id: number }[] }>(suite.server, 'admin_questions', { ...filter, limit: 25, sort: 'id', order: 'desc' }, editor.token)).data.rows.map((r) => `#${r.id}`);
  const englishPage = await firstPage({ language_id: english });
  // Every language's first page is another one (else this check would prove nothing).
  expect(await firstPage({})).not.toEqual(englishPage);
  const table = page.getByRole('table', { name: 'Questions' });
  await table.getByRole('link', { name: englishPage[0]!, exact: true }).waitFor();
  expect(await table.getByRole('link', { name: /^#\d+$/ }).allTextContents()).toEqual(englishPage);
  expect(await page.getByLabel('Language', { exact: true }).locator('option:checked').textContent()).toBe('English');
  await expectNoSeriousViolations(page);
});

test('an editor imports a CSV file: the page shows what was imported and every rejected row with its reason', async () => {
  const { page } = suite;
  await signInPage(page, editor);
  await page.goto(`${suite.server.url}/admin/import/`);
  await page.getByRole('heading', { name: 'Import questions' }).waitFor();
  const csv = [
    'category,subcategory,type,level,question,option_a,option_b,option_c,option_d,answer,note',
    'Imported in the console,,multiple,1,Which gas do plants take in?,Carbon dioxide,Helium,Neon,Argon,a,',
    'Imported in the console,,boolean,1,The Moon is a planet.,,,,,b,',
    'Imported in the console,,multiple,1,A question with a missing answer?,One,Two,Three,Four,,',
  ].join('\n');
  await page.getByLabel('File').setInputFiles({ name: 'console.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import' }).click();
  const summary = page.getByTestId('import-summary');
  await summary.waitFor();
  expect(await summary.textContent()).toMatch(/^csv: 3 read, 2 imported, 0 duplicates, 1 rejected in \d+\.\d s\.$/);
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  expect(await rejected.getByRole('row').nth(1).textContent()).toMatch(/^4/);
  await expectNoSeriousViolations(page);
});

test('a bank\'s two-option questions are imported and played: two answer tiles, 50/50 not allowed, the level to its result', async () => {
  const { page } = suite;
  await signInPage(page, editor);
  await page.goto(`${suite.server.url}/admin/import/`);
  const rows = [
    'category,type,level,question,option_a,option_b,option_c,option_d,answer',
    'Two options,multiple,1,Which planet is closer to the Sun?,Venus,Mars,,,a',
    'Two options,multiple,1,Which is longer?,The Nile,The Thames,,,a',
    'Two options,multiple,1,Is the Sun a star?,Yes,No,,,a',
    'Two options,multiple,1,Do bats lay eggs?,Yes,No,,,b',
  ];
  await page.getByLabel('File').setInputFiles({ name: 'two.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  await page.getByRole('button', { name: 'Import' }).click();
  const summary = page.getByTestId('import-summary');
  await summary.waitFor();
  expect(await summary.textContent()).toMatch(/^csv: 4 read, 4 imported, 0 duplicates, 0 rejected in \d+\.\d s\.$/);

  const player = await signUpPlayer(suite.server, 'Two option player');
  const { context, page: play } = await pageAs(player);
  try {
    await play.goto(`${suite.server.url}/quiz-zone/two-options/level/1/`);
    const right = new Map([
      ['Which planet is closer to the Sun?', 'Venus'],
      ['Which is longer?', 'The Nile'],
      ['Is the Sun a star?', /^(Yes|True)$/],
      ['Do bats lay eggs?', /^(No|False)$/],
    ] as [string, string | RegExp][]);
    for (let n = 1; n <= 4; n++) {
      await play.getByText(`Question ${n} of 4`).waitFor();
      const question = (await play.locator('h1#question-text').innerText()).trim();
      const answers = play.getByRole('region', { name: 'Answers' });
      expect(await answers.getByRole('button').count()).toBe(2);
      if (n === 1) {
        // 50/50 has nothing to take away from two options: offered greyed, and it says why.
        const fifty = play.locator('[data-lifeline="fifty_fifty"]');
        expect(await fifty.getAttribute('aria-disabled')).toBe('true');
        // Pressable all the same, so that the player hears why (Playwright waits for an enabled element unless forced).
        await fifty.click({ force: true });
        await play.getByText('this lifeline is not allowed').waitFor();
        expect(await answers.getByRole('button', { disabled: true }).count()).toBe(0);
      }
      await answers.getByRole('button', { name: right.get(question)! }).click();
      await play.getByRole('button', { name: /^(Next question|See the result)$/ }).click();
    }
    await play.getByRole('heading', { name: 'Quiz finished' }).waitFor();
    // Every answer right: the level is passed.
    await play.getByRole('status').filter({ hasText: 'Well done, you passed!' }).waitFor();
    await expectNoSeriousViolations(play);
  } finally {
    await context.close();
  }
});

test('an editor imports a bank of 30,000 rows: the page follows its progress while players keep playing, then lists it done', async () => {
  const { page } = suite;
  await signInPage(page, editor);
  await page.goto(`${suite.server.url}/admin/import/`);
  await page.getByRole('heading', { name: 'Import questions' }).waitFor();
  const lines = [BANK_HEADER.join(',')];
  for (let i = 0; i < 30_000; i++) lines.push(csvLine(bankRow(i).fields));
  await page.getByLabel('File').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });
  await page.getByRole('button', { name: 'Import' }).click();
  const progress = page.getByTestId('import-progress');
  await progress.waitFor();
  expect(await progress.textContent()).toMatch(/^\d+ % · [\d,]+ rows read · [\d,]+ rows\/s · [\d,]+ imported, [\d,]+ duplicates, [\d,]+ refused$/);
  expect(await page.getByRole('button', { name: 'Importing…' }).isDisabled()).toBe(true);
  await expectNoSeriousViolations(page);
  // A player's call is answered while the import runs: before the import's end, not after it.
  const categories = await callApi(suite.server, 'get_categories', { type: '1' }, editor.token);
  expect(categories.status).toBe(200);
  const summary = page.getByTestId('import-summary');
  expect(await summary.count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Importing…' }).isDisabled()).toBe(true);
  await summary.waitFor({ timeout: 120_000 });
  // 30,000 rows: 300 broken ones refused, 299 repeated ones duplicates, the rest stored.
  expect(await summary.textContent()).toMatch(/^csv: 30,000 read, 29,401 imported, 299 duplicates, 300 rejected in \d+\.\d s\.$/);
  const runs = page.getByRole('table', { name: 'Latest imports' });
  expect(await runs.getByRole('row').nth(1).textContent()).toMatch(/bank\.csv \(csv, console\)done30,00029,401299300/);
  await expectNoSeriousViolations(page);
}, 180_000);

test('an admin schedules a contest with a question and a prize table, and an exam with its key and marks', async () => {
  const { page } = suite;
  await signInPage(page, admin);
  const local = (hours: number) => {
    const d = new Date(Date.now() + hours * 3_600_000);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  };
  await page.goto(`${suite.server.url}/admin/contests/`);
  await page.getByRole('heading', { name: 'New contest' }).waitFor();
  await page.getByLabel('Name').fill('Console cup');
  await page.getByLabel('Starts (your time)').fill(local(3));
  await page.getByLabel('Ends (your time)').fill(local(2));
  await page.getByRole('button', { name: 'Create the contest' }).click();
  await page.getByText('must be after the start').waitFor();
  await page.getByLabel('Ends (your time)').fill(local(5));
  await page.getByRole('button', { name: 'Create the contest' }).click();
  await page.getByRole('list', { name: 'Contests' }).getByRole('link', { name: 'Console cup' }).click();
  await page.getByRole('heading', { name: 'Console cup', level: 1 }).waitFor();
  const newQuestion = page.getByRole('form', { name: 'New question' });
  await newQuestion.getByLabel('Question').fill('Which river flows through Paris?');
  for (const [letter, text] of [['A', 'Seine'], ['B', 'Thames'], ['C', 'Danube'], ['D', 'Tiber']]) await newQuestion.getByLabel(`Option ${letter}`, { exact: true }).fill(text!);
  await newQuestion.getByRole('button', { name: 'Add the question' }).click();
  await page.getByRole('heading', { name: 'Questions (1)' }).waitFor();
  await page.getByLabel(/^Prize table/).fill('1:100, 3:50');
  await page.getByRole('button', { name: 'Save the prizes' }).click();
  await page.getByText('Ranks 2–3: 50 coins').waitFor();
  await expectNoSeriousViolations(page);

  await page.goto(`${suite.server.url}/admin/exams/`);
  await page.getByLabel('Title').fill('Console midterm');
  await page.getByLabel('Opens (your time)').fill(local(1));
  await page.getByLabel('Closes (your time)').fill(local(4));
  await page.getByLabel(/^Exam key/).fill('12x4');
  await page.getByRole('button', { name: 'Create the exam' }).click();
  await page.getByText('must be 4 digits').waitFor();
  await page.getByLabel(/^Exam key/).fill('4321');
  await page.getByRole('button', { name: 'Create the exam' }).click();
  await page.getByRole('list', { name: 'Exams' }).getByRole('link', { name: 'Console midterm' }).click();
  const examQuestion = page.getByRole('form', { name: 'New question' });
  await examQuestion.getByLabel('Question').fill('Two plus two?');
  await examQuestion.getByLabel('Marks').fill('4');
  for (const [letter, text] of [['A', '4'], ['B', '3'], ['C', '5'], ['D', '22']]) await examQuestion.getByLabel(`Option ${letter}`, { exact: true }).fill(text!);
  await examQuestion.getByRole('button', { name: 'Add the question' }).click();
  await page.getByText(/key 4321 · 4 marks/).waitFor();
  await expectNoSeriousViolations(page);
});

test('the dashboard’s numbers lead to their lists; an editor writes a fun-and-learn reading and a question that follows it', async () => {
  const { page } = suite;
  await signInPage(page, admin);
  await page.goto(`${suite.server.url}/admin/`);
  const issued = Number((await page.getByTestId('dash-Coins issued (7 days)').textContent())!.replace(/\D/g, ''));
  expect(issued).toBeGreaterThan(0);
  await page.getByTestId('dash-Coins issued (7 days)').click();
  const table = page.getByRole('table', { name: 'Coins issued in the last 7 days' });
  await table.getByRole('row').nth(1).waitFor();
  await page.getByRole('tab', { name: 'Active today' }).click();
  // Who was active depends on what ran before: the list, or its empty state.
  await page.getByRole('table', { name: 'Players active today (UTC)' }).or(page.getByRole('tabpanel').getByText('Nothing yet')).waitFor();
  await expectNoSeriousViolations(page);

  await page.goto(`${suite.server.url}/admin/content/`);
  await page.getByRole('tab', { name: 'Fun and learn' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Console readings');
  await page.getByRole('button', { name: 'Create the category' }).click();
  await page.getByRole('list', { name: 'Categories' }).getByRole('link', { name: 'Console readings' }).click();
  const reading = page.getByRole('region', { name: 'New reading' });
  await reading.getByLabel('Title').fill('How bees talk');
  await reading.getByRole('button', { name: 'Add the reading' }).click();
  await reading.getByText('is required (the text to read)').waitFor();
  await reading.getByLabel('Text').fill('Honey bees dance to tell the hive where flowers are.');
  await reading.getByRole('button', { name: 'Add the reading' }).click();
  await page.getByRole('region', { name: 'Reading How bees talk' }).getByRole('link', { name: 'add a question' }).click();
  await page.getByRole('heading', { name: 'New question' }).waitFor();
  const readingSelect = page.getByLabel('Reading it follows');
  await readingSelect.locator('option', { hasText: 'How bees talk' }).waitFor({ state: 'attached' });
  expect(await readingSelect.locator('option:checked').textContent()).toBe('How bees talk');
  await page.getByLabel('Question type').selectOption('boolean');
  await page.getByLabel('Question', { exact: true }).fill('Bees dance to tell where flowers are.');
  await page.getByLabel('Option A', { exact: true }).fill('True');
  await page.getByLabel('Option B', { exact: true }).fill('False');
  await page.getByRole('radio', { name: /^A/ }).check();
  await page.getByRole('button', { name: 'Create the question' }).click();
  await page.waitForURL(/\/admin\/questions\/\d+\/\?created=1$/);
  await page.getByRole('heading', { name: /^Question #\d+$/ }).waitFor();
});

test('page speed of real visits: a player’s page load is measured by the browser and its 75th percentile is on the dashboard', async () => {
  // A guest's visit to the FAQ, in a phone-sized tab of its own; leaving the page sends what was measured.
  const visitor = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
  const visit = await visitor.newPage();
  const reported = visit.waitForRequest((r) => r.url().endsWith('/api/report_web_vitals') && (r.postData() ?? '').includes('name="lcp"'));
  await visit.goto(`${suite.server.url}/faq/`);
  await visit.getByRole('heading', { level: 1 }).first().waitFor();
  // Measuring starts once the page has loaded; a first input then makes the LCP final.
  await visit.locator('html[data-web-vitals="measuring"]').waitFor({ state: 'attached' });
  await visit.getByRole('heading', { level: 1 }).first().click();
  await visit.goto(`${suite.server.url}/about-us/`);
  expect((await reported).postData()).toContain('/faq/');
  await visitor.close();

  const { page } = suite;
  await signInPage(page, admin);
  await page.goto(`${suite.server.url}/admin/`);
  const heading = page.getByRole('heading', { name: 'Page speed of real visits' });
  await heading.waitFor();
  const row = page.getByTestId('vitals-/faq/');
  // The beacon is stored as the server gets to it: the dashboard is read again until its row is
  // there, for as long as a page may take to come (the suite's own wait), not a set number of times.
  const deadline = Date.now() + 60_000;
  while (!(await row.isVisible()) && Date.now() < deadline) {
    await page.waitForTimeout(500);
    await page.reload();
    await heading.waitFor();
  }
  await row.waitFor();
  expect(await row.getByRole('rowheader').textContent()).toBe('/faq/');
  expect(await row.textContent()).toMatch(/\d+\.\d\d s \((good|needs improvement|poor)\)/);
});
