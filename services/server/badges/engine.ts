import type { SQL } from 'drizzle-orm';
import {
  BADGES,
  badgeReward,
  badgeThreshold,
  emptyStats,
  evaluateBadges,
  isBadgeKey,
  type BadgeKey,
  type PlayerStatsSnapshot,
  type QuizSession,
} from '@/services/domain/badges';
import type { SettingsMap } from '@/services/domain/settings';
import type { Tx } from '@/services/server/db/client';
import type { InTransaction } from '@/services/server/db/prepared';
import { facts, readHeldAndFacts, unlockBadges } from '@/services/server/badges/repository';
import { insertNotification } from '@/services/server/notifications/repository';

/**
 * The badge engine, server side. Something happens (a play settles, a player signs up with a
 * refer code, later a battle ends or a contest pays); the code where it happens calls
 * `awardBadges` inside its own transaction with a `BadgeTrigger` saying what it knows. The engine
 * builds a `PlayerStatsSnapshot` from that and from what the server recorded, lets the pure rules
 * (`services/domain/badges.ts`) decide, unlocks what they return and notifies the player.
 *
 * Fire now: dashing debut, brainiac, big thing, elite, thirsty, power elite, sharing caring,
 * streak, super sonic (guess the word), flashback (fun and learn). Fire elsewhere: combat winner, clash winner, quiz warrior,
 * ultimate player (battles), most wanted winner (the contest prize job).
 * A new mode wires its badges by passing its facts in
 * `BadgeTrigger.facts` (e.g. `{ battleWins, ultimateBattle }`), and, for a fact the server has to
 * count from its tables, by adding a `FactSource` below.
 */

/** What the caller knows about what just happened. Everything is optional: fill in what applies. */
export interface BadgeTrigger {
  /** What happened, for the log: 'play_settled', 'referral', … */
  readonly kind: string;
  /** A quiz-zone play settled now (it counts as a quiz-zone play; its facts feed brainiac). */
  readonly quizZonePlay?: QuizSession;
  /** Answers were added to the player's statistics. */
  readonly answersCounted?: boolean;
  /** A daily quiz was finished for this day (the player's day). */
  readonly dailyQuizDay?: string;
  /** The player was active on this day (leaderboard calendar, `activeDayTimezone`). */
  readonly activeDay?: string;
  readonly activeDayTimezone?: string;
  /** Facts the trigger knows outright, e.g. a battle's `{ battleWins, ultimateBattle }`. */
  readonly facts?: Partial<PlayerStatsSnapshot>;
}

type Snapshot = { -readonly [K in keyof PlayerStatsSnapshot]: PlayerStatsSnapshot[K] };

interface FactContext {
  readonly userId: number;
  readonly trigger: BadgeTrigger;
  readonly settings: SettingsMap;
}

/** A fact the server counts from its own tables. */
interface FactSource {
  /** The badges that read it: not read once the player holds every one of them. */
  readonly badges: readonly BadgeKey[];
  /** Its scalar subquery, or null when this trigger cannot have changed it. */
  query(ctx: FactContext): SQL | null;
  apply(snapshot: Snapshot, value: number, ctx: FactContext): void;
}

const FACT_SOURCES: readonly FactSource[] = [
  {
    badges: ['dashing_debut'],
    // Counted before this play is marked finished: the play settling now is added in apply.
    query: ({ userId }) => facts.quizZonePlays(userId),
    apply: (s, n, { trigger }) => (s.quizZonePlays = n + (trigger.quizZonePlay ? 1 : 0)),
  },
  {
    badges: ['big_thing'],
    query: ({ userId, trigger }) => (trigger.answersCounted ? facts.correctAnswers(userId) : null),
    apply: (s, n) => (s.totalCorrectAnswers = n),
  },
  {
    badges: ['elite'],
    query: ({ userId }) => facts.coinsEarned(userId),
    apply: (s, n) => (s.totalCoinsEarned = n),
  },
  {
    badges: ['thirsty'],
    query: ({ userId, trigger, settings }) =>
      trigger.dailyQuizDay ? facts.dailyQuizRun(userId, dateLiteral(trigger.dailyQuizDay), badgeThreshold('thirsty', settings)) : null,
    apply: (s, n) => (s.dailyQuizStreak = n),
  },
  {
    badges: ['sharing_caring'],
    query: ({ userId }) => facts.referrals(userId),
    apply: (s, n) => (s.referrals = n),
  },
  {
    badges: ['streak'],
    query: ({ userId, trigger, settings }) =>
      trigger.activeDay && trigger.activeDayTimezone
        ? facts.activeDayRun(userId, dateLiteral(trigger.activeDay), badgeThreshold('streak', settings), trigger.activeDayTimezone, trigger.activeDay)
        : null,
    apply: (s, n) => (s.activeDayStreak = n),
  },
];

function dateLiteral(day: string): SQL {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  return facts.day(day);
}

/**
 * The player's held badges and the snapshot for this trigger, in one statement: the facts of
 * badges the player already holds are not read.
 */
export async function buildSnapshot(
  tx: Tx | InTransaction,
  userId: number,
  trigger: BadgeTrigger,
  settings: SettingsMap,
): Promise<{ held: Set<BadgeKey>; snapshot: PlayerStatsSnapshot }> {
  const snapshot: Snapshot = { ...emptyStats(), ...trigger.facts };
  if (trigger.quizZonePlay) snapshot.quizSession = trigger.quizZonePlay;
  const ctx: FactContext = { userId, trigger, settings };
  const wanted: { source: FactSource; badges: readonly BadgeKey[]; query: SQL }[] = [];
  for (const source of FACT_SOURCES) {
    const query = source.query(ctx);
    if (query) wanted.push({ source, badges: source.badges, query });
  }
  const { held, values } = await readHeldAndFacts(tx, userId, wanted);
  wanted.forEach((w, i) => {
    const value = values[i];
    if (value !== null && value !== undefined) w.source.apply(snapshot, value, ctx);
  });
  return { held: new Set(held.filter(isBadgeKey)), snapshot };
}

/** "Dashing debut" from `dashing_debut`. */
export function badgeName(key: BadgeKey): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Awards what the player earned with this trigger, in the caller's transaction, and notifies the
 * player of each new badge. Answers the newly unlocked badges in catalogue order.
 */
export async function awardBadges(on: Tx | InTransaction, userId: number, settings: SettingsMap, trigger: BadgeTrigger): Promise<BadgeKey[]> {
  const { held, snapshot } = await buildSnapshot(on, userId, trigger, settings);
  const tx = 'tx' in on ? on.tx : on;
  if (held.size === BADGES.length) return [];
  const earned = evaluateBadges(snapshot, settings, held);
  const unlocked = await unlockBadges(tx, userId, earned);
  for (const key of unlocked) {
    const reward = badgeReward(key, settings);
    await insertNotification(tx, {
      userId,
      title: `Badge unlocked: ${badgeName(key)}`,
      message:
        reward > 0
          ? `You earned the ${badgeName(key)} badge. Claim its reward of ${reward} coin${reward === 1 ? '' : 's'} on the badges page.`
          : `You earned the ${badgeName(key)} badge.`,
      type: 'badge',
    });
  }
  return BADGES.filter((k) => unlocked.includes(k));
}
