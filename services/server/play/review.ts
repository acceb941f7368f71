import type { PlayReview } from '@/services/domain/play-session';
import type { SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { moveCoins } from '@/services/server/economy/ledger';
import { ApiError } from '@/services/server/gateway/api-error';
import { loadQuestions, lockSession, readCoins, updateSession } from '@/services/server/play/repository';
import { reviewCost } from '@/services/server/play/settle';
import { contestEndOfSession } from '@/services/server/contests/repository';
import { reviewQuestion } from '@/services/server/play/views';

/**
 * get_play_review: every question of a finished play with the player's answer, the right one and
 * the note. The first review of a session costs `review_answers_deduct_coin` when
 * `review_answers_mode` is on (ledger key `review:<session>`); later ones are free. A contest's
 * review opens when the contest ends (`review_not_open` before, nothing charged).
 */
export async function getPlayReview(db: Db, settings: SettingsMap, userId: number, sessionId: string, now: Date = new Date()): Promise<PlayReview> {
  return db.transaction(async (tx) => {
    const row = await lockSession({ db, tx }, sessionId, userId);
    if (!row) throw new ApiError('102', { field: 'session_id', detail: 'no such play session of this player' });
    if (row.status !== 'finished') throw new ApiError('play_not_finished', { field: 'session_id', detail: 'call finish_play first' });
    // A running contest's right answers stay here until it ends: others are still playing it.
    const contestEnd = await contestEndOfSession(tx, row);
    if (contestEnd && now < contestEnd) {
      const opensAt = contestEnd.toISOString();
      throw new ApiError('review_not_open', { field: 'session_id', detail: `the contest runs until ${opensAt}: its answers are shown then`, extra: { opens_at: opensAt } });
    }
    let coins: number | null = null;
    if (!row.reviewedAt) {
      const cost = reviewCost(row, settings);
      if (cost > 0) {
        const moved = await moveCoins(tx, { userId, amount: -cost, type: 'review_answers', title: 'Review answers', idempotencyKey: `review:${row.id}` });
        coins = moved.balance;
      }
      await updateSession(tx, row.id, { reviewedAt: now });
    }
    const byId = await loadQuestions(tx, row.questions.map((q) => q.id), row.questionTable);
    return {
      questions: row.questions.filter((s) => byId.has(s.id)).map((s) => reviewQuestion(byId.get(s.id)!, s)),
      coins: coins ?? (await readCoins(tx, userId)),
    };
  });
}
