import { desc } from 'drizzle-orm';
import type { Db } from '@/services/server/db/client';
import { outbox } from '@/services/server/db/schema';

/**
 * The dev outbox: mail and SMS that the development senders "delivered", readable through
 * `dev_outbox` (only when DEV_OUTBOX is on) so sign-up, reset and OTP work without SMTP or SMS.
 */

export type OutboxChannel = 'email' | 'sms';

export interface OutboxEntry {
  readonly id: number;
  readonly channel: OutboxChannel;
  readonly recipient: string;
  readonly subject: string;
  readonly body: string;
  readonly created_at: string;
}

export async function writeOutbox(
  db: Db,
  entry: { channel: OutboxChannel; recipient: string; subject?: string; body: string },
): Promise<void> {
  await db.insert(outbox).values({ channel: entry.channel, recipient: entry.recipient, subject: entry.subject ?? '', body: entry.body });
}

/** Newest first. */
export async function listOutbox(db: Db, limit = 50): Promise<OutboxEntry[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel as OutboxChannel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    created_at: r.createdAt.toISOString(),
  }));
}
