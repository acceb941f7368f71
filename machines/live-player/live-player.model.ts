import { createTestModel } from '@xstate/graph';
import { and, assign, not, setup } from 'xstate';
import { namedEvents, selfLoopsToo } from '@/machines/testing/paths';

/**
 * What a tester expects of a player's phone in a live game, without invoke or after: the answers
 * of the calls (`api.*`), the game's frames (`feed.*`) and the passing of the server's time
 * (`timer.*`) are events. Its states are the real machine's.
 *
 * Once the PIN is typed the phone asks the server what the game wants of a player joining
 * (`api.entry`): a typed nickname (`free`), a generated one (`generated`: no nickname, no "join as
 * me"), or a team to pick (`choose_team`: the join waits for one).
 *
 * The game has two questions: the first is announced, opens, and is answered (in time or too late)
 * or not; the host reveals it, shows the standings, then the second question is announced and the
 * game goes to the podium (or the host ends it, or removes the player). The host may pause at any
 * time of the game. Three configurations: `guest` (types a nickname), `signed_in` (may join under
 * their name) and `rejoin` (a seat kept by the browser: comes back into the game as it stands).
 */

export type LivePlayerModelConfig = 'guest' | 'signed_in' | 'rejoin';

export const JOIN_REFUSALS = ['nickname_taken', 'live_locked', 'live_pin_unknown'] as const;
/** What the PIN's game asks of a player joining. */
export const ENTRY_KINDS = ['free', 'generated', 'choose_team'] as const;
export const ENTRY_REFUSALS = ['live_pin_unknown', 'rate_limited'] as const;

export interface LivePlayerModelContext {
  readonly config: LivePlayerModelConfig;
  readonly pin: 'empty' | 'short' | 'good';
  readonly nickname: 'empty' | 'short' | 'good';
  /** What the game asks of a player joining, once the server said it. */
  readonly entry: 'unknown' | (typeof ENTRY_KINDS)[number];
  readonly team: boolean;
  /** The question on screen: none (lobby), announced (not open yet), open, over (deadline passed). */
  readonly question: 'none' | 'announced' | 'open' | 'over' | 'closed';
  /** Which question (0 or 1) is on screen or was last. */
  readonly index: number;
  readonly answered: boolean;
  readonly paused: boolean;
  readonly error: string | null;
}

export type LivePlayerModelEvent =
  | { type: 'user.pin'; pin: 'short' | 'good' }
  | { type: 'user.nickname'; nickname: 'short' | 'good' }
  | { type: 'user.team' }
  | { type: 'user.submit' }
  | { type: 'user.join_as_me' }
  | { type: 'api.entry'; kind: (typeof ENTRY_KINDS)[number] }
  | { type: 'api.entry_refused'; code: (typeof ENTRY_REFUSALS)[number] }
  /** The entry call never reached the server (the phone is offline). */
  | { type: 'api.entry_failed' }
  | { type: 'user.again' }
  | { type: 'api.joined' }
  | { type: 'api.join_refused'; code: (typeof JOIN_REFUSALS)[number] }
  | { type: 'api.rejoined' }
  | { type: 'api.rejoin_refused' }
  | { type: 'feed.question' }
  | { type: 'timer.opened' }
  | { type: 'timer.expired' }
  | { type: 'user.answer' }
  | { type: 'api.answered' }
  | { type: 'api.too_late' }
  | { type: 'feed.reveal' }
  | { type: 'feed.standings' }
  | { type: 'feed.paused' }
  | { type: 'feed.resumed' }
  | { type: 'feed.podium' }
  | { type: 'feed.removed' }
  | { type: 'feed.gone' };

export const LIVE_PLAYER_MODEL_EVENTS: LivePlayerModelEvent[] = [
  { type: 'user.pin', pin: 'short' },
  { type: 'user.pin', pin: 'good' },
  { type: 'user.nickname', nickname: 'short' },
  { type: 'user.nickname', nickname: 'good' },
  ...JOIN_REFUSALS.map((code) => ({ type: 'api.join_refused' as const, code })),
  ...ENTRY_KINDS.map((kind) => ({ type: 'api.entry' as const, kind })),
  ...ENTRY_REFUSALS.map((code) => ({ type: 'api.entry_refused' as const, code })),
];

