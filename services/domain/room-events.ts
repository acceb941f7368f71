import {
  ROOM_MESSAGES_KEPT,
  type RoomAnswerView,
  type RoomDocument,
  type RoomMessage,
  type RoomPlayer,
  type RoomQuestion,
  type RoomResult,
} from '@/services/domain/rooms';

/**
 * A room version as what happened (docs/rooms.md, Room events): the server sends a member the
 * whole document once (on connect and on resync), then each new version as a `RoomDelta` — its
 * events — and the browser folds it into the document it holds with `applyRoomDelta`, the same
 * function the server checks its deltas with. A delta is a few hundred bytes whatever the
 * length of the battle; the document it leads to is exactly the server's version, byte for byte
 * as JSON.
 *
 * Events carry nothing secret: they are made from two public documents (`roomDelta`), so a
 * question's answer and the members' picks appear in the `closed` event, never before.
 *
 * Member and room events set absolute values (a member's points, correct answers and count of
 * answers after the change, not the difference): applying one twice changes nothing more, and
 * the fold does not depend on how the server counted.
 */

/** Fields of the document that are neither lists nor the version stamp. */
export type RoomFields = Omit<RoomDocument, 'id' | 'version' | 'updated_at' | 'players' | 'questions' | 'messages' | 'result'>;
type PlayerFields = Omit<RoomPlayer, 'user_id'>;

export type RoomEvent =
  /** A question appears (opened), without its answer. */
  | { readonly t: 'opened'; readonly question: RoomQuestion }
  /** Members answered the open question (who, not what). */
  | { readonly t: 'answered'; readonly index: number; readonly user_ids: readonly number[] }
  /** A question closed: its right letter and every member's pick, right or wrong, points. */
  | { readonly t: 'closed'; readonly index: number; readonly correct_answer: string | null; readonly answers: readonly RoomAnswerView[] }
  /** Any other change of a shown question: the question as it is now. */
  | { readonly t: 'question'; readonly question: RoomQuestion }
  | { readonly t: 'joined'; readonly player: RoomPlayer }
  /** A seat freed in the lobby. */
  | { readonly t: 'removed'; readonly user_id: number }
  /**
   * A member changed: `left` (out of the game), `dropped` (connection lost, grace period running),
   * `back` (connected again), `ready` (lobby), `scored` (points and counts), `member` (anything else).
   */
  | { readonly t: 'left' | 'dropped' | 'back' | 'ready' | 'scored' | 'member'; readonly user_id: number; readonly set: Partial<PlayerFields> }
  /** The members in order, whole (a change the events above do not describe). */
  | { readonly t: 'players'; readonly players: readonly RoomPlayer[] }
  | { readonly t: 'message'; readonly message: RoomMessage }
  | { readonly t: 'messages'; readonly messages: readonly RoomMessage[] }
  | { readonly t: 'finished'; readonly result: RoomResult | null }
  /** Fields of the room itself: status, current question, search deadline… */
  | { readonly t: 'room'; readonly set: Partial<RoomFields> };

/** One version of a room, as the events leading to it from the version before. */
export interface RoomDelta {
  readonly id: string;
  /** The version this delta makes: it applies to `version - 1` only. */
  readonly version: number;
  readonly updated_at: string;
  readonly events: readonly RoomEvent[];
}

/** Whether a delta follows the held document directly (else the holder is behind: resync). */
export function deltaApplies(held: RoomDocument | null, delta: RoomDelta): boolean {
  return held !== null && held.id === delta.id && delta.version === held.version + 1;
}

// ---- The fold ----

function setPlayer(players: readonly RoomPlayer[], userId: number, set: Partial<PlayerFields>): RoomPlayer[] {
  return players.map((p) => (p.user_id === userId ? { ...p, ...set } : p));
}

function replaceQuestion(questions: readonly RoomQuestion[], question: RoomQuestion): RoomQuestion[] {
  const next = [...questions];
  next[question.index] = question;
  return next;
}

