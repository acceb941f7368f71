import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { ApiError } from '@/services/server/gateway/api-error';
import { createFirebaseIdentityProvider, type FirebaseIdentityProvider } from '@/services/server/identity/firebase';
import type { ServerConfig } from '@/services/server/config';
import { createFirebaseClientIdentity } from '@/services/client/identity/firebase';
import { IdentityError } from '@/services/client/identity/provider';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { identityToolkit, startAuthEmulator, type AuthEmulator } from '@/tests/setup/firebase-emulator';

/**
 * The Firebase identity provider against the real Firebase Auth emulator: real ID tokens from
 * its REST API (what the web SDK calls), verified by firebase-admin in our provider, and the
 * whole sign-up through the gateway with IDENTITY_PROVIDER=firebase.
 *
 * The emulator signs nothing (its tokens are `alg: none`) and firebase-admin in emulator mode
 * skips the signature check, so "tampered" here means what is caught without a signature: a
 * forged algorithm, a subject that is no user, an expired lifetime. In production the same call
 * checks the RS256 signature against Google's keys.
 */

const PROJECT = 'demo-quiz-arena';
const OTHER_PROJECT = 'demo-other-project';
const API_KEY = 'fake-api-key';

let emulator: AuthEmulator;
let provider: FirebaseIdentityProvider;
let admin: App;
let api: TestApi;
const savedEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

const firebaseConfig = (): NonNullable<ServerConfig['firebase']> => ({
  projectId: PROJECT,
  apiKey: API_KEY,
  authDomain: `${PROJECT}.firebaseapp.com`,
  authEmulatorHost: emulator.host,
});

beforeAll(async () => {
  emulator = await startAuthEmulator(PROJECT);
  provider = createFirebaseIdentityProvider({ firebase: firebaseConfig() });
  admin = initializeApp({ projectId: PROJECT }, 'firebase-identity-test-admin');
  api = await startTestApi(await getTestDatabase(), undefined, { identityProvider: 'firebase', firebase: firebaseConfig() });
}, 180_000);

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
});

