import { and, desc, eq, gte, lt, gt, sql } from 'drizzle-orm';
import type { ActivityRow } from '@/services/domain/console-types';
import { rowsOf, type Db } from '@/services/server/db/client';
import { coinLedger, playSessions, rooms, users } from '@/services/server/db/schema';

/**
 * The lists behind the dashboard's numbers (docs/operators.md): today's plays, today's battles,
 * the coin movements of the last 7 days (issued or spent). Newest first, a page at a time.
 */

export const ACTIVITY_KINDS = ['active_players', 'plays', 'battles', 'coins_issued', 'coins_spent'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Where each list starts: today (UTC) for plays and battles, the last 7 × 24 hours for coins. */
export function activitySince(kind: ActivityKind, now: Date): Date {
  return kind === 'plays' || kind === 'battles' || kind === 'active_players' ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) : new Date(now.getTime() - 7 * 24 * 3600_000);
}

export async function listActivity(db: Db, input: { kind: ActivityKind; offset: number; limit: number }, now: Date = new Date()): Promise<{ total: number; since: string; rows: ActivityRow[] }> {
  const since = activitySince(input.kind, now);
  if (input.kind === 'active_players') {
    // As the dashboard counts them: a play, a battle seat or an exam started today.
    const active = sql`(
      select p.user_id as u, p.created_at as at, 'play' as via from play_sessions p where p.created_at >= ${since}
      union all select m.user_id, m.joined_at, 'battle' from room_members m where m.joined_at >= ${since} and not m.is_bot
      union all select a.user_id, a.started_at, 'exam' from exam_attempts a where a.started_at >= ${since}
    )`;
    const rows = rowsOf<{ u: number; name: string; last: string; via: string; n: number }>(
      await db.execute(sql`
        select x.u, u.name, max(x.at) as last, (array_agg(x.via order by x.at desc))[1] as via, count(*)::int as n
        from ${active} x join users u on u.id = x.u
        group by x.u, u.name order by last desc limit ${input.limit} offset ${input.offset}`),
    );
    const [counted] = rowsOf<{ n: number }>(await db.execute(sql`select count(distinct x.u)::int as n from ${active} x`));
    return {
      total: Number(counted?.n ?? 0),
      since: since.toISOString(),
      rows: rows.map((r) => ({ id: String(r.u), at: new Date(r.last).toISOString(), user_id: Number(r.u), user_name: r.name, what: `last: ${r.via}`, detail: `${r.n} today`, amount: null })),
    };
  }
  if (input.kind === 'plays') {
    const where = gte(playSessions.createdAt, since);
    const [rows, [counted]] = await Promise.all([
      db
        .select({ id: playSessions.id, at: playSessions.createdAt, userId: playSessions.userId, name: users.name, mode: playSessions.mode, status: playSessions.status })
        .from(playSessions)
        .innerJoin(users, eq(users.id, playSessions.userId))
        .where(where)
        .orderBy(desc(playSessions.createdAt))
        .limit(input.limit)
        .offset(input.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(playSessions).where(where),
    ]);
    return {
      total: Number(counted?.n ?? 0),
      since: since.toISOString(),
      rows: rows.map((r) => ({ id: r.id, at: r.at.toISOString(), user_id: r.userId, user_name: r.name, what: r.mode.replaceAll('_', ' '), detail: r.status, amount: null })),
    };
  }
  if (input.kind === 'battles') {
    const where = gte(rooms.createdAt, since);
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          id: rooms.id,
          at: rooms.createdAt,
          userId: rooms.createdBy,
          name: users.name,
          type: rooms.type,
          status: rooms.status,
          vsBot: rooms.vsBot,
          members: sql<number>`(select count(*)::int from room_members m where m.room_id = "rooms"."id" and not m.is_bot)`,
        })
        .from(rooms)
        .leftJoin(users, eq(users.id, rooms.createdBy))
        .where(where)
        .orderBy(desc(rooms.createdAt))
        .limit(input.limit)
        .offset(input.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(rooms).where(where),
    ]);
    return {
      total: Number(counted?.n ?? 0),
      since: since.toISOString(),
      rows: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        user_id: r.userId,
        user_name: r.name,
        what: `${r.type} battle${r.vsBot ? ' (vs bot)' : ''}`,
        detail: `${r.status} · ${Number(r.members)} players`,
        amount: null,
      })),
    };
  }
  const where = and(gte(coinLedger.createdAt, since), input.kind === 'coins_issued' ? gt(coinLedger.amount, 0) : lt(coinLedger.amount, 0));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: coinLedger.id, at: coinLedger.createdAt, userId: coinLedger.userId, name: users.name, type: coinLedger.type, title: coinLedger.title, amount: coinLedger.amount })
      .from(coinLedger)
      .innerJoin(users, eq(users.id, coinLedger.userId))
      .where(where)
      .orderBy(desc(coinLedger.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(coinLedger).where(where),
  ]);
  return {
    total: Number(counted?.n ?? 0),
    since: since.toISOString(),
    rows: rows.map((r) => ({ id: String(r.id), at: r.at.toISOString(), user_id: r.userId, user_name: r.name, what: r.type.replaceAll('_', ' '), detail: r.title, amount: r.amount })),
  };
}
