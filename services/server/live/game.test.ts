/**
 * The live game's own rules, without a database: the sinks and the outlet are fakes that record
 * what the game asks of them, and the clock is held by the test. The rules of points and ranks
 * (services/domain/live.ts) have their own tests; these check what the game does with them: which
 * answers it takes and when, how a close moves each score and streak, the reveal, the standings,
 * pauses and restarts, and what it writes. Expected figures are worked out here by hand.
 * The database-backed game is tested through the API (tests/api/live.test.ts) and its paths.
 */
import type { LiveSecretQuestion } from '@/services/domain/live';
import { ApiError } from '@/services/server/gateway/api-error';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EventEmitter } from 'node:events';
import { stampArrival } from '@/services/server/gateway/arrival';
import type { AnswerRow, GameRow, PlayerRow, SettleItem, StepItem } from '@/services/server/live/repository';

const repo = { removed: [] as number[][], statistics: [] as number[], steps: [] as unknown[] };
jest.mock('@/services/server/live/repository', () => ({
  setRemoved: async (_db: unknown, gameId: number, playerId: number) => {
    repo.removed.push([gameId, playerId]);
  },
  recordLiveStatistics: async (_tx: unknown, gameId: number) => {
    repo.statistics.push(gameId);
  },
  writeStep: async (_tx: unknown, _gameId: number, _from: number, change: unknown) => {
    repo.steps.push(change);
    return true;
  },
}));

// Imported after the mock above is in place (jest hoists it).
import { LiveGame, realClock, type LiveOutlet } from '@/services/server/live/game';

const T0 = 1_700_000_000_000;
const READY = 3000;

function question(over: Partial<LiveSecretQuestion> = {}): LiveSecretQuestion {
  return {
    question_id: null,
    type: 'multiple',
    text: 'Which?',
    image: null,
    options: ['a', 'b', 'c', 'd'].map((key) => ({ key, text: key.toUpperCase() })),
    answer: 'b',
    time_limit: 20,
    points: 1000,
    ...over,
  };
}

function gameRow(questions: LiveSecretQuestion[], over: Partial<GameRow> = {}): GameRow {
  return {
    id: 7,
    pin: '123456',
    hostId: 1,
    title: 'Quiz night',
    source: { kind: 'set', set_id: 1 },
    questions,
    status: 'lobby',
    paused: null,
    pausedAt: null,
    locked: false,
    currentIndex: -1,
    opensAt: null,
    deadlineAt: null,
    restarted: false,
    maxPlayers: 100,
    version: 1,
    lastRanks: {},
    endedReason: null,
    hostSeenAt: new Date(T0),
    holder: null,
    heldUntil: null,
    hiddenWords: [],
    names: 'free',
    teamCount: 0,
    teamMode: 'balanced',
    createdAt: new Date(T0),
    startedAt: null,
    finishedAt: null,
    ...over,
  };
}

function player(id: number, over: Partial<PlayerRow> = {}): PlayerRow {
  return { id, gameId: 7, nickname: `P${id}`, nicknameKey: `p${id}`, userId: null, tokenHash: `t${id}`, score: 0, streak: 0, correct: 0, answered: 0, timeMs: 0, removed: false, team: null, ...over };
}

interface Harness {
  game: LiveGame;
  clock: { at: number; timers: { fn: () => void; due: number; live: boolean }[] };
  stored: AnswerRow[];
  steps: StepItem[];
  settles: SettleItem[];
  frames: string[];
  /** Moves the held clock and fires the timers due by then. */
  advance(ms: number): Promise<void>;
}

function harness(
  questions: LiveSecretQuestion[],
  players: PlayerRow[],
  options: {
    row?: Partial<GameRow>;
    answers?: AnswerRow[];
    sinkAnswers?: (row: AnswerRow) => Promise<boolean>;
    stepWrites?: (item: StepItem) => Promise<void>;
    settleWrites?: (item: SettleItem) => Promise<void>;
    /** The operator's blocked words, as the settings give them. */
    blocked?: string[];
  } = {},
): Harness {
  const clock: Harness['clock'] = { at: T0, timers: [] };
  const stored: AnswerRow[] = [];
  const steps: StepItem[] = [];
  const settles: SettleItem[] = [];
  const frames: string[] = [];
  const outlet: LiveOutlet = {
    version: (_g, withMe) => frames.push(withMe ? 'version+me' : 'version'),
    counts: () => frames.push('counts'),
    flushCounts: () => frames.push('flush'),
    player: (_g, item, change) => frames.push(`${change}:${item.id}`),
    me: (_g, id) => frames.push(`me:${id}`),
    answered: (_g, id) => frames.push(`answered:${id}`),
    closed: () => frames.push('closed'),
  };
  const db = { transaction: async (fn: (tx: unknown) => Promise<unknown>) => fn({}) };
  const game = new LiveGame(gameRow(questions, options.row), players, options.answers ?? [], {
    db: db as never,
    outlet,
    sink: {
      add: async (row) => {
        if (options.sinkAnswers) return options.sinkAnswers(row);
        stored.push(row);
        return true;
      },
    },
    settle: {
      add: async (item) => {
        await options.settleWrites?.(item);
        settles.push(item);
        return true;
      },
    },
    steps: {
      add: async (item) => {
        // A test may hold a step's write, to queue other steps behind it.
        await options.stepWrites?.(item);
        steps.push(item);
        return true;
      },
    },
    ...(options.blocked ? { blockedWords: async () => options.blocked! } : {}),
    clock: {
      now: () => clock.at,
      setTimeout: (fn, ms) => {
        const t = { fn, due: clock.at + ms, live: true };
        clock.timers.push(t);
        return t;
      },
      clearTimeout: (t) => {
        (t as { live: boolean }).live = false;
      },
    },
  });
  return {
    game,
    clock,
    stored,
    steps,
    settles,
    frames,
    async advance(ms) {
      fireTimers(clock, ms);
      await new Promise((r) => setImmediate(r));
      await game.idle();
    },
  };
}

/** Two players, a question of 10 s opened and past its get-ready time; `options` as for `harness`. */
async function tenSecondQuestionOpen(options: Parameters<typeof harness>[2] = {}): Promise<Harness> {
  const h = harness([question({ time_limit: 10 })], [player(1), player(2)], options);
  await h.game.next();
  await h.advance(READY);
  return h;
}

/** Moves the held clock and fires the timers due, without waiting for the steps they queue. */
function fireTimers(clock: Harness['clock'], ms: number) {
  clock.at += ms;
  for (const t of clock.timers) {
    if (t.live && t.due <= clock.at) {
      t.live = false;
      t.fn();
    }
  }
}

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof ApiError ? e.code : String(e);
  }
  return 'ok';
};

beforeEach(() => {
  repo.removed = [];
  repo.statistics = [];
  repo.steps = [];
});

