import type { SettingsMap } from '@/services/domain/settings';
import { dayOf, isTimezone, monthOf } from '@/services/server/play/clock';
import { readPage, readRank, readTotal, type Board, type BoardPeriod, type Conn, type RankedRow } from '@/services/server/leaderboards/repository';

/**
 * The leaderboards' calendar: days and months in the setting `default_timezone` (not the
 * player's: a board is one list for everyone). Settlement writes scores under these keys and the
 * boards read them, so both call this.
 */
export function leaderboardPeriods(settings: SettingsMap, now: Date): { day: string; month: string } {
  const day = dayOf({ kind: 'zone', timezone: leaderboardTimezone(settings) }, now);
  return { day, month: monthOf(day) };
}

/** The setting `default_timezone`, or UTC when it is not a timezone. */
export function leaderboardTimezone(settings: SettingsMap): string {
  const zone = settings.default_timezone;
  return zone && isTimezone(zone) ? zone : 'UTC';
}

export function currentPeriod(board: Board, settings: SettingsMap, now: Date): BoardPeriod {
  const { day, month } = leaderboardPeriods(settings, now);
  return { board, period: board === 'daily' ? day : board === 'monthly' ? month : '' };
}

export interface LeaderboardAnswer {
  /** The page asked for. */
  readonly items: RankedRow[];
  /** Always the first three. */
  readonly topThree: RankedRow[];
  /** The caller's rank and score, even outside the page; null without a score on this board. */
  readonly myRank: { rank: number; score: number } | null;
  /** Players listed on the board in this period. */
  readonly total: number;
}

export async function getLeaderboard(
  db: Conn,
  settings: SettingsMap,
  userId: number,
  board: Board,
  page: { offset: number; limit: number },
  now: Date = new Date(),
): Promise<LeaderboardAnswer> {
  const b = currentPeriod(board, settings, now);
  const [items, first, myRank, total] = await Promise.all([
    readPage(db, b, page),
    // The first page usually holds the top three already.
    page.offset === 0 && page.limit >= 3 ? null : readPage(db, b, { offset: 0, limit: 3 }),
    readRank(db, b, userId),
    readTotal(db, b),
  ]);
  return { items, topThree: first ?? items.slice(0, 3), myRank, total };
}
