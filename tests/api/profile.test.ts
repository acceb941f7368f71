import { eq } from 'drizzle-orm';
import { authCodes, coinLedger, localIdentities, notifications, sessions, users } from '@/services/server/db/schema';
import { moveCoins } from '@/services/server/economy/ledger';
import { writeSetting } from '@/services/server/settings/repository';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { createPlayerWithSession } from '@/tests/fixtures/users';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi(await getTestDatabase());
});

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
  api.app.settings.invalidate();
});

afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

async function db() {
  return (await getTestDatabase()).db;
}

/** A player who signed in with the given login type and email. */
async function player(fields: Partial<typeof users.$inferInsert> = {}) {
  const d = await db();
  const p = await createPlayerWithSession(d);
  if (Object.keys(fields).length) await d.update(users).set(fields).where(eq(users.id, p.userId));
  return p;
}

async function row(userId: number) {
  const [r] = await (await db()).select().from(users).where(eq(users.id, userId));
  return r!;
}

async function demoMode() {
  await writeSetting(await db(), 'demo_mode', '1');
  api.app.settings.invalidate();
}

describe(`profile calls refuse callers without a valid session (${testDbKind})`, () => {
  const calls = ['get_user_by_id', 'update_profile', 'upload_profile_image', 'delete_user_account'];

  test.each(calls)('%s answers 401 / 125 without a token', async (name) => {
    const res = await api.call(name, {});
    expect([res.status, res.body.message]).toEqual([401, '125']);
  });

  test.each(calls)('%s answers 401 / 129 for a forged token', async (name) => {
    const res = await api.call(name, {}, { token: 'forged' });
    expect([res.status, res.body.message]).toEqual([401, '129']);
  });

  test.each(calls)('%s answers 401 for an expired and for a revoked token', async (name) => {
    const d = await db();
    const expired = await createPlayerWithSession(d, { expiresInMs: -1000 });
    const revoked = await createPlayerWithSession(d, { revoked: true });
    expect((await api.call(name, {}, { token: expired.token })).status).toBe(401);
    expect((await api.call(name, {}, { token: revoked.token })).status).toBe(401);
    expect((await row(revoked.userId)).name).toBe('Test Player');
  });
});

describe(`get_user_by_id (${testDbKind})`, () => {
  test('answers the caller in the UserData shape', async () => {
    const p = await player({ email: 'ada@example.com', type: 'email', referCode: 'ADA123', webLanguage: 'en' });
    await moveCoins(await db(), { userId: p.userId, amount: 10, type: 'welcome_bonus', title: 'welcome bonus', idempotencyKey: `welcome:${p.userId}` });
    const res = await api.call('get_user_by_id', {}, { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: p.userId,
      firebase_id: expect.stringMatching(/^test-/),
      name: 'Test Player',
      email: 'ada@example.com',
      mobile: '',
      type: 'email',
      profile: null,
      coins: 10,
      refer_code: 'ADA123',
      friends_code: '',
      web_language: 'en',
      extended_time: '1',
      all_time_score: 0,
      status: '1',
    });
  });

  test('answers only the caller, whatever id is sent', async () => {
    const me = await player();
    const other = await player({ name: 'Someone else' });
    const res = await api.call('get_user_by_id', { id: other.userId }, { token: me.token });
    expect((res.body.data as { id: number }).id).toBe(me.userId);
  });
});

