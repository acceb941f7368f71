import { and, eq, sql } from 'drizzle-orm';
import { authCodes, localIdentities, outbox, settings } from '@/services/server/db/schema';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { linkToken, otpCode, outboxFor, signUpVerified, waitForOutbox } from '@/tests/fixtures/local-identity';

// Passwords are hashed at a low scrypt cost in tests (see services/server/identity/password.ts).
process.env.SCRYPT_COST_LOG2 = '10';

let api: TestApi;

beforeAll(async () => {
  // Behind a proxy, as in production with several instances: X-Forwarded-For names the caller.
  api = await startTestApi(await getTestDatabase(), undefined, { devOutbox: true, publicUrl: 'https://quiz.example', trustProxy: true });
});

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
  api.app.settings.invalidate();
});

afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

const db = () => api.app.database.db;
/**
 * Rate limits count in fixed windows aligned to the clock; a test that counts attempts starts
 * well inside a window so that a window ending mid-test cannot reset its count.
 */
async function awayFromWindowEdge(windowMinutes: number, marginMs = 15_000) {
  const windowMs = windowMinutes * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}

const withoutRequestId = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'request_id'));

describe(`signing up with email and password (${testDbKind})`, () => {
  test('a sign-up mails a verification link, and the link verifies the address once', async () => {
    const res = await api.call('auth_sign_up', { name: 'Ada', email: 'Ada@Example.com', password: 'long enough password' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: false, data: { sent: true } });

    const [mail] = await outboxFor(api, 'ada@example.com');
    expect(mail).toMatchObject({ channel: 'email', recipient: 'ada@example.com' });
    expect(mail!.body).toContain('https://quiz.example/auth/verify-email/?token=');
    const token = linkToken(mail!.body);

    const verified = await api.call('auth_verify_email', { token });
    expect(verified.body).toMatchObject({ error: false, data: { verified: true, email: 'ada@example.com' } });
    const [identity] = await db().select().from(localIdentities).where(eq(localIdentities.email, 'ada@example.com'));
    expect(identity!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(identity!.passwordHash).toMatch(/^scrypt\$/);

    const again = await api.call('auth_verify_email', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('link_invalid');
  });

  test('stores the link token only as a hash', async () => {
    await api.call('auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'long enough password' });
    const [mail] = await outboxFor(api, 'ada@example.com');
    const token = linkToken(mail!.body);
    const rows = await db().select().from(authCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.purpose).toBe('verify_email');
    expect(rows[0]!.codeHash).not.toContain(token.split('.')[1]);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
  });

  test('refuses an address that is already registered, whatever its case', async () => {
    await api.call('auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'long enough password' });
    const res = await api.call('auth_sign_up', { name: 'Eve', email: ' ADA@example.com ', password: 'another password' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'email_in_use', field: 'email' });
  });

  test('refuses a malformed address and a short password with their own codes', async () => {
    const badEmail = await api.call('auth_sign_up', { name: 'Ada', email: 'ada@', password: 'long enough password' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({ message: 'invalid_email', field: 'email' });

    const weak = await api.call('auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ message: 'weak_password', field: 'password' });

    const tooLong = await api.call('auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'x'.repeat(129) });
    expect(tooLong.body).toMatchObject({ message: '103', field: 'password' });

    const noName = await api.call('auth_sign_up', { name: '  ', email: 'ada@example.com', password: 'long enough password' });
    expect(noName.body).toMatchObject({ message: '103', field: 'name' });
    expect(await db().select().from(localIdentities)).toHaveLength(0);
  });

  test('refuses an unknown, forged or expired verification link', async () => {
    await api.call('auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'long enough password' });
    const [mail] = await outboxFor(api, 'ada@example.com');
    const token = linkToken(mail!.body);
    const [id, secret] = token.split('.');

    for (const bad of ['nonsense', `${id}.${'A'.repeat(secret!.length)}`, `${Number(id) + 1}.${secret}`]) {
      const res = await api.call('auth_verify_email', { token: bad });
      expect(res.body).toMatchObject({ message: 'link_invalid' });
    }
    await db().update(authCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await api.call('auth_verify_email', { token })).body.message).toBe('link_invalid');
  });
});

describe(`signing in with email and password (${testDbKind})`, () => {
  test('a verified account signs in and gets an identity proof', async () => {
    const { password } = await signUpVerified(api, { name: 'ada', email: 'ada@example.com' });
    const res = await api.call('auth_login', { email: 'ADA@example.com', password });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      firebase_id: expect.any(String),
      id_token: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
      email: 'ada@example.com',
      name: 'ada',
      type: 'email',
    });
    const identity = await api.app.identity.verifyIdToken((res.body.data as { id_token: string }).id_token);
    expect(identity).toMatchObject({ email: 'ada@example.com', emailVerified: true, signInProvider: 'password' });
  });

  test('an unverified account with the right password is told to verify, and gets the link again', async () => {
    await api.call('auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'long enough password' });
    const res = await api.call('auth_login', { email: 'ada@example.com', password: 'long enough password' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('email_not_verified');
    const mails = await outboxFor(api, 'ada@example.com');
    expect(mails).toHaveLength(2);
    expect((await api.call('auth_verify_email', { token: linkToken(mails[0]!.body) })).status).toBe(200);
    expect((await api.call('auth_login', { email: 'ada@example.com', password: 'long enough password' })).status).toBe(200);
  });

  test('an unverified account with a wrong password learns nothing', async () => {
    await api.call('auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'long enough password' });
    const res = await api.call('auth_login', { email: 'ada@example.com', password: 'wrong password' });
    expect(res.body.message).toBe('invalid_credentials');
    expect(await outboxFor(api, 'ada@example.com')).toHaveLength(1);
  });

  test('a wrong password and an unknown email get the same answer', async () => {
    await signUpVerified(api, { email: 'ada@example.com' });
    const wrong = await api.call('auth_login', { email: 'ada@example.com', password: 'not the password' });
    const unknown = await api.call('auth_login', { email: 'nobody@example.com', password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(wrong.body));
    expect(wrong.body).toMatchObject({ error: true, message: 'invalid_credentials', data: null });
  });

  test('a disabled identity with the right password is told so', async () => {
    const { password } = await signUpVerified(api, { email: 'ada@example.com' });
    await db().update(localIdentities).set({ disabled: true });
    const res = await api.call('auth_login', { email: 'ada@example.com', password });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('user_disabled');
  });

  test('after 10 failed sign-ins of one account within 15 minutes, from any addresses, the next is refused, even with the right password', async () => {
    await awayFromWindowEdge(15);
    const { password } = await signUpVerified(api, { email: 'ada@example.com' });
    // Sign-ins with the right password are not failures: they are not counted.
    for (let i = 0; i < 12; i++) expect((await api.call('auth_login', { email: 'ada@example.com', password })).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const from = { 'x-forwarded-for': `198.51.100.${i + 1}` };
      expect((await api.call('auth_login', { email: 'ada@example.com', password: `wrong ${i}` }, { headers: from })).body.message).toBe('invalid_credentials');
    }
    const limited = await api.call('auth_login', { email: 'ada@example.com', password }, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('rate_limited');
    expect(limited.body.retry_after).toEqual(expect.any(Number));
  });

  test('after 50 failed sign-ins from one address within 15 minutes the next is refused; a class signing in there is not', async () => {
    await awayFromWindowEdge(15);
    // 30 pupils behind the school's address sign in twice each: 60 sign-ins, none of them failed.
    const pupils = [];
    for (let i = 0; i < 30; i++) pupils.push({ email: `pupil${i}@example.com`, ...(await signUpVerified(api, { email: `pupil${i}@example.com` })) });
    for (const round of [1, 2]) {
      for (const p of pupils) expect([round, (await api.call('auth_login', { email: p.email, password: p.password })).status]).toEqual([round, 200]);
    }
    for (let i = 0; i < 50; i++) {
      expect((await api.call('auth_login', { email: `p${i}@example.com`, password: 'whatever you like' })).body.message).toBe('invalid_credentials');
    }
    expect((await api.call('auth_login', { email: 'p50@example.com', password: 'whatever you like' })).body.message).toBe('rate_limited');
    // Another address is not held up.
    expect((await api.call('auth_login', { email: pupils[0]!.email, password: pupils[0]!.password }, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(200);
  });

  test('the limits per address are operator settings: a lower one takes effect at once', async () => {
    await awayFromWindowEdge(60);
    await db().insert(settings).values({ key: 'signup_per_address_hour', value: '3' }).onConflictDoUpdate({ target: settings.key, set: { value: '3' } });
    api.app.settings.invalidate();
    for (let i = 0; i < 3; i++) expect((await api.call('auth_sign_up', { name: 'Pupil', email: `s${i}@example.com`, password: 'long enough password' })).status).toBe(200);
    expect((await api.call('auth_sign_up', { name: 'Pupil', email: 's3@example.com', password: 'long enough password' })).body.message).toBe('rate_limited');
    expect((await api.call('auth_sign_up', { name: 'Pupil', email: 's3@example.com', password: 'long enough password' }, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(200);
  });
});

describe(`resetting a password (${testDbKind})`, () => {
  test('the reset link sets a new password once; the old one stops working', async () => {
    const { password: oldPassword } = await signUpVerified(api, { email: 'ada@example.com' });
    const sent = await api.call('auth_send_reset', { email: 'ada@example.com' });
    expect(sent.body).toMatchObject({ error: false, data: { sent: true } });
    const [mail] = await waitForOutbox(api, 'ada@example.com', 2);
    expect(mail!.subject).toMatch(/reset/i);
    expect(mail!.body).toContain('https://quiz.example/auth/reset-password/?token=');
    const token = linkToken(mail!.body);

    const reset = await api.call('auth_reset_password', { token, password: 'a brand new password' });
    expect(reset.body).toMatchObject({ error: false, data: { reset: true } });
    expect((await api.call('auth_login', { email: 'ada@example.com', password: oldPassword })).body.message).toBe('invalid_credentials');
    expect((await api.call('auth_login', { email: 'ada@example.com', password: 'a brand new password' })).status).toBe(200);

    const reused = await api.call('auth_reset_password', { token, password: 'yet another password' });
    expect(reused.body.message).toBe('link_invalid');
  });

  test('a reset also verifies the address: the link proved the mailbox', async () => {
    await api.call('auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'long enough password' });
    await api.call('auth_send_reset', { email: 'ada@example.com' });
    const [mail] = await waitForOutbox(api, 'ada@example.com', 2);
    await api.call('auth_reset_password', { token: linkToken(mail!.body), password: 'a brand new password' });
    expect((await api.call('auth_login', { email: 'ada@example.com', password: 'a brand new password' })).status).toBe(200);
  });

  test('answers the same for an unknown address and mails nothing', async () => {
    await signUpVerified(api, { email: 'ada@example.com' });
    const known = await api.call('auth_send_reset', { email: 'ada@example.com' });
    const unknown = await api.call('auth_send_reset', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(known.body));
    await waitForOutbox(api, 'ada@example.com', 2);
    expect(await outboxFor(api, 'nobody@example.com')).toHaveLength(0);
  });

  test('a short new password is refused without using up the link', async () => {
    await signUpVerified(api, { email: 'ada@example.com' });
    await api.call('auth_send_reset', { email: 'ada@example.com' });
    const [mail] = await waitForOutbox(api, 'ada@example.com', 2);
    const token = linkToken(mail!.body);
    const weak = await api.call('auth_reset_password', { token, password: 'short' });
    expect(weak.body).toMatchObject({ message: 'weak_password', field: 'password' });
    expect((await api.call('auth_reset_password', { token, password: 'long enough now' })).status).toBe(200);
  });

  test('refuses an expired or made-up reset link', async () => {
    await signUpVerified(api, { email: 'ada@example.com' });
    await api.call('auth_send_reset', { email: 'ada@example.com' });
    const [mail] = await waitForOutbox(api, 'ada@example.com', 2);
    expect((await api.call('auth_reset_password', { token: '1.made-up-made-up-made-up', password: 'long enough now' })).body.message).toBe('link_invalid');
    await db().update(authCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authCodes.purpose, 'reset_password'));
    expect((await api.call('auth_reset_password', { token: linkToken(mail!.body), password: 'long enough now' })).body.message).toBe('link_invalid');
  });

  test('a verification link is not a reset link', async () => {
    await api.call('auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'long enough password' });
    const [mail] = await outboxFor(api, 'ada@example.com');
    const res = await api.call('auth_reset_password', { token: linkToken(mail!.body), password: 'long enough now' });
    expect(res.body.message).toBe('link_invalid');
  });

  test('the 4th reset request for one address within an hour is refused', async () => {
    await awayFromWindowEdge(60);
    for (let i = 0; i < 3; i++) expect((await api.call('auth_send_reset', { email: 'ada@example.com' })).status).toBe(200);
    const limited = await api.call('auth_send_reset', { email: 'ada@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('rate_limited');
  });

  test('the 21st reset request from one address within an hour is refused', async () => {
    await awayFromWindowEdge(60);
    for (let i = 0; i < 20; i++) expect((await api.call('auth_send_reset', { email: `p${i}@example.com` })).status).toBe(200);
    expect((await api.call('auth_send_reset', { email: 'p20@example.com' })).body.message).toBe('rate_limited');
  });
});

describe(`signing in with a phone code (${testDbKind})`, () => {
  const phone = '+14155550123';

  async function sendCode(to = phone): Promise<string> {
    const res = await api.call('auth_send_otp', { phone: to });
    expect(res.body).toMatchObject({ error: false, data: { sent: true, expires_in: 600 } });
    const [sms] = await outboxFor(api, to);
    expect(sms!.channel).toBe('sms');
    return otpCode(sms!.body);
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  test('the code from the SMS signs in and creates the identity for the phone once', async () => {
    const code = await sendCode();
    expect(code).toMatch(/^\d{6}$/);
    const res = await api.call('auth_verify_otp', { phone, code });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ firebase_id: expect.any(String), id_token: expect.any(String), phone, type: 'mobile' });
    const identity = await api.app.identity.verifyIdToken((res.body.data as { id_token: string }).id_token);
    expect(identity).toMatchObject({ phone, signInProvider: 'phone', email: null });

    const second = await api.call('auth_verify_otp', { phone, code: await sendCode() });
    expect((second.body.data as { firebase_id: string }).firebase_id).toBe((res.body.data as { firebase_id: string }).firebase_id);
    expect(await db().select().from(localIdentities)).toHaveLength(1);
  });

  test('accepts a number typed with spaces and dashes', async () => {
    const res = await api.call('auth_send_otp', { phone: '+1 415-555-0123' });
    expect(res.status).toBe(200);
    expect(await outboxFor(api, phone)).toHaveLength(1);
  });

  test('refuses a number that is not E.164', async () => {
    for (const bad of ['4155550123', '+12', '+1415555012345678', 'phone']) {
      const res = await api.call('auth_send_otp', { phone: bad });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'phone_invalid', field: 'phone' });
    }
  });

  test('stores the code only as a hash', async () => {
    const code = await sendCode();
    const [row] = await db().select().from(authCodes).where(eq(authCodes.purpose, 'otp'));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(590_000);
  });

  test('a code works once', async () => {
    const code = await sendCode();
    expect((await api.call('auth_verify_otp', { phone, code })).status).toBe(200);
    const again = await api.call('auth_verify_otp', { phone, code });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('otp_invalid');
  });

  test('a wrong code counts down the attempts, and the 5th locks the code even for the right one', async () => {
    const code = await sendCode();
    const wrong = wrongCode(code);
    for (const left of [4, 3, 2, 1]) {
      const res = await api.call('auth_verify_otp', { phone, code: wrong });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'otp_invalid', attempts_left: left });
    }
    const fifth = await api.call('auth_verify_otp', { phone, code: wrong });
    expect(fifth.body.message).toBe('otp_locked');
    const right = await api.call('auth_verify_otp', { phone, code });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('otp_locked');
  });

  test('parallel wrong guesses cannot get past 5 attempts', async () => {
    const code = await sendCode();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.call('auth_verify_otp', { phone, code: wrongCode(code) })));
    const messages = answers.map((a) => a.body.message).sort();
    expect(messages.filter((m) => m === 'otp_invalid')).toHaveLength(4);
    expect(messages.filter((m) => m === 'otp_locked')).toHaveLength(6);
    const [row] = await db().select().from(authCodes).where(eq(authCodes.purpose, 'otp'));
    expect(row!.attempts).toBe(5);
    expect((await api.call('auth_verify_otp', { phone, code })).body.message).toBe('otp_locked');
  });

  test('an expired code is refused as expired', async () => {
    const code = await sendCode();
    await db().update(authCodes).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(authCodes.purpose, 'otp'));
    const res = await api.call('auth_verify_otp', { phone, code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('otp_expired');
  });

  test('a new code replaces the earlier one', async () => {
    const first = await sendCode();
    await api.call('auth_send_otp', { phone });
    const [latest] = await outboxFor(api, phone);
    const second = otpCode(latest!.body);
    if (first !== second) expect((await api.call('auth_verify_otp', { phone, code: first })).body.message).toBe('otp_invalid');
    expect((await api.call('auth_verify_otp', { phone, code: second })).status).toBe(200);
    const unused = await db().select().from(authCodes).where(and(eq(authCodes.purpose, 'otp'), sql`${authCodes.usedAt} is null`));
    expect(unused).toHaveLength(0);
  });

  test('a code for another phone does not work', async () => {
    const code = await sendCode();
    const other = await sendCode('+442071838750');
    const res = await api.call('auth_verify_otp', { phone: '+442071838750', code: code === other ? wrongCode(other) : code });
    expect(res.body.message).toBe('otp_invalid');
  });

  test('asking without a code sent, or with a malformed code, is refused', async () => {
    const none = await api.call('auth_verify_otp', { phone, code: '123456' });
    expect(none.body).toMatchObject({ message: 'otp_invalid', attempts_left: 0 });
    const malformed = await api.call('auth_verify_otp', { phone, code: '12345' });
    expect(malformed.body).toMatchObject({ message: '103', field: 'code' });
  });

  test('the 4th code for one phone within 10 minutes is refused', async () => {
    await awayFromWindowEdge(10);
    for (let i = 0; i < 3; i++) expect((await api.call('auth_send_otp', { phone })).status).toBe(200);
    const limited = await api.call('auth_send_otp', { phone });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('rate_limited');
    expect(await outboxFor(api, phone)).toHaveLength(3);
  });

  test('the 21st code from one address within an hour is refused', async () => {
    await awayFromWindowEdge(60);
    for (let i = 0; i < 20; i++) expect((await api.call('auth_send_otp', { phone: `+1415555${String(i).padStart(4, '0')}` })).status).toBe(200);
    expect((await api.call('auth_send_otp', { phone: '+14155559999' })).body.message).toBe('rate_limited');
  });

  test('a disabled phone identity is told so after the right code', async () => {
    await api.call('auth_verify_otp', { phone, code: await sendCode() });
    await db().update(localIdentities).set({ disabled: true });
    const res = await api.call('auth_verify_otp', { phone, code: await sendCode() });
    expect(res.body.message).toBe('user_disabled');
  });
});

describe(`the dev outbox and the log (${testDbKind})`, () => {
  test('lists mail and SMS newest first, at most 50', async () => {
    await api.app.database.db.insert(outbox).values(
      Array.from({ length: 55 }, (_, i) => ({ channel: 'email', recipient: `p${i}@example.com`, subject: 's', body: `message ${i}` })),
    );
    const res = await api.call('dev_outbox');
    expect(res.status).toBe(200);
    const list = res.body.data as { id: number; body: string; created_at: string }[];
    expect(list).toHaveLength(50);
    expect(list[0]).toEqual({ id: 55, channel: 'email', recipient: 'p54@example.com', subject: 's', body: 'message 54', created_at: expect.any(String) });
    expect(list.map((m) => m.id)).toEqual([...list.map((m) => m.id)].sort((a, b) => b - a));
  });

  test('every undelivered message is logged at info with its link', async () => {
    await api.call('auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'long enough password' });
    const line = api.logLines.find((l) => l.channel === 'email' && l.to === 'ada@example.com');
    expect(line).toMatchObject({ level: 30, subject: expect.any(String) });
    expect(String(line!.body)).toContain('/auth/verify-email/?token=');
  });

  test('is closed, and mail only logged, when the dev outbox is off', async () => {
    const closed = await startTestApi(await getTestDatabase(), undefined, { devOutbox: false });
    try {
      expect((await closed.call('dev_outbox')).status).toBe(404);
      await closed.call('auth_send_otp', { phone: '+14155550123' });
      expect(await db().select().from(outbox)).toHaveLength(0);
      const line = closed.logLines.find((l) => l.channel === 'sms');
      expect(String(line!.body)).toMatch(/\b\d{6}\b/);
    } finally {
      await closed.close();
    }
  });
});

describe(`when Firebase is the identity provider (${testDbKind})`, () => {
  test('the built-in sign-in steps do not exist', async () => {
    const firebase = await startTestApi(await getTestDatabase(), undefined, {
      identityProvider: 'firebase',
      firebase: { projectId: 'demo-quiz-arena', apiKey: 'demo-key', authDomain: 'localhost', authEmulatorHost: undefined },
    });
    try {
      for (const [name, body] of [
        ['auth_sign_up', { name: 'Ada', email: 'ada@example.com', password: 'long enough password' }],
        ['auth_login', { email: 'ada@example.com', password: 'long enough password' }],
        ['auth_send_otp', { phone: '+14155550123' }],
      ] as const) {
        const res = await firebase.call(name, body);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('not_found');
      }
    } finally {
      await firebase.close();
    }
  });
});
