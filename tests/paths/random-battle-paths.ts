import { payloadOf } from '@/machines/testing/paths';
import { testPath } from '@/machines/testing/trace';
import { resultOf } from '@/machines/battle-play/battle-room';
import { MODEL_WIN_STREAK, randomBattleModelPaths, type RandomModelContext, type RandomModelEvent, type ReloadSituation } from '@/machines/random-battle/random-battle.model';
import type { QuickMessage } from '@/services/domain/rooms';
import type { RandomHarness } from '@/tests/paths/battle-harness';
import { BOT, ME, OTHERS, rightKey, wrongKey, type FakeRoomServer } from '@/tests/paths/battle-room-server';

/**
 * Runs a random-battle model path against the real machine (started by the harness), optionally
 * through the real views: then the player's events are clicks on the screen, and every state is
 * also checked on the screen.
 */

export type RandomPath = ReturnType<typeof randomBattleModelPaths>[number];
type ModelSnapshot = RandomPath['state'];

/** How the player's events reach the machine: straight `send`s, or the screen. */
export interface RandomPlayer {
  fee(multiplier: number): void;
  search(): void;
  retry(): void;
  bot(): void;
  /** Picks the option with this letter. */
  answer(key: string): void;
  leave(): void;
  continue(): void;
  playAgain(): void;
  back(): void;
  message(key: QuickMessage): void;
}

export interface RandomViewChecks {
  check(expected: ModelSnapshot, h: RandomHarness): void;
}

export interface RunOptions {
  readonly player?: RandomPlayer;
  readonly view?: RandomViewChecks;
  /** Wraps every step (React's `act` when views are rendered). */
  readonly wrap?: (step: () => Promise<void> | void) => Promise<void>;
  /** Wraps the player's steps (default `wrap`); screen events wrap themselves in `act`, one by one. */
  readonly wrapPlayer?: (step: () => Promise<void> | void) => Promise<void>;
}

export const CHAT_KEY: QuickMessage = 'good_luck';

export function machinePlayer(h: RandomHarness): RandomPlayer {
  const send = h.actor.send.bind(h.actor);
  return {
    fee: (multiplier) => send({ type: 'user.fee', multiplier }),
    search: () => send({ type: 'user.search' }),
    retry: () => send({ type: 'user.retry' }),
    bot: () => send({ type: 'user.bot' }),
    answer: (key) => send({ type: 'user.answer', key }),
    leave: () => send({ type: 'user.leave' }),
    continue: () => send({ type: 'user.continue' }),
    playAgain: () => send({ type: 'user.play_again' }),
    back: () => send({ type: 'user.back' }),
    message: (key) => send({ type: 'user.message', key }),
  };
}

const opponentOf = (c: RandomModelContext) => (c.bot ? BOT : OTHERS[0]!);
const outcomeOf = (lead: number) => (lead > 0 ? 'win' : lead < 0 ? 'lose' : 'draw');

/** Builds the room a reloaded page finds (situations of the model). */
export function buildSituation(server: FakeRoomServer, at: ReloadSituation, advanceTo: (t: number) => void): void {
  const { ops } = server;
  const opponent = OTHERS[0]!;
  ops.openSearch();
  if (at === 'searching') return;
  if (at === 'noOpponent') return advanceTo(Date.parse(ops.room().search_deadline_at!));
  ops.join(opponent, { publish: false });
  ops.start();
  if (at === 'matched') return;
  // Question 0: the player right, the opponent silent until the deadline closes it.
  advanceTo(Date.parse(ops.room().questions[0]!.opens_at));
  ops.answer(ME.user_id, rightKey(0));
  advanceTo(Date.parse(ops.room().questions[0]!.deadline_at));
  ops.close();
  if (at === 'reveal') return;
  advanceTo(Date.parse(ops.room().questions[1]!.opens_at));
  if (at === 'question') return;
  ops.answer(ME.user_id, rightKey(1));
  if (at === 'answered') return;
  // Both right on the last question: it closes and the room finishes.
  ops.answer(opponent.user_id, rightKey(1));
}

const IN_ROOM = (s: ModelSnapshot) => s.matches('room');