function applyEvent(doc: RoomDocument, event: RoomEvent): RoomDocument {
  switch (event.t) {
    case 'opened':
      return { ...doc, questions: replaceQuestion(doc.questions, event.question) };
    case 'answered': {
      const question = doc.questions[event.index];
      if (!question) throw new Error(`room ${doc.id}: answered on question ${event.index}, which is not shown`);
      const who = new Set(event.user_ids);
      const answers = question.answers.map((a) => (who.has(a.user_id) ? { ...a, answered: true } : a));
      return { ...doc, questions: replaceQuestion(doc.questions, { ...question, answers }) };
    }
    case 'closed': {
      const question = doc.questions[event.index];
      if (!question) throw new Error(`room ${doc.id}: question ${event.index} closed but is not shown`);
      return { ...doc, questions: replaceQuestion(doc.questions, { ...question, closed: true, correct_answer: event.correct_answer, answers: event.answers }) };
    }
    case 'question':
      return { ...doc, questions: replaceQuestion(doc.questions, event.question) };
    case 'joined':
      return { ...doc, players: [...doc.players.filter((p) => p.user_id !== event.player.user_id), event.player].sort((a, b) => a.seat - b.seat) };
    case 'removed':
      return { ...doc, players: doc.players.filter((p) => p.user_id !== event.user_id) };
    case 'left':
    case 'dropped':
    case 'back':
    case 'ready':
    case 'scored':
    case 'member':
      return { ...doc, players: setPlayer(doc.players, event.user_id, event.set) };
    case 'players':
      return { ...doc, players: event.players };
    case 'message': {
      const messages = [...doc.messages, event.message];
      return { ...doc, messages: messages.length > ROOM_MESSAGES_KEPT ? messages.slice(messages.length - ROOM_MESSAGES_KEPT) : messages };
    }
    case 'messages':
      return { ...doc, messages: event.messages };
    case 'finished':
      return { ...doc, result: event.result };
    case 'room':
      return { ...doc, ...event.set };
  }
}

/**
 * The document after a delta: `doc` is the version before it (`deltaApplies`). Pure; `doc` is not
 * changed, and what the delta does not touch is shared with it.
 */
export function applyRoomDelta(doc: RoomDocument, delta: RoomDelta): RoomDocument {
  if (!deltaApplies(doc, delta)) throw new Error(`room ${delta.id}: version ${delta.version} does not follow ${doc.id} version ${doc.version}`);
  let next = doc;
  for (const event of delta.events) next = applyEvent(next, event);
  return { ...next, version: delta.version, updated_at: delta.updated_at };
}

// ---- Making a delta from two versions (the server) ----

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const ROOM_FIELDS = ['type', 'status', 'code', 'created_by', 'language_id', 'category', 'category_name', 'entry_fee', 'no_of_que', 'seconds_per_question', 'max_players', 'vs_bot', 'search_deadline_at', 'current_index', 'created_at'] as const satisfies readonly (keyof RoomFields)[];
const PLAYER_FIELDS = ['name', 'image', 'is_bot', 'seat', 'ready', 'points', 'correct', 'answered', 'connected', 'grace_until', 'left'] as const satisfies readonly (keyof PlayerFields)[];

function memberEventKind(set: Partial<PlayerFields>): Extract<RoomEvent, { set: Partial<PlayerFields> }>['t'] {
  const keys = Object.keys(set);
  if (set.left === true) return 'left';
  if (typeof set.grace_until === 'string') return 'dropped';
  if (set.connected === true) return 'back';
  if (keys.length === 1 && keys[0] === 'ready') return 'ready';
  if (keys.every((k) => k === 'points' || k === 'correct' || k === 'answered')) return 'scored';
  return 'member';
}

function playerEvents(prev: readonly RoomPlayer[], next: readonly RoomPlayer[]): RoomEvent[] {
  const events: RoomEvent[] = [];
  const before = new Map(prev.map((p) => [p.user_id, p]));
  const after = new Set(next.map((p) => p.user_id));
  for (const p of prev) if (!after.has(p.user_id)) events.push({ t: 'removed', user_id: p.user_id });
  for (const p of next) {
    const old = before.get(p.user_id);
    if (!old) {
      events.push({ t: 'joined', player: p });
      continue;
    }
    const set: Partial<Record<keyof PlayerFields, unknown>> = {};
    for (const key of PLAYER_FIELDS) if (old[key] !== p[key]) set[key] = p[key];
    if (Object.keys(set).length > 0) events.push({ t: memberEventKind(set as Partial<PlayerFields>), user_id: p.user_id, set: set as Partial<PlayerFields> });
  }
  // The fold sorts joined members by seat: if that is not the order the server keeps, send the list whole.
  const folded = events.reduce((players, e) => applyEvent({ players } as RoomDocument, e).players, prev);
  if (folded.map((p) => p.user_id).join() !== next.map((p) => p.user_id).join()) return [{ t: 'players', players: next }];
  return events;
}

