import { eq, sql } from 'drizzle-orm';
import { coinLedger, users } from '@/services/server/db/schema';
import { ledgerBalance, moveCoins } from '@/services/server/economy/ledger';
import { isApiError } from '@/services/server/gateway/api-error';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { createPlayerWithSession } from '@/tests/fixtures/users';

afterAll(closeTestDatabase);
beforeEach(async () => resetDatabase(await getTestDatabase()));

async function balanceOf(userId: number) {
  const { db } = await getTestDatabase();
  const [row] = await db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return row!.coins;
}

describe(`the coin ledger (${testDbKind})`, () => {
  test('a movement appends an entry and the balance follows it', async () => {
    const { db } = await getTestDatabase();
    const { userId } = await createPlayerWithSession(db);
    const first = await moveCoins(db, { userId, amount: 10, type: 'welcome_bonus', title: 'welcome bonus', idempotencyKey: `welcome:${userId}` });
    const second = await moveCoins(db, { userId, amount: -4, type: 'lifeline', title: 'lifeline', idempotencyKey: `lifeline:${userId}:1` });
    expect([first.applied, first.balance, second.applied, second.balance]).toEqual([true, 10, true, 6]);
    expect(await balanceOf(userId)).toBe(6);
    expect(await ledgerBalance(db, userId)).toBe(6);
  });

  test('a retried key moves coins once', async () => {
    const { db } = await getTestDatabase();
    const { userId } = await createPlayerWithSession(db);
    const movement = { userId, amount: 50, type: 'referral', title: 'referral', idempotencyKey: `referral:${userId}` };
    await moveCoins(db, movement);
    const again = await moveCoins(db, movement);
    expect(again).toMatchObject({ applied: false, balance: 50 });
    expect(await ledgerBalance(db, userId)).toBe(50);
  });

  test('never takes a balance below zero', async () => {
    const { db } = await getTestDatabase();
    const { userId } = await createPlayerWithSession(db);
    await moveCoins(db, { userId, amount: 5, type: 'welcome_bonus', title: 'welcome', idempotencyKey: `w:${userId}` });
    const refused = await moveCoins(db, { userId, amount: -6, type: 'lifeline', title: 'lifeline', idempotencyKey: `l:${userId}` }).catch((e) => e);
    expect(isApiError(refused) && refused.code).toBe('not_enough_coins');
    expect(await balanceOf(userId)).toBe(5);
    const entries = await db.select().from(coinLedger).where(eq(coinLedger.userId, userId));
    expect(entries).toHaveLength(1);
  });

  test('refuses a key reused for another movement', async () => {
    const { db } = await getTestDatabase();
    const { userId } = await createPlayerWithSession(db);
    await moveCoins(db, { userId, amount: 5, type: 'x', title: 'x', idempotencyKey: 'same' });
    await expect(moveCoins(db, { userId, amount: 7, type: 'x', title: 'x', idempotencyKey: 'same' })).rejects.toThrow(/another movement/);
  });

  test('200 concurrent mixed movements with repeated keys keep balance = sum of entries, never negative, each key once', async () => {
    const { db } = await getTestDatabase();
    const players = await Promise.all([1, 2, 3, 4].map(() => createPlayerWithSession(db)));
    const ids = players.map((p) => p.userId);
    for (const id of ids) await moveCoins(db, { userId: id, amount: 20, type: 'welcome_bonus', title: 'welcome', idempotencyKey: `welcome:${id}` });

    // 100 distinct movements, each sent twice, interleaved: incomes of 3 and costs of 5.
    const distinct = Array.from({ length: 100 }, (_, i) => ({
      userId: ids[i % ids.length]!,
      amount: i % 3 === 0 ? 3 : -5,
      type: i % 3 === 0 ? 'level_passed' : 'lifeline',
      title: 'movement',
      idempotencyKey: `stress:${i}`,
    }));
    const requests = [...distinct, ...distinct].sort((a, b) => (a.idempotencyKey < b.idempotencyKey ? -1 : 1));
    const outcomes = await Promise.allSettled(requests.map((m) => moveCoins(db, m)));

    const refusedForCoins = outcomes.filter((o) => o.status === 'rejected' && isApiError(o.reason) && o.reason.code === 'not_enough_coins');
    const otherFailures = outcomes.filter((o) => o.status === 'rejected' && !(isApiError(o.reason) && o.reason.code === 'not_enough_coins'));
    expect(otherFailures).toEqual([]);
    expect(refusedForCoins.length).toBeGreaterThan(0);

    const perKey = await db.execute(sql`select idempotency_key, count(*)::int as n from coin_ledger group by idempotency_key having count(*) > 1`);
    expect((perKey as unknown as { rows: unknown[] }).rows).toEqual([]);
    const applied = outcomes.filter((o) => o.status === 'fulfilled' && o.value.applied).length;
    const entries = await db.select({ n: sql<number>`count(*)::int` }).from(coinLedger).where(sql`idempotency_key like 'stress:%'`);
    expect(Number(entries[0]!.n)).toBe(applied);

    for (const id of ids) {
      const cached = await balanceOf(id);
      expect(cached).toBe(await ledgerBalance(db, id));
      expect(cached).toBeGreaterThanOrEqual(0);
    }
    const negative = await db.execute(sql`select count(*)::int as n from coin_ledger where balance_after < 0`);
    expect((negative as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
