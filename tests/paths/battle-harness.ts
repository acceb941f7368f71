import { createActor, SimulatedClock } from 'xstate';
import type { BattleNotice } from '@/machines/battle-play/battle-room';
import type { BattlePlaySnapshot } from '@/machines/battle-play/battle-play.machine';
import { createGroupBattleMachine, type GroupBattleInput } from '@/machines/group-battle/group-battle.machine';
import { createRandomBattleMachine, type RandomBattleInput } from '@/machines/random-battle/random-battle.machine';
import { fakeRoomServer, ME } from '@/tests/paths/battle-room-server';

/**
 * The real battle machines on a simulated clock, provided with the fake room server's calls and
 * feed: what the machine tests, the model paths and the view tests start.
 */

type AnySnapshot = { value: unknown; children: Record<string, { getSnapshot(): unknown } | undefined> };

/**
 * The machine's state with its play child's state inside it: `{ room: { playing: { round:
 * 'question' } } }`, the shape of the models' states.
 */
export function combinedValue(snapshot: AnySnapshot): unknown {
  const play = snapshot.children.play?.getSnapshot() as BattlePlaySnapshot | undefined;
  const value = snapshot.value as Record<string, unknown> | string;
  if (!play || typeof value === 'string' || (value as { room?: unknown }).room !== 'playing') return value;
  return { ...value, room: { playing: play.value } };
}

/** Dotted names of the atomic states of a value (`room.playing.round.question`). */
export function dottedValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0]!;
  return `${key}.${dottedValue(child)}`;
}

function harness<TActor extends { getSnapshot(): unknown }>(actor: TActor, clock: SimulatedClock, server: ReturnType<typeof fakeRoomServer>, notices: BattleNotice[]) {
  const snapshot = () => actor.getSnapshot() as ReturnType<TActor['getSnapshot']>;
  const play = () => (snapshot() as unknown as AnySnapshot).children.play?.getSnapshot() as BattlePlaySnapshot | undefined;
  const countdown = () => {
    const own = (snapshot() as unknown as AnySnapshot).children.countdown?.getSnapshot() as { context: { remainingMs: number }; value: string } | undefined;
    const child = play()?.children.countdown?.getSnapshot();
    return own ?? child;
  };
  return {
    clock,
    server,
    notices,
    snapshot,
    play,
    countdown,
    value: () => combinedValue(snapshot() as unknown as AnySnapshot),
    /** Moves the simulated clock to a server time (never back). */
    advanceTo: (serverTime: number) => clock.increment(Math.max(0, serverTime - server.now())),
  };
}

/** The server (and its clock) of an earlier actor: a page reloaded against the same rooms. */
export interface SameServer {
  readonly server: ReturnType<typeof fakeRoomServer>;
  readonly clock: SimulatedClock;
}

export interface RandomStart extends Partial<RandomBattleInput> {
  readonly onNotice?: (notice: BattleNotice) => void;
  readonly reuse?: SameServer;
}

export function startRandomBattle(options: RandomStart = {}) {
  const { onNotice, reuse, ...input } = options;
  const clock = reuse?.clock ?? new SimulatedClock();
  const server = reuse?.server ?? fakeRoomServer(clock);
  const notices: BattleNotice[] = [];
  const machine = createRandomBattleMachine({
    findMatch: server.calls.findMatch.fn,
    playWithBot: server.calls.playWithBot.fn,
    leaveRoom: server.calls.leaveRoom.fn,
    sendMessage: server.calls.sendMessage.fn,
    submitAnswer: server.calls.submitAnswer.fn,
    roomFeed: server.roomFeed,
  }).provide({
    actions: {
      announce: (_, notice: BattleNotice) => {
        notices.push(notice);
        onNotice?.(notice);
      },
    },
  });
  const actor = createActor(machine, { clock, input: { userId: ME.user_id, winStreak: 2, ...input } });
  actor.start();
  return { actor, ...harness(actor, clock, server, notices), context: () => actor.getSnapshot().context };
}
export type RandomHarness = ReturnType<typeof startRandomBattle>;

export interface GroupStart extends Partial<GroupBattleInput> {
  readonly onNotice?: (notice: BattleNotice) => void;
  readonly reuse?: SameServer;
}

export function startGroupBattle(options: GroupStart = {}) {
  const { onNotice, reuse, ...input } = options;
  const clock = reuse?.clock ?? new SimulatedClock();
  const server = reuse?.server ?? fakeRoomServer(clock);
  const notices: BattleNotice[] = [];
  const machine = createGroupBattleMachine({
    createRoom: server.calls.createRoom.fn,
    joinRoom: server.calls.joinRoom.fn,
    setReady: server.calls.setReady.fn,
    startRoom: server.calls.startRoom.fn,
    deleteRoom: server.calls.deleteRoom.fn,
    leaveRoom: server.calls.leaveRoom.fn,
    sendMessage: server.calls.sendMessage.fn,
    submitAnswer: server.calls.submitAnswer.fn,
    roomFeed: server.roomFeed,
  }).provide({
    actions: {
      announce: (_, notice: BattleNotice) => {
        notices.push(notice);
        onNotice?.(notice);
      },
    },
  });
  const actor = createActor(machine, { clock, input: { userId: ME.user_id, roomType: 'group', ...input } });
  actor.start();
  return { actor, ...harness(actor, clock, server, notices), context: () => actor.getSnapshot().context };
}
export type GroupHarness = ReturnType<typeof startGroupBattle>;
