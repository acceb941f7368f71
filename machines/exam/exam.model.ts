import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { selfLoopsToo } from '@/machines/testing/paths';
import type { WatchedViolation } from '@/machines/exam/violation-watcher.machine';

/**
 * What a tester expects of an exam, without invoke or after: the outcomes of calls, of the
 * clocks and of the page are events (`api.opened`, `timer.expired`, `timer.hidden_expired`,
 * `page.hidden`, `link.ended`, …). Its state values are the real machine's, so a path checks
 * the real machine state by state.
 *
 * The model exam has two questions. Two configurations: answers may be changed and fullscreen
 * is not asked for; answers are final and fullscreen is asked for (leaving it is a violation).
 *
 * Left to the unit tests: the page being closed (`page_left`), the heartbeat's timing, and
 * resuming an exam with answers already given.
 */

export interface ExamModelInput {
  readonly answerAgain: boolean;
  readonly fullscreen: boolean;
}

export const EXAM_MODEL_CONFIGS = {
  changeable: { answerAgain: true, fullscreen: false },
  final_fullscreen: { answerAgain: false, fullscreen: true },
} as const satisfies Record<string, ExamModelInput>;
export type ExamModelConfigName = keyof typeof EXAM_MODEL_CONFIGS;

export type ModelExamStatus = 'not_started' | 'in_exam' | 'completed';
export type ModelKey = '' | '12' | '2468';

export type ExamModelEvent =
  | { type: 'api.list_loaded' }
  | { type: 'api.list_failed' }
  | { type: 'user.retry' }
  | { type: 'user.tab' }
  | { type: 'user.open'; status: ModelExamStatus }
  | { type: 'user.enter_key'; key: ModelKey }
  | { type: 'user.start'; agreed: boolean }
  | { type: 'user.back' }
  | { type: 'user.cancel' }
  | { type: 'api.opened' }
  | { type: 'api.key_invalid' }
  | { type: 'api.rules_refused' }
  | { type: 'api.already_completed' }
  | { type: 'api.exam_over' }
  | { type: 'api.start_failed' }
  | { type: 'user.answer' }
  | { type: 'user.goto' }
  | { type: 'api.saved' }
  | { type: 'api.saved_after_end' }
  | { type: 'api.answer_locked' }
  | { type: 'api.save_failed' }
  | { type: 'user.submit' }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' }
  | { type: 'page.violation'; kind: WatchedViolation }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'timer.hidden_expired' }
  | { type: 'timer.expired' }
  | { type: 'link.ended' }
  | { type: 'link.other_session' }
  | { type: 'api.submitted' }
  | { type: 'api.submit_failed' }
  | { type: 'api.result_loaded' }
  | { type: 'api.result_failed' };

export const MODEL_VIOLATIONS: readonly WatchedViolation[] = ['window_blur', 'fullscreen_exit', 'screenshot_key', 'copy', 'paste', 'context_menu'];

/** Sample events for the events that carry a payload. */
export const EXAM_MODEL_EVENTS: ExamModelEvent[] = [
  ...(['not_started', 'in_exam', 'completed'] as const).map((status) => ({ type: 'user.open' as const, status })),
  ...(['', '12', '2468'] as const).map((key) => ({ type: 'user.enter_key' as const, key })),
  { type: 'user.start', agreed: false },
  { type: 'user.start', agreed: true },
  ...MODEL_VIOLATIONS.map((kind) => ({ type: 'page.violation' as const, kind })),
];

export interface ExamModelContext extends ExamModelInput {
  readonly index: number;
  readonly answered: readonly [boolean, boolean];
  /** The refusal shown on the key or rules screen. */
  readonly error: string | null;
}

const fresh = { index: 0, answered: [false, false] as const, error: null };

/** Which violations the watcher reports while the page is visible (fullscreen only where asked). */
export function modelReports(c: ExamModelInput, kind: WatchedViolation, hidden: boolean): boolean {
  if (hidden) return kind === 'screenshot_key';
  return kind !== 'fullscreen_exit' || c.fullscreen;
}