/** The real machine (and its play child) is where the model is, holding what the model holds. */
export function checkRandom(h: RandomHarness, expected: ModelSnapshot, tracked: { streak: number; fee: number }): void {
  const m = expected.context;
  expect(h.value()).toEqual(expected.value);
  const c = h.context();
  expect(c.error).toEqual(m.error);
  expect(c.feeMultiplier).toBe(tracked.fee);

  const calls: Record<string, number> = {};
  if (expected.matches('finding') || expected.matches({ room: 'retrying' })) calls.findMatch = 1;
  if (expected.matches({ room: 'startingBot' })) calls.playWithBot = 1;
  if (expected.matches({ room: 'leaving' })) calls.leaveRoom = 1;
  if (expected.matches({ room: { playing: { round: 'submitting' } } })) calls.submitAnswer = 1;
  expect(h.server.pending()).toEqual(calls);

  // One feed while in a room, for that room; none outside.
  const feeds = h.server.feeds();
  expect(feeds.map((f) => f.roomId)).toEqual(IN_ROOM(expected) ? [c.roomId] : []);
  if (!IN_ROOM(expected) || !c.doc) return;

  const doc = c.doc;
  if (doc.status === 'started' || doc.status === 'finished') expect(doc.vs_bot).toBe(m.bot);
  if (expected.matches({ room: 'playing' })) {
    const play = h.play()!.context;
    expect(play.doc.version).toBe(doc.version);
    expect(doc.current_index).toBe(m.q);
    const me = doc.players.find((p) => p.user_id === ME.user_id)!;
    const them = doc.players.find((p) => p.user_id === opponentOf(m).user_id)!;
    // Every answer of a question comes at the same moment: the points follow the right answers.
    expect(Math.sign(me.points - them.points)).toBe(Math.sign(m.lead));
    const open = doc.questions[m.q];
    if (open) expect(open.answers.find((a) => a.user_id === ME.user_id)?.answered ?? false).toBe(m.mine !== null);
    if (expected.matches({ room: { playing: { round: 'question' } } })) expect(play.submitError !== null).toBe(m.answerError);
  }
  if (expected.matches({ room: 'result' })) {
    expect(resultOf(doc, ME.user_id)?.outcome).toBe(outcomeOf(m.lead));
    expect(c.winStreak).toBe(tracked.streak);
  }
}