describe('opening a question', () => {
  test('needs a player; opens the first question after the get-ready time, with its deadline', async () => {
    const empty = harness([question()], []);
    expect(await code(empty.game.next())).toBe('live_no_players');

    const h = harness([question({ time_limit: 20 })], [player(1)]);
    const view = await h.game.next();
    expect(view.status).toBe('question');
    expect(view.question).toMatchObject({ index: 0, opens_at: T0 + READY, deadline_at: T0 + READY + 20_000, restarted: false });
    expect(view.questions_shown).toBe(1);
    // A choice question has no range and no text length.
    expect(view.question!.slider).toBeUndefined();
    expect(view.question!.max_length).toBeUndefined();
    expect(h.steps[0]!.change).toMatchObject({ status: 'question', currentIndex: 0, startedAt: new Date(T0) });
    expect(h.steps[0]!.fromVersion).toBe(1);
    expect(view.version).toBe(2);
    // The answer never leaves with the question.
    expect(JSON.stringify(view.question)).not.toContain('"answer"');
    expect(view.reveal).toBeNull();
  });

  test('an answer before the question opens is refused; one at the deadline is too late', async () => {
    const h = harness([question()], [player(1), player(2)]);
    await h.game.next();
    expect(await code(h.game.answer(1, 0, 'b', T0 + READY - 1))).toBe('question_not_open');
    expect(await code(h.game.answer(1, 1, 'b', T0 + READY))).toBe('question_not_open');
    expect(await code(h.game.answer(1, 0, 'b', T0 + READY + 20_000))).toBe('answer_too_late');
    expect(await code(h.game.answer(1, 0, 'b', T0 + READY + 19_999))).toBe('ok');
    expect(await code(h.game.answer(9, 0, 'b', T0 + READY + 1))).toBe('live_removed');
  });

  test('an answer of the wrong shape, or empty, is refused; a second answer of a player is refused', async () => {
    const h = harness([question()], [player(1), player(2)]);
    await h.game.next();
    expect(await code(h.game.answer(1, 0, 'z', T0 + READY))).toBe('103');
    expect(await code(h.game.answer(1, 0, '', T0 + READY))).toBe('103');
    expect(await code(h.game.answer(1, 0, 'a', T0 + READY))).toBe('ok');
    expect(await code(h.game.answer(1, 0, 'b', T0 + READY + 1))).toBe('already_answered');
    expect(h.stored).toHaveLength(1);
  });
});

describe('points, streaks and ranks', () => {
  test('points go by the time taken, the streak bonus from the second right answer in a row', async () => {
    const qs = [question({ answer: 'a' }), question({ answer: 'b' }), question({ answer: 'c' })];
    const h = harness(qs, [player(1), player(2)]);
    await h.game.next();
    // Player 1 at 5 s of 20: 1000 × (1 − 0.25 / 2) = 875. Player 2 wrong at 1 s: 0.
    const r1 = await h.game.answer(1, 0, 'a', T0 + READY + 5000);
    expect(r1).toEqual({ question_index: 0, answer: 'a', answered: 1 });
    await h.game.answer(2, 0, 'b', T0 + READY + 1000);
    expect(h.stored.map((a) => [a.playerId, a.correct, a.points, a.bonus, a.elapsedMs])).toEqual([
      [1, true, 875, 0, 5000],
      [2, false, 0, 0, 1000],
    ]);
    await h.game.idle(); // both in: the question closes itself
    expect(h.game.state.status).toBe('reveal');
    expect(h.settles).toEqual([{ gameId: 7, fromVersion: 2, questionIndex: 0, limitMs: 20_000, points: 1000 }]);
    expect(h.game.me(1)).toMatchObject({ score: 875, streak: 1, rank: 1, last: { index: 0, correct: true, points: 875, bonus: 0 } });
    expect(h.game.me(2)).toMatchObject({ score: 0, streak: 0, rank: 2, last: { index: 0, correct: false, points: 0, bonus: 0 } });
    const reveal = h.game.view().reveal!;
    expect(reveal).toEqual({ index: 0, answer: 'a', counts: { a: 1, b: 1 }, answered: 2, correct: 1 });

    await h.game.next(); // leaderboard
    expect(h.game.view().standings.map((s) => [s.player_id, s.score, s.rank, s.moved])).toEqual([
      [1, 875, 1, 0],
      [2, 0, 2, 0],
    ]);
    await h.game.next(); // question 2
    const opens2 = h.clock.at + READY;
    // Player 1 right at once: 1000, and a streak of 2: +100. Player 2 right at 10 s: 750.
    await h.game.answer(1, 1, 'b', opens2);
    await h.game.answer(2, 1, 'b', opens2 + 10_000);
    await h.game.idle();
    expect(h.stored.slice(2).map((a) => [a.playerId, a.points, a.bonus])).toEqual([
      [1, 1000, 100],
      [2, 750, 0],
    ]);
    expect(h.game.me(1)).toMatchObject({ score: 875 + 1100, streak: 2 });
    expect(h.game.me(2)).toMatchObject({ score: 750, streak: 1 });
    await h.game.next(); // leaderboard
    await h.game.next(); // question 3
    const opens3 = h.clock.at + READY;
    // Player 1 wrong: the streak breaks. Player 2 right at 20 s less 1 ms: 500 (rounded), streak 2: +100.
    await h.game.answer(1, 2, 'a', opens3);
    await h.game.answer(2, 2, 'c', opens3 + 19_999);
    await h.game.idle();
    expect(h.stored.slice(4).map((a) => [a.playerId, a.points, a.bonus])).toEqual([
      [1, 0, 0],
      [2, 500, 100],
    ]);
    expect(h.game.me(1)).toMatchObject({ score: 1975, streak: 0 });
    expect(h.game.me(2)).toMatchObject({ score: 1350, streak: 2 });
    await h.game.next(); // leaderboard
    const board = h.game.view().standings;
    expect(board.map((s) => [s.player_id, s.rank, s.moved])).toEqual([
      [1, 1, 0],
      [2, 2, 0],
    ]);
    await h.game.next(); // podium: the last question was played
    expect(h.game.view().status).toBe('podium');
    expect(repo.statistics).toEqual([7]);
    expect(h.frames.at(-1)).toBe('closed');
    expect(h.game.running).toBe(false);
    expect(await code(h.game.next())).toBe('live_over');
    expect(await code(h.game.answer(1, 2, 'c', h.clock.at))).toBe('live_over');
  });

  test('a question worth no points neither carries a streak on nor breaks it, and scores nothing', async () => {
    const qs = [question({ answer: 'a' }), question({ answer: 'a', points: 0 }), question({ answer: 'a' })];
    const h = harness(qs, [player(1)]);
    const play = async (answer: string) => {
      await h.game.next();
      await h.game.answer(1, h.game.state.currentIndex, answer, h.clock.at + READY);
      await h.game.idle();
    };
    await play('a');
    expect(h.game.me(1)).toMatchObject({ score: 1000, streak: 1 });
    await h.game.next();
    await play('b'); // wrong on the warm-up: the streak stays
    expect(h.game.me(1)).toMatchObject({ score: 1000, streak: 1 });
    await h.game.next();
    await play('a'); // the second right in a row: +100
    expect(h.game.me(1)).toMatchObject({ score: 2100, streak: 2 });
  });

  test('the leaderboard says who moved since the last one; ties on score go to the faster', async () => {
    const qs = [question({ answer: 'a' }), question({ answer: 'a' })];
    const h = harness(qs, [player(1), player(2), player(3)]);
    await h.game.next();
    const o1 = h.clock.at + READY;
    await h.game.answer(1, 0, 'a', o1); // 1000
    await h.game.answer(2, 0, 'b', o1);
    await h.game.answer(3, 0, 'b', o1 + 2000);
    await h.game.idle();
    await h.game.next();
    // 2 and 3 both 0: 2 answered faster, so it ranks above 3.
    expect(h.game.view().standings.map((s) => [s.player_id, s.rank, s.moved])).toEqual([
      [1, 1, 0],
      [2, 2, 0],
      [3, 3, 0],
    ]);
    await h.game.next();
    const o2 = h.clock.at + READY;
    await h.game.answer(3, 1, 'a', o2); // 1000
    await h.game.answer(1, 1, 'b', o2);
    await h.game.answer(2, 1, 'b', o2);
    await h.game.idle();
    await h.game.next();
    // 1 and 3 on 1000: 1 took 0 + 0 ms, 3 took 2000 + 0 ms. 2 is on 0 and moves down one.
    expect(h.game.view().standings.map((s) => [s.player_id, s.score, s.rank, s.moved])).toEqual([
      [1, 1000, 1, 0],
      [3, 1000, 2, 1],
      [2, 0, 3, -1],
    ]);
  });
});

