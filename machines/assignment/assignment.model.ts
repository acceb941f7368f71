import { createTestModel } from '@xstate/graph';
import { assign, not, setup } from 'xstate';
import { namedEvents, selfLoopsToo } from '@/machines/testing/paths';

/**
 * What a tester expects of a pupil's screen in a self-paced assignment, without invoke or after:
 * the answers of the calls (`api.*`) and the passing of time (`timer.*`) are events. Its states
 * are the real machine's.
 *
 * The assignment has two questions. Three configurations:
 * - `guest`: types a nickname (or resumes with a code from another device); answers shown at the
 *   end; one attempt;
 * - `signed_in`: may join under their name; answers shown after each question; two attempts;
 * - `seat`: a device that joined before (its token kept) comes back in the middle of an attempt.
 * The server's side is the model's context: where the attempt stands, whether the assignment is
 * open, how many attempts were used. A refusal of `assignment_closed` closes it.
 */

export type AssignmentModelConfig = 'guest' | 'signed_in' | 'seat';

export const JOIN_REFUSALS = ['nickname_taken', 'assignment_pin_unknown', 'assignment_closed'] as const;
export const ENTRY_REFUSALS = ['assignment_pin_unknown', 'rate_limited'] as const;
export const QUESTIONS = 2;

export interface AssignmentModelContext {
  readonly config: AssignmentModelConfig;
  readonly pin: 'empty' | 'short' | 'good';
  readonly nickname: 'empty' | 'short' | 'good';
  readonly code: 'empty' | 'bad' | 'good';
  /** The server's side: the assignment's status, the attempt under way (its position; null: none), attempts begun. */
  readonly status: 'scheduled' | 'open' | 'closed';
  readonly position: number | null;
  readonly attempts: number;
  readonly error: string | null;
}

export type AssignmentModelEvent =
  | { type: 'user.pin'; pin: 'short' | 'good' }
  | { type: 'user.nickname'; nickname: 'short' | 'good' }
  | { type: 'user.code'; code: 'bad' | 'good' }
  | { type: 'user.submit' }
  | { type: 'user.join_as_me' }
  | { type: 'user.resume' }
  | { type: 'user.back' }
  | { type: 'api.entry' }
  | { type: 'api.entry_refused'; code: (typeof ENTRY_REFUSALS)[number] }
  | { type: 'api.entry_failed' }
  | { type: 'api.joined'; opens: 'now' | 'later' }
  | { type: 'api.join_refused'; code: (typeof JOIN_REFUSALS)[number] }
  | { type: 'api.resumed' }
  | { type: 'api.resume_refused' }
  | { type: 'api.loaded' }
  | { type: 'api.load_failed' }
  | { type: 'api.seat_gone' }
  | { type: 'timer.opened' }
  | { type: 'user.refresh' }
  | { type: 'user.start' }
  | { type: 'api.started' }
  | { type: 'api.start_refused' }
  | { type: 'user.answer' }
  | { type: 'timer.expired' }
  | { type: 'api.answered' }
  | { type: 'api.too_late' }
  | { type: 'api.answer_failed' }
  | { type: 'user.next' };

export const ASSIGNMENT_MODEL_EVENTS: AssignmentModelEvent[] = [
  { type: 'user.pin', pin: 'short' },
  { type: 'user.pin', pin: 'good' },
  { type: 'user.nickname', nickname: 'short' },
  { type: 'user.nickname', nickname: 'good' },
  { type: 'user.code', code: 'bad' },
  { type: 'user.code', code: 'good' },
  { type: 'api.joined', opens: 'now' },
  { type: 'api.joined', opens: 'later' },
  ...JOIN_REFUSALS.map((code) => ({ type: 'api.join_refused' as const, code })),
  ...ENTRY_REFUSALS.map((code) => ({ type: 'api.entry_refused' as const, code })),
];

/** Attempts each configuration's assignment allows, and whether it shows what an answer earned after each question. */
export const allowedAttempts = (config: AssignmentModelConfig) => (config === 'signed_in' ? 2 : 1);
export const gradesEach = (config: AssignmentModelConfig) => config === 'signed_in';

