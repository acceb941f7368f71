/**
 * Exams (rules.md, Exams; docs/exams.md): the contract of the exam calls and the rules the server
 * and the browser share — which violations exist, when an attempt is over, how it is graded.
 *
 * The server holds the deadline and grades at submit; the browser only reports what it sees
 * (a hidden page, a screenshot key, a copy) and is told where the attempt stands.
 */

/** What the browser can see and reports, and what the server sees itself (`second_session`). */
export const EXAM_VIOLATIONS = [
  /** The page was hidden (another tab, the app minimised, the phone locked); ends the exam after the hidden limit. */
  'page_hidden',
  /** The window lost the focus (another window or app in front). */
  'window_blur',
  /** The exam asked for fullscreen and the page left it. */
  'fullscreen_exit',
  /** PrintScreen or the platform's screenshot shortcut. */
  'screenshot_key',
  'copy',
  'paste',
  'context_menu',
  /** The page was closed or reloaded (a drop-out: the player may resume within the resume timeout). */
  'page_left',
  /** The exam was opened on a second page (another tab or device) while the first was live. */
  'second_session',
] as const;
export type ExamViolationKind = (typeof EXAM_VIOLATIONS)[number];

/** What a browser may report: every violation but the one only the server can see, and the return of a hidden page. */
export const EXAM_REPORTS = ['page_hidden', 'page_visible', 'window_blur', 'fullscreen_exit', 'screenshot_key', 'copy', 'paste', 'context_menu', 'page_left'] as const;
export type ExamReport = (typeof EXAM_REPORTS)[number];

export type ExamStatus = 'not_started' | 'in_exam' | 'completed';
export type ExamEndReason = 'submitted' | 'deadline' | 'rules_violated' | 'abandoned';
export const EXAM_LISTS = ['today', 'upcoming', 'completed'] as const;
export type ExamList = (typeof EXAM_LISTS)[number];

/** How often an exam page tells the server it is still there. */
export const EXAM_HEARTBEAT_MS = 10_000;
/** A page not heard from for this long is not live any more (a second page is then no violation). */
export const EXAM_LIVE_WINDOW_MS = 3 * EXAM_HEARTBEAT_MS;

// ---- The calls' data ----

export interface ExamListItem {
  readonly id: number;
  readonly title: string;
  readonly language_id: number;
  /** ISO 8601 instants of the window the exam can be started in. */
  readonly starts_at: string;
  readonly ends_at: string;
  /** Minutes, before the player's extended time. */
  readonly duration: number;
  readonly total_questions: number;
  readonly total_marks: number;
  readonly answer_again: boolean;
  readonly fullscreen: boolean;
  readonly status: ExamStatus;
  /** Completed attempts: marks obtained and whether the rules were broken. */
  readonly obtained_marks: number | null;
  readonly rules_violated: boolean | null;
}

export interface ExamOption {
  readonly key: string;
  readonly text: string;
}

/** An exam question as served: never with its answer. */
export interface ExamQuestion {
  readonly id: number;
  readonly question: string;
  readonly question_type: 'multiple' | 'boolean';
  readonly image: string | null;
  readonly marks: number;
  readonly options: readonly ExamOption[];
}

/** What opening (or resuming) an exam answers. */
export interface ExamSession {
  readonly session_id: string;
  readonly exam: {
    readonly id: number;
    readonly title: string;
    readonly duration: number;
    readonly total_marks: number;
    readonly answer_again: boolean;
    readonly fullscreen: boolean;
  };
  readonly questions: readonly ExamQuestion[];
  /** The letters chosen so far, by question id. */
  readonly answers: Readonly<Record<string, string>>;
  /** Left on the server's deadline. */
  readonly time_left_ms: number;
  /** Seconds the page may be hidden before the exam ends. */
  readonly hidden_limit_seconds: number;
  readonly violations: number;
}

/** Where an attempt stands after a call (answers, reports, heartbeats). */
export interface ExamProgress {
  readonly status: Exclude<ExamStatus, 'not_started'>;
  readonly time_left_ms: number;
  readonly answered: number;
  readonly violations: number;
  /** Set when the attempt is over (submitted, deadline, rules violated, abandoned). */
  readonly end_reason: ExamEndReason | null;
}

export interface MarkStatistics {
  /** The marks a question is worth. */
  readonly mark: number;
  readonly questions: number;
  readonly correct: number;
  readonly incorrect: number;
  readonly unanswered: number;
}

export interface ExamViolationRecord {
  readonly kind: ExamViolationKind;
  readonly at: string;
  readonly question_id: number | null;
  readonly duration_ms: number | null;
}

export interface ExamResult {
  readonly exam_module_id: number;
  readonly title: string;
  readonly total_marks: number;
  readonly obtained_marks: number;
  readonly total_questions: number;
  readonly correct: number;
  readonly incorrect: number;
  readonly unanswered: number;
  readonly statistics: readonly MarkStatistics[];
  /** Seconds from start to end, by the server's clock. */
  readonly total_duration: number;
  readonly end_reason: ExamEndReason;
  readonly rules_violated: boolean;
  readonly violations: readonly ExamViolationRecord[];
  /** Questions that were on screen when a violation happened. */
  readonly captured_question_ids: readonly number[];
  readonly ended_at: string;
}

