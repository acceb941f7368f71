import { eq } from 'drizzle-orm';
import { sessions, users } from '@/services/server/db/schema';
import {
  createSession,
  findSessionUser,
  hashToken,
  revokeAllSessions,
  revokeSession,
  SESSION_LIFETIME_MS,
} from '@/services/server/accounts/sessions';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { emailProof, type Registered } from '@/tests/fixtures/local-identity';

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

describe(`sessions (${testDbKind})`, () => {
  test('a session is an opaque random token, stored only as its hash, for 30 days', async () => {
    const { userId } = await createPlayerWithSession(db());
    const now = new Date();
    const { token, expiresAt } = await createSession(db(), userId, now);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(expiresAt.getTime() - now.getTime()).toBe(SESSION_LIFETIME_MS);
    const rows = await db().select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    expect(await findSessionUser(db(), token)).toMatchObject({ id: userId, sessionId: hashToken(token) });
  });

  test('a session ends when it expires', async () => {
    const { userId } = await createPlayerWithSession(db());
    const { token } = await createSession(db(), userId, new Date(Date.now() - SESSION_LIFETIME_MS - 1000));
    expect(await findSessionUser(db(), token)).toBeNull();
  });

  test('logout revokes the token it was called with and no other', async () => {
    const proof = await emailProof(api, 'ada@example.com');
    const phone = (await api.call('user_signup', { ...proof, type: 'email' })).body.data as Registered;
    const laptop = (await api.call('user_signup', { ...proof, type: 'email' })).body.data as Registered;

    const out = await api.call('logout', {}, { token: phone.api_token });
    expect(out.body).toMatchObject({ error: false, data: { logged_out: true } });
    const again = await api.call('logout', {}, { token: phone.api_token });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('129');
    expect((await api.call('logout', {}, { token: laptop.api_token })).status).toBe(200);
  });

  test('logout needs a token', async () => {
    const res = await api.call('logout');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('125');
  });

  test('revoking every session of a player ends them all at once', async () => {
    const { userId, token } = await createPlayerWithSession(db());
    const second = await createSession(db(), userId);
    const other = await createPlayerWithSession(db());
    expect(await revokeAllSessions(db(), userId)).toBe(2);
    expect(await findSessionUser(db(), token)).toBeNull();
    expect(await findSessionUser(db(), second.token)).toBeNull();
    expect(await findSessionUser(db(), other.token)).not.toBeNull();
    expect(await revokeAllSessions(db(), userId)).toBe(0);
  });

  test('revoking a session twice changes nothing the second time', async () => {
    const { token } = await createPlayerWithSession(db());
    await revokeSession(db(), hashToken(token));
    const [first] = await db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    await revokeSession(db(), hashToken(token), new Date(Date.now() + 60_000));
    const [second] = await db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(second!.revokedAt).toEqual(first!.revokedAt);
  });

  test("a deleted account's sessions stop working", async () => {
    const { userId, token } = await createPlayerWithSession(db());
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId));
    expect(await findSessionUser(db(), token)).toBeNull();
    expect((await api.call('logout', {}, { token })).body.message).toBe('129');
  });

  test('deactivating a player refuses their next call with 126 at once', async () => {
    const { userId, token } = await createPlayerWithSession(db());
    expect((await api.call('logout', {}, { token: (await createSession(db(), userId)).token })).status).toBe(200);
    await db().update(users).set({ status: false }).where(eq(users.id, userId));
    const res = await api.call('logout', {}, { token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('126');
  });
});
