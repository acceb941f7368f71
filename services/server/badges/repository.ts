import { sql, type SQL } from 'drizzle-orm';
import type { BadgeKey } from '@/services/domain/badges';
import { type Db, type Tx, rowsOf } from '@/services/server/db/client';
import { runPreparedQuery, type InTransaction } from '@/services/server/db/prepared';

/**
 * SQL of the badge engine: the badges a player holds (`user_badges`; status 'locked' |
 * 'unlocked' | 'claimed', the API says 'reward_claimed'), and the stored facts the rules read,
 * each as one scalar subquery so that a whole snapshot is read in one statement.
 */

export type Conn = Db | Tx;

export interface HeldBadge {
  readonly badge: string;
  readonly status: 'unlocked' | 'claimed';
  readonly unlockedAt: Date | null;
  readonly claimedAt: Date | null;
}

const asDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

/** Badges the player holds (unlocked or reward claimed). */
export async function readHeldBadges(db: Conn, userId: number): Promise<HeldBadge[]> {
  const rows = rowsOf<{ badge: string; status: 'unlocked' | 'claimed'; unlocked_at: unknown; claimed_at: unknown }>(
    await db.execute(sql`select badge, status, unlocked_at, claimed_at from user_badges where user_id = ${userId} and status <> 'locked'`),
  );
  return rows.map((r) => ({ badge: r.badge, status: r.status, unlockedAt: asDate(r.unlocked_at), claimedAt: asDate(r.claimed_at) }));
}

/** Unlocks badges; answers the ones this call unlocked (a concurrent award of the same badge counts once). */
export async function unlockBadges(tx: Tx, userId: number, badges: readonly BadgeKey[]): Promise<BadgeKey[]> {
  if (badges.length === 0) return [];
  const values = sql.join(
    badges.map((b) => sql`(${userId}, ${b}, 'unlocked', now(), now())`),
    sql`, `,
  );
  const rows = rowsOf<{ badge: BadgeKey }>(
    await tx.execute(sql`
      insert into user_badges (user_id, badge, status, unlocked_at, updated_at) values ${values}
      on conflict (user_id, badge) do update set status = 'unlocked', unlocked_at = now(), updated_at = now()
        where user_badges.status = 'locked'
      returning badge`),
  );
  return rows.map((r) => r.badge);
}

/** A badge of the player, locked until the end of the transaction; null when the player never unlocked it. */
export async function lockBadge(tx: Tx, userId: number, badge: BadgeKey): Promise<{ status: string } | null> {
  const rows = rowsOf<{ status: string }>(await tx.execute(sql`select status from user_badges where user_id = ${userId} and badge = ${badge} for update`));
  return rows[0] ?? null;
}

export async function markClaimed(tx: Tx, userId: number, badge: BadgeKey): Promise<void> {
  await tx.execute(sql`update user_badges set status = 'claimed', claimed_at = now(), updated_at = now() where user_id = ${userId} and badge = ${badge}`);
}

// ---------------------------------------------------------------------------------------------
// Facts, each a scalar subquery (an int) for one player

