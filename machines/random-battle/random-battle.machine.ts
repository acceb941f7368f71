import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, stopChild, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { battleCountdown, battlePlayChild, sharedRoomActors, type PlayDocNotice } from '@/machines/battle-play/battle-play.machine';
import {
  CHAT_DONE,
  CHAT_ERROR,
  chatChildId,
  dataOf,
  failureOf,
  phaseIs,
  roomGuards,
  msUntil,
  resultOf,
  timeOf,
  withCallDoc,
  withFeedDoc,
  withPlayNotice,
  type BattleNotice,
  type CallFailure,
  type ChatDoneEvent,
  type RoomCall,
  type RoomData,
  type RoomFeedEvent,
  type RoomFeedInput,
  type RoomFeedSubscription,
  onFeedDelta,
  type RoomIdPayload,
  type SendRoomMessagePayload,
  type SubmitRoomAnswerPayload,
} from '@/machines/battle-play/battle-room';
import type { QuickMessage, RoomDocument } from '@/services/domain/rooms';
import { notProvided } from '@/machines/not-provided';

/**
 * A random 1v1 battle (docs/rooms.md, rules.md Battles): choose a category and a fee multiplier
 * → search (the server matches by language, category and fee, or opens a waiting room) → either
 * an opponent joins (matched → playing) or the search time runs out ("no opponent detected,
 * retry or play against the bot") → retry, or play the server's bot → questions (the shared
 * battle-play child) → result (win / lose / draw from the document, coins, back-to-back wins).
 * The room's documents decide where the machine is: each newer one re-routes it, and a reload
 * started with `roomId` lands where the room stands.
 *
 * Actors (a page provides them with `createRandomBattleMachine(services)` or `.provide()`):
 * - `findMatch` — input `FindMatchPayload` (`find_random_match`), output `RoomCall`;
 *   refusal `not_enough_coins`. Also the retry: the server hands the same room back with a new
 *   search deadline.
 * - `playWithBot` — input `RoomIdPayload` (`play_with_bot`), output `RoomCall`; refusal
 *   `room_not_waiting` (someone joined meanwhile: the feed brings the started room).
 * - `leaveRoom` — input `RoomIdPayload` (`leave_room`), output `RoomCall`. The page asks for
 *   confirmation before it sends `user.leave`.
 * - `sendMessage` — input `SendRoomMessagePayload` (`send_room_message`), output `RoomCall`;
 *   one child per message; a refusal (`rate_limited`) is kept in `chatError`.
 * - `roomFeed` — callback actor, input `RoomFeedInput`; sends `RoomFeedEvent`s (see battle-room.ts).
 * - through the `play` child: `submitAnswer` — input `SubmitRoomAnswerPayload`, output `RoomCall`.
 * Time comes from the feed's `serverNow`, the commands' documents and the actor clock (battle-room.ts).
 */

export interface RandomBattleInput {
  readonly userId: number;
  /** Resume this room (a reload in mid-battle): follow its feed and land where it stands. */
  readonly roomId?: string;
  /** Back-to-back random-battle wins so far (the page's store keeps it). */
  readonly winStreak?: number;
  /** `random_battle_max_fee_multiplier` (default 4). */
  readonly maxFeeMultiplier?: number;
  /** Category slug, or null for any category. */
  readonly category?: string | null;
  readonly feeMultiplier?: number;
}

export interface FindMatchPayload {
  readonly category: string | null;
  readonly fee_multiplier: number;
}

export interface RandomBattleContext {
  readonly userId: number;
  readonly maxFeeMultiplier: number;
  readonly category: string | null;
  readonly feeMultiplier: number;
  readonly winStreak: number;
  readonly roomId: string | null;
  readonly doc: RoomDocument | null;
  /** The server's time (epoch ms) as last learnt. */
  readonly now: number;
  /** False while the feed reconnects. */
  readonly online: boolean;
  /** Why the search, its retry or the bot game could not start, for the panel that shows it. */
  readonly error: CallFailure | null;
  /** This actor saw the game being played: only such a game counts for the win streak. */
  readonly sawPlay: boolean;
  /** Quick messages sent by this actor (names their calls: `chat.<n>`, never reused). */
  readonly chatSent: number;
}

