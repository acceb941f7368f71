import { eq } from 'drizzle-orm';
import { coinLedger, notifications } from '@/services/server/db/schema';
import { writeSetting } from '@/services/server/settings/repository';
import { coinsOf, expectOk, giveCoins } from '@/tests/fixtures/play';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';

const { api, db } = seededApiSuite();

/** Redeem: the player's requests and the operators' decisions (issue 13, item 5). */

describe(`redeem (${testDbKind})`, () => {
  test('a request takes the coins; a second within 48 h is refused; marked invalid, the coins come back once and the player is told', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    await giveCoins(d, userId, 300);
    const first = expectOk(await api.call('set_payment_request', { payment_type: 'paypal', payment_address: 'me@example.com', coin_used: 150, payment_amount: '15' }, { token })) as {
      id: number;
      amount: string;
      status: string;
      balance: number;
    };
    expect(first).toMatchObject({ amount: '15.00', status: 'pending', balance: 150 });
    const again = await api.call('set_payment_request', { payment_type: 'upi', payment_address: 'me@okbank', coin_used: 100 }, { token });
    expect([again.status, again.body.message]).toEqual([429, '127']);
    expect(again.body.detail).toBe('you have already made a payment request, wait 48 hours after the previous one');
    expect(await coinsOf(d, userId)).toBe(150);

    const queue = expectOk(await api.call('admin_payment_requests', {}, { token: admin.token })) as { total: number; rows: { id: number; user_id: number }[] };
    expect(queue.rows.some((r) => r.id === first.id && r.user_id === userId)).toBe(true);
    expect(queue.total).toBeGreaterThanOrEqual(queue.rows.length);
    const noReason = await api.call('admin_decide_payment_request', { payment_id: first.id, status: 'invalid' }, { token: admin.token });
    expect([noReason.status, noReason.body.field]).toEqual([400, 'reason']);
    expectOk(await api.call('admin_decide_payment_request', { payment_id: first.id, status: 'invalid', reason: 'PayPal account not found' }, { token: admin.token }));
    const twice = await api.call('admin_decide_payment_request', { payment_id: first.id, status: 'completed' }, { token: admin.token });
    expect([twice.status, twice.body.message]).toEqual([409, '135']);
    expect(await coinsOf(d, userId)).toBe(300);

    const movements = await d.select({ amount: coinLedger.amount, type: coinLedger.type }).from(coinLedger).where(eq(coinLedger.userId, userId));
    expect(movements.map((m) => [m.type, m.amount])).toEqual([
      ['test_grant', 300],
      ['redeem_request', -150],
      ['redeem_refund', 150],
    ]);
    const told = await d.select({ title: notifications.title, message: notifications.message }).from(notifications).where(eq(notifications.userId, userId));
    expect(told).toEqual([expect.objectContaining({ title: 'Redeem request refused', message: expect.stringContaining('PayPal account not found') })]);
    const history = expectOk(await api.call('get_payment_request', {}, { token })) as { status: string; reason: string }[];
    expect(history).toEqual([expect.objectContaining({ status: 'invalid', reason: 'PayPal account not found' })]);
  });

  test('the owner deletes a pending request and gets the coins back; addresses, the minimum and the amount are checked', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    const other = await createPlayerWithSession(d);
    await giveCoins(d, userId, 120);
    const bad = async (payload: Record<string, string | number>) => {
      const r = await api.call('set_payment_request', payload, { token });
      return [r.status, r.body.field];
    };
    expect(await bad({ payment_type: 'paypal', payment_address: 'not-an-email', coin_used: 100 })).toEqual([400, 'payment_address']);
    expect(await bad({ payment_type: 'mobile', payment_address: '12ab', coin_used: 100 })).toEqual([400, 'payment_address']);
    expect(await bad({ payment_type: 'upi', payment_address: 'name', coin_used: 100 })).toEqual([400, 'payment_address']);
    expect(await bad({ payment_type: 'cash', payment_address: 'x', coin_used: 100 })).toEqual([400, 'payment_type']);
    expect(await bad({ payment_type: 'mobile', payment_address: '+34 600 123 456', coin_used: 99 })).toEqual([400, 'coin_used']);
    expect(await bad({ payment_type: 'mobile', payment_address: '+34 600 123 456', coin_used: 100, payment_amount: '20' })).toEqual([400, 'payment_amount']);
    const poor = await api.call('set_payment_request', { payment_type: 'mobile', payment_address: '+34600123456', coin_used: 500 }, { token });
    expect([poor.status, poor.body.message]).toEqual([409, 'not_enough_coins']);

    const made = expectOk(await api.call('set_payment_request', { payment_type: 'mobile', payment_address: '+34 600 123 456', coin_used: 100 }, { token })) as { id: number; amount: string };
    expect(made.amount).toBe('10.00');
    const notYours = await api.call('delete_pending_payment_request', { payment_id: made.id }, { token: other.token });
    expect([notYours.status, notYours.body.message]).toEqual([404, '102']);
    expect(expectOk(await api.call('delete_pending_payment_request', { payment_id: made.id }, { token }))).toMatchObject({ status: 'deleted', coins: 120 });
    const gone = await api.call('delete_pending_payment_request', { payment_id: made.id }, { token });
    expect([gone.status, gone.body.message]).toEqual([409, '135']);
    expect(await coinsOf(d, userId)).toBe(120);
    // A deleted request does not count for the 48 hours.
    expectOk(await api.call('set_payment_request', { payment_type: 'upi', payment_address: 'player@okbank', coin_used: 100 }, { token }));
  });

  test('redeem answers mode_disabled when payment_mode is off', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 200);
    await writeSetting(d, 'payment_mode', '0');
    api.app.settings.invalidate();
    try {
      const off = await api.call('set_payment_request', { payment_type: 'upi', payment_address: 'player@bank', coin_used: 100 }, { token });
      expect(off.body.message).toBe('mode_disabled');
      expect(await coinsOf(d, userId)).toBe(200);
    } finally {
      await writeSetting(d, 'payment_mode', '1');
      api.app.settings.invalidate();
    }
  });
});
