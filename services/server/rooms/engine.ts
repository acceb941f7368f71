import {
  REVEAL_PAUSE_MS,
  ROOM_MESSAGES_KEPT,
  answerPoints,
  botMove,
  settleRoom,
  type BotSettings,
  type QuickMessage,
  type RoomDocument,
  type RoomPlayer,
  type RoomQuestion,
  type RoomResult,
} from '@/services/domain/rooms';
import { cloneJson } from '@/services/domain/json-clone';
import type { RoomSecret, RoomSecretQuestion } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';

/**
 * The room rules that move a room from one state to the next, without a database: the room
 * service loads a room under a row lock, lets these functions change a draft of it, and writes
 * the draft back as the next version. Time is always passed in (`now`, ms since the epoch), so
 * the same steps run from a command, a timer, the sweep or a test's clock.
 *
 * What a member may see is the document; what they may not see yet (right answers, picks of
 * open questions, the bot's plan) stays in the secret until the question closes.
 */

type Mutable<T> = T extends readonly (infer U)[] ? Mutable<U>[] : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;

export type DocDraft = Mutable<RoomDocument>;
export type PlayerDraft = Mutable<RoomPlayer>;

/** A room being changed: its document and, once started, its secret. */
export interface RoomDraft {
  doc: DocDraft;
  secret: RoomSecret | null;
  /**
   * The content of the question that opens next, when one is due to open (the room's question set
   * is not loaded for every answer); at start, every question of the room.
   */
  upcoming: { index: number; question: RoomSecretQuestion }[];
}

/** What some steps need besides the room: the bot's settings, the grace period and the random source. */
export interface StepEnv {
  readonly bot: BotSettings;
  readonly graceMs: number;
  readonly random: () => number;
}

/** A random room nobody touched for this long while waiting is deleted. */
export const ABANDONED_SEARCH_MS = 10 * 60_000;

export const iso = (ms: number) => new Date(ms).toISOString();
const ms = (isoTime: string) => Date.parse(isoTime);

export function cloneDraft(doc: RoomDocument, secret: RoomSecret | null, upcoming: RoomDraft['upcoming'] = []): RoomDraft {
  return { doc: cloneJson(doc) as DocDraft, secret: secret ? cloneJson(secret) : null, upcoming: [...upcoming] };
}

/**
 * The copy of a published document a command changes. Only the room's last question can still
 * change (an answer, its close); the questions before it are closed for good, so the copy shares
 * them with the published document instead of copying them (a battle's document grows with every
 * question; what a command copies no longer does). Shared questions are frozen: a step that tried
 * to change one would throw instead of changing what was published.
 */
export function draftDoc(doc: RoomDocument): DocDraft {
  const questions = doc.questions;
  const last = questions.length - 1;
  const shared: RoomQuestion[] = new Array<RoomQuestion>(Math.max(0, last));
  for (let i = 0; i < last; i += 1) {
    const question = questions[i]!;
    // Only ever the last question is open; were another open, it is copied, not shared.
    shared[i] = question.closed ? freezeQuestion(question) : cloneJson(question);
  }
  // Spread keeps every key where it was: the copy serialises as the published document does.
  const draft = cloneJson<RoomDocument>({ ...doc, questions: [] }) as unknown as DocDraft;
  draft.questions = shared as Mutable<RoomQuestion>[];
  if (last >= 0) draft.questions.push(cloneJson(questions[last]!) as Mutable<RoomQuestion>);
  return draft;
}

function freezeQuestion(question: RoomQuestion): RoomQuestion {
  if (Object.isFrozen(question)) return question;
  for (const option of question.options) Object.freeze(option);
  for (const answer of question.answers) Object.freeze(answer);
  Object.freeze(question.options);
  Object.freeze(question.answers);
  return Object.freeze(question);
}

export function findPlayer(doc: DocDraft | RoomDocument, userId: number) {
  return doc.players.find((p) => p.user_id === userId) as PlayerDraft | undefined;
}