afterAll(async () => {
  // Every step runs even when an earlier one (or beforeAll) failed: the emulator must not outlive the run.
  const steps = await Promise.allSettled([
    emulator?.stop(),
    api?.close(),
    admin ? deleteApp(admin) : undefined,
    closeTestDatabase(),
  ]);
  if (savedEmulatorHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = savedEmulatorHost;
  const failed = steps.find((step): step is PromiseRejectedResult => step.status === 'rejected');
  if (failed) throw failed.reason;
});

// --- the emulator's REST API ------------------------------------------------------------------

const rest = <T>(path: string, body: Record<string, unknown>, options: { owner?: boolean } = {}): Promise<T> =>
  identityToolkit<T>(emulator, path, body, { apiKey: API_KEY, ...options });

async function emulatorGet<T>(path: string): Promise<T> {
  const res = await fetch(`${emulator.url}/emulator/v1/projects/${PROJECT}/${path}`);
  if (!res.ok) throw new Error(`emulator ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

interface Tokens {
  localId: string;
  idToken: string;
}

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}.${++serial}@example.com`;

const signIn = (email: string, password: string) =>
  rest<Tokens>('accounts:signInWithPassword', { email, password, returnSecureToken: true });

/** Signs up, sets the display name and follows the emailed verification link, as a person would. */
async function verifiedEmailUser(name: string, password = 'correct horse 1'): Promise<Tokens & { email: string }> {
  const email = uniqueEmail(name.toLowerCase());
  const created = await rest<Tokens>('accounts:signUp', { email, password, returnSecureToken: true });
  await rest('accounts:update', { idToken: created.idToken, displayName: name, returnSecureToken: true });
  await rest('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: created.idToken });
  const { oobCodes } = await emulatorGet<{ oobCodes: { email: string; requestType: string; oobCode: string }[] }>('oobCodes');
  const link = oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1);
  if (!link) throw new Error(`no verification mail for ${email}`);
  await rest('accounts:update', { oobCode: link.oobCode });
  // The token from before the verification still says email_verified: false.
  return { ...(await signIn(email, password)), email };
}

let phoneSerial = 0;
/** A number of the +1 555 01xx fiction range, different for every call of this run. */
const uniquePhone = () => `+1555${String(Date.now() % 1000).padStart(3, '0')}${String(++phoneSerial).padStart(4, '0')}`;

/** Phone sign-in: the code "sent by SMS" is read back from the emulator. */
async function phoneUser(phone = uniquePhone()): Promise<Tokens & { phone: string }> {
  const { sessionInfo } = await rest<{ sessionInfo: string }>('accounts:sendVerificationCode', { phoneNumber: phone, recaptchaToken: 'emulator' });
  const { verificationCodes } = await emulatorGet<{ verificationCodes: { code: string; sessionInfo: string }[] }>('verificationCodes');
  const sms = verificationCodes.find((c) => c.sessionInfo === sessionInfo);
  if (!sms) throw new Error(`no code was sent to ${phone}`);
  const tokens = await rest<Tokens>('accounts:signInWithPhoneNumber', { sessionInfo, code: sms.code });
  return { ...tokens, phone };
}

// --- token surgery (possible only because emulator tokens are unsigned) -------------------------

function decodePart(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function rewrite(token: string, change: { header?: Record<string, unknown>; payload?: Record<string, unknown>; signature?: string }): string {
  const [header = '', payload = ''] = token.split('.');
  const encode = (value: Record<string, unknown>) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    encode({ ...decodePart(header), ...change.header }),
    encode({ ...decodePart(payload), ...change.payload }),
    change.signature ?? '',
  ].join('.');
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('the token was accepted');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// --- the provider -----------------------------------------------------------------------------

describe('the Firebase identity provider verifies ID tokens (Auth emulator)', () => {
  test('a verified email sign-in yields its uid, email, name and sign-in method', async () => {
    const user = await verifiedEmailUser('Ada');
    await expect(provider.verifyIdToken(user.idToken)).resolves.toEqual({
      uid: user.localId,
      email: user.email,
      phone: null,
      emailVerified: true,
      name: 'Ada',
      signInProvider: 'password',
    });
  });

  test('a phone sign-in yields the phone number and the sign-in method phone', async () => {
    const user = await phoneUser();
    await expect(provider.verifyIdToken(user.idToken)).resolves.toEqual({
      uid: user.localId,
      email: null,
      phone: user.phone,
      emailVerified: false,
      name: null,
      signInProvider: 'phone',
    });
  });

  test('an email sign-in whose address is not verified yet is refused with email_not_verified', async () => {
    const created = await rest<Tokens>('accounts:signUp', { email: uniqueEmail('unverified'), password: 'secret-123', returnSecureToken: true });
    const error = await refusal(provider.verifyIdToken(created.idToken));
    expect(error.code).toBe('email_not_verified');
  });

  test('a token of another Firebase project is refused with 129', async () => {
    // The emulator serves any project; an admin call creates a user of the other one.
    const email = uniqueEmail('other');
    await rest('accounts:signUp', { email, password: 'secret-123', targetProjectId: OTHER_PROJECT }, { owner: true });
    const other = await rest<Tokens>(
      'accounts:signInWithPassword',
      { email, password: 'secret-123', targetProjectId: OTHER_PROJECT, returnSecureToken: true },
      { owner: true },
    );
    expect(decodePart(other.idToken.split('.')[1]!).aud).toBe(OTHER_PROJECT);
    expect((await refusal(provider.verifyIdToken(other.idToken))).code).toBe('129');
  });

  test('our own project token is refused by a provider configured for another project', async () => {
    const user = await verifiedEmailUser('Grace');
    const elsewhere = createFirebaseIdentityProvider({ firebase: { ...firebaseConfig(), projectId: OTHER_PROJECT } });
    expect((await refusal(elsewhere.verifyIdToken(user.idToken))).code).toBe('129');
  });

  test('a tampered token is refused with 129', async () => {
    const user = await verifiedEmailUser('Mallory');
    // Claims a real signature algorithm with a made-up signature.
    const forgedAlgorithm = rewrite(user.idToken, { header: { alg: 'RS256', kid: 'made-up' }, signature: 'c2lnbmF0dXJl' });
    // Names a subject that is no user of the project.
    const otherSubject = rewrite(user.idToken, { payload: { sub: 'no-such-user', user_id: 'no-such-user' } });
    expect((await refusal(provider.verifyIdToken(forgedAlgorithm))).code).toBe('129');
    expect((await refusal(provider.verifyIdToken(otherSubject))).code).toBe('129');
  });

  test('an expired token is refused with 129', async () => {
    const user = await verifiedEmailUser('Rip');
    const twoHoursAgo = Math.floor(Date.now() / 1000) - 2 * 3600;
    const expired = rewrite(user.idToken, { payload: { iat: twoHoursAgo, auth_time: twoHoursAgo, exp: twoHoursAgo + 3600 } });
    const error = await refusal(provider.verifyIdToken(expired));
    expect(error.code).toBe('129');
    expect(error.detail).toMatch(/expired/);
  });

  test.each([
    ['an empty string', ''],
    ['plain text', 'not-a-token'],
    ['three dots of garbage', 'a.b.c'],
    ['a JWT of nothing', 'eyJhbGciOiJub25lIn0.e30.'],
  ])('garbage (%s) is refused with 129', async (_label, token) => {
    expect((await refusal(provider.verifyIdToken(token))).code).toBe('129');
  });

  test('the token of a disabled user is refused with user_disabled', async () => {
    const user = await verifiedEmailUser('Dora');
    await rest('accounts:update', { localId: user.localId, disableUser: true }, { owner: true });
    expect((await refusal(provider.verifyIdToken(user.idToken))).code).toBe('user_disabled');
  });

  test('a token issued before the user was signed out everywhere is refused with 129; a new sign-in works', async () => {
    const user = await verifiedEmailUser('Rev');
    // Revocation has a resolution of one second: a token of the same second would still pass.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await getAuth(admin).revokeRefreshTokens(user.localId);
    const error = await refusal(provider.verifyIdToken(user.idToken));
    expect(error.code).toBe('129');
    expect(error.detail).toMatch(/revoked/);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await signIn(user.email, 'correct horse 1');
    await expect(provider.verifyIdToken(again.idToken)).resolves.toMatchObject({ uid: user.localId });
  });
});

// --- the gateway ------------------------------------------------------------------------------

describe(`signing up through the gateway with IDENTITY_PROVIDER=firebase (${testDbKind})`, () => {
  test('the web settings tell the browser to sign in with Firebase and where its emulator is', async () => {
    const res = await api.call('get_web_settings');
    expect(res.body.data).toMatchObject({
      identity_provider: 'firebase',
      firebase: { apiKey: API_KEY, projectId: PROJECT, authEmulatorHost: emulator.host },
    });
  });

  test('email: check_user_exists, then user_signup with the Firebase token; the api_token works until logout', async () => {
    const user = await verifiedEmailUser('Lin');
    expect((await api.call('check_user_exists', { firebase_id: user.localId })).body.data).toEqual({ exists: false });

    const res = await api.call('user_signup', { firebase_id: user.localId, type: 'email', id_token: user.idToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('104');
    const data = res.body.data as { api_token: string; user: { firebase_id: string; email: string; type: string } };
    expect(data.user).toMatchObject({ firebase_id: user.localId, email: user.email, type: 'email' });
    expect((await api.call('check_user_exists', { firebase_id: user.localId })).body.data).toEqual({ exists: true });

    const logout = await api.call('logout', {}, { token: data.api_token });
    expect(logout.status).toBe(200);
    expect(logout.body.error).toBe(false);
    expect((await api.call('logout', {}, { token: data.api_token })).body.message).toBe('129');
  });

  test('phone: an OTP sign-in through the emulator signs up a mobile player', async () => {
    const user = await phoneUser();
    const res = await api.call('user_signup', { firebase_id: user.localId, type: 'mobile', id_token: user.idToken, mobile: user.phone });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('104');
    expect((res.body.data as { user: unknown }).user).toMatchObject({ firebase_id: user.localId, mobile: user.phone, type: 'mobile' });
  });

  test('a Firebase token cannot sign up someone else', async () => {
    const mallory = await verifiedEmailUser('Mallory');
    const victim = await verifiedEmailUser('Victim');
    const res = await api.call('user_signup', { firebase_id: victim.localId, type: 'email', id_token: mallory.idToken });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('129');
  });

  test('a disabled Firebase user cannot sign in', async () => {
    const user = await verifiedEmailUser('Dis');
    await rest('accounts:update', { localId: user.localId, disableUser: true }, { owner: true });
    const res = await api.call('user_signup', { firebase_id: user.localId, type: 'email', id_token: user.idToken });
    expect(res.body.message).toBe('user_disabled');
    expect(res.body.field).toBe('id_token');
  });
});

// --- the browser module -----------------------------------------------------------------------

describe('the browser module signs in against the emulator', () => {
  const client = () =>
    createFirebaseClientIdentity({ apiKey: API_KEY, authDomain: `${PROJECT}.firebaseapp.com`, projectId: PROJECT, authEmulatorHost: emulator.host });

  async function identityError(promise: Promise<unknown>): Promise<IdentityError> {
    const error = await promise.then(
      () => {
        throw new Error('the step succeeded');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(IdentityError);
    return error as IdentityError;
  }

  test('sign up sends a verification mail; sign-in is refused until the link is followed, then its proof signs up', async () => {
    const identity = client();
    const email = uniqueEmail('browser');
    await identity.signUpWithEmail({ name: 'Bea', email, password: 'secret-123' });

    expect((await identityError(identity.signInWithEmail({ email, password: 'secret-123' }))).code).toBe('email_not_verified');

    const { oobCodes } = await emulatorGet<{ oobCodes: { email: string; requestType: string; oobCode: string }[] }>('oobCodes');
    const link = oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1);
    await rest('accounts:update', { oobCode: link!.oobCode });

    const proof = await identity.signInWithEmail({ email, password: 'secret-123' });
    expect(proof).toMatchObject({ type: 'email', email, name: 'Bea', firebaseId: expect.any(String), idToken: expect.any(String) });
    const res = await api.call('user_signup', { firebase_id: proof.firebaseId, type: proof.type, id_token: proof.idToken, name: proof.name! });
    expect(res.body.message).toBe('104');
    await identity.signOut();
  });

  test('Firebase failures reach the screens as sign-in reasons', async () => {
    const identity = client();
    const email = uniqueEmail('taken');
    await identity.signUpWithEmail({ name: 'Taken', email, password: 'secret-123' });
    expect((await identityError(identity.signUpWithEmail({ name: 'Again', email, password: 'secret-123' }))).code).toBe('email_in_use');
    expect((await identityError(identity.signUpWithEmail({ name: 'Weak', email: uniqueEmail('weak'), password: '123' }))).code).toBe('weak_password');
    expect((await identityError(identity.signUpWithEmail({ name: 'Bad', email: 'not-an-email', password: 'secret-123' }))).code).toBe('invalid_email');
    const wrongPassword = await identityError(identity.signInWithEmail({ email, password: 'wrong-password' }));
    expect(['invalid_password', 'invalid_credentials']).toContain(wrongPassword.code);
  });

  test('a code that was never sent to this number is expired', async () => {
    expect((await identityError(client().verifyOtp({ phone: '+15550000000', code: '123456' }))).code).toBe('otp_expired');
  });
});
