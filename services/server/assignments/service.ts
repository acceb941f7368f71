import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  ASSIGNMENT_MAX_PUPILS,
  ASSIGNMENT_NETWORK_MS,
  answerInTime,
  answersShown,
  assignmentStatus,
  bestAttempt,
  countedElapsedMs,
  makeResumeCode,
  orderOf,
  questionTimeMs,
  readResumeCode,
  windowProblem,
  type AssignmentEntry,
  type AssignmentFeedback,
  type AssignmentHostItem,
  type AssignmentPupilItem,
  type AssignmentPupilView,
  type AssignmentQuestion,
  type AssignmentStatus,
  type AssignmentTimer,
  type ShowAnswers,
} from '@/services/domain/assignments';
import { blockedWordIn, blockedWordsOf, checkNickname, livePoints, makeLivePin, nicknameKey, rankPlayers, streakBonus, type LiveSecretQuestion } from '@/services/domain/live';
import { gradeLiveAnswer, hasOptionTiles, maxAnswerLength, readLiveAnswer, rightAnswerText } from '@/services/domain/live-kinds';
import type { AssignmentReport, AssignmentReportItem, LiveReportPlayer, LiveReportQuestion } from '@/services/domain/live-report';
import { flagSetting, type SettingsMap } from '@/services/domain/settings';
import { hitRateLimit, RATE_LIMITS, rateLimited, settingLimit, undoRateLimitHit } from '@/services/server/accounts/rate-limit';
import { hashToken, type AuthUser } from '@/services/server/accounts/sessions';
import type { Db, Tx } from '@/services/server/db/client';
import { assignmentAnswers, assignmentAttempts, assignmentPupils, assignments, liveGames, users } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';
import { pickLiveQuestions, type QuestionPick } from '@/services/server/live/questions';
import { summariseAnswers } from '@/services/server/live/reports';
import { RUNNING_STATUSES } from '@/services/server/live/repository';

/**
 * Self-paced assignments (docs/live.md, "Assignments"). Every step of a pupil is one transaction
 * on their attempt's row (locked): a question's clock starts when the server sends it and is kept
 * in the row, an answer is decided against it at the instant its call arrived, and two answers to
 * one question (a double tap, two devices) are decided in that lock: the second is refused.
 */

type AssignmentRow = typeof assignments.$inferSelect;
type PupilRow = typeof assignmentPupils.$inferSelect;
type AttemptRow = typeof assignmentAttempts.$inferSelect;
type AnswerRow = typeof assignmentAnswers.$inferSelect;
type Conn = Db | Tx;

export interface CreateAssignment extends QuestionPick {
  title?: string | undefined;
  opensAt: number;
  closesAt: number;
  attempts: number;
  shuffle: boolean;
  showAnswers: ShowAnswers;
  timer: AssignmentTimer;
}

export interface JoinedPupil {
  readonly assignment_id: number;
  /** Kept by the browser: the pupil's device. */
  readonly token: string;
  readonly view: AssignmentPupilView;
}

const random = () => randomInt(0, 2 ** 32) / 2 ** 32;
const notYours = () => new ApiError('102', { field: 'assignment_id', detail: 'no such assignment among yours' });
const unknownPin = (pin: string) => new ApiError('assignment_pin_unknown', { field: 'pin', detail: `no assignment is open with PIN ${pin}` });

/** A pupil's attempt kept (the best finished one, bestAttempt), from their stored attempts. */
const keptAttempt = (rows: readonly AttemptRow[]) => bestAttempt(rows.map((t) => ({ id: t.id, score: t.score, time_ms: t.timeMs, finished: t.finishedAt !== null })));

const statusOf = (a: AssignmentRow, now: number): AssignmentStatus => assignmentStatus({ opensAt: a.opensAt.getTime(), closesAt: a.closesAt.getTime() }, now);

