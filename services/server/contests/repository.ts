import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { ContestRankRow } from '@/services/domain/contests';
import type { Db, Tx } from '@/services/server/db/client';
import { contestEntries, contestPrizes, contestQuestions, contests, playSessions, users } from '@/services/server/db/schema';

/** SQL of the contests area: contests, their prize tables, entries and ranks. */
type Conn = Db | Tx;

export type ContestRow = typeof contests.$inferSelect;
export type EntryRow = typeof contestEntries.$inferSelect;

export async function readContest(db: Conn, id: number): Promise<ContestRow | null> {
  const rows = await db.select().from(contests).where(eq(contests.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function lockContest(tx: Tx, id: number): Promise<ContestRow | null> {
  const rows = await tx.select().from(contests).where(eq(contests.id, id)).for('update');
  return rows[0] ?? null;
}

export async function readEntry(db: Conn, contestId: number, userId: number): Promise<EntryRow | null> {
  const rows = await db
    .select()
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Records a player's entry; false when the player has one in this contest already (the key decides). */
export async function insertEntry(tx: Tx, values: { contestId: number; userId: number; sessionId: string; fee: number }): Promise<boolean> {
  const rows = await tx.insert(contestEntries).values(values).onConflictDoNothing().returning({ id: contestEntries.userId });
  return rows.length > 0;
}

/** Active contests of a language (0: every language) with their question counts, participants and the player's entry. */
export async function listContests(db: Conn, input: { userId: number; languageId: number }) {
  const conditions = [eq(contests.status, true)];
  if (input.languageId > 0) conditions.push(eq(contests.languageId, input.languageId));
  return db
    .select({
      contest: contests,
      totalQuestions: sql<number>`(select count(*)::int from ${contestQuestions} q where q.contest_id = ${contests.id})`.mapWith(Number),
      participants: sql<number>`(select count(*)::int from ${contestEntries} e where e.contest_id = ${contests.id} and e.finished_at is not null)`.mapWith(Number),
      entry: contestEntries,
    })
    .from(contests)
    .leftJoin(contestEntries, and(eq(contestEntries.contestId, contests.id), eq(contestEntries.userId, input.userId)))
    .where(and(...conditions))
    .orderBy(asc(contests.startsAt), asc(contests.id))
    .limit(300);
}

export async function readPrizeRows(db: Conn, contestIds: readonly number[]): Promise<Map<number, { rankTo: number; coins: number }[]>> {
  const out = new Map<number, { rankTo: number; coins: number }[]>();
  if (contestIds.length === 0) return out;
  const rows = await db
    .select({ contestId: contestPrizes.contestId, rankTo: contestPrizes.rankTo, coins: contestPrizes.coins })
    .from(contestPrizes)
    .where(inArray(contestPrizes.contestId, [...contestIds]))
    .orderBy(asc(contestPrizes.rankTo));
  for (const r of rows) out.set(r.contestId, [...(out.get(r.contestId) ?? []), { rankTo: r.rankTo, coins: r.coins }]);
  return out;
}

/** Competition rank of a score in a contest: 1 + the finished entries with a higher score. */
function rankOf(contestId: SQL | number, score: SQL | number) {
  return sql<number>`(select count(*)::int + 1 from ${contestEntries} o where o.contest_id = ${contestId} and o.finished_at is not null and o.score > ${score})`;
}
type SQL = ReturnType<typeof sql>;

/**
 * Records the server's score of a settled contest play in the player's entry (in the
 * settlement's transaction) and answers the rank it has now, with the contest's end (when its
 * right answers may be shown).
 */
export async function recordContestScore(
  tx: Tx,
  input: { sessionId: string; userId: number; score: number; correct: number; wrong: number; attended: number; finishedAt: Date },
): Promise<{ rank: number; endsAt: Date } | undefined> {
  const rows = await tx
    .update(contestEntries)
    .set({ score: input.score, correct: input.correct, wrong: input.wrong, questionsAttended: input.attended, finishedAt: input.finishedAt })
    .where(and(eq(contestEntries.sessionId, input.sessionId), eq(contestEntries.userId, input.userId)))
    .returning({ contestId: contestEntries.contestId });
  const contestId = rows[0]?.contestId;
  if (contestId === undefined) return undefined;
  const [row] = await tx.select({ rank: rankOf(contestId, input.score), endsAt: contests.endsAt }).from(contests).where(eq(contests.id, contestId));
  return { rank: Number(row!.rank), endsAt: row!.endsAt };
}

/** The context key of a contest's play sessions: one open play per player and contest. */
export const contestContextKey = (contestId: number): string => `contest:${contestId}`;

/** The end of the contest a play session belongs to (its `contestContextKey`); null for any other session. */
export async function contestEndOfSession(db: Conn, row: { mode: string; contextKey: string }): Promise<Date | null> {
  if (row.mode !== 'contest') return null;
  const id = Number(/^contest:(\d+)$/.exec(row.contextKey)?.[1]);
  if (!Number.isSafeInteger(id)) return null;
  const [contest] = await db.select({ endsAt: contests.endsAt }).from(contests).where(eq(contests.id, id));
  return contest?.endsAt ?? null;
}

const rankedColumns = {
  user_id: contestEntries.userId,
  name: users.name,
  profile: users.profile,
  score: contestEntries.score,
  rank: rankOf(sql`${contestEntries.contestId}`, sql`${contestEntries.score}`).mapWith(Number),
  prize: contestEntries.prizeCoins,
};

/** A page of a contest's leaderboard: finished entries by score, ties by who finished first. */
export async function readContestPage(db: Conn, contestId: number, page: { offset: number; limit: number }): Promise<ContestRankRow[]> {
  return db
    .select(rankedColumns)
    .from(contestEntries)
    .innerJoin(users, eq(users.id, contestEntries.userId))
    .where(and(eq(contestEntries.contestId, contestId), isNotNull(contestEntries.finishedAt)))
    .orderBy(sql`${contestEntries.score} desc nulls last`, asc(contestEntries.finishedAt), asc(contestEntries.userId))
    .offset(page.offset)
    .limit(page.limit);
}

export async function readContestRank(db: Conn, contestId: number, userId: number): Promise<ContestRankRow | null> {
  const rows = await db
    .select(rankedColumns)
    .from(contestEntries)
    .innerJoin(users, eq(users.id, contestEntries.userId))
    .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.userId, userId), isNotNull(contestEntries.finishedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countFinished(db: Conn, contestId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contestId), isNotNull(contestEntries.finishedAt)));
  return row?.n ?? 0;
}

/** Ended contests whose prizes are not paid yet. */
export async function listUnpaidEnded(db: Conn, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: contests.id })
    .from(contests)
    .where(and(lte(contests.endsAt, now), isNull(contests.prizesPaidAt), eq(contests.status, true)))
    .orderBy(asc(contests.endsAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Play sessions of a contest still open (a player still playing when it ended). */
export async function openContestSessions(tx: Tx, contestId: number): Promise<{ id: string; userId: number }[]> {
  return tx
    .select({ id: playSessions.id, userId: playSessions.userId })
    .from(playSessions)
    .where(and(eq(playSessions.contextKey, `contest:${contestId}`), eq(playSessions.status, 'open')));
}

export async function readStandings(tx: Tx, contestId: number): Promise<{ userId: number; score: number }[]> {
  return tx
    .select({ userId: contestEntries.userId, score: contestEntries.score })
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contestId), isNotNull(contestEntries.finishedAt)))
    .orderBy(desc(contestEntries.score));
}

export async function recordPrize(tx: Tx, input: { contestId: number; userId: number; rank: number; coins: number }): Promise<void> {
  await tx
    .update(contestEntries)
    .set({ prizeRank: input.rank, prizeCoins: input.coins })
    .where(and(eq(contestEntries.contestId, input.contestId), eq(contestEntries.userId, input.userId)));
}

export async function markPrizesPaid(tx: Tx, contestId: number, at: Date): Promise<void> {
  await tx.update(contests).set({ prizesPaidAt: at }).where(eq(contests.id, contestId));
}

/** Prizes a player has won in contests (the most wanted winner badge counts them). */
export async function countPrizesWon(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(contestEntries)
    .where(and(eq(contestEntries.userId, userId), gt(contestEntries.prizeCoins, 0)));
  return row?.n ?? 0;
}
