import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousA11yViolations } from '@/tests/e2e/support/axe';
import { launchBrowser } from '@/tests/e2e/support/browser';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';
import { logOut } from '@/tests/e2e/support/frame';

// Accounts with the built-in provider, end to end: mail and SMS are read from the dev outbox.

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
});

afterEach(async () => {
  await context.close();
});

let serial = 0;
/** A phone number no other test of this run uses. */
const freshPhone = () => `+1415555${String(1000 + (Date.now() % 8000) + serial++).padStart(4, '0')}`;

/** The newest outbox entry for a recipient, read from the /dev/outbox/ page as a developer would. */
async function openOutboxEntry(recipient: string) {
  await page.goto(`${server.url}/dev/outbox/`);
  await page.getByRole('heading', { name: 'Dev outbox' }).waitFor();
  const entry = page.getByRole('article').filter({ hasText: recipient }).first();
  await entry.waitFor();
  return entry;
}

/** The mail's link, opened on the test server (the server writes its PUBLIC_URL, localhost, into mail). */
async function followMailLink(recipient: string, path: string) {
  const entry = await openOutboxEntry(recipient);
  const href = await entry.getByRole('link').filter({ hasText: path }).first().getAttribute('href');
  expect(href).toContain(path);
  const url = new URL(href!);
  await page.goto(`${server.url}${url.pathname}${url.search}`);
}

async function requestOtp(phone: string) {
  await page.goto(`${server.url}/auth/otp-verify/`);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await page.getByLabel('6-digit code').waitFor();
}

async function enterOtp(code: string) {
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Reads the newest code in a second tab, so the OTP screen keeps its state; waits until it differs from `previous`. */
async function smsCodeInNewTab(phone: string, previous?: string): Promise<string> {
  const tab = await context.newPage();
  try {
    // The outbox is read again until the new code is there: a deadline, not a set number of reads,
    // so that a slow machine only takes longer.
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      await tab.goto(`${server.url}/dev/outbox/`);
      const entry = tab.getByRole('article').filter({ hasText: phone }).first();
      await entry.waitFor();
      const code = /\b(\d{6})\b/.exec((await entry.textContent()) ?? '')?.[1];
      if (code && code !== previous) return code;
      await tab.waitForTimeout(250);
    }
    throw new Error(`no new code for ${phone}`);
  } finally {
    await tab.close();
  }
}

describe('accounts in Chromium', () => {
  test('email sign-up, verification from the outbox, login, welcome bonus, name edit and logout', async () => {
    const email = `amira.${Date.now()}@example.com`;

    await page.goto(`${server.url}/auth/sign-up/`);
    await page.getByLabel('Name').fill('amira');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    // Logging in before the verification is refused with the spec's text.
    await page.goto(`${server.url}/auth/login/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'please verify your email first' }).waitFor();

    await followMailLink(email, '/auth/verify-email/');
    await page.getByText(`Your email ${email} is verified`).waitFor();
    await page.getByRole('link', { name: 'Go to login' }).click();

    await page.waitForURL(`${server.url}/auth/login/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText('hello Amira').waitFor();

    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(`${server.url}/profile/`);
    await page.getByTestId('profile-coins').waitFor();
    expect((await page.getByTestId('profile-coins').textContent())?.trim()).toBe('50');
    // The account's details sit one tap from the player card.
    await page.getByRole('link', { name: 'Account details' }).click();
    await page.waitForURL(`${server.url}/profile/account/`);
    await page.getByText(email).waitFor();

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Name').fill('Amira Bell');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('main').getByText('Amira Bell', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();

    // The edit was saved on the server: a reload shows it, and the account menu says it too.
    await page.reload();
    await page.locator('main').getByText('Amira Bell', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Amira Bell Account and settings' }).waitFor();

    await logOut(page);
    await page.waitForURL(`${server.url}/`);
    await page.getByText('hello guest').waitFor();
    await page.goto(`${server.url}/profile/`);
    await page.waitForURL(`${server.url}/auth/login/`);
  });

  test('a player signs in by phone with the code from the outbox, and the coin history shows the welcome bonus', async () => {
    const phone = freshPhone();
    await requestOtp(phone);
    const code = await smsCodeInNewTab(phone);
    await enterOtp(code);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('link', { name: 'Profile' }).waitFor();
    await page.getByText('hello player').waitFor();

    await page.goto(`${server.url}/profile/coin-history/`);
    await page.getByRole('tab', { name: 'Income', selected: true }).waitFor();
    await page.getByText('Welcome bonus').waitFor();
    await page.getByText('+50 coins').waitFor();

    await page.getByRole('tab', { name: 'Spent' }).click();
    await page.getByText('Nothing spent yet').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${server.url}/profile/account/`);
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('five wrong codes lock the code: the right one is then refused with the locked message', async () => {
    const phone = freshPhone();
    await requestOtp(phone);
    const code = await smsCodeInNewTab(phone);
    const wrong = code === '000000' ? '111111' : '000000';

    for (let left = 4; left >= 1; left--) {
      await enterOtp(wrong);
      await page.getByRole('alert').filter({ hasText: `Attempts left: ${left}` }).waitFor();
    }
    await enterOtp(wrong);
    await page.getByRole('alert').filter({ hasText: 'too many wrong codes, request a new code' }).waitFor();

    const [refusal] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/auth_verify_otp')), enterOtp(code)]);
    expect(refusal.status()).toBe(429);
    expect(((await refusal.json()) as { message: string }).message).toBe('otp_locked');
    await page.getByRole('alert').filter({ hasText: 'too many wrong codes, request a new code' }).waitFor();
    expect(page.url()).toBe(`${server.url}/auth/otp-verify/`);
    // Still a guest: the app bar offers the login.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Log in' }).count()).toBe(1);

    // A new code works.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    const fresh = await smsCodeInNewTab(phone, code);
    await enterOtp(fresh);
    await page.waitForURL(`${server.url}/`);
  });

  test.each(['/auth/login/', '/auth/sign-up/', '/auth/otp-verify/'])('%s has no serious or critical accessibility violation', async (route) => {
    await page.goto(`${server.url}${route}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button').last().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