/** The question at `position` of an attempt, as the pupil's screen gets it (its options in the attempt's order). */
function servedQuestion(a: AssignmentRow, attempt: AttemptRow, percent: number): AssignmentQuestion {
  const index = attempt.questionOrder[attempt.position]!;
  const q = a.questions[index]!;
  const order = attempt.optionOrders[index] ?? q.options.map((o) => o.key);
  const options = order.map((key) => q.options.find((o) => o.key === key)!).filter(Boolean);
  const timeMs = questionTimeMs(q.time_limit, percent, a.timer as AssignmentTimer);
  const sent = attempt.questionSentAt!.getTime();
  return {
    position: attempt.position,
    count: attempt.questionOrder.length,
    type: q.type,
    text: q.text,
    image: q.image,
    options,
    ...(q.type === 'multiselect' ? { pick: q.answer.split(',').length } : {}),
    ...(q.slider ? { slider: { min: q.slider.min, max: q.slider.max, step: q.slider.step } } : {}),
    ...(q.type === 'type' || q.type === 'wordcloud' ? { max_length: maxAnswerLength(q.type) } : {}),
    points: q.points,
    time_ms: timeMs,
    started_at: sent,
    deadline_at: timeMs > 0 ? sent + timeMs : 0,
  };
}

function feedbackOf(q: LiveSecretQuestion, answer: Pick<AnswerRow, 'position' | 'answer' | 'correct' | 'points' | 'bonus'>, shown: { grades: boolean; answers: boolean }): AssignmentFeedback {
  return {
    position: answer.position,
    answer: answer.answer,
    correct: shown.grades ? answer.correct : null,
    points: shown.grades ? answer.points : null,
    bonus: shown.grades ? answer.bonus : null,
    right_answer: shown.answers ? rightAnswerText(q) : null,
    options: q.options,
    type: q.type,
    text: q.text,
  };
}

export class AssignmentService {
  constructor(
    private readonly db: Db,
    private readonly clock: { now(): number },
  ) {}

  // ---- hosting ----

  async create(user: AuthUser, settings: SettingsMap, input: CreateAssignment): Promise<AssignmentHostItem> {
    const now = this.clock.now();
    const problem = windowProblem(input.opensAt, input.closesAt, now);
    if (problem) throw new ApiError('103', problem);
    const picked = await pickLiveQuestions(this.db, user, settings, input);
    const title = input.title?.trim() || picked.title;
    const row = await this.db.transaction(async (tx) => {
      // One PIN at a time is drawn, so that two assignments created at once never share one.
      await tx.execute(sql`select pg_advisory_xact_lock(47026)`);
      for (let attempt = 0; attempt < 20; attempt++) {
        const pin = makeLivePin(random);
        const [open] = await tx.select({ id: assignments.id }).from(assignments).where(and(eq(assignments.pin, pin), gt(assignments.closesAt, new Date(now)))).limit(1);
        const [live] = await tx.select({ id: liveGames.id }).from(liveGames).where(and(eq(liveGames.pin, pin), inArray(liveGames.status, [...RUNNING_STATUSES]))).limit(1);
        if (open || live) continue;
        const [inserted] = await tx
          .insert(assignments)
          .values({
            pin,
            hostId: user.id,
            title,
            source: picked.source,
            questions: picked.questions,
            opensAt: new Date(input.opensAt),
            closesAt: new Date(input.closesAt),
            attempts: input.attempts,
            shuffle: input.shuffle,
            showAnswers: input.showAnswers,
            timer: input.timer,
          })
          .returning();
        return inserted!;
      }
      throw new ApiError('122', { detail: 'no free PIN found' });
    });
    return this.itemOf(row, 0, 0, now);
  }

  private itemOf(a: AssignmentRow, pupils: number, finished: number, now: number): AssignmentHostItem {
    return {
      id: a.id,
      title: a.title,
      pin: a.pin,
      status: statusOf(a, now),
      opens_at: a.opensAt.getTime(),
      closes_at: a.closesAt.getTime(),
      question_count: a.questions.length,
      attempts: a.attempts,
      shuffle: a.shuffle,
      show_answers: a.showAnswers as ShowAnswers,
      timer: a.timer as AssignmentTimer,
      pupil_count: pupils,
      finished_count: finished,
    };
  }

  private async hostRow(user: AuthUser, id: number, conn: Conn = this.db): Promise<AssignmentRow> {
    const [row] = await conn.select().from(assignments).where(eq(assignments.id, id)).limit(1);
    if (!row || (row.hostId !== user.id && user.role !== 'admin')) throw notYours();
    return row;
  }

