import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { namedEvents, selfLoopsToo } from '@/machines/testing/paths';
import { LIFELINES, type Lifeline } from '@/services/domain/lifelines';
import type { QuestionType } from '@/services/domain/play-session';

/**
 * What a tester expects of a solo play, without invoke or after: the outcomes of calls and of
 * the clock are events (`api.loaded`, `api.answered`, `api.too_late`, `timer.expired`, …).
 * Its state values are the real machine's, so a path checks the real machine state by state.
 *
 * The model session has two questions: a multiple-choice one, then a true/false one (where 50/50
 * and audience poll are not allowed). Five configurations: quiz zone (lifelines, a clock per
 * question), daily quiz (no lifelines, a clock per question), self challenge (no lifelines,
 * one clock for the session), guess the word (two words, up to two hints each, asked while the
 * clock runs) and audio (two questions with audio: each question's clock waits for its audio,
 * then the server starts it).
 *
 * When the question's time runs out while a lifeline request is in flight, the model leaves
 * that request unanswered for good (`stalled`): later requests are then refused as busy.
 * Resuming a session whose every question was answered (the player left before asking for the
 * result) goes straight to finishing it: `api.loaded_answered`.
 * Left to the unit tests: a late answer to such a request, and resuming a half-played session.
 */

export const MODEL_QUESTION_TYPES: readonly QuestionType[] = ['multiple', 'boolean'];

export type ModelClock = 'question' | 'session';

export interface QuizPlayModelInput {
  readonly lifelines: boolean;
  readonly clock: ModelClock;
  /** Guess the word: hints allowed per question (0: none). */
  readonly hints: number;
  /** Every question has audio: its clock waits for it. */
  readonly audio: boolean;
}

export const MODEL_CONFIGS = {
  quiz_zone: { lifelines: true, clock: 'question', hints: 0, audio: false },
  daily_quiz: { lifelines: false, clock: 'question', hints: 0, audio: false },
  self_challenge: { lifelines: false, clock: 'session', hints: 0, audio: false },
  guess_the_word: { lifelines: false, clock: 'question', hints: 2, audio: false },
  audio: { lifelines: false, clock: 'question', hints: 0, audio: true },
} as const satisfies Record<string, QuizPlayModelInput>;
export type ModelConfigName = keyof typeof MODEL_CONFIGS;

export type ServerLifelineRefusal = 'not_enough_coins';
export type ServerHintRefusal = 'not_enough_coins';

export type QuizPlayModelEvent =
  | { type: 'api.loaded' }
  /** The server resumes a session whose every question was answered: the player left before the result. */
  | { type: 'api.loaded_answered' }
  | { type: 'api.empty' }
  | { type: 'api.failed' }
  | { type: 'user.retry' }
  | { type: 'user.answer' }
  | { type: 'api.answered'; correct: boolean }
  | { type: 'api.too_late' }
  | { type: 'api.submit_failed' }
  | { type: 'timer.expired' }
  | { type: 'user.next' }
  | { type: 'user.lifeline'; lifeline: Lifeline }
  | { type: 'api.lifeline_granted' }
  | { type: 'api.lifeline_refused'; code: ServerLifelineRefusal }
  | { type: 'api.finished' }
  | { type: 'api.finish_failed' }
  | { type: 'user.review' }
  | { type: 'api.reviewed' }
  | { type: 'api.review_failed' }
  | { type: 'user.back' }
  | { type: 'user.play_again' }
  | { type: 'user.hint' }
  | { type: 'api.hint_granted' }
  | { type: 'api.hint_refused'; code: ServerHintRefusal }
  | { type: 'media.ready' }
  | { type: 'media.failed' }
  | { type: 'api.clock_started' }
  | { type: 'api.clock_failed' };

/** Sample events for the events that carry a payload. */
export const QUIZ_PLAY_MODEL_EVENTS: QuizPlayModelEvent[] = [
  { type: 'api.answered', correct: true },
  { type: 'api.answered', correct: false },
  ...LIFELINES.map((lifeline) => ({ type: 'user.lifeline' as const, lifeline })),
  { type: 'api.lifeline_refused', code: 'not_enough_coins' },
  { type: 'api.hint_refused', code: 'not_enough_coins' },
];

