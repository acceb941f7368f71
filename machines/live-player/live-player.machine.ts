import { and, assign, fromCallback, fromPromise, not, setup, type EventObject } from 'xstate';
import type { CallOutcome } from '@/services/domain/play-session';
import { checkNickname, isLivePin, livePlayerPhase, type LiveGameView, type LiveMe } from '@/services/domain/live';
import { notProvided } from '@/machines/not-provided';
import type { LiveEntry } from '@/services/domain/live-names';

/**
 * A player's phone in a live game (docs/live.md): the PIN, then a nickname (a signed-in player may
 * join under their name), then the game as its frames say — the lobby, "get ready", the answer
 * tiles, "answer locked", right or wrong with the points, the standings, the final place. The
 * rejoin token is kept by the page (`keepSeat`), so a reload or a dropped connection comes back as
 * the same player with their score (`gameId` and `token` in the input: `rejoining`).
 *
 * The game's frames decide where the phone is (`livePlayerPhase`): whenever a frame, the player's
 * own frame or the clock changes, `playing` routes to the phase. The machine never reads a wall
 * clock: `now` is the server's time as the feed last said it, moved on by `clock.tick` (the page's
 * one-second ticker and the question's opening).
 *
 * Actors (a page provides them):
 * - `entry` — input `{ pin }` (`live_entry`), output `CallOutcome<LiveEntry>`: whether the game
 *   names its players and whether it has teams to choose from, asked once the PIN is typed;
 * - `join` — input `{ pin, nickname?, team? }` (`live_join`), output `CallOutcome<LiveJoined>`;
 * - `rejoin` — input `{ game_id, token }` (`live_rejoin`), output `CallOutcome<{ game, me }>`;
 * - `answer` — input `{ game_id, token, question_index, answer }` (`live_answer`);
 * - `liveFeed` — callback actor, input `{ gameId, token }`; sends `LiveFeedEvent`s.
 * Actions the page provides: `keepSeat` (store `{ gameId, token }`), `forgetSeat`.
 */

export interface LiveJoined {
  readonly game_id: number;
  readonly player_id: number;
  readonly nickname: string;
  readonly token: string;
  readonly game: LiveGameView;
}

export interface LiveAnswered {
  readonly question_index: number;
  readonly answer: string;
  /** Answers counted to the question with this one. */
  readonly answered: number;
}

export type LiveFeedEvent =
  | { type: 'live.game'; game: LiveGameView; serverNow: number }
  | { type: 'live.me'; me: LiveMe }
  | { type: 'live.over' }
  | { type: 'feed.status'; status: 'connected'; serverNow: number }
  | { type: 'feed.status'; status: 'reconnecting' }
  | { type: 'feed.status'; status: 'gone' };

export interface LivePlayerInput {
  /** From the QR code's link (`/live/?pin=…`). */
  readonly pin?: string;
  /** A signed-in player's name: offered to join under it. */
  readonly name?: string | null;
  /** A seat kept by the browser: rejoin it. */
  readonly gameId?: number;
  readonly token?: string;
}

export interface LivePlayerContext {
  readonly pin: string;
  readonly nickname: string;
  readonly name: string | null;
  readonly gameId: number | null;
  readonly token: string | null;
  readonly game: LiveGameView | null;
  readonly me: LiveMe | null;
  /** The server's time (epoch ms) as last learnt. */
  readonly now: number;
  readonly online: boolean;
  /** The pick being sent (multi select and sequence: letters with commas). */
  readonly pick: string;
  /** The answer the server took, by question: shown locked even before the player's own frame says so. */
  readonly taken: { readonly index: number; readonly answer: string } | null;
  /** What the PIN's game asks of a player joining (names, teams), once the server said it. */
  readonly entry: LiveEntry | null;
  /** The team picked, in a game whose players choose theirs. */
  readonly team: number | null;
  /** The last refusal to show: a code (`live_pin_unknown`, `nickname_taken`, …, `pin_required`, `nickname_invalid`, `team_required`). */
  readonly error: string | null;
}