describe('closing', () => {
  test('the deadline closes the question; an unanswered question costs its whole time', async () => {
    const h = harness([question({ time_limit: 10 }), question()], [player(1), player(2)]);
    await h.game.next();
    await h.game.answer(1, 0, 'b', h.clock.at + READY + 4000);
    await h.game.idle();
    expect(h.game.state.status).toBe('question');
    await h.advance(READY + 10_000 - 1);
    expect(h.game.state.status).toBe('question');
    await h.advance(1);
    expect(h.game.state.status).toBe('reveal');
    const p1 = h.game.players.get(1)!;
    const p2 = h.game.players.get(2)!;
    expect([p1.timeMs, p1.answered, p1.correct]).toEqual([4000, 1, 1]);
    expect([p2.timeMs, p2.answered, p2.correct]).toEqual([10_000, 0, 0]);
    expect(h.game.me(2)!.last).toEqual({ index: 0, correct: false, points: 0, bonus: 0 });
    // The host's last counts go out before the close, then every phone gets its own frame.
    expect(h.frames.slice(-2)).toEqual(['flush', 'version+me']);
  });

  test('ending during a question closes it first, so its answers count', async () => {
    const h = harness([question(), question()], [player(1), player(2)]);
    await h.game.next();
    await h.game.answer(1, 0, 'b', h.clock.at + READY);
    const view = await h.game.end('host');
    expect(view.status).toBe('ended');
    expect(h.settles).toHaveLength(1);
    expect(h.game.me(1)!.score).toBe(1000);
    expect(repo.steps.at(-1)).toMatchObject({ status: 'ended', endedReason: 'host' });
    expect(view.standings.map((s) => s.player_id)).toEqual([1, 2]);
    // Ending again changes nothing.
    expect((await h.game.end('abandoned')).status).toBe('ended');
    expect(repo.steps).toHaveLength(1);
  });

  test('removing the last player who had not answered closes the question', async () => {
    const h = harness([question()], [player(1), player(2)]);
    await h.game.next();
    await h.game.answer(1, 0, 'b', h.clock.at + READY);
    await h.game.idle();
    expect(h.game.state.status).toBe('question');
    await h.game.remove(2);
    await h.game.idle();
    expect(repo.removed).toEqual([[7, 2]]);
    expect(h.game.activeCount).toBe(1);
    expect(h.game.state.status).toBe('reveal');
    expect(await code(h.game.remove(5))).toBe('102');
    // Removed twice: nothing more is written.
    await h.game.remove(2);
    expect(repo.removed).toHaveLength(1);
    expect(await code(h.game.answer(2, 0, 'b', h.clock.at))).toBe('live_removed');
  });

  test('an answer the store already had does not count', async () => {
    const h = harness([question()], [player(1), player(2)], { sinkAnswers: async () => false });
    await h.game.next();
    expect(await code(h.game.answer(1, 0, 'b', h.clock.at + READY))).toBe('already_answered');
    expect(h.game.received).toBe(0);
    expect(h.game.view().answered_count).toBe(0);
  });
});

describe('pause, resume and restart', () => {
  test('a pause stops the clock; resuming gives back the time not yet spent', async () => {
    const h = harness([question({ time_limit: 20 })], [player(1), player(2)]);
    await h.game.next();
    const opens = T0 + READY;
    await h.advance(READY + 5000);
    await h.game.pause('host');
    expect(h.game.state.paused).toBe('host');
    expect(await code(h.game.answer(1, 0, 'b', h.clock.at))).toBe('live_paused');
    expect(await code(h.game.next())).toBe('live_paused');
    await h.advance(60_000); // paused: the deadline passes and nothing closes
    expect(h.game.state.status).toBe('question');
    const view = await h.game.resume();
    expect(view.question).toMatchObject({ opens_at: opens + 60_000, deadline_at: opens + 60_000 + 20_000 });
    expect(view.paused).toBeNull();
    await h.advance(15_000 - 1);
    expect(h.game.state.status).toBe('question');
    await h.advance(1);
    expect(h.game.state.status).toBe('reveal');
  });

  test('after a restart the open question starts again with a fresh clock, said on every screen', async () => {
    const h = harness([question({ time_limit: 10 })], [player(1)], {
      row: { status: 'question', currentIndex: 0, opensAt: new Date(T0 - 60_000), deadlineAt: new Date(T0 - 50_000), version: 4 },
    });
    await h.game.restartQuestion();
    expect(h.game.view().question).toMatchObject({ opens_at: T0 + READY, deadline_at: T0 + READY + 10_000, restarted: true });
    await h.advance(READY + 10_000);
    expect(h.game.state.status).toBe('reveal');
  });

  test('a game taken up at a reveal shows what each last answer earned', () => {
    const answers: AnswerRow[] = [{ gameId: 7, questionIndex: 0, playerId: 1, answer: 'b', correct: true, points: 900, bonus: 100, elapsedMs: 2000 }];
    const h = harness([question()], [player(1, { score: 1000 }), player(2)], { row: { status: 'reveal', currentIndex: 0, version: 5 }, answers });
    expect(h.game.me(1)!.last).toEqual({ index: 0, correct: true, points: 900, bonus: 100 });
    expect(h.game.me(2)!.last).toEqual({ index: 0, correct: false, points: 0, bonus: 0 });
    expect(h.game.view().reveal).toEqual({ index: 0, answer: 'b', counts: { b: 1 }, answered: 1, correct: 1 });
    expect(h.game.me(1)!.rank).toBe(1);
  });

  test('locking the lobby writes a step once', async () => {
    const h = harness([question()], [player(1)]);
    expect((await h.game.lock(true)).locked).toBe(true);
    await h.game.lock(true);
    expect(h.steps).toHaveLength(1);
  });
});

// ---- refusals, views and edges (appended: the tests above keep their places) ----

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, field: e.field, detail: e.detail };
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('refusals name what was wrong', () => {
  test('each refusal has its field and its reason', async () => {
    const h = harness([question({ type: 'multiple' })], [player(1), player(2)]);
    expect(await refusal(h.game.remove(5))).toEqual({ code: '102', field: 'player_id', detail: 'no player 5 in this game' });
    await h.game.next();
    expect(await refusal(h.game.answer(1, 0, 'b', T0))).toEqual({ code: 'question_not_open', field: 'question_index', detail: 'question 0 is not open yet' });
    expect(await refusal(h.game.answer(1, 3, 'b', T0 + READY))).toEqual({ code: 'question_not_open', field: 'question_index', detail: 'question 3 is not open yet' });
    expect(await refusal(h.game.answer(1, 0, 'b', T0 + READY + 20_000))).toEqual({ code: 'answer_too_late', field: 'question_index', detail: 'question 0 has closed' });
    expect(await refusal(h.game.answer(1, 0, 'q', T0 + READY))).toEqual({ code: '103', field: 'answer', detail: expect.stringMatching(/^answer: .+/) });
    expect(await refusal(h.game.answer(1, 0, '', T0 + READY))).toEqual({ code: '103', field: 'answer', detail: 'answer: is required' });
    await h.game.pause('host');
    expect(await refusal(h.game.next())).toEqual({ code: 'live_paused', field: undefined, detail: 'resume the game first' });
    const empty = harness([question()], []);
    expect(await refusal(empty.game.next())).toEqual({ code: 'live_no_players', field: undefined, detail: 'nobody has joined yet' });
  });

  test('a step the database refused (the game moved elsewhere) is refused and shows nothing', async () => {
    const h = harness([question()], [player(1)]);
    (h.game as unknown as { deps: { steps: { add: () => Promise<boolean> } } }).deps.steps.add = async () => false;
    expect(await refusal(h.game.next())).toEqual({ code: 'live_moved', field: undefined, detail: 'live game 7 changed elsewhere (version 1)' });
    expect(h.game.state.status).toBe('lobby');
    expect(h.frames).not.toContain('version');
  });

  test("a close the database refused is refused; the scores stay", async () => {
    const h = harness([question()], [player(1), player(2)]);
    await h.game.next();
    (h.game as unknown as { deps: { settle: { add: () => Promise<boolean> } } }).deps.settle.add = async () => false;
    await h.game.answer(1, 0, 'b', h.clock.at + READY);
    expect(await refusal(h.game.next())).toEqual({ code: 'live_moved', field: undefined, detail: 'live game 7 changed elsewhere (version 2)' });
    expect(h.game.state.status).toBe('question');
    expect(h.game.me(1)!.score).toBe(0);
  });
});