/** Members still playing: not left, not dropped past their grace period. */
export function inGame(doc: DocDraft | RoomDocument) {
  return doc.players.filter((p) => !p.left);
}

/** The open question (the last one shown, not closed yet), or null. */
export function openQuestion(doc: DocDraft): Mutable<RoomQuestion> | null {
  const last = doc.questions[doc.questions.length - 1];
  return last && !last.closed ? last : null;
}

// ---------------------------------------------------------------------------------------------
// Questions: open, answer, close

/** Opens question `index` now: it appears in the document without its answer; the bot plans its move. */
export function openNext(draft: RoomDraft, now: number, env: StepEnv): void {
  const { doc } = draft;
  const secret = requireSecret(draft);
  const index = doc.questions.length;
  const q = draft.upcoming.find((u) => u.index === index)?.question;
  if (!q) throw new Error(`room ${doc.id}: question ${index} was not loaded to open`);
  const durationMs = doc.seconds_per_question * 1000;
  doc.questions.push({
    index,
    id: q.id,
    question: q.question,
    question_type: q.questionType,
    image: q.image,
    options: q.options.map((o) => ({ key: o.key, text: o.text })),
    opens_at: iso(now),
    deadline_at: iso(now + durationMs),
    closed: false,
    correct_answer: null,
    answers: doc.players.map((p) => ({ user_id: p.user_id, answered: false, answer: null, correct: null, points: null, elapsed_ms: null })),
  });
  doc.current_index = index;
  secret.picks = {};
  secret.nextOpenAt = null;
  secret.botPlan = null;
  const bot = doc.players.find((p) => p.is_bot && !p.left);
  if (bot) {
    const move = botMove(
      q.options.map((o) => o.key),
      q.answer,
      env.bot,
      env.random,
    );
    // Never at or past the deadline: the bot always answers in time.
    secret.botPlan = { index, answer: move.answer, at: now + Math.min(Math.max(0, move.delayMs), durationMs - 1) };
  }
}

/**
 * Records a member's answer to the open question `index` at `at`, when its call had arrived
 * (docs/api.md, "The time of an answer"), decided at `handledAt` (now). The deadline and the
 * answer's time go by `at`; whether the question is open yet, and when it closes once everyone has
 * answered, by `handledAt`. Refusals: the question is not
 * open (not shown yet, or the room is not playing), it closed or its time is over
 * (`answer_too_late`), the member answered it (`already_answered`), a letter that is not one of
 * its options (103).
 */
export function recordAnswer(draft: RoomDraft, userId: number, index: number, answer: string, at: number, rules: Record<string, string>, handledAt: number = at): void {
  const { doc } = draft;
  const player = findPlayer(doc, userId);
  if (!player) throw new ApiError('102', { field: 'room_id', detail: 'not a member of this room' });
  if (doc.status !== 'started') throw new ApiError('question_not_open', { field: 'question_index', detail: `the room is ${doc.status}` });
  if (player.left) throw new ApiError('question_not_open', { field: 'question_index', detail: 'you are out of this game' });
  const question = doc.questions[index];
  if (!question) throw new ApiError('question_not_open', { field: 'question_index', detail: `question ${index} is not open` });
  const view = question.answers.find((a) => a.user_id === userId);
  if (question.closed) {
    if (view?.answered) throw new ApiError('already_answered', { field: 'question_index' });
    throw new ApiError('answer_too_late', { field: 'question_index', detail: `question ${index} is closed` });
  }
  if (view?.answered) throw new ApiError('already_answered', { field: 'question_index' });
  const opens = ms(question.opens_at);
  if (handledAt < opens) throw new ApiError('question_not_open', { field: 'question_index', detail: `question ${index} opens at ${question.opens_at}` });
  if (at >= ms(question.deadline_at)) throw new ApiError('answer_too_late', { field: 'question_index', detail: `the deadline was ${question.deadline_at}` });
  if (!question.options.some((o) => o.key === answer)) {
    throw new ApiError('103', { field: 'answer', detail: `answer: must be one of ${question.options.map((o) => o.key).join(', ')}` });
  }
  // A call that arrived just before the opening and was handled after it counts from the opening.
  putPick(draft, player, index, answer, Math.max(at, opens));
  closeIfAllAnswered(draft, handledAt, rules);
}

