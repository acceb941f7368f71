import { audiencePoll, canUse, lifelinesEnabled, pickFiftyFifty, type Lifeline } from '@/services/domain/lifelines';
import type { LifelineData, PlayMode, QuestionType, SubmitAnswerResult } from '@/services/domain/play-session';
import type { Db, Tx } from '@/services/server/db/client';
import type { PlayQuestionState } from '@/services/server/db/schema';
import { moveCoins } from '@/services/server/economy/ledger';
import { ApiError } from '@/services/server/gateway/api-error';
import { loadQuestions, lockSession, readCoins, updateSession, type SessionPatch, type SessionRow } from '@/services/server/play/repository';
import { GRACE_MS, openDeadline, secureRandom, timeLeftMs } from '@/services/server/play/views';

/**
 * Answers and lifelines. Each is decided in a transaction that locks the session row, so two
 * requests on one session are applied one after the other: a double submit counts once, a
 * lifeline requested twice is granted (and charged) once.
 */

const LIFELINE_TITLES: Record<Lifeline, string> = {
  fifty_fifty: 'Lifeline: 50/50',
  audience_poll: 'Lifeline: audience poll',
  reset_timer: 'Lifeline: reset timer',
  skip: 'Lifeline: skip',
};

interface Open {
  row: SessionRow;
  states: PlayQuestionState[];
  state: PlayQuestionState;
}

/** The locked session and its open question, which must be the one the request names. */
async function lockOpenQuestion(tx: Tx, userId: number, sessionId: string, questionId: number): Promise<Open> {
  const row = await lockSession(tx, sessionId, userId);
  if (!row) throw new ApiError('102', { field: 'session_id', detail: 'no such play session of this player' });
  if (row.status !== 'open') throw new ApiError('play_finished', { field: 'session_id' });
  const states = row.questions.map((s) => ({ ...s }));
  const state = states[row.currentIndex];
  if (!state) throw new ApiError('103', { field: 'question_id', detail: 'every question is closed: call finish_play' });
  if (state.id !== questionId) throw new ApiError('103', { field: 'question_id', detail: `the open question is ${state.id}` });
  return { row, states, state };
}

/** Moves the session to its next question (a fresh deadline when each question has its own clock). */
function advance(row: SessionRow, states: PlayQuestionState[], now: Date): SessionPatch & { currentIndex: number } {
  const next = row.currentIndex + 1;
  const perQuestion = row.timePerQuestion !== null && next < states.length;
  return {
    questions: states,
    currentIndex: next,
    currentOpenedAt: now,
    currentDeadline: perQuestion ? new Date(now.getTime() + row.timePerQuestion! * 1000 + GRACE_MS) : null,
  };
}

function isLate(row: SessionRow, now: Date): boolean {
  const deadline = openDeadline(row);
  return deadline !== null && now.getTime() > deadline.getTime();
}

/**
 * submit_answer. A letter after the deadline closes the question as unanswered, opens the next and
 * is then refused with `answer_too_late`; an empty answer is the player's time-out and succeeds.
 */
export async function submitAnswer(
  db: Db,
  userId: number,
  input: { sessionId: string; questionId: number; answer: string },
  now: Date = new Date(),
): Promise<SubmitAnswerResult> {
  const letter = input.answer.trim().toLowerCase();
  const outcome = await db.transaction(async (tx) => {
    const { row, states, state } = await lockOpenQuestion(tx, userId, input.sessionId, input.questionId);
    if (letter !== '' && !state.order.includes(letter)) {
      throw new ApiError('103', { field: 'answer', detail: `answer: must be one of ${state.order.join(', ')} or empty` });
    }
    const question = (await loadQuestions(tx, [state.id])).get(state.id);
    if (!question) throw new Error(`question ${state.id} of session ${row.id} is gone`);
    const late = isLate(row, now);
    const closedAt = now.toISOString();
    const given = late || letter === '' ? null : letter;
    states[row.currentIndex] = { ...state, answer: given, correct: given !== null && given === question.answer, closedAt, timedOut: given === null };
    const patch = advance(row, states, now);
    await updateSession(tx, row.id, patch);
    const after = { ...row, ...patch };
    return {
      tooLate: late && letter !== '',
      data: {
        correct: states[row.currentIndex]!.correct === true,
        correct_answer: question.answer,
        timed_out: given === null,
        current_index: patch.currentIndex,
        time_left_ms: timeLeftMs(after, now),
        finished: patch.currentIndex >= states.length,
      } satisfies SubmitAnswerResult,
    };
  });
  if (outcome.tooLate) {
    // Committed above: the question is closed as unanswered and the next is open.
    const { current_index, time_left_ms, finished } = outcome.data;
    throw new ApiError('answer_too_late', { field: 'answer', detail: 'the deadline of this question had passed', extra: { current_index, time_left_ms, finished } });
  }
  return outcome.data;
}