export const examModel = setup({
  types: { context: {} as ExamModelContext, events: {} as ExamModelEvent, input: {} as ExamModelInput },
  guards: {
    opens: ({ event }, status: ModelExamStatus) => event.type === 'user.open' && event.status === status,
    keyIs: ({ event }, key: ModelKey) => event.type === 'user.enter_key' && event.key === key,
    agreed: ({ event }) => event.type === 'user.start' && event.agreed,
    locked: ({ context }) => !context.answerAgain && context.answered[context.index]!,
    reportedVisible: ({ context, event }) => event.type === 'page.violation' && modelReports(context, event.kind, false),
    reportedHidden: ({ context, event }) => event.type === 'page.violation' && modelReports(context, event.kind, true),
  },
  actions: {
    fresh: assign(fresh),
    error: assign((_, code: string | null) => ({ error: code })),
    saved: assign(({ context }) => ({ answered: context.answered.map((a, i) => a || i === context.index) as unknown as readonly [boolean, boolean] })),
    goto: assign(({ context }) => ({ index: 1 - context.index })),
    /** A violation recorded with nothing else changing. */
    recorded: () => undefined,
  },
}).createMachine({
  id: 'exam',
  context: ({ input }) => ({ ...input, ...fresh }),
  initial: 'list',
  states: {
    list: {
      entry: 'fresh',
      initial: 'loading',
      states: {
        loading: { on: { 'api.list_loaded': { target: 'ready' }, 'api.list_failed': { target: 'failed' } } },
        failed: { on: { 'user.retry': { target: 'loading' }, 'user.tab': { target: 'loading' } } },
        ready: {
          on: {
            'user.tab': { target: 'loading' },
            'user.open': [
              { guard: { type: 'opens', params: 'completed' }, target: '#exam.loadingResult' },
              { guard: { type: 'opens', params: 'in_exam' }, target: '#exam.starting' },
              { target: '#exam.keyEntry' },
            ],
          },
        },
      },
    },
    keyEntry: {
      on: {
        'user.enter_key': [
          { guard: { type: 'keyIs', params: '' }, actions: { type: 'error', params: 'exam_key_required' } },
          { guard: { type: 'keyIs', params: '12' }, actions: { type: 'error', params: 'exam_key_invalid' } },
          { target: 'rules', actions: { type: 'error', params: null } },
        ],
        'user.cancel': { target: 'list' },
      },
    },
    rules: {
      on: {
        'user.start': [{ guard: 'agreed', target: 'starting', actions: { type: 'error', params: null } }, { actions: { type: 'error', params: 'exam_rules_not_agreed' } }],
        'user.back': { target: 'keyEntry', actions: { type: 'error', params: null } },
        'user.cancel': { target: 'list' },
      },
    },
    starting: {
      on: {
        'api.opened': { target: 'inExam', actions: 'fresh' },
        'api.key_invalid': { target: 'keyEntry', actions: { type: 'error', params: 'exam_key_invalid' } },
        'api.rules_refused': { target: 'rules', actions: { type: 'error', params: 'exam_rules_not_agreed' } },
        'api.already_completed': { target: 'loadingResult' },
        'api.exam_over': { target: 'refused' },
        'api.start_failed': { target: 'startFailed' },
      },
    },
    startFailed: { on: { 'user.retry': { target: 'starting' }, 'user.cancel': { target: 'list' } } },
    refused: { on: { 'user.back': { target: 'list' } } },
    inExam: {
      type: 'parallel',
      on: {
        'timer.expired': { target: 'submitting' },
        'link.ended': { target: 'loadingResult' },
        'link.other_session': { target: 'refused' },
      },
      states: {
        work: {
          initial: 'answering',
          states: {
            answering: {
              on: {
                // An answer that cannot be changed is not sent again.
                'user.answer': [{ guard: 'locked' }, { target: 'saving' }],
                'user.goto': { actions: 'goto' },
                'user.submit': { target: 'confirming' },
              },
            },
            saving: {
              on: {
                'api.saved': { target: 'answering', actions: 'saved' },
                'api.saved_after_end': { target: '#exam.loadingResult' },
                'api.answer_locked': { target: 'answering' },
                'api.save_failed': { target: 'answerFailed' },
              },
            },
            answerFailed: { on: { 'user.retry': { target: 'saving' }, 'user.cancel': { target: 'answering' } } },
            confirming: { on: { 'user.confirm': { target: '#exam.submitting' }, 'user.cancel': { target: 'answering' } } },
          },
        },
        alert: {
          initial: 'none',
          states: {
            none: {
              on: {
                'page.violation': { guard: 'reportedVisible', target: 'warning' },
                'page.hidden': { target: 'hidden' },
              },
            },
            warning: {
              on: {
                'page.violation': { guard: 'reportedVisible', target: 'warning' },
                'page.hidden': { target: 'hidden' },
                'user.dismiss': { target: 'none' },
              },
            },
            hidden: {
              on: {
                // Recorded, the warning waits for the page to come back.
                'page.violation': { guard: 'reportedHidden', actions: 'recorded' },
                'page.visible': { target: 'warning' },
                'timer.hidden_expired': { target: '#exam.submitting' },
              },
            },
          },
        },
      },
    },
    submitting: { on: { 'api.submitted': { target: 'result' }, 'api.submit_failed': { target: 'submitFailed' } } },
    submitFailed: { on: { 'user.retry': { target: 'submitting' } } },
    loadingResult: { on: { 'api.result_loaded': { target: 'result' }, 'api.result_failed': { target: 'resultFailed' } } },
    resultFailed: { on: { 'user.retry': { target: 'loadingResult' }, 'user.back': { target: 'list' } } },
    result: { on: { 'user.back': { target: 'list' } } },
  },
});

/** The paths of one configuration: the shortest path to every state and through every transition. */
export function examModelPaths(config: ExamModelConfigName) {
  return createTestModel(examModel, { events: EXAM_MODEL_EVENTS, serializeTransition: selfLoopsToo }).getShortestPaths({ input: EXAM_MODEL_CONFIGS[config] });
}
