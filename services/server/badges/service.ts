import { BADGES, badgeReward, badgeThreshold, canClaimReward, isBadgeKey, type BadgeKey, type BadgeStatus } from '@/services/domain/badges';
import type { SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { badgeName } from '@/services/server/badges/engine';
import { facts, lockBadge, markClaimed, readFacts, readHeldBadges } from '@/services/server/badges/repository';
import { moveCoins } from '@/services/server/economy/ledger';
import { ApiError } from '@/services/server/gateway/api-error';
import { leaderboardPeriods, leaderboardTimezone } from '@/services/server/leaderboards/service';
import { readCoins } from '@/services/server/play/repository';

/** One badge as get_user_badges answers it. */
export interface BadgeItem {
  readonly type: BadgeKey;
  readonly status: BadgeStatus;
  /** Coins the reward is worth now. */
  readonly reward: number;
  /** The threshold of a badge that has one (questions, days, wins, coins, badges, players); null for a single event. */
  readonly counter: number | null;
  /** How far the player is towards the threshold, where the server counts it; null where it does not (yet). */
  readonly progress: number | null;
  readonly unlocked_at: string | null;
  readonly claimed_at: string | null;
}

/** Badges with a threshold setting (`badge_<type>_counter`); the others are single events. */
const WITH_COUNTER: ReadonlySet<BadgeKey> = new Set([
  'quiz_warrior',
  'super_sonic',
  'flashback',
  'brainiac',
  'big_thing',
  'elite',
  'thirsty',
  'power_elite',
  'sharing_caring',
  'streak',
]);
/** Badges whose progress is a running count the server keeps (single-play thresholds have none). */
const COUNTED: ReadonlySet<BadgeKey> = new Set(['big_thing', 'elite', 'thirsty', 'power_elite', 'sharing_caring', 'streak']);

/** get_user_badges: all 15, in catalogue order, with status, reward, threshold and progress. */
export async function listBadges(db: Db, userId: number, settings: SettingsMap, now: Date = new Date()): Promise<BadgeItem[]> {
  const held = new Map((await readHeldBadges(db, userId)).filter((b) => isBadgeKey(b.badge)).map((b) => [b.badge as BadgeKey, b]));
  const { day: today } = leaderboardPeriods(settings, now);
  const zone = leaderboardTimezone(settings);
  // Streaks count while they are alive: their last day is today or yesterday.
  const [correct, earned, referrals, dailyRun, activeRun] = await readFacts(db, [
    facts.correctAnswers(userId),
    facts.coinsEarned(userId),
    facts.referrals(userId),
    facts.dailyQuizRun(userId, facts.lastDailyQuizDay(userId, today), badgeThreshold('thirsty', settings)),
    facts.activeDayRun(userId, facts.lastActiveDay(userId, today, zone), badgeThreshold('streak', settings), zone, null),
  ]);
  const progress: Partial<Record<BadgeKey, number>> = {
    big_thing: correct,
    elite: earned,
    sharing_caring: referrals,
    thirsty: dailyRun,
    streak: activeRun,
    power_elite: [...held.keys()].filter((k) => k !== 'power_elite').length,
  };
  return BADGES.map((type) => {
    const h = held.get(type);
    return {
      type,
      status: h ? (h.status === 'claimed' ? 'reward_claimed' : 'unlocked') : 'locked',
      reward: badgeReward(type, settings),
      counter: WITH_COUNTER.has(type) ? badgeThreshold(type, settings) : null,
      progress: COUNTED.has(type) ? (progress[type] ?? 0) : null,
      unlocked_at: h?.unlockedAt?.toISOString() ?? null,
      claimed_at: h?.claimedAt?.toISOString() ?? null,
    };
  });
}

/**
 * set_badges: pays an unlocked badge's reward once, through the ledger (key
 * `badge:<user>:<type>`, type `badge_reward`), and marks it claimed, in one transaction holding
 * the badge's row: of concurrent claims one pays, the others answer 132.
 */
export async function claimBadge(
  db: Db,
  userId: number,
  type: BadgeKey,
  settings: SettingsMap,
): Promise<{ type: BadgeKey; status: 'reward_claimed'; reward: number; coins: number }> {
  return db.transaction(async (tx) => {
    const row = await lockBadge(tx, userId, type);
    const status: BadgeStatus = !row || row.status === 'locked' ? 'locked' : row.status === 'claimed' ? 'reward_claimed' : 'unlocked';
    if (status === 'reward_claimed') throw new ApiError('132', { field: 'type', detail: `the reward of ${type} was already claimed` });
    if (!canClaimReward(status)) throw new ApiError('badge_locked', { field: 'type', detail: `${type} is not unlocked` });
    const reward = badgeReward(type, settings);
    if (reward > 0) {
      await moveCoins(tx, { userId, amount: reward, type: 'badge_reward', title: `Badge reward: ${badgeName(type)}`, idempotencyKey: `badge:${userId}:${type}` });
    }
    await markClaimed(tx, userId, type);
    return { type, status: 'reward_claimed' as const, reward, coins: await readCoins(tx, userId) };
  });
}
