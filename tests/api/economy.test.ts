import { eq, sql } from 'drizzle-orm';
import { coinLedger, users } from '@/services/server/db/schema';
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

let keys = 0;
async function move(userId: number, amount: number, type: string, title = type) {
  keys += 1;
  return moveCoins(await db(), { userId, amount, type, title, idempotencyKey: `test:${userId}:${keys}` });
}

async function coinsOf(userId: number) {
  const [row] = await (await db()).select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return row!.coins;
}

async function ledgerCount() {
  const [row] = await (await db()).select({ n: sql<number>`count(*)::int` }).from(coinLedger);
  return Number(row!.n);
}

describe(`coin calls refuse callers without a valid session (${testDbKind})`, () => {
  const calls: [string, Record<string, string>][] = [
    ['get_user_coin_score', {}],
    ['get_tracker_data', {}],
    ['set_user_coin_score', { coins: '10', score: '0', type: 'welcome_bonus', title: 'x', status: '0' }],
  ];

  test.each(calls)('%s answers 401 without a token, with a forged, an expired and a revoked one', async (name, body) => {
    const d = await db();
    const expired = await createPlayerWithSession(d, { expiresInMs: -1000 });
    const revoked = await createPlayerWithSession(d, { revoked: true });
    const answers = await Promise.all(
      [undefined, 'forged', expired.token, revoked.token].map((token) => api.call(name, body, { token })),
    );
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [401, '125'],
      [401, '129'],
      [401, '129'],
      [401, '129'],
    ]);
  });
});

describe(`get_user_coin_score (${testDbKind})`, () => {
  test('answers the balance, score 0 and what the balance is worth', async () => {
    const p = await createPlayerWithSession(await db());
    await move(p.userId, 129, 'welcome_bonus');
    const res = await api.call('get_user_coin_score', {}, { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ coins: 129, score: 0, redeemable_amount: 12 });
  });

  test('follows the per_coin and coin_amount settings', async () => {
    const d = await db();
    const p = await createPlayerWithSession(d);
    await move(p.userId, 250, 'referral');
    await writeSetting(d, 'per_coin', '100');
    await writeSetting(d, 'coin_amount', '3');
    api.app.settings.invalidate();
    const res = await api.call('get_user_coin_score', {}, { token: p.token });
    expect(res.body.data).toEqual({ coins: 250, score: 0, redeemable_amount: 6 });
  });

  test('answers 0 coins for a new player', async () => {
    const p = await createPlayerWithSession(await db());
    const res = await api.call('get_user_coin_score', {}, { token: p.token });
    expect(res.body.data).toEqual({ coins: 0, score: 0, redeemable_amount: 0 });
  });
});

describe(`get_tracker_data (${testDbKind})`, () => {
  async function playerWithHistory() {
    const p = await createPlayerWithSession(await db());
    await move(p.userId, 10, 'welcome_bonus', 'welcome bonus');
    await move(p.userId, -4, 'lifeline', 'lifeline 50/50');
    await move(p.userId, 4, 'level_passed', 'level 1 passed');
    await move(p.userId, -2, 'hint', 'guess the word hint');
    await move(p.userId, 100, 'referral', 'referral');
    return p;
  }

  test('lists every movement newest first with the total', async () => {
    const p = await playerWithHistory();
    const res = await api.call('get_tracker_data', {}, { token: p.token });
    expect(res.status).toBe(200);
    const list = res.body.data as { id: number; amount: number; type: string; title: string; created_at: string }[];
    expect(list.map((e) => e.amount)).toEqual([100, -2, 4, -4, 10]);
    expect(list[0]).toEqual({ id: expect.any(Number), amount: 100, type: 'referral', title: 'referral', created_at: expect.any(String) });
    expect(Number.isNaN(Date.parse(list[0]!.created_at))).toBe(false);
    expect(res.body.total).toBe(5);
  });

  test('pages with offset and limit, the total staying the count of all', async () => {
    const p = await playerWithHistory();
    const res = await api.call('get_tracker_data', { offset: 1, limit: 2 }, { token: p.token });
    expect((res.body.data as { amount: number }[]).map((e) => e.amount)).toEqual([-2, 4]);
    expect(res.body.total).toBe(5);
  });

  test('filters income and spent, with the total of the filter', async () => {
    const p = await playerWithHistory();
    const income = await api.call('get_tracker_data', { type: 'income' }, { token: p.token });
    const spent = await api.call('get_tracker_data', { type: 'spent', limit: 1 }, { token: p.token });
    expect((income.body.data as { amount: number }[]).map((e) => e.amount)).toEqual([100, 4, 10]);
    expect(income.body.total).toBe(3);
    expect((spent.body.data as { amount: number }[]).map((e) => e.amount)).toEqual([-2]);
    expect(spent.body.total).toBe(2);
  });

  test('treats an empty type as no filter', async () => {
    const p = await playerWithHistory();
    const res = await api.call('get_tracker_data', { type: '' }, { token: p.token });
    expect(res.body.total).toBe(5);
  });

  test('answers an empty list with total 0 when there is nothing, not an error', async () => {
    const p = await createPlayerWithSession(await db());
    const res = await api.call('get_tracker_data', { type: 'spent' }, { token: p.token });
    expect(res.status).toBe(200);
    expect([res.body.data, res.body.total]).toEqual([[], 0]);
  });

  test("never shows another player's movements", async () => {
    const p = await playerWithHistory();
    const other = await createPlayerWithSession(await db());
    await move(other.userId, 7, 'welcome_bonus');
    const res = await api.call('get_tracker_data', { limit: 100 }, { token: p.token });
    expect((res.body.data as { amount: number }[]).some((e) => e.amount === 7)).toBe(false);
    expect(res.body.total).toBe(5);
  });

  test.each([
    ['a limit over 100', { limit: 101 }, 'limit'],
    ['a limit of 0', { limit: 0 }, 'limit'],
    ['a negative offset', { offset: -1 }, 'offset'],
    ['an unknown type', { type: 'gifts' }, 'type'],
  ])('refuses %s naming the field', async (_what, body, field) => {
    const p = await createPlayerWithSession(await db());
    const res = await api.call('get_tracker_data', body, { token: p.token });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', field]);
  });
});