function putPick(draft: RoomDraft, player: PlayerDraft, index: number, answer: string, at: number): void {
  const secret = requireSecret(draft);
  secret.picks[String(player.user_id)] = { answer, at };
  const view = draft.doc.questions[index]!.answers.find((a) => a.user_id === player.user_id);
  if (view) view.answered = true;
  player.answered += 1;
}

function allAnswered(doc: DocDraft, question: Mutable<RoomQuestion>): boolean {
  const answered = new Set(question.answers.filter((a) => a.answered).map((a) => a.user_id));
  return inGame(doc).every((p) => answered.has(p.user_id));
}

/** Closes the open question once every member still in the game answered it. */
function closeIfAllAnswered(draft: RoomDraft, now: number, rules: Record<string, string>): void {
  const question = openQuestion(draft.doc);
  if (question && allAnswered(draft.doc, question)) closeAndContinue(draft, now, rules);
}

/** Reveals the open question: the right letter, every pick, right or wrong, points; adds the points up. */
function revealOpen(draft: RoomDraft, rules: Record<string, string>): void {
  const { doc } = draft;
  const secret = requireSecret(draft);
  const question = openQuestion(doc);
  if (!question) return;
  const key = secret.keys[question.index]!;
  const picks = secret.picks;
  const opensAt = ms(question.opens_at);
  question.closed = true;
  question.correct_answer = key;
  question.answers = doc.players.map((p) => {
    const pick = picks[String(p.user_id)];
    if (!pick) return { user_id: p.user_id, answered: false, answer: null, correct: null, points: null, elapsed_ms: null };
    const correct = pick.answer === key;
    const elapsed = Math.max(0, pick.at - opensAt);
    const points = answerPoints(correct, elapsed, rules);
    const player = findPlayer(doc, p.user_id)!;
    player.points += points;
    if (correct) player.correct += 1;
    return { user_id: p.user_id, answered: true, answer: pick.answer, correct, points, elapsed_ms: elapsed };
  });
  secret.picks = {};
  secret.botPlan = null;
}

/** Closes the open question, then schedules the next one after the reveal pause, or finishes after the last. */
function closeAndContinue(draft: RoomDraft, now: number, rules: Record<string, string>): void {
  revealOpen(draft, rules);
  const { doc } = draft;
  const secret = requireSecret(draft);
  const next = doc.questions.length;
  doc.current_index = next;
  if (next < doc.no_of_que) secret.nextOpenAt = now + REVEAL_PAUSE_MS;
  else finish(draft, rules);
}

/** Ends the game: what is still open is revealed, settleRoom decides winners and payouts. */
export function finish(draft: RoomDraft, rules: Record<string, string>): RoomResult {
  const { doc } = draft;
  if (draft.secret) {
    revealOpen(draft, rules);
    draft.secret.nextOpenAt = null;
    draft.secret.botPlan = null;
  }
  const result = settleRoom(
    doc.type,
    doc.entry_fee,
    doc.vs_bot,
    doc.players.map((p) => ({ user_id: p.user_id, points: p.points, correct: p.correct, left: p.left, is_bot: p.is_bot })),
  );
  doc.status = 'finished';
  doc.result = structuredClone(result) as Mutable<RoomResult>;
  for (const p of doc.players) p.grace_until = null;
  return result;
}

/** After someone went out: the game ends when one member (or no human) is left in it. */
function endIfDecided(draft: RoomDraft, now: number, rules: Record<string, string>): void {
  const { doc } = draft;
  if (doc.status !== 'started') return;
  const playing = inGame(doc);
  if (playing.length <= 1 || playing.every((p) => p.is_bot)) {
    finish(draft, rules);
    return;
  }
  closeIfAllAnswered(draft, now, rules);
}

