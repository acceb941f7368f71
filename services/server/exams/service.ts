import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { extendSeconds } from '@/services/domain/extended-time';
import {
  dueEnd,
  EXAM_LIVE_WINDOW_MS,
  gradeExam,
  hiddenTooLong,
  type ExamEndReason,
  type ExamList,
  type ExamListItem,
  type ExamProgress,
  type ExamReport,
  type ExamResult,
  type ExamSession,
  type ExamStatus,
  type ExamViolationKind,
} from '@/services/domain/exams';
import { flagSetting, intSetting, type SettingsMap } from '@/services/domain/settings';
import { enforceRateLimits, RATE_LIMITS } from '@/services/server/accounts/rate-limit';
import type { Db, Tx } from '@/services/server/db/client';
import type { ExamQuestionState } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';
import { dayEndOf, dayOf, playerCalendar } from '@/services/server/play/clock';
import { readCoins, readOpenSessionId } from '@/services/server/play/repository';
import { GRACE_MS, optionLetters, optionText, shuffled } from '@/services/server/play/views';
import {
  countViolations,
  insertAttempt,
  insertViolation,
  listDueAttempts,
  listExams,
  lockAttempt,
  readAttempt,
  readExam,
  readExamQuestions,
  readExamQuestionsById,
  readViolations,
  setViolationDuration,
  updateAttempt,
  type AttemptPatch,
  type AttemptRow,
  type ExamQuestionRow,
  type ExamRow,
} from '@/services/server/exams/repository';

/**
 * Exams (docs/exams.md). The server holds each attempt's deadline, answers and page; it grades
 * at submit and never sends a right answer. Every call on a running attempt first asks whether
 * the attempt fell due meanwhile (`dueEnd`: the deadline, a hidden page's limit, a page gone past
 * the resume time) and, if so, ends it as of that moment before anything else; a sweep does the
 * same for attempts nobody calls about.
 */

function requireExams(settings: SettingsMap): void {
  if (!flagSetting(settings, 'exam_module')) throw new ApiError('mode_disabled', { detail: 'exam_module is off' });
}

export function newAttemptId(): string {
  return `x_${randomBytes(16).toString('base64url')}`;
}

const iso = (d: Date) => d.toISOString();

function timeLeftMs(attempt: Pick<AttemptRow, 'deadline' | 'status'>, now: Date): number {
  if (attempt.status !== 'in_exam') return 0;
  return Math.max(0, attempt.deadline.getTime() - GRACE_MS - now.getTime());
}

function examInfo(exam: ExamRow, questions: readonly ExamQuestionRow[]): ExamSession['exam'] {
  return {
    id: exam.id,
    title: exam.title,
    duration: exam.durationMinutes,
    total_marks: questions.reduce((sum, q) => sum + q.marks, 0),
    answer_again: exam.answerAgain,
    fullscreen: exam.requireFullscreen,
  };
}

// ---------------------------------------------------------------------------------------------
// Lists

export async function listExamModule(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { list: ExamList; languageId: number; timezone?: string | undefined; gmtFormat?: string | undefined; offset: number; limit: number },
  now: Date = new Date(),
): Promise<{ items: ExamListItem[]; total: number }> {
  requireExams(settings);
  const calendar = playerCalendar(input, settings);
  const dayEnd = dayEndOf(calendar, dayOf(calendar, now));
  const { rows, total } = await listExams(db, { userId, list: input.list, languageId: input.languageId, now, dayEnd, offset: input.offset, limit: input.limit });
  const items = rows.map(({ exam, totalQuestions, totalMarks, status, result }): ExamListItem => ({
    id: exam.id,
    title: exam.title,
    language_id: exam.languageId,
    starts_at: iso(exam.startsAt),
    ends_at: iso(exam.endsAt),
    duration: exam.durationMinutes,
    total_questions: totalQuestions,
    total_marks: totalMarks,
    answer_again: exam.answerAgain,
    fullscreen: exam.requireFullscreen,
    status: (status ?? 'not_started') as ExamStatus,
    obtained_marks: result ? Number(result.obtained_marks) : null,
    rules_violated: result ? result.rules_violated === true : null,
  }));
  return { items, total };
}

