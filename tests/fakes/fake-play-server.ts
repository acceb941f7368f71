import { createActor, SimulatedClock } from 'xstate';
import type { LifelineRefusalNotice } from '@/machines/lifelines/lifelines.machine';
import { createQuizPlayMachine, type QuizPlayServices } from '@/machines/quiz-play/quiz-play.machine';
import type { Lifeline } from '@/services/domain/lifelines';
import type {
  CallOutcome,
  LifelineData,
  OpenPlayRequest,
  PlayResult,
  PlayReview,
  PlaySession,
  QuestionClockData,
  QuestionPayload,
  SessionPayload,
  WordHintData,
  SubmitAnswerPayload,
  SubmitAnswerResult,
  UseLifelinePayload,
} from '@/services/domain/play-session';
import { wordLetters } from '@/services/domain/word';
import { controllableCall, flushPromises } from '@/tests/fakes/controllable-actor';

/**
 * A play-session server for machine and view tests: it answers the quiz-play machine's calls by
 * hand, with answers that follow docs/play-sessions.md (right answers, the next question, the
 * lifelines' effects), and a harness that starts the real machine on a simulated clock.
 */

export const QUESTIONS = [
  {
    id: 101,
    question: 'Which planet is known as the red planet?',
    question_type: 'multiple' as const,
    image: null,
    options: [
      { key: 'a', text: 'Venus' },
      { key: 'b', text: 'Jupiter' },
      { key: 'c', text: 'Mars' },
      { key: 'd', text: 'Saturn' },
    ],
  },
  {
    id: 102,
    question: 'The Pacific is the largest ocean on Earth.',
    question_type: 'boolean' as const,
    image: null,
    options: [
      { key: 'a', text: 'True' },
      { key: 'b', text: 'False' },
    ],
  },
];

/** Guess the word: two words (MARS; SEA LION), slots and tiles as the server sends them. */
export const WORD_QUESTIONS = [
  {
    id: 201,
    question: 'The red planet.',
    question_type: 'word' as const,
    image: null,
    options: [],
    word: { slots: [null, null, null, null], tiles: ['S', 'Q', 'A', 'M', 'X', 'R', 'E', 'T', 'P', 'L', 'O', 'B'], fold: 'plain' as const },
  },
  {
    id: 202,
    question: 'A sea mammal with flippers and a loud bark.',
    question_type: 'word' as const,
    image: null,
    options: [],
    word: { slots: [null, null, null, ' ', null, null, null, null], tiles: ['L', 'A', 'X', 'S', 'N', 'E', 'O', 'Q', 'I', 'Z', 'W', 'K'], fold: 'plain' as const },
  },
];

/** Audio questions: each with its clip and transcript. */
export const AUDIO_QUESTIONS = QUESTIONS.map((q, i) => ({
  ...q,
  id: 301 + i,
  audio: `/audio/demo/en/test.${i + 1}.ogg`,
  transcript: i === 0 ? 'Which planet is known as the red planet?' : 'The Pacific is the largest ocean on Earth.',
}));

/** The server's right answers, by question id. */
export const RIGHT: Readonly<Record<number, string>> = { 101: 'c', 102: 'a', 201: 'Mars', 202: 'Sea lion', 301: 'c', 302: 'a' };
export const NOTES: Readonly<Record<number, string>> = { 101: 'Iron oxide dust makes Mars look red.', 102: 'It covers about a third of the surface.' };

export const QUESTION_MS = 30_000;
export const SESSION_MS = 120_000;
export const LIFELINE_COST = 10;
export const HINT_COST = 2;

export function playSession(overrides: Partial<PlaySession> = {}): PlaySession {
  return {
    session_id: 's_1',
    mode: 'quiz_zone',
    questions: QUESTIONS,
    time_per_question: QUESTION_MS / 1000,
    total_time: null,
    current_index: 0,
    time_left_ms: QUESTION_MS,
    lifelines: (['fifty_fifty', 'audience_poll', 'reset_timer', 'skip'] as const).map((key) => ({ key, cost: LIFELINE_COST, available: true })),
    coins: 100,
    ...overrides,
  };
}

