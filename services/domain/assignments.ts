/**
 * Self-paced assignments (docs/live.md, "Assignments"): a host gives one of their quiz sets, or a
 * bank category, to pupils who play it at their own pace between an opening and a closing time.
 * Each question's clock is held by the server per pupil; the points are a live game's (livePoints
 * and streakBonus). The pure rules the server, the pupil's screen and the tests share: when an
 * assignment is open, a question's time, an answer's counted time, the pupil's own order, the
 * best attempt, when answers are shown, the resume code.
 *
 * Field names are the API's (snake_case), so a reply is used as it arrives.
 */
import type { PlayOption } from '@/services/domain/play-session';
import type { LiveQuestionType } from '@/services/domain/live';
import type { SliderRange } from '@/services/domain/live-kinds';

/** Attempts a host may allow a pupil (the best one is kept). */
export const ASSIGNMENT_ATTEMPTS_MAX = 10;
/** The longest an assignment stays open, and the shortest. */
export const ASSIGNMENT_LONGEST_MS = 90 * 24 * 3_600_000;
export const ASSIGNMENT_SHORTEST_MS = 5 * 60_000;
/** Pupils one assignment takes. */
export const ASSIGNMENT_MAX_PUPILS = 500;
/**
 * The network allowance: a question's answers are taken until its time plus this, and up to this
 * much of the time between the server sending a question and an answer arriving is not counted
 * when the pupil's screen measured less (a slow connection costs nothing; a pupil claiming to have
 * been quicker than they were gains at most this).
 */
export const ASSIGNMENT_NETWORK_MS = 2000;

/** When the right answers are shown: after each question, at the end of an attempt, or only once the assignment closed. */
export const SHOW_ANSWERS = ['each', 'end', 'after_close'] as const;
export type ShowAnswers = (typeof SHOW_ANSWERS)[number];

/** How a question's time is held: each question's own time limit (times the pupil's extended time), or no clock at all. */
export const ASSIGNMENT_TIMERS = ['question', 'none'] as const;
export type AssignmentTimer = (typeof ASSIGNMENT_TIMERS)[number];

/** scheduled: before its opening; open: pupils play; closed: past its closing (or closed early by its host): answers are refused. */
export type AssignmentStatus = 'scheduled' | 'open' | 'closed';

export function assignmentStatus(window: { opensAt: number; closesAt: number }, now: number): AssignmentStatus {
  if (now < window.opensAt) return 'scheduled';
  return now < window.closesAt ? 'open' : 'closed';
}

/** What is wrong with an opening and closing time set at `now`, or null. */
export function windowProblem(opensAt: number, closesAt: number, now: number): { field: 'opens_at' | 'closes_at'; detail: string } | null {
  if (!Number.isFinite(opensAt)) return { field: 'opens_at', detail: 'opens_at: must be a date and time' };
  if (!Number.isFinite(closesAt)) return { field: 'closes_at', detail: 'closes_at: must be a date and time' };
  if (closesAt <= now) return { field: 'closes_at', detail: 'closes_at: must be in the future' };
  if (closesAt - opensAt < ASSIGNMENT_SHORTEST_MS) return { field: 'closes_at', detail: 'closes_at: must be at least 5 minutes after opens_at' };
  if (closesAt - opensAt > ASSIGNMENT_LONGEST_MS) return { field: 'closes_at', detail: 'closes_at: must be at most 90 days after opens_at' };
  return null;
}

/**
 * A question's time for one pupil in ms: its time limit times the pupil's extended time (percent:
 * 100, 150, 200), never shorter than standard; 0 (no clock) when the assignment has none or the
 * question has no time limit.
 */
export function questionTimeMs(timeLimitSeconds: number, percent: number, timer: AssignmentTimer): number {
  if (timer === 'none' || timeLimitSeconds <= 0) return 0;
  return Math.max(timeLimitSeconds, Math.round((timeLimitSeconds * percent) / 100)) * 1000;
}

/** Whether an answer arriving `elapsedMs` after the question was sent is still taken (no clock: always). */
export function answerInTime(elapsedMs: number, timeMs: number): boolean {
  return timeMs <= 0 || elapsedMs <= timeMs + ASSIGNMENT_NETWORK_MS;
}

