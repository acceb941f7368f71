import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { namedEvents, selfLoopsToo } from '@/machines/testing/paths';

/**
 * What a tester expects of the contest pages, without invoke or after: the outcomes of calls and
 * of the clock are events (`api.lists_loaded`, `timer.contest_starts`, `timer.refresh`, …). Its
 * state values are the real machine's. The model lists hold one live, one upcoming and one past
 * contest; the play itself is the quiz-play machine's (its own model covers it).
 */

export type ModelContest = 'live' | 'upcoming' | 'past';

export type ContestModelEvent =
  | { type: 'api.lists_loaded' }
  | { type: 'api.lists_failed' }
  | { type: 'user.retry' }
  | { type: 'user.tab' }
  | { type: 'user.play'; contest: ModelContest }
  | { type: 'user.leaderboard'; contest: ModelContest }
  | { type: 'timer.contest_starts' }
  | { type: 'user.back' }
  | { type: 'api.board_loaded' }
  | { type: 'api.board_failed' }
  | { type: 'user.page' }
  | { type: 'timer.refresh' }
  | { type: 'api.refreshed' }
  | { type: 'api.refresh_failed' };

export const CONTEST_MODEL_EVENTS: ContestModelEvent[] = (['live', 'upcoming', 'past'] as const).flatMap((contest) => [
  { type: 'user.play' as const, contest },
  { type: 'user.leaderboard' as const, contest },
]);

export interface ContestModelContext {
  /** The contest whose leaderboard is shown (or that is played). */
  readonly contest: ModelContest | null;
}

export const contestModel = setup({
  types: { context: {} as ContestModelContext, events: {} as ContestModelEvent },
  guards: {
    live: ({ event }) => 'contest' in event && event.contest === 'live',
    boardOfLive: ({ context }) => context.contest === 'live',
  },
  actions: {
    choose: assign(({ event }) => ('contest' in event ? { contest: event.contest } : {})),
    forget: assign({ contest: null }),
  },
}).createMachine({
  id: 'contest',
  context: { contest: null },
  initial: 'lists',
  states: {
    lists: {
      entry: 'forget',
      initial: 'loading',
      states: {
        loading: { on: { 'api.lists_loaded': { target: 'ready' }, 'api.lists_failed': { target: 'failed' } } },
        failed: { on: { 'user.retry': { target: 'loading' } } },
        ready: {
          on: {
            'user.tab': {},
            // Only a live contest can be played; the others offer no play.
            'user.play': [{ guard: 'live', target: '#contest.playing', actions: 'choose' }, {}],
            'user.leaderboard': { target: '#contest.board', actions: 'choose' },
            'timer.contest_starts': { target: 'loading' },
          },
        },
      },
    },
    playing: {
      on: {
        'user.leaderboard': { target: 'board' },
        'user.back': { target: 'lists' },
      },
    },
    board: {
      initial: 'loading',
      on: { 'user.back': { target: 'lists' } },
      states: {
        loading: { on: { 'api.board_loaded': { target: 'ready' }, 'api.board_failed': { target: 'failed' } } },
        failed: { on: { 'user.retry': { target: 'loading' } } },
        ready: {
          on: {
            'user.page': { target: 'loading' },
            // Only a running contest's board refreshes by itself.
            'timer.refresh': [{ guard: 'boardOfLive', target: 'refreshing' }, {}],
          },
        },
        refreshing: {
          on: { 'api.refreshed': { target: 'ready' }, 'api.refresh_failed': { target: 'ready' }, 'user.page': { target: 'loading' } },
        },
      },
    },
  },
});

export function contestModelPaths() {
  return createTestModel(contestModel, { events: CONTEST_MODEL_EVENTS, serializeTransition: selfLoopsToo }).getShortestPaths({ events: namedEvents(CONTEST_MODEL_EVENTS) });
}