export function selfChallengeSession(overrides: Partial<PlaySession> = {}): PlaySession {
  return playSession({ mode: 'self_challenge', time_per_question: null, total_time: SESSION_MS / 1000, time_left_ms: SESSION_MS, lifelines: [], ...overrides });
}

/** Guess the word: two hints per word. */
export function wordSession(overrides: Partial<PlaySession> = {}): PlaySession {
  return playSession({ mode: 'guess_the_word', questions: WORD_QUESTIONS, lifelines: [], hints: { per_question: 2, cost: HINT_COST }, ...overrides });
}

/** Audio questions: the open question's clock waits for its audio (the server's time includes the wait). */
export const AUDIO_WAIT_MS = 30_000;
export function audioSession(overrides: Partial<PlaySession> = {}): PlaySession {
  return playSession({ mode: 'audio', questions: AUDIO_QUESTIONS, lifelines: [], time_left_ms: QUESTION_MS + AUDIO_WAIT_MS, ...overrides });
}

export const REQUESTS = {
  quiz_zone: { mode: 'quiz_zone', category: 'science', subcategory: 'space', level: 1 },
  daily_quiz: { mode: 'daily_quiz', timezone: 'Europe/Madrid' },
  self_challenge: { mode: 'self_challenge', category_slug: 'science', limit: 2, minutes: 2 },
  guess_the_word: { mode: 'guess_the_word', type: 'subcategory', type_id: 7 },
  audio: { mode: 'audio', type: 'subcategory', type_id: 8 },
} as const satisfies Record<string, OpenPlayRequest>;

export function playResult(overrides: Partial<PlayResult> = {}): PlayResult {
  return {
    total: 2,
    correct: 1,
    wrong: 1,
    unanswered: 0,
    skipped: 0,
    percentage: 50,
    passed: true,
    score: 0,
    coins_earned: 2,
    level_unlocked: 2,
    coins: 102,
    badges_unlocked: [],
    review_cost: 10,
    ...overrides,
  };
}

export function playReview(answers: Record<number, string | null> = { 101: 'b', 102: 'a' }): PlayReview {
  return {
    coins: 92,
    questions: QUESTIONS.map((q) => {
      const answer = answers[q.id] ?? null;
      return {
        ...q,
        answer,
        correct_answer: RIGHT[q.id]!,
        note: NOTES[q.id] ?? null,
        status: answer === null ? 'unanswered' : answer === RIGHT[q.id] ? 'correct' : 'wrong',
      };
    }),
  };
}

