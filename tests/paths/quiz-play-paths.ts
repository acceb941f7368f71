import { MODEL_CONFIGS, modelRefusal, quizPlayModelPaths, type ModelConfigName, type QuizPlayModelContext, type QuizPlayModelEvent } from '@/machines/quiz-play/quiz-play.model';
import { testPath } from '@/machines/testing/trace';
import type { LifelineRefusalNotice } from '@/machines/lifelines/lifelines.machine';
import { payloadOf } from '@/machines/testing/paths';
import { LIFELINES, type Lifeline } from '@/services/domain/lifelines';
import { HINT_COST, playSession, QUESTION_MS, RIGHT, type QuizPlayHarness } from '@/tests/fakes/fake-play-server';

/**
 * Runs a quiz-play model path against the real machine (started by the harness), optionally
 * through the real views: then the player's events are clicks and key presses on the screen,
 * and every state is also checked on the screen.
 */

export type QuizPlayPath = ReturnType<typeof quizPlayModelPaths>[number];
type ModelSnapshot = QuizPlayPath['state'];

/** How the player's events reach the machine: straight `send`s, or the screen. */
export interface PlayerDriver {
  answer(): void;
  lifeline(lifeline: Lifeline): void;
  /** Asks for a hint (guess the word). */
  hint(): void;
  /** The question's audio became ready, or failed to load (the page's audio element). */
  mediaReady(): void;
  mediaFailed(): void;
  next(): void;
  retry(): void;
  review(): void;
  back(): void;
  playAgain(): void;
}

export interface ViewChecks {
  /** Asserts that the screen shows the model state. */
  check(expected: ModelSnapshot, h: QuizPlayHarness): void;
  /** Asserts that the player was told why a lifeline was refused. */
  refused?(notice: LifelineRefusalNotice): void;
}

export interface RunOptions {
  readonly player?: PlayerDriver;
  readonly view?: ViewChecks;
  /** Wraps every step (React's `act` when views are rendered). */
  readonly wrap?: (step: () => Promise<void> | void) => Promise<void>;
}

/** The first option of the question on screen that the player may still pick. */
export function firstOpenOption(h: QuizPlayHarness): { key: string; position: number } {
  const { session, index, removed } = h.context();
  const options = session?.questions[index]?.options ?? [];
  const position = options.findIndex((o) => !removed.includes(o.key));
  return { key: options[Math.max(0, position)]?.key ?? 'a', position: Math.max(0, position) };
}

export function machinePlayer(h: QuizPlayHarness): PlayerDriver {
  return {
    answer: () => h.answer(firstOpenOption(h).key),
    lifeline: (l) => h.ask(l),
    hint: () => h.hint(),
    mediaReady: () => h.actor.send({ type: 'media.ready' }),
    mediaFailed: () => h.actor.send({ type: 'media.failed' }),
    next: () => h.actor.send({ type: 'user.next' }),
    retry: () => h.actor.send({ type: 'user.retry' }),
    review: () => h.actor.send({ type: 'user.review' }),
    back: () => h.actor.send({ type: 'user.back' }),
    playAgain: () => h.actor.send({ type: 'user.play_again' }),
  };
}

const sortedLifelines = (list: readonly Lifeline[]) => LIFELINES.filter((l) => list.includes(l));

