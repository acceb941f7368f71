import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { namedEvents, selfLoopsToo } from '@/machines/testing/paths';

/**
 * What a tester expects of the host's screen, without invoke or after: the calls' answers
 * (`api.*`) and the game's frames (`feed.*`) are events. Its states are the real machine's, the
 * hosting regions included. The game has two questions; a player joins in the lobby; the host
 * moves it on (next), pauses and resumes, or ends it; a question may also close by itself (its
 * deadline, or everyone answered: `feed.closed`). Two configurations: `new` (the setup form) and
 * `resume` (a reload with the game's id).
 */

export type LiveHostModelConfig = 'new' | 'resume';
type Status = 'lobby' | 'question' | 'reveal' | 'leaderboard' | 'podium' | 'ended';

export interface LiveHostModelContext {
  readonly config: LiveHostModelConfig;
  readonly category: boolean;
  readonly status: Status;
  readonly index: number;
  readonly players: number;
  readonly paused: boolean;
  /** The control being sent. */
  readonly sending: 'next' | 'pause' | 'resume' | 'end' | 'hide' | null;
  readonly error: string | null;
}

export type LiveHostModelEvent =
  | { type: 'user.form'; category: boolean }
  /** The setup's players: generated names and two teams the players pick (the create call carries them). */
  | { type: 'user.players' }
  /** A word of a word cloud hidden from every screen (the game stays where it is). */
  | { type: 'user.hideWord' }
  | { type: 'user.create' }
  | { type: 'api.created' }
  | { type: 'api.create_refused' }
  | { type: 'api.loaded' }
  | { type: 'api.load_refused' }
  | { type: 'feed.joined' }
  | { type: 'user.next' }
  | { type: 'user.pause' }
  | { type: 'user.resume' }
  | { type: 'user.end' }
  | { type: 'api.done' }
  | { type: 'api.refused' }
  | { type: 'feed.closed' }
  | { type: 'feed.gone' }
  | { type: 'user.again' };

export const LIVE_HOST_MODEL_EVENTS: LiveHostModelEvent[] = [
  { type: 'user.form', category: true },
  { type: 'user.form', category: false },
];

const QUESTIONS = 2;
const next = (c: LiveHostModelContext): Partial<LiveHostModelContext> => {
  switch (c.status) {
    case 'lobby':
      return { status: 'question', index: 0 };
    case 'question':
      return { status: 'reveal' };
    case 'reveal':
      return { status: 'leaderboard' };
    case 'leaderboard':
      return c.index + 1 < QUESTIONS ? { status: 'question', index: c.index + 1 } : { status: 'podium' };
    default:
      return {};
  }
};

/** Where the screen is, for a context: the real machine routes the same way. */
const screen = (c: LiveHostModelContext) => (c.status === 'podium' || c.status === 'ended' ? c.status : c.paused ? 'paused' : c.status);

const GAME = { status: 'lobby', index: -1, players: 0, paused: false, sending: null } as const;

/** Whether the server refuses the control being sent: starting a game nobody joined, moving a paused game on. */
const refusedNow = (c: LiveHostModelContext) => c.sending === 'next' && ((c.status === 'lobby' && c.players === 0) || c.paused);

/** What the game is after the control being sent was taken. */
function doneChange(context: LiveHostModelContext): Partial<LiveHostModelContext> {
  const base = { sending: null } as const;
  switch (context.sending) {
    case 'pause':
      return { ...base, paused: true };
    case 'resume':
      return { ...base, paused: false };
    case 'end':
      return { ...base, status: 'ended', paused: false };
    case 'next':
      return { ...base, ...next(context) };
    default:
      return base;
  }
}

