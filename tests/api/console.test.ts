import { and, eq, gt, sql } from 'drizzle-orm';
import { auditLog, languages, notifications, notificationSends, playSessions, users } from '@/services/server/db/schema';
import { deliverBatch } from '@/services/server/notifications/sends';
import { openEventStream } from '@/tests/api/room-stream.support';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { expectOk } from '@/tests/fixtures/play';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';

const { api, db } = seededApiSuite();

/** The console's dashboard, notifications and settings (issue 13, items 6–8). */

interface Dash {
  players: { total: number; new_today: number; active_today: number };
  plays_today: number;
  pending_payouts: number;
  open_reports: number;
  coins_week: { issued: number; spent: number };
}

describe(`the operators' console calls (${testDbKind})`, () => {
  test('the dashboard counts players, plays, coins, payouts and reports of the moment', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const before = expectOk(await api.call('admin_dashboard', {}, { token: admin.token })) as Dash;
    const player = await createPlayerWithSession(d);
    await d.update(users).set({ coins: 500 }).where(eq(users.id, player.userId));
    expectOk(await api.call('admin_adjust_coins', { user_id: player.userId, amount: 40, reason: 'welcome', request_key: 'dash-key-0001' }, { token: admin.token }));
    expectOk(await api.call('set_payment_request', { payment_type: 'paypal', payment_address: 'p@example.com', coin_used: 100 }, { token: player.token }));
    const after = expectOk(await api.call('admin_dashboard', {}, { token: admin.token })) as Dash;
    expect(after.players.total - before.players.total).toBe(1);
    expect(after.players.new_today - before.players.new_today).toBe(1);
    expect(after.pending_payouts - before.pending_payouts).toBe(1);
    expect(after.coins_week.issued - before.coins_week.issued).toBe(40);
    expect(after.coins_week.spent - before.coins_week.spent).toBe(100);
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    expect((await api.call('admin_dashboard', {}, { token: editor.token })).status).toBe(403);

    // Each number has its list: the coin movements behind the week's figures, the players active today.
    const issued = expectOk(await api.call('admin_activity', { kind: 'coins_issued' }, { token: admin.token })) as { total: number; rows: { user_id: number; amount: number; detail: string }[] };
    expect(issued.total).toBeGreaterThanOrEqual(issued.rows.length);
    expect(issued.rows).toContainEqual(expect.objectContaining({ user_id: player.userId, amount: 40, detail: 'welcome' }));
    const spent = expectOk(await api.call('admin_activity', { kind: 'coins_spent' }, { token: admin.token })) as { rows: { user_id: number; amount: number }[] };
    expect(spent.rows).toContainEqual(expect.objectContaining({ user_id: player.userId, amount: -100 }));
    await d.insert(playSessions).values({ id: `s_dash_${player.userId}`, userId: player.userId, mode: 'quiz_zone', contextKey: `dash:${player.userId}`, questions: [], rules: {} as never });
    const active = expectOk(await api.call('admin_activity', { kind: 'active_players' }, { token: admin.token })) as { total: number; rows: { user_id: number }[] };
    expect(active.rows.map((r) => r.user_id)).toContain(player.userId);
    const dash = expectOk(await api.call('admin_dashboard', {}, { token: admin.token })) as Dash;
    expect(dash.players.active_today).toBe(active.total);
    const plays = expectOk(await api.call('admin_activity', { kind: 'plays' }, { token: admin.token })) as { total: number };
    expect(plays.total).toBe(dash.plays_today);
    const wrong = await api.call('admin_activity', { kind: 'logins' }, { token: admin.token });
    expect([wrong.status, wrong.body.field]).toEqual([400, 'kind']);
  });

  test('a notification to everyone is delivered in batches from a cursor, once per player, and reaches an open stream at once', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const watcher = await createPlayerWithSession(d);
    const stream = await openEventStream(`${api.url}/api/notifications/events`, watcher.token);
    expect(stream.status).toBe(200);
    try {
      await stream.waitFor('ready', () => stream.events().some((e) => e.event === 'ready'));
      const sent = expectOk(
        await api.call('admin_send_notification', { title: 'Weekend cup', message: 'Double coins on Saturday', link: '/contest-play/', audience: 'all' }, { token: admin.token }),
      ) as { id: number; status: string };
      expect(sent.status).toBe('delivering');
      const eligible = Number(
        (await d.select({ n: sql<number>`count(*)::int` }).from(users).where(and(sql`${users.deletedAt} is null`, eq(users.status, true))))[0]!.n,
      );
      // Two players per batch: a stop after the first batch leaves the cursor where it was.
      const first = await deliverBatch(d, api.app.notificationBus, 2);
      expect(first).toMatchObject({ sendId: sent.id, done: false });
      const [mid] = await d.select().from(notificationSends).where(eq(notificationSends.id, sent.id));
      expect([mid!.cursor, mid!.delivered]).toEqual([first!.userIds[1], 2]);
      // The rest, as after a restart: the job goes on from the cursor.
      await api.app.notificationDelivery.runUntilIdle();
      const [done] = await d.select().from(notificationSends).where(eq(notificationSends.id, sent.id));
      expect([done!.status, done!.delivered]).toEqual(['done', eligible]);
      const rows = await d.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.sendId, sent.id));
      expect(rows).toHaveLength(eligible);
      expect(new Set(rows.map((r) => r.userId)).size).toBe(eligible);

      await stream.waitFor('the live notification', () => stream.events().some((e) => e.event === 'notification'));
      const live = stream.events().filter((e) => e.event === 'notification').map((e) => JSON.parse(e.data) as { title: string; link: string });
      expect(live).toEqual([expect.objectContaining({ title: 'Weekend cup', link: '/contest-play/' })]);
      const list = expectOk(await api.call('get_notifications', {}, { token: watcher.token })) as { title: string; link: string | null }[];
      expect(list[0]).toMatchObject({ title: 'Weekend cup', link: '/contest-play/' });
      const [entry] = await d.select().from(auditLog).where(and(eq(auditLog.action, 'notification.send'), eq(auditLog.targetId, String(sent.id))));
      expect(entry).toMatchObject({ actorId: admin.userId, via: 'console' });
    } finally {
      stream.close();
    }
  });

  test('to one player, or to the players of one content language; refusals name the field', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const one = await createPlayerWithSession(d);
    const sentOne = expectOk(await api.call('admin_send_notification', { title: 'Hi', message: 'Just you', audience: 'user', user_id: one.userId }, { token: admin.token })) as { id: number };
    const [spanish] = await d.select({ id: languages.id }).from(languages).where(eq(languages.code, 'es'));
    const hablante = await createPlayerWithSession(d);
    await d.insert(playSessions).values({
      id: `s_console_${hablante.userId}`,
      userId: hablante.userId,
      mode: 'quiz_zone',
      contextKey: `console:${hablante.userId}`,
      languageId: spanish!.id,
      questions: [],
      rules: {} as never,
    });
    const sentEs = expectOk(await api.call('admin_send_notification', { title: 'Hola', message: 'Nuevas preguntas', audience: 'language', language_id: spanish!.id }, { token: admin.token })) as { id: number };
    await api.app.notificationDelivery.runUntilIdle();
    const recipients = async (sendId: number) => (await d.select({ u: notifications.userId }).from(notifications).where(eq(notifications.sendId, sendId))).map((r) => r.u);
    expect(await recipients(sentOne.id)).toEqual([one.userId]);
    expect(await recipients(sentEs.id)).toContain(hablante.userId);
    expect(await recipients(sentEs.id)).not.toContain(one.userId);

    const noUser = await api.call('admin_send_notification', { title: 'Hi', message: 'x', audience: 'user' }, { token: admin.token });
    expect([noUser.status, noUser.body.field]).toEqual([400, 'user_id']);
    const missing = await api.call('admin_send_notification', { title: 'Hi', message: 'x', audience: 'user', user_id: 99_999_999 }, { token: admin.token });
    expect([missing.status, missing.body.message, missing.body.field]).toEqual([404, '131', 'user_id']);
    const badLink = await api.call('admin_send_notification', { title: 'Hi', message: 'x', audience: 'all', link: 'javascript:alert(1)' }, { token: admin.token });
    expect([badLink.status, badLink.body.field]).toEqual([400, 'link']);
    const noTitle = await api.call('admin_send_notification', { title: ' ', message: 'x', audience: 'all' }, { token: admin.token });
    expect([noTitle.status, noTitle.body.field]).toEqual([400, 'title']);
  });

  test('settings: listed by group with their rules; a change is checked, audited once and read at once; maintenance lets operators in', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const player = await createPlayerWithSession(d);
    const groups = expectOk(await api.call('admin_settings', {}, { token: admin.token })) as { group: string; settings: { key: string; kind: string; min: number | null; value: string }[] }[];
    expect(groups.map((g) => g.group)).toEqual(['platform', 'content', 'modes', 'solo_play', 'battles', 'contests', 'exams', 'live', 'limits', 'economy', 'badges', 'web']);
    const coinLimit = groups.flatMap((g) => g.settings).find((s) => s.key === 'coin_limit');
    expect(coinLimit).toMatchObject({ kind: 'int' });

    const tooBig = await api.call('admin_update_setting', { key: 'maintenance_mode', value: '2' }, { token: admin.token });
    expect([tooBig.status, tooBig.body.field]).toEqual([400, 'value']);
    const unknown = await api.call('admin_update_setting', { key: 'no_such_setting', value: '1' }, { token: admin.token });
    expect([unknown.status, unknown.body.field]).toEqual([400, 'key']);

    const countEntries = async () => Number((await d.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.targetId, 'maintenance_mode')))[0]!.n);
    const entriesBefore = await countEntries();
    try {
      expect(expectOk(await api.call('admin_update_setting', { key: 'maintenance_mode', value: '1' }, { token: admin.token }))).toEqual({ key: 'maintenance_mode', value: '1', changed: true });
      expect(expectOk(await api.call('admin_update_setting', { key: 'maintenance_mode', value: '1' }, { token: admin.token }))).toMatchObject({ changed: false });
      expect(await countEntries()).toBe(entriesBefore + 1);
      const [entry] = await d.select().from(auditLog).where(and(eq(auditLog.targetId, 'maintenance_mode'), gt(auditLog.id, 0))).orderBy(sql`${auditLog.id} desc`).limit(1);
      expect([entry!.before, entry!.after]).toEqual([{ value: '0' }, { value: '1' }]);
      const blocked = await api.call('get_user_by_id', {}, { token: player.token });
      expect([blocked.status, blocked.body.message]).toEqual([503, 'maintenance']);
      expect((await api.call('admin_settings', {}, { token: admin.token })).status).toBe(200);
      // Operators of either role: the console's calls answer whoever has a role.
      expect((await api.call('admin_questions', {}, { token: editor.token })).status).toBe(200);
    } finally {
      expectOk(await api.call('admin_update_setting', { key: 'maintenance_mode', value: '0' }, { token: admin.token }));
    }
  });
});
