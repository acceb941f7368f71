import { audiencePoll, canUse, lifelinesEnabled, pickFiftyFifty, type Lifeline } from '@/services/domain/lifelines';
import { isRightAnswer, normalizeAnswer } from '@/services/domain/answers';
import type { LifelineData, PlayMode, QuestionClockData, QuestionType, SubmitAnswerResult, WordHintData } from '@/services/domain/play-session';
import { unrevealed, wordLetters } from '@/services/domain/word';
import { scoreFor } from '@/services/domain/scoring';
import { isLateAnswer, questionDeadline, shownAnswer } from '@/services/domain/settlement';
import type { SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import type { PlayQuestionState } from '@/services/server/db/schema';
import { moveCoins } from '@/services/server/economy/ledger';
import { ApiError } from '@/services/server/gateway/api-error';
import {
  closeOpenQuestion,
  loadQuestions,
  lockSession,
  readCoins,
  readOpenQuestion,
  updateSession,
  type SessionPatch,
  type SessionRow,
} from '@/services/server/play/repository';
import type { InTransaction } from '@/services/server/db/prepared';
import { openDeadline, secureRandom, timeLeftMs } from '@/services/server/play/views';

/**
 * Answers and lifelines. Two requests on one session are applied one after the other: a double
 * submit counts once, a lifeline requested twice is granted (and charged) once. A lifeline is
 * decided in a transaction that locks the session row (it may charge coins with it); an answer,
 * the most frequent call of all, is one guarded write on the version of the row it read
 * (`submitAnswer`), which a lifeline or another answer in between makes it read again.
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
async function lockOpenQuestion(on: InTransaction, userId: number, sessionId: string, questionId: number): Promise<Open> {
  const row = await lockSession(on, sessionId, userId);
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
    currentDeadline: perQuestion ? questionDeadline(row.timePerQuestion!, row.rules.startAllowance ?? 0, now) : null,
  };
}

/** Reads of a session that kept changing under one answer before it gives up (each retry means another call changed it). */
const MAX_ANSWER_ATTEMPTS = 20;

/**
 * submit_answer. The answer has the open question's shape (services/domain/answers.ts): a letter,
 * letters, a word. One after the deadline closes the question as unanswered, opens the next and
 * is then refused with `answer_too_late`; an empty answer is the player's time-out and succeeds.
 *
 * Two statements and no transaction: the session with its open question's right answer is read,
 * the answer decided here, and the write applies only if the session is still the version read
 * (`closeOpenQuestion`). When another call changed the session in between (a double submit, a
 * lifeline, finish_play), the answer is decided again on what that call left: a double submit
 * then finds the question closed (103), as it would have behind a row lock.
 */
export async function submitAnswer(
  db: Db,
  userId: number,
  input: { sessionId: string; questionId: number; answer: string },
  now: Date = new Date(),
  settings: SettingsMap = {},
  /** When the answer had fully arrived (docs/api.md, "The time of an answer"): it decides late or not; the next question opens `now`. */
  arrivedAt: Date = now,
): Promise<SubmitAnswerResult> {
  for (let attempt = 1; ; attempt++) {
    const row = await readOpenQuestion(db, input.sessionId, userId);
    if (!row) throw new ApiError('102', { field: 'session_id', detail: 'no such play session of this player' });
    if (row.status !== 'open') throw new ApiError('play_finished', { field: 'session_id' });
    const state = row.state;
    if (!state) throw new ApiError('103', { field: 'question_id', detail: 'every question is closed: call finish_play' });
    if (state.id !== input.questionId) throw new ApiError('103', { field: 'question_id', detail: `the open question is ${state.id}` });
    if (row.rightAnswer === null || row.questionType === null) throw new Error(`question ${state.id} of session ${input.sessionId} is gone`);
    const type = row.questionType as QuestionType;
    const fold = state.word?.fold ?? 'plain';
    const parsed = normalizeAnswer(type, input.answer, state.order, fold);
    if (!parsed.ok) throw new ApiError('103', { field: 'answer', detail: `answer: ${parsed.reason}` });
    const letter = parsed.answer;

    const late = isLateAnswer(openDeadline(row), arrivedAt);
    const given = late || letter === '' ? null : letter;
    const correct = given !== null && isRightAnswer(type, given, row.rightAnswer, fold);
    const closed: PlayQuestionState = { ...state, answer: given, correct, closedAt: arrivedAt.toISOString(), timedOut: given === null };
    const next = row.currentIndex + 1;
    const deadline = row.timePerQuestion !== null && next < row.total ? questionDeadline(row.timePerQuestion, row.startAllowance, now) : null;
    const applied = await closeOpenQuestion(db, { sessionId: input.sessionId, version: row.version, index: row.currentIndex, state: closed, openedAt: now, deadline });
    if (!applied) {
      if (attempt < MAX_ANSWER_ATTEMPTS) continue;
      throw new Error(`session ${input.sessionId} changed under ${MAX_ANSWER_ATTEMPTS} attempts to answer it`);
    }

    const data: SubmitAnswerResult = {
      correct: closed.correct === true,
      // A running contest keeps its right answers until it ends: others are still playing it.
      correct_answer: shownAnswer(row.rightAnswer, row.answersHiddenUntil, now),
      timed_out: given === null,
      current_index: next,
      time_left_ms: timeLeftMs({ currentDeadline: deadline, totalDeadline: row.totalDeadline, status: 'open' }, now),
      finished: next >= row.total,
      // What this answer did to the play's score: + the mode's points when right, − when wrong,
      // nothing when unanswered (practice modes score nothing).
      points: scoreFor(closed.correct === true ? 1 : 0, given !== null && closed.correct !== true ? 1 : 0, row.mode, settings),
    };
    if (late && letter !== '') {
      // Stored above: the question is closed as unanswered and the next is open.
      const { current_index, time_left_ms, finished } = data;
      throw new ApiError('answer_too_late', { field: 'answer', detail: 'the deadline of this question had passed', extra: { current_index, time_left_ms, finished } });
    }
    return data;
  }
}

/** use_lifeline: granted or refused on the open question; charged through the ledger when granted. */
export async function applyLifeline(
  db: Db,
  userId: number,
  input: { sessionId: string; questionId: number; lifeline: Lifeline },
  now: Date = new Date(),
): Promise<LifelineData> {
  return db.transaction(async (tx) => {
    const { row, states, state } = await lockOpenQuestion({ db, tx }, userId, input.sessionId, input.questionId);
    const question = (await loadQuestions(tx, [state.id], row.questionTable)).get(state.id);
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
      state.order.length,
    );
    if (refusal) throw new ApiError(refusal, { field: 'lifeline' });
    if (isLateAnswer(openDeadline(row), now)) throw new ApiError('answer_too_late', { field: 'lifeline', detail: 'the deadline of this question had passed' });

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
          patch.currentDeadline = questionDeadline(row.timePerQuestion, 0, now);
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

/** guess_the_word_hint: one more letter of the open word, picked by the server and paid through the ledger once. */
export async function revealHint(db: Db, userId: number, input: { sessionId: string; questionId: number }, now: Date = new Date()): Promise<WordHintData> {
  return db.transaction(async (tx) => {
    const { row, states, state } = await lockOpenQuestion({ db, tx }, userId, input.sessionId, input.questionId);
    const rules = row.rules.hints;
    if (!rules || !state.word) throw new ApiError('hint_not_allowed', { field: 'question_id', detail: 'hints are for guess-the-word questions of guess the word' });
    if (isLateAnswer(openDeadline(row), now)) throw new ApiError('answer_too_late', { field: 'question_id', detail: 'the deadline of this question had passed' });
    const used = state.word.hints.length;
    if (used >= rules.perQuestion) throw new ApiError('hint_limit', { field: 'question_id', detail: `at most ${rules.perQuestion} hints per question` });
    const question = (await loadQuestions(tx, [state.id], row.questionTable)).get(state.id);
    if (!question) throw new Error(`question ${state.id} of session ${row.id} is gone`);
    const places = unrevealed(question.answer, state.word.fold, state.word.hints);
    // A hint never fills the word: at least one letter stays the player's to find.
    if (places.length <= 1) throw new ApiError('hint_limit', { field: 'question_id', detail: 'every letter but the last is revealed' });

    let coins: number;
    if (rules.cost > 0) {
      const moved = await moveCoins(tx, {
        userId,
        amount: -rules.cost,
        type: 'hint',
        title: 'Guess the word: hint',
        idempotencyKey: `hint:${row.id}:${state.id}:${used + 1}`,
      });
      coins = moved.balance;
    } else coins = await readCoins(tx, userId);

    const index = places[Math.min(places.length - 1, Math.floor(secureRandom() * places.length))]!;
    const hint = { index, letter: wordLetters(question.answer, state.word.fold)[index]! };
    states[row.currentIndex] = { ...state, word: { ...state.word, hints: [...state.word.hints, hint] } };
    await updateSession(tx, row.id, { questions: states });
    return { hint, hints_left: rules.perQuestion - used - 1, coins };
  });
}

/**
 * start_question_clock (audio questions): the player's audio is ready, so the open question's
 * time starts now. Asked again, or after the wait for the audio ran out, it changes nothing and
 * answers the time left.
 */
export async function startQuestionClock(db: Db, userId: number, input: { sessionId: string; questionId: number }, now: Date = new Date()): Promise<QuestionClockData> {
  return db.transaction(async (tx) => {
    const { row, states, state } = await lockOpenQuestion({ db, tx }, userId, input.sessionId, input.questionId);
    if (!row.rules.startAllowance || row.timePerQuestion === null || state.clockStartedAt || isLateAnswer(openDeadline(row), now)) {
      return { time_left_ms: timeLeftMs(row, now) };
    }
    const deadline = new Date(Math.min(row.currentDeadline!.getTime(), questionDeadline(row.timePerQuestion, 0, now).getTime()));
    states[row.currentIndex] = { ...state, clockStartedAt: now.toISOString() };
    await updateSession(tx, row.id, { questions: states, currentDeadline: deadline });
    return { time_left_ms: timeLeftMs({ ...row, currentDeadline: deadline }, now) };
  });
}
