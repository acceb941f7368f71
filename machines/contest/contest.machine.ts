import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { quizPlayMachine, type QuizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import type { ContestItem, ContestList, ContestLists, ContestRankRow } from '@/services/domain/contests';
import type { CallOutcome } from '@/services/domain/play-session';
import { notProvided } from '@/machines/not-provided';

/**
 * Contests (docs/contests.md): the three lists → a play (the quiz-play machine as a child, mode
 * `contest`) → the contest's leaderboard. The lists reload by themselves when an upcoming
 * contest starts (its countdown reaches zero) and the leaderboard of a live contest refreshes
 * every `BOARD_REFRESH_MS` without a reload. The server decides everything: the fee, the one
 * play, the score and the rank.
 */

export const BOARD_REFRESH_MS = 10_000;
/** The longest wait for an upcoming start (timers beyond ~24 days overflow; a page open that long reloads anyway). */
const MAX_WAIT_MS = 24 * 3_600_000;

export interface ContestBoard {
  readonly items: readonly ContestRankRow[];
  readonly topThree: readonly ContestRankRow[];
  readonly myRank: ContestRankRow | null;
  readonly total: number;
}

export interface ContestServices {
  loadLists(): Promise<CallOutcome<ContestLists>>;
  loadBoard(input: { contest_id: number; offset: number; limit: number }): Promise<CallOutcome<ContestBoard>>;
}

export interface ContestInput {
  readonly list?: ContestList;
  /** The wall clock (tests pass their own). */
  readonly now?: () => number;
}

export interface ContestContext {
  readonly tab: ContestList;
  readonly lists: ContestLists | null;
  /** The contest played or whose leaderboard is shown. */
  readonly contest: ContestItem | null;
  readonly board: ContestBoard | null;
  readonly page: number;
  readonly errorCode: string | null;
  readonly now: () => number;
}

export type ContestEvent =
  | { type: 'user.tab'; list: ContestList }
  | { type: 'user.play'; contestId: number }
  | { type: 'user.leaderboard'; contestId?: number }
  | { type: 'user.page'; page: number }
  | { type: 'user.retry' }
  | { type: 'user.back' };

export const BOARD_PAGE_SIZE = 20;

const isOk = <T>(outcome: CallOutcome<T>): outcome is { ok: true; data: T } => outcome.ok;
const codeOf = (outcome: CallOutcome<unknown>): string | null => (outcome.ok ? null : outcome.code);

/** The contest of that id in the lists (null when none: an id the lists do not hold, or none given). */
function findContest(lists: ContestLists, id: number | undefined): ContestItem | null {
  for (const list of ['live', 'upcoming', 'past'] as const) {
    const found = lists[list].items.find((c) => c.id === id);
    if (found) return found;
  }
  return null;
}

/** Milliseconds until the soonest upcoming contest starts (null when none). */
export function untilNextStart(lists: ContestLists | null, now: number): number | null {
  const starts = (lists?.upcoming.items ?? []).map((c) => Date.parse(c.starts_at) - now);
  if (starts.length === 0) return null;
  return Math.min(MAX_WAIT_MS, Math.max(0, Math.min(...starts)));
}

export const contestMachine = setup({
  types: {
    context: {} as ContestContext,
    events: {} as ContestEvent,
    input: {} as ContestInput,
    children: {} as { play: 'play' },
  },
  actors: {
    loadLists: fromPromise<CallOutcome<ContestLists>>(notProvided('loadLists')),
    loadBoard: fromPromise<CallOutcome<ContestBoard>, { contest_id: number; offset: number; limit: number }>(notProvided('loadBoard')),
    play: quizPlayMachine as QuizPlayMachine,
  },
  guards: {
    // Both are asked from the lists once they are loaded (`lists.ready`).
    playable: ({ context, event }) => {
      assertEvent(event, 'user.play');
      return findContest(context.lists!, event.contestId)?.status === 'live';
    },
    // From the lists a leaderboard is asked for by its contest (the one played is shown from the play itself).
    knownContest: ({ context, event }) => {
      assertEvent(event, 'user.leaderboard');
      return findContest(context.lists!, event.contestId) !== null;
    },
    upcomingStarts: ({ context }) => untilNextStart(context.lists, context.now()) !== null,
    // The board is shown for a contest (`board` is entered with one).
    contestLive: ({ context }) => Date.parse(context.contest!.ends_at) > context.now() && Date.parse(context.contest!.starts_at) <= context.now(),
  },
  delays: {
    nextStart: ({ context }) => untilNextStart(context.lists, context.now()) ?? MAX_WAIT_MS,
    boardRefresh: BOARD_REFRESH_MS,
  },
  actions: {
    rememberError: assign((_, params: { code: string | null }) => ({ errorCode: params.code })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'contest',
  context: ({ input }) => ({ tab: input.list ?? 'live', lists: null, contest: null, board: null, page: 0, errorCode: null, now: input.now ?? Date.now }),
  initial: 'lists',
  states: {
    lists: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadLists',
            onDone: [
              { guard: ({ event }) => isOk(event.output), target: 'ready', actions: assign(({ event }) => ({ lists: (event.output as { data: ContestLists }).data, errorCode: null })) },
              { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
            ],
            onError: { target: 'failed', actions: { type: 'rememberError', params: { code: null } } },
          },
        },
        failed: { on: { 'user.retry': { target: 'loading', actions: 'clearError' } } },
        ready: {
          // An upcoming contest that starts moves to the live list: the lists are asked again.
          after: { nextStart: { guard: 'upcomingStarts', target: 'loading' } },
          on: {
            'user.tab': { actions: assign(({ event }) => ({ tab: event.list })) },
            'user.play': { guard: 'playable', target: '#contest.playing', actions: assign(({ context, event }) => ({ contest: findContest(context.lists!, event.contestId) })) },
            'user.leaderboard': {
              guard: 'knownContest',
              target: '#contest.board',
              actions: assign(({ context, event }) => ({ contest: findContest(context.lists!, event.contestId)!, board: null, page: 0 })),
            },
          },
        },
      },
    },
    playing: {
      invoke: {
        id: 'play',
        src: 'play',
        input: ({ context }) => ({ request: { mode: 'contest' as const, contest_id: context.contest!.id }, lifelines: false }),
      },
      on: {
        'user.leaderboard': { target: 'board', actions: assign({ board: null, page: 0 }) },
        'user.back': { target: 'lists' },
      },
    },
    board: {
      initial: 'loading',
      on: { 'user.back': { target: 'lists', actions: assign({ board: null }) } },
      states: {
        loading: {
          invoke: {
            src: 'loadBoard',
            input: ({ context }) => ({ contest_id: context.contest!.id, offset: context.page * BOARD_PAGE_SIZE, limit: BOARD_PAGE_SIZE }),
            onDone: [
              { guard: ({ event }) => isOk(event.output), target: 'ready', actions: assign(({ event }) => ({ board: (event.output as { data: ContestBoard }).data, errorCode: null })) },
              { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
            ],
            onError: { target: 'failed', actions: { type: 'rememberError', params: { code: null } } },
          },
        },
        failed: { on: { 'user.retry': { target: 'loading', actions: 'clearError' } } },
        ready: {
          // While the contest runs, its leaderboard follows the plays that finish.
          after: { boardRefresh: { guard: 'contestLive', target: 'refreshing' } },
          on: { 'user.page': { target: 'loading', actions: assign(({ event }) => ({ page: Math.max(0, event.page) })) } },
        },
        refreshing: {
          invoke: {
            src: 'loadBoard',
            input: ({ context }) => ({ contest_id: context.contest!.id, offset: context.page * BOARD_PAGE_SIZE, limit: BOARD_PAGE_SIZE }),
            // A failed refresh keeps what is shown and tries again at the next tick.
            onDone: [
              { guard: ({ event }) => isOk(event.output), target: 'ready', actions: assign(({ event }) => ({ board: (event.output as { data: ContestBoard }).data })) },
              { target: 'ready' },
            ],
            onError: { target: 'ready' },
          },
          on: { 'user.page': { target: 'loading', actions: assign(({ event }) => ({ page: Math.max(0, event.page) })) } },
        },
      },
    },
  },
});

/** The contest machine with a page's effects (and the play machine the page provides). */
export function createContestMachine(services: ContestServices, play: QuizPlayMachine) {
  return contestMachine.provide({
    actors: {
      loadLists: fromPromise(() => services.loadLists()),
      loadBoard: fromPromise(({ input }) => services.loadBoard(input)),
      play,
    },
  });
}

export type ContestMachine = typeof contestMachine;
export type ContestActorRef = ActorRefFrom<ContestMachine>;
export type ContestSnapshot = SnapshotFrom<ContestMachine>;
