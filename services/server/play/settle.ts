import { flagSetting, intSetting, type SettingsMap } from '@/services/domain/settings';
import { playOutcome } from '@/services/domain/scoring';
import type { PlayMode, PlayResult } from '@/services/domain/play-session';
import type { Db, Tx } from '@/services/server/db/client';
import { moveCoins } from '@/services/server/economy/ledger';
import { ApiError } from '@/services/server/gateway/api-error';
import { awardBadges } from '@/services/server/badges/engine';
import { addScore } from '@/services/server/leaderboards/repository';
import { leaderboardPeriods, leaderboardTimezone } from '@/services/server/leaderboards/service';
import {
  addStatistics,
  loadQuestions,
  lockSession,
  markDailyPlayFinished,
  readCoins,
  updateSession,
  type SessionRow,
} from '@/services/server/play/repository';
import { countQuestionsByLevel, recordLevelPassed } from '@/services/server/quiz-zone/repository';

/** Modes whose pass adds its score to the leaderboards (rules.md: quiz zone; ours: daily quiz, true/false). */
const SCORED_MODES: ReadonlySet<string> = new Set(['quiz_zone', 'daily_quiz', 'true_false']);

/** Coins a review of this session costs now: 0 when reviews are free or it was already paid. */
export function reviewCost(row: Pick<SessionRow, 'reviewedAt'>, settings: SettingsMap): number {
  if (row.reviewedAt || !flagSetting(settings, 'review_answers_mode')) return 0;
  return intSetting(settings, 'review_answers_deduct_coin');
}

/**
 * Settles a locked, open session in the caller's transaction: closes what is still open as
 * unanswered, then records the result, coins (ledger key `play:<session>`), level progress,
 * statistics, the daily-quiz play, badges and leaderboard scores. Everything or nothing: the caller's
 * transaction commits it together with the session's `finished` status, so a second settlement
 * finds the session finished and moves nothing.
 */
export async function settleLocked(tx: Tx, row: SessionRow, settings: SettingsMap, now: Date): Promise<PlayResult> {
  if (row.status !== 'open') throw new Error(`session ${row.id} is not open`);
  const closedAt = now.toISOString();
  const states = row.questions.map((s) => (s.closedAt ? s : { ...s, answer: null, correct: false, closedAt, timedOut: true }));
  const total = states.length;
  const skipped = states.filter((s) => s.skipped).length;
  const correct = states.filter((s) => !s.skipped && s.correct === true).length;
  const wrong = states.filter((s) => !s.skipped && s.answer !== null && s.correct === false).length;
  const unanswered = total - skipped - correct - wrong;

  const mode = row.mode as PlayMode;
  const rules = { ...settings, ...row.rules.settings };
  const outcome = playOutcome({ total, correct, wrong, skipped }, mode, rules);

  let coinsEarned = 0;
  let levelUnlocked: number | null = null;
  if (mode === 'quiz_zone' && outcome.passed && row.categoryId !== null && row.level !== null) {
    const newlyPassed = await recordLevelPassed(tx, { userId: row.userId, categoryId: row.categoryId, subcategoryId: row.subcategoryId, level: row.level });
    if (newlyPassed) {
      coinsEarned = outcome.coins;
      const levels = await countQuestionsByLevel(tx, row.categoryId, row.subcategoryId);
      if (levels.some((l) => l.level > row.level!)) levelUnlocked = row.level + 1;
    }
  }
  if (coinsEarned > 0) {
    await moveCoins(tx, {
      userId: row.userId,
      amount: coinsEarned,
      type: 'level_passed',
      title: `Level ${row.level} passed`,
      idempotencyKey: `play:${row.id}`,
    });
  }

  const byId = await loadQuestions(tx, states.map((s) => s.id));
  const perCategory = new Map<number, { answered: number; correct: number }>();
  for (const s of states) {
    const q = byId.get(s.id);
    if (!q || s.answer === null) continue;
    const entry = perCategory.get(q.categoryId) ?? { answered: 0, correct: 0 };
    entry.answered += 1;
    if (s.correct) entry.correct += 1;
    perCategory.set(q.categoryId, entry);
  }
  await addStatistics(tx, row.userId, perCategory);

  if (mode === 'daily_quiz' && row.day) await markDailyPlayFinished(tx, row.userId, row.day);

  // Badges, in this transaction, from what the server recorded about this play and the player.
  const periods = leaderboardPeriods(settings, now);
  const badgesUnlocked = await awardBadges(tx, row.userId, settings, {
    kind: 'play_settled',
    quizZonePlay: mode === 'quiz_zone' ? { questions: total, correct, lifelinesUsed: row.lifelinesUsed.length } : undefined,
    answersCounted: perCategory.size > 0,
    dailyQuizDay: mode === 'daily_quiz' && row.day ? row.day : undefined,
    activeDay: periods.day,
    activeDayTimezone: leaderboardTimezone(settings),
  });

  const result: PlayResult = {
    total,
    correct,
    wrong,
    unanswered,
    skipped,
    percentage: outcome.percentage,
    passed: outcome.passed,
    score: outcome.score,
    coins_earned: coinsEarned,
    level_unlocked: levelUnlocked,
    coins: await readCoins(tx, row.userId),
    badges_unlocked: badgesUnlocked,
    review_cost: reviewCost(row, settings),
  };
  await updateSession(tx, row.id, {
    questions: states,
    currentIndex: total,
    currentDeadline: null,
    status: 'finished',
    result: result as unknown as Record<string, unknown>,
    settledAt: now,
  });

  // Last: the leaderboards' score counts are rows many settlements share, locked until commit.
  if (SCORED_MODES.has(mode) && outcome.passed && outcome.score !== 0) {
    await addScore(tx, { userId: row.userId, score: outcome.score, day: periods.day, month: periods.month });
  }
  return result;
}

/** finish_play: settles once; every later call answers the stored result and moves nothing. */
export async function finishPlay(db: Db, settings: SettingsMap, userId: number, sessionId: string, now: Date = new Date()): Promise<PlayResult> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, sessionId, userId);
    if (!row) throw new ApiError('102', { field: 'session_id', detail: 'no such play session of this player' });
    if (row.status === 'finished') return row.result as unknown as PlayResult;
    return settleLocked(tx, row, settings, now);
  });
}
