import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { createQuizPlayMachine, type QuizPlayServices } from '@/machines/quiz-play/quiz-play.machine';
import { OPEN_PLAY_ENDPOINT, type CallOutcome, type OpenPlayRequest } from '@/services/domain/play-session';
import type { TestApi } from '@/tests/setup/api';

export type PlayActor = ActorRefFrom<ReturnType<typeof createQuizPlayMachine>>;

/** The real quiz-play machine, its calls made to the real API as `token`'s player. */
export function quizPlayAgainst(api: TestApi, token: string, request: OpenPlayRequest): PlayActor {
  const call = async <T>(endpoint: string, payload: object): Promise<CallOutcome<T>> => {
    const answer = await api.call(endpoint, { ...payload }, { token });
    return answer.body.error ? { ok: false, code: answer.body.message } : { ok: true, data: answer.body.data as T };
  };
  const services: QuizPlayServices = {
    loadSession: ({ mode, ...payload }) => call(OPEN_PLAY_ENDPOINT[mode], payload),
    submitAnswer: (p) => call('submit_answer', p),
    useLifeline: (p) => call('use_lifeline', p),
    finishPlay: (p) => call('finish_play', p),
    loadReview: (p) => call('get_play_review', p),
    useHint: (p) => call('guess_the_word_hint', p),
    startQuestionClock: (p) => call('start_question_clock', p),
  };
  const actor = createActor(createQuizPlayMachine(services), { input: { request } });
  actor.start();
  return actor;
}

/** Waits for `test`, or fails naming what it waited for and where the machine is. */
export async function playUntil(actor: PlayActor, what: string, test: (s: ReturnType<PlayActor['getSnapshot']>) => boolean, timeout = 10_000): Promise<void> {
  try {
    await waitFor(actor, test, { timeout });
  } catch {
    const c = actor.getSnapshot().context;
    throw new Error(`waited for ${what}; the machine is in ${JSON.stringify(actor.getSnapshot().value)} (question ${c.index}, coins ${c.coins}, error ${c.errorCode})`);
  }
}
