import { intSetting, type SettingsMap } from '@/services/domain/settings';

/**
 * The 15 badges of rules.md as pure rules over a snapshot of a player's statistics. The server
 * builds the snapshot when something happens (a play settles, a battle ends, a contest pays, a
 * day starts) and awards what `evaluateBadges` returns; a rule whose facts no mode produces yet
 * simply never fires until that mode fills them in.
 */

export const BADGES = [
  'dashing_debut',
  'combat_winner',
  'clash_winner',
  'most_wanted_winner',
  'quiz_warrior',
  'ultimate_player',
  'super_sonic',
  'flashback',
  'brainiac',
  'big_thing',
  'elite',
  'thirsty',
  'power_elite',
  'sharing_caring',
  'streak',
] as const;
export type BadgeKey = (typeof BADGES)[number];

/** A badge is locked, then unlocked (awarded by the server), then its reward is claimed once. */
export type BadgeStatus = 'locked' | 'unlocked' | 'reward_claimed';

export function isBadgeKey(value: unknown): value is BadgeKey {
  return typeof value === 'string' && (BADGES as readonly string[]).includes(value);
}

/** Facts about the solo play that just settled; absent when the snapshot is not about one. */
export interface GuessTheWordSession {
  /** Words guessed right. */
  readonly correct: number;
  readonly hintsUsed: number;
  /** Every word guessed before its time ran out. */
  readonly withinTime: boolean;
}
export interface FunAndLearnSession {
  readonly questions: number;
  readonly correct: number;
  readonly withinTime: boolean;
}
export interface QuizSession {
  readonly questions: number;
  readonly correct: number;
  readonly lifelinesUsed: number;
}

export interface PlayerStatsSnapshot {
  /** Quiz-zone plays finished (any result). */
  readonly quizZonePlays: number;
  /** 1v1 battles won (random or with a friend). */
  readonly battleWins: number;
  readonly groupBattleWins: number;
  /** Contest prizes received. */
  readonly contestPrizes: number;
  /** Random-battle wins in a row; a loss or a draw resets it. */
  readonly randomBattleWinStreak: number;
  /** The battle that just ended: every answer right and each within 4 s. */
  readonly ultimateBattle: boolean;
  readonly guessTheWord: GuessTheWordSession | null;
  readonly funAndLearn: FunAndLearnSession | null;
  /** The quiz-zone play that just settled. */
  readonly quizSession: QuizSession | null;
  readonly totalCorrectAnswers: number;
  /** Coins earned in total (income only: spending does not lower it). */
  readonly totalCoinsEarned: number;
  /** Daily quizzes played on consecutive days, up to today. */
  readonly dailyQuizStreak: number;
  readonly referrals: number;
  /** Consecutive days with activity, up to today. */
  readonly activeDayStreak: number;
}

/** A snapshot of a player who has done nothing yet; fill in what is known. */
export function emptyStats(): PlayerStatsSnapshot {
  return {
    quizZonePlays: 0,
    battleWins: 0,
    groupBattleWins: 0,
    contestPrizes: 0,
    randomBattleWinStreak: 0,
    ultimateBattle: false,
    guessTheWord: null,
    funAndLearn: null,
    quizSession: null,
    totalCorrectAnswers: 0,
    totalCoinsEarned: 0,
    dailyQuizStreak: 0,
    referrals: 0,
    activeDayStreak: 0,
  };
}

interface BadgeRule {
  readonly key: BadgeKey;
  /** Setting with the reward in coins (`badge_<key>_reward`). */
  readonly reward: string;
  /** Setting with the threshold, for badges that have one (`badge_<key>_counter`). */
  readonly counter?: string;
  /** `threshold` is the counter setting's value (1 for badges without a counter). */
  readonly test: (s: PlayerStatsSnapshot, threshold: number, badgesHeld: number) => boolean;
}