function questionEvents(prev: readonly RoomQuestion[], next: readonly RoomQuestion[]): RoomEvent[] {
  const events: RoomEvent[] = [];
  for (let i = 0; i < next.length; i += 1) {
    const q = next[i]!;
    const old = prev[i];
    if (!old) {
      events.push({ t: 'opened', question: q });
      continue;
    }
    // A closed question never changes again (the fold check of the room service's tests holds it to that).
    if (old.closed) continue;
    if (same(old, q)) continue;
    const { answers: oldAnswers, closed: oldClosed, correct_answer: oldKey, ...oldRest } = old;
    const { answers, closed, correct_answer, ...rest } = q;
    if (!same(oldRest, rest)) {
      events.push({ t: 'question', question: q });
    } else if (!oldClosed && closed) {
      events.push({ t: 'closed', index: i, correct_answer, answers });
    } else if (oldClosed === closed && oldKey === correct_answer) {
      const flipped = answers.filter((a, k) => {
        const o = oldAnswers[k];
        return o !== undefined && o.user_id === a.user_id && !o.answered && a.answered && same({ ...o, answered: true }, a);
      });
      if (flipped.length > 0 && answers.length === oldAnswers.length && same(oldAnswers.map((o) => (flipped.some((f) => f.user_id === o.user_id) ? { ...o, answered: true } : o)), answers)) {
        events.push({ t: 'answered', index: i, user_ids: flipped.map((a) => a.user_id) });
      } else {
        events.push({ t: 'question', question: q });
      }
    } else {
      events.push({ t: 'question', question: q });
    }
  }
  if (next.length < prev.length) throw new Error('a room never hides a question it has shown');
  return events;
}

function messageEvents(prev: readonly RoomMessage[], next: readonly RoomMessage[]): RoomEvent[] {
  if (same(prev, next)) return [];
  // New messages at the end, the oldest dropped past ROOM_MESSAGES_KEPT: one event each.
  for (let added = 1; added <= next.length; added += 1) {
    const kept = [...prev, ...next.slice(next.length - added)];
    const trimmed = kept.length > ROOM_MESSAGES_KEPT ? kept.slice(kept.length - ROOM_MESSAGES_KEPT) : kept;
    if (same(trimmed, next)) return next.slice(next.length - added).map((message) => ({ t: 'message', message }));
  }
  return [{ t: 'messages', messages: next }];
}

/**
 * The delta from one version of a room to the next: `next.version` must be `prev.version + 1`.
 * Folding it into `prev` with `applyRoomDelta` gives `next` exactly (the room service checks that
 * in development and tests, for every version it publishes).
 */
export function roomDelta(prev: RoomDocument, next: RoomDocument): RoomDelta {
  if (prev.id !== next.id || next.version !== prev.version + 1) throw new Error(`room ${next.id}: no delta from version ${prev.version} to ${next.version}`);
  const events: RoomEvent[] = [];
  const set: Partial<Record<keyof RoomFields, unknown>> = {};
  for (const key of ROOM_FIELDS) if (prev[key] !== next[key]) set[key] = next[key];
  if (Object.keys(set).length > 0) events.push({ t: 'room', set: set as Partial<RoomFields> });
  events.push(...playerEvents(prev.players, next.players));
  events.push(...questionEvents(prev.questions, next.questions));
  events.push(...messageEvents(prev.messages, next.messages));
  if (!same(prev.result, next.result)) events.push({ t: 'finished', result: next.result });
  return { id: next.id, version: next.version, updated_at: next.updated_at, events };
}
