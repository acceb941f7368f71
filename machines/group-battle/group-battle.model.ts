import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { withoutIdleEnds } from '@/machines/battle-play/model-paths';
import { namedEvents, selfLoopsToo } from '@/machines/testing/paths';

/**
 * What a tester expects of a group battle or a battle with a friend, without invoke or after:
 * the outcomes of calls, the room feed's documents and the clock are events. Its states are the
 * real machine's with the play child's states inside `room.playing`.
 *
 * The player either creates a room (and may start it once another player joined and everyone
 * is ready) or joins one by its code (created by another player, who starts it). A group room
 * takes up to two other players here, a friend room one. The game has one question, open as
 * soon as the room starts (the questions' own cycle is the random-battle model's: the same
 * child plays it). The others answer right when they answer.
 *
 * Two configurations, by the machine's `roomType`: `group` and `friend`.
 */

export type GroupModelConfig = 'group' | 'friend';
export type ModelPick = 'right' | 'wrong';
type ModelPlace = 'lobby' | 'question' | 'answered' | 'timeUp';

/** Join refusals of the server (docs/rooms.md, join_room). */
export const JOIN_REFUSALS = ['room_code_invalid', 'room_full', 'room_deleted'] as const;

export interface GroupModelContext {
  readonly roomType: GroupModelConfig;
  /** What is in the join form: nothing, or a code (with spaces and small letters). */
  readonly code: 'empty' | 'typed';
  /** The player created the room (else joined it). */
  readonly creator: boolean;
  /** Other players in the room. */
  readonly others: number;
  /** Every other player is ready. */
  readonly othersReady: boolean;
  /** The player's own readiness (a member's). */
  readonly ready: boolean;
  readonly error: { readonly code: string | null } | null;
  readonly pick: ModelPick | null;
  readonly mine: ModelPick | null;
  /** The others answered (right). */
  readonly theirs: boolean;
  /** The game ended because the others left. */
  readonly forfeit: boolean;
  /** A delta that did not follow the held document came, and the machine asked for the whole one (tested once per visit of the question). */
  readonly resynced: boolean;
  readonly was: ModelPlace | null;
}

export type GroupModelEvent =
  | { type: 'user.create' }
  | { type: 'user.join' }
  | { type: 'user.back' }
  | { type: 'user.questions'; count: number }
  | { type: 'user.fee'; fee: number }
  | { type: 'user.code'; code: string }
  | { type: 'user.submit' }
  | { type: 'api.created' }
  | { type: 'api.no_coins' }
  | { type: 'api.failed' }
  | { type: 'api.joined' }
  | { type: 'api.join_refused'; code: (typeof JOIN_REFUSALS)[number] }
  | { type: 'feed.player_joined' }
  | { type: 'feed.players_ready' }
  | { type: 'feed.player_left' }
  | { type: 'user.ready' }
  | { type: 'api.ready_set' }
  | { type: 'user.start' }
  | { type: 'api.started' }
  | { type: 'feed.started' }
  | { type: 'user.delete' }
  | { type: 'api.deleted' }
  | { type: 'feed.deleted' }
  | { type: 'user.answer'; pick: ModelPick }
  | { type: 'api.answer_accepted' }
  | { type: 'timer.expired' }
  | { type: 'feed.others_answered' }
  | { type: 'feed.question_closed' }
  | { type: 'feed.opponent_left' }
  | { type: 'user.continue' }
  | { type: 'feed.lost' }
  /** A delta that does not follow the document the machine holds (a version never delivered): it asks the feed for the whole document again. */
  | { type: 'feed.gap' }
  | { type: 'feed.resumed' }
  | { type: 'feed.gone' }
  | { type: 'user.leave' }
  | { type: 'api.left' }
  | { type: 'user.message'; outcome: 'sent' | 'refused' }
  | { type: 'user.play_again' };

/** The typed join code (spaces and small letters: the machine normalises it). */
export const TYPED_CODE = ' qz1k7p ';

export const GROUP_MODEL_EVENTS: GroupModelEvent[] = [
  { type: 'user.questions', count: 5 },
  { type: 'user.fee', fee: 20 },
  { type: 'user.code', code: '' },
  { type: 'user.code', code: TYPED_CODE },
  ...JOIN_REFUSALS.map((code) => ({ type: 'api.join_refused' as const, code })),
  { type: 'user.answer', pick: 'right' },
  { type: 'user.answer', pick: 'wrong' },
  { type: 'user.message', outcome: 'sent' },
  { type: 'user.message', outcome: 'refused' },
];

const TESTED_NO_OPS = ['user.questions', 'user.fee', 'user.answer', 'user.message'];
const seats = (c: GroupModelContext) => (c.roomType === 'group' ? 2 : 1);
const FRESH = { creator: false, others: 0, othersReady: false, ready: false, pick: null, mine: null, theirs: false, forfeit: false, resynced: false, was: null } as const;