export const liveHostModel = setup({
  types: { context: {} as LiveHostModelContext, events: {} as LiveHostModelEvent, input: {} as { config: LiveHostModelConfig } },
  guards: {
    resume: ({ context }) => context.config === 'resume',
    category: ({ context }) => context.category,
    running: ({ context }) => ['lobby', 'question', 'reveal', 'leaderboard'].includes(context.status),
    /** The server refuses to start a game nobody joined. */
    refusedNow: ({ context }) => refusedNow(context),
    nobodyYet: ({ context }) => context.players === 0,
    /** The screen the control's answer brings (judged on the context before the answer). */
    becomes: ({ context }, where: string) => !refusedNow(context) && screen({ ...context, ...doneChange(context) }) !== screen(context) && screen({ ...context, ...doneChange(context) }) === where,
  },
  actions: {
    form: assign(({ event }) => (event.type === 'user.form' ? { category: event.category, error: null } : {})),
    error: assign((_, code: string) => ({ error: code })),
    clearError: assign({ error: null }),
    fresh: assign({ ...GAME, error: null }),
    /** The resumed game: in its lobby with one player. */
    loaded: assign({ ...GAME, players: 1, error: null }),
    joined: assign(({ context }) => ({ players: context.players + 1 })),
    send: assign((_, what: 'next' | 'pause' | 'resume' | 'end' | 'hide') => ({ sending: what, error: null })),
    done: assign(({ context }) => doneChange(context)),
    refused: assign(({ context }) => ({ sending: null, error: context.sending === 'next' && context.paused ? 'live_paused' : 'live_no_players' })),
    closed: assign({ status: 'reveal' as const }),
  },
}).createMachine({
  id: 'liveHostModel',
  context: ({ input }) => ({ config: input.config, category: false, ...GAME, error: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'resume', target: 'loading' }, { target: 'setup' }] },
    setup: {
      on: {
        'user.form': { actions: 'form' },
        'user.players': { actions: 'clearError' },
        'user.create': [{ guard: 'category', target: 'creating', actions: 'clearError' }, { actions: { type: 'error', params: 'category_required' } }],
      },
    },
    creating: {
      on: {
        'api.created': { target: 'hosting', actions: 'fresh' },
        'api.create_refused': { target: 'setup', actions: { type: 'error', params: 'live_hosting_limited' } },
      },
    },
    loading: {
      on: {
        'api.loaded': { target: 'hosting', actions: 'loaded' },
        'api.load_refused': { target: 'setup', actions: { type: 'error', params: '102' } },
      },
    },
    hosting: {
      type: 'parallel',
      on: {
        'feed.gone': { target: 'setup', actions: [{ type: 'fresh' }, { type: 'error', params: 'live_over' }] },
      },
      states: {
        screen: {
          initial: 'lobby',
          on: {
            'api.done': (['lobby', 'question', 'reveal', 'leaderboard', 'paused', 'podium', 'ended'] as const).map((where) => ({
              guard: { type: 'becomes' as const, params: where },
              target: `.${where}`,
            })),
          },
          states: {
            // One player joins (the state space stays finite: a second join is the same test).
            lobby: { on: { 'feed.joined': { guard: 'nobodyYet', actions: 'joined' } } },
            question: { on: { 'feed.closed': { target: 'reveal', actions: 'closed' } } },
            reveal: {},
            leaderboard: {},
            paused: {},
            podium: { on: { 'user.again': { target: '#liveHostModel.setup', actions: 'fresh' } } },
            ended: { on: { 'user.again': { target: '#liveHostModel.setup', actions: 'fresh' } } },
          },
        },
        command: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.next': { guard: 'running', target: 'sending', actions: { type: 'send', params: 'next' } },
                'user.pause': { guard: 'running', target: 'sending', actions: { type: 'send', params: 'pause' } },
                'user.resume': { guard: 'running', target: 'sending', actions: { type: 'send', params: 'resume' } },
                'user.end': { guard: 'running', target: 'sending', actions: { type: 'send', params: 'end' } },
                'user.hideWord': { guard: 'running', target: 'sending', actions: { type: 'send', params: 'hide' } },
              },
            },
            sending: {
              on: {
                'api.done': [
                  { guard: 'refusedNow', target: 'idle', actions: 'refused' },
                  { target: 'idle', actions: 'done' },
                ],
              },
            },
          },
        },
      },
    },
  },
});


/** The model's paths in one configuration: through every transition, "nothing happens" ones included. */
export function liveHostModelPaths(config: LiveHostModelConfig) {
  const model = createTestModel(liveHostModel, { serializeTransition: selfLoopsToo });
  return model.getShortestPaths({ events: namedEvents(LIVE_HOST_MODEL_EVENTS), input: { config } } as never);
}
