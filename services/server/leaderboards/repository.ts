import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/services/server/db/client';
import { preparedStatement, runPrepared, type InTransaction } from '@/services/server/db/prepared';

/**
 * SQL of the leaderboards: three boards (daily, monthly, all-time) of (period, player, score,
 * reached_at, visible), ranked by score (highest first), then by who reached it first, then by
 * player id. The rank indexes are `(period, score DESC NULLS LAST, reached_at, user_id) WHERE
 * visible`, so every ordering here says `score desc nulls last` and every walk says `visible`, or
 * PostgreSQL will not use them.
 *
 * A rank is not a count of everyone ahead (a million index entries for the last player): triggers
 * on the boards keep `leaderboard_counts`, the listed players per band of 256 points, per score
 * and per score and time slot, and a rank is three small sums plus a count inside one time slot
 * (docs/decisions/010-leaderboard-ranks.md, migration 0003_leaderboards). Deactivated or deleted
 * players are not listed: a trigger on users clears `visible` on their rows, which takes them out
 * of the counts; a deleted player's rows are removed with the account.
 */

export type Conn = Db | Tx;
export type Board = 'daily' | 'monthly' | 'all_time';
export const BOARDS: readonly Board[] = ['daily', 'monthly', 'all_time'];

/** Time slots of one level in a slot of the level above (`leaderboard_slot`, migration 0027). */
const SLOT_FANOUT = 64;

/** The period of the all-time board in `leaderboard_counts` (its own table has no period). */
export const ALL_TIME_PERIOD = '1970-01-01';

const TABLE: Record<Board, string> = { daily: 'leaderboard_daily', monthly: 'leaderboard_monthly', all_time: 'leaderboard_all_time' };

/** Which board and period: `period` is the day (daily), the month's first day (monthly); ignored for all-time. */
export interface BoardPeriod {
  readonly board: Board;
  readonly period: string;
}

function table(board: Board): SQL {
  return sql`${sql.identifier(TABLE[board])}`;
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres answers { rows }, PGlite too; keep one place that knows.
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export interface RankedRow {
  readonly user_id: number;
  readonly name: string;
  readonly profile: string | null;
  readonly score: number;
  readonly rank: number;
}

/** The reads below, prepared once per database handle and board (their values are placeholders). */
const preparedReads = new WeakMap<object, Map<string, unknown>>();

function prepared<T>(db: Conn, name: string, build: () => T): T {
  let byName = preparedReads.get(db);
  if (!byName) preparedReads.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (!query) byName.set(name, (query = build()));
  return query;
}

/** `<alias>.period = $period`, or true on the all-time board. */
function inPeriodParam(board: Board, alias: string): SQL {
  return board === 'all_time' ? sql`true` : sql`${sql.identifier(alias)}.period = ${sql.placeholder('period')}::date`;
}

/** The key of the board's counts, the period a placeholder. */
function countsParam(board: Board): SQL {
  return sql`c.board = ${board} and c.period = ${sql.placeholder('countsPeriod')}::date`;
}

function periodValues(b: BoardPeriod): { period: string; countsPeriod: string } {
  return { period: b.period, countsPeriod: b.board === 'all_time' ? ALL_TIME_PERIOD : b.period };
}

/**
 * One page of a board, best first, hidden players left out: walks the rank index and looks each
 * row's player up by primary key, so a page costs `offset + limit` index entries.
 *
 * The reads are named prepared statements built once per board: PostgreSQL parses them once per
 * connection and Drizzle does not rebuild their SQL, which halves the time of a rank lookup.
 */
export async function readPage(db: Conn, b: BoardPeriod, page: { offset: number; limit: number }): Promise<RankedRow[]> {
  const query = prepared(db, `leaderboard_page_${b.board}`, () =>
    db
      .select({ user_id: sql<number>`l.user_id`, name: sql<string>`u.name`, profile: sql<string | null>`u.profile`, score: sql<number>`l.score` })
      .from(sql`${table(b.board)} l join users u on u.id = l.user_id`)
      .where(sql`${inPeriodParam(b.board, 'l')} and l.visible`)
      .orderBy(sql`l.score desc nulls last, l.reached_at, l.user_id`)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`leaderboard_page_${b.board}`),
  );
  const rows = await query.execute({ ...periodValues(b), limit: page.limit, offset: page.offset });
  return rows.map((r, i) => ({
    user_id: Number(r.user_id),
    name: r.name,
    profile: r.profile || null,
    score: Number(r.score),
    rank: page.offset + i + 1,
  }));
}

/**
 * A player's rank and score on a board, or null when the player has no score there (or is hidden).
 * rank = 1 + listed players in higher blocks of 4,096 points + in higher bands of 256 inside the
 *   player's block + in higher groups of 16 inside the band + in higher scores inside the group
 *   + of the same score in earlier slots of level 3 + in earlier slots of level 2, 1 and 0 inside
 *   the player's slot of the level above (at most 63 each) + of the same score in the player's
 *   unit slot who reached it first (an index range inside one slot). Levels: migration 0027.
 */
