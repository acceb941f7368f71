import { notifications } from '@/services/server/db/schema';
import { insertNotification } from '@/services/server/notifications/repository';
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

type Item = { id: number; title: string; message: string; type: string; image: string | null; created_at: string };

/** Me, someone else, and in order: broadcast 1, mine 1, theirs, broadcast 2, mine 2. */
async function scene() {
  const d = await db();
  const me = await createPlayerWithSession(d);
  const other = await createPlayerWithSession(d);
  await insertNotification(d, { userId: null, title: 'broadcast 1', message: 'for everyone', image: '/uploads/news.png' });
  await insertNotification(d, { userId: me.userId, title: 'mine 1', message: 'for me', type: 'badge' });
  await insertNotification(d, { userId: other.userId, title: 'theirs', message: 'not for me' });
  await insertNotification(d, { userId: null, title: 'broadcast 2', message: 'for everyone' });
  await insertNotification(d, { userId: me.userId, title: 'mine 2', message: 'for me' });
  return { me, other };
}

const titles = (data: unknown) => (data as Item[]).map((n) => n.title);

describe(`get_notifications (${testDbKind})`, () => {
  test('lists my notifications and the broadcasts, newest first, with the total', async () => {
    const { me } = await scene();
    const res = await api.call('get_notifications', {}, { token: me.token });
    expect(res.status).toBe(200);
    expect(titles(res.body.data)).toEqual(['mine 2', 'broadcast 2', 'mine 1', 'broadcast 1']);
    expect(res.body.total).toBe(4);
  });

  test('answers each notification in the documented shape', async () => {
    const { me } = await scene();
    const res = await api.call('get_notifications', { order: 'asc', limit: 2 }, { token: me.token });
    const [first, second] = res.body.data as Item[];
    expect(first).toEqual({ id: expect.any(Number), title: 'broadcast 1', message: 'for everyone', type: 'default', image: '/uploads/news.png', link: null, created_at: expect.any(String) });
    expect(second).toMatchObject({ title: 'mine 1', type: 'badge', image: null });
  });

  test("never shows another player's notifications", async () => {
    const { other } = await scene();
    const res = await api.call('get_notifications', { limit: 100 }, { token: other.token });
    expect(titles(res.body.data)).toEqual(['broadcast 2', 'theirs', 'broadcast 1']);
    expect(res.body.total).toBe(3);
  });

  test('pages with offset and limit in either order', async () => {
    const { me } = await scene();
    const desc = await api.call('get_notifications', { sort: 'id', order: 'desc', offset: 1, limit: 2 }, { token: me.token });
    const asc = await api.call('get_notifications', { sort: 'id', order: 'ASC', offset: 1, limit: 2 }, { token: me.token });
    expect(titles(desc.body.data)).toEqual(['broadcast 2', 'mine 1']);
    expect(titles(asc.body.data)).toEqual(['mine 1', 'broadcast 2']);
    expect([desc.body.total, asc.body.total]).toEqual([4, 4]);
  });

  test('answers each notification once across consecutive pages', async () => {
    const { me } = await scene();
    const pages = await Promise.all([0, 2].map((offset) => api.call('get_notifications', { offset, limit: 2 }, { token: me.token })));
    const ids = pages.flatMap((p) => (p.body.data as Item[]).map((n) => n.id));
    expect(new Set(ids).size).toBe(4);
  });

  test('answers an empty list with total 0 when there is nothing', async () => {
    const me = await createPlayerWithSession(await db());
    const res = await api.call('get_notifications', {}, { token: me.token });
    expect([res.status, res.body.data, res.body.total]).toEqual([200, [], 0]);
  });

  test('sees a broadcast sent after it signed up', async () => {
    const d = await db();
    const me = await createPlayerWithSession(d);
    await d.insert(notifications).values({ userId: null, title: 'late news', message: 'x' });
    const res = await api.call('get_notifications', {}, { token: me.token });
    expect(titles(res.body.data)).toEqual(['late news']);
  });

  test.each([
    ['a limit over 100', { limit: 101 }, 'limit'],
    ['a negative offset', { offset: -3 }, 'offset'],
    ['an unknown order', { order: 'sideways' }, 'order'],
    ['an unknown sort', { sort: 'title' }, 'sort'],
  ])('refuses %s naming the field', async (_what, body, field) => {
    const me = await createPlayerWithSession(await db());
    const res = await api.call('get_notifications', body, { token: me.token });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', field]);
  });

  test('answers 401 without a token, with a forged, an expired and a revoked one', async () => {
    const d = await db();
    const expired = await createPlayerWithSession(d, { expiresInMs: -1000 });
    const revoked = await createPlayerWithSession(d, { revoked: true });
    const answers = await Promise.all([undefined, 'forged', expired.token, revoked.token].map((token) => api.call('get_notifications', {}, { token })));
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [401, '125'],
      [401, '129'],
      [401, '129'],
      [401, '129'],
    ]);
  });
});
