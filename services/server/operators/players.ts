import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PlayerRow } from '@/services/domain/console-types';
import type { Db } from '@/services/server/db/client';
import { coinLedger, playSessions, questionReports, users } from '@/services/server/db/schema';
import { moveCoins } from '@/services/server/economy/ledger';
import { ApiError } from '@/services/server/gateway/api-error';
import { writeAudit, type AuditActor } from '@/services/server/operators/audit';

/**
 * Players as operators see them (admins only): search, a player's page, deactivation and coin
 * adjustments. A deactivated player's very next call answers 126 "account deactivated, contact
 * admin" on every instance: the gateway reads the account's status with its session on each call.
 */

export const PLAYER_SORTS = ['id', 'name', 'coins', 'created_at'] as const;
export type PlayerSort = (typeof PLAYER_SORTS)[number];

const SORT_COLUMNS = { id: users.id, name: users.name, coins: users.coins, created_at: users.createdAt } as const;

const playerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  coins: users.coins,
  active: users.status,
  role: users.role,
  createdAt: sql<string>`${users.createdAt}`,
};

const toRow = (r: { id: number; name: string; email: string | null; mobile: string | null; coins: number; active: boolean; role: string | null; createdAt: string }): PlayerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  mobile: r.mobile,
  coins: r.coins,
  active: r.active,
  role: r.role,
  created_at: new Date(r.createdAt).toISOString(),
});

/** Players matching a search (a name, an e-mail or a mobile number in part, or an id exactly), a page at a time, with the total. */
export async function searchPlayers(
  db: Db,
  input: { query?: string; offset: number; limit: number; sort: PlayerSort; order: 'asc' | 'desc' },
): Promise<{ total: number; rows: PlayerRow[] }> {
  const where: SQL[] = [sql`${users.deletedAt} is null`];
  const q = input.query?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = [ilike(users.name, like), ilike(users.email, like), ilike(users.mobile, like)];
    if (/^\d{1,9}$/.test(q)) matches.push(eq(users.id, Number(q)));
    where.push(or(...matches)!);
  }
  const column = SORT_COLUMNS[input.sort];
  const [totals, rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(and(...where)),
    db
      .select(playerColumns)
      .from(users)
      .where(and(...where))
      .orderBy(input.order === 'asc' ? asc(column) : desc(column), asc(users.id))
      .offset(input.offset)
      .limit(input.limit),
  ]);
  return { total: Number(totals[0]?.n ?? 0), rows: rows.map(toRow) };
}

/** A player's page: the account, the last coin movements, the number of plays and reports. */
export async function getPlayer(db: Db, userId: number) {
  const [row] = await db
    .select(playerColumns)
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  if (!row) throw new ApiError('131', { field: 'user_id', detail: `no player ${userId}` });
  const [coinHistory, plays, reports] = await Promise.all([
    db
      .select({ id: coinLedger.id, amount: coinLedger.amount, type: coinLedger.type, title: coinLedger.title, balance_after: coinLedger.balanceAfter, created_at: sql<string>`${coinLedger.createdAt}` })
      .from(coinLedger)
      .where(eq(coinLedger.userId, userId))
      .orderBy(desc(coinLedger.id))
      .limit(50),
    db
      .select({ id: playSessions.id, mode: playSessions.mode, status: playSessions.status, created_at: sql<string>`${playSessions.createdAt}` })
      .from(playSessions)
      .where(eq(playSessions.userId, userId))
      .orderBy(desc(playSessions.createdAt))
      .limit(20),
    db
      .select({ id: questionReports.id, kind: questionReports.kind, question_id: questionReports.questionId, message: questionReports.message, status: questionReports.status, created_at: sql<string>`${questionReports.createdAt}` })
      .from(questionReports)
      .where(eq(questionReports.userId, userId))
      .orderBy(desc(questionReports.id))
      .limit(20),
  ]);
  const iso = <T extends { created_at: string }>(r: T): T => ({ ...r, created_at: new Date(r.created_at).toISOString() });
  return {
    ...toRow(row),
    coin_history: coinHistory.map(iso),
    plays: plays.map(iso),
    reports: reports.map(iso),
  };
}

export async function setPlayerStatus(db: Db, actor: AuditActor, userId: number, active: boolean): Promise<{ user_id: number; active: boolean }> {
  if (actor.via === 'console' && actor.userId === userId) throw new ApiError('103', { field: 'user_id', detail: 'user_id: an operator cannot deactivate their own account' });
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ active: users.status }).from(users).where(and(eq(users.id, userId), sql`${users.deletedAt} is null`)).for('update');
    if (!locked) throw new ApiError('131', { field: 'user_id', detail: `no player ${userId}` });
    if (locked.active !== active) {
      await tx.update(users).set({ status: active }).where(eq(users.id, userId));
      await writeAudit(tx, actor, { action: active ? 'user.reactivate' : 'user.deactivate', targetType: 'user', targetId: userId, before: { active: locked.active }, after: { active } });
    }
    return { user_id: userId, active };
  });
}

/**
 * Adds or takes coins with a reason, through the ledger: the operator's `request_key` makes a
 * retried request move the coins once. Audited with the balance before and after.
 */
export async function adjustCoins(
  db: Db,
  actor: AuditActor & { via: 'console' },
  input: { userId: number; amount: number; reason: string; requestKey: string },
): Promise<{ user_id: number; coins: number; applied: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ coins: users.coins }).from(users).where(and(eq(users.id, input.userId), sql`${users.deletedAt} is null`));
    if (!before) throw new ApiError('131', { field: 'user_id', detail: `no player ${input.userId}` });
    const moved = await moveCoins(tx, {
      userId: input.userId,
      amount: input.amount,
      type: 'admin_adjustment',
      title: input.reason,
      idempotencyKey: `admin:${actor.userId}:${input.userId}:${input.amount}:${input.requestKey}`,
    });
    if (moved.applied) {
      await writeAudit(tx, actor, {
        action: 'user.coins',
        targetType: 'user',
        targetId: input.userId,
        // The balance the ledger moved from (read under its lock).
        before: { coins: moved.balance - input.amount },
        after: { coins: moved.balance, amount: input.amount, reason: input.reason },
      });
    }
    return { user_id: input.userId, coins: moved.balance, applied: moved.applied };
  });
}