export interface QuizPlayModelContext extends QuizPlayModelInput {
  /** The question on screen. */
  readonly index: number;
  readonly used: readonly Lifeline[];
  /** 50/50 or audience poll, when used on the question on screen. */
  readonly onQuestion: Lifeline | null;
  /** The lifeline asked for, while `playing.question.lifeline`. */
  readonly requested: Lifeline | null;
  /** Whether the feedback on screen was for the last question. */
  readonly finished: boolean;
  /** A lifeline request the time ran out on is still in flight (and stays so in the model). */
  readonly stalled: boolean;
  /** The lifeline the server just refused, while the player is back to answering. */
  readonly refused: Lifeline | null;
  /** Hints revealed in the question on screen. */
  readonly hintsUsed: number;
  /** The server refused the last hint (shown until the next hint). */
  readonly hintRefused: boolean;
  /** The clock of the question on screen was started by the server. */
  readonly clockStarted: boolean;
}

const LAST = MODEL_QUESTION_TYPES.length - 1;
const onOptions = (l: Lifeline) => l === 'fifty_fifty' || l === 'audience_poll';
const sorted = (list: readonly Lifeline[]) => LIFELINES.filter((l) => list.includes(l));

/** rules.md, Lifelines: why a lifeline is refused without asking the server, or null. */
export function modelRefusal(c: QuizPlayModelContext, l: Lifeline): string | null {
  if (c.stalled) return 'lifeline_busy';
  if (!c.lifelines) return 'lifeline_not_allowed';
  if (onOptions(l) && MODEL_QUESTION_TYPES[c.index] !== 'multiple') return 'lifeline_not_allowed';
  if (c.used.includes(l)) return 'lifeline_used';
  if (onOptions(l) && c.onQuestion && c.onQuestion !== l) return 'lifeline_conflict';
  return null;
}

const asked = (e: QuizPlayModelEvent): Lifeline => (e.type === 'user.lifeline' ? e.lifeline : 'skip');