describe(`update_profile (${testDbKind})`, () => {
  test('stores the name trimmed with its first letter capitalised and answers 106', async () => {
    const p = await player();
    const res = await api.call('update_profile', { name: '  grace hopper ' }, { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('106');
    expect(res.body.data).toMatchObject({ id: p.userId, name: 'Grace hopper' });
    expect((await row(p.userId)).name).toBe('Grace hopper');
  });

  test('changes only the fields sent', async () => {
    const p = await player({ name: 'Ada', mobile: '+14155550100', webLanguage: 'en', email: 'ada@example.com' });
    const res = await api.call('update_profile', { mobile: '+44 20 7946 0958' }, { token: p.token });
    expect(res.status).toBe(200);
    const r = await row(p.userId);
    expect([r.name, r.mobile, r.webLanguage, r.email]).toEqual(['Ada', '+442079460958', 'en', 'ada@example.com']);
  });

  test('clears the mobile number when it is sent empty', async () => {
    const p = await player({ mobile: '+14155550100' });
    await api.call('update_profile', { mobile: '' }, { token: p.token });
    expect((await row(p.userId)).mobile).toBeNull();
  });

  test('refuses a mobile number without a country code and changes nothing', async () => {
    const p = await player({ mobile: '+14155550100' });
    const res = await api.call('update_profile', { name: 'New name', mobile: '9876543210' }, { token: p.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'phone_invalid', field: 'mobile' });
    const r = await row(p.userId);
    expect([r.name, r.mobile]).toEqual(['Test Player', '+14155550100']);
  });

  test('refuses an email change for a player who signed in by email', async () => {
    const p = await player({ type: 'email', email: 'ada@example.com' });
    const res = await api.call('update_profile', { email: 'other@example.com' }, { token: p.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: '103', field: 'email', detail: 'email can be changed only by players who signed in by phone' });
    expect((await row(p.userId)).email).toBe('ada@example.com');
  });

  test('accepts the unchanged email back from a player who signed in by email', async () => {
    const p = await player({ type: 'email', email: 'ada@example.com' });
    const res = await api.call('update_profile', { name: 'Ada', email: 'ADA@example.com' }, { token: p.token });
    expect(res.status).toBe(200);
    expect((await row(p.userId)).name).toBe('Ada');
  });

  test('lets a player who signed in by phone set an email', async () => {
    const p = await player({ type: 'mobile', mobile: '+14155550100' });
    const res = await api.call('update_profile', { email: 'Phone.Player@Example.com' }, { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'phone.player@example.com' });
    expect((await row(p.userId)).email).toBe('phone.player@example.com');
  });

  test('refuses a malformed email naming the field', async () => {
    const p = await player({ type: 'mobile' });
    const res = await api.call('update_profile', { email: 'not-an-address' }, { token: p.token });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', 'email']);
  });

  test('stores the interface language', async () => {
    const p = await player();
    await api.call('update_profile', { web_language: 'ar' }, { token: p.token });
    expect((await row(p.userId)).webLanguage).toBe('ar');
  });

  test.each([
    ['an empty name', { name: '   ' }, 'name'],
    ['a name longer than 50 characters', { name: 'x'.repeat(51) }, 'name'],
    ['a language that is not a code', { web_language: 'English!' }, 'web_language'],
  ])('refuses %s naming the field', async (_what, body, field) => {
    const p = await player();
    const res = await api.call('update_profile', body, { token: p.token });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', field]);
    expect((await row(p.userId)).name).toBe('Test Player');
  });

  test('accepts a JSON body as well', async () => {
    const p = await player();
    const res = await api.call('update_profile', { name: 'json name' }, { token: p.token, as: 'json' });
    expect(res.body.data).toMatchObject({ name: 'Json name' });
  });
});

describe(`demo mode (${testDbKind})`, () => {
  test('refuses a profile update and changes nothing', async () => {
    const p = await player({ mobile: '+14155550100' });
    await demoMode();
    const res = await api.call('update_profile', { name: 'Hacker', mobile: '' }, { token: p.token });
    expect([res.status, res.body.message]).toEqual([403, 'demo_mode']);
    const r = await row(p.userId);
    expect([r.name, r.mobile]).toEqual(['Test Player', '+14155550100']);
  });

  test('refuses to delete the account and leaves the session working', async () => {
    const p = await player({ email: 'ada@example.com' });
    await demoMode();
    const res = await api.call('delete_user_account', {}, { token: p.token });
    expect([res.status, res.body.message]).toEqual([403, 'demo_mode']);
    const r = await row(p.userId);
    expect([r.email, r.deletedAt, r.status]).toEqual(['ada@example.com', null, true]);
    expect((await api.call('get_user_by_id', {}, { token: p.token })).status).toBe(200);
  });

  test('still answers get_user_by_id', async () => {
    const p = await player();
    await demoMode();
    expect((await api.call('get_user_by_id', {}, { token: p.token })).status).toBe(200);
  });
});

describe(`delete_user_account (${testDbKind})`, () => {
  async function richPlayer() {
    const d = await db();
    const p = await player({
      name: 'Ada',
      email: 'ada@example.com',
      mobile: '+14155550100',
      fcmId: 'fcm-123',
      referCode: 'ADA123',
      friendsCode: 'BOB456',
      profile: 'https://lh3.googleusercontent.com/a/photo.jpg',
    });
    const before = await row(p.userId);
    await d.insert(localIdentities).values({ uid: before.firebaseId, email: 'ada@example.com', name: 'Ada' });
    await moveCoins(d, { userId: p.userId, amount: 10, type: 'welcome_bonus', title: 'welcome bonus', idempotencyKey: `welcome:${p.userId}` });
    await moveCoins(d, { userId: p.userId, amount: -4, type: 'lifeline', title: 'lifeline', idempotencyKey: `lifeline:${p.userId}` });
    return { ...p, firebaseId: before.firebaseId };
  }

  test('removes the personal data and keeps the row closed', async () => {
    const p = await richPlayer();
    const res = await api.call('delete_user_account', {}, { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true });
    const r = await row(p.userId);
    expect({
      name: r.name,
      email: r.email,
      mobile: r.mobile,
      profile: r.profile,
      fcmId: r.fcmId,
      referCode: r.referCode,
      friendsCode: r.friendsCode,
      status: r.status,
    }).toEqual({ name: '', email: null, mobile: null, profile: null, fcmId: null, referCode: null, friendsCode: null, status: false });
    expect(r.firebaseId).toMatch(new RegExp(`^deleted:${p.userId}:[0-9a-f]+$`));
    expect(r.deletedAt).toBeInstanceOf(Date);
  });

  test('deletes the built-in identity of the old firebase id, so the address can sign up again', async () => {
    const p = await richPlayer();
    await api.call('delete_user_account', {}, { token: p.token });
    const left = await (await db()).select().from(localIdentities).where(eq(localIdentities.uid, p.firebaseId));
    expect(left).toEqual([]);
  });

  test('deletes pending codes sent to the email and phone of the account, and no one else\'s', async () => {
    const d = await db();
    const p = await richPlayer();
    const expiresAt = new Date(Date.now() + 600_000);
    await d.insert(authCodes).values([
      { purpose: 'reset_password', target: 'ada@example.com', codeHash: 'h1', expiresAt },
      { purpose: 'otp', target: '+14155550100', codeHash: 'h2', expiresAt },
      { purpose: 'otp', target: '+14155550199', codeHash: 'h3', expiresAt },
    ]);
    await api.call('delete_user_account', {}, { token: p.token });
    const left = await d.select({ target: authCodes.target }).from(authCodes);
    expect(left).toEqual([{ target: '+14155550199' }]);
  });

  test('revokes every session: the old token answers 401, also to a second delete', async () => {
    const d = await db();
    const p = await richPlayer();
    const second = await createPlayerWithSession(d); // another player's session stays
    await api.call('delete_user_account', {}, { token: p.token });
    const open = await d.select().from(sessions).where(eq(sessions.userId, p.userId));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    const again = await api.call('delete_user_account', {}, { token: p.token });
    expect([again.status, again.body.message]).toEqual([401, '129']);
    expect((await api.call('get_user_by_id', {}, { token: p.token })).status).toBe(401);
    expect((await api.call('get_user_by_id', {}, { token: second.token })).status).toBe(200);
  });

  test('keeps the ledger rows and the balance they add up to', async () => {
    const d = await db();
    const p = await richPlayer();
    await api.call('delete_user_account', {}, { token: p.token });
    const entries = await d.select().from(coinLedger).where(eq(coinLedger.userId, p.userId));
    expect(entries.map((e) => e.amount)).toEqual([10, -4]);
    expect((await row(p.userId)).coins).toBe(6);
  });

  test("deletes the player's own notifications and keeps broadcasts", async () => {
    const d = await db();
    const p = await richPlayer();
    await d.insert(notifications).values([
      { userId: p.userId, title: 'Hi Ada', message: 'personal' },
      { userId: null, title: 'News', message: 'for everyone' },
    ]);
    await api.call('delete_user_account', {}, { token: p.token });
    const left = await d.select({ title: notifications.title }).from(notifications);
    expect(left).toEqual([{ title: 'News' }]);
  });
});