export function fakePlayServer(session: PlaySession = playSession()) {
  const calls = {
    loadSession: controllableCall<CallOutcome<PlaySession>, OpenPlayRequest>(),
    submitAnswer: controllableCall<CallOutcome<SubmitAnswerResult>, SubmitAnswerPayload>(),
    useLifeline: controllableCall<CallOutcome<LifelineData>, UseLifelinePayload>(),
    finishPlay: controllableCall<CallOutcome<PlayResult>, SessionPayload>(),
    loadReview: controllableCall<CallOutcome<PlayReview>, SessionPayload>(),
    useHint: controllableCall<CallOutcome<WordHintData>, QuestionPayload>(),
    startQuestionClock: controllableCall<CallOutcome<QuestionClockData>, QuestionPayload>(),
  };
  const services: QuizPlayServices = {
    loadSession: calls.loadSession.fn,
    submitAnswer: calls.submitAnswer.fn,
    useLifeline: calls.useLifeline.fn,
    finishPlay: calls.finishPlay.fn,
    loadReview: calls.loadReview.fn,
    useHint: calls.useHint.fn,
    startQuestionClock: calls.startQuestionClock.fn,
  };
  let coins = session.coins;
  const hintsGiven = new Map<number, number>();
  const indexOf = (questionId: number) => session.questions.findIndex((q) => q.id === questionId);
  /** What the server answers after question `index` closed. */
  const next = (index: number) => {
    const finished = index + 1 >= session.questions.length;
    const wait = session.mode === 'audio' ? AUDIO_WAIT_MS : 0;
    return { current_index: index + 1, finished, time_left_ms: finished ? 0 : session.total_time === null ? QUESTION_MS + wait : SESSION_MS / 2 };
  };

  const lifelineData = (input: UseLifelinePayload): LifelineData => {
    coins -= LIFELINE_COST;
    const question = session.questions[indexOf(input.question_id)]!;
    const right = RIGHT[question.id]!;
    const wrong = question.options.map((o) => o.key).filter((k) => k !== right);
    const byLifeline: { [K in Lifeline]: LifelineData } = {
      fifty_fifty: { removed: wrong.slice(0, 2), coins },
      audience_poll: { percentages: Object.fromEntries(question.options.map((o) => [o.key, o.key === right ? 70 : 10])), coins },
      reset_timer: { time_left_ms: QUESTION_MS, coins },
      skip: { skipped: true, ...next(indexOf(input.question_id)), coins },
    };
    return byLifeline[input.lifeline];
  };

  const answer = {
    /** Opens the session. */
    load: async (s: PlaySession = session) => {
      calls.loadSession.resolve({ ok: true, data: s });
      await flushPromises();
    },
    /** Resumes the session after its last answer (the player left before asking for the result). */
    loadAnswered: async () => {
      calls.loadSession.resolve({ ok: true, data: { ...session, current_index: session.questions.length, time_left_ms: 0, current_effects: {} } });
      await flushPromises();
    },
    loadFails: async (code: string | null = '122') => {
      calls.loadSession.resolve({ ok: false, code });
      await flushPromises();
    },
    /** Grades the answer in flight; `correct` says whether the player got it right (an empty answer never is). */
    /** Grades the last answer; `points` is what the server says the answer scored (absent: not said). */
    grade: async (correct: boolean, points?: number) => {
      const { input } = calls.submitAnswer.last();
      const timedOut = input.answer === '';
      calls.submitAnswer.resolve({
        ok: true,
        data: { correct: correct && !timedOut, correct_answer: RIGHT[input.question_id]!, timed_out: timedOut, ...next(indexOf(input.question_id)), ...(points === undefined ? {} : { points }) },
      });
      await flushPromises();
    },
    /** Refuses a late answer; with `withWhereNext`, also says where the play went on (as the server does). */
    tooLate: async (withWhereNext = false) => {
      const { input } = calls.submitAnswer.last();
      calls.submitAnswer.resolve({ ok: false, code: 'answer_too_late', ...(withWhereNext ? { meta: { ...next(indexOf(input.question_id)), time_left_ms: 29_000 } } : {}) });
      await flushPromises();
    },
    submitFails: async () => {
      calls.submitAnswer.resolve({ ok: false, code: null });
      await flushPromises();
    },
    grantLifeline: async () => {
      const call = calls.useLifeline.last();
      call.resolve({ ok: true, data: lifelineData(call.input) });
      await flushPromises();
    },
    refuseLifeline: async (code: string) => {
      calls.useLifeline.resolve({ ok: false, code });
      await flushPromises();
    },
    finish: async (result: PlayResult = playResult()) => {
      calls.finishPlay.resolve({ ok: true, data: result });
      await flushPromises();
    },
    finishFails: async () => {
      calls.finishPlay.resolve({ ok: false, code: '122' });
      await flushPromises();
    },
    review: async (review: PlayReview = playReview()) => {
      calls.loadReview.resolve({ ok: true, data: review });
      await flushPromises();
    },
    reviewFails: async (code = 'not_enough_coins') => {
      calls.loadReview.resolve({ ok: false, code });
      await flushPromises();
    },
    /** Reveals a letter of the open word (the server's pick here: the first place not revealed). */
    hint: async () => {
      const call = calls.useHint.last();
      coins -= HINT_COST;
      const used = hintsGiven.get(call.input.question_id) ?? 0;
      hintsGiven.set(call.input.question_id, used + 1);
      const letter = wordLetters(RIGHT[call.input.question_id]!, 'plain')[used]!;
      call.resolve({ ok: true, data: { hint: { index: used, letter }, hints_left: Math.max(0, 1 - used), coins } });
      await flushPromises();
    },
    refuseHint: async (code: string | null) => {
      calls.useHint.resolve({ ok: false, code });
      await flushPromises();
    },
    /** Starts the open audio question's clock: its whole time from now. */
    startClock: async (ms = QUESTION_MS) => {
      calls.startQuestionClock.resolve({ ok: true, data: { time_left_ms: ms } });
      await flushPromises();
    },
    startClockFails: async () => {
      calls.startQuestionClock.resolve({ ok: false, code: null });
      await flushPromises();
    },
  };

  /** Calls waiting for an answer, by name. */
  const pending = () =>
    Object.fromEntries(
      Object.entries(calls)
        .map(([name, call]) => [name, call.pending().length] as const)
        .filter(([, n]) => n > 0),
    );

  return { calls, services, answer, pending };
}