export async function runRandomPath(path: RandomPath, h: RandomHarness, options: RunOptions = {}): Promise<void> {
  const player = options.player ?? machinePlayer(h);
  const run = options.wrap ?? (async (step) => void (await step()));
  const act = options.wrapPlayer ?? run;
  const payload = payloadOf<RandomModelEvent>();
  const { server } = h;
  const { ops, answer } = server;
  let before: ModelSnapshot = path.steps[0]!.state;
  // What the page chose and keeps, followed along the path.
  const tracked = { streak: MODEL_WIN_STREAK, fee: 1 };
  const question = () => ops.room().questions[ops.room().questions.length - 1]!;
  const inState = (s: ModelSnapshot, value: Parameters<ModelSnapshot['matches']>[0]) => s.matches(value);

  await testPath(path, {
    events: {
      'user.fee': async (step) => {
        tracked.fee = payload(step).multiplier;
        await act(() => player.fee(tracked.fee));
      },
      'user.search': () => act(() => player.search()),
      'api.waiting': async () => {
        if (inState(before, 'finding')) expect(server.calls.findMatch.last().input).toEqual({ category: null, fee_multiplier: tracked.fee });
        await run(async () => {
          if (inState(before, 'finding')) ops.openSearch(tracked.fee);
          else ops.retrySearch();
          await answer.ok('findMatch');
        });
      },
      'api.matched': () =>
        run(async () => {
          // Someone was already waiting with the same choices: joining starts the room.
          ops.openRoom({ type: 'random' }, OTHERS[0]!);
          ops.join(ME, { publish: false });
          ops.start();
          await answer.ok('findMatch');
        }),
      'api.no_coins': () => run(() => answer.refuse('findMatch', 'not_enough_coins')),
      'api.failed': () =>
        run(() => (inState(before, 'finding') ? answer.fail('findMatch') : inState(before, { room: 'retrying' }) ? answer.refuse('findMatch', null) : answer.fail('playWithBot'))),
      'timer.search_expired': () => run(() => h.advanceTo(Date.parse(ops.room().search_deadline_at!))),
      'feed.opponent_joined': () =>
        run(() => {
          ops.join(OTHERS[0]!, { publish: false });
          ops.start();
        }),
      'feed.deleted': () => run(() => void ops.remove()),
      'feed.gone': () => run(() => ops.refuseStream()),
      'feed.lost': () => run(() => ops.dropConnection()),
      'feed.gap': async () => {
        const asked = server.resyncs();
        await run(() => ops.missVersion());
        // The delta did not follow what the machine held: it asked for the whole document, and holds the room's current version.
        expect(server.resyncs()).toBe(asked + 1);
        expect(h.context().doc?.version).toBe(ops.room().version);
      },
      'feed.resumed': () => run(() => ops.connect()),
      'feed.first_doc': (step) =>
        run(() => {
          // The room went on while the page was away: its feed hears only the document it finds.
          ops.unseen(() => buildSituation(server, payload(step).at, h.advanceTo));
          ops.connect();
        }),
      'user.retry': () => act(() => player.retry()),
      'user.bot': () => act(() => player.bot()),
      'api.bot_started': async () => {
        expect(server.calls.playWithBot.last().input).toEqual({ room_id: ops.room().id });
        await run(async () => {
          ops.playBot();
          await answer.ok('playWithBot');
        });
      },
      'api.bot_refused': () => run(() => answer.refuse('playWithBot', 'room_not_waiting')),
      'timer.first_opens': () => run(() => h.advanceTo(Date.parse(ops.room().questions[0]!.opens_at))),
      'user.answer': async (step) => {
        const index = question().index;
        const key = payload(step).pick === 'right' ? rightKey(index) : wrongKey(index);
        const sent = server.calls.submitAnswer.calls.length;
        await act(() => player.answer(key));
        const took = step.state.matches({ room: { playing: { round: 'submitting' } } }) && !inState(before, { room: { playing: { round: 'submitting' } } });
        expect(server.calls.submitAnswer.calls.length).toBe(sent + (took ? 1 : 0));
        if (took) expect(server.calls.submitAnswer.last().input).toEqual({ room_id: ops.room().id, question_index: index, answer: key });
      },
      'api.answer_accepted': () =>
        run(async () => {
          ops.answer(ME.user_id, server.calls.submitAnswer.last().input.answer);
          await answer.ok('submitAnswer');
        }),
      'api.too_late': async () => {
        // The server refuses late answers only once its deadline passed.
        await run(() => h.advanceTo(Date.parse(question().deadline_at)));
        await run(() => answer.refuse('submitAnswer', 'answer_too_late'));
      },
      'api.answer_failed': () => run(() => answer.fail('submitAnswer')),
      'timer.expired': () => run(() => h.advanceTo(Date.parse(question().deadline_at))),
      'feed.opponent_answered': () =>
        run(() => {
          if (!before.context.theirs) ops.answer(opponentOf(before.context).user_id, rightKey(question().index));
        }),
      'feed.question_closed': async () => {
        await run(() => h.advanceTo(Date.parse(question().deadline_at)));
        await run(() => void ops.close());
      },
      'timer.next_opens': () => run(() => h.advanceTo(Date.parse(question().opens_at))),
      'feed.opponent_left': () =>
        run(() => {
          if (!before.context.bot) ops.leave(OTHERS[0]!.user_id);
        }),
      'user.continue': () => act(() => player.continue()),
      'user.leave': () => act(() => player.leave()),
      'api.left': async () => {
        expect(server.calls.leaveRoom.last().input).toEqual({ room_id: ops.room().id });
        await run(async () => {
          ops.leave(ME.user_id);
          await answer.ok('leaveRoom');
        });
      },
      'api.leave_failed': async () => {
        const heard = h.notices.length;
        await run(() => answer.refuse('leaveRoom', '122'));
        expect(h.notices.slice(heard)).toEqual([{ kind: 'leave_failed', code: '122' }]);
      },
      'user.message': async (step) => {
        const heard = h.notices.length;
        await act(() => player.message(CHAT_KEY));
        expect(server.calls.sendMessage.last().input).toEqual({ room_id: ops.room().id, message: CHAT_KEY });
        if (payload(step).outcome === 'sent') {
          await run(async () => {
            ops.message(ME.user_id, CHAT_KEY);
            await answer.ok('sendMessage');
          });
          expect(h.context().doc?.messages.at(-1)).toMatchObject({ user_id: ME.user_id, key: CHAT_KEY });
        } else {
          await run(() => answer.refuse('sendMessage', 'rate_limited'));
          expect(h.notices.slice(heard)).toEqual([{ kind: 'message_refused', code: 'rate_limited' }]);
        }
      },
      'user.play_again': () => act(() => player.playAgain()),
      'user.back': () => act(() => player.back()),
    },
    states: {
      '*': (expected) => {
        // A game that ends (on screen) is counted once, for the streak the page keeps.
        if (expected.matches({ room: 'result' }) && !before.matches({ room: 'result' }) && expected.context.sawPlay && !expected.context.bot) {
          tracked.streak = expected.context.lead > 0 ? tracked.streak + 1 : 0;
        }
        checkRandom(h, expected, tracked);
        options.view?.check(expected, h);
        before = expected;
      },
    },
  });
}

/**
 * The paths played through the views: for every state of the model the shortest path that
 * reaches it, and for every event the shortest path that takes it (every refusal, failure and
 * player action shows on the screen once).
 */
export function randomViewPaths(): RandomPath[] {
  const paths = [...randomBattleModelPaths('fresh'), ...randomBattleModelPaths('reload')].sort((a, b) => a.steps.length - b.steps.length);
  const chosen = new Set<RandomPath>();
  const pick = (has: (p: RandomPath) => boolean) => {
    const path = paths.find(has);
    if (path) chosen.add(path);
  };
  const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
  for (const v of values) pick((p) => p.steps.some((s) => JSON.stringify(s.state.value) === v));
  const events = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.event))));
  for (const e of events) pick((p) => p.steps.some((s) => JSON.stringify(s.event) === e));
  return [...chosen];
}