export const groupBattleModel = setup({
  types: { context: {} as GroupModelContext, events: {} as GroupModelEvent, input: {} as { roomType: GroupModelConfig } },
  guards: {
    emptyCode: ({ context }) => context.code === 'empty',
    creator: ({ context }) => context.creator,
    member: ({ context }) => !context.creator,
    seatFree: ({ context }) => context.creator && context.others < seats(context),
    waitingForReady: ({ context }) => context.creator && context.others > 0 && !context.othersReady,
    someoneToLeave: ({ context }) => context.creator && context.others > 0,
    nobodyJoined: ({ context }) => context.others === 0,
    notReady: ({ context }) => !context.othersReady,
    memberReady: ({ context }) => !context.creator && context.ready,
    othersMayAnswer: ({ context }) => !context.theirs,
    oneOpponent: ({ context }) => context.others === 1,
    closesNow: ({ context }) => context.theirs,
    notResynced: ({ context }) => !context.resynced,
    was: ({ context }, place: ModelPlace) => context.was === place,
  },
  actions: {
    fresh: assign({ ...FRESH, error: null }),
    leaveForms: assign({ code: 'empty', error: null }),
    typed: assign(({ event }) => (event.type === 'user.code' ? { code: event.code.trim() === '' ? ('empty' as const) : ('typed' as const), error: null } : {})),
    refused: assign((_, code: string | null) => ({ error: { code } })),
    joinRefused: assign(({ event }) => (event.type === 'api.join_refused' ? { error: { code: event.code } } : {})),
    clearError: assign({ error: null }),
    created: assign({ ...FRESH, creator: true }),
    /** Joined the creator's room: one other player (the creator), who is ready. */
    joined: assign({ ...FRESH, others: 1, othersReady: true }),
    playerJoined: assign(({ context }) => ({ others: context.others + 1, othersReady: false })),
    playersReady: assign({ othersReady: true }),
    playerLeft: assign(({ context }) => ({ others: context.others - 1, othersReady: context.others - 1 > 0 && context.othersReady })),
    toggleReady: assign(({ context }) => ({ ready: !context.ready })),
    pick: assign(({ event }) => (event.type === 'user.answer' ? { pick: event.pick } : {})),
    accepted: assign(({ context }) => ({ mine: context.pick, pick: null })),
    theirs: assign({ theirs: true }),
    forfeit: assign({ forfeit: true }),
    resynced: assign({ resynced: true }),
    notResyncedAnyMore: assign({ resynced: false }),
    remember: assign((_, place: ModelPlace) => ({ was: place })),
    forget: assign({ was: null }),
  },
}).createMachine({
  id: 'groupBattle',
  context: ({ input }) => ({ roomType: input.roomType, code: 'empty', ...FRESH, error: null }),
  initial: 'menu',
  states: {
    menu: {
      // A new start: the forms are empty again.
      entry: 'leaveForms',
      on: { 'user.create': { target: 'create' }, 'user.join': { target: 'join' } },
    },
    create: {
      on: {
        // The choices go into the call's input (the test checks it); nothing else changes.
        'user.questions': {},
        'user.fee': {},
        'user.submit': { target: 'creating', actions: 'clearError' },
        'user.back': { target: 'menu', actions: 'fresh' },
      },
    },
    creating: {
      on: {
        'api.created': { target: 'room.lobby', actions: 'created' },
        'api.no_coins': { target: 'create', actions: { type: 'refused', params: 'not_enough_coins' } },
        'api.failed': { target: 'create', actions: { type: 'refused', params: null } },
      },
    },
    join: {
      on: {
        'user.code': { actions: 'typed' },
        'user.submit': [{ guard: 'emptyCode', actions: { type: 'refused', params: 'room_code_required' } }, { target: 'joining', actions: 'clearError' }],
        'user.back': { target: 'menu', actions: 'fresh' },
      },
    },
    joining: {
      on: {
        'api.joined': { target: 'room.lobby', actions: 'joined' },
        'api.join_refused': { target: 'join', actions: 'joinRefused' },
        'api.failed': { target: 'join', actions: { type: 'refused', params: null } },
      },
    },
    room: {
      initial: 'lobby',
      states: {
        lobby: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'feed.lost': { target: '#groupBattle.room.connectionLost', actions: { type: 'remember', params: 'lobby' } },
                'user.leave': { target: '#groupBattle.room.leaving', actions: { type: 'remember', params: 'lobby' } },
                'feed.player_joined': { guard: 'seatFree', actions: 'playerJoined' },
                'feed.players_ready': { guard: 'waitingForReady', actions: 'playersReady' },
                'feed.player_left': { guard: 'someoneToLeave', actions: 'playerLeft' },
                'user.start': [
                  { guard: 'member' },
                  // Refused by the room's rules at once, with the spec's words.
                  { guard: 'nobodyJoined', actions: { type: 'refused', params: 'player_not_joined' } },
                  { guard: 'notReady', actions: { type: 'refused', params: 'players_not_ready' } },
                  { target: 'starting', actions: 'clearError' },
                ],
                'user.ready': { guard: 'member', target: 'settingReady', actions: 'clearError' },
                'feed.started': { guard: 'memberReady', target: '#groupBattle.room.playing.round.question', actions: 'clearError' },
                'feed.deleted': { guard: 'member', target: '#groupBattle.room.deleted', actions: 'clearError' },
                'user.delete': { guard: 'creator', target: '#groupBattle.room.deleting', actions: 'clearError' },
              },
            },
            settingReady: {
              on: {
                'api.ready_set': { target: 'idle', actions: 'toggleReady' },
                'api.failed': { target: 'idle', actions: { type: 'refused', params: null } },
              },
            },
            starting: {
              on: {
                'api.started': { target: '#groupBattle.room.playing.round.question' },
                // A member spent their coins meanwhile: the server removed them and refused.
                'api.no_coins': { target: 'idle', actions: [{ type: 'refused', params: 'not_enough_coins' }, 'playerLeft'] },
              },
            },
          },
        },
        deleting: {
          on: {
            'api.deleted': { target: '#groupBattle.menu', actions: 'fresh' },
            'api.failed': { target: 'lobby', actions: { type: 'refused', params: null } },
          },
        },
        playing: {
          initial: 'round',
          entry: 'clearError',
          states: {
            round: {
              initial: 'question',
              states: {
                question: {
                  // The resync is tested where it happens: once the question is left, the model is as without it.
                  exit: 'notResyncedAnyMore',
                  on: {
                    'user.answer': { target: 'submitting', actions: 'pick' },
                    'timer.expired': { target: '#groupBattle.room.playing.timeUp' },
                    'feed.others_answered': { guard: 'othersMayAnswer', actions: 'theirs' },
                    'feed.opponent_left': { guard: 'oneOpponent', target: '#groupBattle.room.opponentLeft', actions: 'forfeit' },
                    'feed.lost': { target: '#groupBattle.room.connectionLost', actions: { type: 'remember', params: 'question' } },
                    'feed.gap': { guard: 'notResynced', actions: 'resynced' },
                    'user.leave': { target: '#groupBattle.room.leaving', actions: { type: 'remember', params: 'question' } },
                    'user.message': {},
                  },
                },
                submitting: {
                  on: {
                    'user.answer': {},
                    'api.answer_accepted': [{ guard: 'closesNow', target: '#groupBattle.room.result', actions: 'accepted' }, { target: 'answered', actions: 'accepted' }],
                    'feed.others_answered': { guard: 'othersMayAnswer', actions: 'theirs' },
                  },
                },
                answered: {
                  on: {
                    'feed.others_answered': { target: '#groupBattle.room.result', actions: 'theirs' },
                    'feed.question_closed': { target: '#groupBattle.room.result' },
                    'feed.lost': { target: '#groupBattle.room.connectionLost', actions: { type: 'remember', params: 'answered' } },
                  },
                },
              },
            },
            timeUp: {
              on: {
                'feed.question_closed': { target: '#groupBattle.room.result' },
                'feed.lost': { target: '#groupBattle.room.connectionLost', actions: { type: 'remember', params: 'timeUp' } },
              },
            },
          },
        },
        opponentLeft: { entry: 'clearError', on: { 'user.continue': { target: 'result' } } },
        result: { entry: 'clearError', on: { 'user.play_again': { target: '#groupBattle.menu', actions: 'fresh' } } },
        deleted: { entry: 'clearError', on: { 'user.back': { target: '#groupBattle.menu', actions: 'fresh' } } },
        unavailable: { entry: 'clearError', on: { 'user.back': { target: '#groupBattle.menu', actions: 'fresh' } } },
        connectionLost: {
          on: {
            'feed.resumed': [
              { guard: { type: 'was', params: 'lobby' }, target: 'lobby', actions: 'forget' },
              { guard: { type: 'was', params: 'question' }, target: 'playing.round.question', actions: 'forget' },
              { guard: { type: 'was', params: 'answered' }, target: 'playing.round.answered', actions: 'forget' },
              { target: 'playing.timeUp', actions: 'forget' },
            ],
            'feed.gone': { target: 'unavailable', actions: 'forget' },
          },
        },
        leaving: {
          on: {
            'api.left': { target: '#groupBattle.menu', actions: 'fresh' },
            'api.failed': [
              { guard: { type: 'was', params: 'lobby' }, target: 'lobby', actions: 'forget' },
              { target: 'playing.round.question', actions: 'forget' },
            ],
          },
        },
      },
    },
  },
});

/** The shortest path to every state of the model and through every transition. */
export function groupBattleModelPaths(config: GroupModelConfig) {
  const all = createTestModel(groupBattleModel, { events: GROUP_MODEL_EVENTS, serializeTransition: selfLoopsToo }).getShortestPaths({
    events: namedEvents(GROUP_MODEL_EVENTS),
    input: { roomType: config },
    allowDuplicatePaths: true,
  });
  return withoutIdleEnds(all, TESTED_NO_OPS);
}