const rule = (key: BadgeKey, test: BadgeRule['test'], hasCounter = false): BadgeRule => ({
  key,
  reward: `badge_${key}_reward`,
  ...(hasCounter ? { counter: `badge_${key}_counter` } : {}),
  test,
});

const RULES: readonly BadgeRule[] = [
  rule('dashing_debut', (s) => s.quizZonePlays >= 1),
  rule('combat_winner', (s) => s.battleWins >= 1),
  rule('clash_winner', (s) => s.groupBattleWins >= 1),
  rule('most_wanted_winner', (s) => s.contestPrizes >= 1),
  rule('quiz_warrior', (s, n) => s.randomBattleWinStreak >= n, true),
  rule('ultimate_player', (s) => s.ultimateBattle),
  // "At least n questions" of guess the word are n words guessed: a wrong guess is not a word done.
  rule('super_sonic', (s, n) => !!s.guessTheWord && s.guessTheWord.correct >= n && s.guessTheWord.hintsUsed === 0 && s.guessTheWord.withinTime, true),
  rule(
    'flashback',
    (s, n) => !!s.funAndLearn && s.funAndLearn.questions >= n && s.funAndLearn.correct === s.funAndLearn.questions && s.funAndLearn.withinTime,
    true,
  ),
  // Ours: at least n questions (the reference checked at most n).
  rule(
    'brainiac',
    (s, n) => !!s.quizSession && s.quizSession.questions >= n && s.quizSession.correct === s.quizSession.questions && s.quizSession.lifelinesUsed === 0,
    true,
  ),
  rule('big_thing', (s, n) => s.totalCorrectAnswers >= n, true),
  rule('elite', (s, n) => s.totalCoinsEarned > n, true),
  rule('thirsty', (s, n) => s.dailyQuizStreak >= n, true),
  rule('power_elite', (_s, n, held) => held > n, true),
  rule('sharing_caring', (s, n) => s.referrals > n, true),
  rule('streak', (s, n) => s.activeDayStreak >= n, true),
];

const byKey = new Map(RULES.map((r) => [r.key, r]));

/** Coins the badge's reward is worth (rules.md: 2, 5, 2, 10, then 1 for the others). */
export function badgeReward(key: BadgeKey, settings: SettingsMap): number {
  return intSetting(settings, byKey.get(key)!.reward);
}

/** The badge's threshold from settings, or 1 for a badge that is a single event. */
export function badgeThreshold(key: BadgeKey, settings: SettingsMap): number {
  const counter = byKey.get(key)!.counter;
  return counter ? intSetting(settings, counter) : 1;
}

/**
 * The badges the snapshot newly earns, in catalogue order. Badges already held (unlocked or
 * reward claimed) are never returned again. Power elite counts the badges held plus the ones
 * this evaluation awards ("more than 10 badges").
 */
export function evaluateBadges(snapshot: PlayerStatsSnapshot, settings: SettingsMap, alreadyUnlocked: Iterable<BadgeKey>): BadgeKey[] {
  const held = new Set(alreadyUnlocked);
  const earned = RULES.filter((r) => r.key !== 'power_elite' && !held.has(r.key) && r.test(snapshot, badgeThreshold(r.key, settings), 0)).map((r) => r.key);
  const power = byKey.get('power_elite')!;
  const count = [...held].filter((k) => k !== 'power_elite').length + earned.length;
  if (!held.has('power_elite') && power.test(snapshot, badgeThreshold('power_elite', settings), count)) earned.push('power_elite');
  return BADGES.filter((k) => earned.includes(k));
}

/** Whether a badge's reward may be claimed now: only once, and only when it is unlocked. */
export function canClaimReward(status: BadgeStatus): boolean {
  return status === 'unlocked';
}

/** The status after a claim; a claim on a locked or already claimed badge changes nothing. */
export function claimReward(status: BadgeStatus): BadgeStatus {
  return canClaimReward(status) ? 'reward_claimed' : status;
}
