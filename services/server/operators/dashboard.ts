import { sql } from 'drizzle-orm';
import type { Dashboard } from '@/services/domain/console-types';
import { rowsOf, type Db } from '@/services/server/db/client';
import { coinLedger, examAttempts, paymentRequests, playSessions, questionReports, roomMembers, rooms, users } from '@/services/server/db/schema';

/**
 * The console's dashboard (docs/operators.md): a handful of counts, each one a link to its list in
 * the console. "Today" is the server's day in UTC; "this week" the last 7 × 24 hours.
 */

export async function dashboard(db: Db, now: Date = new Date()): Promise<Dashboard> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const week = new Date(now.getTime() - 7 * 24 * 3600_000);
  // One statement: each count is a scalar subquery, so the numbers are of the same moment.
  const [row = {}] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
    select
      (select count(*) from ${users} where ${users.deletedAt} is null) as players,
      (select count(*) from ${users} where ${users.deletedAt} is null and ${users.createdAt} >= ${today}) as new_today,
      (select count(*) from (
        select ${playSessions.userId} as u from ${playSessions} where ${playSessions.createdAt} >= ${today}
        union select ${roomMembers.userId} from ${roomMembers} where ${roomMembers.joinedAt} >= ${today} and not ${roomMembers.isBot}
        union select ${examAttempts.userId} from ${examAttempts} where ${examAttempts.startedAt} >= ${today}
      ) active) as active_today,
      (select count(*) from ${playSessions} where ${playSessions.createdAt} >= ${today}) as plays_today,
      (select count(*) from ${rooms} where ${rooms.createdAt} >= ${today}) as battles_today,
      (select coalesce(sum(${coinLedger.amount}) filter (where ${coinLedger.amount} > 0), 0) from ${coinLedger} where ${coinLedger.createdAt} >= ${week}) as issued,
      (select coalesce(-sum(${coinLedger.amount}) filter (where ${coinLedger.amount} < 0), 0) from ${coinLedger} where ${coinLedger.createdAt} >= ${week}) as spent,
      (select count(*) from ${paymentRequests} where ${paymentRequests.status} = 'pending') as pending_payouts,
      (select count(*) from ${questionReports} where ${questionReports.status} = 'open') as open_reports
  `),
  );
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    players: { total: n('players'), new_today: n('new_today'), active_today: n('active_today') },
    plays_today: n('plays_today'),
    battles_today: n('battles_today'),
    coins_week: { issued: n('issued'), spent: n('spent') },
    pending_payouts: n('pending_payouts'),
    open_reports: n('open_reports'),
    since: { today: today.toISOString(), week: week.toISOString() },
  };
}
