/**
 * The battle-room contract (docs/rooms.md) as types and pure rules, shared by the room service
 * that owns every room, the room stores that carry its documents, the browser feeds and actors,
 * and the random-battle / group-battle machines that read them.
 *
 * A room document is the same for every member: nothing in it is secret. A question's right
 * answer and the members' picks for it appear only once the question has closed (all answered
 * or time up); questions appear one at a time, when they open.
 *
 * Field names are the API's (snake_case), so a document is used as it arrives.
 */
import { intSetting, type SettingsMap } from '@/services/domain/settings';
import type { PlayOption, QuestionType } from '@/services/domain/play-session';

/** random: matched by the server (or played against the bot); friend: private 1v1 by code; group: 2–4 by code. */
export const ROOM_TYPES = ['random', 'friend', 'group'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/**
 * waiting: searching for an opponent (random) or lobby (friend, group);
 * started: questions are being played; finished: results settled; deleted: removed by its owner
 * before it started, or a random search given up. `full` is not a status: a waiting room whose
 * seats are all taken (`players.length === max_players`).
 */
export const ROOM_STATUSES = ['waiting', 'started', 'finished', 'deleted'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** 1v1 outcomes are win / lose / draw; group outcomes are victory / defeat / tie (several winners). */
export type RoomOutcome = 'win' | 'lose' | 'draw' | 'victory' | 'defeat' | 'tie';

export interface RoomPlayer {
  readonly user_id: number;
  readonly name: string;
  /** Profile image URL, or null. */
  readonly image: string | null;
  readonly is_bot: boolean;
  /** Seat order, from 0 (the creator or the first to search). */
  readonly seat: number;
  /** Lobby readiness; the creator is ready from the start. */
  readonly ready: boolean;
  /** Points so far: per right answer plus the speed bonus (`answerPoints`). */
  readonly points: number;
  readonly correct: number;
  readonly answered: number;
  /** False while none of the member's streams is connected (grace period running). */
  readonly connected: boolean;
  /** When the grace period of a dropped member ends (ISO), or null. */
  readonly grace_until: string | null;
  /** Left on purpose, or dropped past the grace period: out of the game, cannot win. */
  readonly left: boolean;
}

/** What a member did on a question; `answer`, `correct` and `points` are null until it closes. */
export interface RoomAnswerView {
  readonly user_id: number;
  readonly answered: boolean;
  readonly answer: string | null;
  readonly correct: boolean | null;
  readonly points: number | null;
  /** Milliseconds from `opens_at` to the answer, once closed. */
  readonly elapsed_ms: number | null;
}

/** One question of a started room: present from when it opens; never with its answer while open. */
export interface RoomQuestion {
  readonly index: number;
  readonly id: number;
  readonly question: string;
  readonly question_type: QuestionType;
  readonly image: string | null;
  readonly options: readonly PlayOption[];
  /** Answers count from here (ISO); between questions there is a short reveal pause before it. */
  readonly opens_at: string;
  /** No answer is taken after this (ISO). */
  readonly deadline_at: string;
  readonly closed: boolean;
  /** The right letter: null while the question is open. */
  readonly correct_answer: string | null;
  readonly answers: readonly RoomAnswerView[];
}

export interface RoomMessage {
  readonly user_id: number;
  /** One of `QUICK_MESSAGES`. */
  readonly key: QuickMessage;
  readonly at: string;
}

export interface RoomResultEntry {
  readonly user_id: number;
  readonly outcome: RoomOutcome;
  readonly points: number;
  readonly correct: number;
  /** Coins paid out to this member at the end (0 for a loss; the fee back on a draw). */
  readonly coins_won: number;
}

export interface RoomResult {
  /** User ids of the winners (empty on a 1v1 draw; several on a group tie). */
  readonly winners: readonly number[];
  readonly entries: readonly RoomResultEntry[];
  /** Why it ended: every question played, or everyone else left, or aborted (all humans gone: every fee refunded). */
  readonly reason: 'completed' | 'opponents_left' | 'aborted';
}

export interface RoomDocument {
  readonly id: string;
  /** Bumped by one on every change; clients drop any document older than the one they hold. */
  readonly version: number;
  readonly type: RoomType;
  readonly status: RoomStatus;
  /** Join code of friend and group rooms (6 characters); null for random rooms. */
  readonly code: string | null;
  readonly created_by: number;
  readonly language_id: number;
  /** Category slug, or null for any category. */
  readonly category: string | null;
  readonly category_name: string | null;
  /** Coins each human member pays at start (0 when playing the bot). */
  readonly entry_fee: number;
  readonly no_of_que: number;
  readonly seconds_per_question: number;
  readonly max_players: number;
  /** A random room against the server's bot: no fee, no coins, no score, no badges. */
  readonly vs_bot: boolean;
  /** Random rooms while waiting: when the search gives up (ISO); null otherwise. */
  readonly search_deadline_at: string | null;
  readonly players: readonly RoomPlayer[];
  /** The questions opened so far, in order; empty until the room starts. */
  readonly questions: readonly RoomQuestion[];
  /** Index of the question now open or about to open; equals `no_of_que` once all are played. */
  readonly current_index: number;
  /** The latest quick messages, oldest first (at most `ROOM_MESSAGES_KEPT`). */
  readonly messages: readonly RoomMessage[];
  readonly result: RoomResult | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** Quick messages: a fixed list of short phrases and emoji (rules.md). Locales: `battle.message.<key>`. */
export const QUICK_MESSAGES = ['hello', 'good_luck', 'well_played', 'hurry_up', 'oops', 'wow', 'thumbs_up', 'laugh', 'fire', 'gg'] as const;
export type QuickMessage = (typeof QUICK_MESSAGES)[number];
export const QUICK_MESSAGE_EMOJI: Readonly<Partial<Record<QuickMessage, string>>> = {
  thumbs_up: '👍',
  laugh: '😂',
  fire: '🔥',
  wow: '😮',
};
export const ROOM_MESSAGES_KEPT = 20;

/** Pause between a question closing (answer revealed) and the next one opening. */
export const REVEAL_PAUSE_MS = 2000;
/** Length of a room join code. */
export const ROOM_CODE_LENGTH = 6;
/** Heartbeat comment interval of the SSE room stream. */
export const ROOM_STREAM_HEARTBEAT_MS = 15_000;

/**
 * The event a stream (rooms, notifications) sends as its last when the server drains for a
 * shutdown: the client reconnects at once, without showing a break, and reaches another instance.
 */
export const STREAM_RECONNECT_EVENT = 'reconnect';
export const STREAM_RECONNECT_FRAME = `event: ${STREAM_RECONNECT_EVENT}\ndata: now\n\n`;

// ---- Pure rules ----

/** Characters of a join code by `group_battle_room_code_char`: '1' digits, '2' letters, '3' both (no look-alikes). */
export function roomCodeAlphabet(setting: string): string {
  const digits = '23456789';
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  if (setting === '1') return '0123456789';
  if (setting === '2') return letters;
  return digits + letters;
}

/** A join code drawn from `random` (returns [0, 1)). */
export function makeRoomCode(setting: string, random: () => number): string {
  const alphabet = roomCodeAlphabet(setting);
  let code = '';
  for (let i = 0; i < ROOM_CODE_LENGTH; i += 1) code += alphabet[Math.floor(random() * alphabet.length)];
  return code;
}

/** Codes are typed by people: trimmed and upper-cased before lookup. */
export function normaliseRoomCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * Points of one battle answer (rules.md, Battles): `battle_correct_answer_points` (4) for a right
 * answer, plus `battle_quick_answer_bonus_2s` (2) when given within 2 s of the question opening,
 * or `battle_quick_answer_bonus_4s` (1) within 4 s. A wrong or missing answer scores 0.
 */
export function answerPoints(correct: boolean, elapsedMs: number, settings: SettingsMap): number {
  if (!correct) return 0;
  const base = intSetting(settings, 'battle_correct_answer_points');
  if (elapsedMs <= 2000) return base + intSetting(settings, 'battle_quick_answer_bonus_2s');
  if (elapsedMs <= 4000) return base + intSetting(settings, 'battle_quick_answer_bonus_4s');
  return base;
}

export interface SettlementPlayer {
  readonly user_id: number;
  readonly points: number;
  readonly correct: number;
  readonly left: boolean;
  readonly is_bot: boolean;
}

/**
 * Who won and what each member is paid at the end (rules.md, Battles). `fee` is what each human
 * paid at start. 1v1 (random, friend): the higher points win 2 × fee, equal points draw and both
 * get the fee back; a member who left loses. Group: the winners are every member still in the
 * game tied for the most correct answers; each gets ⌊fee × payers / winners⌋, where payers are
 * the members who paid at start. Against the bot nothing is paid.
 */
export function settleRoom(type: RoomType, fee: number, vsBot: boolean, players: readonly SettlementPlayer[]): RoomResult {
  const inGame = players.filter((p) => !p.left);
  const payers = players.filter((p) => !p.is_bot).length;
  const pay = (n: number) => (vsBot ? 0 : n);
  const reason: RoomResult['reason'] = inGame.length < players.length && inGame.length <= 1 ? 'opponents_left' : 'completed';

  if (inGame.filter((p) => !p.is_bot).length === 0) {
    // Every human left: nobody wins, every fee goes back.
    return {
      winners: [],
      reason: 'aborted',
      entries: players.map((p) => ({ user_id: p.user_id, outcome: type === 'group' ? 'defeat' : 'lose', points: p.points, correct: p.correct, coins_won: pay(p.is_bot ? 0 : fee) })),
    };
  }

  if (type !== 'group') {
    const [a, b] = players;
    let winners: number[];
    if (a && b && a.left !== b.left) winners = [a.left ? b.user_id : a.user_id];
    else if (a && b && a.points === b.points) winners = [];
    else winners = a && b ? [a.points > b.points ? a.user_id : b.user_id] : a ? [a.user_id] : [];
    return {
      winners,
      reason,
      entries: players.map((p) => {
        const outcome: RoomOutcome = winners.length === 0 ? 'draw' : winners.includes(p.user_id) ? 'win' : 'lose';
        const coins = outcome === 'win' ? 2 * fee : outcome === 'draw' ? fee : 0;
        return { user_id: p.user_id, outcome, points: p.points, correct: p.correct, coins_won: pay(coins) };
      }),
    };
  }

  const best = Math.max(...inGame.map((p) => p.correct));
  const winners = inGame.filter((p) => p.correct === best).map((p) => p.user_id);
  const share = winners.length > 0 ? Math.floor((fee * payers) / winners.length) : 0;
  const tie = winners.length > 1;
  return {
    winners,
    reason,
    entries: players.map((p) => {
      const won = winners.includes(p.user_id);
      const outcome: RoomOutcome = won ? (tie ? 'tie' : 'victory') : 'defeat';
      return { user_id: p.user_id, outcome, points: p.points, correct: p.correct, coins_won: pay(won ? share : 0) };
    }),
  };
}

export interface BotSettings {
  /** Chance of a right answer, 0–100 (`bot_accuracy_percentage`). */
  readonly accuracy: number;
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
}

export function botSettings(settings: SettingsMap): BotSettings {
  const min = intSetting(settings, 'bot_min_answer_delay_ms');
  const max = intSetting(settings, 'bot_max_answer_delay_ms');
  return { accuracy: intSetting(settings, 'bot_accuracy_percentage'), minDelayMs: Math.min(min, max), maxDelayMs: Math.max(min, max) };
}

/**
 * The bot's move on a question: right with the configured chance, otherwise one of the wrong
 * options; after a delay drawn between the bounds (never past the deadline: the caller clamps).
 * `random` returns [0, 1); three draws are taken.
 */
export function botMove(optionKeys: readonly string[], correctKey: string, bot: BotSettings, random: () => number): { answer: string; delayMs: number } {
  const right = random() * 100 < bot.accuracy;
  const wrong = optionKeys.filter((k) => k !== correctKey);
  const pick = wrong.length === 0 ? correctKey : wrong[Math.floor(random() * wrong.length)];
  const delayMs = Math.round(bot.minDelayMs + random() * (bot.maxDelayMs - bot.minDelayMs));
  return { answer: right ? correctKey : (pick ?? correctKey), delayMs };
}

/** Whether a member of this room may start it now: the creator, in a waiting room, with at least two players, all ready. */
export function startBlocker(doc: RoomDocument, userId: number): null | 'not_creator' | 'player_not_joined' | 'players_not_ready' | 'not_waiting' {
  if (doc.status !== 'waiting') return 'not_waiting';
  if (doc.created_by !== userId) return 'not_creator';
  const present = doc.players.filter((p) => !p.left);
  if (present.length < 2) return 'player_not_joined';
  if (present.some((p) => !p.ready)) return 'players_not_ready';
  return null;
}

/** The question a client should show: the open one, or the last closed one during the reveal pause. */
export function currentQuestion(doc: RoomDocument): RoomQuestion | null {
  if (doc.questions.length === 0) return null;
  return doc.questions[doc.questions.length - 1] ?? null;
}

/** Whether `next` should replace `held`: a newer version of the same room. */
export function isNewerRoom(held: RoomDocument | null, next: RoomDocument): boolean {
  return held === null || (held.id === next.id && next.version > held.version);
}
