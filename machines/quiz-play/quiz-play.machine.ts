import { assign, enqueueActions, fromPromise, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { countdownMachine } from '@/machines/countdown/countdown.machine';
import { lifelinesMachine, type LifelineGrant, type LifelineRefusalNotice, type LifelinesEmitted } from '@/machines/lifelines/lifelines.machine';
import { lifelinesEnabled, type Lifeline } from '@/services/domain/lifelines';
import { normalizeAnswer } from '@/services/domain/answers';
import {
  afterLateAnswer,
  type AfterLateAnswer,
  type CallOutcome,
  type LifelineData,
  type OpenPlayRequest,
  type PlayQuestion,
  type PlayResult,
  type PlayReview,
  type PlaySession,
  type QuestionClockData,
  type QuestionPayload,
  type SessionPayload,
  type WordHintData,
  type WordHintReveal,
  type SubmitAnswerPayload,
  type SubmitAnswerResult,
  type UseLifelinePayload,
} from '@/services/domain/play-session';
import { notProvided } from '@/machines/not-provided';

/**
 * Solo play, for every solo mode (configured by the request's mode): load a play session →
 * questions with a countdown → feedback → … → finish → result → review. The server decides
 * everything (docs/play-sessions.md); this machine asks, waits and shows. Effects are the
 * provided actors `loadSession`, `submitAnswer`, `finishPlay`, `loadReview` and, through the
 * lifelines child, `useLifeline`; time is the actor clock's, through the countdown child.
 *
 * Question kinds: an answer has its question's shape (services/domain/answers.ts: a letter, letters
 * for multi select and sequences, the letters of a word). Guess the word asks the server for hints
 * (`useHint`: a letter, charged once) while the clock runs. An audio question waits for its audio:
 * the clock is paused until the page reports the audio ready (or failing), then `startQuestionClock`
 * starts it on the server and the countdown follows the server's time.
 *
 * Clocks: with `time_per_question` the countdown is the open question's. The server opens the
 * next question as soon as it grades an answer, so the countdown restarts with the time the
 * server returns at that moment, and runs while the feedback is shown: a player who lingers on
 * the feedback spends the next question's time, as on the server. With `total_time` (self
 * challenge) one countdown runs for the whole session and its end finishes the play.
 */

export interface QuizPlayInput {
  readonly request: OpenPlayRequest;
  /** Overrides whether the mode offers lifelines (`LIFELINE_MODES`). */
  readonly lifelines?: boolean;
}

/** What the player sees after an answer. */
export interface Feedback {
  /** The locked letter; '' when the time ran out. */
  readonly answer: string;
  readonly correct: boolean;
  /** The right letter, as the server returned it; null when it refused a late answer. */
  readonly correctAnswer: string | null;
  readonly timedOut: boolean;
  /** Where the play goes on: the question the server opened, or the end. */
  readonly nextIndex: number;
  readonly finished: boolean;
  /** What the answer did to the score, as the server counted it (null: not said). */
  readonly points: number | null;
}

export interface QuizPlayContext {
  readonly request: OpenPlayRequest;
  readonly lifelinesEnabled: boolean;
  readonly session: PlaySession | null;
  /** The question on screen. */
  readonly index: number;
  readonly coins: number | null;
  /** The letter locked for the question being submitted ('' when the time ran out). */
  readonly answer: string | null;
  readonly feedback: Feedback | null;
  /** Right answers in a row in this play (shown as a streak). */
  readonly streak: number;
  /** The play's score so far: the session's on opening (a reload keeps it), then each answer's points as the server counted them. */
  readonly score: number;
  /** Options 50/50 removed from the question on screen. */
  readonly removed: readonly string[];
  /** Audience poll percentages for the question on screen. */
  readonly poll: Readonly<Record<string, number>> | null;
  /** Guess the word: the letters hints revealed in the question on screen. */
  readonly hints: readonly WordHintReveal[];
  /** Why the last hint was refused (`hint_limit`, `not_enough_coins`, …), until the next one. */
  readonly hintError: string | null;
  /** Audio questions: the clock of the question on screen was started. */
  readonly clockStarted: boolean;
  readonly result: PlayResult | null;
  readonly review: PlayReview | null;
  /** The code of the last failure, for the error text. */
  readonly errorCode: string | null;
}

export type QuizPlayEvent =
  /** The answer in the question's shape: an option letter, letters comma-separated, the letters of a word. */
  | { type: 'user.answer'; key: string }
  | { type: 'user.hint' }
  /** The audio of the question on screen can play (or failed to load: the transcript stands in). */
  | { type: 'media.ready' }
  | { type: 'media.failed' }
  | { type: 'user.lifeline'; lifeline: Lifeline }
  | { type: 'user.next' }
  | { type: 'user.retry' }
  | { type: 'user.review' }
  | { type: 'user.back' }
  | { type: 'user.play_again' }
  | { type: 'timer.expired' }
  | LifelinesEmitted;

/** The effects a page provides: each returns the call's outcome (the API client's `ApiResult`). */
export interface QuizPlayServices {
  loadSession(request: OpenPlayRequest): Promise<CallOutcome<PlaySession>>;
  submitAnswer(payload: SubmitAnswerPayload): Promise<CallOutcome<SubmitAnswerResult>>;
  useLifeline(payload: UseLifelinePayload): Promise<CallOutcome<LifelineData>>;
  finishPlay(payload: SessionPayload): Promise<CallOutcome<PlayResult>>;
  loadReview(payload: SessionPayload): Promise<CallOutcome<PlayReview>>;
  /** Guess the word: one more letter of the open word. */
  useHint(payload: QuestionPayload): Promise<CallOutcome<WordHintData>>;
  /** Audio questions: the open question's clock starts now. */
  startQuestionClock(payload: QuestionPayload): Promise<CallOutcome<QuestionClockData>>;
}

/** The countdown and the lifelines as children of a play: what they report goes to the play. */
export const playCountdown = countdownMachine.provide({ actions: { notifyExpired: sendParent({ type: 'timer.expired' }) } });
export const playLifelines = lifelinesMachine.provide({
  actions: {
    notifyGranted: sendParent((_, grant: LifelineGrant) => ({ type: 'lifeline.granted' as const, ...grant })),
    notifyRefused: sendParent((_, notice: LifelineRefusalNotice) => ({ type: 'lifeline.refused' as const, ...notice })),
  },
});

export const questionOnScreen = (context: Pick<QuizPlayContext, 'session' | 'index'>): PlayQuestion | null => context.session?.questions[context.index] ?? null;
const isOk = <T>(outcome: CallOutcome<T>): outcome is { ok: true; data: T } => outcome.ok;
const codeOf = (outcome: CallOutcome<unknown>): string | null => (outcome.ok ? null : outcome.code);
const sessionClock = (context: QuizPlayContext) => context.session?.total_time != null;
/** A session resumed after its last answer: nothing is left to play but its result. */
export const everyQuestionAnswered = (session: Pick<PlaySession, 'current_index' | 'questions'>): boolean => session.current_index >= session.questions.length;

export const quizPlayMachine = setup({
  types: {
    context: {} as QuizPlayContext,
    events: {} as QuizPlayEvent,
    input: {} as QuizPlayInput,
    children: {} as { countdown: 'countdown'; lifelines: 'lifelines' },
  },
  actors: {
    loadSession: fromPromise<CallOutcome<PlaySession>, OpenPlayRequest>(notProvided('loadSession')),
    submitAnswer: fromPromise<CallOutcome<SubmitAnswerResult>, SubmitAnswerPayload>(notProvided('submitAnswer')),
    finishPlay: fromPromise<CallOutcome<PlayResult>, SessionPayload>(notProvided('finishPlay')),
    loadReview: fromPromise<CallOutcome<PlayReview>, SessionPayload>(notProvided('loadReview')),
    useHint: fromPromise<CallOutcome<WordHintData>, QuestionPayload>(notProvided('useHint')),
    startQuestionClock: fromPromise<CallOutcome<QuestionClockData>, QuestionPayload>(notProvided('startQuestionClock')),
    countdown: playCountdown,
    lifelines: playLifelines,
  },
  guards: {
    perQuestionClock: ({ context }) => !sessionClock(context),
    sessionClock: ({ context }) => sessionClock(context),
    validAnswer: ({ context, event }) => {
      if (event.type !== 'user.answer') return false;
      const question = questionOnScreen(context);
      if (!question || context.removed.includes(event.key)) return false;
      const parsed = normalizeAnswer(question.question_type, event.key, question.options.map((o) => o.key));
      return parsed.ok && parsed.answer !== '';
    },
    canHint: ({ context }) => {
      const question = questionOnScreen(context);
      const rules = context.session?.hints;
      return !!question?.word && !!rules && context.hints.length < rules.per_question;
    },
    waitsForAudio: ({ context }) => {
      const question = questionOnScreen(context);
      return !!question?.audio && !context.clockStarted && !sessionClock(context);
    },
    feedbackFinished: ({ context }) => context.feedback?.finished === true,
    nextQuestionRunsOut: ({ context }) => !sessionClock(context) && context.feedback?.finished === false,
    skipFinished: ({ event }) => event.type === 'lifeline.granted' && event.lifeline === 'skip' && event.data.finished,
    isSkip: ({ event }) => event.type === 'lifeline.granted' && event.lifeline === 'skip',
  },
  actions: {
    openSession: assign((_, session: PlaySession) => ({
      session,
      index: Math.min(session.current_index, Math.max(0, session.questions.length - 1)),
      coins: session.coins,
      answer: null,
      feedback: null,
      streak: session.progress?.streak ?? 0,
      score: session.progress?.score ?? 0,
      removed: [...(session.current_effects?.removed ?? [])],
      poll: session.current_effects?.percentages ? { ...session.current_effects.percentages } : null,
      hints: [...(session.current_effects?.hints ?? [])],
      hintError: null,
      clockStarted: session.current_effects?.clock_started === true,
      result: null,
      review: null,
      errorCode: null,
    })),
    resetPlay: assign({ session: null, index: 0, answer: null, feedback: null, streak: 0, score: 0, removed: [], poll: null, hints: [], hintError: null, clockStarted: false, result: null, review: null, errorCode: null }),
    rememberError: assign((_, params: { code: string | null }) => ({ errorCode: params.code })),
    clearError: assign({ errorCode: null }),
    lockAnswer: assign(({ event }) => (event.type === 'user.answer' ? { answer: event.key } : {})),
    lockTimeout: assign({ answer: '' }),
    showAnswer: assign(({ context }, result: SubmitAnswerResult) => ({
      feedback: {
        answer: context.answer ?? '',
        correct: result.correct,
        correctAnswer: result.correct_answer,
        timedOut: result.timed_out,
        nextIndex: result.current_index,
        finished: result.finished,
        points: typeof result.points === 'number' ? result.points : null,
      },
      answer: null,
      streak: result.correct ? context.streak + 1 : 0,
      score: context.score + (typeof result.points === 'number' ? result.points : 0),
    })),
    showTooLate: assign(({ context }, after: AfterLateAnswer | null) => ({
      feedback: {
        answer: context.answer ?? '',
        correct: false,
        correctAnswer: null,
        timedOut: true,
        nextIndex: after?.current_index ?? context.index + 1,
        // Without the server's word: late on a session clock means the session's time is over.
        finished: after?.finished ?? (sessionClock(context) || context.index + 1 >= (context.session?.questions.length ?? 0)),
        points: 0,
      },
      streak: 0,
      answer: null,
    })),
    advance: assign(({ context }) => ({ index: context.feedback?.nextIndex ?? context.index + 1, feedback: null, removed: [], poll: null, hints: [], hintError: null, clockStarted: false })),
    pauseClock: sendTo('countdown', { type: 'timer.pause' }),
    resumeClock: sendTo('countdown', { type: 'timer.resume' }),
    applyHint: assign(({ context }, data: WordHintData) => ({ hints: [...context.hints, data.hint], coins: data.coins, hintError: null })),
    clearHintError: assign({ hintError: null }),
    pauseQuestionClock: enqueueActions(({ context, enqueue }) => {
      if (!sessionClock(context)) enqueue.sendTo('countdown', { type: 'timer.pause' });
    }),
    /** The server opened the next question (or says how much session time is left): follow its clock. */
    followServerClock: enqueueActions(({ enqueue }, params: { ms: number | null }) => {
      if (params.ms !== null) enqueue.sendTo('countdown', { type: 'timer.reset', ms: params.ms });
    }),
    tellLifelinesQuestion: sendTo('lifelines', ({ context }) => {
      const question = questionOnScreen(context)!;
      return { type: 'play.question' as const, question: { id: question.id, type: question.question_type, options: question.options.length } };
    }),
    forwardLifeline: sendTo('lifelines', ({ event }) => event as { type: 'user.lifeline'; lifeline: Lifeline }),
    applyGrant: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'lifeline.granted') return;
      enqueue.assign({ coins: event.data.coins });
      if (event.lifeline === 'fifty_fifty') enqueue.assign({ removed: [...event.data.removed] });
      if (event.lifeline === 'audience_poll') enqueue.assign({ poll: { ...event.data.percentages } });
      if (event.lifeline === 'reset_timer') enqueue.sendTo('countdown', { type: 'timer.reset', ms: event.data.time_left_ms });
      if (event.lifeline === 'skip') {
        enqueue.assign({ index: event.data.current_index, removed: [], poll: null });
        if (!event.data.finished) enqueue.sendTo('countdown', { type: 'timer.reset', ms: event.data.time_left_ms });
      }
    }),
    /** Shows why a lifeline was refused; the view provides the toast (nothing by default). */
    announceRefusal: (_, notice: LifelineRefusalNotice) => void notice,
  },
}).createMachine({
  id: 'quizPlay',
  context: ({ input }) => ({
    request: input.request,
    lifelinesEnabled: input.lifelines ?? lifelinesEnabled(input.request.mode),
    session: null,
    index: 0,
    coins: null,
    answer: null,
    feedback: null,
    streak: 0,
    score: 0,
    removed: [],
    poll: null,
    hints: [],
    hintError: null,
    clockStarted: false,
    result: null,
    review: null,
    errorCode: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSession',
        input: ({ context }) => context.request,
        onDone: [
          { guard: ({ event }) => codeOf(event.output) === '102' || (isOk(event.output) && event.output.data.questions.length === 0), target: 'empty' },
          // Every question of the resumed session was answered (the player left before the result):
          // the play is over, so it is finished now, once, as if the player had asked for the result.
          {
            guard: ({ event }) => isOk(event.output) && everyQuestionAnswered(event.output.data),
            target: 'finishing',
            actions: { type: 'openSession', params: ({ event }) => (event.output as { data: PlaySession }).data },
          },
          { guard: ({ event }) => isOk(event.output), target: 'playing', actions: { type: 'openSession', params: ({ event }) => (event.output as { data: PlaySession }).data } },
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'rememberError', params: { code: null } } },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    empty: {},
    playing: {
      invoke: [
        { id: 'countdown', src: 'countdown', input: ({ context }) => ({ durationMs: context.session!.time_left_ms }) },
        {
          id: 'lifelines',
          src: 'lifelines',
          input: ({ context }) => {
            const question = questionOnScreen(context);
            return {
              sessionId: context.session!.session_id,
              enabled: context.lifelinesEnabled,
              offers: context.session!.lifelines,
              question: question ? { id: question.id, type: question.question_type, options: question.options.length } : null,
              usedOnQuestion: [...(context.removed.length ? ['fifty_fifty' as const] : []), ...(context.poll ? ['audience_poll' as const] : [])],
            };
          },
        },
      ],
      on: {
        'timer.expired': { guard: 'sessionClock', target: 'finishing' },
        // An answer to a lifeline asked before the question closed: the coins moved all the same.
        'lifeline.granted': { actions: assign(({ event }) => ({ coins: event.data.coins })) },
        'lifeline.refused': { actions: { type: 'announceRefusal', params: ({ event }) => ({ lifeline: event.lifeline, code: event.code }) } },
      },
      initial: 'question',
      states: {
        question: {
          entry: 'tellLifelinesQuestion',
          initial: 'opening',
          states: {
            opening: {
              always: [{ guard: 'waitsForAudio', target: 'waitingAudio' }, { target: 'answering' }],
            },
            waitingAudio: {
              // The question's time has not started: the countdown waits with it.
              entry: 'pauseClock',
              on: {
                'media.ready': { target: 'startingClock' },
                'media.failed': { target: 'startingClock' },
                // The transcript lets a player answer before the audio plays.
                'user.answer': { guard: 'validAnswer', target: 'submitting', actions: 'lockAnswer' },
              },
            },
            startingClock: {
              invoke: {
                src: 'startQuestionClock',
                input: ({ context }) => ({ session_id: context.session!.session_id, question_id: questionOnScreen(context)!.id }),
                onDone: [
                  {
                    guard: ({ event }) => isOk(event.output),
                    target: 'answering',
                    actions: [
                      assign({ clockStarted: true }),
                      { type: 'followServerClock', params: ({ event }) => ({ ms: (event.output as { data: QuestionClockData }).data.time_left_ms }) },
                    ],
                  },
                  // The server keeps its own deadline (the wait for the audio included): follow it from where it was.
                  { target: 'answering', actions: 'resumeClock' },
                ],
                onError: { target: 'answering', actions: 'resumeClock' },
              },
              on: {
                // A tap that lands while the server starts the clock is kept, not lost: the
                // answer closes the question, so the clock's start no longer matters.
                'user.answer': { guard: 'validAnswer', target: 'submitting', actions: 'lockAnswer' },
              },
            },
            answering: {
              on: {
                'user.answer': { guard: 'validAnswer', target: 'submitting', actions: 'lockAnswer' },
                'user.lifeline': { target: 'lifeline', actions: 'forwardLifeline' },
                'user.hint': { guard: 'canHint', target: 'hinting', actions: 'clearHintError' },
                'timer.expired': { guard: 'perQuestionClock', target: 'submitting', actions: 'lockTimeout' },
              },
            },
            hinting: {
              // The clock runs while the server picks the letter.
              invoke: {
                src: 'useHint',
                input: ({ context }) => ({ session_id: context.session!.session_id, question_id: questionOnScreen(context)!.id }),
                onDone: [
                  { guard: ({ event }) => isOk(event.output), target: 'answering', actions: { type: 'applyHint', params: ({ event }) => (event.output as { data: WordHintData }).data } },
                  { target: 'answering', actions: assign(({ event }) => ({ hintError: codeOf(event.output) ?? 'network' })) },
                ],
                onError: { target: 'answering', actions: assign({ hintError: 'network' }) },
              },
              on: {
                'timer.expired': { guard: 'perQuestionClock', target: 'submitting', actions: 'lockTimeout' },
              },
            },
            lifeline: {
              on: {
                'lifeline.granted': [
                  { guard: 'skipFinished', target: '#quizPlay.finishing', actions: 'applyGrant' },
                  { guard: 'isSkip', target: '#quizPlay.playing.question', reenter: true, actions: 'applyGrant' },
                  { target: 'answering', actions: 'applyGrant' },
                ],
                'lifeline.refused': {
                  target: 'answering',
                  actions: { type: 'announceRefusal', params: ({ event }) => ({ lifeline: event.lifeline, code: event.code }) },
                },
                'timer.expired': { guard: 'perQuestionClock', target: 'submitting', actions: 'lockTimeout' },
              },
            },
            submitting: {
              entry: 'pauseQuestionClock',
              invoke: {
                src: 'submitAnswer',
                input: ({ context }) => ({ session_id: context.session!.session_id, question_id: questionOnScreen(context)!.id, answer: context.answer ?? '' }),
                onDone: [
                  {
                    guard: ({ event }) => isOk(event.output),
                    target: '#quizPlay.playing.feedback',
                    actions: [
                      { type: 'showAnswer', params: ({ event }) => (event.output as { data: SubmitAnswerResult }).data },
                      {
                        type: 'followServerClock',
                        params: ({ event }) => {
                          const data = (event.output as { data: SubmitAnswerResult }).data;
                          return { ms: data.finished ? null : data.time_left_ms };
                        },
                      },
                    ],
                  },
                  {
                    guard: ({ event }) => codeOf(event.output) === 'answer_too_late',
                    target: '#quizPlay.playing.feedback',
                    actions: [
                      { type: 'showTooLate', params: ({ event }) => afterLateAnswer(event.output.ok ? undefined : event.output.meta) },
                      {
                        type: 'followServerClock',
                        // The server opened the next question when it refused: its time, or a full question's.
                        params: ({ context, event }) => {
                          const after = afterLateAnswer(event.output.ok ? undefined : event.output.meta);
                          if (context.feedback!.finished) return { ms: null };
                          if (after) return { ms: after.time_left_ms };
                          return { ms: context.session!.time_per_question === null ? null : context.session!.time_per_question * 1000 };
                        },
                      },
                    ],
                  },
                  // Anything else (the network, a question the server no longer has open): reload,
                  // which resumes the session where the server stands.
                  { target: '#quizPlay.failed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
                ],
                onError: { target: '#quizPlay.failed', actions: { type: 'rememberError', params: { code: null } } },
              },
            },
          },
        },
        feedback: {
          on: {
            'user.next': [{ guard: 'feedbackFinished', target: '#quizPlay.finishing' }, { target: 'question', actions: 'advance' }],
            // The next question's time ran out while the feedback was shown: it is lost, as on the server.
            'timer.expired': { guard: 'nextQuestionRunsOut', target: 'question.submitting', actions: ['advance', 'lockTimeout'] },
          },
        },
      },
    },
    finishing: {
      invoke: {
        src: 'finishPlay',
        input: ({ context }) => ({ session_id: context.session!.session_id }),
        onDone: [
          {
            guard: ({ event }) => isOk(event.output),
            target: 'result',
            actions: assign(({ event }) => {
              const result = (event.output as { data: PlayResult }).data;
              return { result, coins: result.coins, errorCode: null };
            }),
          },
          { target: 'finishFailed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
        ],
        onError: { target: 'finishFailed', actions: { type: 'rememberError', params: { code: null } } },
      },
    },
    finishFailed: {
      // finish_play is idempotent: asking again never settles twice.
      on: { 'user.retry': { target: 'finishing' } },
    },
    result: {
      on: {
        'user.review': { target: 'reviewing' },
        'user.play_again': { target: 'loading', actions: 'resetPlay' },
      },
    },
    reviewing: {
      invoke: {
        src: 'loadReview',
        input: ({ context }) => ({ session_id: context.session!.session_id }),
        onDone: [
          {
            guard: ({ event }) => isOk(event.output),
            target: 'review',
            actions: assign(({ event }) => {
              const review = (event.output as { data: PlayReview }).data;
              return { review, coins: review.coins, errorCode: null };
            }),
          },
          { target: 'reviewFailed', actions: { type: 'rememberError', params: ({ event }) => ({ code: codeOf(event.output) }) } },
        ],
        onError: { target: 'reviewFailed', actions: { type: 'rememberError', params: { code: null } } },
      },
    },
    reviewFailed: {
      on: { 'user.retry': { target: 'reviewing' }, 'user.back': { target: 'result' } },
    },
    review: {
      on: { 'user.back': { target: 'result' } },
    },
  },
});

/** The play machine with a page's effects attached. */
export function createQuizPlayMachine(services: QuizPlayServices) {
  return quizPlayMachine.provide({
    actors: {
      loadSession: fromPromise(({ input }) => services.loadSession(input)),
      submitAnswer: fromPromise(({ input }) => services.submitAnswer(input)),
      finishPlay: fromPromise(({ input }) => services.finishPlay(input)),
      loadReview: fromPromise(({ input }) => services.loadReview(input)),
      useHint: fromPromise(({ input }) => services.useHint(input)),
      startQuestionClock: fromPromise(({ input }) => services.startQuestionClock(input)),
      lifelines: playLifelines.provide({ actors: { useLifeline: fromPromise(({ input }) => services.useLifeline(input)) } }),
    },
  });
}

export type QuizPlayMachine = typeof quizPlayMachine;
export type QuizPlayActorRef = ActorRefFrom<QuizPlayMachine>;
export type QuizPlaySnapshot = SnapshotFrom<QuizPlayMachine>;
