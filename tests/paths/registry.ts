import type { AnyStateMachine, EventObject } from 'xstate';
import { assignmentMachine } from '@/machines/assignment/assignment.machine';
import { assignmentModelPaths } from '@/machines/assignment/assignment.model';
import { battlePlayMachine } from '@/machines/battle-play/battle-play.machine';
import { contestMachine } from '@/machines/contest/contest.machine';
import { contestModelPaths } from '@/machines/contest/contest.model';
import { countdownMachine } from '@/machines/countdown/countdown.machine';
import { countdownModelPaths } from '@/machines/countdown/countdown.model';
import { examMachine } from '@/machines/exam/exam.machine';
import { EXAM_MODEL_CONFIGS, examModelPaths, type ExamModelConfigName } from '@/machines/exam/exam.model';
import { violationWatcherMachine } from '@/machines/exam/violation-watcher.machine';
import { VIOLATION_WATCHER_MODEL_CONFIGS, violationWatcherModelPaths } from '@/machines/exam/violation-watcher.model';
import { groupBattleMachine } from '@/machines/group-battle/group-battle.machine';
import { groupBattleModelPaths } from '@/machines/group-battle/group-battle.model';
import { lifelinesMachine } from '@/machines/lifelines/lifelines.machine';
import { liveHostMachine } from '@/machines/live-host/live-host.machine';
import { liveHostModelPaths } from '@/machines/live-host/live-host.model';
import { livePlayerMachine } from '@/machines/live-player/live-player.machine';
import { livePlayerModelPaths } from '@/machines/live-player/live-player.model';
import { lifelinesModelPaths } from '@/machines/lifelines/lifelines.model';
import { quizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import { MODEL_CONFIGS, quizPlayModelPaths, type ModelConfigName } from '@/machines/quiz-play/quiz-play.model';
import { randomBattleMachine } from '@/machines/random-battle/random-battle.machine';
import { randomBattleModelPaths } from '@/machines/random-battle/random-battle.model';
import { sequenceOrderMachine } from '@/machines/sequence-order/sequence-order.machine';
import { sequenceOrderModelPaths } from '@/machines/sequence-order/sequence-order.model';
import { wordEntryMachine } from '@/machines/word-entry/word-entry.machine';
import { wordEntryModelPaths } from '@/machines/word-entry/word-entry.model';

/**
 * Every game machine, its model's configurations and the suites that run their paths: what
 * `npm run paths` lists, `npm run test:paths` runs and the report describes. A new model or
 * configuration is added here (docs/testing.md, "Adding a model configuration").
 */

/** Where a suite runs the paths: the machine alone (fake calls, simulated clock), the machine under its real views, or against the real server. */
export type Depth = 'machine' | 'view' | 'server';

export interface PathLike {
  readonly steps: readonly { readonly event: EventObject; readonly state: { readonly value: unknown; readonly context?: unknown } }[];
}

export interface Suite {
  readonly file: string;
  readonly depth: Depth;
}

export interface Unreached {
  readonly why: string;
  readonly reachable: boolean;
}

export interface GameMachine {
  /** The name in commands and path ids (`quiz-play`). */
  readonly name: string;
  readonly title: string;
  /** The real machine: its definition is what coverage counts and diagrams draw. */
  readonly machine: AnyStateMachine;
  /** The model's paths per configuration (empty when the machine is tested through another's paths). */
  readonly configs: Readonly<Record<string, () => readonly PathLike[]>>;
  readonly suites: readonly Suite[];
  /** Configurations whose every path also runs in the machine's server suites (not only planned scenarios there). */
  readonly serverPaths?: readonly string[];
  /** Which machines' paths run this one as their child (it is counted there too). */
  readonly childOf?: readonly string[];
  /**
   * States and transitions no path reaches, and why: keys `state <id>`, `transition <source id> × <event>`
   * or `branch <source id> × <event> #<n>`. With `reachable: false` (guarded out for good, a
   * configuration that excludes it) they leave the "reachable" share; with `reachable: true` the
   * reason says which unit test has them, and they stay gaps in the share.
   */
  readonly unreached?: Readonly<Record<string, Unreached>>;
}

const THROWN =
  "A call that throws instead of answering (the app's calls answer a network failure as a refusal without a code, so only a bug throws): unit-tested per call; the model's failures are the server's refusals, which end in the same state.";
const LATE_LIFELINE = "A lifeline's answer that comes after its question closed: the model leaves such a request unanswered for good (`stalled`); the unit test 'apply a lifeline answer that comes after the question closed' has it.";
const PAGE_LEFT = "The page going away (pagehide): the report goes out with keepalive as the page ends; the unit tests of the exam and of the watcher have it.";
const CHAT_THROWN = 'A quick message whose call throws instead of answering (see the calls above): the battle models send messages that go through or are refused; the unit tests have the rest.';
const CATEGORY = "The setup form's category: the models play one category (the choice only goes into the search's input); the unit tests check each choice.";

const configsOf = <C extends string>(names: readonly C[], paths: (config: C) => readonly PathLike[]) =>
  Object.fromEntries(names.map((name) => [name, () => paths(name)])) as Record<C, () => readonly PathLike[]>;

export const GAME_MACHINES: readonly GameMachine[] = [
  {
    name: 'quiz-play',
    title: 'Solo play (quiz zone, daily quiz, self challenge, guess the word, audio and the other solo modes)',
    machine: quizPlayMachine,
    configs: configsOf(Object.keys(MODEL_CONFIGS) as ModelConfigName[], quizPlayModelPaths),
    suites: [
      { file: 'machines/quiz-play/quiz-play.test.ts', depth: 'machine' },
      { file: 'tests/paths/quiz-play-views.test.tsx', depth: 'view' },
      { file: 'tests/paths/question-kinds-server-paths.test.ts', depth: 'server' },
      { file: 'tests/paths/quiz-play-server-paths.test.ts', depth: 'server' },
    ],
    unreached: {
    'transition quizPlay.loading × error: loadSession': { reachable: true, why: THROWN },
    'transition quizPlay.playing.question.startingClock × error: startQuestionClock': { reachable: true, why: THROWN },
    'transition quizPlay.playing.question.hinting × error: useHint': { reachable: true, why: THROWN },
    'transition quizPlay.playing.question.submitting × error: submitAnswer': { reachable: true, why: THROWN },
    'transition quizPlay.finishing × error: finishPlay': { reachable: true, why: THROWN },
    'transition quizPlay.reviewing × error: loadReview': { reachable: true, why: THROWN },
    'transition quizPlay.playing × lifeline.granted': { reachable: true, why: LATE_LIFELINE },
    'transition quizPlay.playing × lifeline.refused': { reachable: true, why: LATE_LIFELINE },
    },
  },
  {
    name: 'lifelines',
    title: 'Lifelines of a solo play (50/50, audience poll, reset timer, skip)',
    machine: lifelinesMachine,
    configs: { default: lifelinesModelPaths },
    suites: [{ file: 'machines/lifelines/lifelines.test.ts', depth: 'machine' }],
    childOf: ['quiz-play'],
  },
  {
    name: 'countdown',
    title: 'The question and session clock',
    machine: countdownMachine,
    configs: { default: countdownModelPaths },
    suites: [{ file: 'machines/countdown/countdown.test.ts', depth: 'machine' }],
    childOf: ['quiz-play', 'contest', 'exam', 'battle-play'],
  },
  {
    name: 'word-entry',
    title: "Guess the word's letter entry (tiles, keyboard, hints)",
    machine: wordEntryMachine,
    configs: { default: wordEntryModelPaths },
    serverPaths: ['default'],
    suites: [
      { file: 'machines/word-entry/word-entry.test.ts', depth: 'machine' },
      { file: 'tests/paths/entry-server-paths.test.ts', depth: 'server' },
    ],
  },
  {
    name: 'sequence-order',
    title: 'Putting a sequence in order (pointer, buttons, keyboard)',
    machine: sequenceOrderMachine,
    configs: { default: sequenceOrderModelPaths },
    serverPaths: ['default'],
    suites: [
      { file: 'machines/sequence-order/sequence-order.test.ts', depth: 'machine' },
      { file: 'tests/paths/entry-server-paths.test.ts', depth: 'server' },
    ],
  },
  {
    name: 'contest',
    title: 'A contest play',
    machine: contestMachine,
    configs: { default: contestModelPaths },
    suites: [
      { file: 'machines/contest/contest.test.ts', depth: 'machine' },
      { file: 'tests/paths/contest-server-paths.test.ts', depth: 'server' },
    ],
    unreached: {
    'transition contest.lists.loading × error: loadLists': { reachable: true, why: THROWN },
    'transition contest.board.loading × error: loadBoard': { reachable: true, why: THROWN },
    'transition contest.board.refreshing × error: loadBoard': { reachable: true, why: THROWN },
    },
  },
  {
    name: 'exam',
    title: 'A timed exam with violation detection',
    machine: examMachine,
    configs: configsOf(Object.keys(EXAM_MODEL_CONFIGS) as ExamModelConfigName[], examModelPaths),
    suites: [
      { file: 'machines/exam/exam.test.ts', depth: 'machine' },
      { file: 'tests/paths/exam-views.test.tsx', depth: 'view' },
      { file: 'tests/paths/exam-server-paths.test.ts', depth: 'server' },
    ],
    unreached: {
    'transition exam.list.loading × error: loadList': { reachable: true, why: THROWN },
    'transition exam.starting × error: openExam': { reachable: true, why: THROWN },
    'transition exam.inExam.work.saving × error: setAnswer': { reachable: true, why: THROWN },
    'transition exam.submitting × error: submitExam': { reachable: true, why: THROWN },
    'transition exam.loadingResult × error: loadResult': { reachable: true, why: THROWN },
    'transition exam.inExam × page.left': { reachable: true, why: PAGE_LEFT },
    'transition exam.inExam × watch.left': { reachable: true, why: PAGE_LEFT },
    },
  },
  {
    name: 'violation-watcher',
    title: "The exam's violation watcher (page events in, violations out)",
    machine: violationWatcherMachine,
    configs: configsOf(Object.keys(VIOLATION_WATCHER_MODEL_CONFIGS) as (keyof typeof VIOLATION_WATCHER_MODEL_CONFIGS)[], violationWatcherModelPaths),
    suites: [{ file: 'machines/exam/violation-watcher.test.ts', depth: 'machine' }],
    childOf: ['exam'],
  },
  {
    name: 'random-battle',
    title: 'Random 1v1 battle with the bot fallback',
    machine: randomBattleMachine,
    configs: configsOf(['fresh', 'reload'] as const, randomBattleModelPaths),
    suites: [
      { file: 'machines/random-battle/random-battle.test.ts', depth: 'machine' },
      { file: 'tests/paths/battle-views.test.tsx', depth: 'view' },
      { file: 'tests/paths/battle-server-paths.test.ts', depth: 'server' },
      { file: 'tests/paths/battle-rules-server-paths.test.ts', depth: 'server' },
    ],
    unreached: {
    'transition randomBattle.room.retrying × error: findMatch': { reachable: true, why: THROWN },
    'transition randomBattle.room.leaving × error: leaveRoom': { reachable: true, why: THROWN },
    'transition randomBattle × error: chat.*': { reachable: true, why: CHAT_THROWN },
    'transition randomBattle.idle × user.category': { reachable: true, why: CATEGORY },
    },
  },
  {
    name: 'group-battle',
    title: 'Play with a friend and group rooms of up to four',
    machine: groupBattleMachine,
    configs: configsOf(['group', 'friend'] as const, groupBattleModelPaths),
    suites: [
      { file: 'machines/group-battle/group-battle.test.ts', depth: 'machine' },
      { file: 'tests/paths/battle-views.test.tsx', depth: 'view' },
      { file: 'tests/paths/battle-server-paths.test.ts', depth: 'server' },
      { file: 'tests/paths/battle-rules-server-paths.test.ts', depth: 'server' },
    ],
    unreached: {
    'transition groupBattle.joining × error: joinRoom': { reachable: true, why: THROWN },
    'transition groupBattle.room.lobby.starting × error: startRoom': { reachable: true, why: THROWN },
    'transition groupBattle.room.deleting × error: deleteRoom': { reachable: true, why: THROWN },
    'transition groupBattle × error: chat.*': { reachable: true, why: CHAT_THROWN },
    'transition groupBattle.create × user.category': { reachable: true, why: CATEGORY },
    },
  },
  {
    name: 'battle-play',
    title: "A started battle room's questions (shared by random and group battles)",
    machine: battlePlayMachine,
    // No model of its own: its paths are the battle models' (docs/testing.md, "Battle play").
    configs: {},
    suites: [],
    childOf: ['random-battle', 'group-battle'],
  },
  {
    name: 'live-host',
    title: "The host's screen of a live game (setup, the game's frames, the controls)",
    machine: liveHostMachine,
    configs: configsOf(['new', 'resume'] as const, liveHostModelPaths),
    suites: [
      { file: 'machines/live-host/live-host.test.ts', depth: 'machine' },
      { file: 'tests/paths/live-server-paths.test.ts', depth: 'server' },
    ],
    unreached: {
      'transition liveHost.creating × error: create': { why: THROWN, reachable: true },
      'transition liveHost.loading × error: load': { why: THROWN, reachable: true },
      'transition liveHost.hosting.command.sending × error: command': { why: THROWN, reachable: true },
      'transition liveHost.hosting × live.players': { why: "Everyone in the game, sent when the host's stream connects: the model's players arrive one by one; the unit test 'answer a call that throws…' sends the whole list.", reachable: true },
      'transition liveHost.hosting × clock.tick': { why: "The page's clock: the model's questions close by frames, not by the host's clock; the same unit test ticks it.", reachable: true },
      'transition liveHost.hosting.command.idle × user.lock': { why: "Locking the game: the unit test 'players arrive and go…' locks it and checks the call.", reachable: true },
      'transition liveHost.hosting.command.idle × user.remove': { why: "Removing a player: the same unit test removes one and checks the call.", reachable: true },
    },
  },
  {
    name: 'live-player',
    title: "A player's phone in a live game (PIN, nickname, then the game's frames)",
    machine: livePlayerMachine,
    configs: configsOf(['guest', 'signed_in', 'rejoin'] as const, livePlayerModelPaths),
    suites: [
      { file: 'machines/live-player/live-player.test.ts', depth: 'machine' },
      { file: 'tests/paths/live-server-paths.test.ts', depth: 'server' },
    ],
    unreached: {
      'transition livePlayer.rejoining × error: rejoin': { why: THROWN, reachable: true },
      'transition livePlayer.joining × error: join': { why: THROWN, reachable: true },
      'transition livePlayer.joiningAsMe × error: join': { why: THROWN, reachable: true },
      'transition livePlayer.playing.sending × error: answer': { why: THROWN, reachable: true },
      'transition livePlayer.playing × live.over': { why: "The stream's last word after the podium or the end, which the game's frame already said: the unit test 'take the frames that come while an answer travels…' sends it.", reachable: true },
      'transition livePlayer.playing.sending × live.game': { why: "A game frame while the answer travels: the model's frames come after the answer's reply; the unit test 'take the frames that come while an answer travels…' has it.", reachable: true },
      'transition livePlayer.playing.sending × live.me': { why: "The player's own frame while the answer travels: the same unit test has it.", reachable: true },
    },
  },
  {
    name: 'assignment',
    title: "A pupil's screen in a self-paced assignment (PIN, nickname or resume code, then the server's view)",
    machine: assignmentMachine,
    configs: configsOf(['guest', 'signed_in', 'seat'] as const, assignmentModelPaths),
    suites: [
      { file: 'machines/assignment/assignment.test.ts', depth: 'machine' },
      { file: 'tests/paths/assignment-server-paths.test.ts', depth: 'server' },
    ],
    unreached: {
      'transition assignment.joining × error: join': { why: THROWN, reachable: true },
      'transition assignment.joiningAsMe × error: join': { why: THROWN, reachable: true },
      'transition assignment.resuming × error: resume': { why: THROWN, reachable: true },
      'transition assignment.seated.starting × error: begin': { why: THROWN, reachable: true },
    },
  },
];

export function gameMachine(name: string): GameMachine {
  const found = GAME_MACHINES.find((m) => m.name === name);
  if (!found) throw new Error(`No game machine "${name}". Known: ${GAME_MACHINES.map((m) => m.name).join(', ')}.`);
  return found;
}

/** The machine names whose id the real machine carries (`quizPlay` → `quiz-play`). */
export const MACHINE_NAME_BY_ID: Readonly<Record<string, string>> = Object.fromEntries(GAME_MACHINES.map((m) => [m.machine.id, m.name]));

/** Every suite file once, with the deepest use first listed. */
export function allSuites(machines: readonly GameMachine[] = GAME_MACHINES): Suite[] {
  const seen = new Map<string, Suite>();
  for (const m of machines) for (const s of m.suites) if (!seen.has(s.file)) seen.set(s.file, s);
  return [...seen.values()];
}