/**
 * Members leave a started game (or are dropped after their grace period): out, cannot win. Members
 * going out at the same instant go together, so when they are everyone nobody is left to win.
 */
export function leaveStarted(draft: RoomDraft, userIds: readonly number[], now: number, rules: Record<string, string>): void {
  let changed = false;
  for (const userId of userIds) {
    const player = findPlayer(draft.doc, userId);
    if (!player || player.left) continue;
    player.left = true;
    player.grace_until = null;
    changed = true;
  }
  if (changed) endIfDecided(draft, now, rules);
}

// ---------------------------------------------------------------------------------------------
// Presence

/** The last stream of a member closed during a game: the grace period starts. */
export function disconnect(draft: RoomDraft, userId: number, now: number, graceMs: number): boolean {
  const player = findPlayer(draft.doc, userId);
  if (draft.doc.status !== 'started' || !player || player.left || player.is_bot || player.grace_until) return false;
  player.connected = false;
  player.grace_until = iso(now + graceMs);
  return true;
}

/**
 * The server came back after a stop: the grace period of every member it counts as gone starts
 * again at `at`, also one already running (it began while the server was going down, and nobody
 * could come back while it was down), so that members dropped by the same restart go out together.
 */
export function restartGrace(draft: RoomDraft, userId: number, at: number, graceMs: number): void {
  const player = findPlayer(draft.doc, userId);
  if (draft.doc.status !== 'started' || !player || player.left || player.is_bot) return;
  player.connected = false;
  player.grace_until = iso(at + graceMs);
}

