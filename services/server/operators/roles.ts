import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/services/server/db/client';
import { users } from '@/services/server/db/schema';
import type { OperatorRole } from '@/services/server/accounts/sessions';
import { ApiError } from '@/services/server/gateway/api-error';
import { writeAudit, type AuditActor } from '@/services/server/operators/audit';

/**
 * Operator roles (docs/operators.md): granted by the command line (`npm run admin -- grant`, how
 * the first operator is made) or by an admin in the console; every change audited in its own
 * transaction. A role takes effect on the account's very next call (sessions read it each time).
 */

export interface Operator {
  user_id: number;
  name: string;
  email: string | null;
  role: OperatorRole;
}

/** An account named by id or e-mail (not a deleted one); 131 naming the field when there is none. */
async function findAccount(db: Db | Tx, who: { userId?: number; email?: string }) {
  const byId = who.userId !== undefined;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(byId ? eq(users.id, who.userId!) : sql`lower(${users.email}) = lower(${who.email ?? ''})`, sql`${users.deletedAt} is null`))
    .orderBy(asc(users.id))
    .limit(1);
  if (!rows[0]) throw new ApiError('131', { field: byId ? 'user_id' : 'email', detail: byId ? `no account ${who.userId}` : `no account with the e-mail ${who.email}` });
  return rows[0];
}

/** Gives an account a role (or changes it); the change and the state before are audited. */
export async function grantRole(db: Db, actor: AuditActor, who: { userId?: number; email?: string }, role: OperatorRole): Promise<Operator> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, who);
    const [locked] = await tx.select({ role: users.role }).from(users).where(eq(users.id, account.id)).for('update');
    if (locked!.role !== role) {
      await tx.update(users).set({ role }).where(eq(users.id, account.id));
      await writeAudit(tx, actor, { action: 'role.grant', targetType: 'user', targetId: account.id, before: { role: locked!.role }, after: { role } });
    }
    return { user_id: account.id, name: account.name, email: account.email, role };
  });
}

/** Takes an account's role away. The last admin cannot be removed (nobody could grant it again from the console). */
export async function revokeRole(db: Db, actor: AuditActor, who: { userId?: number; email?: string }): Promise<{ user_id: number; role: null }> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, who);
    // Every admin row locked: two admins revoking each other at once cannot both succeed.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    const [locked] = await tx.select({ role: users.role }).from(users).where(eq(users.id, account.id)).for('update');
    if (locked!.role === null) return { user_id: account.id, role: null };
    if (locked!.role === 'admin' && admins.length <= 1) {
      throw new ApiError('last_admin', { field: who.userId !== undefined ? 'user_id' : 'email', detail: 'grant another admin first' });
    }
    await tx.update(users).set({ role: null }).where(eq(users.id, account.id));
    await writeAudit(tx, actor, { action: 'role.revoke', targetType: 'user', targetId: account.id, before: { role: locked!.role }, after: { role: null } });
    return { user_id: account.id, role: null };
  });
}

export async function listOperators(db: Db): Promise<Operator[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(isNotNull(users.role), sql`${users.deletedAt} is null`))
    .orderBy(asc(users.id));
  return rows.map((r) => ({ user_id: r.id, name: r.name, email: r.email, role: r.role as OperatorRole }));
}