export type RandomBattleEvent =
  | RoomFeedEvent
  | ChatDoneEvent
  | ({ type: 'play.doc' } & PlayDocNotice)
  | { type: 'user.category'; category: string | null }
  | { type: 'user.fee'; multiplier: number }
  | { type: 'user.search' }
  | { type: 'user.retry' }
  | { type: 'user.bot' }
  | { type: 'user.leave' }
  | { type: 'user.continue' }
  | { type: 'user.play_again' }
  | { type: 'user.back' }
  | { type: 'user.answer'; key: string }
  | { type: 'user.message'; key: QuickMessage }
  | { type: 'timer.expired' };

/** The effects a page provides; each call returns the API client's result as it is. */
export interface RandomBattleServices {
  findMatch(payload: FindMatchPayload): Promise<RoomCall>;
  playWithBot(payload: RoomIdPayload): Promise<RoomCall>;
  leaveRoom(payload: RoomIdPayload): Promise<RoomCall>;
  sendMessage(payload: SendRoomMessagePayload): Promise<RoomCall>;
  submitAnswer(payload: SubmitRoomAnswerPayload): Promise<RoomCall>;
  /** Subscribes to a room; calls `send` with feed events; returns the unsubscribe. */
  roomFeed(input: RoomFeedInput, send: (event: RoomFeedEvent) => void): RoomFeedSubscription;
}

/** The entry fee of a random battle: `random_battle_entry_coin` × the multiplier chosen (rules.md). */
export const entryFeeFor = (baseFee: number, multiplier: number): number => baseFee * multiplier;


