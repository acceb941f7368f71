import type { AnyStateNode } from 'xstate';
import { testPath } from '@/machines/testing/trace';
import { BOARD_PAGE_SIZE, BOARD_REFRESH_MS, contestMachine, untilNextStart } from '@/machines/contest/contest.machine';
import { contestModelPaths, type ContestModelEvent } from '@/machines/contest/contest.model';
import { pathRows, payloadOf } from '@/machines/testing/paths';
import { flushPromises } from '@/tests/fakes/controllable-actor';
import { CONTEST_IDS, contestBoard, contestItem, contestLists, startContest, T0, UPCOMING_IN_MS, type ContestHarness } from '@/tests/fakes/fake-contest-server';

async function listed() {
  const h = startContest();
  await h.answer.lists();
  return h;
}

describe('contest lists', () => {
  test('an upcoming contest counts down to its start, then the lists are asked again', async () => {
    const h = await listed();
    expect(untilNextStart(h.context().lists, h.now())).toBe(UPCOMING_IN_MS);
    h.clock.increment(UPCOMING_IN_MS - 1);
    expect(h.snapshot().matches({ lists: 'ready' })).toBe(true);
    h.clock.increment(1);
    expect(h.snapshot().matches({ lists: 'loading' })).toBe(true);
    expect(h.calls.loadLists.calls).toHaveLength(2);
  });

  test('only a live contest is played, as a contest play without lifelines', async () => {
    const h = await listed();
    h.actor.send({ type: 'user.play', contestId: CONTEST_IDS.past });
    h.actor.send({ type: 'user.play', contestId: CONTEST_IDS.upcoming });
    expect(h.snapshot().matches({ lists: 'ready' })).toBe(true);
    h.actor.send({ type: 'user.play', contestId: CONTEST_IDS.live });
    expect(h.snapshot().value).toBe('playing');
    expect(h.play.calls.loadSession.last().input).toEqual({ mode: 'contest', contest_id: CONTEST_IDS.live });
    expect(h.snapshot().children.play!.getSnapshot().context.lifelinesEnabled).toBe(false);
  });

  test('no upcoming contest: nothing is scheduled, and the lists are not asked again, even after a day', async () => {
    expect(untilNextStart({ ...contestLists(T0), upcoming: { items: [], message: '114' } }, T0)).toBeNull();
    const h = startContest();
    await h.answer.listsWith({ ...contestLists(T0), upcoming: { items: [], message: '114' } });
    h.clock.increment(2 * 86_400_000);
    expect(h.snapshot().matches({ lists: 'ready' })).toBe(true);
    expect(h.calls.loadLists.calls).toHaveLength(1);
  });

  test('a contest the lists do not hold is neither played nor shown; a tab is chosen', async () => {
    const h = await listed();
    h.actor.send({ type: 'user.play', contestId: 9_999 });
    h.actor.send({ type: 'user.leaderboard', contestId: 9_999 });
    h.actor.send({ type: 'user.leaderboard' });
    expect(h.snapshot().matches({ lists: 'ready' })).toBe(true);
    expect(h.calls.loadBoard.calls).toHaveLength(0);
    expect(h.context().tab).toBe('live');
    h.actor.send({ type: 'user.tab', list: 'past' });
    expect(h.context().tab).toBe('past');
  });
});

describe('a contest leaderboard', () => {
  test('a live contest\'s board refreshes every 10 s while shown; a past one does not', async () => {
    const h = await listed();
    h.actor.send({ type: 'user.leaderboard', contestId: CONTEST_IDS.live });
    expect(h.calls.loadBoard.last().input).toEqual({ contest_id: CONTEST_IDS.live, offset: 0, limit: BOARD_PAGE_SIZE });
    await h.answer.board();
    h.clock.increment(BOARD_REFRESH_MS);
    expect(h.snapshot().matches({ board: 'refreshing' })).toBe(true);
    await h.answer.boardFail();
    expect(h.snapshot().matches({ board: 'ready' })).toBe(true);
    expect(h.context().board?.total).toBe(2);

    h.actor.send({ type: 'user.back' });
    await h.answer.lists();
    h.actor.send({ type: 'user.leaderboard', contestId: CONTEST_IDS.past });
    await h.answer.board();
    h.clock.increment(BOARD_REFRESH_MS * 3);
    expect(h.snapshot().matches({ board: 'ready' })).toBe(true);
    expect(h.calls.loadBoard.calls).toHaveLength(3);
  });

  test('a page of the board asks for its offset', async () => {
    const h = await listed();
    h.actor.send({ type: 'user.leaderboard', contestId: CONTEST_IDS.past });
    await h.answer.board();
    h.actor.send({ type: 'user.page', page: 2 });
    expect(h.calls.loadBoard.last().input).toEqual({ contest_id: CONTEST_IDS.past, offset: 2 * BOARD_PAGE_SIZE, limit: BOARD_PAGE_SIZE });
  });
});

// ---- Model-based paths ----

