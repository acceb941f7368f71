/**
 * Exam grading as rules.md states it (Exams), written again here apart from the server's code
 * (services/domain/exams.ts): obtained marks are the sum of the marks of the right answers, with
 * statistics per mark value (right, wrong, unanswered).
 */

export interface ExamAnswerPlan {
  readonly marks: number;
  /** What the path did with the question. */
  readonly outcome: 'right' | 'wrong' | 'unanswered';
}

export function examGrade(plan: readonly ExamAnswerPlan[]) {
  const marks = [...new Set(plan.map((q) => q.marks))].sort((a, b) => a - b);
  const of = (o: ExamAnswerPlan['outcome'], mark?: number) => plan.filter((q) => q.outcome === o && (mark === undefined || q.marks === mark)).length;
  return {
    total_marks: plan.reduce((sum, q) => sum + q.marks, 0),
    obtained_marks: plan.filter((q) => q.outcome === 'right').reduce((sum, q) => sum + q.marks, 0),
    total_questions: plan.length,
    correct: of('right'),
    incorrect: of('wrong'),
    unanswered: of('unanswered'),
    statistics: marks.map((mark) => ({ mark, questions: plan.filter((q) => q.marks === mark).length, correct: of('right', mark), incorrect: of('wrong', mark), unanswered: of('unanswered', mark) })),
  };
}

/**
 * An exam's clock as docs/exams.md states it: the deadline is the start plus the duration
 * (minutes) stretched by the player's extended time, plus a second for the network; the time
 * shown leaves that second out. A running attempt ends at its deadline (that millisecond
 * included); by a page hidden for more than the hidden limit, as of the limit; and by a page not
 * heard from (every 10 s it beats) for 30 s and then for more than the resume minutes, as of then.
 */
export const EXAM_CLOCK = { networkMs: 1000, heartbeatMs: 10_000, liveWindowMs: 30_000 } as const;

export function examDeadlineMs(startMs: number, durationMinutes: number, extendedFactor = 1): number {
  return startMs + durationMinutes * 60_000 * extendedFactor + EXAM_CLOCK.networkMs;
}

export function examTimeLeftMs(deadlineMs: number, nowMs: number): number {
  return Math.max(0, deadlineMs - EXAM_CLOCK.networkMs - nowMs);
}

export interface ExamClockState {
  readonly deadlineMs: number;
  readonly hiddenSinceMs: number | null;
  readonly hiddenLimitSeconds: number;
  readonly lastHeardMs: number;
  readonly resumeMinutes: number;
}

export function examEnd(a: ExamClockState, nowMs: number): { reason: 'deadline' | 'rules_violated' | 'abandoned'; atMs: number } | null {
  const ends: { reason: 'deadline' | 'rules_violated' | 'abandoned'; atMs: number }[] = [];
  if (nowMs >= a.deadlineMs) ends.push({ reason: 'deadline', atMs: a.deadlineMs });
  if (a.hiddenSinceMs !== null && nowMs - a.hiddenSinceMs > a.hiddenLimitSeconds * 1000) ends.push({ reason: 'rules_violated', atMs: a.hiddenSinceMs + a.hiddenLimitSeconds * 1000 });
  const goneUntil = a.lastHeardMs + EXAM_CLOCK.liveWindowMs + a.resumeMinutes * 60_000;
  if (nowMs > goneUntil) ends.push({ reason: 'abandoned', atMs: goneUntil });
  return ends.sort((x, y) => x.atMs - y.atMs)[0] ?? null;
}
