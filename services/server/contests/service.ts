import type { Logger } from 'pino';
import { awardPrizes, EMPTY_LIST_CODE, prizeLines, type ContestItem, type ContestList, type ContestLists, type ContestRankRow } from '@/services/domain/contests';
import { flagSetting, intSetting, type SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { awardBadges } from '@/services/server/badges/engine';
import { moveCoins } from '@/services/server/economy/ledger';
import { ApiError } from '@/services/server/gateway/api-error';
import { openSession, type SessionData } from '@/services/server/play/open';
import { loadContestQuestions, lockSession } from '@/services/server/play/repository';
import { settleLocked } from '@/services/server/play/settle';
import { shuffled } from '@/services/server/play/views';
import { resolveCalendar } from '@/services/server/play/clock';
import {
  contestContextKey,
  countFinished,
  countPrizesWon,
  insertEntry,
  listContests,
  listUnpaidEnded,
  lockContest,
  markPrizesPaid,
  openContestSessions,
  readContest,
  readContestPage,
  readContestRank,
  readEntry,
  readPrizeRows,
  readStandings,
  recordPrize,
} from '@/services/server/contests/repository';

/**
 * Contests (docs/contests.md): the three lists, playing one once (the entry fee taken through the
 * ledger in the transaction that opens the play), its leaderboard, and the prize job that pays a
 * finished contest exactly once.
 */

function requireContests(settings: SettingsMap): void {
  if (!flagSetting(settings, 'contest_mode')) throw new ApiError('mode_disabled', { detail: 'contest_mode is off' });
}

const iso = (d: Date) => d.toISOString();

function listOf(startsAt: Date, endsAt: Date, now: Date): ContestList {
  if (now < startsAt) return 'upcoming';
  return now < endsAt ? 'live' : 'past';
}

/**
 * get_contest: live, past and upcoming contests, each list with its items or the code that says
 * it is empty. Which list a contest is in depends on the instant only; `timezone` / `gmt_format`
 * are checked (the page shows the times in the player's timezone).
 */
export async function getContestLists(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { languageId: number; timezone?: string | undefined; gmtFormat?: string | undefined },
  now: Date = new Date(),
): Promise<ContestLists> {
  requireContests(settings);
  resolveCalendar({ timezone: input.timezone, gmtFormat: input.gmtFormat }, settings.default_timezone ?? 'UTC');
  const rows = await listContests(db, { userId, languageId: input.languageId });
  const prizes = await readPrizeRows(
    db,
    rows.map((r) => r.contest.id),
  );
  const ranks = new Map<number, number>();
  await Promise.all(
    rows
      .filter((r) => r.entry?.finishedAt)
      .map(async (r) => {
        const mine = await readContestRank(db, r.contest.id, userId);
        if (mine) ranks.set(r.contest.id, mine.rank);
      }),
  );
  const lists: Record<ContestList, ContestItem[]> = { live: [], past: [], upcoming: [] };
  for (const { contest, totalQuestions, participants, entry } of rows) {
    const status = listOf(contest.startsAt, contest.endsAt, now);
    lists[status].push({
      id: contest.id,
      name: contest.name,
      description: contest.description,
      image: contest.image,
      starts_at: iso(contest.startsAt),
      ends_at: iso(contest.endsAt),
      entry_fee: contest.entryFee,
      total_questions: totalQuestions,
      participants,
      prizes: prizeLines(prizes.get(contest.id) ?? []),
      status,
      played: entry !== null,
      my_score: entry?.finishedAt ? entry.score : null,
      my_rank: ranks.get(contest.id) ?? null,
      prizes_paid: contest.prizesPaidAt !== null,
      my_prize: entry?.prizeCoins ?? null,
    });
  }
  // Past contests newest first; the others soonest first.
  lists.past.reverse();
  const answer = (list: ContestList) => ({ items: lists[list], message: lists[list].length === 0 ? EMPTY_LIST_CODE[list] : null });
  return { live: answer('live'), past: answer('past'), upcoming: answer('upcoming') };
}

/**
 * get_questions_by_contest: opens the player's one play of a live contest. The entry (the
 * "already played" key) and the fee are written in the transaction that opens the session, so a
 * play that cannot be paid is not opened and a fee is never taken twice. A reload while the play
 * runs answers the same session.
 */
export async function openContest(db: Db, settings: SettingsMap, userId: number, input: { contestId: number }, now: Date = new Date()): Promise<SessionData> {
  requireContests(settings);
  const contest = await readContest(db, input.contestId);
  if (!contest || !contest.status) throw new ApiError('102', { field: 'contest_id', detail: `no contest ${input.contestId}` });
  const entry = await readEntry(db, contest.id, userId);
  if (entry?.finishedAt) throw new ApiError('128', { field: 'contest_id', detail: 'the contest was played' });
  if (!entry) {
    const list = listOf(contest.startsAt, contest.endsAt, now);
    if (list !== 'live') throw new ApiError('contest_not_live', { field: 'contest_id', detail: list === 'upcoming' ? `it starts at ${iso(contest.startsAt)}` : `it ended at ${iso(contest.endsAt)}` });
  }
  const shuffle = flagSetting(settings, 'question_shuffle_mode');
  return openSession(
    db,
    settings,
    userId,
    {
      mode: 'contest',
      contextKey: contestContextKey(contest.id),
      languageId: contest.languageId,
      questionTable: 'contest_questions',
      timePerQuestion: intSetting(settings, 'contest_duration'),
      // A contest is played once: a play left open is resumed, and settled by the prize job at the end.
      settleStale: false,
      async pick(conn) {
        const questions = await loadContestQuestions(conn, contest.id);
        return shuffle ? shuffled(questions) : questions;
      },
      async afterInsert(tx, row) {
        if (!(await insertEntry(tx, { contestId: contest.id, userId, sessionId: row.id, fee: contest.entryFee }))) {
          throw new ApiError('128', { field: 'contest_id', detail: 'the contest was played' });
        }
        if (contest.entryFee > 0) {
          await moveCoins(tx, {
            userId,
            amount: -contest.entryFee,
            type: 'contest_entry',
            title: `Contest entry: ${contest.name}`,
            idempotencyKey: `contest_fee:${contest.id}:${userId}`,
          });
        }
      },
    },
    now,
  );
}

export interface ContestLeaderboard {
  readonly items: ContestRankRow[];
  readonly topThree: ContestRankRow[];
  readonly myRank: ContestRankRow | null;
  readonly total: number;
}

/** get_contest_leaderboard: the page asked for, the top three and the player's own rank (even off the page). */
export async function getContestLeaderboard(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { contestId: number; offset: number; limit: number },
): Promise<ContestLeaderboard> {
  requireContests(settings);
  const contest = await readContest(db, input.contestId);
  if (!contest || !contest.status) throw new ApiError('102', { field: 'contest_id', detail: `no contest ${input.contestId}` });
  const [items, first, myRank, total] = await Promise.all([
    readContestPage(db, contest.id, input),
    input.offset === 0 && input.limit >= 3 ? null : readContestPage(db, contest.id, { offset: 0, limit: 3 }),
    readContestRank(db, contest.id, userId),
    countFinished(db, contest.id),
  ]);
  return { items, topThree: first ?? items.slice(0, 3), myRank, total };
}

/**
 * set_contest_leaderboard: what a client says it scored, checked against what the server
 * recorded; refused (`result_not_recorded`) when it claims anything else.
 */
export async function checkContestClaim(
  db: Db,
  settings: SettingsMap,
  userId: number,
  claim: { contestId: number; questionsAttended: number; correctAnswers: number; score: number },
): Promise<{ score: number; rank: number }> {
  requireContests(settings);
  const entry = await readEntry(db, claim.contestId, userId);
  if (!entry?.finishedAt) throw new ApiError('116', { field: 'contest_id', detail: 'the server has no finished play of this contest' });
  if (entry.questionsAttended !== claim.questionsAttended || entry.correct !== claim.correctAnswers || entry.score !== claim.score) {
    throw new ApiError('result_not_recorded', {
      detail: `recorded: ${entry.questionsAttended} attended, ${entry.correct} right, score ${entry.score}`,
    });
  }
  const mine = await readContestRank(db, claim.contestId, userId);
  return { score: entry.score, rank: mine?.rank ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// The prize job

/**
 * Pays one ended contest's prizes, once. The contest row is locked for the whole payment, so a
 * second instance (or a second run) waits and then finds it paid; every payment also carries
 * its own ledger key (`contest_prize:<contest>:<player>`), so even a payment interrupted before
 * the commit cannot pay anyone twice. Plays still open when the contest ended are settled first,
 * as they stand. Answers the number of players paid (0 when it was paid already).
 */
export async function payContest(db: Db, settings: SettingsMap, contestId: number, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const contest = await lockContest(tx, contestId);
    if (!contest || contest.prizesPaidAt || contest.endsAt > now) return 0;
    for (const open of await openContestSessions(tx, contest.id)) {
      const row = await lockSession({ db, tx }, open.id, open.userId);
      if (row?.status === 'open') await settleLocked({ db, tx }, row, settings, now);
    }
    const lines = prizeLines((await readPrizeRows(tx, [contest.id])).get(contest.id) ?? []);
    const awards = awardPrizes(await readStandings(tx, contest.id), lines);
    for (const award of awards) {
      await moveCoins(tx, {
        userId: award.userId,
        amount: award.coins,
        type: 'contest_prize',
        title: `Contest prize: ${contest.name} (rank ${award.rank})`,
        idempotencyKey: `contest_prize:${contest.id}:${award.userId}`,
      });
      await recordPrize(tx, { contestId: contest.id, ...award });
      await awardBadges({ db, tx }, award.userId, settings, { kind: 'contest_prize', facts: { contestPrizes: await countPrizesWon(tx, award.userId) } });
    }
    await markPrizesPaid(tx, contest.id, now);
    return awards.length;
  });
}

/** Pays every ended, unpaid contest; answers how many contests it paid. */
export async function payEndedContests(db: Db, settings: () => Promise<SettingsMap>, now: Date = new Date()): Promise<number> {
  const ids = await listUnpaidEnded(db, now, 20);
  if (ids.length === 0) return 0;
  const current = await settings();
  for (const id of ids) await payContest(db, current, id, now);
  return ids.length;
}

export interface ContestPrizeJob {
  run(now?: Date): Promise<number>;
  start(): void;
  close(): Promise<void>;
}

/** Runs `payEndedContests` every `intervalMs` (one run at a time) once started, and once at start. */
export function createContestPrizeJob(db: Db, settings: () => Promise<SettingsMap>, log: Logger, intervalMs = 5000): ContestPrizeJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const run = (now?: Date) => payEndedContests(db, settings, now);
  const tick = () => {
    if (running) return;
    running = run()
      .then((n) => n > 0 && log.info({ contests: n }, 'contest prizes paid'))
      .catch((err) => log.error({ err }, 'contest prize job failed'))
      .finally(() => (running = null));
  };
  return {
    run,
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