/** A stream of a member opened: back in time, the grace period ends. */
export function reconnect(draft: RoomDraft, userId: number): boolean {
  const player = findPlayer(draft.doc, userId);
  if (!player || player.left || (player.connected && !player.grace_until)) return false;
  player.connected = true;
  player.grace_until = null;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Timed events

type TimedEvent =
  | { kind: 'abandon'; at: number }
  | { kind: 'grace'; at: number; userIds: number[] }
  | { kind: 'bot'; at: number }
  | { kind: 'deadline'; at: number }
  | { kind: 'open'; at: number };

/** The room's pending timed events, in the order they happen. */
function pendingEvents(draft: RoomDraft): TimedEvent[] {
  const { doc, secret } = draft;
  const events: TimedEvent[] = [];
  if (doc.status === 'waiting' && doc.type === 'random') events.push({ kind: 'abandon', at: ms(doc.updated_at) + ABANDONED_SEARCH_MS });
  if (doc.status === 'started' && secret) {
    const graces = doc.players.filter((p) => !p.left && p.grace_until).map((p) => ({ at: ms(p.grace_until!), userId: p.user_id }));
    if (graces.length > 0) {
      const first = Math.min(...graces.map((g) => g.at));
      events.push({ kind: 'grace', at: first, userIds: graces.filter((g) => g.at === first).map((g) => g.userId) });
    }
    const open = openQuestion(doc);
    if (open) {
      const plan = secret.botPlan;
      if (plan && plan.index === open.index) events.push({ kind: 'bot', at: plan.at });
      events.push({ kind: 'deadline', at: ms(open.deadline_at) });
    } else if (secret.nextOpenAt !== null) {
      events.push({ kind: 'open', at: secret.nextOpenAt });
    }
  }
  // Stable: at equal times a forfeit goes before an answer, an answer before the deadline.
  return events.sort((a, b) => a.at - b.at);
}

/**
 * Applies every timed event due at `now`, earliest first: forfeits after a grace period, the
 * bot's answer (at its planned time, so its speed is what it planned), closing a question whose
 * time is over, opening the next one after the reveal pause, deleting an abandoned search.
 * Answers whether anything changed.
 */
export function advance(draft: RoomDraft, now: number, env: StepEnv, rules: Record<string, string>): boolean {
  let changed = false;
  // Each event removes itself (a question closes, a plan is used, a member is out): bounded.
  for (let step = 0; step < 10_000; step += 1) {
    const event = pendingEvents(draft)[0];
    if (!event || event.at > now) return changed;
    changed = true;
    switch (event.kind) {
      case 'abandon':
        draft.doc.status = 'deleted';
        draft.doc.search_deadline_at = null;
        break;
      case 'grace':
        leaveStarted(draft, event.userIds, now, rules);
        break;
      case 'bot': {
        const secret = requireSecret(draft);
        const plan = secret.botPlan!;
        secret.botPlan = null;
        const bot = draft.doc.players.find((p) => p.is_bot && !p.left);
        if (bot) {
          putPick(draft, bot, plan.index, plan.answer, plan.at);
          closeIfAllAnswered(draft, now, rules);
        }
        break;
      }
      case 'deadline':
        closeAndContinue(draft, now, rules);
        break;
      case 'open':
        openNext(draft, now, env);
        break;
    }
  }
  throw new Error(`room ${draft.doc.id} did not settle its timed events`);
}

/** When the room next needs attention (ms), or null: the sweep and the timers read it as `due_at`. */
export function nextDueAt(draft: RoomDraft, now: number): number | null {
  const { doc } = draft;
  // A search still running: its end is due too (the abandon time follows it).
  if (doc.status === 'waiting' && doc.type === 'random' && doc.search_deadline_at && ms(doc.search_deadline_at) > now) {
    return ms(doc.search_deadline_at);
  }
  const first = pendingEvents(draft)[0];
  return first ? first.at : null;
}

// ---------------------------------------------------------------------------------------------
// Lobby and messages

/** The lowest seat nobody holds. */
export function freeSeat(doc: DocDraft): number {
  const taken = new Set(doc.players.map((p) => p.seat));
  let seat = 0;
  while (taken.has(seat)) seat += 1;
  return seat;
}

export function addPlayer(doc: DocDraft, player: { user_id: number; name: string; image: string | null; is_bot: boolean; ready: boolean }): PlayerDraft {
  const entry: PlayerDraft = {
    user_id: player.user_id,
    name: player.name,
    image: player.image,
    is_bot: player.is_bot,
    seat: freeSeat(doc),
    ready: player.ready,
    points: 0,
    correct: 0,
    answered: 0,
    connected: true,
    grace_until: null,
    left: false,
  };
  doc.players.push(entry);
  doc.players.sort((a, b) => a.seat - b.seat);
  return entry;
}

export function removePlayer(doc: DocDraft, userId: number): void {
  doc.players = doc.players.filter((p) => p.user_id !== userId);
}

export function appendMessage(doc: DocDraft, userId: number, key: QuickMessage, now: number): void {
  doc.messages.push({ user_id: userId, key, at: iso(now) });
  if (doc.messages.length > ROOM_MESSAGES_KEPT) doc.messages.splice(0, doc.messages.length - ROOM_MESSAGES_KEPT);
}

/** Starts a room with its questions: every fee is held by the caller; question 0 opens now. */
export function startGame(draft: RoomDraft, questions: RoomSecretQuestion[], rules: Record<string, string>, now: number, env: StepEnv): void {
  const { doc } = draft;
  doc.status = 'started';
  doc.no_of_que = questions.length;
  doc.search_deadline_at = null;
  doc.current_index = 0;
  doc.questions = [];
  for (const p of doc.players) p.ready = true;
  draft.secret = { keys: questions.map((q) => q.answer), picks: {}, nextOpenAt: null, botPlan: null, rules };
  draft.upcoming = questions.map((question, index) => ({ index, question }));
  openNext(draft, now, env);
}

function requireSecret(draft: RoomDraft): RoomSecret {
  if (!draft.secret) throw new Error(`room ${draft.doc.id} has not started`);
  return draft.secret;
}

/** A JSON comparison is enough: documents are plain data. */
export function sameDoc(a: RoomDocument | DocDraft, b: RoomDocument | DocDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