/** use_lifeline: granted or refused on the open question; charged through the ledger when granted. */
export async function applyLifeline(
  db: Db,
  userId: number,
  input: { sessionId: string; questionId: number; lifeline: Lifeline },
  now: Date = new Date(),
): Promise<LifelineData> {
  return db.transaction(async (tx) => {
    const { row, states, state } = await lockOpenQuestion(tx, userId, input.sessionId, input.questionId);
    const question = (await loadQuestions(tx, [state.id])).get(state.id);
    if (!question) throw new Error(`question ${state.id} of session ${row.id} is gone`);
    const lifeline = input.lifeline;
    const refusal = canUse(
      {
        enabled: lifelinesEnabled(row.mode as PlayMode) && row.rules.lifelines.includes(lifeline),
        used: row.lifelinesUsed as Lifeline[],
        usedOnQuestion: state.lifelines as Lifeline[],
      },
      lifeline,
      question.questionType as QuestionType,
    );
    if (refusal) throw new ApiError(refusal, { field: 'lifeline' });
    if (isLate(row, now)) throw new ApiError('answer_too_late', { field: 'lifeline', detail: 'the deadline of this question had passed' });

    let coins: number | null = null;
    if (row.rules.lifelineCost > 0) {
      const moved = await moveCoins(tx, {
        userId,
        amount: -row.rules.lifelineCost,
        type: 'lifeline',
        title: LIFELINE_TITLES[lifeline],
        idempotencyKey: `lifeline:${row.id}:${lifeline}`,
      });
      coins = moved.balance;
    }
    coins ??= await readCoins(tx, userId);

    const used = { ...state, lifelines: [...state.lifelines, lifeline] };
    const base: SessionPatch = { lifelinesUsed: [...row.lifelinesUsed, lifeline] };
    switch (lifeline) {
      case 'fifty_fifty': {
        const removed = pickFiftyFifty(question.answer, state.order, secureRandom);
        states[row.currentIndex] = { ...used, removed };
        await updateSession(tx, row.id, { ...base, questions: states });
        return { removed, coins };
      }
      case 'audience_poll': {
        const percentages = audiencePoll(question.answer, state.order, secureRandom);
        states[row.currentIndex] = { ...used, poll: percentages };
        await updateSession(tx, row.id, { ...base, questions: states });
        return { percentages, coins };
      }
      case 'reset_timer': {
        states[row.currentIndex] = used;
        const patch: SessionPatch = { ...base, questions: states };
        if (row.timePerQuestion !== null) {
          patch.currentOpenedAt = now;
          patch.currentDeadline = new Date(now.getTime() + row.timePerQuestion * 1000 + GRACE_MS);
        }
        await updateSession(tx, row.id, patch);
        return { time_left_ms: timeLeftMs({ ...row, ...patch }, now), coins };
      }
      case 'skip': {
        states[row.currentIndex] = { ...used, skipped: true, closedAt: now.toISOString() };
        const patch = { ...base, ...advance(row, states, now) };
        await updateSession(tx, row.id, patch);
        return {
          skipped: true as const,
          current_index: patch.currentIndex,
          time_left_ms: timeLeftMs({ ...row, ...patch }, now),
          finished: patch.currentIndex >= states.length,
          coins,
        };
      }
    }
  });
}
