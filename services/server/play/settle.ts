import { flagSetting, intSetting, type SettingsMap } from '@/services/domain/settings';
import { playOutcome } from '@/services/domain/scoring';
import { boardScore, closeRemaining, passPlace, passReward, passTitle, tallyPlay } from '@/services/domain/settlement';
import type { PlayMode, PlayResult } from '@/services/domain/play-session';
import type { Db } from '@/services/server/db/client';
import { moveCoins } from '@/services/server/economy/ledger';
import { ApiError } from '@/services/server/gateway/api-error';
import { awardBadges } from '@/services/server/badges/engine';
import { addScore } from '@/services/server/leaderboards/repository';
import { leaderboardPeriods, leaderboardTimezone } from '@/services/server/leaderboards/service';
import { lockSession, markDailyPlayFinished, recordPlay, storeSettlement, type RecordedPlay, type SessionRow } from '@/services/server/play/repository';
import type { InTransaction } from '@/services/server/db/prepared';
import { recordContestScore } from '@/services/server/contests/repository';

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
 *
 * Statements, as few as the rules allow (a settlement holds its transaction open meanwhile):
 * statistics and the level pass in one (`recordPlay`), the coins of a new pass (`moveCoins`),
 * the badge engine's one read, the session with its result and the balance in one
 * (`storeSettlement`), the leaderboard scores in one.
 */
export async function settleLocked(on: InTransaction, row: SessionRow, settings: SettingsMap, now: Date): Promise<PlayResult> {
  const { tx } = on;
  if (row.status !== 'open') throw new Error(`session ${row.id} is not open`);
  const states = closeRemaining(row.questions, now.toISOString());
  const { total, skipped, correct, wrong, unanswered } = tallyPlay(states);

  const mode = row.mode as PlayMode;
  const rules = { ...settings, ...row.rules.settings };
  const outcome = playOutcome({ total, correct, wrong, skipped }, mode, rules);

  // Answers count in the statistics per category of their question, in every mode that plays
  // the categorised questions (a contest's own questions have no category).
  const answers = row.questionTable === 'questions' ? states.filter((s) => s.answer !== null).map((s) => ({ id: s.id, correct: s.correct === true })) : [];
  // Maths mania plays its place at level 1: its first pass is its only "new" pass.
  const place = passPlace(mode, outcome.passed, row);
  const recorded: RecordedPlay =
    answers.length > 0 || place
      ? await recordPlay(on, { userId: row.userId, answers, passed: place ?? undefined })
      : { categoriesCounted: 0, newlyPassed: false, hasNextLevel: false };

  const { coinsEarned, levelUnlocked } = place ? passReward({ mode, level: place.level, newlyPassed: recorded.newlyPassed, hasNextLevel: recorded.hasNextLevel, coins: outcome.coins }) : { coinsEarned: 0, levelUnlocked: null };
  if (coinsEarned > 0) {
    await moveCoins(tx, { userId: row.userId, amount: coinsEarned, type: 'level_passed', title: passTitle(mode, row.level), idempotencyKey: `play:${row.id}` });
  }

  if (mode === 'daily_quiz' && row.day) await markDailyPlayFinished(tx, row.userId, row.day);
  const contest =
    mode === 'contest'
      ? await recordContestScore(tx, { sessionId: row.id, userId: row.userId, score: outcome.score, correct, wrong, attended: correct + wrong, finishedAt: now })
      : undefined;

  // Badges, in this transaction, from what the server recorded about this play and the player.
  const periods = leaderboardPeriods(settings, now);
  const badgesUnlocked = await awardBadges(on, row.userId, settings, {
    kind: 'play_settled',
    quizZonePlay: mode === 'quiz_zone' ? { questions: total, correct, lifelinesUsed: row.lifelinesUsed.length } : undefined,
    // Within time: every question answered before its deadline (none timed out, none left open).
    facts:
      mode === 'guess_the_word'
        ? { guessTheWord: { correct, hintsUsed: states.reduce((n, s) => n + (s.word?.hints.length ?? 0), 0), withinTime: unanswered === 0 } }
        : mode === 'fun_n_learn'
          ? { funAndLearn: { questions: total, correct, withinTime: unanswered === 0 } }
          : undefined,
    answersCounted: recorded.categoriesCounted > 0,
    dailyQuizDay: mode === 'daily_quiz' && row.day ? row.day : undefined,
    activeDay: periods.day,
    activeDayTimezone: leaderboardTimezone(settings),
  });

  const settled: PlayResult = {
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
    // The balance right after settling: read and stored by the statement that stores the result.
    coins: 0,
    badges_unlocked: badgesUnlocked,
    review_cost: reviewCost(row, settings),
    ...(contest !== undefined ? { rank: contest.rank, review_opens_at: contest.endsAt.toISOString() } : {}),
  };
  const coins = await storeSettlement(on, { sessionId: row.id, userId: row.userId, questions: states, result: { ...settled }, settledAt: now });
  const result: PlayResult = { ...settled, coins };

  // Last: the leaderboards' score counts are rows many settlements share, locked until commit.
  // Only a score above zero is added (docs/economy.md): a pass never takes points off a board, so
  // no total there is below zero, under the players who have not played yet.
  const added = boardScore(mode, outcome.passed, outcome.score);
  if (added > 0) await addScore(on, { userId: row.userId, score: added, day: periods.day, month: periods.month });
  return result;
}

/** finish_play: settles once; every later call answers the stored result and moves nothing. */
export async function finishPlay(db: Db, settings: SettingsMap, userId: number, sessionId: string, now: Date = new Date()): Promise<PlayResult> {
  return db.transaction(async (tx) => {
    const row = await lockSession({ db, tx }, sessionId, userId);
    if (!row) throw new ApiError('102', { field: 'session_id', detail: 'no such play session of this player' });
    if (row.status === 'finished') return row.result as unknown as PlayResult;
    return settleLocked({ db, tx }, row, settings, now);
  });
}
