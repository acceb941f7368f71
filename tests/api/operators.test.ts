import { eq, sql } from 'drizzle-orm';
import { auditLog, users } from '@/services/server/db/schema';
import { writeSetting } from '@/services/server/settings/repository';
import { grantRole, revokeRole } from '@/services/server/operators/roles';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { expectOk } from '@/tests/fixtures/play';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';

const { api, db } = seededApiSuite();

/** Operator roles, the `admin_…` calls' checks, and the append-only audit log (issue 13, item 1). */

interface AuditRow {
  id: number;
  actor_id: number | null;
  via: string;
  action: string;
  target_id: string;
  before: unknown;
  after: unknown;
}

describe(`operators and the audit log (${testDbKind})`, () => {
  test('operator calls: 401 without a token, 403 for a player and for an editor on an admin call; both roles pass their own', async () => {
    const d = await db();
    const player = await createPlayerWithSession(d);
    const editor = await createPlayerWithSession(d, { role: 'editor', name: 'Eddie' });
    const admin = await createPlayerWithSession(d, { role: 'admin', name: 'Ada' });
    expect((await api.call('admin_whoami', {})).status).toBe(401);
    const refused = await api.call('admin_whoami', {}, { token: player.token });
    expect([refused.status, refused.body.message]).toEqual([403, 'forbidden']);
    expect(expectOk(await api.call('admin_whoami', {}, { token: editor.token }))).toEqual({ user_id: editor.userId, name: 'Eddie', role: 'editor' });
    const editorOnAdmin = await api.call('admin_operators', {}, { token: editor.token });
    expect([editorOnAdmin.status, editorOnAdmin.body.message]).toEqual([403, 'forbidden']);
    expect(expectOk(await api.call('admin_operators', {}, { token: admin.token }))).toEqual([
      expect.objectContaining({ user_id: editor.userId, role: 'editor' }),
      expect.objectContaining({ user_id: admin.userId, role: 'admin' }),
    ]);
  });

  test('an admin grants and revokes roles, each change audited with before and after; the role counts on the very next call', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const other = await createPlayerWithSession(d, { email: 'nova@example.com' });
    expect((await api.call('admin_whoami', {}, { token: other.token })).status).toBe(403);

    const granted = expectOk(await api.call('admin_grant_role', { email: 'NOVA@example.com', role: 'editor' }, { token: admin.token }));
    expect(granted).toMatchObject({ user_id: other.userId, role: 'editor' });
    expect((await api.call('admin_whoami', {}, { token: other.token })).status).toBe(200);
    // Granting what it already has changes nothing and writes nothing.
    expectOk(await api.call('admin_grant_role', { user_id: other.userId, role: 'editor' }, { token: admin.token }));
    expectOk(await api.call('admin_revoke_role', { user_id: other.userId }, { token: admin.token }));
    expect((await api.call('admin_whoami', {}, { token: other.token })).status).toBe(403);

    const log = expectOk(await api.call('admin_audit_log', { target_id: String(other.userId) }, { token: admin.token })) as AuditRow[];
    expect(log.map((e) => [e.action, e.actor_id, e.via, e.before, e.after])).toEqual([
      ['role.revoke', admin.userId, 'console', { role: 'editor' }, { role: null }],
      ['role.grant', admin.userId, 'console', { role: null }, { role: 'editor' }],
    ]);
  });

  test('refusals name the field: no such account, a bad role, neither id nor e-mail; the last admin keeps the role', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const missing = await api.call('admin_grant_role', { email: 'nobody@example.com', role: 'admin' }, { token: admin.token });
    expect([missing.status, missing.body.message, missing.body.field]).toEqual([404, '131', 'email']);
    const badRole = await api.call('admin_grant_role', { user_id: admin.userId, role: 'owner' }, { token: admin.token });
    expect([badRole.status, badRole.body.field]).toEqual([400, 'role']);
    const nobody = await api.call('admin_revoke_role', {}, { token: admin.token });
    expect([nobody.status, nobody.body.field]).toEqual([400, 'email']);
    // Only this admin left (the accounts of other tests demoted).
    await d.update(users).set({ role: null }).where(sql`${users.role} = 'admin' and ${users.id} <> ${admin.userId}`);
    const last = await api.call('admin_revoke_role', { user_id: admin.userId }, { token: admin.token });
    expect([last.status, last.body.message]).toEqual([409, 'last_admin']);
  });

  test('the command line grants as "cli"; the log refuses to be changed or deleted', async () => {
    const d = await db();
    const account = await createPlayerWithSession(d, { email: 'first.admin@example.com' });
    await grantRole(d, { via: 'cli' }, { email: 'first.admin@example.com' }, 'admin');
    const [row] = await d.select({ role: users.role }).from(users).where(eq(users.id, account.userId));
    expect(row!.role).toBe('admin');
    const [entry] = await d.select().from(auditLog).where(eq(auditLog.targetId, String(account.userId)));
    expect(entry).toMatchObject({ via: 'cli', actorId: null, action: 'role.grant' });
    const refusal = async (statement: Promise<unknown>) => {
      const error = (await statement.then(() => null, (e: unknown) => e)) as { message: string; cause?: { message: string } } | null;
      return error ? `${error.message} ${error.cause?.message ?? ''}` : 'no error';
    };
    expect(await refusal(d.execute(sql`update audit_log set action = 'nothing'`))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(d.execute(sql`delete from audit_log`))).toMatch(/append-only: DELETE refused/);
    await d.update(users).set({ role: null }).where(sql`${users.role} = 'admin' and ${users.id} <> ${account.userId}`);
    await expect(revokeRole(d, { via: 'cli' }, { email: 'first.admin@example.com' })).rejects.toMatchObject({ code: 'last_admin' });
  });

  test('operators pass maintenance mode; players do not', async () => {
    const d = await db();
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const player = await createPlayerWithSession(d);
    await writeSetting(d, 'maintenance_mode', '1');
    api.app.settings.invalidate();
    try {
      expect((await api.call('get_user_coin_score', {}, { token: player.token })).status).toBe(503);
      expect((await api.call('get_user_coin_score', {}, { token: editor.token })).status).toBe(200);
      expect((await api.call('admin_whoami', {}, { token: editor.token })).status).toBe(200);
    } finally {
      await writeSetting(d, 'maintenance_mode', '0');
      api.app.settings.invalidate();
    }
  });
});

