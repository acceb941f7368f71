import { eq } from 'drizzle-orm';
import { coinLedger, localIdentities, sessions, users } from '@/services/server/db/schema';
import { ledgerBalance } from '@/services/server/economy/ledger';
import { isLocalIdentityProvider } from '@/services/server/identity/local';
import { hashToken } from '@/services/server/accounts/sessions';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { emailProof, phoneProof, registerByEmail, type Registered } from '@/tests/fixtures/local-identity';

process.env.SCRYPT_COST_LOG2 = '10';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi(await getTestDatabase(), undefined, { devOutbox: true });
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

function localProvider() {
  const provider = api.app.identity;
  if (!isLocalIdentityProvider(provider)) throw new Error('the tests run with the built-in provider');
  return provider;
}

async function ledgerOf(userId: number) {
  return db().select({ amount: coinLedger.amount, key: coinLedger.idempotencyKey }).from(coinLedger).where(eq(coinLedger.userId, userId));
}

describe(`signing up a player (${testDbKind})`, () => {
  test('sign up, verify, sign in, register: the api_token works on a player call', async () => {
    const proof = await emailProof(api, 'ada@example.com', 'ada lovelace');
    expect((await api.call('check_user_exists', { firebase_id: proof.firebase_id })).body.data).toEqual({ exists: false });

    const res = await api.call('user_signup', { firebase_id: proof.firebase_id, id_token: proof.id_token, type: 'email', fcm_id: 'device-1' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('104');
    const data = res.body.data as Registered;
    expect(data.api_token).toMatch(/^[\w-]{43}$/);
    expect(data.user).toEqual({
      id: expect.any(Number),
      firebase_id: proof.firebase_id,
      name: 'Ada lovelace',
      email: 'ada@example.com',
      mobile: '',
      type: 'email',
      profile: null,
      coins: 50,
      refer_code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      friends_code: '',
      web_language: '',
      extended_time: '1',
      all_time_score: 0,
      status: '1',
    });
    expect((await api.call('check_user_exists', { firebase_id: proof.firebase_id })).body.data).toEqual({ exists: true });

    const logout = await api.call('logout', {}, { token: data.api_token });
    expect(logout.status).toBe(200);
    expect(logout.body.data).toEqual({ logged_out: true });
  });

  test('a returning player signs in with 105 and a new session, and gets no second bonus', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    const first = await api.call('user_signup', { ...proof, type: 'email' });
    const second = await api.call('user_signup', { ...proof, type: 'email', friends_code: 'IGNORED1' });
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('105');
    const a = first.body.data as Registered;
    const b = second.body.data as Registered;
    expect(b.user.id).toBe(a.user.id);
    expect(b.api_token).not.toBe(a.api_token);
    expect(b.user.coins).toBe(50);
    expect(await ledgerOf(a.user.id)).toHaveLength(1);
  });

  test('signing up by phone makes a mobile player with the verified number', async () => {
    const proof = await phoneProof(api, '+14155550123');
    const res = await api.call('user_signup', { ...proof, type: 'mobile', mobile: '+4400000000', name: 'grace' });
    expect(res.body.message).toBe('104');
    expect((res.body.data as Registered).user).toMatchObject({ type: 'mobile', mobile: '+14155550123', email: '', name: 'Grace', coins: 50 });
  });

  test('takes the email from the verified identity, not from the request, and the type from how it was proven', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    const res = await api.call('user_signup', { ...proof, type: 'mobile', email: 'someone.else@example.com' });
    expect((res.body.data as Registered).user).toMatchObject({ email: 'ada@example.com', type: 'email' });
  });

  test('a phone player may give an email the identity does not have', async () => {
    const proof = await phoneProof(api, '+14155550123');
    const res = await api.call('user_signup', { ...proof, type: 'mobile', email: 'Grace@Example.com' });
    expect((res.body.data as Registered).user.email).toBe('grace@example.com');
    const bad = await api.call('user_signup', { ...(await phoneProof(api, '+14155550124')), type: 'mobile', email: 'nope' });
    expect(bad.body).toMatchObject({ message: 'invalid_email', field: 'email' });
  });

  test('capitalises the first letter of the name, whatever the script', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    const res = await api.call('user_signup', { ...proof, type: 'email', name: 'élodie' });
    expect((res.body.data as Registered).user.name).toBe('Élodie');
  });

  test('accepts a profile image URL and refuses anything else', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    const bad = await api.call('user_signup', { ...proof, type: 'email', profile: 'javascript:alert(1)' });
    expect(bad.body).toMatchObject({ message: '103', field: 'profile' });
    const good = await api.call('user_signup', { ...proof, type: 'email', profile: 'https://img.example/ada.png' });
    expect((good.body.data as Registered).user.profile).toBe('https://img.example/ada.png');
  });

  test('refuses missing fields and an unknown login type, naming the field', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    expect((await api.call('user_signup', { firebase_id: proof.firebase_id, type: 'email' })).body).toMatchObject({ message: '103', field: 'id_token' });
    expect((await api.call('user_signup', { ...proof, type: 'fax' })).body).toMatchObject({ message: '103', field: 'type' });
    expect((await api.call('check_user_exists', {})).body).toMatchObject({ message: '103', field: 'firebase_id' });
  });

  test('ten concurrent sign-ups of one identity make one player with one bonus', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.call('user_signup', { ...proof, type: 'email' })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body.message === '104')).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === '105')).toHaveLength(9);
    const rows = await db().select().from(users).where(eq(users.firebaseId, proof.firebase_id));
    expect(rows).toHaveLength(1);
    expect(await ledgerOf(rows[0]!.id)).toHaveLength(1);
    expect(rows[0]!.coins).toBe(50);
    expect(new Set(answers.map((a) => (a.body.data as Registered).api_token)).size).toBe(10);
  });

  test('a deleted account does not exist, and signing up again starts a fresh player', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    const first = (await api.call('user_signup', { ...proof, type: 'email' })).body.data as Registered;
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, first.user.id));
    expect((await api.call('check_user_exists', { firebase_id: proof.firebase_id })).body.data).toEqual({ exists: false });

    const again = await api.call('user_signup', { ...proof, type: 'email' });
    expect(again.body.message).toBe('104');
    expect((again.body.data as Registered).user.id).not.toBe(first.user.id);
    expect((await api.call('logout', {}, { token: first.api_token })).status).toBe(401);
  });
});

