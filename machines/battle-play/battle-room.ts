import { currentQuestion, isNewerRoom, type QuickMessage, type RoomAnswerView, type RoomDocument, type RoomPlayer, type RoomQuestion } from '@/services/domain/rooms';
import type { CallOutcome } from '@/services/domain/play-session';
import { applyRoomDelta, deltaApplies, type RoomDelta } from '@/services/domain/room-events';

/**
 * What the battle machines (random-battle, group-battle and their shared battle-play child) know
 * about a room document, as pure functions, and the contract of the actors they are provided with.
 *
 * Time. A machine never reads a wall clock: it holds `now`, the server's time (epoch ms) as last
 * learnt, and measures everything after that on the actor clock (delays and countdowns). `now`
 * is learnt from the room feed (each document and each reconnection carries the server's time
 * when it arrived), from a command's answer (the command changed the room, so the document's
 * `updated_at` is the server's time of the answer) and from the machine's own timers (a delay
 * that waited until a question opened ends at that question's `opens_at`). Deadlines are the
 * document's, so a client whose clock is off still closes and opens questions with the server.
 */

// ---- The actor contract (services/client implements it) ----

/** What every room command answers (docs/rooms.md, Commands): the room's new version. */
export interface RoomData {
  readonly room: RoomDocument;
}
/** A room command's outcome: the browser client's `ApiResult<RoomAnswer>` as it is. */
export type RoomCall = CallOutcome<RoomData>;

export interface RoomIdPayload {
  readonly room_id: string;
}
export interface SubmitRoomAnswerPayload {
  readonly room_id: string;
  readonly question_index: number;
  /** An option letter. */
  readonly answer: string;
}
export interface SendRoomMessagePayload {
  readonly room_id: string;
  readonly message: QuickMessage;
}

/** The input of a `roomFeed` actor: the room to follow. */
export interface RoomFeedInput {
  readonly roomId: string;
}

/**
 * What a `roomFeed` callback actor sends back. The feed (SSE stream or Firestore snapshot)
 * delivers the current document first on every (re)connection, then every newer one:
 *
 * - `room.updated`: a document, with `serverNow`, the server's time (epoch ms) when it arrived —
 *   the feed's estimate (e.g. the local clock corrected by the offset measured from the stream's
 *   `Date` header). Duplicates and older versions may be sent: the machines drop them.
 * - `room.delta`: the next version as a delta from the one before (services/domain/room-events.ts;
 *   the SSE stream sends them after its first document), with `serverNow`. The machine folds it
 *   into the document it holds with the server's own reducer (`foldFeedDelta`) and goes on as for a
 *   `room.updated` of the result; one it already has is dropped; one that does not follow the
 *   document it holds (a gap: a version it never got) makes it send `feed.resync` to the feed,
 *   which then starts again from the whole current document (a `room.updated`). Nothing shows
 *   meanwhile: the member keeps seeing the document held.
 * - `feed.status` `reconnecting`: the connection dropped; the feed retries by itself.
 * - `feed.status` `connected` (with `serverNow`): (re)connected, sent **after** the first
 *   document of the connection, so the machine resumes from a document that is current.
 * - `feed.status` `gone`: the stream refuses this member (no such room, or not a member any more):
 *   nothing more will come.
 *
 * Stopping the actor closes the stream.
 */
export type RoomFeedEvent =
  | { type: 'room.updated'; doc: RoomDocument; serverNow: number }
  | { type: 'room.delta'; delta: RoomDelta; serverNow: number }
  | { type: 'feed.status'; status: 'connected'; serverNow: number }
  | { type: 'feed.status'; status: 'reconnecting' }
  | { type: 'feed.status'; status: 'gone' };

/** What a `roomFeed` service answers: stops following the room; `resync`, when the feed can, starts it again from the whole current document. */
export type RoomFeedSubscription = (() => void) & { readonly resync?: () => void };

/** What a battle machine sends its `roomFeed` actor: start again from the whole current document. */
export interface FeedResyncEvent {
  readonly type: 'feed.resync';
}

/**
 * A feed's delta folded into the document a machine holds: the next version, `stale` when the
 * machine has that version already (a command's answer brought it first), or `gap` when the delta
 * does not follow the held document (a version was missed) or cannot be folded.
 */
export function foldFeedDelta(held: RoomDocument | null, delta: RoomDelta): RoomDocument | 'stale' | 'gap' {
  if (held && held.id === delta.id && delta.version <= held.version) return 'stale';
  if (!deltaApplies(held, delta)) return 'gap';
  try {
    return applyRoomDelta(held!, delta);
  } catch {
    return 'gap';
  }
}

/**
 * What a battle machine does with a feed's delta: take the document it makes (as a
 * `room.updated`), ask the feed for the whole document again (a gap), or nothing (a version it has).
 */