const START = { question: 'none', index: 0, answered: false, paused: false } as const;

const GONE = { target: '#livePlayerModel.pin', actions: [{ type: 'fresh' }, { type: 'error', params: 'live_token_unknown' }] } as const;
/** Frames that end the game for the phone, whatever it shows (but while an answer travels). */
const EXITS = {
  'feed.removed': { target: '#livePlayerModel.playing.removed' },
  'feed.gone': GONE,
  'feed.podium': { target: '#livePlayerModel.playing.final', actions: 'resume' },
} as const;

export const livePlayerModel = setup({
  types: { context: {} as LivePlayerModelContext, events: {} as LivePlayerModelEvent, input: {} as { config: LivePlayerModelConfig } },
  guards: {
    rejoin: ({ context }) => context.config === 'rejoin',
    signedIn: ({ context }) => context.config === 'signed_in' && context.entry !== 'generated',
    pinGood: ({ context }) => context.pin === 'good',
    nicknameGood: ({ context }) => context.entry === 'generated' || context.nickname === 'good',
    teamGood: ({ context }) => context.entry !== 'choose_team' || context.team,
    pinUnknown: ({ event }) => event.type === 'api.join_refused' && event.code === 'live_pin_unknown',
    notLastQuestion: ({ context }) => context.index === 0,
    paused: ({ context }) => context.paused,
    announced: ({ context }) => context.question === 'announced',
    openUnanswered: ({ context }) => context.question === 'open' && !context.answered,
    answered: ({ context }) => context.answered && context.question === 'open',
    inLobby: ({ context }) => context.question === 'none',
  },
  actions: {
    typedPin: assign(({ event }) => (event.type === 'user.pin' ? { pin: event.pin, error: null } : {})),
    typedNickname: assign(({ event }) => (event.type === 'user.nickname' ? { nickname: event.nickname, error: null } : {})),
    error: assign((_, code: string) => ({ error: code })),
    refused: assign(({ event }) => (event.type === 'api.join_refused' || event.type === 'api.entry_refused' ? { error: event.code } : {})),
    clearError: assign({ error: null }),
    entered: assign(({ event }) => (event.type === 'api.entry' ? { entry: event.kind, team: false, error: null } : {})),
    pickedTeam: assign(({ context }) => (context.entry === 'choose_team' ? { team: true, error: null } : { error: null })),
    forgetEntry: assign({ entry: 'unknown', team: false, error: null }),
    fresh: assign({ ...START, pin: 'empty', nickname: 'empty', entry: 'unknown', team: false, error: null }),
    // Once in, the game plays the same whatever the join asked: the entry is forgotten, so the paths after it are not walked once per kind of entry.
    joined: assign({ ...START, entry: 'unknown', team: false, error: null }),
    /** The rejoined game stands at its first question, open, not answered yet. */
    rejoined: assign({ ...START, question: 'open', error: null }),
    announce: assign(({ context }) => ({ question: 'announced', index: context.question === 'none' ? 0 : context.index + 1, answered: false })),
    reveal: assign({ question: 'closed' }),
    open: assign({ question: 'open' }),
    expire: assign({ question: 'over' }),
    answered: assign({ answered: true }),
    tooLate: assign({ question: 'over', error: 'answer_too_late' }),
    pause: assign({ paused: true }),
    resume: assign({ paused: false }),
  },
}).createMachine({
  id: 'livePlayerModel',
  context: ({ input }) => ({ config: input.config, pin: 'empty', nickname: 'empty', entry: 'unknown', team: false, ...START, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'rejoin', target: 'rejoining' }, { target: 'pin' }],
    },
    rejoining: {
      on: {
        'api.rejoined': { target: 'playing.answering', actions: 'rejoined' },
        'api.rejoin_refused': { target: 'pin', actions: [{ type: 'fresh' }, { type: 'error', params: 'live_token_unknown' }] },
      },
    },
    pin: {
      on: {
        'user.pin': { actions: 'typedPin' },
        'user.submit': [{ guard: 'pinGood', target: 'checking', actions: 'clearError' }, { actions: { type: 'error', params: 'pin_required' } }],
      },
    },
    checking: {
      on: {
        'api.entry': { target: 'nickname', actions: 'entered' },
        'api.entry_refused': { target: 'pin', actions: 'refused' },
        'api.entry_failed': { target: 'pin', actions: { type: 'error', params: 'network' } },
      },
    },
    nickname: {
      on: {
        'user.nickname': { actions: 'typedNickname' },
        'user.team': { actions: 'pickedTeam' },
        'user.submit': [
          { guard: not('nicknameGood'), actions: { type: 'error', params: 'nickname_invalid' } },
          { guard: 'teamGood', target: 'joining' },
          { actions: { type: 'error', params: 'team_required' } },
        ],
        'user.join_as_me': [
          { guard: and(['signedIn', 'teamGood']), target: 'joiningAsMe' },
          { guard: 'signedIn', actions: { type: 'error', params: 'team_required' } },
        ],
        'user.again': { target: 'pin', actions: 'forgetEntry' },
      },
    },
    joining: {
      on: {
        'api.joined': { target: 'playing.lobby', actions: 'joined' },
        'api.join_refused': [{ guard: 'pinUnknown', target: 'pin', actions: 'refused' }, { target: 'nickname', actions: 'refused' }],
      },
    },
    joiningAsMe: {
      on: {
        'api.joined': { target: 'playing.lobby', actions: 'joined' },
        'api.join_refused': [{ guard: 'pinUnknown', target: 'pin', actions: 'refused' }, { target: 'nickname', actions: 'refused' }],
      },
    },
    playing: {
      initial: 'lobby',
      states: {
        lobby: {
          on: { ...EXITS, 'feed.question': { target: 'getReady', actions: 'announce' }, 'feed.paused': { target: 'paused', actions: 'pause' } },
        },
        getReady: {
          on: { ...EXITS, 'timer.opened': { target: 'answering', actions: 'open' }, 'feed.paused': { target: 'paused', actions: 'pause' } },
        },
        answering: {
          on: {
            ...EXITS,
            'user.answer': { target: 'sending', actions: 'clearError' },
            'timer.expired': { target: 'timeUp', actions: 'expire' },
            'feed.paused': { target: 'paused', actions: 'pause' },
            'feed.reveal': { target: 'result', actions: 'reveal' },
          },
        },
        // Frames that come while the answer travels are taken; the screen follows once it is answered.
        sending: {
          on: {
            'feed.gone': GONE,
            'api.answered': { target: 'locked', actions: 'answered' },
            'api.too_late': { target: 'timeUp', actions: 'tooLate' },
          },
        },
        locked: {
          on: { ...EXITS, 'feed.reveal': { target: 'result', actions: 'reveal' }, 'feed.paused': { target: 'paused', actions: 'pause' } },
        },
        timeUp: {
          on: { ...EXITS, 'feed.reveal': { target: 'result', actions: 'reveal' } },
        },
        result: {
          on: { ...EXITS, 'feed.standings': { target: 'standings' } },
        },
        standings: {
          on: {
            ...EXITS,
            'feed.question': { guard: 'notLastQuestion', target: 'getReady', actions: 'announce' },
            'feed.paused': { target: 'paused', actions: 'pause' },
          },
        },
        paused: {
          on: {
            ...EXITS,
            'feed.resumed': [
              { guard: 'inLobby', target: 'lobby', actions: 'resume' },
              { guard: 'announced', target: 'getReady', actions: 'resume' },
              { guard: 'openUnanswered', target: 'answering', actions: 'resume' },
              { guard: 'answered', target: 'locked', actions: 'resume' },
              { target: 'standings', actions: 'resume' },
            ],
          },
        },
        final: { on: { 'user.again': { target: '#livePlayerModel.pin', actions: 'fresh' } } },
        removed: { on: { 'user.again': { target: '#livePlayerModel.pin', actions: 'fresh' } } },
      },
    },
  },
});

/** The model's paths in one configuration: through every transition, "nothing happens" ones included. */
export function livePlayerModelPaths(config: LivePlayerModelConfig) {
  const model = createTestModel(livePlayerModel.provide({}), { serializeTransition: selfLoopsToo });
  return model.getShortestPaths({ events: namedEvents(LIVE_PLAYER_MODEL_EVENTS), input: { config } } as never);
}