describe(`the identity proof of user_signup (${testDbKind})`, () => {
  test('a forged proof is refused with 129', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    const [payload] = proof.id_token.split('.');
    for (const idToken of ['forged', `${payload}.${'A'.repeat(43)}`, proof.id_token.slice(0, -2)]) {
      const res = await api.call('user_signup', { firebase_id: proof.firebase_id, id_token: idToken, type: 'email' });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('129');
    }
    expect(await db().select().from(users)).toHaveLength(0);
  });

  test('an expired proof is refused with 129', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    const stale = await localProvider().issueIdToken(proof.firebase_id, 'password', Date.now() - 6 * 60 * 1000);
    const res = await api.call('user_signup', { firebase_id: proof.firebase_id, id_token: stale, type: 'email' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('129');
  });

  test("someone else's proof is refused with 129", async () => {
    const ada = await emailProof(api, 'ada@example.com');
    const eve = await emailProof(api, 'eve@example.com');
    const res = await api.call('user_signup', { firebase_id: ada.firebase_id, id_token: eve.id_token, type: 'email' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: '129', field: 'firebase_id' });
  });

  test('a proof of a disabled identity is refused with 129', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    await db().update(localIdentities).set({ disabled: true });
    expect((await api.call('user_signup', { ...proof, type: 'email' })).body.message).toBe('129');
  });
});

describe(`refer and earn (${testDbKind})`, () => {
  test("a friend's code gives the new player 75 instead of 50 and the code's owner 100", async () => {
    const owner = await registerByEmail(api, 'owner@example.com');
    expect(owner.user.coins).toBe(50);

    const friend = await registerByEmail(api, 'friend@example.com', { friends_code: owner.user.refer_code.toLowerCase() });
    expect(friend.user).toMatchObject({ coins: 75, friends_code: owner.user.refer_code });
    expect((await ledgerOf(friend.user.id)).map((e) => e.key)).toEqual([`referral-new:${friend.user.id}`]);

    const [ownerRow] = await db().select().from(users).where(eq(users.id, owner.user.id));
    expect(ownerRow!.coins).toBe(150);
    expect(await ledgerBalance(db(), owner.user.id)).toBe(150);
    expect((await ledgerOf(owner.user.id)).map((e) => e.key).sort()).toEqual([`referral-owner:${friend.user.id}`, `welcome:${owner.user.id}`]);
    const [friendRow] = await db().select().from(users).where(eq(users.id, friend.user.id));
    expect(friendRow!.referredBy).toBe(owner.user.id);
  });

  test('an unknown code is refused and creates no player', async () => {
    const proof = await emailProof(api, 'friend@example.com');
    const res = await api.call('user_signup', { ...proof, type: 'email', friends_code: 'NOPE2345' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: '103', field: 'friends_code' });
    expect(await db().select().from(users)).toHaveLength(0);
    expect(await db().select().from(coinLedger)).toHaveLength(0);
  });

  test("a deactivated player's code is not valid", async () => {
    const owner = await registerByEmail(api, 'owner@example.com');
    await db().update(users).set({ status: false }).where(eq(users.id, owner.user.id));
    const proof = await emailProof(api, 'friend@example.com');
    const res = await api.call('user_signup', { ...proof, type: 'email', friends_code: owner.user.refer_code });
    expect(res.body).toMatchObject({ message: '103', field: 'friends_code' });
  });

  test('bonus settings of 0 pay nothing and still register the player', async () => {
    await api.app.settings.update('welcome_bonus_coin', '0');
    const player = await registerByEmail(api, 'ada@example.com');
    expect(player.user.coins).toBe(0);
    expect(await ledgerOf(player.user.id)).toHaveLength(0);
  });
});

describe(`a deactivated player (${testDbKind})`, () => {
  test('is refused with 126 by user_signup and by every call with a token', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    const player = (await api.call('user_signup', { ...proof, type: 'email' })).body.data as Registered;
    await db().update(users).set({ status: false }).where(eq(users.id, player.user.id));

    const fresh = await localProvider().issueIdToken(proof.firebase_id, 'password');
    const signUp = await api.call('user_signup', { firebase_id: proof.firebase_id, id_token: fresh, type: 'email' });
    expect(signUp.status).toBe(401);
    expect(signUp.body.message).toBe('126');
    const call = await api.call('logout', {}, { token: player.api_token });
    expect(call.status).toBe(401);
    expect(call.body.message).toBe('126');
    const open = await db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(player.api_token)));
    expect(open[0]!.revokedAt).toBeNull();
  });
});
