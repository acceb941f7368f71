/**
 * A live game's report (docs/live.md, Reports): what the host (or an admin, in the console) reads
 * after a game — per question how many answered, the share right and the mean answer time; per
 * player the score, the place and every answer. Built by the server from the game's stored
 * answers; the CSV files are made here from the same report, so the page and the files agree.
 */
import type { PlayOption } from '@/services/domain/play-session';
import type { LiveQuestionType, LiveStatus } from '@/services/domain/live';
import { isUngraded } from '@/services/domain/live-kinds';
import type { LiveNameMode, LiveTeamStanding } from '@/services/domain/live-names';
import type { AssignmentHostItem } from '@/services/domain/assignments';

export interface LiveReportQuestion {
  readonly index: number;
  readonly type: LiveQuestionType;
  readonly text: string;
  readonly image: string | null;
  readonly options: readonly PlayOption[];
  /** The right answer: option keys (a sequence's in order); a type answer's accepted answers, slash-separated; a slider's value; empty for a poll and a word cloud. */
  readonly answer: string;
  readonly time_limit: number;
  readonly points: number;
  readonly answered: number;
  readonly correct: number;
  /** Right answers among the answers given (0–1), or null when nobody answered or the kind has no right answer. */
  readonly share_right: number | null;
  /** Mean time from the question's opening to an answer, in ms, or null when nobody answered. */
  readonly mean_time_ms: number | null;
  /** Option key → how many picked it (multi select: each key picked). */
  readonly counts: Readonly<Record<string, number>>;
}

export interface LiveReportAnswer {
  readonly index: number;
  readonly answer: string;
  readonly correct: boolean;
  readonly points: number;
  readonly bonus: number;
  readonly time_ms: number;
}

export interface LiveReportPlayer {
  readonly id: number;
  readonly nickname: string;
  readonly signed_in: boolean;
  /** Removed by the host: kept in the report with their answers, without a place. */
  readonly removed: boolean;
  readonly rank: number | null;
  readonly score: number;
  readonly correct: number;
  readonly answered: number;
  /** The tie-break total: answer times, an unanswered question counting its whole limit. */
  readonly time_ms: number;
  /** The player's team (1 to the game's team count), or null in a game without teams. */
  readonly team: number | null;
  readonly answers: readonly LiveReportAnswer[];
}

export interface LiveReport {
  readonly game: {
    readonly id: number;
    readonly title: string;
    readonly pin: string;
    readonly status: LiveStatus;
    readonly ended_reason: string | null;
    readonly host: { readonly id: number; readonly name: string };
    readonly created_at: string;
    readonly started_at: string | null;
    readonly finished_at: string | null;
    /** Questions in the game, and how many of them were played (opened). */
    readonly question_count: number;
    readonly played: number;
    /** How players were named, and the game's teams (0: none). */
    readonly names: LiveNameMode;
    readonly team_count: number;
  };
  /** The questions played, in order. */
  readonly questions: readonly LiveReportQuestion[];
  /** Everyone who joined: placed players by place, then removed ones. */
  readonly players: readonly LiveReportPlayer[];
  /** A team game's teams, by the mean of their members' scores (empty without teams). */
  readonly teams: readonly LiveTeamStanding[];
}

/** A game in a list of reports (the host's games; every game in the console). */
export interface LiveReportItem {
  readonly id: number;
  readonly title: string;
  readonly status: LiveStatus;
  readonly ended_reason: string | null;
  readonly host: { readonly id: number; readonly name: string };
  readonly created_at: string;
  readonly finished_at: string | null;
  readonly question_count: number;
  readonly played: number;
  readonly player_count: number;
}

/** A pupil in an assignment's report: by their kept attempt (the best finished one, else the one under way). */
export interface AssignmentReportPlayer extends LiveReportPlayer {
  readonly finished: boolean;
  readonly attempts: number;
}

/**
 * An assignment's report (docs/live.md, "Assignments"): the same parts as a live game's, its
 * pupils by their kept attempt, and who has not finished.
 */
export interface AssignmentReport {
  readonly assignment: AssignmentHostItem & {
    readonly host: { readonly id: number; readonly name: string };
    readonly created_at: string;
    readonly closed_early_at: string | null;
  };
  readonly questions: readonly LiveReportQuestion[];
  readonly players: readonly AssignmentReportPlayer[];
  readonly teams: readonly LiveTeamStanding[];
  readonly not_finished: readonly { readonly id: number; readonly nickname: string; readonly answered: number; readonly attempts: number }[];
}

