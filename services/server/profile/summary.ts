import type { SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { facts, readFacts } from '@/services/server/badges/repository';
import { readRank } from '@/services/server/leaderboards/repository';
import { currentPeriod, leaderboardPeriods, leaderboardTimezone } from '@/services/server/leaderboards/service';
import { dayOf, type PlayerCalendar } from '@/services/server/play/clock';
import { getStatistics } from '@/services/server/play/library';
import { getBattleStatistics } from '@/services/server/rooms/statistics';

/** Days the card's chart covers, today included. */
export const WEEK_DAYS = 7;
/** The longest streak counted: a year of days in a row. */
export const STREAK_CAP = 366;

/** get_player_summary: what the profile's player card shows at a glance (docs/api.md). */
export interface PlayerSummary {
  /** The player's rank on the all-time board; null without a place there. */
  readonly rank: number | null;
  /** Days in a row with a finished play, counting while the last is today or yesterday (the days of the streak badge). */
  readonly streak: number;
  readonly questions_answered: number;
  /** Right answers in whole percent of those answered, rounded down. */
  readonly accuracy: number;
  readonly strongest_category: { readonly category_name: string; readonly ratio: number } | null;
  readonly battles: { readonly played: number; readonly won: number };
  /** The last seven days in the player's calendar, oldest first, every day present (0 for a day without play). */
  readonly week: { readonly day: string; readonly answered: number; readonly correct: number }[];
}

export async function getPlayerSummary(db: Db, userId: number, settings: SettingsMap, calendar: PlayerCalendar, now: Date = new Date()): Promise<PlayerSummary> {
  const { day: today } = leaderboardPeriods(settings, now);
  const zone = leaderboardTimezone(settings);
  const [stats, battles, rank, [streak]] = await Promise.all([
    getStatistics(db, userId, calendar, now),
    getBattleStatistics(db, userId, { sort: 'date', order: 'desc', offset: 0, limit: 0 }),
    readRank(db, currentPeriod('all_time', settings, now), userId),
    readFacts(db, [facts.activeDayRun(userId, facts.lastActiveDay(userId, today, zone), STREAK_CAP, zone, null)]),
  ]);
  const played = new Map(stats.history.map((d) => [d.day, d]));
  const week = Array.from({ length: WEEK_DAYS }, (_, i) => {
    const day = dayOf(calendar, new Date(now.getTime() - (WEEK_DAYS - 1 - i) * 86_400_000));
    const entry = played.get(day);
    return { day, answered: entry?.answered ?? 0, correct: entry?.correct ?? 0 };
  });
  return {
    rank: rank?.rank ?? null,
    streak: streak ?? 0,
    questions_answered: stats.questions_answered,
    accuracy: stats.ratio,
    strongest_category: stats.strongest_category ? { category_name: stats.strongest_category.category_name, ratio: stats.strongest_category.ratio } : null,
    battles: { played: battles.total, won: battles.won },
    week,
  };
}