// ---- Rules ----

export interface GradedQuestion {
  readonly marks: number;
  /** The letter chosen, or null. */
  readonly answer: string | null;
  readonly right: string;
}

export type ExamGrade = Pick<ExamResult, 'total_marks' | 'obtained_marks' | 'total_questions' | 'correct' | 'incorrect' | 'unanswered' | 'statistics'>;

/** Obtained marks are the marks of the right answers; statistics per mark value (rules.md). */
export function gradeExam(questions: readonly GradedQuestion[]): ExamGrade {
  const byMark = new Map<number, { questions: number; correct: number; incorrect: number; unanswered: number }>();
  let obtained = 0;
  let total = 0;
  let correct = 0;
  let incorrect = 0;
  for (const q of questions) {
    total += q.marks;
    const row = byMark.get(q.marks) ?? { questions: 0, correct: 0, incorrect: 0, unanswered: 0 };
    row.questions++;
    if (q.answer === null) row.unanswered++;
    else if (q.answer === q.right) {
      row.correct++;
      correct++;
      obtained += q.marks;
    } else {
      row.incorrect++;
      incorrect++;
    }
    byMark.set(q.marks, row);
  }
  return {
    total_marks: total,
    obtained_marks: obtained,
    total_questions: questions.length,
    correct,
    incorrect,
    unanswered: questions.length - correct - incorrect,
    statistics: [...byMark.entries()].sort(([a], [b]) => a - b).map(([mark, row]) => ({ mark, ...row })),
  };
}

/** What the server knows of a running attempt that decides whether it is over. */
export interface AttemptClock {
  readonly deadline: Date;
  /** Since when the page is hidden (server clock), or null. */
  readonly hiddenSince: Date | null;
  readonly hiddenLimitSeconds: number;
  /** The last time the page was heard from (or said it left). */
  readonly lastSeenAt: Date;
  readonly resumeMinutes: number;
}

/**
 * Whether a running attempt is over at `now`, and when and why it ended: the earliest of its
 * deadline, the end of the hidden limit of a page that did not come back, and the end of the
 * resume time of a page that is gone (not heard from for the live window, then the resume
 * timeout). Null while it runs.
 *
 * The deadline ends it at its own millisecond. A hidden page and a page gone end it only once
 * they have been away for more than their limit (rules.md: "hidden for more than 5 s"), as a
 * page that comes back is judged (`hiddenTooLong`): at the limit's millisecond it still runs, a
 * millisecond later it has ended, as of the limit.
 */
export function dueEnd(clock: AttemptClock, now: Date): { reason: Exclude<ExamEndReason, 'submitted'>; at: Date } | null {
  /** `at`: the instant it ends as of; `after`: whether it is over only once `now` is past `at`. */
  const candidates: { reason: Exclude<ExamEndReason, 'submitted'>; at: number; after: boolean }[] = [{ reason: 'deadline', at: clock.deadline.getTime(), after: false }];
  if (clock.hiddenSince) candidates.push({ reason: 'rules_violated', at: clock.hiddenSince.getTime() + clock.hiddenLimitSeconds * 1000, after: true });
  candidates.push({ reason: 'abandoned', at: clock.lastSeenAt.getTime() + EXAM_LIVE_WINDOW_MS + clock.resumeMinutes * 60_000, after: true });
  const over = candidates.filter((c) => (c.after ? now.getTime() > c.at : now.getTime() >= c.at));
  if (!over.length) return null;
  const first = over.reduce((a, b) => (b.at < a.at ? b : a));
  return { reason: first.reason, at: new Date(first.at) };
}

/** Whether a hidden page that came back at `returnedAt` was away longer than allowed. */
export function hiddenTooLong(hiddenSince: Date, returnedAt: Date, limitSeconds: number): boolean {
  return returnedAt.getTime() - hiddenSince.getTime() > limitSeconds * 1000;
}

/** A key press as the exam page sees it. */
export interface KeyPress {
  readonly key: string;
  readonly code?: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
}

/**
 * Whether a key press is a screenshot: PrintScreen (alone or with a modifier), the Mac's
 * ⌘⇧3 / ⌘⇧4 / ⌘⇧5, and Windows' snipping tool (Win+Shift+S, seen as Meta+Shift+S).
 */
export function isScreenshotShortcut(e: KeyPress): boolean {
  if (e.key === 'PrintScreen' || e.code === 'PrintScreen') return true;
  if (!(e.metaKey && e.shiftKey)) return false;
  const k = e.key.toLowerCase();
  return k === '3' || k === '4' || k === '5' || k === 's' || e.code === 'Digit3' || e.code === 'Digit4' || e.code === 'Digit5' || e.code === 'KeyS';
}