/** The real machine is where the model is. */
export function checkMachine(h: QuizPlayHarness, expected: ModelSnapshot, abandoned: { lifeline: number; submit: number; hint: number; clock: number }): void {
  const snapshot = h.snapshot();
  const m: QuizPlayModelContext = expected.context;
  expect(snapshot.value).toEqual(expected.value);

  const calls: Record<string, number> = {};
  if (expected.matches('loading')) calls.loadSession = 1;
  const submitCalls = abandoned.submit + (expected.matches({ playing: { question: 'submitting' } }) ? 1 : 0);
  if (submitCalls) calls.submitAnswer = submitCalls;
  if (expected.matches('finishing')) calls.finishPlay = 1;
  if (expected.matches('reviewing')) calls.loadReview = 1;
  const lifelineCalls = abandoned.lifeline + (expected.matches({ playing: { question: 'lifeline' } }) ? 1 : 0);
  if (lifelineCalls) calls.useLifeline = lifelineCalls;
  const hintCalls = abandoned.hint + (expected.matches({ playing: { question: 'hinting' } }) ? 1 : 0);
  if (hintCalls) calls.useHint = hintCalls;
  const clockCalls = abandoned.clock + (expected.matches({ playing: { question: 'startingClock' } }) ? 1 : 0);
  if (clockCalls) calls.startQuestionClock = clockCalls;
  expect(h.server.pending()).toEqual(calls);

  if (!expected.matches('playing')) return;
  const c = h.context();
  expect(c.index).toBe(m.index);
  expect(c.removed).toHaveLength(m.onQuestion === 'fifty_fifty' ? 2 : 0);
  expect(c.poll !== null).toBe(m.onQuestion === 'audience_poll');
  expect(sortedLifelines(h.lifelines()!.context.used)).toEqual(m.used);
  if (expected.matches({ playing: 'feedback' })) expect(c.feedback?.finished).toBe(m.finished);
  expect(c.hints).toHaveLength(m.hintsUsed);
  if (expected.matches({ playing: { question: 'answering' } })) expect(c.hintError !== null).toBe(m.hintRefused);
  expect(c.clockStarted).toBe(m.clockStarted);

  const clock = h.countdown()!.value;
  if (m.clock === 'session') expect(clock).toBe('running');
  // Paused while grading and while waiting for the audio; already expired when the time ran out.
  else if (expected.matches({ playing: { question: 'submitting' } })) expect(clock).not.toBe('running');
  else if (expected.matches({ playing: { question: 'waitingAudio' } }) || expected.matches({ playing: { question: 'startingClock' } })) expect(clock).toBe('paused');
  else if (expected.matches({ playing: 'question' })) expect(clock).toBe('running');
}

export async function runQuizPlayPath(path: QuizPlayPath, h: QuizPlayHarness, options: RunOptions = {}): Promise<void> {
  const player = options.player ?? machinePlayer(h);
  const wrap = options.wrap ?? (async (step) => void (await step()));
  const payload = payloadOf<QuizPlayModelEvent>();
  let before: ModelSnapshot = path.steps[0]!.state;
  // Calls the play stopped waiting for (the time ran out, or an answer came while the clock
  // started): they stay unanswered.
  const abandoned = { lifeline: 0, submit: 0, hint: 0, clock: 0 };
  const run = (step: () => Promise<void> | void) => wrap(step);
  const question = () => h.context().session?.questions[h.context().index];

  await testPath(path, {
    events: {
      'api.loaded': () => run(() => h.server.answer.load()),
      'api.loaded_answered': async () => {
        const sent = h.server.calls.submitAnswer.calls.length;
        const finishing = h.server.calls.finishPlay.calls.length;
        await run(() => h.server.answer.loadAnswered());
        // Straight to the result, as if the player had asked for it: no answer is sent again.
        expect(h.server.calls.submitAnswer.calls).toHaveLength(sent);
        expect(h.server.calls.finishPlay.calls).toHaveLength(finishing + 1);
        expect(h.server.calls.finishPlay.last().input).toEqual({ session_id: h.context().session!.session_id });
      },
      'api.empty': () => run(() => h.server.answer.load(playSession({ questions: [] }))),
      'api.failed': () => run(() => h.server.answer.loadFails('122')),
      'user.retry': () => run(() => player.retry()),
      'user.answer': async (step) => {
        if (before.matches({ playing: { question: 'startingClock' } }) && step.state.matches({ playing: { question: 'submitting' } })) abandoned.clock += 1;
        await run(() => player.answer());
      },
      'api.answered': async (step) => {
        const { correct } = payload(step);
        const id = question()!.id;
        // An empty answer is the player's time running out: the server says so, right or not.
        const timedOut = h.server.calls.submitAnswer.last().input.answer === '';
        await run(() => h.server.answer.grade(correct));
        expect(h.context().feedback).toMatchObject({ correct: correct && !timedOut, correctAnswer: RIGHT[id], timedOut });
      },
      'api.too_late': async () => {
        await run(() => h.server.answer.tooLate());
        expect(h.context().feedback).toMatchObject({ correct: false, correctAnswer: null, timedOut: true });
      },
      'api.submit_failed': () => run(() => h.server.answer.submitFails()),
      'timer.expired': async (step) => {
        if (before.matches({ playing: { question: 'lifeline' } })) abandoned.lifeline += 1;
        if (before.matches({ playing: { question: 'hinting' } })) abandoned.hint += 1;
        if (before.matches({ playing: { question: 'submitting' } }) && !step.state.matches({ playing: { question: 'submitting' } })) abandoned.submit += 1;
        await run(() => h.expire());
        if (!before.matches({ playing: { question: 'submitting' } }) && step.state.matches({ playing: { question: 'submitting' } })) expect(h.server.calls.submitAnswer.last().input.answer).toBe('');
      },
      'user.next': () => run(() => player.next()),
      'user.lifeline': async (step) => {
        const { lifeline } = payload(step);
        const heard = h.refusals.length;
        await run(() => player.lifeline(lifeline));
        const refused = step.state.matches({ playing: { question: 'answering' } });
        expect(h.refusals.slice(heard)).toEqual(refused ? [{ lifeline, code: modelRefusal(before.context, lifeline) }] : []);
        if (refused) options.view?.refused?.(h.refusals.at(-1)!);
      },
      'api.lifeline_granted': () => run(() => h.server.answer.grantLifeline()),
      'api.lifeline_refused': async (step) => {
        const { code } = payload(step);
        await run(() => h.server.answer.refuseLifeline(code));
        expect(h.refusals.at(-1)).toEqual({ lifeline: before.context.requested, code });
        options.view?.refused?.(h.refusals.at(-1)!);
      },
      'api.finished': () => run(() => h.server.answer.finish()),
      'api.finish_failed': () => run(() => h.server.answer.finishFails()),
      'user.review': () => run(() => player.review()),
      'api.reviewed': () => run(() => h.server.answer.review()),
      'api.review_failed': () => run(() => h.server.answer.reviewFails()),
      'user.back': () => run(() => player.back()),
      'user.play_again': () => run(() => player.playAgain()),
      'user.hint': () => run(() => player.hint()),
      'api.hint_granted': async () => {
        const coins = h.context().coins!;
        await run(() => h.server.answer.hint());
        expect(h.context().coins).toBe(coins - HINT_COST);
      },
      'api.hint_refused': (step) => run(() => h.server.answer.refuseHint(payload(step).code)),
      'media.ready': () => run(() => player.mediaReady()),
      'media.failed': () => run(() => player.mediaFailed()),
      'api.clock_started': async () => {
        await run(() => h.server.answer.startClock());
        expect(h.countdown()!.context.remainingMs).toBe(QUESTION_MS);
      },
      'api.clock_failed': async () => {
        const left = h.countdown()!.context.remainingMs;
        await run(() => h.server.answer.startClockFails());
        expect(h.countdown()!.context.remainingMs).toBe(left);
      },
    },
    states: {
      '*': (expected) => {
        checkMachine(h, expected, abandoned);
        options.view?.check(expected, h);
        before = expected;
      },
    },
  });
}