export async function readRank(db: Conn, b: BoardPeriod, userId: number): Promise<{ rank: number; score: number } | null> {
  const query = prepared(db, `leaderboard_rank_${b.board}`, () =>
    db
      .select({
        score: sql<number>`m.score`,
        rank: sql<number>`1
        + coalesce((select sum(c.players)::int from leaderboard_counts c
            where ${countsParam(b.board)} and c.tier = 6 and c.score > (m.score >> 12)), 0)
        + coalesce((select sum(c.players)::int from leaderboard_counts c
            where ${countsParam(b.board)} and c.tier = 0 and c.score > (m.score >> 8) and c.score < (((m.score >> 12) + 1) << 4)), 0)
        + coalesce((select sum(c.players)::int from leaderboard_counts c
            where ${countsParam(b.board)} and c.tier = 7 and c.score > (m.score >> 4) and c.score < (((m.score >> 8) + 1) << 4)), 0)
        + coalesce((select sum(c.players)::int from leaderboard_counts c
            where ${countsParam(b.board)} and c.tier = 1 and c.score > m.score and c.score < (((m.score >> 4) + 1) << 4)), 0)
        + coalesce((select sum(c.players)::int from leaderboard_counts c
            where ${countsParam(b.board)} and c.tier = 5 and c.score = m.score and c.slot < leaderboard_slot(${b.board}, m.reached_at, 3)), 0)
        ${sql.join(
          [2, 1, 0].map(
            (level) => sql`+ coalesce((select sum(c.players)::int from leaderboard_counts c
            where ${countsParam(b.board)} and c.tier = ${sql.raw(String(2 + level))} and c.score = m.score
              and c.slot >= leaderboard_slot(${b.board}, m.reached_at, ${sql.raw(String(level + 1))}) * ${sql.raw(String(SLOT_FANOUT))}
              and c.slot < leaderboard_slot(${b.board}, m.reached_at, ${sql.raw(String(level))})), 0)`,
          ),
          sql`\n        `,
        )}
        + (select count(*)::int from ${table(b.board)} t
            where ${inPeriodParam(b.board, 't')} and t.score = m.score and t.reached_at >= leaderboard_slot_start(${b.board}, m.reached_at)
              and (t.reached_at, t.user_id) < (m.reached_at, m.user_id) and t.visible)`,
      })
      .from(sql`${table(b.board)} m`)
      .where(sql`${inPeriodParam(b.board, 'm')} and m.user_id = ${sql.placeholder('user')} and m.visible`)
      .prepare(`leaderboard_rank_${b.board}`),
  );
  const row = (await query.execute({ ...periodValues(b), user: userId }))[0];
  return row ? { rank: Number(row.rank), score: Number(row.score) } : null;
}

/** How many players a board lists in a period. */
export async function readTotal(db: Conn, b: BoardPeriod): Promise<number> {
  const query = prepared(db, `leaderboard_total_${b.board}`, () =>
    db
      .select({ total: sql<number>`coalesce(sum(c.players), 0)::int` })
      .from(sql`leaderboard_counts c`)
      .where(sql`${countsParam(b.board)} and c.tier = 0`)
      .prepare(`leaderboard_total_${b.board}`),
  );
  return Number((await query.execute(periodValues(b)))[0]?.total ?? 0);
}

/** The player's all-time score (0 without one). */
export async function readAllTimeScore(db: Conn, userId: number): Promise<number> {
  const result = await db.execute(sql`select score from leaderboard_all_time where user_id = ${userId}`);
  return Number(rowsOf<{ score: number }>(result)[0]?.score ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Writes (the counts follow by trigger)

// One statement for the three boards: one round trip while the counts are locked, not four. The
// main query reads the boards' inserts in the order daily, monthly, all-time, which is the order
// they run in; `player` is read (share-locked) before them. $1 player, $2 score, $3 day, $4 month.
const ADD_SCORE = preparedStatement<{ boards: number }>(
  'leaderboard_add_score',
  `with player as (select status and deleted_at is null as visible from users where id = $1::int for share),
   daily as (
     insert into leaderboard_daily as l (period, user_id, score, reached_at, visible)
     select $3::date, $1::int, $2::int, now(), visible from player
     on conflict (period, user_id) do update set score = l.score + excluded.score, reached_at = excluded.reached_at
     returning 1
   ), monthly as (
     insert into leaderboard_monthly as l (period, user_id, score, reached_at, visible)
     select $4::date, $1::int, $2::int, now(), visible from player
     on conflict (period, user_id) do update set score = l.score + excluded.score, reached_at = excluded.reached_at
     returning 1
   ), all_time as (
     insert into leaderboard_all_time as l (user_id, score, reached_at, visible)
     select $1::int, $2::int, now(), visible from player
     on conflict (user_id) do update set score = l.score + excluded.score, reached_at = excluded.reached_at
     returning 1
   )
   select ((select count(*) from daily) + (select count(*) from monthly) + (select count(*) from all_time))::int as boards`,
);

/**
 * Adds a settled play's score to the day's, the month's and the all-time boards; the reach time
 * moves to now. The player's row is share-locked first, so a concurrent deactivation is ordered
 * with this: a new row is inserted hidden or visible as the player is. Boards are written in one
 * order (daily, monthly, all-time) by every writer. Call it last in the settling transaction: the
 * counts of popular scores are rows many settlements share, locked until commit.
 *
 * `on`: the settling transaction, with its root handle when the caller has it (the statement is
 * then prepared once).
 */
export async function addScore(on: Tx | InTransaction, input: { userId: number; score: number; day: string; month: string }): Promise<void> {
  if (input.score === 0) return;
  await runPrepared(on, ADD_SCORE, [input.userId, input.score, input.day, input.month]);
}

/** Takes a deleted player off every board: their scores go with their personal data. */
export async function removeFromLeaderboards(tx: Tx, userId: number): Promise<void> {
  for (const board of BOARDS) await tx.execute(sql`delete from ${table(board)} where user_id = ${userId}`);
}

/**
 * Rebuilds the counts from the boards (after a bulk load with the triggers off, or to repair them),
 * with the SQL function of migration 0027 that the migration's own rebuild runs. Run it alone: it
 * locks the counts table.
 */
export async function rebuildCounts(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table leaderboard_counts in exclusive mode`);
  await tx.execute(sql`select leaderboard_counts_rebuild()`);
}