describe(`set_user_coin_score checks a reported movement against the ledger (${testDbKind})`, () => {
  const claim = (coins: number, type: string, status: '0' | '1') => ({ coins, score: 12, type, title: 'whatever the client says', status });

  test('verifies coins the server added, moving nothing', async () => {
    const p = await createPlayerWithSession(await db());
    await move(p.userId, 10, 'welcome_bonus');
    await move(p.userId, 4, 'level_passed');
    const before = await ledgerCount();
    const res = await api.call('set_user_coin_score', claim(4, 'level_passed', '0'), { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ coins: 14, score: 0, verified: true });
    expect(await coinsOf(p.userId)).toBe(14);
    expect(await ledgerCount()).toBe(before);
  });

  test('verifies coins the server deducted when status is 1', async () => {
    const p = await createPlayerWithSession(await db());
    await move(p.userId, 10, 'welcome_bonus');
    await move(p.userId, -4, 'lifeline');
    const res = await api.call('set_user_coin_score', claim(4, 'lifeline', '1'), { token: p.token });
    expect(res.body.data).toEqual({ coins: 6, score: 0, verified: true });
  });

  test('refuses coins the server never recorded and leaves the balance as it was', async () => {
    const p = await createPlayerWithSession(await db());
    await move(p.userId, 10, 'welcome_bonus');
    const before = await ledgerCount();
    const res = await api.call('set_user_coin_score', claim(1000, 'level_passed', '0'), { token: p.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: true, message: 'claim_not_verified', field: 'coins' });
    expect(await coinsOf(p.userId)).toBe(10);
    expect(await ledgerCount()).toBe(before);
  });

  test('refuses a deduction reported as income', async () => {
    const p = await createPlayerWithSession(await db());
    await move(p.userId, 10, 'welcome_bonus');
    await move(p.userId, -4, 'lifeline');
    const res = await api.call('set_user_coin_score', claim(4, 'lifeline', '0'), { token: p.token });
    expect(res.body.message).toBe('claim_not_verified');
  });

  test('refuses the right amount under another type', async () => {
    const p = await createPlayerWithSession(await db());
    await move(p.userId, 10, 'welcome_bonus');
    const res = await api.call('set_user_coin_score', claim(10, 'referral', '0'), { token: p.token });
    expect(res.body.message).toBe('claim_not_verified');
  });

  test("refuses another player's movement", async () => {
    const d = await db();
    const p = await createPlayerWithSession(d);
    const other = await createPlayerWithSession(d);
    await move(other.userId, 50, 'referral');
    const res = await api.call('set_user_coin_score', claim(50, 'referral', '0'), { token: p.token });
    expect(res.body.message).toBe('claim_not_verified');
    expect(await coinsOf(p.userId)).toBe(0);
  });

  test('refuses a movement older than 24 hours', async () => {
    const d = await db();
    const p = await createPlayerWithSession(d);
    const { entryId } = await move(p.userId, 4, 'level_passed');
    // Ages the entry; only this test touches a ledger row outside moveCoins.
    await d.execute(sql`update coin_ledger set created_at = now() - interval '25 hours' where id = ${entryId}`);
    const res = await api.call('set_user_coin_score', claim(4, 'level_passed', '0'), { token: p.token });
    expect(res.body.message).toBe('claim_not_verified');
  });

  test('verifies a repeated report again without moving anything', async () => {
    const p = await createPlayerWithSession(await db());
    await move(p.userId, 4, 'level_passed');
    const first = await api.call('set_user_coin_score', claim(4, 'level_passed', '0'), { token: p.token });
    const second = await api.call('set_user_coin_score', claim(4, 'level_passed', '0'), { token: p.token });
    expect([first.body.data, second.body.data]).toEqual([
      { coins: 4, score: 0, verified: true },
      { coins: 4, score: 0, verified: true },
    ]);
    expect(await ledgerCount()).toBe(1);
  });

  test('verifies a report of 0 coins, which claims no movement', async () => {
    const p = await createPlayerWithSession(await db());
    const res = await api.call('set_user_coin_score', claim(0, 'level_passed', '0'), { token: p.token });
    expect(res.body.data).toEqual({ coins: 0, score: 0, verified: true });
  });

  test('accepts JSON numbers for coins and status', async () => {
    const p = await createPlayerWithSession(await db());
    await move(p.userId, 10, 'welcome_bonus');
    await move(p.userId, -4, 'lifeline');
    const res = await api.call('set_user_coin_score', { coins: 4, score: 0, type: 'lifeline', title: 't', status: 1 }, { token: p.token, as: 'json' });
    expect(res.body.data).toEqual({ coins: 6, score: 0, verified: true });
  });

  test.each([
    ['negative coins', { coins: '-5', type: 'x', status: '0' }, 'coins'],
    ['coins that are not a number', { coins: 'lots', type: 'x', status: '0' }, 'coins'],
    ['a missing type', { coins: '5', status: '0' }, 'type'],
    ['an unknown status', { coins: '5', type: 'x', status: '2' }, 'status'],
  ])('refuses %s naming the field', async (_what, body, field) => {
    const p = await createPlayerWithSession(await db());
    const res = await api.call('set_user_coin_score', body, { token: p.token });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', field]);
  });
});