// ---------------------------------------------------------------------------------------------
// Ending an attempt

/**
 * Ends a locked, running attempt as of `endedAt`: grades its answers against the right ones,
 * gathers its violations and the questions they caught, and stores the result. The result is
 * then what every later submit answers.
 */
async function completeLocked(
  tx: Tx,
  attempt: AttemptRow,
  end: { reason: ExamEndReason; at: Date; claimedViolation?: boolean; claimedCaptured?: readonly number[] },
): Promise<ExamResult> {
  const exam = await readExam(tx, attempt.examModuleId);
  const byId = await readExamQuestionsById(
    tx,
    attempt.questions.map((q) => q.id),
  );
  const grade = gradeExam(
    attempt.questions.flatMap((q) => {
      const row = byId.get(q.id);
      return row ? [{ marks: row.marks, answer: q.answer, right: row.answer }] : [];
    }),
  );
  // A page still hidden when the attempt ended was hidden at least until then (its return, if reported, says how long).
  if (attempt.hiddenSince && attempt.hiddenViolationId !== null) {
    await setViolationDuration(tx, attempt.hiddenViolationId, Math.max(0, end.at.getTime() - attempt.hiddenSince.getTime()));
  }
  const violations = await readViolations(tx, attempt.id);
  const inExam = new Set(attempt.questions.map((q) => q.id));
  const captured = new Set<number>();
  for (const v of violations) if (v.questionId !== null && v.kind !== 'page_left') captured.add(v.questionId);
  // What the page says it caught counts too when it is one of the exam's questions: a page
  // admitting a violation is believed, one denying it is not asked.
  for (const id of end.claimedCaptured ?? []) if (inExam.has(id)) captured.add(id);
  const rulesViolated = end.reason === 'rules_violated' || end.claimedViolation === true || attempt.rulesViolated;
  const result: ExamResult = {
    exam_module_id: attempt.examModuleId,
    title: exam?.title ?? '',
    ...grade,
    total_duration: Math.max(0, Math.round((end.at.getTime() - attempt.startedAt.getTime()) / 1000)),
    end_reason: end.reason,
    rules_violated: rulesViolated,
    violations: violations.map((v) => ({
      kind: v.kind as ExamViolationKind,
      at: iso(v.at),
      question_id: v.questionId,
      duration_ms: v.durationMs,
    })),
    captured_question_ids: [...captured].sort((a, b) => a - b),
    ended_at: iso(end.at),
  };
  await updateAttempt(tx, attempt.id, {
    status: 'completed',
    endedAt: end.at,
    endReason: end.reason,
    rulesViolated,
    result: result as unknown as Record<string, unknown>,
    hiddenSince: null,
    hiddenViolationId: null,
  });
  return result;
}

/** Ends the attempt if it fell due; true when it did (or was over already). */
async function settleIfDue(tx: Tx, attempt: AttemptRow, now: Date): Promise<boolean> {
  if (attempt.status !== 'in_exam') return true;
  const due = dueEnd(attempt, now);
  if (!due) return false;
  await completeLocked(tx, attempt, due);
  attempt.status = 'completed';
  attempt.endReason = due.reason;
  return true;
}

function completedError(attempt: Pick<AttemptRow, 'endReason'>): ApiError {
  return new ApiError('exam_completed', { field: 'session_id', detail: `the exam ended: ${attempt.endReason}`, extra: { end_reason: attempt.endReason } });
}

