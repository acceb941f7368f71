import { createActor, SimulatedClock } from 'xstate';
import { createContestMachine, type ContestBoard } from '@/machines/contest/contest.machine';
import { createQuizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import type { ContestItem, ContestList, ContestLists } from '@/services/domain/contests';
import type { CallOutcome } from '@/services/domain/play-session';
import { controllableCall, flushPromises } from '@/tests/fakes/controllable-actor';
import { fakePlayServer, playSession } from '@/tests/fakes/fake-play-server';
import { failOnError } from '@/machines/testing/actor-errors';

/** A fake contest server (every call pending until the test answers) and the real contest machine on a simulated clock. */

export const T0 = Date.parse('2026-03-01T12:00:00Z');
export const CONTEST_IDS = { live: 1, upcoming: 2, past: 3 } as const;
export const UPCOMING_IN_MS = 60_000;

export function contestItem(overrides: Partial<ContestItem> = {}): ContestItem {
  return {
    id: 1,
    name: 'Weekly General Knowledge',
    description: '',
    image: null,
    starts_at: new Date(T0 - 3_600_000).toISOString(),
    ends_at: new Date(T0 + 86_400_000).toISOString(),
    entry_fee: 10,
    total_questions: 8,
    participants: 3,
    prizes: [{ rank_from: 1, rank_to: 1, coins: 100 }],
    status: 'live',
    played: false,
    my_score: null,
    my_rank: null,
    prizes_paid: false,
    my_prize: null,
    ...overrides,
  };
}

/** One contest of each list; the upcoming one starts a minute after `now`. */
export function contestLists(now: number): ContestLists {
  return {
    live: { items: [contestItem({ id: 1 })], message: null },
    upcoming: {
      items: [contestItem({ id: 2, name: 'History Sprint', status: 'upcoming', starts_at: new Date(now + UPCOMING_IN_MS).toISOString(), ends_at: new Date(now + 86_400_000).toISOString() })],
      message: null,
    },
    past: { items: [contestItem({ id: 3, name: 'Science Cup', status: 'past', starts_at: new Date(T0 - 9 * 86_400_000).toISOString(), ends_at: new Date(T0 - 86_400_000).toISOString(), prizes_paid: true })], message: null },
  };
}

export function contestBoard(): ContestBoard {
  const rows = [
    { user_id: 7, name: 'Ada', profile: null, score: 16, rank: 1, prize: null },
    { user_id: 8, name: 'Grace', profile: null, score: 8, rank: 2, prize: null },
  ];
  return { items: rows, topThree: rows, myRank: null, total: 2 };
}

/** `list`: the tab the page opens on (`?list=` in the address). */
export function startContest(options: { list?: ContestList } = {}) {
  const clock = new SimulatedClock();
  const now = () => T0 + clock.now();
  const calls = {
    loadLists: controllableCall<CallOutcome<ContestLists>, void>(),
    loadBoard: controllableCall<CallOutcome<ContestBoard>, { contest_id: number; offset: number; limit: number }>(),
  };
  const play = fakePlayServer(playSession({ mode: 'contest', lifelines: [] }));
  const machine = createContestMachine({ loadLists: () => calls.loadLists.fn(), loadBoard: calls.loadBoard.fn }, createQuizPlayMachine(play.services));
  const actor = failOnError(createActor(machine, { clock, input: { now, list: options.list } }));
  actor.start();
  const settle = async <T>(call: { resolve(v: T): void }, value: T) => {
    call.resolve(value);
    await flushPromises();
  };
  const pending = () =>
    Object.fromEntries(
      [...Object.entries(calls), ...Object.entries(play.calls)].map(([name, call]) => [name, call.pending().length] as const).filter(([, n]) => n > 0),
    );
  return {
    actor,
    clock,
    now,
    calls,
    play,
    pending,
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
    answer: {
      lists: () => settle(calls.loadLists, { ok: true, data: contestLists(now()) }),
      listsFail: () => settle(calls.loadLists, { ok: false, code: null }),
      board: () => settle(calls.loadBoard, { ok: true, data: contestBoard() }),
      boardFail: () => settle(calls.loadBoard, { ok: false, code: null }),
      /** Answers the pending call with these lists, or this refusal. */
      listsWith: (lists: ContestLists) => settle(calls.loadLists, { ok: true, data: lists }),
      listsRefused: (code: string) => settle(calls.loadLists, { ok: false, code }),
      boardWith: (board: ContestBoard) => settle(calls.loadBoard, { ok: true, data: board }),
      boardRefused: (code: string) => settle(calls.loadBoard, { ok: false, code }),
    },
  };
}

export type ContestHarness = ReturnType<typeof startContest>;
