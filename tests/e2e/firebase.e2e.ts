import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '@/tests/e2e/support/browser';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';
import { identityToolkit, startAuthEmulator, type AuthEmulator } from '@/tests/setup/firebase-emulator';
import { logOut } from '@/tests/e2e/support/frame';

// The Firebase identity provider in the browser, against the real Firebase Auth emulator: the web
// SDK signs the player in, the server verifies the ID token, and the player's Firebase session
// (react-firebase-hooks' useIdToken) keeps every tab's sign-in in step with it.

const PROJECT = 'demo-quiz-arena-web';
const API_KEY = 'fake-api-key';

let emulator: AuthEmulator;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

/** A Firebase account with a verified email, as after following the verification mail. */
async function verifiedAccount(name: string, email: string, password: string): Promise<void> {
  const { localId } = await identityToolkit<{ localId: string }>(emulator, 'accounts:signUp', { email, password, returnSecureToken: true }, { apiKey: API_KEY });
  await identityToolkit(emulator, `projects/${PROJECT}/accounts:update`, { localId, displayName: name, emailVerified: true }, { apiKey: API_KEY, owner: true });
}

beforeAll(async () => {
  emulator = await startAuthEmulator(PROJECT);
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      env: {
        // Not 'production': the server refuses the emulator (no token signatures) in production.
        NODE_ENV: 'test',
        IDENTITY_PROVIDER: 'firebase',
        FIREBASE_PROJECT_ID: PROJECT,
        FIREBASE_API_KEY: API_KEY,
        FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      },
    }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), server?.stop(), emulator?.stop()]);
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
});

afterEach(async () => {
  await context.close();
});

test('a player signs in with Firebase; signing out in one tab signs the other tab out too, with the reason', async () => {
  const email = `ada.${Date.now().toString(36)}@example.com`;
  await verifiedAccount('Ada', email, 'correct horse 1');

  const first = await context.newPage();
  await first.goto(`${server.url}/auth/login/`);
  await first.getByLabel('Email').fill(email);
  await first.getByLabel('Password').fill('correct horse 1');
  await first.getByRole('button', { name: 'Log in' }).click();
  await first.waitForURL(`${server.url}/`);
  await first.getByText('hello Ada').waitFor();

  // The first tab records whether it ever shows why its sign-in ended: the message is a toast of
  // 4 s, and it may come and go while the test is still busy with the second tab. Either path that
  // ends it says so: Firebase's session seen ending ("Your sign-in has ended …"), or a call of this
  // tab refused first because the server ended the session ("your session has ended …").
  await first.evaluate(() => {
    const w = window as unknown as { __sessionEndedShown: boolean };
    w.__sessionEndedShown = false;
    const look = () => {
      for (const e of document.querySelectorAll('[role="status"]')) if (/your (sign-in|session) has ended/i.test(e.textContent ?? '')) w.__sessionEndedShown = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  // A second tab of the same browser is signed in too (the saved player and Firebase's session).
  const second = await context.newPage();
  await second.goto(`${server.url}/`);
  await second.getByText('hello Ada').waitFor();
  await logOut(second);
  await second.getByText('hello guest').waitFor();

  // The first tab was not touched: Firebase's session ended, so it signs out and says why.
  await first.waitForFunction(() => (window as unknown as { __sessionEndedShown: boolean }).__sessionEndedShown, undefined, { timeout: 15_000 }).catch(async (error: unknown) => {
    // What the first tab shows instead, to tell a late Firebase from a sign-out never seen.
    const shown = await first.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 400));
    throw new Error(`${(error as Error).message}\nthe first tab shows: ${shown}`);
  });
  await first.getByText('hello guest').waitFor();
  // And the server ended the session: the saved token is gone from this tab's storage.
  const saved = await first.evaluate(() => window.localStorage.getItem('persist:quiz-arena'));
  expect(JSON.parse(JSON.parse(saved ?? '{}').user ?? '{}')).toMatchObject({ isLogin: false, token: null });
});
