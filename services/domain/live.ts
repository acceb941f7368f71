/**
 * Hosted live games (docs/live.md): a host shows a quiz on a shared screen, people join from their
 * phones with a PIN, everyone plays the same question at the same server instant. The types the
 * server, the host's screen and the phones share, and the pure rules: PIN, nickname, points,
 * streak, ranking.
 *
 * Field names are the API's (snake_case), so a frame is used as it arrives.
 */
import type { PlayOption } from '@/services/domain/play-session';
import { LIVE_KINDS, type LiveKind, type SliderRange, type SliderRule, type TypeMatch } from '@/services/domain/live-kinds';

/**
 * The kinds a live game plays: what a shared screen can show and a phone can answer in seconds —
 * the choice kinds, and type answer, slider, poll and word cloud (services/domain/live-kinds.ts).
 */
export const LIVE_QUESTION_TYPES = LIVE_KINDS;
export type LiveQuestionType = LiveKind;

export const LIVE_PIN_LENGTH = 6;
export const LIVE_NICKNAME_MIN = 2;
export const LIVE_NICKNAME_MAX = 20;
/** A game's time limit per question, in seconds; 0 is no limit (the host moves on when ready). */
export const LIVE_TIME_LIMITS = [0, 5, 10, 20, 30, 60, 90, 120, 240] as const;
/** The time limit that means no clock at all. */
export const LIVE_NO_TIME_LIMIT = 0;
export const LIVE_DEFAULT_TIME_LIMIT = 20;
/** Points per question: none (a warm-up), standard, double. */
export const LIVE_POINTS = [0, 1000, 2000] as const;
export const LIVE_DEFAULT_POINTS = 1000;
/** Questions a game may have. */
export const LIVE_MAX_QUESTIONS = 100;
/** Players per game by default (the `live_max_players` setting can lower it). */
export const LIVE_DEFAULT_MAX_PLAYERS = 2000;
/** A game its host left stays paused this long, then ends with its results kept. */
export const LIVE_HOST_ABANDON_MS = 30 * 60_000;
/** Between a question's announcement and its opening: the screens show "get ready". */
export const LIVE_GET_READY_MS = 3000;
/** How many players the leaderboard between questions shows. */
export const LIVE_LEADERBOARD_SIZE = 5;
/** A bonus per right answer in a row after the first, up to this many steps. */
export const LIVE_STREAK_STEP = 100;
export const LIVE_STREAK_STEPS_MAX = 5;

/**
 * lobby: players join; question: one is open (or about to open: `opens_at` ahead); reveal: it
 * closed, the right answer and the answers' chart are shown; leaderboard: the top five between
 * questions; podium: the last question was played; ended: the host ended it early or left it.
 */