export const facts = {
  /** A day (YYYY-MM-DD) as an SQL date. */
  day: (day: string): SQL => sql`${day}::date`,

  /** Quiz-zone plays settled before the one settling now. */
  quizZonePlays: (userId: number): SQL =>
    sql`(select count(*)::int from play_sessions where user_id = ${userId} and mode = 'quiz_zone' and status = 'finished')`,

  /** Right answers in total (every solo mode), as statistics recorded them. */
  correctAnswers: (userId: number): SQL => sql`(select coalesce(sum(correct), 0)::int from user_statistics where user_id = ${userId})`,

  /** Coins earned in total: the income entries of the ledger (spending does not lower it). */
  coinsEarned: (userId: number): SQL => sql`(select coalesce(sum(amount), 0)::int from coin_ledger where user_id = ${userId} and amount > 0)`,

  /** Players who signed up with this player's refer code. */
  referrals: (userId: number): SQL => sql`(select count(*)::int from users where referred_by = ${userId})`,

  /**
   * Finished daily quizzes on consecutive days (the player's days) ending on `endDay` (an SQL
   * date; null counts 0), looking back at most `cap` days.
   */
  dailyQuizRun: (userId: number, endDay: SQL, cap: number): SQL =>
    run(sql`select day as d from daily_quiz_plays where user_id = ${userId} and finished_at is not null`, endDay, cap),

  /**
   * Days with a settled play (in `timezone`) in a row ending on `endDay`, looking back at most
   * `cap` days; `alsoActive` counts a day as active (the play settling now is not finished yet).
   */
  activeDayRun: (userId: number, endDay: SQL, cap: number, timezone: string, alsoActive: string | null): SQL =>
    run(
      sql`select (settled_at at time zone ${timezone})::date as d from play_sessions
        where user_id = ${userId} and status = 'finished' and settled_at >= now() - make_interval(days => ${cap + 2})${
          alsoActive ? sql` union select ${alsoActive}::date` : sql``
        }`,
      endDay,
      cap,
    ),

  /** The player's last day of a finished daily quiz, when it is `today` or the day before (else null). */
  lastDailyQuizDay: (userId: number, today: string): SQL =>
    sql`(select max(day) from daily_quiz_plays where user_id = ${userId} and finished_at is not null and day >= ${today}::date - 1)`,

  /** The player's last active day (in `timezone`), when it is `today` or the day before (else null). */
  lastActiveDay: (userId: number, today: string, timezone: string): SQL =>
    sql`(select max((settled_at at time zone ${timezone})::date) from play_sessions
      where user_id = ${userId} and status = 'finished' and settled_at >= now() - interval '3 days'
      having max((settled_at at time zone ${timezone})::date) >= ${today}::date - 1)`,
};

/** Length of the run of consecutive days of `days` (a query of distinct-able dates `d`) ending on `endDay`. */
function run(days: SQL, endDay: SQL, cap: number): SQL {
  return sql`(select count(*)::int from (
      select d, row_number() over (order by d desc) as rn
      from (select distinct d from (${days}) all_days where d <= ${endDay} and d > ${endDay} - ${cap}::int) recent
    ) ranked where ranked.d = ${endDay} - (ranked.rn - 1)::int)`;
}

/** Reads several facts in one statement; answers them in order. */
export async function readFacts(db: Conn, columns: readonly SQL[]): Promise<number[]> {
  if (columns.length === 0) return [];
  const select = sql.join(
    columns.map((c, i) => sql`${c} as ${sql.identifier(`f${i}`)}`),
    sql`, `,
  );
  const row = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${select}`))[0] ?? {};
  return columns.map((_c, i) => Number(row[`f${i}`] ?? 0));
}

/**
 * The badges a player holds and the facts the engine may need, in one statement (a settlement
 * pays for every statement; this is on the path of every finish_play). A fact is read only while
 * the player still lacks one of the badges that need it: once they are all held it is null.
 */
export async function readHeldAndFacts(
  on: Tx | InTransaction,
  userId: number,
  wanted: readonly { badges: readonly string[]; query: SQL }[],
): Promise<{ held: string[]; values: (number | null)[] }> {
  const columns = wanted.map(
    (w, i) =>
      sql`case when (select count(*) from held where badge in (${sql.join(
        w.badges.map((b) => sql`${b}`),
        sql`, `,
      )})) < ${w.badges.length} then ${w.query} end as ${sql.identifier(`f${i}`)}`,
  );
  // Prepared (one statement per set of wanted facts): planning these subqueries costs more than running them.
  const [row = {}] = await runPreparedQuery<Record<string, unknown>>(
    on,
    'badge_held_and_facts',
    sql`
        with held as (select badge from user_badges where user_id = ${userId} and status <> 'locked')
        select (select coalesce(json_agg(badge), '[]'::json) from held) as held${columns.length ? sql`, ${sql.join(columns, sql`, `)}` : sql``}`,
  );
  const held = typeof row.held === 'string' ? (JSON.parse(row.held) as string[]) : ((row.held as string[] | null) ?? []);
  return { held, values: wanted.map((_w, i) => (row[`f${i}`] === null || row[`f${i}`] === undefined ? null : Number(row[`f${i}`]))) };
}
