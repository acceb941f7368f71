import { resultOf } from '@/machines/battle-play/battle-room';
import { testPath } from '@/machines/testing/trace';
import { groupBattleModelPaths, type GroupModelConfig, type GroupModelContext, type GroupModelEvent } from '@/machines/group-battle/group-battle.model';
import { payloadOf } from '@/machines/testing/paths';
import { normaliseRoomCode, type QuickMessage } from '@/services/domain/rooms';
import type { GroupHarness } from '@/tests/paths/battle-harness';
import { ME, OTHERS, rightKey, wrongKey } from '@/tests/paths/battle-room-server';

/**
 * Runs a group-battle model path against the real machine (started by the harness), optionally
 * through the real views (the player's events are then clicks and typing on the screen).
 */

export type GroupPath = ReturnType<typeof groupBattleModelPaths>[number];
type ModelSnapshot = GroupPath['state'];

export interface GroupPlayer {
  create(): void;
  join(): void;
  back(): void;
  /** False when the screen offers no count to choose (a friend room). */
  questions(count: number): boolean | void;
  fee(fee: number): void;
  code(code: string): void;
  submit(): void;
  ready(): void;
  start(): void;
  delete(): void;
  leave(): void;
  answer(key: string): void;
  continue(): void;
  playAgain(): void;
  message(key: QuickMessage): void;
}

export interface GroupViewChecks {
  check(expected: ModelSnapshot, h: GroupHarness): void;
}

export interface GroupRunOptions {
  readonly player?: GroupPlayer;
  readonly view?: GroupViewChecks;
  readonly wrap?: (step: () => Promise<void> | void) => Promise<void>;
  /** Wraps the player's steps (default `wrap`); screen events wrap themselves in `act`, one by one. */
  readonly wrapPlayer?: (step: () => Promise<void> | void) => Promise<void>;
}

export function machineGroupPlayer(h: GroupHarness): GroupPlayer {
  const send = h.actor.send.bind(h.actor);
  return {
    create: () => send({ type: 'user.create' }),
    join: () => send({ type: 'user.join' }),
    back: () => send({ type: 'user.back' }),
    questions: (count) => send({ type: 'user.questions', count }),
    fee: (fee) => send({ type: 'user.fee', fee }),
    code: (code) => send({ type: 'user.code', code }),
    submit: () => send({ type: 'user.submit' }),
    ready: () => send({ type: 'user.ready' }),
    start: () => send({ type: 'user.start' }),
    delete: () => send({ type: 'user.delete' }),
    leave: () => send({ type: 'user.leave' }),
    answer: (key) => send({ type: 'user.answer', key }),
    continue: () => send({ type: 'user.continue' }),
    playAgain: () => send({ type: 'user.play_again' }),
    message: (key) => send({ type: 'user.message', key }),
  };
}

/** The outcome the room's settlement gives the player, in the room type's words. */
export function expectedOutcome(c: GroupModelContext): string {
  const group = c.roomType === 'group';
  const right = c.mine === 'right';
  if (c.forfeit || (right && !c.theirs)) return group ? 'victory' : 'win';
  if (!right && c.theirs) return group ? 'defeat' : 'lose';
  return group ? 'tie' : 'draw';
}

/** The first form values of the machine (its input defaults). */
export const DEFAULT_FORM = { questions: 10, fee: 5 };

export function checkGroup(h: GroupHarness, expected: ModelSnapshot): void {
  const m = expected.context;
  expect(h.value()).toEqual(expected.value);
  const c = h.context();
  expect(c.error).toEqual(m.error);

  const calls: Record<string, number> = {};
  if (expected.matches('creating')) calls.createRoom = 1;
  if (expected.matches('joining')) calls.joinRoom = 1;
  if (expected.matches({ room: { lobby: 'settingReady' } })) calls.setReady = 1;
  if (expected.matches({ room: { lobby: 'starting' } })) calls.startRoom = 1;
  if (expected.matches({ room: 'deleting' })) calls.deleteRoom = 1;
  if (expected.matches({ room: 'leaving' })) calls.leaveRoom = 1;
  if (expected.matches({ room: { playing: { round: 'submitting' } } })) calls.submitAnswer = 1;
  expect(h.server.pending()).toEqual(calls);

  const inRoom = expected.matches('room');
  expect(h.server.feeds().map((f) => f.roomId)).toEqual(inRoom ? [c.roomId] : []);
  if (!inRoom || !c.doc) return;
  const doc = c.doc;
  expect(doc.type).toBe(m.roomType);
  if (expected.matches({ room: 'lobby' })) {
    expect(doc.players).toHaveLength(m.others + 1);
    expect(doc.created_by === ME.user_id).toBe(m.creator);
    const me = doc.players.find((p) => p.user_id === ME.user_id)!;
    expect(me.ready).toBe(m.creator || m.ready);
    if (m.others > 0) expect(doc.players.filter((p) => p.user_id !== ME.user_id).every((p) => p.ready)).toBe(m.othersReady);
  }
  if (expected.matches({ room: 'result' })) expect(resultOf(doc, ME.user_id)?.outcome).toBe(expectedOutcome(m));
}