describe('a game taken up from the database', () => {
  test('removed players are not counted in; only answers to the question on screen count', () => {
    const answers: AnswerRow[] = [
      { gameId: 7, questionIndex: 0, playerId: 1, answer: 'a', correct: false, points: 0, bonus: 0, elapsedMs: 100 },
      { gameId: 7, questionIndex: 1, playerId: 1, answer: 'b', correct: true, points: 800, bonus: 0, elapsedMs: 100 },
    ];
    const h = harness([question(), question()], [player(1), player(2, { removed: true }), player(3)], { row: { status: 'question', currentIndex: 1, opensAt: new Date(T0), deadlineAt: new Date(T0 + 20_000) }, answers });
    expect(h.game.activeCount).toBe(2);
    expect(h.game.view().player_count).toBe(2);
    expect(h.game.received).toBe(1);
    // During a question nobody's last result is shown yet.
    expect(h.game.me(1)!.last).toBeNull();
    expect(h.game.me(1)).toMatchObject({ answer: 'b', answer_index: 1 });
    expect(h.game.playerItems().map((p) => p.id)).toEqual([1, 3]);
  });

  test.each(['leaderboard', 'podium', 'ended'] as const)('at %s each player has what their last answer earned', (status) => {
    const answers: AnswerRow[] = [{ gameId: 7, questionIndex: 0, playerId: 1, answer: 'b', correct: true, points: 700, bonus: 0, elapsedMs: 10 }];
    const h = harness([question()], [player(1, { score: 700 }), player(2)], { row: { status, currentIndex: 0 }, answers });
    expect(h.game.me(1)!.last).toEqual({ index: 0, correct: true, points: 700, bonus: 0 });
    expect(h.game.me(2)!.last).toEqual({ index: 0, correct: false, points: 0, bonus: 0 });
    // Outside a question and its reveal, a phone no longer shows its answer.
    expect(h.game.me(1)).toMatchObject({ answer: '', answer_index: null });
  });

  test('in the lobby nobody has a last result', () => {
    const h = harness([question()], [player(1)], { row: { status: 'lobby', currentIndex: -1 } });
    expect(h.game.me(1)!.last).toBeNull();
    expect(h.game.me(99)).toBeNull();
  });
});

