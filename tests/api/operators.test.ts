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