export function onFeedDelta(held: RoomDocument | null, event: Extract<RoomFeedEvent, { type: 'room.delta' }>): Extract<RoomFeedEvent, { type: 'room.updated' }> | FeedResyncEvent | null {
  const next = foldFeedDelta(held, event.delta);
  if (next === 'stale') return null;
  if (next === 'gap') return { type: 'feed.resync' };
  return { type: 'room.updated', doc: next, serverNow: event.serverNow };
}

// ---- Reading a document ----

/** An ISO time of a document as epoch ms. */
export const timeOf = (iso: string): number => Date.parse(iso);

/** The server's time of a command's answer: the command wrote the document it returns. */
export const commandTime = (doc: RoomDocument): number => timeOf(doc.updated_at);

export const playerOf = (doc: RoomDocument, userId: number): RoomPlayer | null => doc.players.find((p) => p.user_id === userId) ?? null;

export const opponentsOf = (doc: RoomDocument, userId: number): RoomPlayer[] => doc.players.filter((p) => p.user_id !== userId);

export const answerOf = (question: RoomQuestion, userId: number): RoomAnswerView | null => question.answers.find((a) => a.user_id === userId) ?? null;

/** Whether `next` replaces the held document (same room, newer version). */
export const replaces = (held: RoomDocument | null, next: RoomDocument): boolean => isNewerRoom(held, next);

/** The question whose answer and picks are shown: the last closed one. */
export function revealedQuestion(doc: RoomDocument): RoomQuestion | null {
  for (let i = doc.questions.length - 1; i >= 0; i -= 1) {
    const question = doc.questions[i];
    if (question?.closed) return question;
  }
  return null;
}

/** 1v1 rooms (random, friend) end when the one opponent leaves; group rooms go on while two are left. */
export const isOneVsOne = (doc: RoomDocument): boolean => doc.type !== 'group';

/**
 * Where a member stands in a room, as its document says at server time `now`. The battle
 * machines route by it whenever a document or the connection changes, so a reload or a dropped
 * connection lands where the room is.
 *
 * - searching / noOpponent: a waiting random room before / after its search deadline;
 * - lobby: a waiting friend or group room;
 * - matched: a random game that started but whose first question has not opened yet;
 * - playing: questions are open or being revealed;
 * - opponentLeft: the game ended (or, 1v1, is ending) because the others left;
 * - result: finished; deleted: removed by its owner or given up;
 * - unavailable: the member is not (or no longer) in the game.
 */
export type RoomPhase = 'searching' | 'noOpponent' | 'lobby' | 'matched' | 'playing' | 'opponentLeft' | 'result' | 'deleted' | 'unavailable';

export function roomPhase(doc: RoomDocument, userId: number, now: number): RoomPhase {
  if (doc.status === 'deleted') return 'deleted';
  const me = playerOf(doc, userId);
  if (!me) return 'unavailable';
  if (doc.status === 'waiting') {
    if (doc.type !== 'random') return 'lobby';
    return doc.search_deadline_at !== null && timeOf(doc.search_deadline_at) > now ? 'searching' : 'noOpponent';
  }
  if (doc.status === 'finished') return doc.result?.reason === 'opponents_left' && !me.left ? 'opponentLeft' : 'result';
  if (me.left) return 'unavailable';
  if (isOneVsOne(doc) && opponentsOf(doc, userId).some((p) => p.left)) return 'opponentLeft';
  const first = doc.questions[0];
  if (doc.type === 'random' && (!first || timeOf(first.opens_at) > now)) return 'matched';
  return 'playing';
}

/** Where a started game stands for a member on the question screen. */
export type PlayStep = 'reveal' | 'question' | 'answered' | 'timeUp';

export interface PlayFacts {
  readonly doc: RoomDocument;
  readonly now: number;
  readonly userId: number;
  /** The question whose answer the server took (or said it already had). */
  readonly acceptedIndex: number | null;
  /** The question whose answer the server refused as too late. */
  readonly lateIndex: number | null;
}

/**
 * reveal: the last question closed (right answer and picks shown), or the next one has not
 * opened yet; answered: the member's answer is in, waiting for the others; timeUp: the time is
 * over without an answer, waiting for the close; question: open for an answer.
 */
export function playStep(facts: PlayFacts): PlayStep {
  const question = currentQuestion(facts.doc);
  if (!question || question.closed || timeOf(question.opens_at) > facts.now) return 'reveal';
  if (facts.acceptedIndex === question.index || answerOf(question, facts.userId)?.answered) return 'answered';
  if (facts.lateIndex === question.index || timeOf(question.deadline_at) <= facts.now) return 'timeUp';
  return 'question';
}