/**
 * The time an answer counts, in ms: the server's, from sending the question to the answer's
 * arrival, less what the pupil's screen says the network took, at most ASSIGNMENT_NETWORK_MS of it;
 * clamped to the question's time (when it has one). Without the screen's figure, the server's.
 */
export function countedElapsedMs(input: { serverMs: number; screenMs: number | null; timeMs: number }): number {
  const server = Math.max(0, input.serverMs);
  const screen = input.screenMs === null || !Number.isFinite(input.screenMs) ? server : Math.max(0, input.screenMs);
  const counted = Math.max(server - ASSIGNMENT_NETWORK_MS, Math.min(screen, server));
  return input.timeMs > 0 ? Math.min(counted, input.timeMs) : counted;
}

/** A permutation of 0 … n−1: in order, or shuffled (Fisher–Yates) with a random source returning [0, 1). */
export function orderOf(n: number, shuffle: boolean, random: () => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  if (!shuffle) return order;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** A pupil's attempt as the best-kept rule reads it. */
export interface AttemptScore {
  readonly id: number;
  readonly score: number;
  readonly time_ms: number;
  readonly finished: boolean;
}

/** The attempt kept: the highest score among finished attempts, then the quickest, then the first; none finished: null. */
export function bestAttempt<T extends AttemptScore>(attempts: readonly T[]): T | null {
  let best: T | null = null;
  for (const a of attempts) {
    if (!a.finished) continue;
    if (!best || a.score > best.score || (a.score === best.score && (a.time_ms < best.time_ms || (a.time_ms === best.time_ms && a.id < best.id)))) best = a;
  }
  return best;
}

/**
 * What a pupil may see of their answers: `grades` (right or wrong and the points) and `answers`
 * (the right answers). After each question: both at once; at the end: both once the attempt is
 * finished; after the closing time: nothing until the assignment closed.
 */
export function answersShown(mode: ShowAnswers, at: { readonly finished: boolean; readonly closed: boolean }): { grades: boolean; answers: boolean } {
  if (mode === 'each') return { grades: true, answers: true };
  if (mode === 'end') return { grades: at.finished, answers: at.finished };
  return { grades: at.closed, answers: at.closed };
}

/** A resume code: 8 characters without look-alikes (no 0, O, 1, I, L), shown as two groups of 4. */
export const RESUME_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const RESUME_LENGTH = 8;

export function makeResumeCode(random: () => number): string {
  let code = '';
  for (let i = 0; i < RESUME_LENGTH; i++) code += RESUME_ALPHABET[Math.floor(random() * RESUME_ALPHABET.length)];
  return code;
}

/** A typed resume code as stored (case, spaces and dashes aside), or null when it cannot be one. */
export function readResumeCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== RESUME_LENGTH) return null;
  return [...code].every((ch) => RESUME_ALPHABET.includes(ch)) ? code : null;
}

/** A resume code as a pupil reads it: "ABCD-EFGH". */
export const showResumeCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** An assignment as its host's list and page show it. */
export interface AssignmentHostItem {
  readonly id: number;
  readonly title: string;
  readonly pin: string;
  readonly status: AssignmentStatus;
  readonly opens_at: number;
  readonly closes_at: number;
  readonly question_count: number;
  readonly attempts: number;
  readonly shuffle: boolean;
  readonly show_answers: ShowAnswers;
  readonly timer: AssignmentTimer;
  readonly pupil_count: number;
  readonly finished_count: number;
}

/** A pupil as the host's page lists them: progress, best score, and the resume code to tell a pupil who lost it. */
export interface AssignmentPupilItem {
  readonly id: number;
  readonly nickname: string;
  readonly signed_in: boolean;
  readonly resume_code: string;
  readonly attempts: number;
  /** Questions answered in the attempt under way or the last one. */
  readonly answered: number;
  readonly finished: boolean;
  readonly best_score: number | null;
}