export const LIVE_STATUSES = ['lobby', 'question', 'reveal', 'leaderboard', 'podium', 'ended'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** Why a game is paused: by its host, or its host's screen went away. */
export type LivePause = 'host' | 'host_left';

/** A PIN: six digits, never starting with 0 (so it reads as six digits everywhere). */
export function isLivePin(text: string): boolean {
  return /^[1-9][0-9]{5}$/.test(text);
}

/** A fresh PIN from a random source returning [0, 1). */
export function makeLivePin(random: () => number): string {
  return String(100000 + Math.floor(random() * 900000));
}

/** Letters of any script, digits, spaces, and . _ - ' (no markup, no emoji walls). */
const NICKNAME_CHARS = /^[\p{L}\p{M}\p{N} ._'-]+$/u;

/** The nickname as stored (spaces collapsed and trimmed), or why it cannot be one. */
export function checkNickname(raw: string): { ok: true; nickname: string } | { ok: false; reason: string } {
  const nickname = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
  const length = [...nickname].length;
  if (length < LIVE_NICKNAME_MIN) return { ok: false, reason: `must be at least ${LIVE_NICKNAME_MIN} characters` };
  if (length > LIVE_NICKNAME_MAX) return { ok: false, reason: `must be at most ${LIVE_NICKNAME_MAX} characters` };
  if (!NICKNAME_CHARS.test(nickname)) return { ok: false, reason: "may hold letters, digits, spaces and . _ - ' only" };
  if (!/[\p{L}\p{N}]/u.test(nickname)) return { ok: false, reason: 'must hold a letter or a digit' };
  return { ok: true, nickname };
}

/** Two nicknames that read the same (case and accents aside) are one nickname in a game. */
export function nicknameKey(nickname: string): string {
  return nickname
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The operator's blocked words (the `live_blocked_words` setting: comma-separated). */
export function blockedWordsOf(settings: { readonly live_blocked_words?: string }): string[] {
  return (settings.live_blocked_words ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
}

/** Whether a nickname holds one of the operator's blocked words (compared as nickname keys). */
export function blockedWordIn(nickname: string, blocked: readonly string[]): string | null {
  const key = nicknameKey(nickname);
  for (const word of blocked) {
    const w = nicknameKey(word);
    if (w.length > 0 && key.includes(w)) return word;
  }
  return null;
}

/**
 * Points for an answer: nothing when wrong; when right, the question's points (1,000 standard)
 * falling in a straight line to half of them at the last moment:
 *   points × worth × (1 − elapsed / limit ÷ 2), rounded to the nearest whole point,
 * with `elapsed` from the question's opening at the server to the answer reaching it, clamped to
 * [0, limit]; `worth` is 1 except for a slider scored by closeness (gradeLiveAnswer). A question
 * without a time limit (`limitMs` 0) gives its points whole.
 */
export function livePoints(input: { correct: boolean; elapsedMs: number; limitMs: number; points: number; worth?: number }): number {
  if (!input.correct || input.points <= 0) return 0;
  const late = input.limitMs > 0 ? Math.min(1, Math.max(0, input.elapsedMs / input.limitMs)) : 0;
  return Math.round(input.points * (input.worth ?? 1) * (1 - late / 2));
}

/**
 * The streak bonus of a right answer that makes a streak of `streak` (1: the first right answer in
 * a row): 100 per answer in a row after the first, at most 500. Questions worth no points give none.
 */
export function streakBonus(streak: number, questionPoints: number): number {
  if (questionPoints <= 0 || streak < 2) return 0;
  return Math.min(streak - 1, LIVE_STREAK_STEPS_MAX) * LIVE_STREAK_STEP;
}

export interface RankedPlayer {
  readonly id: number;
  readonly score: number;
  /** Sum of the player's answer times in ms (an unanswered question counts its whole limit). */
  readonly time_ms: number;
}

/**
 * Places: higher score first; a tie goes to the smaller total answer time; players equal on both
 * share the place (1, 2, 2, 4). Returns the players in order with their place.
 */
export function rankPlayers<T extends RankedPlayer>(players: readonly T[]): (T & { rank: number })[] {
  const sorted = [...players].sort((a, b) => b.score - a.score || a.time_ms - b.time_ms || a.id - b.id);
  const out: (T & { rank: number })[] = [];
  sorted.forEach((p, i) => {
    const prev = out[i - 1];
    const rank = prev && prev.score === p.score && prev.time_ms === p.time_ms ? prev.rank : i + 1;
    out.push({ ...p, rank });
  });
  return out;
}

/** A question as the screens get it when it opens: never with its answer. */
export interface LiveQuestion {
  readonly index: number;
  readonly type: LiveQuestionType;
  readonly text: string;
  readonly image: string | null;
  readonly options: readonly PlayOption[];
  /** Multi select: how many options are right ("Pick 2"). */
  readonly pick?: number;
  /** Slider: its range (never its right value). */
  readonly slider?: SliderRange;
  /** Type answer and word cloud: the longest text taken. */
  readonly max_length?: number;
  /** Seconds to answer; 0: no limit (the question stays open until the host moves on). */
  readonly time_limit: number;
  readonly points: number;
  /** Server instants (epoch ms): answers are taken from `opens_at` until `deadline_at` (0: no deadline). */
  readonly opens_at: number;
  readonly deadline_at: number;
  /** The question was opened again after a server restart (its clock restarted). */
  readonly restarted: boolean;
}

/** What a closed question shows on every screen: the right answer and how many gave each option. */
export interface LiveReveal {
  readonly index: number;
  readonly answer: string;
  /** Option letter → players who picked it (multi select: each letter picked). */
  readonly counts: Readonly<Record<string, number>>;
  readonly answered: number;
  readonly correct: number;
  /** The right answer as written (a type answer's accepted answers, a slider's value), for kinds without option letters. */
  readonly answer_text?: string;
  /** Word cloud: the words given, most first (the blocked and the host's hidden ones left out); type answer: the answers typed most. */
  readonly words?: readonly { readonly text: string; readonly count: number; readonly right?: boolean }[];
  /** Slider: answers per tenth of the range, and their mean. */
  readonly bins?: readonly number[];
  readonly mean?: number | null;
}

export interface LiveStanding {
  readonly player_id: number;
  readonly nickname: string;
  readonly score: number;
  readonly rank: number;
  /** Places moved since the last leaderboard (positive: up), 0 for the first one. */
  readonly moved: number;
}

/** How a game's players are named: as they type (checked, blocked words refused) or by the server (services/domain/live-names.ts). */
export type LiveNameMode = 'free' | 'generated';

/** A team at a leaderboard or the podium: its score is the mean of its members' scores, rounded (`rankTeams`). */
export interface LiveTeamStanding {
  readonly team: number;
  readonly score: number;
  readonly members: number;
  readonly rank: number;
}

/** The game as the shared screens see it (the host's and, without `players`, the phones'). */
export interface LiveGameView {
  readonly id: number;
  readonly pin: string;
  readonly title: string;
  readonly status: LiveStatus;
  readonly paused: LivePause | null;
  readonly locked: boolean;
  readonly question_count: number;
  /** Questions put on screen so far (0 in the lobby): at a leaderboard, whether another comes. */
  readonly questions_shown: number;
  /** The question on screen (announced, open or just closed), or null. */
  readonly question: LiveQuestion | null;
  readonly reveal: LiveReveal | null;
  /** Top five at a leaderboard; everyone ranked at the podium (the host's view). */
  readonly standings: readonly LiveStanding[];
  readonly player_count: number;
  readonly answered_count: number;
  /** Teams in the game (0: none), and at a leaderboard and the podium the teams ranked by the mean of their members' scores. */
  readonly team_count: number;
  readonly teams: readonly LiveTeamStanding[];
  /** Whether the server names the players (docs/live.md, "Names and teams"). */
  readonly names: LiveNameMode;
  /** Grows with every change of the game. */
  readonly version: number;
}

/** One player's own view: sent only to that player. */
export interface LiveMe {
  readonly player_id: number;
  readonly nickname: string;
  readonly score: number;
  readonly rank: number | null;
  readonly streak: number;
  /** The player's answer to the question on screen ('' : none yet), and which question that is. */
  readonly answer: string;
  readonly answer_index: number | null;
  /** After a close: what the player's answer earned. */
  readonly last: { readonly index: number; readonly correct: boolean; readonly points: number; readonly bonus: number } | null;
  readonly removed: boolean;
  /** The player's team and its place (null without teams). */
  readonly team: number | null;
  readonly team_rank: number | null;
}

/** Where a game's questions came from. */
export type LiveSource = { readonly kind: 'bank'; readonly category_id: number; readonly subcategory_id: number | null } | { readonly kind: 'set'; readonly set_id: number };

/** A question as the server keeps it for a game: with its answer (never sent before the reveal). */
export interface LiveSecretQuestion {
  /** The bank's question id, or null for a quiz set's question. */
  readonly question_id: number | null;
  readonly type: LiveQuestionType;
  readonly text: string;
  readonly image: string | null;
  readonly options: readonly PlayOption[];
  /** The right answer in its canonical form (services/domain/answers.ts; '' for a poll, a word cloud and a type answer). */
  readonly answer: string;
  /** Type answer: the answers taken as right, and how strictly. */
  readonly accepted?: readonly string[];
  readonly match?: TypeMatch;
  /** Slider: its range and rule. */
  readonly slider?: SliderRule;
  readonly time_limit: number;
  readonly points: number;
}

/** A player as the host's lobby lists them. */
export interface LivePlayerItem {
  readonly id: number;
  readonly nickname: string;
  /** Joined under a signed-in player's name. */
  readonly signed_in: boolean;
  readonly team: number | null;
}

/**
 * Where a player's phone stands, from the game's last frame, the player's own and the server's
 * time now (the phone's machine routes by it whenever one of them changes):
 * lobby: waiting for the first question; getReady: a question is shown but not open yet;
 * answering: open, no answer yet; locked: the answer is stored; timeUp: the time is over without
 * an answer; result: the question closed (right or wrong, points); standings: the leaderboard;
 * paused: the host paused the game; final: the podium or the end; removed: the host removed them.
 */
export type LivePlayerPhase = 'lobby' | 'getReady' | 'answering' | 'locked' | 'timeUp' | 'result' | 'standings' | 'paused' | 'final' | 'removed';

export function livePlayerPhase(game: LiveGameView, me: LiveMe | null, now: number): LivePlayerPhase {
  if (me?.removed) return 'removed';
  if (game.status === 'podium' || game.status === 'ended') return 'final';
  if (game.paused) return 'paused';
  if (game.status === 'lobby') return 'lobby';
  if (game.status === 'reveal') return 'result';
  if (game.status === 'leaderboard') return 'standings';
  const q = game.question;
  if (!q || now < q.opens_at) return 'getReady';
  if (me?.answer && me.answer_index === q.index) return 'locked';
  return q.time_limit > 0 && now >= q.deadline_at ? 'timeUp' : 'answering';
}

/** Whole seconds left to answer at server time `now` (rounded up; 0 once the deadline passed; null without a time limit). */
export function secondsLeft(question: LiveQuestion, now: number): number | null {
  if (question.time_limit <= 0) return null;
  return Math.max(0, Math.ceil((question.deadline_at - Math.max(now, question.opens_at)) / 1000));
}