export type LivePlayerEvent =
  | LiveFeedEvent
  | { type: 'user.pin'; pin: string }
  | { type: 'user.nickname'; nickname: string }
  | { type: 'user.team'; team: number }
  | { type: 'user.submit' }
  | { type: 'user.join_as_me' }
  | { type: 'user.answer'; answer: string }
  | { type: 'user.again' }
  | { type: 'clock.tick'; now: number };

/** Where the phone stands (`livePlayerPhase`), with an answer the server took counted before the player's own frame says it. */
export function phaseOf(context: LivePlayerContext): ReturnType<typeof livePlayerPhase> | null {
  if (!context.game) return null;
  const q = context.game.question;
  const taken = q && context.taken?.index === q.index ? context.taken.answer : '';
  const own = context.me && q && context.me.answer_index === q.index ? context.me.answer : '';
  const answer = own || taken;
  const me = { ...(context.me ?? ({ removed: false } as LiveMe)), answer, answer_index: answer && q ? q.index : null };
  return livePlayerPhase(context.game, me, context.now);
}

const phaseIs =
  (...phases: ReturnType<typeof livePlayerPhase>[]) =>
  ({ context }: { context: LivePlayerContext }) => {
    const phase = phaseOf(context);
    return phase !== null && phases.includes(phase);
  };

const fresh = { gameId: null, token: null, game: null, me: null, pick: '', taken: null, online: false, entry: null, team: null } as const;

/** What a successful join puts in the context. */
const joinedFrom = (out: CallOutcome<LiveJoined>): Partial<LivePlayerContext> =>
  out.ok ? { gameId: out.data.game_id, token: out.data.token, game: out.data.game, nickname: out.data.nickname, me: null, error: null } : {};
/** A refusal's code to show ('network' when the call did not reach the server). */
const refusalOf = (out: CallOutcome<unknown>): Partial<LivePlayerContext> => ({ error: out.ok ? null : (out.code ?? 'network') });