function atomicStates(node: AnyStateNode, prefix = ''): string[] {
  const children = Object.values(node.states);
  if (children.length === 0) return [prefix];
  return children.flatMap((child) => atomicStates(child, prefix ? `${prefix}.${child.key}` : child.key));
}
const dotted = (value: unknown): string => (typeof value === 'string' ? value : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${dotted(v)}`)[0]!);

type ContestPath = ReturnType<typeof contestModelPaths>[number];

async function runContestPath(path: ContestPath, h: ContestHarness) {
  const payload = payloadOf<ContestModelEvent>();
  const run = async (step: () => unknown) => {
    await step();
    await flushPromises();
  };
  // Plays are left without an answer from the play server: each stays pending.
  let plays = 0;
  // Leaderboard loads left behind (the player went back or to another page meanwhile).
  let abandonedBoards = 0;
  let before = path.steps[0]!.state;
  await testPath(path, {
    events: {
      'api.lists_loaded': () => run(() => h.answer.lists()),
      'api.lists_failed': () => run(() => h.answer.listsFail()),
      'user.retry': () => run(() => h.actor.send({ type: 'user.retry' })),
      'user.tab': () => run(() => h.actor.send({ type: 'user.tab', list: 'past' })),
      'user.play': (step) => run(() => h.actor.send({ type: 'user.play', contestId: CONTEST_IDS[payload(step).contest] })),
      'user.leaderboard': (step) =>
        run(() => h.actor.send(h.snapshot().value === 'playing' ? { type: 'user.leaderboard' } : { type: 'user.leaderboard', contestId: CONTEST_IDS[payload(step).contest] })),
      'timer.contest_starts': () => run(() => h.clock.increment(untilNextStart(h.context().lists, h.now())!)),
      'user.back': () => run(() => h.actor.send({ type: 'user.back' })),
      'api.board_loaded': () => run(() => h.answer.board()),
      'api.board_failed': () => run(() => h.answer.boardFail()),
      'user.page': () => run(() => h.actor.send({ type: 'user.page', page: 1 })),
      'timer.refresh': () => run(() => h.clock.increment(BOARD_REFRESH_MS)),
      'api.refreshed': () => run(() => h.answer.board()),
      'api.refresh_failed': () => run(() => h.answer.boardFail()),
    },
    states: {
      '*': (expected) => {
        const event = path.steps.find((s) => s.state === expected)?.event;
        const loadingBoard = before.matches({ board: 'loading' }) || before.matches({ board: 'refreshing' });
        if (loadingBoard && (event?.type === 'user.back' || event?.type === 'user.page')) abandonedBoards += 1;
        before = expected;
        expect(h.snapshot().value).toEqual(expected.value);
        if (expected.matches('playing')) plays = Math.max(plays, h.play.calls.loadSession.calls.length);
        const calls: Record<string, number> = {};
        if (expected.matches({ lists: 'loading' })) calls.loadLists = 1;
        const boards = abandonedBoards + (expected.matches({ board: 'loading' }) || expected.matches({ board: 'refreshing' }) ? 1 : 0);
        if (boards) calls.loadBoard = boards;
        if (plays) calls.loadSession = plays;
        expect(h.pending()).toEqual(calls);
        const contest = expected.context.contest;
        if (contest && (expected.matches('board') || expected.matches('playing'))) expect(h.context().contest?.id).toBe(CONTEST_IDS[contest]);
      },
    },
  });
}

describe('the contest model paths', () => {
  const paths = contestModelPaths();

  test('pass through every state of the real machine', () => {
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => dotted(s.state.value))));
    expect([...visited].sort()).toEqual(atomicStates(contestMachine.root).sort());
  });

  test.each(pathRows('contest', 'default', paths))('%s', async (_name, path) => {
    const h = startContest();
    await runContestPath(path, h);
    h.actor.stop();
  });
});

// ---- The edges of the rules (each test fails when its rule is written otherwise) ----

const upcomingAt = (id: number, startsAt: number) =>
  contestItem({ id, name: `Upcoming ${id}`, status: 'upcoming', starts_at: new Date(startsAt).toISOString(), ends_at: new Date(startsAt + 86_400_000).toISOString() });

describe('the wait for the next start', () => {
  test('no lists yet: nothing to wait for', () => {
    expect(untilNextStart(null, T0)).toBeNull();
  });

  test('the soonest of several upcoming contests; one already due is waited for 0 ms; a start beyond a day waits a day', () => {
    const lists = contestLists(T0);
    const withStarts = (...starts: number[]) => ({ ...lists, upcoming: { items: starts.map((at, i) => upcomingAt(10 + i, at)), message: null } });
    expect(untilNextStart(withStarts(T0 + 90_000, T0 + 30_000, T0 + 60_000), T0)).toBe(30_000);
    expect(untilNextStart(withStarts(T0 - 5_000, T0 + 30_000), T0)).toBe(0);
    expect(untilNextStart(withStarts(T0 + 25 * 3_600_000), T0)).toBe(24 * 3_600_000);
  });
});

describe('the lists', () => {
  test('the page opens on the tab its address names, the live one by default', () => {
    expect(startContest().context().tab).toBe('live');
    expect(startContest({ list: 'past' }).context().tab).toBe('past');
  });

  test('a refusal keeps its code for the page; a retry clears it and asks again', async () => {
    const h = startContest();
    await h.answer.listsRefused('102');
    expect(h.snapshot().matches({ lists: 'failed' })).toBe(true);
    expect(h.context().errorCode).toBe('102');
    h.actor.send({ type: 'user.retry' });
    expect(h.context().errorCode).toBeNull();
    expect(h.snapshot().matches({ lists: 'loading' })).toBe(true);
    await h.answer.lists();
    expect(h.context().lists?.live.items.map((c) => c.id)).toEqual([CONTEST_IDS.live]);
  });

  test('a leaderboard from the lists names its contest: without one (or an unknown one) nothing happens, also after a play', async () => {
    const h = await listed();
    h.actor.send({ type: 'user.leaderboard' });
    h.actor.send({ type: 'user.leaderboard', contestId: 999 });
    expect(h.snapshot().matches({ lists: 'ready' })).toBe(true);
    h.actor.send({ type: 'user.play', contestId: CONTEST_IDS.live });
    h.actor.send({ type: 'user.back' });
    await h.answer.lists();
    h.actor.send({ type: 'user.leaderboard' });
    expect(h.snapshot().matches({ lists: 'ready' })).toBe(true);
    h.actor.send({ type: 'user.leaderboard', contestId: CONTEST_IDS.upcoming });
    expect(h.snapshot().matches({ board: 'loading' })).toBe(true);
    expect(h.context().contest?.id).toBe(CONTEST_IDS.upcoming);
  });
});

describe('the leaderboard of a contest', () => {
  /** The lists with one live contest that started at `startsAt` and ends at `endsAt`. */
  async function boardOf(startsAt: number, endsAt: number) {
    const h = startContest();
    const lists = contestLists(T0);
    await h.answer.listsWith({ ...lists, live: { items: [contestItem({ id: 1, starts_at: new Date(startsAt).toISOString(), ends_at: new Date(endsAt).toISOString() })], message: null } });
    h.actor.send({ type: 'user.leaderboard', contestId: 1 });
    await h.answer.board();
    return h;
  }

  test('it refreshes while the contest runs: not once its end is reached, still at the instant it started', async () => {
    const ending = await boardOf(T0 - 60_000, T0 + BOARD_REFRESH_MS);
    ending.clock.increment(BOARD_REFRESH_MS);
    expect(ending.snapshot().matches({ board: 'ready' })).toBe(true);

    const justStarted = await boardOf(T0 + BOARD_REFRESH_MS, T0 + 86_400_000);
    justStarted.clock.increment(BOARD_REFRESH_MS);
    expect(justStarted.snapshot().matches({ board: 'refreshing' })).toBe(true);
  });

  test('a refresh shows the new standings and keeps the page; a page asked during a refresh loads it', async () => {
    const h = await boardOf(T0 - 60_000, T0 + 86_400_000);
    h.actor.send({ type: 'user.page', page: 2 });
    await h.answer.board();
    h.clock.increment(BOARD_REFRESH_MS);
    expect(h.calls.loadBoard.last().input).toEqual({ contest_id: 1, offset: 2 * BOARD_PAGE_SIZE, limit: BOARD_PAGE_SIZE });
    const newer = { ...contestBoard(), total: 45 };
    await h.answer.boardWith(newer);
    expect(h.context().board?.total).toBe(45);

    h.clock.increment(BOARD_REFRESH_MS);
    expect(h.snapshot().matches({ board: 'refreshing' })).toBe(true);
    h.actor.send({ type: 'user.page', page: 1 });
    expect(h.snapshot().matches({ board: 'loading' })).toBe(true);
    expect(h.calls.loadBoard.last().input).toEqual({ contest_id: 1, offset: BOARD_PAGE_SIZE, limit: BOARD_PAGE_SIZE });
  });

  test('a page before the first is the first, from the board and during a refresh', async () => {
    const h = await boardOf(T0 - 60_000, T0 + 86_400_000);
    h.actor.send({ type: 'user.page', page: -3 });
    expect(h.calls.loadBoard.last().input.offset).toBe(0);
    await h.answer.board();
    h.clock.increment(BOARD_REFRESH_MS);
    h.actor.send({ type: 'user.page', page: -1 });
    expect(h.context().page).toBe(0);
    expect(h.calls.loadBoard.last().input.offset).toBe(0);
  });

  test('a refused board keeps its code; a retry clears it', async () => {
    const h = await listed();
    h.actor.send({ type: 'user.leaderboard', contestId: CONTEST_IDS.past });
    await h.answer.boardRefused('117');
    expect(h.snapshot().matches({ board: 'failed' })).toBe(true);
    expect(h.context().errorCode).toBe('117');
    h.actor.send({ type: 'user.retry' });
    expect(h.context().errorCode).toBeNull();
    expect(h.snapshot().matches({ board: 'loading' })).toBe(true);
  });
});