/** What a PIN tells a pupil before they join (assignment_entry). */
export interface AssignmentEntry {
  readonly assignment_id: number;
  readonly title: string;
  readonly host: string;
  readonly status: AssignmentStatus;
  readonly opens_at: number;
  readonly closes_at: number;
  readonly question_count: number;
  readonly attempts: number;
  readonly timer: AssignmentTimer;
  readonly show_answers: ShowAnswers;
}

/** A question as a pupil's screen gets it: never with its answer. */
export interface AssignmentQuestion {
  /** Place in the pupil's order (0-based), and how many there are. */
  readonly position: number;
  readonly count: number;
  readonly type: LiveQuestionType;
  readonly text: string;
  readonly image: string | null;
  /** In the pupil's order (shuffled when the assignment shuffles). */
  readonly options: readonly PlayOption[];
  readonly pick?: number;
  readonly slider?: SliderRange;
  readonly max_length?: number;
  readonly points: number;
  /** This pupil's time for it in ms (extended time applied); 0: no clock. */
  readonly time_ms: number;
  /** Server instants (epoch ms): when it was sent, and until when answers are taken without the network allowance (0: no clock). */
  readonly started_at: number;
  readonly deadline_at: number;
}

/** What the pupil's last answer earned, as far as the assignment shows it. */
export interface AssignmentFeedback {
  readonly position: number;
  /** The pupil's answer as stored ('' : the time ran out). */
  readonly answer: string;
  /** Null until grades are shown. */
  readonly correct: boolean | null;
  readonly points: number | null;
  readonly bonus: number | null;
  /** The right answer as written (a type answer's accepted answers, a slider's value, option keys), or null until answers are shown. */
  readonly right_answer: string | null;
  /** Option keys → text, to write an answer of a choice kind. */
  readonly options: readonly PlayOption[];
  readonly type: LiveQuestionType;
  readonly text: string;
}

/** A pupil's attempt as their screen gets it. */
export interface AssignmentAttemptView {
  readonly number: number;
  readonly finished: boolean;
  readonly answered: number;
  /** Null while grades are not shown. */
  readonly score: number | null;
  readonly correct: number | null;
}

/** Everything a pupil's screen needs (assignment_state, and each answer's reply). */
export interface AssignmentPupilView {
  readonly assignment: {
    readonly id: number;
    readonly title: string;
    readonly host: string;
    readonly status: AssignmentStatus;
    readonly opens_at: number;
    readonly closes_at: number;
    readonly question_count: number;
    readonly attempts: number;
    readonly show_answers: ShowAnswers;
    readonly timer: AssignmentTimer;
  };
  readonly pupil: { readonly id: number; readonly nickname: string; readonly resume_code: string; readonly time_percent: number };
  /** The attempt under way or the last one (null before the first). */
  readonly attempt: AssignmentAttemptView | null;
  /** Attempts begun so far, and whether another may begin now. */
  readonly attempts_used: number;
  readonly may_start: boolean;
  /** The best finished attempt's score, when grades are shown. */
  readonly best_score: number | null;
  /** The question to answer now (its clock running), or null. */
  readonly question: AssignmentQuestion | null;
  /** The answer just given (each question's feedback), or null. */
  readonly last: AssignmentFeedback | null;
  /** A finished attempt's answers, when the assignment shows them (in the pupil's order). */
  readonly review: readonly AssignmentFeedback[];
  /** The server's time now (epoch ms): the screen's countdown runs from it. */
  readonly now: number;
}

/**
 * A pupil's screen, from the view (the pupil's machine routes by it): answering (a question's
 * clock runs), scheduled (before the opening), ready (an attempt may begin), finished (no attempt
 * left, or the assignment closed after the pupil played), closed (it closed before they played).
 */
export type AssignmentPhase = 'scheduled' | 'ready' | 'answering' | 'finished' | 'closed';

export function assignmentPhase(view: Pick<AssignmentPupilView, 'assignment' | 'question' | 'may_start' | 'attempts_used'>): AssignmentPhase {
  if (view.question) return 'answering';
  if (view.assignment.status === 'scheduled') return 'scheduled';
  if (view.may_start) return 'ready';
  return view.attempts_used > 0 ? 'finished' : 'closed';
}