/** Milliseconds from `now` until an ISO time (0 once it passed). */
export const msUntil = (iso: string, now: number): number => Math.max(0, timeOf(iso) - now);

/** The member's own line of the result, once the room finished. */
export const resultOf = (doc: RoomDocument, userId: number) => doc.result?.entries.find((e) => e.user_id === userId) ?? null;

// ---- What a battle machine holds of its room ----

export interface HeldRoom {
  readonly doc: RoomDocument | null;
  /** The server's time as last learnt. */
  readonly now: number;
}

/** A document from the feed: kept when newer; the server's time is learnt either way. */
export function withFeedDoc(held: HeldRoom, doc: RoomDocument, serverNow: number): HeldRoom {
  return { doc: replaces(held.doc, doc) ? doc : held.doc, now: Math.max(held.now, serverNow) };
}

/** A document a command returned: kept when newer, with its `updated_at` as the server's time. */
export function withCallDoc(held: HeldRoom, doc: RoomDocument): HeldRoom {
  return replaces(held.doc, doc) ? { doc, now: Math.max(held.now, commandTime(doc)) } : held;
}

/** What the play child learnt (a document a call returned, the time a timer reached). */
export function withPlayNotice(held: HeldRoom, doc: RoomDocument, now: number): HeldRoom {
  return { doc: replaces(held.doc, doc) ? doc : held.doc, now: Math.max(held.now, now) };
}

/** Quick messages go to rooms being played, and to friend and group lobbies. */
export const chatOpen = (doc: RoomDocument | null): boolean => !!doc && (doc.status === 'started' || (doc.status === 'waiting' && doc.type !== 'random'));

/**
 * Something the player should hear about without a screen of its own: a leave the server did not
 * take (the game goes on), a quick message it refused (`rate_limited`). Pages provide the
 * machines' `announce` action (a toast); by default nothing is shown.
 */
export interface BattleNotice {
  readonly kind: 'leave_failed' | 'message_refused';
  readonly code: string | null;
}

/** The done / error events of a quick message's call (each message is a child `chat.<n>`). */
export type ChatDoneEvent = { type: `xstate.done.actor.chat.${number}`; output: RoomCall } | { type: `xstate.error.actor.chat.${number}`; error: unknown };
export const CHAT_DONE = 'xstate.done.actor.chat.*';
export const CHAT_ERROR = 'xstate.error.actor.chat.*';
/** The child id of a chat call, from its done or error event. */
export const chatChildId = (eventType: string): string => eventType.replace(/^xstate\.(done|error)\.actor\./, '');

// ---- What the random-battle and group-battle machines share ----

/** Why a call failed: its refusal code, or null when the server did not answer. */
export interface CallFailure {
  readonly code: string | null;
}

/** What each battle machine's context holds of its room, its player and its connection. */
export interface RoomMachineContext extends HeldRoom {
  readonly userId: number;
  /** False while the feed reconnects. */
  readonly online: boolean;
}

/** The room a command answered with, or null when it was refused. */
export const dataOf = (outcome: RoomCall): RoomData | null => (outcome.ok ? outcome.data : null);
/** A command's refusal (its code; null for an answer that is not a refusal). */
export const failureOf = (outcome: RoomCall): CallFailure => ({ code: outcome.ok ? null : outcome.code });

/** A guard: the held room stands in one of these phases for this player. */
export const phaseIs =
  (...phases: RoomPhase[]) =>
  ({ context }: { context: RoomMachineContext }): boolean =>
    context.doc !== null && phases.includes(roomPhase(context.doc, context.userId, context.now));

interface GuardArgs {
  readonly context: RoomMachineContext;
  readonly event: { readonly type: string };
}

/** The guards both battle machines give `setup` (beside their own). */
export const roomGuards = {
  hasDoc: ({ context }: GuardArgs) => context.doc !== null,
  offline: ({ context }: GuardArgs) => !context.online,
  online: ({ context }: GuardArgs) => context.online,
  /** A feed document newer than the held one. */
  isNewer: ({ context, event }: GuardArgs) => event.type === 'room.updated' && replaces(context.doc, (event as Extract<RoomFeedEvent, { type: 'room.updated' }>).doc),
  /** The stream refuses this member: nothing more will come. */
  isGone: ({ event }: GuardArgs) => event.type === 'feed.status' && (event as Extract<RoomFeedEvent, { type: 'feed.status' }>).status === 'gone',
  finished: ({ context }: GuardArgs) => context.doc?.status === 'finished',
  canChat: ({ context, event }: GuardArgs) => event.type === 'user.message' && chatOpen(context.doc),
  /** A command's done event that carries the room (not a refusal). */
  okOutput: ({ event }: GuardArgs) => 'output' in event && (event.output as RoomCall).ok,
};
