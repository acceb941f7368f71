import { and, desc, eq, sql } from 'drizzle-orm';
import { formatCents, payoutCents, type PaymentType } from '@/services/domain/redeem';
import { flagSetting, intSetting, type SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { paymentRequests, users } from '@/services/server/db/schema';
import { moveCoins } from '@/services/server/economy/ledger';
import { ApiError } from '@/services/server/gateway/api-error';
import { insertNotification } from '@/services/server/notifications/repository';
import { writeAudit, type AuditActor } from '@/services/server/operators/audit';

/**
 * Redeem requests (rules.md, Economy: Redeem; docs/redeem.md). Each request is decided in one
 * transaction that locks the player's row: the 48-hour rule, the balance and the coins taken
 * cannot be raced by a second request. Coins go back through the ledger once, whoever undoes it.
 */

export interface PaymentRequestView {
  id: number;
  payment_type: string;
  payment_address: string;
  coins: number;
  amount: string;
  details: string;
  status: string;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

type Row = typeof paymentRequests.$inferSelect;
const view = (r: Row): PaymentRequestView => ({
  id: r.id,
  payment_type: r.paymentType,
  payment_address: r.paymentAddress,
  coins: r.coins,
  amount: formatCents(r.amountCents),
  details: r.details,
  status: r.status,
  reason: r.reason,
  created_at: r.createdAt.toISOString(),
  decided_at: r.decidedAt ? r.decidedAt.toISOString() : null,
});

function requireRedeem(settings: SettingsMap) {
  if (!flagSetting(settings, 'payment_mode')) throw new ApiError('mode_disabled', { detail: 'payment_mode is off' });
}

/** set_payment_request: takes the coins and records the request, or refuses it naming why. */
export async function requestPayment(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { type: PaymentType; address: string; coins: number; amount?: string; details: string },
  now: Date = new Date(),
): Promise<PaymentRequestView & { balance: number }> {
  requireRedeem(settings);
  const minimum = intSetting(settings, 'coin_limit');
  if (input.coins < minimum) throw new ApiError('103', { field: 'coin_used', detail: `coin_used: at least ${minimum} coins` });
  const cents = payoutCents(input.coins, settings);
  if (input.amount !== undefined && Math.round(Number(input.amount) * 100) !== cents) {
    throw new ApiError('103', { field: 'payment_amount', detail: `payment_amount: ${input.coins} coins make ${formatCents(cents)}` });
  }
  const hours = intSetting(settings, 'payment_request_interval_hours');
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [last] = await tx
      .select({ createdAt: paymentRequests.createdAt })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.userId, userId), sql`${paymentRequests.status} <> 'deleted'`))
      .orderBy(desc(paymentRequests.id))
      .limit(1);
    if (last && now.getTime() - last.createdAt.getTime() < hours * 3_600_000) {
      throw new ApiError('127', { detail: `you have already made a payment request, wait ${hours} hours after the previous one` });
    }
    const [row] = await tx
      .insert(paymentRequests)
      .values({ userId, paymentType: input.type, paymentAddress: input.address.trim(), coins: input.coins, amountCents: cents, details: input.details, createdAt: now })
      .returning();
    const moved = await moveCoins(tx, { userId, amount: -input.coins, type: 'redeem_request', title: 'Redeem request', idempotencyKey: `redeem:${row!.id}` });
    return { ...view(row!), balance: moved.balance };
  });
}

/** get_payment_request: the player's requests, newest first. */
export async function listPayments(db: Db, userId: number, page: { offset: number; limit: number }) {
  const rows = await db
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.userId, userId))
    .orderBy(desc(paymentRequests.id))
    .offset(page.offset)
    .limit(page.limit);
  if (rows.length === 0 && page.offset === 0) throw new ApiError('102', { detail: 'no payment requests' });
  return rows.map(view);
}

/** Locks a request and returns its coins when it is still pending; the new status is `status`. */
async function closePending(tx: Parameters<Parameters<Db['transaction']>[0]>[0], row: Row, status: 'deleted' | 'invalid' | 'completed', extra: { reason?: string; decidedBy?: number }, now: Date) {
  await tx
    .update(paymentRequests)
    .set({ status, reason: extra.reason ?? null, decidedBy: extra.decidedBy ?? null, decidedAt: now })
    .where(eq(paymentRequests.id, row.id));
  if (status === 'completed') return null;
  return moveCoins(tx, { userId: row.userId, amount: row.coins, type: 'redeem_refund', title: status === 'deleted' ? 'Redeem request deleted' : 'Redeem request refunded', idempotencyKey: `redeem_refund:${row.id}` });
}

/** delete_pending_payment_request: the owner takes back a pending request; the coins come back. */
export async function deletePending(db: Db, userId: number, paymentId: number, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentRequests).where(and(eq(paymentRequests.id, paymentId), eq(paymentRequests.userId, userId))).for('update');
    if (!row) throw new ApiError('102', { field: 'payment_id', detail: `no payment request ${paymentId} of this player` });
    if (row.status !== 'pending') throw new ApiError('135', { field: 'payment_id' });
    const moved = await closePending(tx, row, 'deleted', {}, now);
    return { id: row.id, status: 'deleted', coins: moved!.balance };
  });
}

/** The operators' queue: requests of a status (pending first by default), oldest first. */
export async function paymentQueue(db: Db, input: { status: string; offset: number; limit: number }) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ request: paymentRequests, name: users.name, email: users.email })
      .from(paymentRequests)
      .innerJoin(users, eq(users.id, paymentRequests.userId))
      .where(eq(paymentRequests.status, input.status))
      .orderBy(paymentRequests.id)
      .offset(input.offset)
      .limit(input.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(paymentRequests).where(eq(paymentRequests.status, input.status)),
  ]);
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((r) => ({ ...view(r.request), user_id: r.request.userId, user_name: r.name, user_email: r.email })),
  };
}

/**
 * An operator decides a pending request: completed (paid outside the app), or invalid with a
 * reason (the coins come back once). The player is notified either way; the decision is audited.
 */
export async function decidePayment(
  db: Db,
  actor: AuditActor & { via: 'console' },
  input: { paymentId: number; status: 'completed' | 'invalid'; reason?: string },
  now: Date = new Date(),
) {
  if (input.status === 'invalid' && !input.reason) throw new ApiError('103', { field: 'reason', detail: 'reason: is required to mark a request invalid' });
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, input.paymentId)).for('update');
    if (!row) throw new ApiError('102', { field: 'payment_id', detail: `no payment request ${input.paymentId}` });
    if (row.status !== 'pending') throw new ApiError('135', { field: 'payment_id' });
    await closePending(tx, row, input.status, { reason: input.reason, decidedBy: actor.userId }, now);
    const notification = {
      title: input.status === 'completed' ? 'Redeem request paid' : 'Redeem request refused',
      message:
        input.status === 'completed'
          ? `Your request for ${formatCents(row.amountCents)} (${row.coins} coins) has been paid.`
          : `Your request for ${formatCents(row.amountCents)} was refused: ${input.reason}. Your ${row.coins} coins are back in your wallet.`,
      type: 'payment',
      image: null,
      link: '/profile/wallet/',
    };
    await insertNotification(tx, { userId: row.userId, ...notification });
    await writeAudit(tx, actor, { action: `payment.${input.status}`, targetType: 'payment_request', targetId: row.id, before: { status: 'pending' }, after: { status: input.status, reason: input.reason ?? null } });
    return { id: row.id, status: input.status, user_id: row.userId, notification: { ...notification, created_at: now.toISOString() } };
  });
}