export const randomBattleMachine = setup({
  types: {
    context: {} as RandomBattleContext,
    events: {} as RandomBattleEvent,
    input: {} as RandomBattleInput,
    children: {} as { countdown: 'countdown'; play: 'play'; feed: 'roomFeed' },
  },
  actors: {
    findMatch: fromPromise<RoomCall, FindMatchPayload>(notProvided('findMatch')),
    playWithBot: fromPromise<RoomCall, RoomIdPayload>(notProvided('playWithBot')),
    leaveRoom: fromPromise<RoomCall, RoomIdPayload>(notProvided('leaveRoom')),
    sendMessage: fromPromise<RoomCall, SendRoomMessagePayload>(notProvided('sendMessage')),
    // The feed takes no events: stopping it (leaving the room) closes the stream.
    roomFeed: fromCallback<EventObject, RoomFeedInput>(() => {
      throw new Error('roomFeed was not provided');
    }),
    countdown: battleCountdown,
    play: battlePlayChild,
  },
  delays: {
    untilFirstOpens: ({ context }) => {
      const first = context.doc?.questions[0];
      return first ? msUntil(first.opens_at, context.now) : 0;
    },
  },
  guards: {
    ...roomGuards,
    firstQuestionKnown: ({ context }) => !!context.doc?.questions[0],
    validFee: ({ context, event }) => event.type === 'user.fee' && Number.isInteger(event.multiplier) && event.multiplier >= 1 && event.multiplier <= context.maxFeeMultiplier,
    sameRoom: ({ context, event }) => {
      const data = 'output' in event ? dataOf(event.output as RoomCall) : null;
      return !!data && data.room.id === context.roomId;
    },
  },
  actions: {
    /** A delta from the feed: folded into the held document and taken as that document, dropped when old, or a resync asked for on a gap. */
    foldDelta: enqueueActions(({ context, event, enqueue }) => {
      const next = event.type === 'room.delta' ? onFeedDelta(context.doc, event) : null;
      if (next?.type === 'feed.resync') enqueue.sendTo('feed', next);
      else if (next) enqueue.raise(next);
    }),
    keepFeedDoc: assign(({ context, event }) => (event.type === 'room.updated' ? withFeedDoc(context, event.doc, event.serverNow) : {})),
    keepCallDoc: assign(({ context }, data: RoomData | null) => (data ? withCallDoc(context, data.room) : {})),
    /** A call answered with another room (a new search): follow that one. */
    enterRoom: assign((_, data: RoomData | null) => (data ? { doc: data.room, roomId: data.room.id, now: timeOf(data.room.updated_at), online: true, sawPlay: false } : {})),
    keepPlayDoc: assign(({ context, event }) => (event.type === 'play.doc' ? withPlayNotice(context, event.doc, event.now) : {})),
    forwardDoc: sendTo('play', ({ event }) => event as Extract<RandomBattleEvent, { type: 'room.updated' }>),
    forwardAnswer: sendTo('play', ({ event }) => event as Extract<RandomBattleEvent, { type: 'user.answer' }>),
    followConnection: assign(({ context, event }) => {
      if (event.type !== 'feed.status') return {};
      return event.status === 'connected' ? { online: true, now: Math.max(context.now, event.serverNow) } : { online: false };
    }),
    /** The search time is over by the actor clock: the server's time is the search deadline. */
    reachSearchDeadline: assign(({ context }) => {
      const deadline = context.doc?.search_deadline_at;
      return deadline ? { now: Math.max(context.now, timeOf(deadline)) } : {};
    }),
    reachFirstOpening: assign(({ context }) => {
      const first = context.doc?.questions[0];
      return first ? { now: Math.max(context.now, timeOf(first.opens_at)) } : {};
    }),
    rememberError: assign((_, failure: CallFailure) => ({ error: failure })),
    clearError: assign({ error: null }),
    choose: assign(({ event }) => (event.type === 'user.category' ? { category: event.category } : event.type === 'user.fee' ? { feeMultiplier: event.multiplier } : {})),
    sawPlay: assign({ sawPlay: true }),
    /** Back-to-back wins: a won human game adds one, a lost or drawn one starts over; bot games leave it. */
    countStreak: assign(({ context }) => {
      if (!context.sawPlay || !context.doc || context.doc.vs_bot) return {};
      return { winStreak: resultOf(context.doc, context.userId)?.outcome === 'win' ? context.winStreak + 1 : 0 };
    }),
    leaveRoomBehind: assign({ doc: null, roomId: null, online: true, sawPlay: false }),
    sendChat: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'user.message' || !context.doc) return;
      enqueue.spawnChild('sendMessage', { id: `chat.${context.chatSent}`, input: { room_id: context.doc.id, message: event.key } });
      enqueue.assign({ chatSent: context.chatSent + 1 });
    }),
    /** A message's answer: the room's new version, unless the player has left that room since. */
    keepChatDoc: assign(({ context, event }) => {
      const output = 'output' in event ? (event.output as RoomCall) : null;
      return output?.ok && context.doc?.id === output.data.room.id ? withCallDoc(context, output.data.room) : {};
    }),
    stopChat: stopChild(({ event }) => chatChildId(event.type)),
    /** Tells the player something without a screen of its own; the page provides a toast. */
    announce: (_, notice: BattleNotice) => void notice,
  },
}).createMachine({
  id: 'randomBattle',
  context: ({ input }) => ({
    userId: input.userId,
    maxFeeMultiplier: input.maxFeeMultiplier ?? 4,
    category: input.category ?? null,
    feeMultiplier: input.feeMultiplier ?? 1,
    winStreak: input.winStreak ?? 0,
    roomId: input.roomId ?? null,
    doc: null,
    now: 0,
    online: true,
    error: null,
    sawPlay: false,
    chatSent: 0,
  }),
  // A message's call may answer after the room was left: its child is stopped wherever the machine is.
  on: {
    // Wherever the machine is, a delta becomes the document it makes (handled as a `room.updated`).
    'room.delta': { actions: 'foldDelta' },
    [CHAT_DONE]: [
      { guard: 'okOutput', actions: ['keepChatDoc', 'stopChat'] },
      { actions: [{ type: 'announce', params: ({ event }) => ({ kind: 'message_refused' as const, code: failureOf(event.output).code }) }, 'stopChat'] },
    ],
    [CHAT_ERROR]: { actions: [{ type: 'announce', params: { kind: 'message_refused', code: null } }, 'stopChat'] },
  },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: ({ context }) => context.roomId !== null, target: 'room' }, { target: 'idle' }],
    },
    idle: {
      on: {
        'user.category': { actions: 'choose' },
        'user.fee': { guard: 'validFee', actions: 'choose' },
        'user.search': { target: 'finding', actions: 'clearError' },
      },
    },
    finding: {
      invoke: {
        src: 'findMatch',
        input: ({ context }) => ({ category: context.category, fee_multiplier: context.feeMultiplier }),
        onDone: [
          { guard: 'okOutput', target: 'room', actions: { type: 'enterRoom', params: ({ event }) => dataOf(event.output) } },
          { target: 'idle', actions: { type: 'rememberError', params: ({ event }) => failureOf(event.output) } },
        ],
        onError: { target: 'idle', actions: { type: 'rememberError', params: { code: null } } },
      },
    },
    room: {
      invoke: { id: 'feed', src: 'roomFeed', input: ({ context }) => ({ roomId: context.roomId! }) },
      on: {
        'room.updated': { actions: 'keepFeedDoc' },
        'feed.status': [{ guard: 'isGone', target: '.unavailable' }, { actions: 'followConnection' }],
        'user.message': { guard: 'canChat', actions: 'sendChat' },
      },
      initial: 'connecting',
      states: {
        /** Until the first document (a resumed room); a room just found has one already. */
        connecting: {
          always: { guard: 'hasDoc', target: 'route' },
        },
        route: {
          always: [
            { guard: 'offline', target: 'connectionLost' },
            { guard: phaseIs('searching'), target: 'searching' },
            { guard: phaseIs('noOpponent'), target: 'noOpponent' },
            { guard: phaseIs('matched'), target: 'matched' },
            { guard: phaseIs('playing'), target: 'playing' },
            { guard: phaseIs('opponentLeft'), target: 'opponentLeft' },
            { guard: phaseIs('result'), target: 'result' },
            { guard: phaseIs('deleted'), target: 'deleted' },
            { target: 'unavailable' },
          ],
        },
        searching: {
          entry: 'clearError',
          invoke: {
            id: 'countdown',
            src: 'countdown',
            input: ({ context }) => ({ durationMs: context.doc?.search_deadline_at ? msUntil(context.doc.search_deadline_at, context.now) : 0 }),
          },
          always: { guard: 'offline', target: 'connectionLost' },
          on: {
            'room.updated': [{ guard: 'isNewer', target: 'route', actions: 'keepFeedDoc' }, { actions: 'keepFeedDoc' }],
            'timer.expired': { target: 'noOpponent', actions: 'reachSearchDeadline' },
            'user.leave': { target: 'leaving' },
          },
        },
        noOpponent: {
          always: { guard: 'offline', target: 'connectionLost' },
          on: {
            'room.updated': [{ guard: 'isNewer', target: 'route', actions: 'keepFeedDoc' }, { actions: 'keepFeedDoc' }],
            'user.retry': { target: 'retrying', actions: 'clearError' },
            'user.bot': { target: 'startingBot', actions: 'clearError' },
            'user.leave': { target: 'leaving' },
          },
        },
        retrying: {
          invoke: {
            src: 'findMatch',
            input: ({ context }) => ({ category: context.category, fee_multiplier: context.feeMultiplier }),
            onDone: [
              { guard: 'sameRoom', target: 'route', actions: { type: 'keepCallDoc', params: ({ event }) => dataOf(event.output) } },
              // The server matched another room (ours was given up meanwhile): follow that one.
              { guard: 'okOutput', target: '#randomBattle.room', reenter: true, actions: { type: 'enterRoom', params: ({ event }) => dataOf(event.output) } },
              { target: 'noOpponent', actions: { type: 'rememberError', params: ({ event }) => failureOf(event.output) } },
            ],
            onError: { target: 'noOpponent', actions: { type: 'rememberError', params: { code: null } } },
          },
        },
        startingBot: {
          invoke: {
            src: 'playWithBot',
            input: ({ context }) => ({ room_id: context.roomId! }),
            onDone: [
              { guard: 'okOutput', target: 'route', actions: { type: 'keepCallDoc', params: ({ event }) => dataOf(event.output) } },
              // room_not_waiting: an opponent joined meanwhile; the feed brings the started room.
              { target: 'route', actions: { type: 'rememberError', params: ({ event }) => failureOf(event.output) } },
            ],
            onError: { target: 'route', actions: { type: 'rememberError', params: { code: null } } },
          },
        },
        /** Opponent found: both players shown until the first question opens. */
        matched: {
          entry: ['sawPlay', 'clearError'],
          always: { guard: 'offline', target: 'connectionLost' },
          after: { untilFirstOpens: { guard: 'firstQuestionKnown', target: 'route', actions: 'reachFirstOpening' } },
          on: {
            'room.updated': [{ guard: 'isNewer', target: 'route', actions: 'keepFeedDoc' }, { actions: 'keepFeedDoc' }],
            'user.leave': { target: 'leaving' },
          },
        },
        playing: {
          entry: ['sawPlay', 'clearError'],
          invoke: { id: 'play', src: 'play', input: ({ context }) => ({ doc: context.doc!, now: context.now, userId: context.userId }) },
          always: [
            { guard: 'offline', target: 'connectionLost' },
            { guard: ({ context }) => !phaseIs('playing', 'matched')({ context }), target: 'route' },
          ],
          on: {
            'room.updated': [{ guard: 'isNewer', actions: ['keepFeedDoc', 'forwardDoc'] }, { actions: 'keepFeedDoc' }],
            'play.doc': { actions: 'keepPlayDoc' },
            'user.answer': { actions: 'forwardAnswer' },
            'user.leave': { target: 'leaving' },
          },
        },
        /** "opponent has left the game": the room ends with a win for the one left. */
        opponentLeft: {
          entry: 'clearError',
          on: { 'user.continue': { guard: 'finished', target: 'result' } },
        },
        result: {
          entry: ['countStreak', 'clearError'],
          on: {
            'user.play_again': { target: '#randomBattle.finding', actions: ['leaveRoomBehind', 'clearError'] },
            'user.back': { target: '#randomBattle.idle', actions: ['leaveRoomBehind', 'clearError'] },
          },
        },
        deleted: {
          entry: 'clearError',
          on: { 'user.back': { target: '#randomBattle.idle', actions: 'leaveRoomBehind' } },
        },
        unavailable: {
          entry: 'clearError',
          on: { 'user.back': { target: '#randomBattle.idle', actions: 'leaveRoomBehind' } },
        },
        /** The feed reconnects by itself; it says `connected` after the first document. */
        connectionLost: {
          entry: 'clearError',
          always: { guard: 'online', target: 'route' },
        },
        leaving: {
          entry: 'clearError',
          invoke: {
            src: 'leaveRoom',
            input: ({ context }) => ({ room_id: context.roomId! }),
            onDone: [
              { guard: 'okOutput', target: '#randomBattle.idle', actions: ['leaveRoomBehind', 'clearError'] },
              // The game goes on (after a refused leave the clock is the last document's until the next one).
              { target: 'route', actions: { type: 'announce', params: ({ event }) => ({ kind: 'leave_failed' as const, code: failureOf(event.output).code }) } },
            ],
            onError: { target: 'route', actions: { type: 'announce', params: { kind: 'leave_failed', code: null } } },
          },
        },
      },
    },
  },
});

/** The random-battle machine with a page's effects attached. */
export function createRandomBattleMachine(services: RandomBattleServices) {
  return randomBattleMachine.provide({
    actors: {
      findMatch: fromPromise(({ input }) => services.findMatch(input)),
      playWithBot: fromPromise(({ input }) => services.playWithBot(input)),
      ...sharedRoomActors(services),
    },
  });
}

export type RandomBattleMachine = typeof randomBattleMachine;
export type RandomBattleActorRef = ActorRefFrom<RandomBattleMachine>;
export type RandomBattleSnapshot = SnapshotFrom<RandomBattleMachine>;