/** An assignment in the host's list of reports (listed with their live games). */
export type AssignmentReportItem = AssignmentHostItem & { readonly kind: 'assignment' };

/** An answer in words: the options' texts ("Paris"; "Red, Blue"; "First → Second → Third"), '' for none. */
export function answerText(question: Pick<LiveReportQuestion, 'type' | 'options'>, answer: string): string {
  if (!answer) return '';
  // Typed and slid answers are their own text.
  if (question.type === 'type' || question.type === 'slider' || question.type === 'wordcloud') return answer;
  const text = (key: string) => question.options.find((o) => o.key === key)?.text ?? key;
  const keys = answer.split(',').filter(Boolean);
  return keys.map(text).join(question.type === 'sequence' ? ' → ' : ', ');
}

/** A share as a whole percentage, or '' for none. */
export const percent = (share: number | null): string => (share === null ? '' : String(Math.round(share * 100)));

/** Milliseconds as seconds with one decimal ("3.4"), or '' for none. */
export const seconds = (ms: number | null): string => (ms === null ? '' : (Math.round(ms / 100) / 10).toFixed(1));

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break; a text a spreadsheet would
 * take for a formula (= + - @ at its start, or a tab or carriage return) is led by a quote mark, so
 * that opening the file runs nothing. Numbers pass as they are.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csv = (rows: readonly (readonly (string | number | boolean | null)[])[]) => `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

export const LIVE_REPORT_PARTS = ['answers', 'questions', 'players'] as const;
export type LiveReportPart = (typeof LIVE_REPORT_PARTS)[number];

/**
 * A part of the report as CSV (RFC 4180, CRLF lines, a header row):
 * - answers: a row per player and question played, blank where the player did not answer;
 * - questions: a row per question played;
 * - players: a row per player, by place.
 */
export function reportCsv(report: Pick<LiveReport, 'questions' | 'players' | 'teams'> | AssignmentReport, part: LiveReportPart): string {
  if (part === 'questions') {
    return csv([
      ['question', 'text', 'type', 'right_answer', 'answered', 'correct', 'share_right_percent', 'mean_time_s', 'time_limit_s', 'points'],
      ...report.questions.map((q) => [q.index + 1, q.text, q.type, answerText(q, q.answer), q.answered, q.correct, percent(q.share_right), seconds(q.mean_time_ms), q.time_limit, q.points]),
    ]);
  }
  if (part === 'players') {
    // An assignment's pupils: how many attempts each made, and whether one was finished.
    const pupils = 'assignment' in report;
    return csv([
      ['rank', 'nickname', 'signed_in', 'removed', 'score', 'correct', 'answered', 'total_time_s', 'team', 'team_rank', 'team_score', ...(pupils ? ['attempts', 'finished'] : [])],
      ...report.players.map((p) => {
        // A player without a team (null) matches none.
        const team = report.teams.find((t) => t.team === p.team);
        const row = [p.rank, p.nickname, p.signed_in, p.removed, p.score, p.correct, p.answered, seconds(p.time_ms), p.team, team?.rank ?? null, team?.score ?? null];
        return 'attempts' in p ? [...row, (p as AssignmentReportPlayer).attempts, (p as AssignmentReportPlayer).finished] : row;
      }),
    ]);
  }
  const rows: (string | number | boolean | null)[][] = [['rank', 'nickname', 'signed_in', 'question', 'question_text', 'answer', 'answer_text', 'correct', 'points', 'bonus', 'time_s']];
  for (const p of report.players) {
    const byIndex = new Map(p.answers.map((a) => [a.index, a]));
    for (const q of report.questions) {
      const a = byIndex.get(q.index);
      // A poll's and a word cloud's answers are neither right nor wrong: the column is left blank.
      rows.push([p.rank, p.nickname, p.signed_in, q.index + 1, q.text, a?.answer ?? '', a ? answerText(q, a.answer) : '', a && !isUngraded(q.type) ? a.correct : null, a ? a.points : null, a ? a.bonus : null, a ? seconds(a.time_ms) : '']);
    }
  }
  return csv(rows);
}

/** The file name of a part: `live-<id>-<part>.csv` (an assignment's: `assignment-<id>-<part>.csv`). */
export const reportFileName = (gameId: number, part: LiveReportPart, kind: 'live' | 'assignment' = 'live') => `${kind}-${gameId}-${part}.csv`;