  /** The host's assignments, newest first. */
  async list(user: AuthUser, page: { offset: number; limit: number }): Promise<{ rows: AssignmentHostItem[]; total: number }> {
    const [rows, totals] = await Promise.all([
      this.db
        .select({
          a: assignments,
          pupils: sql<number>`(select count(*)::int from ${assignmentPupils} p where p.assignment_id = ${assignments.id})`,
          finished: sql<number>`(select count(distinct t.pupil_id)::int from ${assignmentAttempts} t where t.assignment_id = ${assignments.id} and t.finished_at is not null)`,
        })
        .from(assignments)
        .where(eq(assignments.hostId, user.id))
        .orderBy(desc(assignments.createdAt), desc(assignments.id))
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ n: count() }).from(assignments).where(eq(assignments.hostId, user.id)),
    ]);
    const now = this.clock.now();
    return { rows: rows.map((r) => this.itemOf(r.a, Number(r.pupils), Number(r.finished), now)), total: Number(totals[0]?.n ?? 0) };
  }

  /** The host's page: the assignment and its pupils' progress. */
  async hostView(user: AuthUser, id: number): Promise<{ assignment: AssignmentHostItem; pupils: AssignmentPupilItem[] }> {
    const a = await this.hostRow(user, id);
    const [pupils, attempts] = await Promise.all([
      this.db.select().from(assignmentPupils).where(eq(assignmentPupils.assignmentId, id)).orderBy(asc(assignmentPupils.id)),
      this.db.select().from(assignmentAttempts).where(eq(assignmentAttempts.assignmentId, id)).orderBy(asc(assignmentAttempts.number)),
    ]);
    const items = pupils.map((p): AssignmentPupilItem => {
      const mine = attempts.filter((t) => t.pupilId === p.id);
      const last = mine[mine.length - 1];
      const best = keptAttempt(mine);
      return {
        id: p.id,
        nickname: p.nickname,
        signed_in: p.userId !== null,
        resume_code: p.resumeCode,
        attempts: mine.length,
        answered: last?.answered ?? 0,
        finished: best !== null,
        best_score: best?.score ?? null,
      };
    });
    return { assignment: this.itemOf(a, items.length, items.filter((p) => p.finished).length, this.clock.now()), pupils: items };
  }

  /** Closes it now: answers are refused from this instant. */
  async close(user: AuthUser, id: number): Promise<AssignmentHostItem> {
    const a = await this.hostRow(user, id);
    const now = this.clock.now();
    if (statusOf(a, now) === 'closed') throw new ApiError('assignment_closed', { detail: 'this assignment is already closed' });
    // It closes at this instant. Closed before (or at) its opening, its window still runs forward:
    // it opened a millisecond before.
    const opensAt = new Date(Math.min(a.opensAt.getTime(), now - 1));
    await this.db.update(assignments).set({ opensAt, closesAt: new Date(now), closedEarlyAt: new Date(now) }).where(eq(assignments.id, id));
    return (await this.hostView(user, id)).assignment;
  }

  // ---- pupils ----

  /** The assignment a PIN names (not closed), counted against the address's wrong PINs as a live game's are. */
  private async byPin(pin: string, ip: string, settings: SettingsMap): Promise<AssignmentRow> {
    if (!flagSetting(settings, 'live_mode')) throw new ApiError('mode_disabled', { detail: 'live games and assignments are turned off' });
    const now = new Date(this.clock.now());
    const rule = settingLimit(RATE_LIMITS.livePinIp, settings, 'live_wrong_pins_per_address');
    const guess = await hitRateLimit(this.db, rule, ip, now);
    if (!guess.allowed) throw rateLimited(guess.retryAfterSeconds, `too many wrong PINs from this address; try again in ${guess.retryAfterSeconds} s`);
    // The one not closed; else the last to close (its pupils may still read their results).
    const [row] = await this.db.select().from(assignments).where(eq(assignments.pin, pin)).orderBy(desc(assignments.closesAt)).limit(1);
    if (!row) throw unknownPin(pin);
    await undoRateLimitHit(this.db, rule, ip, now);
    return row;
  }

  async entry(pin: string, settings: SettingsMap, ip = ''): Promise<AssignmentEntry> {
    const a = await this.byPin(pin, ip, settings);
    const [host] = await this.db.select({ name: users.name }).from(users).where(eq(users.id, a.hostId)).limit(1);
    return {
      assignment_id: a.id,
      title: a.title,
      host: host?.name ?? '',
      status: statusOf(a, this.clock.now()),
      opens_at: a.opensAt.getTime(),
      closes_at: a.closesAt.getTime(),
      question_count: a.questions.length,
      attempts: a.attempts,
      timer: a.timer as AssignmentTimer,
      show_answers: a.showAnswers as ShowAnswers,
    };
  }

  /**
   * A pupil joins with a nickname (checked as a live game's, blocked words refused), or as the
   * signed-in player (their name; joining again from another device is the same pupil).
   */
  async join(pin: string, rawNickname: string | undefined, user: AuthUser | null, settings: SettingsMap, ip = ''): Promise<JoinedPupil> {
    const a = await this.byPin(pin, ip, settings);
    const now = this.clock.now();
    if (statusOf(a, now) === 'closed') throw new ApiError('assignment_closed');
    const token = randomBytes(24).toString('base64url');
    if (user) {
      const [mine] = await this.db.select().from(assignmentPupils).where(and(eq(assignmentPupils.assignmentId, a.id), eq(assignmentPupils.userId, user.id))).limit(1);
      if (mine) {
        await this.db.update(assignmentPupils).set({ tokenHash: hashToken(token) }).where(eq(assignmentPupils.id, mine.id));
        return { assignment_id: a.id, token, view: await this.view(a.id, token) };
      }
    }
    const wanted = rawNickname ?? user?.name ?? '';
    const read = checkNickname(user && rawNickname === undefined ? [...wanted].slice(0, 20).join('') : wanted);
    if (!read.ok) throw new ApiError('103', { field: 'nickname', detail: `nickname: ${read.reason}` });
    if (blockedWordIn(read.nickname, blockedWordsOf(settings)) !== null) throw new ApiError('nickname_blocked', { field: 'nickname', detail: 'this nickname holds a word the operators do not allow' });
    const percent = user ? ((await this.db.select({ p: users.timeExtension }).from(users).where(eq(users.id, user.id)).limit(1))[0]?.p ?? 100) : 100;
    await this.db.transaction(async (tx) => {
      // The pupils of one assignment join one at a time: its seat limit holds under a rush.
      await tx.select({ id: assignments.id }).from(assignments).where(eq(assignments.id, a.id)).for('update');
      const [held] = await tx.select({ n: count() }).from(assignmentPupils).where(eq(assignmentPupils.assignmentId, a.id));
      if (Number(held?.n ?? 0) >= ASSIGNMENT_MAX_PUPILS) throw new ApiError('live_full', { detail: `this assignment takes ${ASSIGNMENT_MAX_PUPILS} pupils` });
      const key = nicknameKey(read.nickname);
      const [taken] = await tx.select({ id: assignmentPupils.id }).from(assignmentPupils).where(and(eq(assignmentPupils.assignmentId, a.id), eq(assignmentPupils.nicknameKey, key))).limit(1);
      if (taken) throw new ApiError('nickname_taken', { field: 'nickname', detail: `"${read.nickname}" is taken in this assignment: pick another, or resume with your code` });
      for (let i = 0; i < 10; i++) {
        const code = makeResumeCode(random);
        const [clash] = await tx.select({ id: assignmentPupils.id }).from(assignmentPupils).where(and(eq(assignmentPupils.assignmentId, a.id), eq(assignmentPupils.resumeCode, code))).limit(1);
        if (clash) continue;
        await tx.insert(assignmentPupils).values({ assignmentId: a.id, nickname: read.nickname, nicknameKey: key, userId: user?.id ?? null, tokenHash: hashToken(token), resumeCode: code, timePercent: percent });
        return;
      }
      throw new ApiError('122', { detail: 'no free resume code found' });
    });
    return { assignment_id: a.id, token, view: await this.view(a.id, token) };
  }

  /** From another device: the resume code gives this device the pupil (the other device's token stops working). */
  async resume(pin: string, rawCode: string, settings: SettingsMap, ip = ''): Promise<JoinedPupil> {
    const a = await this.byPin(pin, ip, settings);
    const code = readResumeCode(rawCode);
    if (code === null) throw new ApiError('103', { field: 'code', detail: 'code: must be the 8 letters and digits your screen showed (like ABCD-2345)' });
    // A wrong code is counted as a wrong PIN: codes are not guessed one after another.
    const now = new Date(this.clock.now());
    const rule = settingLimit(RATE_LIMITS.livePinIp, settings, 'live_wrong_pins_per_address');
    const guess = await hitRateLimit(this.db, rule, ip, now);
    if (!guess.allowed) throw rateLimited(guess.retryAfterSeconds, `too many wrong codes from this address; try again in ${guess.retryAfterSeconds} s`);
    const [pupil] = await this.db.select().from(assignmentPupils).where(and(eq(assignmentPupils.assignmentId, a.id), eq(assignmentPupils.resumeCode, code))).limit(1);
    if (!pupil) throw new ApiError('resume_code_unknown', { field: 'code' });
    await undoRateLimitHit(this.db, rule, ip, now);
    const token = randomBytes(24).toString('base64url');
    await this.db.update(assignmentPupils).set({ tokenHash: hashToken(token) }).where(eq(assignmentPupils.id, pupil.id));
    return { assignment_id: a.id, token, view: await this.view(a.id, token) };
  }

  private async pupilOf(conn: Conn, assignmentId: number, token: string): Promise<PupilRow> {
    const [pupil] = await conn.select().from(assignmentPupils).where(eq(assignmentPupils.tokenHash, hashToken(token))).limit(1);
    if (!pupil || pupil.assignmentId !== assignmentId) throw new ApiError('assignment_token_unknown', { field: 'token' });
    return pupil;
  }

  private async assignmentOf(conn: Conn, id: number): Promise<AssignmentRow> {
    const [a] = await conn.select().from(assignments).where(eq(assignments.id, id)).limit(1);
    if (!a) throw new ApiError('102', { field: 'assignment_id', detail: 'no such assignment' });
    return a;
  }

  /**
   * Within the attempt's lock: a question whose time (and the network allowance) ran out is stored
   * unanswered (no points, the streak broken) and the attempt moves on; a question not sent yet is
   * sent now, its clock started. Returns the attempt as it then is.
   */
  private async settle(tx: Tx, a: AssignmentRow, pupil: PupilRow, attempt: AttemptRow, now: number, send: boolean): Promise<AttemptRow> {
    let t = attempt;
    const count = t.questionOrder.length;
    if (t.finishedAt || t.position >= count) return t;
    const closed = statusOf(a, now) === 'closed';
    if (t.questionSentAt) {
      const q = a.questions[t.questionOrder[t.position]!]!;
      const timeMs = questionTimeMs(q.time_limit, pupil.timePercent, a.timer as AssignmentTimer);
      const elapsed = now - t.questionSentAt.getTime();
      if (!answerInTime(elapsed, timeMs)) t = await this.store(tx, a, t, { answer: '', correct: false, share: 0, counted: timeMs, timeMs }, new Date(t.questionSentAt.getTime() + timeMs + ASSIGNMENT_NETWORK_MS));
    }
    if (send && !closed && !t.finishedAt && t.position < count && !t.questionSentAt) {
      [t] = await tx.update(assignmentAttempts).set({ questionSentAt: new Date(now) }).where(eq(assignmentAttempts.id, t.id)).returning() as [AttemptRow];
    }
    return t;
  }

  /** Stores the answer at the attempt's position and moves it on (finished after the last question). */
  private async store(tx: Tx, a: AssignmentRow, t: AttemptRow, graded: { answer: string; correct: boolean; share: number; counted: number; timeMs: number }, at: Date): Promise<AttemptRow> {
    const index = t.questionOrder[t.position]!;
    const q = a.questions[index]!;
    // A live game's points rule: the share of the pupil's own time taken costs up to half (no clock: whole points).
    const points = livePoints({ correct: graded.correct, elapsedMs: graded.counted, limitMs: graded.timeMs, points: q.points, worth: graded.share });
    const timeMs = graded.counted;
    const bonus = graded.correct ? streakBonus(t.streak + 1, q.points) : 0;
    await tx.insert(assignmentAnswers).values({ attemptId: t.id, questionIndex: index, position: t.position, answer: graded.answer, correct: graded.correct, points, bonus, elapsedMs: timeMs, createdAt: at });
    const position = t.position + 1;
    const [next] = await tx
      .update(assignmentAttempts)
      .set({
        position,
        questionSentAt: null,
        score: t.score + points + bonus,
        correct: t.correct + (graded.correct ? 1 : 0),
        answered: t.answered + (graded.answer === '' ? 0 : 1),
        // As in a live game: a question worth no points (a poll, a word cloud, a warm-up) keeps the streak.
        streak: q.points <= 0 ? t.streak : graded.correct ? t.streak + 1 : 0,
        timeMs: t.timeMs + timeMs,
        finishedAt: position >= t.questionOrder.length ? at : null,
      })
      .where(eq(assignmentAttempts.id, t.id))
      .returning();
    return next!;
  }

  private lastAttempt(conn: Conn, pupilId: number, lock: boolean): Promise<AttemptRow | undefined> {
    const q = conn.select().from(assignmentAttempts).where(eq(assignmentAttempts.pupilId, pupilId)).orderBy(desc(assignmentAttempts.number)).limit(1);
    return (lock ? q.for('update') : q).then((rows) => rows[0]);
  }

  /** assignment_state: the pupil's screen; an attempt under way gets its question (its clock started when first sent). */
  async state(assignmentId: number, token: string): Promise<AssignmentPupilView> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const pupil = await this.pupilOf(tx, assignmentId, token);
      const a = await this.assignmentOf(tx, assignmentId);
      const attempt = await this.lastAttempt(tx, pupil.id, true);
      if (attempt) await this.settle(tx, a, pupil, attempt, now, true);
    });
    return this.view(assignmentId, token);
  }

  /** assignment_start: a new attempt (the first, or another when the assignment allows it), its first question sent. */
  async start(assignmentId: number, token: string): Promise<AssignmentPupilView> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const pupil = await this.pupilOf(tx, assignmentId, token);
      // The pupil's row is the lock: two starts at once (two devices) begin one attempt.
      await tx.select({ id: assignmentPupils.id }).from(assignmentPupils).where(eq(assignmentPupils.id, pupil.id)).for('update');
      const a = await this.assignmentOf(tx, assignmentId);
      const status = statusOf(a, now);
      if (status === 'scheduled') throw new ApiError('assignment_not_open', { detail: `this assignment opens at ${a.opensAt.toISOString()}` });
      if (status === 'closed') throw new ApiError('assignment_closed');
      const last = await this.lastAttempt(tx, pupil.id, true);
      const settled = last ? await this.settle(tx, a, pupil, last, now, false) : undefined;
      if (settled && !settled.finishedAt) throw new ApiError('assignment_attempt_running', { detail: `attempt ${settled.number} is not finished` });
      const used = settled?.number ?? 0;
      if (used >= a.attempts) throw new ApiError('assignment_no_attempts', { detail: `this assignment allows ${a.attempts} attempt${a.attempts === 1 ? '' : 's'}` });
      const order = orderOf(a.questions.length, a.shuffle, random);
      // Boolean options keep their order (true, false); the other kinds with option tiles are shuffled too.
      const options = a.questions.map((q) => {
        const keys = q.options.map((o) => o.key);
        if (!a.shuffle || q.type === 'boolean' || !hasOptionTiles(q.type)) return keys;
        return orderOf(keys.length, true, random).map((i) => keys[i]!);
      });
      await tx.insert(assignmentAttempts).values({ assignmentId, pupilId: pupil.id, number: used + 1, questionOrder: order, optionOrders: options, questionSentAt: new Date(now) });
    });
    return this.view(assignmentId, token);
  }

  /**
   * assignment_answer: the answer to the question at `position`, its call arrived at `arrivedAt`;
   * `screenMs` is the time the pupil's screen measured from showing the question to the answer
   * (taken within the network allowance: countedElapsedMs). An empty answer passes the question.
   */
  async answer(assignmentId: number, token: string, position: number, raw: string, screenMs: number | null, arrivedAt: number): Promise<AssignmentPupilView> {
    const refused = await this.db.transaction(async (tx): Promise<ApiError | null> => {
      const pupil = await this.pupilOf(tx, assignmentId, token);
      const a = await this.assignmentOf(tx, assignmentId);
      if (arrivedAt >= a.closesAt.getTime()) throw new ApiError('assignment_closed', { detail: 'this assignment closed: answers are not taken any more' });
      const last = await this.lastAttempt(tx, pupil.id, true);
      if (!last || last.finishedAt) throw new ApiError('assignment_no_question', { field: 'position', detail: 'no question is waiting for an answer: start an attempt first' });
      if (position !== last.position || !last.questionSentAt) {
        if (position < last.position) throw new ApiError('already_answered', { field: 'position', detail: `question ${position + 1} was already answered` });
        throw new ApiError('assignment_no_question', { field: 'position', detail: `question ${position + 1} is not the one on your screen` });
      }
      const q = a.questions[last.questionOrder[last.position]!]!;
      const timeMs = questionTimeMs(q.time_limit, pupil.timePercent, a.timer as AssignmentTimer);
      const serverMs = arrivedAt - last.questionSentAt.getTime();
      if (!answerInTime(serverMs, timeMs)) {
        // Too late: stored unanswered (committed), as if the pupil had let the time run out.
        await this.settle(tx, a, pupil, last, arrivedAt, false);
        return new ApiError('answer_too_late', { field: 'position', detail: `the time for question ${position + 1} is over` });
      }
      const shaped = readLiveAnswer(q, raw);
      if (!shaped.ok) throw new ApiError('103', { field: 'answer', detail: `answer: ${shaped.reason}` });
      const graded = shaped.answer === '' ? { correct: false, share: 0 } : gradeLiveAnswer(q, shaped.answer);
      await this.store(tx, a, last, { answer: shaped.answer, ...graded, counted: countedElapsedMs({ serverMs, screenMs, timeMs }), timeMs }, new Date(arrivedAt));
      return null;
    });
    if (refused) throw refused;
    return this.view(assignmentId, token, { justAnswered: position });
  }

  /** The pupil's view as it stands (nothing moves: `state` moves the clock). */
  async view(assignmentId: number, token: string, opts: { justAnswered?: number } = {}): Promise<AssignmentPupilView> {
    const pupil = await this.pupilOf(this.db, assignmentId, token);
    const a = await this.assignmentOf(this.db, assignmentId);
    const now = this.clock.now();
    const status = statusOf(a, now);
    const [host] = await this.db.select({ name: users.name }).from(users).where(eq(users.id, a.hostId)).limit(1);
    const attempts = await this.db.select().from(assignmentAttempts).where(eq(assignmentAttempts.pupilId, pupil.id)).orderBy(asc(assignmentAttempts.number));
    const last = attempts[attempts.length - 1] ?? null;
    const finishedLast = last?.finishedAt != null;
    const closed = status === 'closed';
    const shown = answersShown(a.showAnswers as ShowAnswers, { finished: finishedLast, closed });
    const best = keptAttempt(attempts);
    const bestShown = answersShown(a.showAnswers as ShowAnswers, { finished: best !== null, closed });
    const answers = last ? await this.db.select().from(assignmentAnswers).where(eq(assignmentAnswers.attemptId, last.id)).orderBy(asc(assignmentAnswers.position)) : [];
    const lastAnswer = opts.justAnswered !== undefined ? answers.find((x) => x.position === opts.justAnswered) : undefined;
    const running = last && !last.finishedAt && status === 'open';
    return {
      assignment: {
        id: a.id,
        title: a.title,
        host: host?.name ?? '',
        status,
        opens_at: a.opensAt.getTime(),
        closes_at: a.closesAt.getTime(),
        question_count: a.questions.length,
        attempts: a.attempts,
        show_answers: a.showAnswers as ShowAnswers,
        timer: a.timer as AssignmentTimer,
      },
      pupil: { id: pupil.id, nickname: pupil.nickname, resume_code: pupil.resumeCode, time_percent: pupil.timePercent },
      attempt: last
        ? { number: last.number, finished: finishedLast, answered: last.position, score: shown.grades ? last.score : null, correct: shown.grades ? last.correct : null }
        : null,
      attempts_used: attempts.length,
      may_start: status === 'open' && (!last || finishedLast) && attempts.length < a.attempts,
      best_score: best && bestShown.grades ? best.score : null,
      question: running && last.questionSentAt ? servedQuestion(a, last, pupil.timePercent) : null,
      last: lastAnswer ? feedbackOf(a.questions[lastAnswer.questionIndex]!, lastAnswer, shown) : null,
      review: finishedLast && shown.grades ? answers.map((x) => feedbackOf(a.questions[x.questionIndex]!, x, shown)) : [],
      now,
    };
  }

  // ---- reports ----

  /**
   * The report (docs/live.md, "Assignments"): per question and per pupil as a live game's, each
   * pupil by their kept attempt (the best finished one; else the one under way), and who has not
   * finished. The right answers are in it once the assignment closed, or earlier when its pupils see them.
   */
  async report(user: AuthUser, id: number): Promise<AssignmentReport> {
    const a = await this.hostRow(user, id);
    const now = this.clock.now();
    const [host, pupils, attempts] = await Promise.all([
      this.db.select({ name: users.name }).from(users).where(eq(users.id, a.hostId)).limit(1),
      this.db.select().from(assignmentPupils).where(eq(assignmentPupils.assignmentId, id)).orderBy(asc(assignmentPupils.id)),
      this.db.select().from(assignmentAttempts).where(eq(assignmentAttempts.assignmentId, id)).orderBy(asc(assignmentAttempts.number)),
    ]);
    const kept = new Map<number, AttemptRow>();
    for (const p of pupils) {
      const mine = attempts.filter((t) => t.pupilId === p.id);
      const best = keptAttempt(mine);
      const t = best ? mine.find((x) => x.id === best.id) : mine[mine.length - 1];
      if (t) kept.set(p.id, t);
    }
    const keptIds = [...kept.values()].map((t) => t.id);
    const answers = keptIds.length > 0 ? await this.db.select().from(assignmentAnswers).where(inArray(assignmentAnswers.attemptId, keptIds)) : [];
    const byAttempt = new Map<number, AnswerRow[]>();
    for (const x of answers) {
      if (x.answer === '') continue;
      const list = byAttempt.get(x.attemptId) ?? [];
      list.push(x);
      byAttempt.set(x.attemptId, list);
    }
    const finishedIds = new Set([...kept.values()].filter((t) => t.finishedAt).map((t) => t.pupilId));
    const ranked = rankPlayers(pupils.filter((p) => finishedIds.has(p.id)).map((p) => ({ id: p.id, score: kept.get(p.id)!.score, time_ms: kept.get(p.id)!.timeMs })));
    const rankOf = new Map(ranked.map((r) => [r.id, r.rank]));
    const order = new Map(ranked.map((r, i) => [r.id, i]));
    const players: (LiveReportPlayer & { finished: boolean; attempts: number })[] = pupils
      .map((p) => {
        const t = kept.get(p.id);
        const given = t ? (byAttempt.get(t.id) ?? []) : [];
        return {
          id: p.id,
          nickname: p.nickname,
          signed_in: p.userId !== null,
          removed: false,
          rank: rankOf.get(p.id) ?? null,
          score: t?.score ?? 0,
          correct: t?.correct ?? 0,
          answered: t?.answered ?? 0,
          time_ms: t?.timeMs ?? 0,
          team: null,
          finished: finishedIds.has(p.id),
          attempts: attempts.filter((x) => x.pupilId === p.id).length,
          answers: given.sort((x, y) => x.questionIndex - y.questionIndex).map((x) => ({ index: x.questionIndex, answer: x.answer, correct: x.correct, points: x.points, bonus: x.bonus, time_ms: x.elapsedMs })),
        };
      })
      .sort((x, y) => (order.get(x.id) ?? Number.MAX_SAFE_INTEGER) - (order.get(y.id) ?? Number.MAX_SAFE_INTEGER) || x.id - y.id);
    const byQuestion = new Map<number, AnswerRow[]>();
    for (const list of byAttempt.values()) for (const x of list) byQuestion.set(x.questionIndex, [...(byQuestion.get(x.questionIndex) ?? []), x]);
    const questions: LiveReportQuestion[] = a.questions.map((q, index) => {
      const summary = summariseAnswers(byQuestion.get(index) ?? [], hasOptionTiles(q.type) && q.type !== 'sequence');
      return {
        index,
        type: q.type,
        text: q.text,
        image: q.image,
        options: q.options,
        answer: rightAnswerText(q),
        time_limit: a.timer === 'none' ? 0 : q.time_limit,
        points: q.points,
        ...summary,
        ...(q.type === 'poll' || q.type === 'wordcloud' ? { share_right: null } : {}),
      };
    });
    return {
      assignment: {
        ...this.itemOf(a, pupils.length, finishedIds.size, now),
        host: { id: a.hostId, name: host[0]?.name ?? '' },
        created_at: a.createdAt.toISOString(),
        closed_early_at: a.closedEarlyAt?.toISOString() ?? null,
      },
      questions,
      players,
      teams: [],
      not_finished: players.filter((p) => !p.finished).map((p) => ({ id: p.id, nickname: p.nickname, answered: p.answered, attempts: p.attempts })),
    };
  }

  /** The host's assignments as report items (the reports page lists them with the live games). */
  async reportItems(user: AuthUser, page: { offset: number; limit: number }): Promise<{ rows: AssignmentReportItem[]; total: number }> {
    const list = await this.list(user, page);
    return { rows: list.rows.map((r) => ({ ...r, kind: 'assignment' as const })), total: list.total };
  }
}