const FRESH = { pin: 'empty', nickname: 'empty', code: 'empty', status: 'open', position: null, attempts: 0 } as const;

export const assignmentModel = setup({
  types: { context: {} as AssignmentModelContext, events: {} as AssignmentModelEvent, input: {} as { config: AssignmentModelConfig } },
  guards: {
    seat: ({ context }) => context.config === 'seat',
    signedIn: ({ context }) => context.config === 'signed_in',
    pinGood: ({ context }) => context.pin === 'good',
    nicknameGood: ({ context }) => context.nickname === 'good',
    codeGood: ({ context }) => context.code === 'good',
    pinUnknown: ({ event }) => event.type === 'api.join_refused' && event.code === 'assignment_pin_unknown',
    opensLater: ({ event }) => event.type === 'api.joined' && event.opens === 'later',
    // Where the server's view routes the screen (assignmentPhase).
    inAttempt: ({ context }) => context.status === 'open' && context.position !== null && context.position < QUESTIONS,
    scheduled: ({ context }) => context.status === 'scheduled',
    mayStart: ({ context }) => context.status === 'open' && (context.position === null || context.position >= QUESTIONS) && context.attempts < allowedAttempts(context.config),
    played: ({ context }) => context.attempts > 0,
    // Read before the answer moves the attempt on: its last question finishes it, and a finished attempt shows its grades.
    graded: ({ context }) => gradesEach(context.config) || context.position === QUESTIONS - 1,
    more: ({ context }) => context.status === 'open' && context.position !== null && context.position < QUESTIONS,
  },
  actions: {
    typedPin: assign(({ event }) => (event.type === 'user.pin' ? { pin: event.pin, error: null } : {})),
    typedNickname: assign(({ event }) => (event.type === 'user.nickname' ? { nickname: event.nickname, error: null } : {})),
    typedCode: assign(({ event }) => (event.type === 'user.code' ? { code: event.code, error: null } : {})),
    error: assign((_, code: string) => ({ error: code })),
    refused: assign(({ event }) => (event.type === 'api.join_refused' || event.type === 'api.entry_refused' ? { error: event.code } : {})),
    clearError: assign({ error: null }),
    fresh: assign({ ...FRESH }),
    joined: assign(({ event }) => ({ status: event.type === 'api.joined' && event.opens === 'later' ? 'scheduled' : 'open', position: null, attempts: 0, error: null }) as const),
    /** The resumed pupil had answered the first of the two questions on their other device. */
    resumed: assign({ status: 'open', position: 1, attempts: 1, code: 'empty', error: null }),
    opened: assign({ status: 'open' }),
    started: assign(({ context }) => ({ position: 0, attempts: context.attempts + 1, error: null })),
    closed: assign({ status: 'closed' }),
    moveOn: assign(({ context }) => ({ position: (context.position ?? 0) + 1 })),
  },
}).createMachine({
  id: 'assignmentModel',
  context: ({ input }) => ({
    config: input.config,
    ...FRESH,
    // A kept seat: the pupil is in the middle of their first attempt.
    ...(input.config === 'seat' ? { position: 1, attempts: 1 } : {}),
    error: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'seat', target: 'loading' }, { target: 'pin' }] },
    pin: {
      on: {
        'user.pin': { actions: 'typedPin' },
        'user.submit': [{ guard: 'pinGood', target: 'checking', actions: 'clearError' }, { actions: { type: 'error', params: 'pin_required' } }],
      },
    },
    checking: {
      on: {
        'api.entry': { target: 'nickname', actions: 'clearError' },
        'api.entry_refused': { target: 'pin', actions: 'refused' },
        'api.entry_failed': { target: 'pin', actions: { type: 'error', params: 'network' } },
      },
    },
    nickname: {
      on: {
        'user.nickname': { actions: 'typedNickname' },
        'user.submit': [{ guard: not('nicknameGood'), actions: { type: 'error', params: 'nickname_invalid' } }, { target: 'joining' }],
        'user.join_as_me': { guard: 'signedIn', target: 'joiningAsMe' },
        'user.resume': { target: 'code', actions: 'clearError' },
        'user.back': { target: 'pin', actions: 'clearError' },
      },
    },
    code: {
      on: {
        'user.code': { actions: 'typedCode' },
        'user.submit': [{ guard: 'codeGood', target: 'resuming' }, { actions: { type: 'error', params: 'code_invalid' } }],
        'user.back': { target: 'nickname', actions: 'clearError' },
      },
    },
    joining: {
      on: {
        'api.joined': [{ guard: 'opensLater', target: 'seated.scheduled', actions: 'joined' }, { target: 'seated.ready', actions: 'joined' }],
        'api.join_refused': [{ guard: 'pinUnknown', target: 'pin', actions: 'refused' }, { target: 'nickname', actions: 'refused' }],
      },
    },
    joiningAsMe: {
      on: {
        'api.joined': [{ guard: 'opensLater', target: 'seated.scheduled', actions: 'joined' }, { target: 'seated.ready', actions: 'joined' }],
        'api.join_refused': { target: 'nickname', actions: 'refused' },
      },
    },
    resuming: {
      on: {
        'api.resumed': { target: 'loading', actions: 'resumed' },
        'api.resume_refused': { target: 'code', actions: { type: 'error', params: 'resume_code_unknown' } },
      },
    },
    loading: {
      on: {
        'api.loaded': [
          { guard: 'inAttempt', target: 'seated.answering', actions: 'clearError' },
          { guard: 'scheduled', target: 'seated.scheduled', actions: 'clearError' },
          { guard: 'mayStart', target: 'seated.ready', actions: 'clearError' },
          { guard: 'played', target: 'seated.finished', actions: 'clearError' },
          { target: 'seated.closed', actions: 'clearError' },
        ],
        'api.load_failed': { target: 'offline', actions: { type: 'error', params: 'network' } },
        'api.seat_gone': { target: 'pin', actions: ['fresh', { type: 'error', params: 'assignment_token_unknown' }] },
      },
    },
    offline: { on: { 'user.refresh': { target: 'loading', actions: 'clearError' } } },
    seated: {
      initial: 'ready',
      states: {
        // The page asks again when the opening comes.
        scheduled: { on: { 'timer.opened': { target: '#assignmentModel.loading', actions: 'opened' } } },
        ready: { on: { 'user.start': { target: 'starting', actions: 'clearError' } } },
        starting: {
          on: {
            'api.started': { target: 'answering', actions: 'started' },
            // Closed meanwhile: the server's view is asked for.
            'api.start_refused': { target: '#assignmentModel.loading', actions: ['closed', { type: 'error', params: 'assignment_closed' }] },
          },
        },
        answering: {
          on: {
            'user.answer': { target: 'sending', actions: 'clearError' },
            'timer.expired': { target: 'sending', actions: 'clearError' },
          },
        },
        sending: {
          on: {
            'api.answered': [
              { guard: 'graded', target: 'feedback', actions: 'moveOn' },
              { target: '#assignmentModel.loading', actions: 'moveOn' },
            ],
            // The server timed it out: it stored the question unanswered and the screen asks where it stands.
            'api.too_late': { target: '#assignmentModel.loading', actions: ['moveOn', { type: 'error', params: 'answer_too_late' }] },
            'api.answer_failed': { target: 'answering', actions: { type: 'error', params: 'network' } },
          },
        },
        feedback: {
          on: {
            'user.next': [
              { guard: 'more', target: '#assignmentModel.loading' },
              { guard: 'mayStart', target: 'ready' },
              { target: 'finished' },
            ],
          },
        },
        finished: { on: { 'user.refresh': { target: '#assignmentModel.loading' } } },
        closed: { on: { 'user.refresh': { target: '#assignmentModel.loading' } } },
      },
    },
  },
});

/** The model's paths in one configuration: through every transition, "nothing happens" ones included. */
export function assignmentModelPaths(config: AssignmentModelConfig) {
  const model = createTestModel(assignmentModel.provide({}), { serializeTransition: selfLoopsToo });
  return model.getShortestPaths({ events: namedEvents(ASSIGNMENT_MODEL_EVENTS), input: { config } } as never);
}
