import { assign, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { CallOutcome } from '@/services/domain/play-session';
import { LIVE_DEFAULT_POINTS, LIVE_DEFAULT_TIME_LIMIT, type LiveGameView, type LivePlayerItem } from '@/services/domain/live';
import type { LiveNameMode, LiveTeamMode } from '@/services/domain/live-names';
import { notProvided } from '@/machines/not-provided';

/**
 * The host's screen of a live game (docs/live.md): the setup form (one of the host's quiz sets, or a
 * bank category or subcategory with how many questions and the time and points per question), then the game as its frames say — the
 * lobby with the PIN and the players arriving, each question with the answers counted, the reveal,
 * the leaderboard, the podium — and the host's controls (next, pause, resume, end, lock, remove a
 * player), one call at a time. A reload with the game's id in the address (`gameId`) comes back to
 * the game as it stands (`loading`).
 *
 * Two regions while hosting: `screen` follows the game (routed whenever a frame or a command's
 * answer brings a newer version), `command` is the control being sent (the screen keeps showing
 * the game meanwhile, and a second control waits for the first).
 *
 * Actors (a page provides them):
 * - `create` — input `LiveCreatePayload` (`live_create`), output `CallOutcome<LiveGameView>`;
 * - `load` — input `{ game_id }` (`live_host_game`), output `CallOutcome<{ game, players }>`;
 * - `command` — input `LiveCommand`, output `CallOutcome<LiveGameView | unknown>` (`live_next`,
 *   `live_pause`, `live_resume`, `live_end`, `live_lock`, `live_remove_player`, `live_hide_word`);
 * - `hostFeed` — callback actor, input `{ gameId }`; sends `LiveHostFeedEvent`s.
 */

export interface LiveCreatePayload {
  /** One of the host's quiz sets (its own times and points), instead of a category. */
  readonly set_id?: number;
  readonly category?: string;
  readonly subcategory?: string;
  readonly questions?: number;
  readonly time_limit?: number;
  readonly points?: number;
  /** Generated names, and teams (docs/live.md, "Names and teams"); left out when not wanted. */
  readonly names?: LiveNameMode;
  readonly teams?: number;
  readonly team_mode?: LiveTeamMode;
}

export type LiveCommand =
  | { readonly name: 'live_next' | 'live_pause' | 'live_resume' | 'live_end'; readonly game_id: number }
  | { readonly name: 'live_lock'; readonly game_id: number; readonly locked: 0 | 1 }
  | { readonly name: 'live_remove_player'; readonly game_id: number; readonly player_id: number }
  | { readonly name: 'live_hide_word'; readonly game_id: number; readonly word: string; readonly hidden: 0 | 1 };

export type LiveHostFeedEvent =
  | { type: 'live.game'; game: LiveGameView; serverNow: number }
  | { type: 'live.players'; players: LivePlayerItem[] }
  | { type: 'live.player'; change: 'joined' | 'removed'; player: LivePlayerItem }
  | { type: 'live.counts'; answered: number; players: number; version: number }
  | { type: 'feed.status'; status: 'connected'; serverNow: number }
  | { type: 'feed.status'; status: 'reconnecting' }
  | { type: 'feed.status'; status: 'gone' };

export interface LiveHostForm {
  /** The host's quiz set to play; when set, the category and the numbers below are not used. */
  readonly setId: number | null;
  readonly category: string | null;
  readonly subcategory: string | null;
  readonly questions: number;
  readonly timeLimit: number;
  readonly points: number;
  readonly names: LiveNameMode;
  /** 0: no teams. */
  readonly teams: number;
  readonly teamMode: LiveTeamMode;
}

export interface LiveHostContext {
  readonly form: LiveHostForm;
  readonly gameId: number | null;
  readonly game: LiveGameView | null;
  readonly players: readonly LivePlayerItem[];
  /** Answers counted to the question on screen, and players in the game, as the host's stream last said. */
  readonly answered: number;
  readonly playerCount: number;
  readonly now: number;
  readonly online: boolean;
  /** The last refusal: a code (`category_required`, `live_no_players`, `102`, …) or 'network'. */
  readonly error: string | null;
}

export type LiveHostEvent =
  | LiveHostFeedEvent
  | { type: 'user.form'; form: Partial<LiveHostForm> }
  | { type: 'user.create' }
  | { type: 'user.next' }
  | { type: 'user.pause' }
  | { type: 'user.resume' }
  | { type: 'user.end' }
  | { type: 'user.lock'; locked: boolean }
  | { type: 'user.remove'; playerId: number }
  | { type: 'user.hideWord'; word: string }
  | { type: 'user.again' }
  | { type: 'clock.tick'; now: number }
  | { type: 'game.changed' };

export interface LiveHostInput {
  readonly gameId?: number;
  readonly form?: Partial<LiveHostForm>;
}

const FORM: LiveHostForm = { setId: null, category: null, subcategory: null, questions: 10, timeLimit: LIVE_DEFAULT_TIME_LIMIT, points: LIVE_DEFAULT_POINTS, names: 'free', teams: 0, teamMode: 'balanced' };

/** The form's way of naming players and its teams, as the create call takes them (nothing when the defaults). */
const playersOf = (form: LiveHostForm): Pick<LiveCreatePayload, 'names' | 'teams' | 'team_mode'> => ({
  ...(form.names !== 'free' ? { names: form.names } : {}),
  ...(form.teams > 0 ? { teams: form.teams, team_mode: form.teamMode } : {}),
});

const newer = (held: LiveGameView | null, next: LiveGameView) => !held || (held.id === next.id && next.version > held.version) || held.id !== next.id;

/** What a command's answer says of the game (every control answers the game as it is after it, but removing a player). */
const gameOf = (out: CallOutcome<unknown>): LiveGameView | null => (out.ok && out.data && typeof out.data === 'object' && 'version' in out.data ? (out.data as LiveGameView) : null);

export const liveHostMachine = setup({
  types: {
    context: {} as LiveHostContext,
    events: {} as LiveHostEvent,
    input: {} as LiveHostInput,
  },
  actors: {
    create: fromPromise<CallOutcome<LiveGameView>, LiveCreatePayload>(notProvided('create')),
    load: fromPromise<CallOutcome<{ game: LiveGameView; players: LivePlayerItem[] }>, { game_id: number }>(notProvided('load')),
    command: fromPromise<CallOutcome<unknown>, LiveCommand>(notProvided('command')),
    hostFeed: fromCallback<EventObject, { gameId: number }>(() => {
      throw new Error('hostFeed was not provided');
    }),
  },
  guards: {
    hasGame: ({ context }) => context.gameId !== null,
    /** A quiz set, or a category of the bank. */
    sourceChosen: ({ context }) => context.form.setId !== null || (context.form.category !== null && context.form.category !== ''),
    paused: ({ context }) => context.game?.paused != null && context.game.status !== 'podium' && context.game.status !== 'ended',
    status: ({ context }, status: LiveGameView['status']) => context.game?.status === status,
    running: ({ context }) => !!context.game && ['lobby', 'question', 'reveal', 'leaderboard'].includes(context.game.status),
  },
  actions: {
    followConnection: assign(({ context, event }) => {
      if (event.type !== 'feed.status') return {};
      return event.status === 'connected' ? { online: true, now: Math.max(context.now, event.serverNow) } : { online: false };
    }),
    /** A newer game: taken, and the screen routed to it. */
    takeGame: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'live.game' || !newer(context.game, event.game)) return;
      const answered = event.game.version !== context.game?.version && event.game.status === 'question' && context.game?.question?.index !== event.game.question?.index ? 0 : context.answered;
      enqueue.assign({ game: event.game, now: Math.max(context.now, event.serverNow), answered, playerCount: event.game.player_count });
      enqueue.raise({ type: 'game.changed' });
    }),
  },
}).createMachine({
  id: 'liveHost',
  context: ({ input }) => ({
    form: { ...FORM, ...input.form },
    gameId: input.gameId ?? null,
    game: null,
    players: [],
    answered: 0,
    playerCount: 0,
    now: 0,
    online: false,
    error: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasGame', target: 'loading' }, { target: 'setup' }] },
    setup: {
      on: {
        'user.form': { actions: assign(({ context, event }) => ({ form: { ...context.form, ...event.form }, error: null })) },
        'user.create': [{ guard: 'sourceChosen', target: 'creating', actions: assign({ error: null }) }, { actions: assign({ error: 'category_required' }) }],
      },
    },
    creating: {
      invoke: {
        src: 'create',
        input: ({ context }): LiveCreatePayload =>
          context.form.setId !== null
            ? { set_id: context.form.setId, ...playersOf(context.form) }
            : {
                category: context.form.category!,
                ...(context.form.subcategory ? { subcategory: context.form.subcategory } : {}),
                questions: context.form.questions,
                time_limit: context.form.timeLimit,
                points: context.form.points,
                ...playersOf(context.form),
              },
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'hosting',
            actions: assign(({ event }) => (event.output.ok ? { gameId: event.output.data.id, game: event.output.data, players: [], answered: 0, playerCount: 0 } : {})),
          },
          { target: 'setup', actions: assign(({ event }) => ({ error: event.output.ok ? null : (event.output.code ?? 'network') })) },
        ],
        onError: { target: 'setup', actions: assign({ error: 'network' }) },
      },
    },
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ game_id: context.gameId! }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'hosting',
            actions: assign(({ event }) => (event.output.ok ? { game: event.output.data.game, players: event.output.data.players, answered: event.output.data.game.answered_count, playerCount: event.output.data.game.player_count } : {})),
          },
          { target: 'setup', actions: assign(({ event }) => ({ gameId: null, error: event.output.ok ? null : (event.output.code ?? 'network') })) },
        ],
        onError: { target: 'setup', actions: assign({ gameId: null, error: 'network' }) },
      },
    },
    hosting: {
      type: 'parallel',
      invoke: { id: 'feed', src: 'hostFeed', input: ({ context }) => ({ gameId: context.gameId! }) },
      on: {
        'live.game': { actions: 'takeGame' },
        'live.players': { actions: assign(({ event }) => ({ players: event.players, playerCount: event.players.length })) },
        'live.player': {
          actions: assign(({ context, event }) => {
            const others = context.players.filter((p) => p.id !== event.player.id);
            const players = event.change === 'joined' ? [...others, event.player] : others;
            return { players, playerCount: players.length };
          }),
        },
        'live.counts': {
          actions: assign(({ context, event }) => (context.game && event.version >= context.game.version ? { answered: event.answered, playerCount: event.players } : { playerCount: event.players })),
        },
        'clock.tick': { actions: assign(({ context, event }) => ({ now: Math.max(context.now, event.now) })) },
        'feed.status': [{ guard: ({ event }) => event.status === 'gone', target: 'setup', actions: assign({ gameId: null, game: null, error: 'live_over' }) }, { actions: 'followConnection' }],
      },
      states: {
        screen: {
          initial: 'route',
          on: { 'game.changed': { target: '.route' } },
          states: {
            route: {
              always: [
                { guard: { type: 'status', params: 'podium' }, target: 'podium' },
                { guard: { type: 'status', params: 'ended' }, target: 'ended' },
                { guard: 'paused', target: 'paused' },
                { guard: { type: 'status', params: 'question' }, target: 'question' },
                { guard: { type: 'status', params: 'reveal' }, target: 'reveal' },
                { guard: { type: 'status', params: 'leaderboard' }, target: 'leaderboard' },
                { target: 'lobby' },
              ],
            },
            lobby: {},
            question: {},
            reveal: {},
            leaderboard: {},
            paused: {},
            podium: { on: { 'user.again': { target: '#liveHost.setup', actions: assign({ gameId: null, game: null, players: [], answered: 0, playerCount: 0, error: null }) } } },
            ended: { on: { 'user.again': { target: '#liveHost.setup', actions: assign({ gameId: null, game: null, players: [], answered: 0, playerCount: 0, error: null }) } } },
          },
        },
        command: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.next': { guard: 'running', target: 'sending', actions: assign({ error: null }) },
                'user.pause': { guard: 'running', target: 'sending', actions: assign({ error: null }) },
                'user.resume': { guard: 'running', target: 'sending', actions: assign({ error: null }) },
                'user.end': { guard: 'running', target: 'sending', actions: assign({ error: null }) },
                'user.lock': { guard: 'running', target: 'sending', actions: assign({ error: null }) },
                'user.remove': { guard: 'running', target: 'sending', actions: assign({ error: null }) },
                'user.hideWord': { guard: 'running', target: 'sending', actions: assign({ error: null }) },
              },
            },
            sending: {
              invoke: {
                src: 'command',
                input: ({ context, event }): LiveCommand => {
                  const game_id = context.gameId!;
                  switch (event.type) {
                    case 'user.pause':
                      return { name: 'live_pause', game_id };
                    case 'user.resume':
                      return { name: 'live_resume', game_id };
                    case 'user.end':
                      return { name: 'live_end', game_id };
                    case 'user.lock':
                      return { name: 'live_lock', game_id, locked: event.locked ? 1 : 0 };
                    case 'user.remove':
                      return { name: 'live_remove_player', game_id, player_id: event.playerId };
                    case 'user.hideWord':
                      return { name: 'live_hide_word', game_id, word: event.word, hidden: 1 };
                    default:
                      return { name: 'live_next', game_id };
                  }
                },
                onDone: {
                  target: 'idle',
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const game = gameOf(event.output);
                    if (!event.output.ok) enqueue.assign({ error: event.output.code ?? 'network' });
                    else if (game && newer(context.game, game)) {
                      enqueue.assign({ game, playerCount: game.player_count, ...(game.status === 'question' && game.question?.index !== context.game?.question?.index ? { answered: 0 } : {}) });
                      enqueue.raise({ type: 'game.changed' });
                    }
                  }),
                },
                onError: { target: 'idle', actions: assign({ error: 'network' }) },
              },
            },
          },
        },
      },
    },
  },
});