describe(`operators and players (${testDbKind})`, () => {
  test('an admin finds players by name, e-mail, mobile or id, a page at a time; an editor is refused', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const zed = await createPlayerWithSession(d, { name: 'Zedekiah Quill', email: 'zq@example.com' });
    const byName = expectOk(await api.call('admin_players', { query: 'zedek' }, { token: admin.token })) as { total: number; rows: { id: number; email: string }[] };
    expect(byName).toMatchObject({ total: 1, rows: [{ id: zed.userId, email: 'zq@example.com' }] });
    const byId = expectOk(await api.call('admin_players', { query: String(zed.userId) }, { token: admin.token })) as { rows: { id: number }[] };
    expect(byId.rows.map((r) => r.id)).toContain(zed.userId);
    const page = expectOk(await api.call('admin_players', { limit: 2, sort: 'id', order: 'asc' }, { token: admin.token })) as { total: number; rows: { id: number }[] };
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.rows[0]!.id).toBeLessThan(page.rows[1]!.id);
    const bad = await api.call('admin_players', { sort: 'password' }, { token: admin.token });
    expect([bad.status, bad.body.field]).toEqual([400, 'sort']);
    expect((await api.call('admin_players', {}, { token: editor.token })).status).toBe(403);
  });

  test('a deactivated player is refused at once with 126, and back on reactivation; both audited; not one\'s own account', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const player = await createPlayerWithSession(d);
    expect((await api.call('get_user_coin_score', {}, { token: player.token })).status).toBe(200);
    expectOk(await api.call('admin_set_player_status', { user_id: player.userId, active: '0' }, { token: admin.token }));
    const refused = await api.call('get_user_coin_score', {}, { token: player.token });
    expect([refused.status, refused.body.message]).toEqual([401, '126']);
    expectOk(await api.call('admin_set_player_status', { user_id: player.userId, active: '1' }, { token: admin.token }));
    expect((await api.call('get_user_coin_score', {}, { token: player.token })).status).toBe(200);
    const own = await api.call('admin_set_player_status', { user_id: admin.userId, active: '0' }, { token: admin.token });
    expect([own.status, own.body.field]).toEqual([400, 'user_id']);
    const log = expectOk(await api.call('admin_audit_log', { target_id: String(player.userId) }, { token: admin.token })) as AuditRow[];
    expect(log.map((e) => e.action)).toEqual(['user.reactivate', 'user.deactivate']);
  });

  test('coins adjusted with a reason through the ledger, once per request key, audited; taking more than the balance is refused', async () => {
    const d = await db();
    const admin = await createPlayerWithSession(d, { role: 'admin' });
    const player = await createPlayerWithSession(d);
    const give = { user_id: player.userId, amount: 25, reason: 'Prize of the spring quiz night', request_key: 'adj-0001-spring' };
    expect(expectOk(await api.call('admin_adjust_coins', give, { token: admin.token }))).toMatchObject({ coins: 25, applied: true });
    // A retry of the same request moves nothing.
    expect(expectOk(await api.call('admin_adjust_coins', give, { token: admin.token }))).toMatchObject({ coins: 25, applied: false });
    const tooMuch = await api.call('admin_adjust_coins', { ...give, amount: -30, request_key: 'adj-0002-take' }, { token: admin.token });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([409, 'not_enough_coins']);
    const zero = await api.call('admin_adjust_coins', { ...give, amount: 0, request_key: 'adj-0003-zero' }, { token: admin.token });
    expect([zero.status, zero.body.field]).toEqual([400, 'amount']);

    const page = expectOk(await api.call('admin_player', { user_id: player.userId }, { token: admin.token })) as { coins: number; coin_history: { amount: number; title: string; type: string }[] };
    expect(page.coins).toBe(25);
    expect(page.coin_history).toEqual([expect.objectContaining({ amount: 25, title: 'Prize of the spring quiz night', type: 'admin_adjustment' })]);
    const log = expectOk(await api.call('admin_audit_log', { action: 'user.coins', target_id: String(player.userId) }, { token: admin.token })) as AuditRow[];
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ before: { coins: 0 }, after: { coins: 25, amount: 25, reason: 'Prize of the spring quiz night' } });
  });
});