export const quizPlayModel = setup({
  types: { context: {} as QuizPlayModelContext, events: {} as QuizPlayModelEvent, input: {} as QuizPlayModelInput },
  guards: {
    questionClock: ({ context }) => context.clock === 'question',
    sessionClock: ({ context }) => context.clock === 'session',
    refusedByRules: ({ context, event }) => modelRefusal(context, asked(event)) !== null,
    onLast: ({ context }) => context.index === LAST,
    finished: ({ context }) => context.finished,
    nextRunsOut: ({ context }) => context.clock === 'question' && !context.finished,
    skipsLast: ({ context }) => context.requested === 'skip' && context.index === LAST,
    skips: ({ context }) => context.requested === 'skip',
    hintAllowed: ({ context }) => context.hintsUsed < context.hints,
    waitsForAudio: ({ context }) => context.audio && !context.clockStarted,
  },
  actions: {
    fresh: assign({ index: 0, used: [], onQuestion: null, requested: null, finished: false, stalled: false, refused: null, hintsUsed: 0, hintRefused: false, clockStarted: false }),
    forgetRefusal: assign({ refused: null }),
    stall: assign({ requested: null, stalled: true }),
    request: assign(({ event }) => ({ requested: asked(event) })),
    grant: assign(({ context }) => ({
      used: sorted([...context.used, context.requested!]),
      onQuestion: onOptions(context.requested!) ? context.requested : context.onQuestion,
      requested: null,
    })),
    refuse: assign(({ context }) => ({ requested: null, refused: context.requested })),
    answered: assign(({ context }) => ({ finished: context.index === LAST })),
    tooLate: assign(({ context }) => ({ finished: context.index === LAST || context.clock === 'session' })),
    next: assign(({ context }) => ({ index: context.index + 1, onQuestion: null, finished: false, hintsUsed: 0, hintRefused: false, clockStarted: false })),
    askHint: assign({ hintRefused: false }),
    hintGranted: assign(({ context }) => ({ hintsUsed: context.hintsUsed + 1 })),
    hintRefused: assign({ hintRefused: true }),
    clockStarted: assign({ clockStarted: true }),
  },
}).createMachine({
  id: 'quizPlay',
  context: ({ input }) => ({
    ...input,
    index: 0,
    used: [],
    onQuestion: null,
    requested: null,
    finished: false,
    stalled: false,
    refused: null,
    hintsUsed: 0,
    hintRefused: false,
    clockStarted: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      on: {
        'api.loaded': { target: 'playing', actions: 'fresh' },
        // Left after the last answer, before "See the result": the result comes at once.
        'api.loaded_answered': { target: 'finishing' },
        'api.empty': { target: 'empty' },
        'api.failed': { target: 'failed' },
      },
    },
    failed: { on: { 'user.retry': { target: 'loading' } } },
    empty: {},
    playing: {
      // What was played no longer matters once the play is left: the model forgets it.
      exit: 'fresh',
      on: { 'timer.expired': { guard: 'sessionClock', target: 'finishing' } },
      initial: 'question',
      states: {
        question: {
          initial: 'opening',
          states: {
            opening: {
              always: [{ guard: 'waitsForAudio', target: 'waitingAudio' }, { target: 'answering' }],
            },
            waitingAudio: {
              // The clock does not run: no time can run out here.
              on: {
                'media.ready': { target: 'startingClock' },
                'media.failed': { target: 'startingClock' },
                'user.answer': { target: 'submitting' },
              },
            },
            startingClock: {
              on: {
                'api.clock_started': { target: 'answering', actions: 'clockStarted' },
                // The server keeps its deadline; the page's clock goes on from where it stood.
                'api.clock_failed': { target: 'answering' },
                // A tap while the clock starts is kept: the answer goes up at once.
                'user.answer': { target: 'submitting' },
              },
            },
            answering: {
              exit: 'forgetRefusal',
              on: {
                'user.answer': { target: 'submitting' },
                'user.lifeline': [{ guard: 'refusedByRules' }, { target: 'lifeline', actions: 'request' }],
                // A word has at most `hints` hints; without hints (other modes) the request is not made.
                'user.hint': [{ guard: 'hintAllowed', target: 'hinting', actions: 'askHint' }, {}],
                'timer.expired': { guard: 'questionClock', target: 'submitting' },
              },
            },
            hinting: {
              on: {
                // One thing at a time: no answer while the server picks the letter.
                'user.answer': {},
                'user.hint': {},
                'api.hint_granted': { target: 'answering', actions: 'hintGranted' },
                'api.hint_refused': { target: 'answering', actions: 'hintRefused' },
                'timer.expired': { guard: 'questionClock', target: 'submitting' },
              },
            },
            lifeline: {
              on: {
                // One thing at a time: no answer while the server decides on a lifeline.
                'user.answer': {},
                'api.lifeline_granted': [
                  { guard: 'skipsLast', target: '#quizPlay.finishing', actions: 'grant' },
                  { guard: 'skips', target: '#quizPlay.playing.question', reenter: true, actions: ['grant', 'next'] },
                  { target: 'answering', actions: 'grant' },
                ],
                'api.lifeline_refused': { target: 'answering', actions: 'refuse' },
                'timer.expired': { guard: 'questionClock', target: 'submitting', actions: 'stall' },
              },
            },
            submitting: {
              on: {
                // The answer is locked: a second one is not taken.
                'user.answer': {},
                'api.answered': { target: '#quizPlay.playing.feedback', actions: 'answered' },
                'api.too_late': { target: '#quizPlay.playing.feedback', actions: 'tooLate' },
                'api.submit_failed': { target: '#quizPlay.failed' },
              },
            },
          },
        },
        feedback: {
          on: {
            'user.next': [{ guard: 'finished', target: '#quizPlay.finishing' }, { target: 'question', actions: 'next' }],
            'timer.expired': { guard: 'nextRunsOut', target: 'question.submitting', actions: 'next' },
          },
        },
      },
    },
    finishing: {
      on: { 'api.finished': { target: 'result' }, 'api.finish_failed': { target: 'finishFailed' } },
    },
    finishFailed: { on: { 'user.retry': { target: 'finishing' } } },
    result: { on: { 'user.review': { target: 'reviewing' }, 'user.play_again': { target: 'loading' } } },
    reviewing: {
      on: { 'api.reviewed': { target: 'review' }, 'api.review_failed': { target: 'reviewFailed' } },
    },
    reviewFailed: { on: { 'user.retry': { target: 'reviewing' }, 'user.back': { target: 'result' } } },
    review: { on: { 'user.back': { target: 'result' } } },
  },
});

/** The paths of one configuration: the shortest path to every state and through every transition. */
export function quizPlayModelPaths(config: ModelConfigName) {
  return createTestModel(quizPlayModel, { events: QUIZ_PLAY_MODEL_EVENTS, serializeTransition: selfLoopsToo }).getShortestPaths({ input: MODEL_CONFIGS[config], events: namedEvents(QUIZ_PLAY_MODEL_EVENTS) });
}