describe('what the screens are shown', () => {
  test('the question while it is open and at its reveal; not at the leaderboard; a multiselect says how many to pick', async () => {
    const h = harness([question({ type: 'multiselect', answer: 'a,c', options: ['a', 'b', 'c', 'd'].map((key) => ({ key, text: key })) }), question()], [player(1)]);
    expect(h.game.view()).toMatchObject({ status: 'lobby', question: null, questions_shown: 0, standings: [], reveal: null });
    await h.game.next();
    expect(h.game.view().question).toMatchObject({ index: 0, type: 'multiselect', pick: 2 });
    await h.game.answer(1, 0, 'a,c', h.clock.at + READY);
    await h.game.idle();
    expect(h.game.view()).toMatchObject({ status: 'reveal', questions_shown: 1, standings: [] });
    expect(h.game.view().question).toMatchObject({ index: 0 });
    expect(h.game.view().reveal).toMatchObject({ counts: { a: 1, c: 1 }, correct: 1 });
    expect(h.game.me(1)).toMatchObject({ answer: 'a,c', answer_index: 0 });
    await h.game.next();
    expect(h.game.view()).toMatchObject({ status: 'leaderboard', question: null, reveal: null });
    expect(h.game.view().standings).toHaveLength(1);
    await h.game.next();
    // A single-choice question says nothing of picking.
    expect(h.game.view().question).not.toHaveProperty('pick');
    expect(h.game.view().questions_shown).toBe(2);
    expect(h.game.view().standings).toEqual([]);
  });

  test('a join or an answer shows in the counts without a new version', async () => {
    const h = harness([question()], [player(1), player(2)]);
    await h.game.next();
    const before = h.game.view();
    h.game.addPlayer(player(3));
    expect(h.frames.slice(-2)).toEqual(['joined:3', 'counts']);
    expect(h.game.view()).toMatchObject({ version: before.version, player_count: 3, answered_count: 0 });
    await h.game.answer(1, 0, 'b', h.clock.at + READY);
    expect(h.game.view()).toMatchObject({ version: before.version, player_count: 3, answered_count: 1 });
    // The same version with the same counts: the same view.
    expect(h.game.view()).toBe(h.game.view());
    // A removed player joining again under a removed row does not count in.
    h.game.addPlayer(player(4, { removed: true }));
    expect(h.game.activeCount).toBe(3);
  });

  test('a closed question moves the version by one; the standings leave removed players out, ties by id', async () => {
    const h = harness([question(), question()], [player(2), player(1), player(3)]);
    await h.game.next();
    const v = h.game.view().version;
    await h.game.answer(2, 0, 'b', h.clock.at + READY);
    await h.game.answer(1, 0, 'b', h.clock.at + READY);
    await h.game.remove(3);
    await h.game.idle();
    expect(h.game.view().version).toBe(v + 1);
    await h.game.next();
    expect(h.game.view().standings.map((s) => [s.player_id, s.rank])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(h.game.rememberRanks()).toEqual({ '1': 1, '2': 1 });
  });

  test('a sequence answer is not counted per option', async () => {
    const h = harness([question({ type: 'sequence', answer: 'b,a,c,d' })], [player(1), player(2)]);
    await h.game.next();
    await h.game.answer(1, 0, 'b,a,c,d', h.clock.at + READY);
    expect(h.game.counts).toEqual({ b: 0, a: 0, c: 0, d: 0 });
  });

  test('a signed-in player is listed as such', () => {
    const h = harness([question()], [player(1, { userId: 40 }), player(2)]);
    expect(h.game.playerItems()).toEqual([
      { id: 1, nickname: 'P1', signed_in: true, team: null },
      { id: 2, nickname: 'P2', signed_in: false, team: null },
    ]);
  });
});

describe('players and tokens', () => {
  test('a token names its player; a new token replaces the old', () => {
    const h = harness([question()], [player(1), player(2)]);
    expect(h.game.playerByToken('t2')!.id).toBe(2);
    expect(h.game.playerByToken('nope')).toBeNull();
    h.game.setToken(2, 'fresh');
    expect(h.game.playerByToken('t2')).toBeNull();
    expect(h.game.playerByToken('fresh')!.id).toBe(2);
    h.game.addPlayer(player(3));
    expect(h.game.playerByToken('t3')!.id).toBe(3);
    expect(h.game.activeCount).toBe(3);
  });

  test("an answer the store failed leaves the host's count again", async () => {
    const h = harness([question()], [player(1), player(2)], { sinkAnswers: async () => false });
    await h.game.next();
    h.frames.length = 0;
    await h.game.answer(1, 0, 'b', h.clock.at + READY).catch(() => undefined);
    expect(h.frames).toEqual(['counts', 'counts']);
    const ok = harness([question()], [player(1), player(2)]);
    await ok.game.next();
    ok.frames.length = 0;
    await ok.game.answer(1, 0, 'b', ok.clock.at + READY);
    expect(ok.frames).toEqual(['counts', 'answered:1']);
  });
});

describe('closing, the clock and pauses', () => {
  test('an answer to an earlier question, or during the close, is too late', async () => {
    const h = harness([question(), question()], [player(1), player(2)]);
    await h.game.next();
    await h.game.answer(1, 0, 'b', h.clock.at + READY);
    await h.game.answer(2, 0, 'b', h.clock.at + READY);
    await h.game.idle();
    expect((await refusal(h.game.answer(1, 0, 'b', h.clock.at))).code).toBe('answer_too_late');
    await h.game.next();
    await h.game.next();
    expect((await refusal(h.game.answer(1, 0, 'b', h.clock.at + READY))).code).toBe('answer_too_late');
  });

  test('the question does not close while someone still in has not answered', async () => {
    const h = harness([question()], [player(1), player(2), player(3)]);
    await h.game.next();
    await h.game.answer(1, 0, 'b', h.clock.at + READY);
    await h.game.answer(2, 0, 'b', h.clock.at + READY);
    await h.game.idle();
    expect(h.game.state.status).toBe('question');
    expect(h.settles).toHaveLength(0);
  });

  test("a paused game's deadline passes without a close; resuming arms the clock again", async () => {
    const h = await tenSecondQuestionOpen();
    await h.game.answer(1, 0, 'b', h.clock.at);
    await h.game.pause('host');
    await h.game.pause('host'); // paused already: nothing more
    expect(h.steps).toHaveLength(2);
    await h.advance(30_000);
    expect(h.game.state.status).toBe('question');
    await h.game.resume();
    await h.game.resume(); // not paused: nothing more
    expect(h.steps).toHaveLength(3);
    await h.advance(10_000);
    expect(h.game.state.status).toBe('reveal');
  });

  test('a pause in the lobby moves no clock', async () => {
    const h = harness([question()], [player(1)]);
    await h.game.pause('host');
    await h.advance(5000);
    await h.game.resume();
    expect(h.steps.at(-1)!.change).toEqual({ paused: null, pausedAt: null, hostSeenAt: new Date(T0 + 5000) });
  });

  test("a restart's old timer does not close the question at its old deadline", async () => {
    const h = harness([question({ time_limit: 10 })], [player(1)]);
    await h.game.next();
    await h.advance(READY + 5000);
    await h.game.restartQuestion();
    // The first deadline (T0 + 13 s) passes: the question stays open until its new one.
    await h.advance(5000);
    expect(h.game.state.status).toBe('question');
    await h.advance(READY + 10_000 - 5000);
    expect(h.game.state.status).toBe('reveal');
  });

  test('a restart outside an open question, or while paused, changes nothing', async () => {
    const lobby = harness([question()], [player(1)]);
    await lobby.game.restartQuestion();
    expect(lobby.steps).toHaveLength(0);
    const paused = harness([question()], [player(1)]);
    await paused.game.next();
    await paused.game.pause('host');
    await paused.game.restartQuestion();
    expect(paused.steps).toHaveLength(2);
  });

  test('a game over takes no command; ending it during the lobby writes its end', async () => {
    const h = harness([question()], [player(1)]);
    await h.game.end('abandoned');
    expect(repo.steps.at(-1)).toMatchObject({ status: 'ended', endedReason: 'abandoned' });
    expect(h.settles).toHaveLength(0);
    for (const command of [h.game.next(), h.game.pause('host'), h.game.resume(), h.game.lock(true)]) expect((await refusal(command)).code).toBe('live_over');
    expect(h.frames).toContain('me:1');
  });

  test('dispose stops the clock: the deadline passes and nothing closes', async () => {
    const h = harness([question({ time_limit: 10 })], [player(1)]);
    await h.game.next();
    h.game.dispose();
    await h.advance(READY + 20_000);
    expect(h.game.state.status).toBe('question');
  });
});

describe('the live game at its edges', () => {
  test('an answer in the lobby is for a question not open yet', async () => {
    const h = harness([question()], [player(1)]);
    expect(await code(h.game.answer(1, 0, 'b', T0))).toBe('question_not_open');
  });

  test('a removal is announced as one', async () => {
    const h = harness([question()], [player(1), player(2)]);
    await h.game.remove(2);
    expect(h.frames).toContain('removed:2');
  });

  test('the board and the podium list players by place, whatever order they joined in; a player with no place yet is left out', async () => {
    const h = harness([question(), question()], [player(1), player(2)]);
    await h.game.next();
    const opens = h.clock.at + READY;
    await h.game.answer(1, 0, 'a', opens + 100);
    await h.game.answer(2, 0, 'b', opens + 100);
    await h.game.idle();
    h.game.addPlayer(player(3));
    await h.game.next(); // leaderboard
    expect(h.game.view().standings.map((s) => [s.player_id, s.rank])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(h.game.rememberRanks()).toEqual({ '2': 1, '1': 2 });
    await h.game.next(); // question 2
    // Player 1 right but slower than player 2 was on question 1: player 2 stays ahead.
    await h.game.answer(1, 1, 'b', h.clock.at + READY + 5000);
    await h.game.answer(2, 1, 'a', h.clock.at + READY + 100);
    await h.game.answer(3, 1, 'a', h.clock.at + READY + 100);
    await h.game.idle();
    await h.game.next(); // leaderboard
    await h.game.next(); // podium
    expect(h.game.view().status).toBe('podium');
    expect(h.game.view().standings.map((s) => s.player_id)).toEqual([2, 1, 3]);
  });

  test('taken up again after a restart, the game counts only the answers to the question on screen', () => {
    const answers = [
      { gameId: 7, questionIndex: 0, playerId: 1, answer: 'a', correct: false, points: 0, bonus: 0, elapsedMs: 100 },
      { gameId: 7, questionIndex: 1, playerId: 1, answer: 'b', correct: true, points: 990, bonus: 0, elapsedMs: 200 },
    ];
    const h = harness([question(), question()], [player(1), player(2)], {
      row: { status: 'reveal', currentIndex: 1, opensAt: new Date(T0), deadlineAt: new Date(T0 + 20_000), version: 6 },
      answers,
    });
    expect(h.game.view().reveal).toEqual({ index: 1, answer: 'b', counts: { b: 1 }, answered: 1, correct: 1 });
    expect(h.game.me(1)).toMatchObject({ answer: 'b', answer_index: 1 });
  });

  test('resuming a game paused between questions moves no question clock', async () => {
    const h = harness([question(), question()], [player(1)]);
    await h.game.next();
    await h.game.answer(1, 0, 'b', h.clock.at + READY + 100);
    await h.game.idle();
    expect(h.game.state.status).toBe('reveal');
    const { opensAt, deadlineAt } = h.game.state;
    await h.game.pause('host');
    await h.advance(10_000);
    await h.game.resume();
    expect([h.game.state.opensAt, h.game.state.deadlineAt]).toEqual([opensAt, deadlineAt]);
  });
});

describe('the live game: who counts as everyone', () => {
  test('a question with nobody left in it is not closed as answered by everyone: it waits for its deadline', async () => {
    const h = harness([question(), question()], [player(1)]);
    await h.game.next();
    await h.game.remove(1);
    await h.game.idle();
    expect(h.game.state.status).toBe('question');
  });

  test('the answer of a player removed since does not stand in for another who has not answered', async () => {
    const h = harness([question(), question()], [player(1), player(2), player(3)]);
    await h.game.next();
    const opens = h.clock.at + READY;
    await h.game.answer(3, 0, 'b', opens + 100);
    await h.game.remove(3);
    await h.game.answer(1, 0, 'b', opens + 200);
    await h.game.idle();
    expect(h.game.state.status).toBe('question');
    await h.game.answer(2, 0, 'b', opens + 300);
    await h.game.idle();
    expect(h.game.state.status).toBe('reveal');
  });
});

describe("the server's own clock", () => {
  test('reads the time, fires a timer once after its wait without holding the process open, and cancels one', async () => {
    const before = Date.now();
    const now = realClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    const fired: string[] = [];
    let handle: ReturnType<typeof setTimeout> | undefined;
    // The one cancelled is due first: had it not been cancelled, it would fire before the other.
    realClock.clearTimeout(realClock.setTimeout(() => fired.push('cancelled'), 1));
    await new Promise<void>((resolve) => {
      handle = realClock.setTimeout(() => {
        fired.push('kept');
        resolve();
      }, 5) as ReturnType<typeof setTimeout>;
      // A close timer never keeps a stopping process alive.
      expect(handle.hasRef()).toBe(false);
    });
    expect(fired).toEqual(['kept']);
  });
});

describe('steps queued behind one still being written', () => {
  /** A write the test releases; every step's write waits for the gate open at the time. */
  function heldWrites() {
    let release: () => void = () => undefined;
    let gate: Promise<void> = Promise.resolve();
    return {
      stepWrites: () => gate,
      hold() {
        gate = new Promise<void>((resolve) => (release = resolve));
      },
      release: () => release(),
    };
  }

  test('the last answer arriving while a pause is being written leaves the question open and paused', async () => {
    const writes = heldWrites();
    const h = harness([question()], [player(1), player(2)], { stepWrites: writes.stepWrites });
    await h.game.next();
    await h.advance(READY);
    await h.game.answer(1, 0, 'b', h.clock.at);
    writes.hold();
    const paused = h.game.pause('host');
    // Not paused yet: the answer is taken, and the close it asks for waits behind the pause.
    await h.game.answer(2, 0, 'b', h.clock.at + 100);
    writes.release();
    await paused;
    await h.game.idle();
    expect(h.game.state).toMatchObject({ status: 'question', paused: 'host' });
    expect(h.settles).toHaveLength(0);
    // Resumed, everyone has answered: the deadline closes it.
    await h.game.resume();
    await h.advance(20_000);
    expect(h.game.state.status).toBe('reveal');
  });

  test('a deadline passing while a pause waits behind another step does not close the paused question', async () => {
    const writes = heldWrites();
    const h = await tenSecondQuestionOpen({ stepWrites: writes.stepWrites });
    writes.hold();
    const locked = h.game.lock(true);
    const paused = h.game.pause('host');
    // The timer fires now; its close is queued behind the lock and the pause.
    fireTimers(h.clock, 10_000);
    writes.release();
    await Promise.all([locked, paused]);
    await h.game.idle();
    expect(h.game.state).toMatchObject({ status: 'question', paused: 'host' });
    expect(h.settles).toHaveLength(0);
  });

  test('a deadline passing while a restart waits behind another step does not close the restarted question', async () => {
    const writes = heldWrites();
    const h = await tenSecondQuestionOpen({ stepWrites: writes.stepWrites });
    writes.hold();
    const locked = h.game.lock(true);
    const restarted = h.game.restartQuestion();
    fireTimers(h.clock, 10_000);
    writes.release();
    await Promise.all([locked, restarted]);
    await h.game.idle();
    // The restart gave the question a new deadline, still ahead: open until then.
    expect(h.game.state).toMatchObject({ status: 'question', restarted: true });
    expect(h.game.state.deadlineAt!.getTime()).toBe(h.clock.at + READY + 10_000);
    expect(h.settles).toHaveLength(0);
    await h.advance(READY + 10_000);
    expect(h.game.state.status).toBe('reveal');
  });
});

describe('a close and the answers around it', () => {
  /** A promise the test resolves. */
  function deferred<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  }

  test('an answer still being stored when the host closes the question is waited for and counts', async () => {
    const storing = deferred<boolean>();
    const h = harness([question()], [player(1), player(2)], { sinkAnswers: () => storing.promise });
    await h.game.next();
    await h.advance(READY);
    const answered = h.game.answer(1, 0, 'b', h.clock.at + 5000);
    const closed = h.game.next();
    // The close waits for the answer on its way: nothing is settled while it is being stored.
    await new Promise((r) => setImmediate(r));
    expect([h.game.state.status, h.settles.length]).toEqual(['question', 0]);
    storing.resolve(true);
    await Promise.all([answered, closed]);
    // 1000 points, answered at 5 s of 20: 1000 × (1 − 5/20 / 2) = 875.
    expect(h.game.me(1)!.last).toMatchObject({ index: 0, correct: true, points: 875 });
    expect(h.game.state.status).toBe('reveal');
  });

  test('an answer arriving while the close is being written is too late', async () => {
    const writing = deferred<void>();
    const h = harness([question()], [player(1), player(2)], { settleWrites: () => writing.promise });
    await h.game.next();
    await h.advance(READY);
    const closed = h.game.next();
    // The close has begun (its statement is held): the question still shows, but takes no answer.
    await new Promise((r) => setImmediate(r));
    expect(h.game.state.status).toBe('question');
    expect(await code(h.game.answer(2, 0, 'b', h.clock.at + 10))).toBe('answer_too_late');
    writing.resolve();
    await closed;
    expect(h.game.me(2)!.last).toMatchObject({ correct: false, points: 0 });
  });

  test('an answer whose statement failed leaves the host’s count again and is refused', async () => {
    const h = harness([question()], [player(1), player(2)], {
      sinkAnswers: async () => {
        throw new Error('the statement failed');
      },
    });
    await h.game.next();
    h.frames.length = 0;
    expect(await code(h.game.answer(1, 0, 'b', h.clock.at + READY))).toBe('Error: the statement failed');
    expect(h.frames).toEqual(['counts', 'counts']);
  });

  test('a game taken up during a question and restarted takes answers again', async () => {
    const h = harness([question({ time_limit: 10 })], [player(1), player(2)], {
      row: { status: 'question', currentIndex: 0, opensAt: new Date(T0 - 60_000), deadlineAt: new Date(T0 - 50_000), version: 4 },
    });
    await h.game.restartQuestion();
    expect(await code(h.game.answer(1, 0, 'b', T0 + READY + 1000))).toBe('ok');
  });

  test('a game ended from its lobby and taken up again gives nobody a last result', () => {
    const h = harness([question()], [player(1)], { row: { status: 'ended', currentIndex: -1, endedReason: 'host' } });
    expect(h.game.me(1)!.last).toBeNull();
  });

  test('the leaderboard shows the first five places; the podium the first ten', async () => {
    const players = Array.from({ length: 12 }, (_, i) => player(i + 1, { score: 1000 - i * 10 }));
    const board = harness([question(), question()], players, { row: { status: 'leaderboard', currentIndex: 0, version: 5 } });
    expect(board.game.view().standings.map((s) => s.player_id)).toEqual([1, 2, 3, 4, 5]);
    const podium = harness([question()], players, { row: { status: 'podium', currentIndex: 0, version: 5 } });
    expect(podium.game.view().standings.map((s) => s.player_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('a deadline with answers still on their way', () => {
  /** A call that has fully arrived now and is still being answered, until `answer()`. */
  function callInFlight(): { answer(): void } {
    const res = new EventEmitter();
    stampArrival({ complete: true } as unknown as IncomingMessage, res as unknown as ServerResponse);
    // As Node's response does: 'finish' when the answer is written, 'close' right after it.
    return {
      answer: () => {
        res.emit('finish');
        res.emit('close');
      },
    };
  }

  test('the close waits for a call that arrived before the deadline, then closes', async () => {
    const h = await tenSecondQuestionOpen();
    const call = callInFlight();
    // The deadline: the timer fires on time, the call arrived before it and is not answered yet.
    fireTimers(h.clock, 10_000);
    await new Promise((r) => setImmediate(r));
    await h.game.idle();
    expect(h.game.state.status).toBe('question');
    call.answer();
    // Closed as soon as the wait sees the call answered (it looks every millisecond).
    for (let i = 0; i < 200 && h.game.state.status === 'question'; i++) {
      await new Promise((r) => setTimeout(r, 5));
      await h.game.idle();
    }
    expect(h.game.state.status).toBe('reveal');
  });

  test('a call that arrived after the deadline is not waited for', async () => {
    const h = await tenSecondQuestionOpen();
    // The timer fires 300 ms late; the call arrived just now, after the deadline.
    const call = callInFlight();
    fireTimers(h.clock, 10_300);
    await new Promise((r) => setImmediate(r));
    await h.game.idle();
    expect(h.game.state.status).toBe('reveal');
    call.answer();
  });
});

describe('the kinds beyond choosing', () => {
  const typeQ = question({ type: 'type', options: [], answer: '', accepted: ['Paris', 'Lutèce'], match: 'tolerant' });
  const sliderQ = question({ type: 'slider', options: [], answer: '90', slider: { min: 0, max: 180, step: 1, correct: 90, tolerance: 10, scoring: 'closeness' } });
  const cloudQ = question({ type: 'wordcloud', options: [], answer: '', points: 0 });
  const pollQ = question({ type: 'poll', answer: '', points: 0 });

  test('a type answer: no accepted answer on screen; graded by the fold, one typo forgiven; the reveal lists what was typed most', async () => {
    const h = harness([typeQ], [player(1), player(2), player(3), player(4)]);
    const view = await h.game.next();
    expect(view.question).toMatchObject({ type: 'type', options: [], max_length: 60 });
    expect(JSON.stringify(view)).not.toMatch(/Paris|Lutèce|accepted|tolerant/);
    expect(await h.game.answer(1, 0, '  paris ', T0 + READY)).toEqual({ question_index: 0, answer: 'paris', answered: 1 });
    await h.game.answer(2, 0, 'Pariss', T0 + READY + 10_000);
    await h.game.answer(3, 0, 'London', T0 + READY);
    expect(await code(h.game.answer(1, 0, 'x', T0 + READY))).toBe('already_answered');
    await h.game.answer(4, 0, 'PARIS!', T0 + READY + 20_000 - 1);
    expect(h.stored.map((a) => [a.playerId, a.answer, a.correct, a.points])).toEqual([
      [1, 'paris', true, 1000],
      [2, 'Pariss', true, 750],
      [3, 'London', false, 0],
      [4, 'PARIS!', true, 500],
    ]);
    await h.game.idle();
    const reveal = h.game.view().reveal!;
    expect(reveal).toMatchObject({ answer_text: 'Paris / Lutèce', answered: 4, correct: 3, counts: {} });
    // "paris" and "PARIS!" read the same: one entry of 2, written the first way it came.
    expect(reveal.words).toEqual([
      { text: 'paris', count: 2, right: true },
      { text: 'London', count: 1, right: false },
      { text: 'Pariss', count: 1, right: true },
    ]);
  });

  test('a slider: its range on screen, never its value; answers on its steps; closeness worth; ten bars and the mean at the reveal', async () => {
    const h = harness([sliderQ], [player(1), player(2), player(3)]);
    const view = await h.game.next();
    expect(view.question!.slider).toEqual({ min: 0, max: 180, step: 1 });
    expect(JSON.stringify(view.question)).not.toMatch(/correct|tolerance|scoring/);
    expect(await code(h.game.answer(1, 0, '90.5', T0 + READY))).toBe('103');
    expect(await code(h.game.answer(1, 0, '181', T0 + READY))).toBe('103');
    await h.game.answer(1, 0, '90', T0 + READY);
    await h.game.answer(2, 0, '95', T0 + READY);
    await h.game.answer(3, 0, '180', T0 + READY);
    expect(h.stored.map((a) => [a.answer, a.correct, a.points])).toEqual([
      ['90', true, 1000],
      ['95', true, 750],
      ['180', false, 0],
    ]);
    await h.game.idle();
    expect(h.game.view().reveal).toMatchObject({ answer_text: '90', correct: 2, mean: 121.67, bins: [0, 0, 0, 0, 0, 2, 0, 0, 0, 1] });
  });

  test('a slider nobody answered has no mean', async () => {
    const h = harness([sliderQ], [player(1)]);
    await h.game.next();
    await h.game.next();
    expect(h.game.view().reveal).toMatchObject({ mean: null, bins: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], answered: 0 });
  });

  test('a poll counts each option, rights nobody and keeps the streak', async () => {
    const h = harness([question({ answer: 'a' }), pollQ], [player(1), player(2)]);
    await h.game.next();
    await h.game.answer(1, 0, 'a', T0 + READY);
    await h.game.answer(2, 0, 'b', T0 + READY);
    await h.game.idle();
    await h.game.next();
    await h.game.next();
    const at = h.clock.at + READY;
    h.clock.at = at;
    await h.game.answer(1, 1, 'b', at);
    await h.game.answer(2, 1, 'b', at);
    await h.game.idle();
    expect(h.game.view().reveal).toMatchObject({ counts: { b: 2 }, correct: 0, answered: 2 });
    expect(h.game.view().reveal!.answer_text).toBeUndefined();
    expect(h.game.me(1)).toMatchObject({ streak: 1, score: 1000, last: { correct: false, points: 0, bonus: 0 } });
  });

  test('a word cloud: words by count; blocked words never shown; the host hides one and shows it again; hidden words go with the question', async () => {
    const h = harness([cloudQ, cloudQ], [player(1), player(2), player(3), player(4)], { blocked: ['darn'] });
    const view = await h.game.next();
    expect(view.question).toMatchObject({ type: 'wordcloud', max_length: 30, options: [] });
    expect(await code(h.game.answer(1, 0, 'x'.repeat(31), T0 + READY))).toBe('103');
    await h.game.answer(1, 0, 'Sunny', T0 + READY);
    await h.game.answer(2, 0, 'sunny!', T0 + READY);
    await h.game.answer(3, 0, 'Darn it', T0 + READY);
    await h.game.answer(4, 0, 'Calm', T0 + READY);
    await h.game.idle();
    expect(h.game.view().reveal!.words).toEqual([
      { text: 'Sunny', count: 2 },
      { text: 'Calm', count: 1 },
    ]);
    const before = h.steps.length;
    expect(await code(h.game.hideWord('', true))).toBe('103');
    expect((await h.game.hideWord('SUNNY', true)).reveal!.words).toEqual([{ text: 'Calm', count: 1 }]);
    expect(h.steps.slice(before).map((s) => s.change)).toEqual([{ hiddenWords: ['sunny'] }]);
    // Hiding it again writes nothing.
    await h.game.hideWord('sunny', true);
    expect(h.steps.length).toBe(before + 1);
    expect((await h.game.hideWord('Sunny', false)).reveal!.words).toEqual([
      { text: 'Sunny', count: 2 },
      { text: 'Calm', count: 1 },
    ]);
    await h.game.hideWord('calm', true);
    await h.game.next();
    await h.game.next();
    expect(h.game.state.hiddenWords).toEqual([]);
    // Only a word cloud on screen has words to hide.
    const plain = harness([question()], [player(1)]);
    expect(await code(plain.game.hideWord('x', true))).toBe('103');
    await plain.game.next();
    expect(await code(plain.game.hideWord('x', true))).toBe('103');
  });

  test('a game taken up at a word cloud’s reveal shows every word until the blocked words are read', () => {
    const answers: AnswerRow[] = [{ gameId: 7, questionIndex: 0, playerId: 1, answer: 'Stryker was here', correct: false, points: 0, bonus: 0, elapsedMs: 10 }];
    const h = harness([cloudQ], [player(1)], { row: { status: 'reveal', currentIndex: 0, version: 5 }, answers });
    expect(h.game.view().reveal!.words).toEqual([{ text: 'Stryker was here', count: 1 }]);
  });

  test('a game taken up during a type answer counts its stored answers again', () => {
    const answers: AnswerRow[] = [
      { gameId: 7, questionIndex: 0, playerId: 1, answer: 'Paris', correct: true, points: 1000, bonus: 0, elapsedMs: 10 },
      { gameId: 7, questionIndex: 0, playerId: 2, answer: 'paris', correct: true, points: 1000, bonus: 0, elapsedMs: 10 },
    ];
    const h = harness([typeQ], [player(1), player(2)], { row: { status: 'reveal', currentIndex: 0, version: 5 }, answers });
    expect(h.game.view().reveal!.words).toEqual([{ text: 'Paris', count: 2, right: true }]);
  });

  test('no time limit: no deadline, no clock; answers taken however late, worth their whole points; an unanswered player counts the time it was open', async () => {
    const h = harness([question({ time_limit: 0 })], [player(1), player(2)]);
    const view = await h.game.next();
    expect(view.question).toMatchObject({ time_limit: 0, deadline_at: 0, opens_at: T0 + READY });
    expect(h.steps.at(-1)!.change.deadlineAt).toBeNull();
    await h.advance(READY + 3_600_000);
    expect(h.game.state.status).toBe('question');
    await h.game.answer(1, 0, 'b', T0 + READY + 3_600_000);
    expect(h.stored[0]).toMatchObject({ correct: true, points: 1000, elapsedMs: 3_600_000 });
    // A pause and a resume move its opening and leave it without a deadline.
    await h.game.pause('host');
    h.clock.at += 5000;
    await h.game.resume();
    expect(h.game.state.deadlineAt).toBeNull();
    expect(h.game.state.opensAt!.getTime()).toBe(T0 + READY + 5000);
    h.clock.at += 1000;
    await h.game.next();
    // Player 2 did not answer: the tie-break counts the time it was open (from its opening, moved by the pause).
    expect(h.settles[0]!.limitMs).toBe(h.clock.at - (T0 + READY + 5000));
  });

  test('no time limit after a restart: the question opens again without a deadline', async () => {
    const h = harness([question({ time_limit: 0 })], [player(1)], { row: { status: 'question', currentIndex: 0, opensAt: new Date(T0 - 60_000), deadlineAt: null, version: 4 } });
    await h.game.restartQuestion();
    expect(h.game.view().question).toMatchObject({ opens_at: T0 + READY, deadline_at: 0, restarted: true });
    await h.advance(READY + 600_000);
    expect(h.game.state.status).toBe('question');
  });
});

describe('teams on the screens', () => {
  test('the leaderboard, the podium and each phone show the teams by their mean; not during a question; not in a game without teams', async () => {
    const qs = [question({ answer: 'b' })];
    const h = harness(qs, [player(1, { team: 1 }), player(2, { team: 1 }), player(3, { team: 2 })], { row: { teamCount: 2 } });
    expect(h.game.playerItems().map((p) => p.team)).toEqual([1, 1, 2]);
    await h.game.next();
    expect(h.game.view()).toMatchObject({ team_count: 2, teams: [] });
    await h.game.answer(1, 0, 'b', T0 + READY);
    await h.game.answer(2, 0, 'a', T0 + READY);
    await h.game.answer(3, 0, 'b', T0 + READY);
    await h.game.idle();
    expect(h.game.view().teams).toEqual([]);
    const board = await h.game.next();
    expect(board.teams).toEqual([
      { team: 2, score: 1000, members: 1, rank: 1 },
      { team: 1, score: 500, members: 2, rank: 2 },
    ]);
    expect([h.game.me(1)!.team, h.game.me(1)!.team_rank, h.game.me(3)!.team_rank]).toEqual([1, 2, 1]);
    const podium = await h.game.next();
    expect(podium.status).toBe('podium');
    expect(podium.teams.map((t) => t.team)).toEqual([2, 1]);
    const solo = harness(qs, [player(1)]);
    await solo.game.next();
    await solo.game.next();
    expect((await solo.game.next()).teams).toEqual([]);
    expect(solo.game.me(1)).toMatchObject({ team: null, team_rank: null });
  });
});

describe('the word cloud and the teams at their edges', () => {
  const cloudQ = question({ type: 'wordcloud', options: [], answer: '', points: 0 });
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      return e instanceof ApiError ? [e.code, e.field, e.detail] : [String(e)];
    }
    return ['no refusal'];
  };

  test('words are hidden only while the word cloud is on screen, and a word needs a letter or a digit', async () => {
    const h = harness([cloudQ, question()], [player(1)]);
    await h.game.next();
    expect(await refusal(h.game.hideWord('?!', true))).toEqual(['103', 'word', 'word: is required']);
    await h.game.answer(1, 0, 'Sunny', T0 + READY);
    await h.game.idle();
    expect((await h.game.hideWord('sunny', true)).reveal!.words).toEqual([]);
    // At the leaderboard after it, the word cloud is gone from the screen.
    const board = await h.game.next();
    expect(board.status).toBe('leaderboard');
    expect(await refusal(h.game.hideWord('sunny', false))).toEqual(['103', 'word', 'word: only a word cloud on screen has words to hide']);
  });

  test('without the operator’s settings, reading the blocked words changes nothing', async () => {
    const h = harness([cloudQ], [player(1)]);
    await expect(h.game.refreshBlocked()).resolves.toBeUndefined();
  });

  test('a removed player counts for no team; the standings are kept until the version or the players change', async () => {
    const h = harness([question({ answer: 'b' })], [player(1, { team: 1 }), player(2, { team: 2, removed: true, score: 900 })], { row: { teamCount: 2 } });
    // Team 2 has nobody left in it: it is ranked last, with no members and no score.
    expect(h.game.me(2)).toMatchObject({ team: 2, team_rank: 2 });
    const first = h.game.teamStandings();
    expect(h.game.teamStandings()).toBe(first);
    expect(first.map((t) => [t.team, t.members])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    // A player joining changes the count of players, not the version: the standings are ranked again.
    h.game.addPlayer(player(3, { team: 2, score: 500 }));
    const joined = h.game.teamStandings();
    expect(joined).not.toBe(first);
    expect(joined.map((t) => [t.team, t.members])).toEqual([
      [2, 1],
      [1, 1],
    ]);
    // A step moves the version: ranked again.
    await h.game.next();
    expect(h.game.teamStandings()).not.toBe(joined);
  });

  test('a game its host ended still shows the teams; a type answer’s reveal lists the eight answers typed most', async () => {
    const h = harness([question({ answer: 'b' }), question()], [player(1, { team: 1, score: 300 }), player(2, { team: 2, score: 900 })], { row: { teamCount: 2 } });
    await h.game.next();
    const ended = await h.game.end('host');
    expect(ended.status).toBe('ended');
    expect(ended.teams.map((t) => [t.team, t.rank])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    const typeQ = question({ type: 'type', options: [], answer: '', accepted: ['Paris'], match: 'exact' });
    const many = harness([typeQ], Array.from({ length: 10 }, (_, i) => player(i + 1)));
    await many.game.next();
    for (let i = 1; i <= 10; i += 1) await many.game.answer(i, 0, `Town ${String.fromCharCode(64 + i)}`, T0 + READY);
    await many.game.idle();
    const words = many.game.view().reveal!.words!;
    expect(words).toHaveLength(8);
    expect(words.map((w) => w.text)).toEqual(['Town A', 'Town B', 'Town C', 'Town D', 'Town E', 'Town F', 'Town G', 'Town H']);
  });
});