export const livePlayerMachine = setup({
  types: {
    context: {} as LivePlayerContext,
    events: {} as LivePlayerEvent,
    input: {} as LivePlayerInput,
  },
  actors: {
    entry: fromPromise<CallOutcome<LiveEntry>, { pin: string }>(notProvided('entry')),
    join: fromPromise<CallOutcome<LiveJoined>, { pin: string; nickname?: string; team?: number }>(notProvided('join')),
    rejoin: fromPromise<CallOutcome<{ game: LiveGameView; me: LiveMe }>, { game_id: number; token: string }>(notProvided('rejoin')),
    answer: fromPromise<CallOutcome<LiveAnswered>, { game_id: number; token: string; question_index: number; answer: string }>(notProvided('answer')),
    liveFeed: fromCallback<EventObject, { gameId: number; token: string }>(() => {
      throw new Error('liveFeed was not provided');
    }),
  },
  actions: {
    keepSeat: () => {},
    forgetSeat: () => {},
    followConnection: assign(({ context, event }) => {
      if (event.type !== 'feed.status') return {};
      return event.status === 'connected' ? { online: true, now: Math.max(context.now, event.serverNow) } : { online: false };
    }),
  },
  guards: {
    pinOk: ({ context }) => isLivePin(context.pin.trim()),
    nicknameOk: ({ context }) => context.entry?.names === 'generated' || checkNickname(context.nickname).ok,
    teamOk: ({ context }) => !context.entry || context.entry.teams === 0 || context.entry.team_mode === 'balanced' || context.team !== null,
    // A game that names its players has no "join as me": every player gets a generated name.
    signedIn: ({ context }) => context.name !== null && context.entry?.names !== 'generated',
    hasSeat: ({ context }) => context.gameId !== null && context.token !== null,
    lobby: phaseIs('lobby'),
    getReady: phaseIs('getReady'),
    answering: phaseIs('answering'),
    locked: phaseIs('locked'),
    timeUp: phaseIs('timeUp'),
    result: phaseIs('result'),
    standings: phaseIs('standings'),
    paused: phaseIs('paused'),
    final: phaseIs('final'),
    removed: phaseIs('removed'),
    newerGame: ({ context, event }) => event.type === 'live.game' && (!context.game || event.game.version >= context.game.version),
  },
}).createMachine({
  id: 'livePlayer',
  context: ({ input }) => ({
    pin: input.pin ?? '',
    nickname: '',
    name: input.name ?? null,
    gameId: input.gameId ?? null,
    token: input.token ?? null,
    game: null,
    me: null,
    now: 0,
    online: false,
    pick: '',
    taken: null,
    entry: null,
    team: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasSeat', target: 'rejoining' }, { target: 'pin' }],
    },
    rejoining: {
      invoke: {
        src: 'rejoin',
        input: ({ context }) => ({ game_id: context.gameId!, token: context.token! }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'playing',
            actions: assign(({ event }) => (event.output.ok ? { game: event.output.data.game, me: event.output.data.me, now: 0 } : {})),
          },
          // The seat is no longer good (removed, the game forgot it, or over): start again.
          { target: 'pin', actions: ['forgetSeat', assign(({ event }) => ({ ...fresh, error: event.output.ok ? null : (event.output.code ?? 'network') }))] },
        ],
        onError: { target: 'pin', actions: assign({ error: 'network' }) },
      },
    },
    pin: {
      on: {
        'user.pin': { actions: assign(({ event }) => ({ pin: event.pin.replace(/\D/g, '').slice(0, 6), error: null })) },
        'user.submit': [
          { guard: 'pinOk', target: 'checking', actions: assign({ error: null }) },
          { actions: assign({ error: 'pin_required' }) },
        ],
      },
    },
    checking: {
      invoke: {
        src: 'entry',
        input: ({ context }) => ({ pin: context.pin }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'nickname', actions: assign(({ event }) => (event.output.ok ? { entry: event.output.data, team: null, error: null } : {})) },
          { target: 'pin', actions: assign(({ event }) => refusalOf(event.output)) },
        ],
        onError: { target: 'pin', actions: assign({ error: 'network' }) },
      },
    },
    nickname: {
      on: {
        'user.nickname': { actions: assign(({ event }) => ({ nickname: event.nickname, error: null })) },
        'user.team': { actions: assign(({ context, event }) => ({ team: event.team >= 1 && event.team <= (context.entry?.teams ?? 0) ? event.team : context.team, error: null })) },
        'user.submit': [
          { guard: not('nicknameOk'), actions: assign({ error: 'nickname_invalid' }) },
          { guard: 'teamOk', target: 'joining' },
          { actions: assign({ error: 'team_required' }) },
        ],
        'user.join_as_me': [
          { guard: and(['signedIn', 'teamOk']), target: 'joiningAsMe' },
          { guard: 'signedIn', actions: assign({ error: 'team_required' }) },
        ],
        'user.again': { target: 'pin', actions: assign({ error: null, entry: null, team: null }) },
      },
    },
    joining: {
      invoke: {
        src: 'join',
        input: ({ context }) => ({
          pin: context.pin,
          ...(context.entry?.names === 'generated' ? {} : { nickname: context.nickname.trim() }),
          ...(context.entry?.team_mode === 'choose' && context.team !== null ? { team: context.team } : {}),
        }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'playing', actions: [assign(({ event }) => joinedFrom(event.output)), 'keepSeat'] },
          { guard: ({ event }) => !event.output.ok && event.output.code === 'live_pin_unknown', target: 'pin', actions: assign(({ event }) => refusalOf(event.output)) },
          { target: 'nickname', actions: assign(({ event }) => refusalOf(event.output)) },
        ],
        onError: { target: 'nickname', actions: assign({ error: 'network' }) },
      },
    },
    joiningAsMe: {
      invoke: {
        src: 'join',
        input: ({ context }) => ({ pin: context.pin, ...(context.entry?.team_mode === 'choose' && context.team !== null ? { team: context.team } : {}) }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'playing', actions: [assign(({ event }) => joinedFrom(event.output)), 'keepSeat'] },
          { guard: ({ event }) => !event.output.ok && event.output.code === 'live_pin_unknown', target: 'pin', actions: assign(({ event }) => refusalOf(event.output)) },
          { target: 'nickname', actions: assign(({ event }) => refusalOf(event.output)) },
        ],
        onError: { target: 'nickname', actions: assign({ error: 'network' }) },
      },
    },
    playing: {
      invoke: { id: 'feed', src: 'liveFeed', input: ({ context }) => ({ gameId: context.gameId!, token: context.token! }) },
      on: {
        'live.game': { guard: 'newerGame', target: '.route', actions: assign(({ context, event }) => ({ game: event.game, now: Math.max(context.now, event.serverNow) })) },
        'live.me': { target: '.route', actions: assign(({ event }) => ({ me: event.me })) },
        'clock.tick': { target: '.route', actions: assign(({ context, event }) => ({ now: Math.max(context.now, event.now) })) },
        'feed.status': [
          { guard: ({ event }) => event.status === 'gone', target: 'pin', actions: ['forgetSeat', assign({ ...fresh, error: 'live_token_unknown' })] },
          { target: '.route', actions: 'followConnection' },
        ],
        'live.over': { target: '.route' },
      },
      initial: 'route',
      states: {
        route: {
          always: [
            { guard: 'removed', target: 'removed' },
            { guard: 'final', target: 'final' },
            { guard: 'paused', target: 'paused' },
            { guard: 'lobby', target: 'lobby' },
            { guard: 'getReady', target: 'getReady' },
            { guard: 'answering', target: 'answering' },
            { guard: 'locked', target: 'locked' },
            { guard: 'timeUp', target: 'timeUp' },
            { guard: 'result', target: 'result' },
            { guard: 'standings', target: 'standings' },
            { target: 'lobby' },
          ],
        },
        lobby: {},
        getReady: {},
        answering: {
          on: {
            'user.answer': { guard: ({ event }) => event.answer.trim() !== '', target: 'sending', actions: assign(({ event }) => ({ pick: event.answer, error: null })) },
          },
        },
        sending: {
          invoke: {
            src: 'answer',
            input: ({ context }) => ({ game_id: context.gameId!, token: context.token!, question_index: context.game!.question!.index, answer: context.pick }),
            onDone: [
              {
                guard: ({ event }) => event.output.ok,
                target: 'route',
                // The answer is stored: shown locked at once (the player's own frame says the same).
                actions: assign(({ event }) => (event.output.ok ? { taken: { index: event.output.data.question_index, answer: event.output.data.answer } } : {})),
              },
              { target: 'route', actions: assign(({ event }) => refusalOf(event.output)) },
            ],
            onError: { target: 'route', actions: assign({ error: 'network' }) },
          },
          on: {
            // Frames keep coming while the answer travels: taken, routed once it is answered.
            'live.game': { guard: 'newerGame', actions: assign(({ context, event }) => ({ game: event.game, now: Math.max(context.now, event.serverNow) })) },
            'live.me': { actions: assign(({ event }) => ({ me: event.me })) },
            'clock.tick': { actions: assign(({ context, event }) => ({ now: Math.max(context.now, event.now) })) },
            'feed.status': [
              { guard: ({ event }) => event.status === 'gone', target: '#livePlayer.pin', actions: ['forgetSeat', assign({ ...fresh, error: 'live_token_unknown' })] },
              { actions: 'followConnection' },
            ],
          },
        },
        locked: {},
        timeUp: {},
        result: {},
        standings: {},
        paused: {},
        final: { entry: 'forgetSeat', on: { 'user.again': { target: '#livePlayer.pin', actions: assign({ ...fresh, pin: '', error: null }) } } },
        removed: { entry: 'forgetSeat', on: { 'user.again': { target: '#livePlayer.pin', actions: assign({ ...fresh, pin: '', error: null }) } } },
      },
    },
  },
});
