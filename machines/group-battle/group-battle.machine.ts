import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, stopChild, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { battlePlayChild, sharedRoomActors, type PlayDocNotice } from '@/machines/battle-play/battle-play.machine';
import {
  CHAT_DONE,
  CHAT_ERROR,
  chatChildId,
  dataOf,
  failureOf,
  phaseIs,
  roomGuards,
  playerOf,
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
import { normaliseRoomCode, startBlocker, type QuickMessage, type RoomDocument } from '@/services/domain/rooms';
import { notProvided } from '@/machines/not-provided';

/**
 * A group battle (2–4 players) or a battle with a friend (the same flow with `roomType`
 * 'friend': two seats), docs/rooms.md and rules.md Battles: menu → create a room (category,
 * number of questions, entry fee) or join one by its code → lobby (the code to share, the seats,
 * readiness, the creator's start or delete) → questions (the shared battle-play child) → result
 * (victory / defeat / tie in groups, win / lose / draw with a friend, from the document). The
 * room's documents decide where the machine is; a reload started with `roomId` lands where the
 * room stands.
 *
 * Actors (a page provides them with `createGroupBattleMachine(services)` or `.provide()`):
 * - `createRoom` — input `CreateRoomPayload` (`create_room`), output `RoomCall`; refusals
 *   `not_enough_coins`, `119`.
 * - `joinRoom` — input `JoinRoomPayload` (`join_room`, the code normalised), output `RoomCall`;
 *   refusals `room_code_invalid`, `room_full`, `room_deleted`, `room_not_waiting`. An empty code
 *   is refused here ("please enter a room code") without a call.
 * - `setReady` — input `SetReadyPayload` (`set_room_ready`), output `RoomCall`.
 * - `startRoom` — input `RoomIdPayload` (`start_room`, creator only), output `RoomCall`; refusals
 *   `player_not_joined`, `players_not_ready` (both also refused here first, by `startBlocker`),
 *   `not_enough_coins`, `not_room_creator`.
 * - `deleteRoom` — input `RoomIdPayload` (`delete_room`), output `RoomCall`.
 * - `leaveRoom` — input `RoomIdPayload` (`leave_room`), output `RoomCall`. The page asks for
 *   confirmation before `user.leave` and `user.delete`.
 * - `sendMessage` — input `SendRoomMessagePayload`, output `RoomCall`; one child per message.
 * - `roomFeed` — callback actor, input `RoomFeedInput`; sends `RoomFeedEvent`s (battle-room.ts).
 * - through the `play` child: `submitAnswer` — input `SubmitRoomAnswerPayload`, output `RoomCall`.
 */

export type FriendOrGroup = 'friend' | 'group';

export interface GroupBattleInput {
  readonly userId: number;
  /** 'group': 2–4 seats; 'friend': a private 1v1 room. */
  readonly roomType: FriendOrGroup;
  /** Resume this room (a reload): follow its feed and land where it stands. */
  readonly roomId?: string;
  readonly category?: string | null;
  /** Number of questions offered first in the create form (default 10). */
  readonly questions?: number;
  /** Entry fee offered first in the create form (default 5). */
  readonly entryFee?: number;
}

export interface CreateRoomPayload {
  readonly room_type: FriendOrGroup;
  readonly category: string | null;
  readonly no_of_que: number;
  readonly entry_fee: number;
}
export interface JoinRoomPayload {
  readonly room_code: string;
}
export interface SetReadyPayload {
  readonly room_id: string;
  readonly ready: 0 | 1;
}

export interface RoomForm {
  readonly category: string | null;
  readonly questions: number;
  readonly entryFee: number;
}

export interface GroupBattleContext {
  readonly userId: number;
  readonly roomType: FriendOrGroup;
  readonly form: RoomForm;
  /** The join code as typed. */
  readonly code: string;
  readonly roomId: string | null;
  readonly doc: RoomDocument | null;
  /** The server's time (epoch ms) as last learnt. */
  readonly now: number;
  /** False while the feed reconnects. */
  readonly online: boolean;
  /** The last refusal or failure to show (create, join, ready, start, delete); `room_code_required` for an empty join code. */
  readonly error: CallFailure | null;
  /** Quick messages sent by this actor (names their calls: `chat.<n>`, never reused). */
  readonly chatSent: number;
}

export type GroupBattleEvent =
  | RoomFeedEvent
  | ChatDoneEvent
  | ({ type: 'play.doc' } & PlayDocNotice)
  | { type: 'user.create' }
  | { type: 'user.join' }
  | { type: 'user.back' }
  | { type: 'user.category'; category: string | null }
  | { type: 'user.questions'; count: number }
  | { type: 'user.fee'; fee: number }
  | { type: 'user.code'; code: string }
  | { type: 'user.submit' }
  | { type: 'user.ready' }
  | { type: 'user.start' }
  | { type: 'user.delete' }
  | { type: 'user.leave' }
  | { type: 'user.answer'; key: string }
  | { type: 'user.message'; key: QuickMessage }
  | { type: 'user.continue' }
  | { type: 'user.play_again' };

export interface GroupBattleServices {
  createRoom(payload: CreateRoomPayload): Promise<RoomCall>;
  joinRoom(payload: JoinRoomPayload): Promise<RoomCall>;
  setReady(payload: SetReadyPayload): Promise<RoomCall>;
  startRoom(payload: RoomIdPayload): Promise<RoomCall>;
  deleteRoom(payload: RoomIdPayload): Promise<RoomCall>;
  leaveRoom(payload: RoomIdPayload): Promise<RoomCall>;
  sendMessage(payload: SendRoomMessagePayload): Promise<RoomCall>;
  submitAnswer(payload: SubmitRoomAnswerPayload): Promise<RoomCall>;
  /** Subscribes to a room; calls `send` with feed events; returns the unsubscribe. */
  roomFeed(input: RoomFeedInput, send: (event: RoomFeedEvent) => void): RoomFeedSubscription;
}

const isCreator = (context: GroupBattleContext) => !!context.doc && context.doc.created_by === context.userId;

export const groupBattleMachine = setup({
  types: {
    context: {} as GroupBattleContext,
    events: {} as GroupBattleEvent,
    input: {} as GroupBattleInput,
    children: {} as { play: 'play'; feed: 'roomFeed' },
  },
  actors: {
    createRoom: fromPromise<RoomCall, CreateRoomPayload>(notProvided('createRoom')),
    joinRoom: fromPromise<RoomCall, JoinRoomPayload>(notProvided('joinRoom')),
    setReady: fromPromise<RoomCall, SetReadyPayload>(notProvided('setReady')),
    startRoom: fromPromise<RoomCall, RoomIdPayload>(notProvided('startRoom')),
    deleteRoom: fromPromise<RoomCall, RoomIdPayload>(notProvided('deleteRoom')),
    leaveRoom: fromPromise<RoomCall, RoomIdPayload>(notProvided('leaveRoom')),
    sendMessage: fromPromise<RoomCall, SendRoomMessagePayload>(notProvided('sendMessage')),
    // The feed takes no events: stopping it (leaving the room) closes the stream.
    roomFeed: fromCallback<EventObject, RoomFeedInput>(() => {
      throw new Error('roomFeed was not provided');
    }),
    play: battlePlayChild,
  },
  guards: {
    ...roomGuards,
    emptyCode: ({ context }) => normaliseRoomCode(context.code) === '',
    isCreator: ({ context }) => isCreator(context),
    isMember: ({ context }) => !isCreator(context),
    startBlocked: ({ context }) => !!context.doc && startBlocker(context.doc, context.userId) !== null,
    validQuestions: ({ event }) => event.type === 'user.questions' && Number.isInteger(event.count) && event.count >= 1,
    validFee: ({ event }) => event.type === 'user.fee' && Number.isInteger(event.fee) && event.fee >= 0,
    notLobby: ({ context }) => !phaseIs('lobby')({ context }),
    notPlaying: ({ context }) => !phaseIs('playing')({ context }),
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
    keepPlayDoc: assign(({ context, event }) => (event.type === 'play.doc' ? withPlayNotice(context, event.doc, event.now) : {})),
    enterRoom: assign((_, data: RoomData | null) => (data ? { doc: data.room, roomId: data.room.id, now: timeOf(data.room.updated_at), online: true, error: null } : {})),
    forwardDoc: sendTo('play', ({ event }) => event as Extract<GroupBattleEvent, { type: 'room.updated' }>),
    forwardAnswer: sendTo('play', ({ event }) => event as Extract<GroupBattleEvent, { type: 'user.answer' }>),
    followConnection: assign(({ context, event }) => {
      if (event.type !== 'feed.status') return {};
      return event.status === 'connected' ? { online: true, now: Math.max(context.now, event.serverNow) } : { online: false };
    }),
    editForm: assign(({ context, event }) => {
      if (event.type === 'user.category') return { form: { ...context.form, category: event.category } };
      if (event.type === 'user.questions') return { form: { ...context.form, questions: event.count } };
      if (event.type === 'user.fee') return { form: { ...context.form, entryFee: event.fee } };
      return {};
    }),
    typeCode: assign(({ event }) => (event.type === 'user.code' ? { code: event.code, error: null } : {})),
    rememberError: assign((_, failure: CallFailure) => ({ error: failure })),
    clearError: assign({ error: null }),
    leaveForms: assign({ code: '', error: null }),
    /** The start refused by the room's rules without asking the server (the server would refuse the same). */
    refuseStart: assign(({ context }) => ({ error: { code: context.doc ? startBlocker(context.doc, context.userId) : null } })),
    leaveRoomBehind: assign({ doc: null, roomId: null, online: true }),
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
  id: 'groupBattle',
  context: ({ input }) => ({
    userId: input.userId,
    roomType: input.roomType,
    form: { category: input.category ?? null, questions: input.questions ?? 10, entryFee: input.entryFee ?? 5 },
    code: '',
    roomId: input.roomId ?? null,
    doc: null,
    now: 0,
    online: true,
    error: null,
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
      always: [{ guard: ({ context }) => context.roomId !== null, target: 'room' }, { target: 'menu' }],
    },
    menu: {
      // A new start: the join form is empty again, and no old refusal shows.
      entry: 'leaveForms',
      on: { 'user.create': { target: 'create' }, 'user.join': { target: 'join' } },
    },
    create: {
      on: {
        'user.category': { actions: 'editForm' },
        'user.questions': { guard: 'validQuestions', actions: 'editForm' },
        'user.fee': { guard: 'validFee', actions: 'editForm' },
        'user.submit': { target: 'creating', actions: 'clearError' },
        'user.back': { target: 'menu' },
      },
    },
    creating: {
      invoke: {
        src: 'createRoom',
        input: ({ context }) => ({ room_type: context.roomType, category: context.form.category, no_of_que: context.form.questions, entry_fee: context.form.entryFee }),
        onDone: [
          { guard: 'okOutput', target: 'room', actions: { type: 'enterRoom', params: ({ event }) => dataOf(event.output) } },
          { target: 'create', actions: { type: 'rememberError', params: ({ event }) => failureOf(event.output) } },
        ],
        onError: { target: 'create', actions: { type: 'rememberError', params: { code: null } } },
      },
    },
    join: {
      on: {
        'user.code': { actions: 'typeCode' },
        'user.submit': [
          { guard: 'emptyCode', actions: { type: 'rememberError', params: { code: 'room_code_required' } } },
          { target: 'joining', actions: 'clearError' },
        ],
        'user.back': { target: 'menu' },
      },
    },
    joining: {
      invoke: {
        src: 'joinRoom',
        input: ({ context }) => ({ room_code: normaliseRoomCode(context.code) }),
        onDone: [
          { guard: 'okOutput', target: 'room', actions: { type: 'enterRoom', params: ({ event }) => dataOf(event.output) } },
          { target: 'join', actions: { type: 'rememberError', params: ({ event }) => failureOf(event.output) } },
        ],
        onError: { target: 'join', actions: { type: 'rememberError', params: { code: null } } },
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
        connecting: {
          always: { guard: 'hasDoc', target: 'route' },
        },
        route: {
          always: [
            { guard: 'offline', target: 'connectionLost' },
            { guard: phaseIs('lobby'), target: 'lobby' },
            { guard: phaseIs('playing', 'matched'), target: 'playing' },
            { guard: phaseIs('opponentLeft'), target: 'opponentLeft' },
            { guard: phaseIs('result'), target: 'result' },
            { guard: phaseIs('deleted'), target: 'deleted' },
            { target: 'unavailable' },
          ],
        },
        lobby: {
          always: [
            { guard: 'offline', target: 'connectionLost' },
            { guard: 'notLobby', target: 'route' },
          ],
          on: {
            'user.leave': { target: 'leaving' },
            'user.delete': { guard: 'isCreator', target: 'deleting' },
          },
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.ready': { guard: 'isMember', target: 'settingReady', actions: 'clearError' },
                'user.start': [
                  { guard: 'isMember' },
                  { guard: 'startBlocked', actions: 'refuseStart' },
                  { target: 'starting', actions: 'clearError' },
                ],
              },
            },
            settingReady: {
              invoke: {
                src: 'setReady',
                input: ({ context }) => ({ room_id: context.roomId!, ready: playerOf(context.doc!, context.userId)?.ready ? 0 : 1 }),
                onDone: [
                  { guard: 'okOutput', target: 'idle', actions: { type: 'keepCallDoc', params: ({ event }) => dataOf(event.output) } },
                  { target: 'idle', actions: { type: 'rememberError', params: ({ event }) => failureOf(event.output) } },
                ],
                onError: { target: 'idle', actions: { type: 'rememberError', params: { code: null } } },
              },
            },
            starting: {
              invoke: {
                src: 'startRoom',
                input: ({ context }) => ({ room_id: context.roomId! }),
                onDone: [
                  // The started room takes the lobby to the game (the lobby's `always`).
                  { guard: 'okOutput', target: 'idle', actions: { type: 'keepCallDoc', params: ({ event }) => dataOf(event.output) } },
                  { target: 'idle', actions: { type: 'rememberError', params: ({ event }) => failureOf(event.output) } },
                ],
                onError: { target: 'idle', actions: { type: 'rememberError', params: { code: null } } },
              },
            },
          },
        },
        deleting: {
          invoke: {
            src: 'deleteRoom',
            input: ({ context }) => ({ room_id: context.roomId! }),
            onDone: [
              { guard: 'okOutput', target: '#groupBattle.menu', actions: 'leaveRoomBehind' },
              { target: 'route', actions: { type: 'rememberError', params: ({ event }) => failureOf(event.output) } },
            ],
            onError: { target: 'route', actions: { type: 'rememberError', params: { code: null } } },
          },
        },
        playing: {
          entry: 'clearError',
          invoke: { id: 'play', src: 'play', input: ({ context }) => ({ doc: context.doc!, now: context.now, userId: context.userId }) },
          always: [
            { guard: 'offline', target: 'connectionLost' },
            { guard: 'notPlaying', target: 'route' },
          ],
          on: {
            'room.updated': [{ guard: 'isNewer', actions: ['keepFeedDoc', 'forwardDoc'] }, { actions: 'keepFeedDoc' }],
            'play.doc': { actions: 'keepPlayDoc' },
            'user.answer': { actions: 'forwardAnswer' },
            'user.leave': { target: 'leaving' },
          },
        },
        /** Everyone else left: the game ends with this member the winner. */
        opponentLeft: {
          entry: 'clearError',
          on: { 'user.continue': { guard: 'finished', target: 'result' } },
        },
        result: {
          entry: 'clearError',
          on: { 'user.play_again': { target: '#groupBattle.menu', actions: 'leaveRoomBehind' } },
        },
        /** Deleted by its owner (a member sees "room is deleted by owner"). */
        deleted: {
          entry: 'clearError',
          on: { 'user.back': { target: '#groupBattle.menu', actions: 'leaveRoomBehind' } },
        },
        unavailable: {
          entry: 'clearError',
          on: { 'user.back': { target: '#groupBattle.menu', actions: 'leaveRoomBehind' } },
        },
        connectionLost: {
          always: { guard: 'online', target: 'route' },
        },
        leaving: {
          invoke: {
            src: 'leaveRoom',
            input: ({ context }) => ({ room_id: context.roomId! }),
            onDone: [
              { guard: 'okOutput', target: '#groupBattle.menu', actions: 'leaveRoomBehind' },
              { target: 'route', actions: { type: 'announce', params: ({ event }) => ({ kind: 'leave_failed' as const, code: failureOf(event.output).code }) } },
            ],
            onError: { target: 'route', actions: { type: 'announce', params: { kind: 'leave_failed', code: null } } },
          },
        },
      },
    },
  },
});

/** The group-battle machine with a page's effects attached. */
export function createGroupBattleMachine(services: GroupBattleServices) {
  return groupBattleMachine.provide({
    actors: {
      createRoom: fromPromise(({ input }) => services.createRoom(input)),
      joinRoom: fromPromise(({ input }) => services.joinRoom(input)),
      setReady: fromPromise(({ input }) => services.setReady(input)),
      startRoom: fromPromise(({ input }) => services.startRoom(input)),
      deleteRoom: fromPromise(({ input }) => services.deleteRoom(input)),
      ...sharedRoomActors(services),
    },
  });
}

export type GroupBattleMachine = typeof groupBattleMachine;
export type GroupBattleActorRef = ActorRefFrom<GroupBattleMachine>;
export type GroupBattleSnapshot = SnapshotFrom<GroupBattleMachine>;
