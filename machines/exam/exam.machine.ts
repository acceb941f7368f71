import { assign, fromCallback, fromPromise, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { countdownMachine } from '@/machines/countdown/countdown.machine';
import { violationWatcherMachine, type ExamPageEvent, type WatchedViolation, type WatcherEmitted } from '@/machines/exam/violation-watcher.machine';
import { EXAM_HEARTBEAT_MS, type ExamList, type ExamListItem, type ExamProgress, type ExamReport, type ExamResult, type ExamSession } from '@/services/domain/exams';
import type { CallOutcome } from '@/services/domain/play-session';
import { notProvided } from '@/machines/not-provided';

/**
 * A player's exam (docs/exams.md): list → key entry → rules → in exam → submitting → result.
 * The server holds the deadline and grades; this machine asks, waits and shows.
 *
 * While in the exam two regions run side by side: `work` (answering, saving an answer, a failed
 * save, the submit confirmation) and `alert` (nothing, a violation warning, the page hidden).
 * Three children live as long as the exam: the countdown (the server's time left), the violation
 * watcher (page events in, violations out) and the link, which sends the reports and a heartbeat
 * every 10 s one after the other and says when the server ended the exam (deadline, hidden page,
 * another page took over).
 *
 * Effects are the provided actors (`loadList`, `openExam`, `setAnswer`, `submitExam`,
 * `loadResult`, and the link's `report` / `heartbeat`); time is the actor clock's.
 */

export interface ExamServices {
  loadList(input: { type: ExamList }): Promise<CallOutcome<ExamListItem[]>>;
  openExam(input: OpenExamPayload): Promise<CallOutcome<ExamSession>>;
  setAnswer(input: { session_id: string; question_id: number; answer: string; client_id: string }): Promise<CallOutcome<ExamProgress>>;
  /** `keepalive`: the page is being closed; the request must outlive it. */
  report(input: { session_id: string; kind: ExamReport; question_id: number | null; client_id: string; keepalive?: boolean }): Promise<CallOutcome<ExamProgress>>;
  heartbeat(input: { session_id: string; client_id: string }): Promise<CallOutcome<ExamProgress>>;
  submitExam(input: SubmitExamPayload): Promise<CallOutcome<ExamResult>>;
  loadResult(input: { exam_module_id: number }): Promise<CallOutcome<ExamResult>>;
}

export interface OpenExamPayload {
  readonly exam_module_id: number;
  readonly exam_key: string;
  readonly rules_agreed: boolean;
  readonly client_id: string;
}

export interface SubmitExamPayload {
  readonly exam_module_id: number;
  readonly rules_violated: boolean;
  readonly captured_question_ids: readonly number[];
}

export interface ExamInput {
  /** A random id of this page load: the server tells two pages of one exam apart by it. */
  readonly clientId: string;
  readonly list?: ExamList;
}

/** What the warning on screen is about. */
export type ExamWarning = WatchedViolation | 'page_hidden';

export interface ExamContext {
  readonly clientId: string;
  readonly listType: ExamList;
  readonly items: readonly ExamListItem[];
  /** The exam chosen in the list. */
  readonly exam: ExamListItem | null;
  readonly key: string;
  readonly agreed: boolean;
  readonly session: ExamSession | null;
  /** The question on screen. */
  readonly index: number;
  /** The letters the server recorded, by question id. */
  readonly answers: Readonly<Record<string, string>>;
  /** The answer being saved. */
  readonly saving: { readonly questionId: number; readonly answer: string } | null;
  readonly violations: number;
  readonly warning: ExamWarning | null;
  /** Questions on screen when a violation happened. */
  readonly captured: readonly number[];
  /** The page stayed hidden for the limit: the exam is submitted as a broken one. */
  readonly rulesViolated: boolean;
  readonly result: ExamResult | null;
  /** The code of the last failure or refusal, for its text. */
  readonly errorCode: string | null;
}

export type ExamEvent =
  | { type: 'user.tab'; list: ExamList }
  | { type: 'user.open'; examId: number }
  | { type: 'user.key'; key: string }
  | { type: 'user.submit_key' }
  | { type: 'user.agree'; agreed: boolean }
  | { type: 'user.start' }
  | { type: 'user.answer'; key: string }
  | { type: 'user.goto'; index: number }
  | { type: 'user.submit' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.dismiss' }
  | { type: 'user.retry' }
  | { type: 'user.back' }
  | { type: 'timer.expired' }
  | { type: 'link.progress'; progress: ExamProgress }
  | { type: 'link.refused'; code: string }
  | ExamPageEvent
  | WatcherEmitted;

export const examCountdown = countdownMachine.provide({ actions: { notifyExpired: sendParent({ type: 'timer.expired' }) } });

export type LinkEvent = { type: 'beat' } | { type: 'report'; kind: ExamReport; questionId: number | null; keepalive?: boolean };
export interface LinkInput {
  readonly sessionId: string;
  readonly clientId: string;
}

/** The server's refusals that mean this page's exam is over for good (or elsewhere). */
const ENDING_CODES = new Set(['exam_completed', 'exam_other_session', 'exam_over']);

/**
 * The link to the server while the exam runs: reports and heartbeats, one call at a time in
 * order. Tells the exam where the attempt stands (`link.progress`) and when the server refuses
 * for good (`link.refused`). A failed call is dropped: the next heartbeat asks again.
 */
export function examLink(services: Pick<ExamServices, 'report' | 'heartbeat'>) {
  return fromCallback<LinkEvent, LinkInput>(({ input, self, system, sendBack, receive }) => {
    let queue: Promise<void> = Promise.resolve();
    let stopped = false;
    const push = (call: () => Promise<CallOutcome<ExamProgress>>) => {
      queue = queue
        // Once the exam is left nothing more is sent.
        .then(() => (stopped ? null : call()))
        .then((outcome) => {
          if (stopped || !outcome) return;
          if (outcome.ok) sendBack({ type: 'link.progress', progress: outcome.data });
          else if (outcome.code && ENDING_CODES.has(outcome.code)) sendBack({ type: 'link.refused', code: outcome.code });
        })
        .catch(() => undefined);
    };
    const schedule = () => system.scheduler.schedule(self, self, { type: 'beat' }, EXAM_HEARTBEAT_MS, 'beat');
    receive((event) => {
      if (event.type === 'beat') {
        schedule();
        push(() => services.heartbeat({ session_id: input.sessionId, client_id: input.clientId }));
      } else {
        const keepalive = event.keepalive ? { keepalive: true } : {};
        push(() => services.report({ session_id: input.sessionId, kind: event.kind, question_id: event.questionId, client_id: input.clientId, ...keepalive }));
      }
    });
    schedule();
    return () => {
      stopped = true;
      system.scheduler.cancel(self, 'beat');
    };
  });
}

/** The report of a watcher event. */
function reportFor(context: ExamContext, event: ExamEvent): LinkEvent {
  const questionId = examQuestionOnScreen(context)?.id ?? null;
  switch (event.type) {
    case 'watch.violation':
      return { type: 'report', kind: event.kind, questionId };
    case 'watch.visible':
      return { type: 'report', kind: 'page_visible', questionId };
    case 'watch.left':
      return { type: 'report', kind: 'page_left', questionId, keepalive: true };
    default:
      return { type: 'report', kind: 'page_hidden', questionId };
  }
}

/** The time left in a progress answer (a link report, or a saved answer). */
function serverTimeLeft(event: { type: string; progress?: ExamProgress; output?: unknown }): number {
  if (event.progress) return event.progress.time_left_ms;
  const output = event.output as CallOutcome<ExamProgress> | undefined;
  return output?.ok ? output.data.time_left_ms : 0;
}

const isOk = <T>(outcome: CallOutcome<T>): outcome is { ok: true; data: T } => outcome.ok;
const codeOf = (outcome: CallOutcome<unknown>): string | null => (outcome.ok ? null : outcome.code);
const KEY_PATTERN = /^[0-9]{4}$/;

export const examQuestionOnScreen = (context: Pick<ExamContext, 'session' | 'index'>) => context.session?.questions[context.index] ?? null;

/** Codes that refuse the start for good (back to the list with their text). */
const START_REFUSALS = new Set(['exam_over', 'exam_not_open', 'rate_limited', 'exam_other_session', '102', 'mode_disabled']);

export const examMachine = setup({
  types: {
    context: {} as ExamContext,
    events: {} as ExamEvent,
    input: {} as ExamInput,
    children: {} as { countdown: 'countdown'; watcher: 'watcher'; link: 'link' },
  },
  actors: {
    loadList: fromPromise<CallOutcome<ExamListItem[]>, { type: ExamList }>(notProvided('loadList')),
    openExam: fromPromise<CallOutcome<ExamSession>, OpenExamPayload>(notProvided('openExam')),
    setAnswer: fromPromise<CallOutcome<ExamProgress>, { session_id: string; question_id: number; answer: string; client_id: string }>(notProvided('setAnswer')),
    submitExam: fromPromise<CallOutcome<ExamResult>, SubmitExamPayload>(notProvided('submitExam')),
    loadResult: fromPromise<CallOutcome<ExamResult>, { exam_module_id: number }>(notProvided('loadResult')),
    link: examLink({ report: notProvided('report'), heartbeat: notProvided('heartbeat') }),
    countdown: examCountdown,
    watcher: violationWatcherMachine,
  },
  guards: {
    chosenCompleted: ({ context, event }) => event.type === 'user.open' && context.items.find((e) => e.id === event.examId)?.status === 'completed',
    chosenRunning: ({ context, event }) => event.type === 'user.open' && context.items.find((e) => e.id === event.examId)?.status === 'in_exam',
    chosenKnown: ({ context, event }) => event.type === 'user.open' && context.items.some((e) => e.id === event.examId),
    keyBlank: ({ context }) => context.key.trim() === '',
    keyMalformed: ({ context }) => !KEY_PATTERN.test(context.key.trim()),
    notAgreed: ({ context }) => !context.agreed,
    canAnswer: ({ context, event }) => {
      if (event.type !== 'user.answer') return false;
      const question = examQuestionOnScreen(context);
      if (!question || !question.options.some((o) => o.key === event.key)) return false;
      const current = context.answers[String(question.id)];
      if (current === event.key) return false;
      return current === undefined || context.session!.exam.answer_again;
    },
    validIndex: ({ context, event }) => event.type === 'user.goto' && event.index >= 0 && event.index < (context.session?.questions.length ?? 0) && event.index !== context.index,
    ended: ({ event }) => event.type === 'link.progress' && event.progress.end_reason !== null,
  },
  actions: {
    rememberError: assign((_, params: { code: string | null }) => ({ errorCode: params.code })),
    clearError: assign({ errorCode: null }),
    chooseExam: assign(({ context, event }) => (event.type === 'user.open' ? { exam: context.items.find((e) => e.id === event.examId) ?? null, key: '', agreed: false, errorCode: null } : {})),
    openSession: assign((_, session: ExamSession) => {
      const answered = session.questions.findIndex((q) => session.answers[String(q.id)] === undefined);
      return {
        session,
        answers: { ...session.answers },
        index: answered < 0 ? 0 : answered,
        violations: session.violations,
        saving: null,
        warning: null,
        captured: [],
        rulesViolated: false,
        result: null,
        errorCode: null,
      };
    }),
    followProgress: assign((_, progress: ExamProgress) => ({ violations: progress.violations })),
    warn: assign((_, params: { warning: ExamWarning }) => ({ warning: params.warning })),
    countViolation: assign(({ context }) => ({ violations: context.violations + 1 })),
    capture: assign(({ context }) => {
      const question = examQuestionOnScreen(context);
      return question && !context.captured.includes(question.id) ? { captured: [...context.captured, question.id] } : {};
    }),
    /** Reports what the watcher saw, with the question on screen. */
    report: sendTo('link', ({ context, event }) => reportFor(context, event)),
    /** The server said how much time is left: the countdown follows it. */
    followServerClock: sendTo('countdown', ({ event }) => ({ type: 'timer.reset' as const, ms: serverTimeLeft(event) })),
    forwardToWatcher: sendTo('watcher', ({ event }) => event as ExamPageEvent),
    /** Tells the page to enter fullscreen where the exam asks for it (the view provides it). */
    requestFullscreen: () => undefined,
  },
}).createMachine({
  id: 'exam',
  context: ({ input }) => ({
    clientId: input.clientId,
    listType: input.list ?? 'today',
    items: [],
    exam: null,
    key: '',
    agreed: false,
    session: null,
    index: 0,
    answers: {},
    saving: null,
    violations: 0,
    warning: null,
    captured: [],
    rulesViolated: false,
    result: null,
    errorCode: null,
  }),
  initial: 'list',
  states: {
    list: {
      initial: 'loading',
      on: { 'user.tab': { target: '.loading', actions: assign(({ event }) => ({ listType: event.list })) } },
      states: {
        loading: {
          invoke: {
            src: 'loadList',
            input: ({ context }) => ({ type: context.listType }),
            onDone: [
              { guard: ({ event }) => isOk(event.output), target: 'ready', actions: assign(({ event }) => ({ items: (event.output as { data: ExamListItem[] }).data, errorCode: null })) },
              // 102: nothing in this list.
              { guard: ({ event }) => codeOf(event.output) === '102', target: 'ready', actions: assign({ items: [], errorCode: null }) },
              { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
            ],
            onError: { target: 'failed', actions: { type: 'rememberError', params: { code: null } } },
          },
        },
        failed: { on: { 'user.retry': { target: 'loading' } } },
        ready: {
          on: {
            'user.open': [
              { guard: 'chosenCompleted', target: '#exam.loadingResult', actions: 'chooseExam' },
              // A running exam is resumed: neither the key nor the rules again.
              { guard: 'chosenRunning', target: '#exam.starting', actions: 'chooseExam' },
              { guard: 'chosenKnown', target: '#exam.keyEntry', actions: 'chooseExam' },
            ],
          },
        },
      },
    },
    keyEntry: {
      on: {
        'user.key': { actions: assign(({ event }) => ({ key: event.key.replace(/\D/g, '').slice(0, 4), errorCode: null })) },
        'user.submit_key': [
          { guard: 'keyBlank', actions: { type: 'rememberError', params: { code: 'exam_key_required' } } },
          { guard: 'keyMalformed', actions: { type: 'rememberError', params: { code: 'exam_key_invalid' } } },
          { target: 'rules', actions: 'clearError' },
        ],
        'user.cancel': { target: 'list', actions: 'clearError' },
      },
    },
    rules: {
      on: {
        'user.agree': { actions: assign(({ event }) => ({ agreed: event.agreed, errorCode: null })) },
        'user.start': [{ guard: 'notAgreed', actions: { type: 'rememberError', params: { code: 'exam_rules_not_agreed' } } }, { target: 'starting', actions: ['clearError', 'requestFullscreen'] }],
        'user.back': { target: 'keyEntry', actions: 'clearError' },
        'user.cancel': { target: 'list', actions: 'clearError' },
      },
    },
    starting: {
      invoke: {
        src: 'openExam',
        input: ({ context }) => ({ exam_module_id: context.exam!.id, exam_key: context.key, rules_agreed: context.agreed, client_id: context.clientId }),
        onDone: [
          { guard: ({ event }) => isOk(event.output), target: 'inExam', actions: { type: 'openSession', params: ({ event }) => (event.output as { data: ExamSession }).data } },
          // The key is asked for again: wrong, or missing when the exam was not running after all.
          {
            guard: ({ event }) => codeOf(event.output) === 'exam_key_invalid' || codeOf(event.output) === '103',
            target: 'keyEntry',
            actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) === '103' ? 'exam_key_required' : 'exam_key_invalid' }) },
          },
          { guard: ({ event }) => codeOf(event.output) === 'exam_rules_not_agreed', target: 'rules', actions: { type: 'rememberError', params: { code: 'exam_rules_not_agreed' } } },
          { guard: ({ event }) => codeOf(event.output) === 'exam_completed', target: 'loadingResult' },
          { guard: ({ event }) => START_REFUSALS.has(codeOf(event.output) ?? ''), target: 'refused', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
          { target: 'startFailed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
        ],
        onError: { target: 'startFailed', actions: { type: 'rememberError', params: { code: null } } },
      },
    },
    startFailed: { on: { 'user.retry': { target: 'starting', actions: 'clearError' }, 'user.cancel': { target: 'list', actions: 'clearError' } } },
    refused: { on: { 'user.back': { target: 'list', actions: 'clearError' } } },
    inExam: {
      type: 'parallel',
      invoke: [
        { id: 'countdown', src: 'countdown', input: ({ context }) => ({ durationMs: context.session!.time_left_ms }) },
        { id: 'watcher', src: 'watcher', input: ({ context }) => ({ fullscreen: context.session!.exam.fullscreen, hiddenLimitMs: context.session!.hidden_limit_seconds * 1000 }) },
        { id: 'link', src: 'link', input: ({ context }) => ({ sessionId: context.session!.session_id, clientId: context.clientId }) },
      ],
      on: {
        // The page's events go to the watcher, which says what they mean.
        'page.hidden': { actions: 'forwardToWatcher' },
        'page.visible': { actions: 'forwardToWatcher' },
        'page.blur': { actions: 'forwardToWatcher' },
        'page.fullscreen_exit': { actions: 'forwardToWatcher' },
        'page.key': { actions: 'forwardToWatcher' },
        'page.copy': { actions: 'forwardToWatcher' },
        'page.paste': { actions: 'forwardToWatcher' },
        'page.context_menu': { actions: 'forwardToWatcher' },
        'page.left': { actions: 'forwardToWatcher' },
        'timer.expired': { target: 'submitting' },
        'link.progress': [
          { guard: 'ended', target: 'loadingResult' },
          {
            actions: [
              { type: 'followProgress', params: ({ event }) => event.progress },
              'followServerClock',
            ],
          },
        ],
        'link.refused': [
          { guard: ({ event }) => event.code === 'exam_other_session', target: 'refused', actions: { type: 'rememberError', params: { code: 'exam_other_session' } } },
          { target: 'loadingResult' },
        ],
        'watch.too_long': { target: 'submitting', actions: assign({ rulesViolated: true }) },
        'watch.left': { actions: 'report' },
      },
      states: {
        work: {
          initial: 'answering',
          states: {
            answering: {
              on: {
                'user.answer': { guard: 'canAnswer', target: 'saving', actions: assign(({ context, event }) => ({ saving: { questionId: examQuestionOnScreen(context)!.id, answer: event.key }, errorCode: null })) },
                'user.goto': { guard: 'validIndex', actions: assign(({ event }) => ({ index: event.index, errorCode: null })) },
                'user.submit': { target: 'confirming' },
              },
            },
            saving: {
              invoke: {
                src: 'setAnswer',
                input: ({ context }) => ({ session_id: context.session!.session_id, question_id: context.saving!.questionId, answer: context.saving!.answer, client_id: context.clientId }),
                onDone: [
                  { guard: ({ event }) => isOk(event.output) && event.output.data.end_reason !== null, target: '#exam.loadingResult' },
                  {
                    guard: ({ event }) => isOk(event.output),
                    target: 'answering',
                    actions: [
                      assign(({ context }) => ({ answers: { ...context.answers, [String(context.saving!.questionId)]: context.saving!.answer }, saving: null })),
                      { type: 'followProgress', params: ({ event }) => (event.output as { data: ExamProgress }).data },
                      'followServerClock',
                    ],
                  },
                  { guard: ({ event }) => codeOf(event.output) === 'exam_answer_locked', target: 'answering', actions: [assign({ saving: null }), { type: 'rememberError', params: { code: 'exam_answer_locked' } }] },
                  { guard: ({ event }) => codeOf(event.output) === 'exam_other_session', target: '#exam.refused', actions: { type: 'rememberError', params: { code: 'exam_other_session' } } },
                  { guard: ({ event }) => ENDING_CODES.has(codeOf(event.output) ?? ''), target: '#exam.loadingResult' },
                  { target: 'answerFailed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
                ],
                onError: { target: 'answerFailed', actions: { type: 'rememberError', params: { code: null } } },
              },
            },
            answerFailed: {
              on: {
                'user.retry': { target: 'saving', actions: 'clearError' },
                'user.cancel': { target: 'answering', actions: [assign({ saving: null }), 'clearError'] },
              },
            },
            confirming: {
              on: {
                'user.confirm': { target: '#exam.submitting' },
                'user.cancel': { target: 'answering' },
              },
            },
          },
        },
        // The alert region also records what the watcher saw: capture the question on screen,
        // count it, and report it through the link.
        alert: {
          initial: 'none',
          states: {
            none: {
              on: {
                'watch.violation': { target: 'warning', actions: ['capture', 'countViolation', 'report', { type: 'warn', params: ({ event }) => ({ warning: event.kind }) }] },
                'watch.hidden': { target: 'hidden', actions: ['capture', 'countViolation', 'report', assign({ warning: null })] },
              },
            },
            warning: {
              on: {
                'watch.violation': { target: 'warning', reenter: true, actions: ['capture', 'countViolation', 'report', { type: 'warn', params: ({ event }) => ({ warning: event.kind }) }] },
                'watch.hidden': { target: 'hidden', actions: ['capture', 'countViolation', 'report', assign({ warning: null })] },
                'user.dismiss': { target: 'none', actions: assign({ warning: null }) },
              },
            },
            hidden: {
              on: {
                // Recorded at once; the warning waits for the page to come back.
                'watch.violation': { actions: ['capture', 'countViolation', 'report'] },
                'watch.visible': { target: 'warning', actions: ['report', { type: 'warn', params: { warning: 'page_hidden' } }] },
              },
            },
          },
        },
      },
    },
    submitting: {
      invoke: {
        src: 'submitExam',
        input: ({ context }) => ({ exam_module_id: context.exam!.id, rules_violated: context.rulesViolated, captured_question_ids: context.captured }),
        onDone: [
          { guard: ({ event }) => isOk(event.output), target: 'result', actions: assign(({ event }) => ({ result: (event.output as { data: ExamResult }).data, errorCode: null })) },
          { target: 'submitFailed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
        ],
        onError: { target: 'submitFailed', actions: { type: 'rememberError', params: { code: null } } },
      },
    },
    // Submitting is idempotent on the server: asking again answers the same result.
    submitFailed: { on: { 'user.retry': { target: 'submitting', actions: 'clearError' } } },
    loadingResult: {
      invoke: {
        src: 'loadResult',
        input: ({ context }) => ({ exam_module_id: context.exam!.id }),
        onDone: [
          { guard: ({ event }) => isOk(event.output), target: 'result', actions: assign(({ event }) => ({ result: (event.output as { data: ExamResult }).data, errorCode: null })) },
          { target: 'resultFailed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
        ],
        onError: { target: 'resultFailed', actions: { type: 'rememberError', params: { code: null } } },
      },
    },
    resultFailed: { on: { 'user.retry': { target: 'loadingResult', actions: 'clearError' }, 'user.back': { target: 'list', actions: 'clearError' } } },
    result: {
      on: {
        'user.back': {
          target: 'list',
          actions: assign({ exam: null, session: null, answers: {}, result: null, key: '', agreed: false, captured: [], rulesViolated: false, violations: 0, warning: null }),
        },
      },
    },
  },
});

/** The exam machine with a page's effects attached. */
export function createExamMachine(services: ExamServices) {
  return examMachine.provide({
    actors: {
      loadList: fromPromise(({ input }) => services.loadList(input)),
      openExam: fromPromise(({ input }) => services.openExam(input)),
      setAnswer: fromPromise(({ input }) => services.setAnswer(input)),
      submitExam: fromPromise(({ input }) => services.submitExam(input)),
      loadResult: fromPromise(({ input }) => services.loadResult(input)),
      link: examLink(services),
    },
  });
}

export type ExamMachine = typeof examMachine;
export type ExamActorRef = ActorRefFrom<ExamMachine>;
export type ExamSnapshot = SnapshotFrom<ExamMachine>;
