import { eq } from 'drizzle-orm';
import pino from 'pino';
import { sessions, users } from '@/services/server/db/schema';
import { createSession, hashToken, SESSION_LIFETIME_MS } from '@/services/server/accounts/sessions';
import { createSessionCache } from '@/services/server/accounts/session-cache';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { createPlayerWithSession } from '@/tests/fixtures/users';

/**
 * The gateway resolves api tokens from memory (services/server/accounts/session-cache.ts), and
 * still a logout, a revocation, a deactivation, a role taken away or a deleted account takes effect
 * on the very next call — on this process and on another one sharing the database, whoever made
 * the change (an endpoint, or SQL behind the app's back).
 */

let api: TestApi;
/** A second server process on the same database. */
let other: TestApi;

beforeAll(async () => {
  const database = await getTestDatabase();
  api = await startTestApi(database);
  other = await startTestApi(database);
});

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
  api.app.settings.invalidate();
  other.app.settings.invalidate();
});

afterAll(async () => {
  await other.close();
  await api.close();
  await closeTestDatabase();
});

const db = () => api.app.database.db;
const coinScore = (on: TestApi, token: string) => on.call('get_user_coin_score', {}, { token });

async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the change was not heard');
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe(`the session cache (${testDbKind})`, () => {
  test('a token is looked up once, then answered from memory', async () => {
    const { token } = await createPlayerWithSession(db());
    const before = api.app.sessions.stats();
    for (let i = 0; i < 5; i += 1) expect((await coinScore(api, token)).status).toBe(200);
    const after = api.app.sessions.stats();
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(4);
  });

  test('logout: the next call with that token is refused, on this process and on the other', async () => {
    const { token } = await createPlayerWithSession(db());
    expect((await coinScore(api, token)).status).toBe(200);
    expect((await coinScore(other, token)).status).toBe(200);
    expect((await api.call('logout', {}, { token })).status).toBe(200);
    expect((await coinScore(api, token)).body.message).toBe('129');
    expect((await coinScore(other, token)).body.message).toBe('129');
  });

  test('a session revoked behind the app (SQL) is refused on the next call, here and, once heard over LISTEN, on the other process', async () => {
    const { token } = await createPlayerWithSession(db());
    expect((await coinScore(api, token)).status).toBe(200);
    expect((await coinScore(other, token)).status).toBe(200);
    const [here, there] = [api.app.sessions.stats().heard, other.app.sessions.stats().heard];
    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(token)));
    // This process heard it before the update returned (PGlite; PostgreSQL through its pooled connection).
    expect(api.app.sessions.stats().heard).toBeGreaterThan(here);
    expect((await coinScore(api, token)).body.message).toBe('129');
    // The other process on PostgreSQL hears it a moment after the commit, over its LISTEN connection.
    if (testDbKind === 'postgres') await until(() => other.app.sessions.stats().heard > there);
    expect((await coinScore(other, token)).body.message).toBe('129');
  });

  test('a deactivation by an operator refuses the player at once on every process; reactivated, they are let in again', async () => {
    const { userId, token } = await createPlayerWithSession(db());
    const admin = await createPlayerWithSession(db());
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    expect((await coinScore(api, token)).status).toBe(200);
    expect((await coinScore(other, token)).status).toBe(200);
    expect((await api.call('admin_set_player_status', { user_id: userId, active: '0' }, { token: admin.token })).status).toBe(200);
    expect((await coinScore(api, token)).body.message).toBe('126');
    expect((await coinScore(other, token)).body.message).toBe('126');
    await db().update(users).set({ status: true }).where(eq(users.id, userId));
    expect((await coinScore(api, token)).status).toBe(200);
  });

  test('a role taken away refuses the next operator call; a deleted account is refused', async () => {
    const admin = await createPlayerWithSession(db());
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    expect((await api.call('admin_dashboard', {}, { token: admin.token })).status).toBe(200);
    await db().update(users).set({ role: null }).where(eq(users.id, admin.userId));
    expect((await api.call('admin_dashboard', {}, { token: admin.token })).body.message).toBe('forbidden');
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, admin.userId));
    expect((await coinScore(api, admin.token)).body.message).toBe('129');
  });

  test('a change of one player drops only that player: the others stay in memory', async () => {
    const a = await createPlayerWithSession(db());
    const b = await createPlayerWithSession(db());
    await coinScore(api, a.token);
    await coinScore(api, b.token);
    await db().update(users).set({ name: 'Renamed' }).where(eq(users.id, a.userId));
    const before = api.app.sessions.stats();
    await coinScore(api, b.token);
    await coinScore(api, a.token);
    const after = api.app.sessions.stats();
    expect([after.hits - before.hits, after.misses - before.misses]).toEqual([1, 1]);
  });
});

describe(`the session cache's bounds (${testDbKind})`, () => {
  const log = pino({ level: 'silent' });

  test('a held session ends with its expiry, and after the time it may be held', async () => {
    const database = await getTestDatabase();
    let now = Date.now();
    const cache = createSessionCache({ database, log, clock: () => now, ttlMs: 60_000 });
    await cache.start();
    try {
      const { userId } = await createPlayerWithSession(db());
      const { token } = await createSession(db(), userId, new Date(now - SESSION_LIFETIME_MS + 30_000));
      expect(await cache.find(token)).toMatchObject({ id: userId });
      expect(await cache.find(token)).toMatchObject({ id: userId });
      expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });
      now += 31_000;
      expect(await cache.find(token)).toBeNull();

      const fresh = await createSession(db(), userId, new Date(now));
      expect(await cache.find(fresh.token)).toMatchObject({ id: userId });
      now += 61_000;
      const misses = cache.stats().misses;
      expect(await cache.find(fresh.token)).toMatchObject({ id: userId });
      expect(cache.stats().misses).toBe(misses + 1);
    } finally {
      await cache.close();
    }
  });

  test('holds at most maxEntries sessions, dropping the oldest; before start and after close nothing is held', async () => {
    const database = await getTestDatabase();
    const cache = createSessionCache({ database, log, maxEntries: 2 });
    const players = [await createPlayerWithSession(db()), await createPlayerWithSession(db()), await createPlayerWithSession(db())];
    await cache.find(players[0]!.token);
    expect(cache.stats().size).toBe(0);
    await cache.start();
    for (const p of players) await cache.find(p.token);
    expect(cache.stats().size).toBe(2);
    const misses = cache.stats().misses;
    await cache.find(players[2]!.token);
    await cache.find(players[0]!.token);
    expect(cache.stats().misses).toBe(misses + 1);
    await cache.close();
    expect(cache.stats().size).toBe(0);
  });
});