export async function runGroupPath(path: GroupPath, h: GroupHarness, options: GroupRunOptions = {}): Promise<void> {
  const player = options.player ?? machineGroupPlayer(h);
  const run = options.wrap ?? (async (step) => void (await step()));
  const act = options.wrapPlayer ?? run;
  const payload = payloadOf<GroupModelEvent>();
  const { server } = h;
  const { ops, answer } = server;
  let before: ModelSnapshot = path.steps[0]!.state;
  const roomType: GroupModelConfig = before.context.roomType;
  const form = { ...DEFAULT_FORM };
  let typed = '';
  const question = () => ops.room().questions[ops.room().questions.length - 1]!;
  const othersInGame = () => ops.room().players.filter((p) => p.user_id !== ME.user_id && !p.left);

  await testPath(path, {
    events: {
      'user.create': () => act(() => player.create()),
      'user.join': () => act(() => player.join()),
      'user.back': () => act(() => player.back()),
      'user.questions': async (step) => {
        // A friend room's form has no count to choose: the screen has nothing to change then.
        const on: { applied: boolean | void } = { applied: true };
        await act(() => {
          on.applied = player.questions(payload(step).count);
        });
        if (on.applied !== false) form.questions = payload(step).count;
      },
      'user.fee': async (step) => {
        form.fee = payload(step).fee;
        await act(() => player.fee(form.fee));
      },
      'user.code': async (step) => {
        typed = payload(step).code;
        await act(() => player.code(typed));
      },
      'user.submit': async (step) => {
        await act(() => player.submit());
        if (step.state.matches('creating')) {
          expect(server.calls.createRoom.last().input).toEqual({ room_type: roomType, category: null, no_of_que: form.questions, entry_fee: form.fee });
        }
        if (step.state.matches('joining')) expect(server.calls.joinRoom.last().input).toEqual({ room_code: normaliseRoomCode(typed) });
      },
      'api.created': () =>
        run(async () => {
          ops.openRoom({ type: roomType, noOfQue: 1, maxPlayers: roomType === 'group' ? 3 : 2, entryFee: form.fee, firstPauseMs: 0 }, ME);
          await answer.ok('createRoom');
        }),
      'api.no_coins': async () => {
        if (before.matches('creating')) return run(() => answer.refuse('createRoom', 'not_enough_coins'));
        // A member spent their coins meanwhile: the server takes them out of the room and refuses.
        await run(async () => {
          ops.leave(othersInGame().at(-1)!.user_id);
          await answer.refuse('startRoom', 'not_enough_coins');
        });
      },
      'api.failed': async () => {
        if (before.matches('creating')) return run(() => answer.fail('createRoom'));
        if (before.matches('joining')) return run(() => answer.refuse('joinRoom', null));
        if (before.matches({ room: { lobby: 'settingReady' } })) return run(() => answer.fail('setReady'));
        if (before.matches({ room: 'deleting' })) return run(() => answer.refuse('deleteRoom', null));
        const heard = h.notices.length;
        await run(() => answer.fail('leaveRoom'));
        expect(h.notices.slice(heard)).toEqual([{ kind: 'leave_failed', code: null }]);
      },
      'api.joined': () =>
        run(async () => {
          ops.openRoom({ type: roomType, noOfQue: 1, maxPlayers: roomType === 'group' ? 3 : 2, firstPauseMs: 0 }, OTHERS[0]!);
          ops.join(ME, { publish: false });
          await answer.ok('joinRoom');
        }),
      'api.join_refused': (step) => run(() => answer.refuse('joinRoom', payload(step).code)),
      'feed.player_joined': () => run(() => void ops.join(OTHERS[before.context.others]!)),
      'feed.players_ready': () =>
        run(() => {
          for (const p of othersInGame()) if (!p.ready) ops.setReady(p.user_id, true);
        }),
      'feed.player_left': () => run(() => void ops.leave(othersInGame().at(-1)!.user_id)),
      'user.ready': async (step) => {
        await act(() => player.ready());
        if (step.state.matches({ room: { lobby: 'settingReady' } })) expect(server.calls.setReady.last().input).toEqual({ room_id: ops.room().id, ready: before.context.ready ? 0 : 1 });
      },
      'api.ready_set': () =>
        run(async () => {
          ops.setReady(ME.user_id, !before.context.ready);
          await answer.ok('setReady');
        }),
      'user.start': async (step) => {
        const asked = server.calls.startRoom.calls.length;
        await act(() => player.start());
        expect(server.calls.startRoom.calls.length).toBe(asked + (step.state.matches({ room: { lobby: 'starting' } }) ? 1 : 0));
      },
      'api.started': () =>
        run(async () => {
          ops.start();
          await answer.ok('startRoom');
        }),
      'feed.started': () => run(() => void ops.start()),
      'user.delete': () => act(() => player.delete()),
      'api.deleted': async () => {
        expect(server.calls.deleteRoom.last().input).toEqual({ room_id: ops.room().id });
        await run(async () => {
          ops.remove();
          await answer.ok('deleteRoom');
        });
      },
      'feed.deleted': () => run(() => void ops.remove()),
      'user.answer': (step) => act(() => player.answer(payload(step).pick === 'right' ? rightKey(question().index) : wrongKey(question().index))),
      'api.answer_accepted': () =>
        run(async () => {
          ops.answer(ME.user_id, server.calls.submitAnswer.last().input.answer);
          await answer.ok('submitAnswer');
        }),
      'timer.expired': () => run(() => h.advanceTo(Date.parse(question().deadline_at))),
      'feed.others_answered': () =>
        run(() => {
          if (before.context.theirs) return;
          for (const p of othersInGame()) ops.answer(p.user_id, rightKey(question().index));
        }),
      'feed.question_closed': async () => {
        await run(() => h.advanceTo(Date.parse(question().deadline_at)));
        await run(() => void ops.close());
      },
      'feed.opponent_left': () =>
        run(() => {
          if (before.context.others === 1) ops.leave(othersInGame()[0]!.user_id);
        }),
      'user.continue': () => act(() => player.continue()),
      'feed.lost': () => run(() => ops.dropConnection()),
      'feed.gap': async () => {
        const asked = server.resyncs();
        await run(() => ops.missVersion());
        // The delta did not follow what the machine held: it asked for the whole document, and holds the room's current version.
        expect(server.resyncs()).toBe(asked + 1);
        expect(h.context().doc?.version).toBe(ops.room().version);
      },
      'feed.resumed': () => run(() => ops.connect()),
      'feed.gone': () => run(() => ops.refuseStream()),
      'user.leave': () => act(() => player.leave()),
      'api.left': async () => {
        expect(server.calls.leaveRoom.last().input).toEqual({ room_id: ops.room().id });
        await run(async () => {
          ops.leave(ME.user_id);
          await answer.ok('leaveRoom');
        });
      },
      'user.message': async (step) => {
        const heard = h.notices.length;
        await act(() => player.message('hello'));
        expect(server.calls.sendMessage.last().input).toEqual({ room_id: ops.room().id, message: 'hello' });
        if (payload(step).outcome === 'sent') {
          await run(async () => {
            ops.message(ME.user_id, 'hello');
            await answer.ok('sendMessage');
          });
        } else {
          await run(() => answer.refuse('sendMessage', 'rate_limited'));
          expect(h.notices.slice(heard)).toEqual([{ kind: 'message_refused', code: 'rate_limited' }]);
        }
      },
      'user.play_again': () => act(() => player.playAgain()),
    },
    states: {
      '*': (expected) => {
        checkGroup(h, expected);
        options.view?.check(expected, h);
        before = expected;
      },
    },
  });
}

