import { assign, emit, fromCallback, fromPromise, sendParent, sendTo, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { countdownMachine } from '@/machines/countdown/countdown.machine';
import {
  commandTime,
  msUntil,
  playStep,
  replaces,
  timeOf,
  type PlayStep,
  type RoomCall,
  type RoomData,
  type RoomFeedEvent,
  type RoomFeedInput,
  type RoomFeedSubscription,
  type RoomIdPayload,
  type SendRoomMessagePayload,
  type SubmitRoomAnswerPayload,
} from '@/machines/battle-play/battle-room';
import { currentQuestion, type RoomDocument } from '@/services/domain/rooms';
import { notProvided } from '@/machines/not-provided';

/**
 * The questions of a started battle room, shared by random-battle and group-battle (both invoke
 * it as their `play` child while the room is being played): question → submitting → answered
 * (waiting for the others) → reveal (right answer and everyone's picks) → next question, or
 * time's up when the clock ran out. The room decides everything (docs/rooms.md): this machine
 * sends the member's answer and follows the documents its parent forwards.
 *
 * Actors (provided by the parent's page through `.provide()`):
 * - `submitAnswer` — input `SubmitRoomAnswerPayload` (`submit_room_answer`), output `RoomCall`.
 *   Refusals: `answer_too_late` and `question_not_open` show "time's up"; `already_answered`
 *   counts as answered; anything else lets the member try again while the clock runs.
 * - `countdown` — the question clock (machines/countdown), on the actor clock.
 *
 * Events from the parent: `room.updated` (every newer document, with the server's time) and
 * `user.answer`. To the parent: `notifyDoc` (a document a call returned, or the time a timer
 * reached), which the parents provide as `sendParent`; by default it is emitted. So a parent that
 * starts the child again (after a dropped connection) starts it with the latest time.
 */

export interface BattlePlayInput {
  readonly doc: RoomDocument;
  /** The server's time (epoch ms) when `doc` was current. */
  readonly now: number;
  readonly userId: number;
}

export interface BattlePlayContext {
  readonly doc: RoomDocument;
  /** The server's time as last learnt (see battle-room.ts, Time). */
  readonly now: number;
  readonly userId: number;
  /** The letter locked for question `answerIndex` (sent, or being sent). */
  readonly answer: string | null;
  readonly answerIndex: number | null;
  /** The question whose answer the server took (or already had). */
  readonly acceptedIndex: number | null;
  /** The question whose answer the server refused as too late. */
  readonly lateIndex: number | null;
  /** Why the last answer could not be sent (code null: no answer from the server). */
  readonly submitError: { readonly code: string | null } | null;
}

export type BattlePlayEvent =
  | { type: 'room.updated'; doc: RoomDocument; serverNow: number }
  | { type: 'user.answer'; key: string }
  | { type: 'timer.expired' };

/** What the child learnt, for the parent to keep: the newest document and the server's time. */
export interface PlayDocNotice {
  readonly doc: RoomDocument;
  readonly now: number;
}
export type BattlePlayEmitted = { type: 'play.doc' } & PlayDocNotice;

/** The countdown as a child of a battle machine: its end is the parent's `timer.expired`. */
export const battleCountdown = countdownMachine.provide({ actions: { notifyExpired: sendParent({ type: 'timer.expired' }) } });

const dataOf = (outcome: RoomCall): RoomData | null => (outcome.ok ? outcome.data : null);
const codeOf = (outcome: RoomCall): string | null => (outcome.ok ? null : outcome.code);
const openQuestion = (context: BattlePlayContext) => currentQuestion(context.doc);
const stepIs = (step: PlayStep) => ({ context }: { context: BattlePlayContext }) => playStep(context) === step;
/** Tells the parent what the child holds now (see `notifyDoc`). */
const report = { type: 'notifyDoc', params: ({ context }: { context: BattlePlayContext }) => ({ doc: context.doc, now: context.now }) } as const;
const stepIsNot = (step: PlayStep) => ({ context }: { context: BattlePlayContext }) => playStep(context) !== step;

export const battlePlayMachine = setup({
  types: {
    context: {} as BattlePlayContext,
    events: {} as BattlePlayEvent,
    input: {} as BattlePlayInput,
    emitted: {} as BattlePlayEmitted,
    children: {} as { countdown: 'countdown' },
  },
  actors: {
    submitAnswer: fromPromise<RoomCall, SubmitRoomAnswerPayload>(notProvided('submitAnswer')),
    countdown: battleCountdown,
  },
  delays: {
    /** Until the question on the document opens (after the reveal pause). */
    untilOpen: ({ context }) => {
      const question = openQuestion(context);
      return question ? msUntil(question.opens_at, context.now) : 0;
    },
  },
  guards: {
    isNewer: ({ context, event }) => event.type === 'room.updated' && replaces(context.doc, event.doc),
    nextWaitsToOpen: ({ context }) => {
      const question = openQuestion(context);
      return !!question && !question.closed;
    },
    validAnswer: ({ context, event }) =>
      event.type === 'user.answer' && playStep(context) === 'question' && !!openQuestion(context)?.options.some((o) => o.key === event.key),
    accepted: ({ event }) => 'output' in event && (event.output as RoomCall).ok,
    tooLate: ({ event }) => {
      const code = 'output' in event ? codeOf(event.output as RoomCall) : null;
      return code === 'answer_too_late' || code === 'question_not_open';
    },
    alreadyAnswered: ({ event }) => 'output' in event && codeOf(event.output as RoomCall) === 'already_answered',
  },
  actions: {
    /** A document from the feed: kept when newer; its time is learnt either way. */
    keepFeedDoc: assign(({ context, event }) => {
      if (event.type !== 'room.updated') return {};
      return { doc: replaces(context.doc, event.doc) ? event.doc : context.doc, now: Math.max(context.now, event.serverNow) };
    }),
    keepCallDoc: assign(({ context }, data: RoomData | null) => {
      if (!data || !replaces(context.doc, data.room)) return {};
      return { doc: data.room, now: Math.max(context.now, commandTime(data.room)) };
    }),
    /** Tells the parent what the child learnt; parents provide `sendParent`. */
    notifyDoc: emit((_, notice: PlayDocNotice) => ({ type: 'play.doc' as const, ...notice })),
    /** The open question's clock follows each newer document (a throttled tab catches up). */
    syncCountdown: sendTo('countdown', ({ context }) => {
      const question = openQuestion(context);
      return { type: 'timer.reset' as const, ms: question ? msUntil(question.deadline_at, context.now) : 0 };
    }),
    /** The question's time is over, by the actor clock: the server's time is its deadline. */
    reachDeadline: assign(({ context }) => {
      const question = openQuestion(context);
      return question ? { now: Math.max(context.now, timeOf(question.deadline_at)) } : {};
    }),
    /** The reveal pause is over: the server's time is the next question's opening. */
    reachOpening: assign(({ context }) => {
      const question = openQuestion(context);
      return question ? { now: Math.max(context.now, timeOf(question.opens_at)) } : {};
    }),
    lockAnswer: assign(({ context, event }) => (event.type === 'user.answer' ? { answer: event.key, answerIndex: openQuestion(context)?.index ?? null } : {})),
    accept: assign(({ context }) => ({ acceptedIndex: context.answerIndex })),
    markLate: assign(({ context }) => ({ lateIndex: context.answerIndex })),
    rememberSubmitError: assign((_, params: { code: string | null }) => ({ submitError: { code: params.code } })),
    clearSubmitError: assign({ submitError: null }),
  },
}).createMachine({
  id: 'battlePlay',
  context: ({ input }) => ({
    doc: input.doc,
    now: input.now,
    userId: input.userId,
    answer: null,
    answerIndex: null,
    acceptedIndex: null,
    lateIndex: null,
    submitError: null,
  }),
  initial: 'route',
  states: {
    /** Goes where the held document says, at the held time. */
    route: {
      always: [
        { guard: stepIs('reveal'), target: 'reveal' },
        { guard: stepIs('answered'), target: 'round.answered' },
        { guard: stepIs('timeUp'), target: 'timeUp' },
        { target: 'round' },
      ],
    },
    reveal: {
      after: { untilOpen: { guard: 'nextWaitsToOpen', target: 'route', actions: ['reachOpening', report] } },
      on: { 'room.updated': [{ guard: 'isNewer', target: 'route', actions: 'keepFeedDoc' }, { actions: 'keepFeedDoc' }] },
    },
    /** A question is open; its clock runs until the deadline whatever the member does. */
    round: {
      invoke: {
        id: 'countdown',
        src: 'countdown',
        input: ({ context }) => {
          const question = openQuestion(context);
          return { durationMs: question ? msUntil(question.deadline_at, context.now) : 0 };
        },
      },
      on: {
        'room.updated': [{ guard: 'isNewer', actions: ['keepFeedDoc', 'syncCountdown'] }, { actions: 'keepFeedDoc' }],
        'timer.expired': { actions: ['reachDeadline', report] },
      },
      initial: 'question',
      states: {
        question: {
          // Why the last answer could not be sent shows while the question is open.
          exit: 'clearSubmitError',
          always: { guard: stepIsNot('question'), target: '#battlePlay.route' },
          on: { 'user.answer': { guard: 'validAnswer', target: 'submitting', actions: 'lockAnswer' } },
        },
        submitting: {
          // Documents are kept meanwhile; where to go is decided when the server answered.
          invoke: {
            src: 'submitAnswer',
            input: ({ context }) => ({ room_id: context.doc.id, question_index: context.answerIndex ?? 0, answer: context.answer ?? '' }),
            onDone: [
              {
                guard: 'accepted',
                target: 'answered',
                actions: [
                  { type: 'keepCallDoc', params: ({ event }) => dataOf(event.output) },
                  'accept',
                  report,
                ],
              },
              { guard: 'tooLate', target: '#battlePlay.timeUp', actions: 'markLate' },
              { guard: 'alreadyAnswered', target: 'answered', actions: 'accept' },
              // The network or an unexpected refusal: the member may answer again while time is left.
              { target: 'question', actions: { type: 'rememberSubmitError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
            ],
            onError: { target: 'question', actions: { type: 'rememberSubmitError', params: { code: null } } },
          },
        },
        answered: {
          always: { guard: stepIsNot('answered'), target: '#battlePlay.route' },
        },
      },
    },
    timeUp: {
      always: { guard: stepIsNot('timeUp'), target: 'route' },
      on: { 'room.updated': { actions: 'keepFeedDoc' } },
    },
  },
});

export type BattlePlayMachine = typeof battlePlayMachine;
export type BattlePlayActorRef = ActorRefFrom<BattlePlayMachine>;
export type BattlePlaySnapshot = SnapshotFrom<BattlePlayMachine>;

/** The play child as a battle machine runs it: documents its calls returned go to the parent. */
export const battlePlayChild = battlePlayMachine.provide({
  actions: { notifyDoc: sendParent((_, notice: PlayDocNotice) => ({ type: 'play.doc' as const, ...notice })) },
});

/** The effects both battle machines share: leave, quick messages, the room feed and answers. */
export interface SharedRoomServices {
  leaveRoom(payload: RoomIdPayload): Promise<RoomCall>;
  sendMessage(payload: SendRoomMessagePayload): Promise<RoomCall>;
  submitAnswer(payload: SubmitRoomAnswerPayload): Promise<RoomCall>;
  roomFeed(input: RoomFeedInput, send: (event: RoomFeedEvent) => void): RoomFeedSubscription;
}

/** The actors of the shared effects, as both battle machines are provided with them. */
export function sharedRoomActors(services: SharedRoomServices) {
  return {
    leaveRoom: fromPromise(({ input }: { input: RoomIdPayload }) => services.leaveRoom(input)),
    sendMessage: fromPromise(({ input }: { input: SendRoomMessagePayload }) => services.sendMessage(input)),
    roomFeed: fromCallback<EventObject, RoomFeedInput>(({ input, sendBack, receive }) => {
      const subscription = services.roomFeed(input, sendBack);
      receive((event) => {
        if (event.type === 'feed.resync') subscription.resync?.();
      });
      return () => subscription();
    }),
    play: battlePlayChild.provide({ actors: { submitAnswer: fromPromise(({ input }: { input: SubmitRoomAnswerPayload }) => services.submitAnswer(input)) } }),
  };
}