/** The shortest path through each state of the model, and the first path with each refusal. */
/** The configurations played through the views. */
export const VIEW_CONFIGS: readonly ModelConfigName[] = ['quiz_zone', 'self_challenge', 'guess_the_word', 'audio'];

export function viewPaths(config: ModelConfigName): QuizPlayPath[] {
  // Without lifelines the screen offers none, so no player can ask for one there.
  const paths = [...quizPlayModelPaths(config)]
    .filter((p) => MODEL_CONFIGS[config].lifelines || !p.steps.some((s) => s.event.type === 'user.lifeline'))
    .sort((a, b) => a.steps.length - b.steps.length);
  const chosen = new Set<QuizPlayPath>();
  const pick = (has: (p: QuizPlayPath) => boolean) => {
    const path = paths.find(has);
    if (path) chosen.add(path);
  };
  const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
  for (const v of values) pick((p) => p.steps.some((s) => JSON.stringify(s.state.value) === v));
  const refusals = new Set<string>();
  for (const p of paths) {
    for (let i = 1; i < p.steps.length; i++) {
      const { event, state } = p.steps[i]!;
      if (event.type === 'user.lifeline' && state.matches({ playing: { question: 'answering' } })) {
        refusals.add(`${event.lifeline} ${modelRefusal(p.steps[i - 1]!.state.context, event.lifeline)}`);
      }
    }
  }
  for (const r of refusals) {
    const [lifeline, code] = r.split(' ');
    pick((p) =>
      p.steps.some((s, i) => i > 0 && s.event.type === 'user.lifeline' && s.event.lifeline === lifeline && s.state.matches({ playing: { question: 'answering' } }) && modelRefusal(p.steps[i - 1]!.state.context, lifeline as Lifeline) === code),
    );
  }
  pick((p) => p.steps.some((s) => s.event.type === 'api.lifeline_refused'));
  return [...chosen];
}