/** The paths played through the views: the shortest to each state, to each event and to each refusal shown. */
export function groupViewPaths(config: GroupModelConfig): GroupPath[] {
  const paths = [...groupBattleModelPaths(config)].sort((a, b) => a.steps.length - b.steps.length);
  // The creator's lobby offers "Delete room" (the server deletes the room when its owner leaves
  // it anyway), not "Leave": no player can leave it there on the screen.
  const onScreen = (p: GroupPath) => !p.steps.some((s, i) => s.event.type === 'user.leave' && i > 0 && p.steps[i - 1]!.state.context.creator && p.steps[i - 1]!.state.matches({ room: 'lobby' }));
  const chosen = new Set<GroupPath>();
  const pick = (has: (p: GroupPath) => boolean) => {
    const path = paths.find(has);
    if (path) chosen.add(path);
  };
  const seen = (key: (s: GroupPath['steps'][number]) => string) => new Set(paths.flatMap((p) => p.steps.map(key)));
  const value = (s: GroupPath['steps'][number]) => JSON.stringify(s.state.value);
  const event = (s: GroupPath['steps'][number]) => JSON.stringify(s.event);
  const refusal = (s: GroupPath['steps'][number]) => JSON.stringify([s.state.value, s.state.context.error]);
  for (const key of [value, event, refusal]) for (const k of seen(key)) pick((p) => onScreen(p) && p.steps.some((s) => key(s) === k));
  return [...chosen];
}