async function progressOf(tx: Tx, attempt: AttemptRow, now: Date): Promise<ExamProgress> {
  return {
    status: attempt.status === 'completed' ? 'completed' : 'in_exam',
    time_left_ms: timeLeftMs(attempt, now),
    answered: attempt.questions.filter((q) => q.answer !== null).length,
    violations: await countViolations(tx, attempt.id),
    end_reason: (attempt.endReason as ExamEndReason | null) ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Opening and resuming

function sessionData(exam: ExamRow, attempt: AttemptRow, questions: ReadonlyMap<number, ExamQuestionRow>, violations: number, now: Date): ExamSession {
  const rows = [...questions.values()];
  return {
    session_id: attempt.id,
    exam: examInfo(exam, rows),
    questions: attempt.questions.flatMap((state) => {
      const q = questions.get(state.id);
      if (!q) return [];
      return [
        {
          id: q.id,
          question: q.question,
          question_type: q.questionType === 'boolean' ? ('boolean' as const) : ('multiple' as const),
          image: q.image,
          marks: q.marks,
          options: state.order.map((key) => ({ key, text: optionText(q, key) ?? '' })),
        },
      ];
    }),
    answers: Object.fromEntries(attempt.questions.filter((q) => q.answer !== null).map((q) => [String(q.id), q.answer!])),
    time_left_ms: timeLeftMs(attempt, now),
    hidden_limit_seconds: attempt.hiddenLimitSeconds,
    violations,
  };
}

/**
 * get_exam_module_questions: starts the player's one attempt (the right key, the rules agreed,
 * inside the exam's window) or resumes the running one. A resumed attempt needs neither the key
 * nor the rules again: the player proved both when it started. Opening it on a new page while
 * another page is live records `second_session`; the new page is the exam's page from then on.
 */
export async function openExam(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { examId: number; examKey?: string | undefined; rulesAgreed: boolean; clientId: string },
  now: Date = new Date(),
): Promise<ExamSession> {
  requireExams(settings);
  const exam = await readExam(db, input.examId);
  if (!exam || !exam.status) throw new ApiError('102', { field: 'exam_module_id', detail: `no exam ${input.examId}` });
  const existing = await readAttempt(db, exam.id, userId);
  if (existing?.status === 'completed') throw completedError(existing);

  if (!existing) {
    if (!input.examKey) throw new ApiError('103', { field: 'exam_key', detail: 'exam_key: please enter the exam key' });
    await enforceRateLimits(db, [[RATE_LIMITS.examKey, `${userId}:${exam.id}`]], now);
    if (input.examKey !== exam.examKey) throw new ApiError('exam_key_invalid', { field: 'exam_key' });
    if (!input.rulesAgreed) throw new ApiError('exam_rules_not_agreed', { field: 'rules_agreed' });
    if (now < exam.startsAt) throw new ApiError('exam_not_open', { field: 'exam_module_id', detail: `the exam opens at ${iso(exam.startsAt)}`, extra: { starts_at: iso(exam.startsAt) } });
    if (now >= exam.endsAt) throw new ApiError('exam_over', { field: 'exam_module_id', detail: `the exam closed at ${iso(exam.endsAt)}` });
  }

  const questions = await readExamQuestions(db, exam.id);
  if (questions.length === 0) throw new ApiError('102', { field: 'exam_module_id', detail: 'the exam has no questions' });
  const byId = new Map(questions.map((q) => [q.id, q]));

  // An attempt that fell due is ended inside: that must commit, so its refusal is thrown after.
  const outcome = await db.transaction(async (tx): Promise<ExamSession | ApiError> => {
    let attempt = existing ? await lockAttempt(tx, existing.id, userId) : null;
    if (!attempt) {
      const withOptionE = flagSetting(settings, 'option_e_mode');
      const shuffleOptions = flagSetting(settings, 'option_shuffle_mode');
      const ordered = flagSetting(settings, 'question_shuffle_mode') ? shuffled(questions) : questions;
      const states: ExamQuestionState[] = ordered.map((q) => {
        const letters = optionLetters(q, withOptionE || q.answer === 'e');
        return { id: q.id, order: shuffleOptions && q.questionType !== 'boolean' ? shuffled(letters) : letters, answer: null, answeredAt: null };
      });
      const { timeExtension } = await readOpenSessionId(tx, userId, '');
      const seconds = extendSeconds(exam.durationMinutes * 60, timeExtension);
      attempt = await insertAttempt(tx, {
        id: newAttemptId(),
        examModuleId: exam.id,
        userId,
        status: 'in_exam',
        questions: states,
        startedAt: now,
        deadline: new Date(now.getTime() + seconds * 1000 + GRACE_MS),
        clientId: input.clientId,
        lastSeenAt: now,
        hiddenLimitSeconds: intSetting(settings, 'exam_violation_hidden_seconds'),
        resumeMinutes: intSetting(settings, 'exam_module_resume_exam_timeout'),
      });
      // A concurrent open of the same exam won: resume its attempt.
      attempt ??= await lockAttempt(tx, (await readAttempt(tx, exam.id, userId))!.id, userId);
      if (!attempt) throw new Error(`exam attempt of player ${userId} in exam ${exam.id} vanished`);
    } else {
      if (await settleIfDue(tx, attempt, now)) return completedError(attempt);
      const otherPageLive = attempt.clientId !== input.clientId && attempt.clientLeftAt === null && now.getTime() - attempt.lastSeenAt.getTime() <= EXAM_LIVE_WINDOW_MS;
      if (otherPageLive) {
        await insertViolation(tx, { attemptId: attempt.id, kind: 'second_session', questionId: null, at: now, clientId: input.clientId });
      }
      const patch: AttemptPatch = { clientId: input.clientId, lastSeenAt: now, clientLeftAt: null };
      await updateAttempt(tx, attempt.id, patch);
      attempt = { ...attempt, ...patch };
    }
    return sessionData(exam, attempt, byId, await countViolations(tx, attempt.id), now);
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Inside the attempt

/** A running attempt of this player, locked, that is not due; its page must be the one asking. */
async function lockRunning(tx: Tx, userId: number, sessionId: string, clientId: string, now: Date): Promise<AttemptRow> {
  const attempt = await lockAttempt(tx, sessionId, userId);
  if (!attempt) throw new ApiError('102', { field: 'session_id', detail: 'no such exam session of this player' });
  if (await settleIfDue(tx, attempt, now)) throw completedError(attempt);
  if (attempt.clientId !== clientId) throw new ApiError('exam_other_session', { field: 'client_id', detail: 'the exam was opened on another page since' });
  return attempt;
}

/**
 * set_exam_answer: records (or, where the exam allows it, changes or clears) the answer to one
 * question. Says nothing about whether it is right.
 */
export async function answerExam(
  db: Db,
  userId: number,
  input: { sessionId: string; questionId: number; answer: string; clientId: string },
  now: Date = new Date(),
): Promise<ExamProgress> {
  const letter = input.answer.trim().toLowerCase();
  // The attempt may end as due inside: that must commit, so the refusal is thrown after the transaction.
  const outcome = await db.transaction(async (tx): Promise<ExamProgress | ApiError> => {
    let attempt: AttemptRow;
    try {
      attempt = await lockRunning(tx, userId, input.sessionId, input.clientId, now);
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
    const index = attempt.questions.findIndex((q) => q.id === input.questionId);
    if (index < 0) return new ApiError('103', { field: 'question_id', detail: `question ${input.questionId} is not in this exam` });
    const state = attempt.questions[index]!;
    if (letter !== '' && !state.order.includes(letter)) return new ApiError('103', { field: 'answer', detail: `answer: must be one of ${state.order.join(', ')}` });
    const exam = await readExam(tx, attempt.examModuleId);
    if (state.answer !== null && state.answer !== letter && !exam?.answerAgain) {
      return new ApiError('exam_answer_locked', { field: 'question_id', detail: 'this exam does not allow changing an answer' });
    }
    if (letter === '' && state.answer === null) return progressOf(tx, attempt, now);
    const questions = attempt.questions.map((q, i) => (i === index ? { ...q, answer: letter === '' ? null : letter, answeredAt: letter === '' ? null : iso(now) } : q));
    const patch: AttemptPatch = { questions, lastSeenAt: now };
    await updateAttempt(tx, attempt.id, patch);
    return progressOf(tx, { ...attempt, ...patch }, now);
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}

/**
 * report_exam_violation: what the page saw. A hidden page starts the server's hidden clock
 * (by the server's time of receipt); its return stops it, and a return after the limit ends
 * the attempt with the rules violated as of the limit. A page that never reports its return is
 * ended at the limit all the same (`dueEnd`). Reports from a page that is no longer the exam's
 * page are recorded but change nothing.
 */
export async function reportViolation(
  db: Db,
  userId: number,
  input: { sessionId: string; report: ExamReport; questionId?: number | undefined; clientId: string },
  now: Date = new Date(),
): Promise<ExamProgress> {
  return db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, input.sessionId, userId);
    if (!attempt) throw new ApiError('102', { field: 'session_id', detail: 'no such exam session of this player' });
    // A hidden page that reports its return tells how long it was away, even when that ended the exam.
    if (input.report === 'page_visible' && attempt.clientId === input.clientId && attempt.hiddenSince && attempt.hiddenViolationId !== null) {
      await setViolationDuration(tx, attempt.hiddenViolationId, now.getTime() - attempt.hiddenSince.getTime());
    }
    if (await settleIfDue(tx, attempt, now)) return progressOf(tx, attempt, now);
    const questionId = input.questionId !== undefined && attempt.questions.some((q) => q.id === input.questionId) ? input.questionId : null;
    const record = (kind: ExamViolationKind) => insertViolation(tx, { attemptId: attempt.id, kind, questionId, at: now, clientId: input.clientId });

    if (attempt.clientId !== input.clientId) {
      if (input.report !== 'page_visible' && input.report !== 'page_left') await record(input.report);
      return progressOf(tx, attempt, now);
    }

    const patch: AttemptPatch = { lastSeenAt: now };
    switch (input.report) {
      case 'page_hidden':
        if (!attempt.hiddenSince) {
          patch.hiddenSince = now;
          patch.hiddenViolationId = await record('page_hidden');
        }
        break;
      case 'page_visible':
        if (attempt.hiddenSince) {
          const away = now.getTime() - attempt.hiddenSince.getTime();
          if (attempt.hiddenViolationId !== null) await setViolationDuration(tx, attempt.hiddenViolationId, away);
          if (hiddenTooLong(attempt.hiddenSince, now, attempt.hiddenLimitSeconds)) {
            const at = new Date(attempt.hiddenSince.getTime() + attempt.hiddenLimitSeconds * 1000);
            await completeLocked(tx, { ...attempt, hiddenViolationId: null }, { reason: 'rules_violated', at });
            return progressOf(tx, { ...attempt, status: 'completed', endReason: 'rules_violated' }, now);
          }
          patch.hiddenSince = null;
          patch.hiddenViolationId = null;
        }
        break;
      case 'page_left':
        await record('page_left');
        patch.clientLeftAt = now;
        break;
      default:
        await record(input.report);
    }
    await updateAttempt(tx, attempt.id, patch);
    return progressOf(tx, { ...attempt, ...patch }, now);
  });
}

/** exam_heartbeat: the page is still there; answers where the attempt stands. */
export async function heartbeat(db: Db, userId: number, input: { sessionId: string; clientId: string }, now: Date = new Date()): Promise<ExamProgress> {
  const outcome = await db.transaction(async (tx): Promise<ExamProgress | ApiError> => {
    const attempt = await lockAttempt(tx, input.sessionId, userId);
    if (!attempt) return new ApiError('102', { field: 'session_id', detail: 'no such exam session of this player' });
    if (await settleIfDue(tx, attempt, now)) return progressOf(tx, attempt, now);
    if (attempt.clientId !== input.clientId) return new ApiError('exam_other_session', { field: 'client_id', detail: 'the exam was opened on another page since' });
    await updateAttempt(tx, attempt.id, { lastSeenAt: now, clientLeftAt: null });
    return progressOf(tx, attempt, now);
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}

/**
 * set_exam_module_result: the player submits. The server grades what it recorded; the marks,
 * statistics and duration a client sends are not read. A client saying it broke the rules, and
 * the questions it says were caught, are added to what the server saw. A second submit answers
 * the stored result.
 */
export async function submitExam(
  db: Db,
  settings: SettingsMap,
  userId: number,
  input: { examId: number; rulesViolated: boolean; capturedQuestionIds: readonly number[] },
  now: Date = new Date(),
): Promise<ExamResult> {
  requireExams(settings);
  const found = await readAttempt(db, input.examId, userId);
  if (!found) throw new ApiError('102', { field: 'exam_module_id', detail: 'this exam was not started' });
  return db.transaction(async (tx) => {
    const attempt = (await lockAttempt(tx, found.id, userId))!;
    if (attempt.status === 'completed') return attempt.result as unknown as ExamResult;
    const due = dueEnd(attempt, now);
    // A page that says it broke the rules while the server sees it hidden was hidden for its
    // limit by its own clock (the report reached the server a little later): it ends so.
    const hiddenEnd = !due && input.rulesViolated && attempt.hiddenSince !== null ? { reason: 'rules_violated' as const, at: now } : null;
    return completeLocked(tx, attempt, {
      ...(due ?? hiddenEnd ?? { reason: 'submitted' as const, at: now }),
      claimedViolation: input.rulesViolated,
      claimedCaptured: input.capturedQuestionIds,
    });
  });
}

/** get_exam_module_result: a completed attempt's result. */
export async function readExamResult(db: Db, settings: SettingsMap, userId: number, examId: number, now: Date = new Date()): Promise<ExamResult & { coins: number }> {
  requireExams(settings);
  const found = await readAttempt(db, examId, userId);
  if (!found) throw new ApiError('102', { field: 'exam_module_id', detail: 'this exam was not started' });
  const attempt = await db.transaction(async (tx) => {
    const locked = (await lockAttempt(tx, found.id, userId))!;
    await settleIfDue(tx, locked, now);
    return (await lockAttempt(tx, found.id, userId))!;
  });
  if (attempt.status !== 'completed') throw new ApiError('play_not_finished', { field: 'exam_module_id', detail: 'the exam is still running' });
  return { ...(attempt.result as unknown as ExamResult), coins: await readCoins(db, userId) };
}

// ---------------------------------------------------------------------------------------------
// The sweep

/** Ends every running attempt that fell due by `now`; answers how many it ended. */
export async function sweepExams(db: Db, now: Date = new Date()): Promise<number> {
  let ended = 0;
  for (const id of await listDueAttempts(db, now, EXAM_LIVE_WINDOW_MS, 100)) {
    const done = await db.transaction(async (tx) => {
      const attempt = await lockAttempt(tx, id, null);
      if (!attempt || attempt.status !== 'in_exam') return false;
      return settleIfDue(tx, attempt, now);
    });
    if (done) ended++;
  }
  return ended;
}

export interface ExamSweeper {
  sweep(now?: Date): Promise<number>;
  start(): void;
  close(): Promise<void>;
}

/** Runs `sweepExams` every `intervalMs` (one at a time) once started. */
export function createExamSweeper(db: Db, log: Logger, clock: { now(): number } = { now: () => Date.now() }, intervalMs = 1000): ExamSweeper {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const sweep = (now?: Date) => sweepExams(db, now ?? new Date(clock.now()));
  return {
    sweep,
    start() {
      timer ??= setInterval(() => {
        if (running) return;
        running = sweep()
          .then((n) => n > 0 && log.info({ ended: n }, 'exam attempts ended by the sweep'))
          .catch((err) => log.error({ err }, 'exam sweep failed'))
          .finally(() => (running = null));
      }, intervalMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
