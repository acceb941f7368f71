import type { Page } from 'playwright-core';
import type { RunningServer } from '@/tests/e2e/support/server';
import { PERSIST_STORAGE_KEY } from '@/services/store/persist-key';

/**
 * A signed-in player for browser tests: signed up through the API with the built-in identity
 * provider (the verification link read from the dev outbox, so start the server with
 * DEV_OUTBOX=1), then put into the page the way the app keeps a session (the persisted root
 * key in localStorage).
 */

export interface Player {
  readonly email: string;
  readonly token: string;
  readonly user: { id: number; name: string; coins: number } & Record<string, unknown>;
}

interface Envelope<T> {
  error: boolean;
  message: string;
  data: T;
  [key: string]: unknown;
}

/** Calls the API as a client would (multipart), with the player's token when given. */
export async function callApi<T>(server: RunningServer, endpoint: string, body: Record<string, string | number> = {}, token?: string): Promise<Envelope<T> & { status: number }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, String(value));
  const res = await fetch(`${server.url}/api/${endpoint}`, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { ...((await res.json()) as Envelope<T>), status: res.status };
}

async function expectOk<T>(answer: Promise<Envelope<T> & { status: number }>, what: string): Promise<T> {
  const res = await answer;
  if (res.status !== 200 || res.error) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res)}`);
  return res.data;
}

let serial = 0;

/** auth_sign_up → the link token from dev_outbox → auth_verify_email → auth_login → user_signup. */
export async function signUpPlayer(server: RunningServer, name = 'solo player'): Promise<Player> {
  const email = `solo.${Date.now()}.${serial++}@example.com`;
  const password = 'correct horse battery';
  await expectOk(callApi(server, 'auth_sign_up', { name, email, password }), 'auth_sign_up');

  const outbox = await expectOk(callApi<{ recipient: string; body: string }[]>(server, 'dev_outbox'), 'dev_outbox');
  const mail = outbox.find((m) => m.recipient === email);
  const link = mail && /https?:\/\/\S+[?&]token=([^\s&]+)/.exec(mail.body);
  if (!link) throw new Error(`no verification link for ${email}`);
  await expectOk(callApi(server, 'auth_verify_email', { token: decodeURIComponent(link[1]!) }), 'auth_verify_email');

  const proof = await expectOk(callApi<{ firebase_id: string; id_token: string }>(server, 'auth_login', { email, password }), 'auth_login');
  const signup = await expectOk(
    callApi<{ api_token: string; user: Player['user'] }>(server, 'user_signup', { firebase_id: proof.firebase_id, id_token: proof.id_token, type: 'email' }),
    'user_signup',
  );
  return { email, token: signup.api_token, user: signup.user };
}

/**
 * Signs the player in in this page's tab: before the app's first load, the persisted state holds
 * the player and token, as after a login. Written once per tab, so the app's own later writes stand.
 */
export async function signInPage(page: Page, player: Player): Promise<void> {
  const user = JSON.stringify({ data: player.user, token: player.token, isLogin: true });
  const persisted = JSON.stringify({ user, _persist: JSON.stringify({ version: 1, rehydrated: true }) });
  await page.addInitScript(
    ({ key, value }) => {
      if (window.sessionStorage.getItem('e2e-signed-in')) return;
      window.localStorage.setItem(key, value);
      window.sessionStorage.setItem('e2e-signed-in', '1');
    },
    { key: PERSIST_STORAGE_KEY, value: persisted },
  );
}