export type FakePlayServer = ReturnType<typeof fakePlayServer>;

export interface StartOptions {
  readonly request?: OpenPlayRequest;
  readonly session?: PlaySession;
  readonly lifelines?: boolean;
  /** Also called with every lifeline refusal the machine announces (views: the toast). */
  readonly onRefusal?: (notice: LifelineRefusalNotice) => void;
}

/** The real quiz-play machine with the fake server's calls, on a simulated clock. */
export function startQuizPlay(options: StartOptions = {}) {
  const session = options.session ?? playSession();
  const server = fakePlayServer(session);
  const clock = new SimulatedClock();
  const refusals: LifelineRefusalNotice[] = [];
  const machine = createQuizPlayMachine(server.services).provide({
    actions: {
      announceRefusal: (_, notice: LifelineRefusalNotice) => {
        refusals.push(notice);
        options.onRefusal?.(notice);
      },
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { request: options.request ?? REQUESTS.quiz_zone, ...(options.lifelines === undefined ? {} : { lifelines: options.lifelines }) },
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  const countdown = () => snapshot().children.countdown?.getSnapshot();
  const lifelines = () => snapshot().children.lifelines?.getSnapshot();
  return {
    actor,
    clock,
    server,
    refusals,
    snapshot,
    context: () => snapshot().context,
    countdown,
    lifelines,
    /** Lets the open clock run out. */
    expire: () => clock.increment(countdown()?.context.remainingMs ?? 0),
    answer: (key: string) => actor.send({ type: 'user.answer', key }),
    ask: (lifeline: Lifeline) => actor.send({ type: 'user.lifeline', lifeline }),
    hint: () => actor.send({ type: 'user.hint' }),
  };
}

/** The harness of each model configuration (machine tests; the view tests add their toasts). */
export const MODEL_STARTS = {
  quiz_zone: (o: StartOptions = {}) => startQuizPlay(o),
  daily_quiz: (o: StartOptions = {}) => startQuizPlay({ request: REQUESTS.daily_quiz, session: playSession({ mode: 'daily_quiz', lifelines: [] }), ...o }),
  self_challenge: (o: StartOptions = {}) => startQuizPlay({ request: REQUESTS.self_challenge, session: selfChallengeSession(), ...o }),
  guess_the_word: (o: StartOptions = {}) => startQuizPlay({ request: REQUESTS.guess_the_word, session: wordSession(), ...o }),
  audio: (o: StartOptions = {}) => startQuizPlay({ request: REQUESTS.audio, session: audioSession(), ...o }),
} as const;

export type QuizPlayHarness = ReturnType<typeof startQuizPlay>;
