import { createActor } from 'xstate';
import { pathRows } from '@/machines/testing/paths';
import { quizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import { MODEL_CONFIGS, modelRefusal, quizPlayModelPaths, type ModelConfigName } from '@/machines/quiz-play/quiz-play.model';
import { LIFELINES } from '@/services/domain/lifelines';
import { flushPromises } from '@/tests/fakes/controllable-actor';
import { MODEL_STARTS, playResult, playSession, QUESTION_MS, REQUESTS, selfChallengeSession, SESSION_MS, startQuizPlay } from '@/tests/fakes/fake-play-server';
import { runQuizPlayPath } from '@/tests/paths/quiz-play-paths';

const scheduled = (h: ReturnType<typeof startQuizPlay>) => Object.keys(h.actor.system.getSnapshot()._scheduledEvents).length;

async function playing(options: Parameters<typeof startQuizPlay>[0] = {}) {
  const h = startQuizPlay(options);
  await h.server.answer.load(options.session);
  return h;
}

describe('loading a play', () => {
  test('opens the session with the page request, then shows the open question with its clock', async () => {
    const h = startQuizPlay();
    expect(h.snapshot().value).toBe('loading');
    expect(h.server.calls.loadSession.last().input).toEqual(REQUESTS.quiz_zone);
    await h.server.answer.load();
    expect(h.snapshot().matches({ playing: { question: 'answering' } })).toBe(true);
    expect(h.context().index).toBe(0);
    expect(h.context().coins).toBe(100);
    expect(h.countdown()?.context.remainingMs).toBe(QUESTION_MS);
  });

  test('says "no questions found" when the server has none (102) or sends an empty list', async () => {
    const a = startQuizPlay();
    await a.server.answer.loadFails('102');
    expect(a.snapshot().value).toBe('empty');
    const b = startQuizPlay();
    await b.server.answer.load(playSession({ questions: [] }));
    expect(b.snapshot().value).toBe('empty');
  });

  test('keeps the code of a refusal for the error text and loads again on retry', async () => {
    const h = startQuizPlay({ request: REQUESTS.daily_quiz });
    await h.server.answer.loadFails('112');
    expect(h.snapshot().value).toBe('failed');
    expect(h.context().errorCode).toBe('112');
    h.actor.send({ type: 'user.retry' });
    expect(h.snapshot().value).toBe('loading');
    expect(h.server.calls.loadSession.calls).toHaveLength(2);
    expect(h.context().errorCode).toBeNull();
  });

  test('treats a call that threw as a failure without a code', async () => {
    const h = startQuizPlay();
    h.server.calls.loadSession.reject(new Error('network'));
    await flushPromises();
    expect(h.snapshot().value).toBe('failed');
    expect(h.context().errorCode).toBeNull();
  });

  test('resumes a session where the server stands, with the lifelines used before', async () => {
    const session = playSession({ current_index: 1, time_left_ms: 12_000, lifelines: playSession().lifelines.map((o) => (o.key === 'skip' ? { ...o, available: false } : o)) });
    const h = await playing({ session });
    expect(h.context().index).toBe(1);
    expect(h.countdown()?.context.remainingMs).toBe(12_000);
    h.ask('skip');
    expect(h.refusals).toEqual([{ lifeline: 'skip', code: 'lifeline_used' }]);
    expect(h.server.calls.useLifeline.calls).toHaveLength(0);
  });
  test('a session resumed after its last answer (left before "See the result") is finished at once and shows its result, then plays again', async () => {
    for (const [start, session] of [
      [MODEL_STARTS.quiz_zone, playSession()],
      [MODEL_STARTS.self_challenge, selfChallengeSession()],
    ] as const) {
      const h = start();
      await h.server.answer.load({ ...session, current_index: session.questions.length, time_left_ms: 0 });
      expect(h.snapshot().value).toBe('finishing');
      // Nothing is answered again (the server would refuse it: every question is closed).
      expect(h.server.calls.submitAnswer.calls).toHaveLength(0);
      expect(h.server.calls.finishPlay.last().input).toEqual({ session_id: session.session_id });
      await h.server.answer.finish();
      expect(h.snapshot().value).toBe('result');
      expect(h.context().result).not.toBeNull();
      h.actor.send({ type: 'user.play_again' });
      expect(h.snapshot().value).toBe('loading');
      await h.server.answer.load();
      expect(h.snapshot().matches('playing')).toBe(true);
      expect(h.context().index).toBe(0);
    }
  });
});

test('resumes a question after a reload with what 50/50 had removed, and keeps its conflict', async () => {
  const h = await playing({
    session: playSession({
      current_effects: { removed: ['a', 'b'] },
      lifelines: playSession().lifelines.map((o) => (o.key === 'fifty_fifty' ? { ...o, available: false } : o)),
    }),
  });
  expect(h.context().removed).toEqual(['a', 'b']);
  h.ask('audience_poll');
  expect(h.refusals).toEqual([{ lifeline: 'audience_poll', code: 'lifeline_conflict' }]);
  expect(h.server.calls.useLifeline.calls).toHaveLength(0);
});

test('resumes a question after a reload with the audience poll shown', async () => {
  const h = await playing({ session: playSession({ current_effects: { percentages: { a: 5, b: 5, c: 80, d: 10 } } }) });
  expect(h.context().poll).toEqual({ a: 5, b: 5, c: 80, d: 10 });
});

describe('answering', () => {
  test('locks the chosen option at once and sends it to the server', async () => {
    const h = await playing();
    h.answer('b');
    expect(h.snapshot().matches({ playing: { question: 'submitting' } })).toBe(true);
    expect(h.server.calls.submitAnswer.last().input).toEqual({ session_id: 's_1', question_id: 101, answer: 'b' });
  });

  test('shows whether it was right and the right answer the server returned', async () => {
    const h = await playing();
    h.answer('b');
    await h.server.answer.grade(false);
    expect(h.snapshot().matches({ playing: 'feedback' })).toBe(true);
    expect(h.context().feedback).toEqual({ answer: 'b', correct: false, correctAnswer: 'c', timedOut: false, nextIndex: 1, finished: false, points: null });
  });

  test("keeps the points the server gave each answer and counts right answers in a row, from 0 again after a wrong one", async () => {
    const h = await playing();
    h.answer('c');
    await h.server.answer.grade(true, 4);
    expect([h.context().feedback?.points, h.context().streak]).toEqual([4, 1]);
    h.actor.send({ type: 'user.next' });
    h.answer('a');
    await h.server.answer.grade(false, -4);
    expect([h.context().feedback?.points, h.context().streak]).toEqual([-4, 0]);
  });

  test('moves on to the question the server opened, and finishes after the last one', async () => {
    const h = await playing();
    h.answer('c');
    await h.server.answer.grade(true);
    h.actor.send({ type: 'user.next' });
    expect(h.context().index).toBe(1);
    expect(h.context().feedback).toBeNull();
    h.answer('a');
    await h.server.answer.grade(true);
    expect(h.context().feedback?.finished).toBe(true);
    h.actor.send({ type: 'user.next' });
    expect(h.snapshot().value).toBe('finishing');
    expect(h.server.calls.finishPlay.last().input).toEqual({ session_id: 's_1' });
    await h.server.answer.finish(playResult({ coins: 104 }));
    expect(h.snapshot().value).toBe('result');
    expect(h.context().result?.level_unlocked).toBe(2);
    expect(h.context().coins).toBe(104);
  });

  test('sends an empty answer when the question time runs out, and shows "time\'s up"', async () => {
    const h = await playing();
    h.clock.increment(QUESTION_MS - 1);
    expect(h.snapshot().matches({ playing: { question: 'answering' } })).toBe(true);
    h.clock.increment(1);
    expect(h.server.calls.submitAnswer.last().input.answer).toBe('');
    await h.server.answer.grade(false);
    expect(h.context().feedback).toMatchObject({ answer: '', timedOut: true, correctAnswer: 'c' });
  });

  test('shows "time\'s up" when the server refuses a late answer, and gives the next question a full clock', async () => {
    const h = await playing();
    h.answer('c');
    await h.server.answer.tooLate();
    expect(h.context().feedback).toEqual({ answer: 'c', correct: false, correctAnswer: null, timedOut: true, nextIndex: 1, finished: false, points: 0 });
    expect(h.countdown()?.context.remainingMs).toBe(QUESTION_MS);
  });

  test('follows where the server says the play went on after a late answer', async () => {
    const h = await playing();
    h.answer('c');
    await h.server.answer.tooLate(true);
    expect(h.context().feedback).toMatchObject({ nextIndex: 1, finished: false });
    expect(h.countdown()?.context.remainingMs).toBe(29_000);
  });

  test('restarts the clock with the time the server gives the next question, and runs it during the feedback', async () => {
    const h = await playing();
    h.clock.increment(10_000);
    h.answer('c');
    await h.server.answer.grade(true);
    expect(h.countdown()?.value).toBe('running');
    expect(h.countdown()?.context.remainingMs).toBe(QUESTION_MS);
    h.clock.increment(1000);
    h.actor.send({ type: 'user.next' });
    expect(h.countdown()?.context.remainingMs).toBe(QUESTION_MS - 1000);
  });

  test('loses the next question when its time runs out during the feedback', async () => {
    const h = await playing();
    h.answer('c');
    await h.server.answer.grade(true);
    h.expire();
    expect(h.snapshot().matches({ playing: { question: 'submitting' } })).toBe(true);
    expect(h.context().index).toBe(1);
    expect(h.server.calls.submitAnswer.last().input).toEqual({ session_id: 's_1', question_id: 102, answer: '' });
  });

  test('reloads the session when an answer cannot be sent, to go on where the server stands', async () => {
    const h = await playing();
    h.answer('c');
    await h.server.answer.submitFails();
    expect(h.snapshot().value).toBe('failed');
    h.actor.send({ type: 'user.retry' });
    expect(h.server.calls.loadSession.calls).toHaveLength(2);
  });
});

describe('lifelines in a play', () => {
  test('50/50 removes the two options the server names', async () => {
    const h = await playing();
    h.ask('fifty_fifty');
    expect(h.server.calls.useLifeline.last().input).toEqual({ session_id: 's_1', question_id: 101, lifeline: 'fifty_fifty' });
    await h.server.answer.grantLifeline();
    expect(h.context().removed).toEqual(['a', 'b']);
    expect(h.context().coins).toBe(90);
  });

  test('audience poll shows the percentages', async () => {
    const h = await playing();
    h.ask('audience_poll');
    await h.server.answer.grantLifeline();
    expect(h.context().poll).toEqual({ a: 10, b: 10, c: 70, d: 10 });
  });

  test('reset timer restarts the countdown with the time the server returns', async () => {
    const h = await playing();
    h.clock.increment(20_000);
    h.ask('reset_timer');
    await h.server.answer.grantLifeline();
    expect(h.countdown()?.context.remainingMs).toBe(QUESTION_MS);
    expect(h.snapshot().matches({ playing: { question: 'answering' } })).toBe(true);
  });

  test('skip moves to the next question without feedback, and on the last question finishes', async () => {
    const h = await playing();
    h.ask('skip');
    await h.server.answer.grantLifeline();
    expect(h.snapshot().matches({ playing: { question: 'answering' } })).toBe(true);
    expect(h.context().index).toBe(1);
    expect(h.lifelines()?.context.question).toEqual({ id: 102, type: 'boolean', options: 2 });

    const last = await playing({ session: playSession({ current_index: 1 }) });
    last.ask('skip');
    await last.server.answer.grantLifeline();
    expect(last.snapshot().value).toBe('finishing');
  });

  test('a refusal is announced with its code and the player can go on answering', async () => {
    const h = await playing();
    h.ask('fifty_fifty');
    await h.server.answer.refuseLifeline('not_enough_coins');
    expect(h.refusals).toEqual([{ lifeline: 'fifty_fifty', code: 'not_enough_coins' }]);
    expect(h.snapshot().matches({ playing: { question: 'answering' } })).toBe(true);
  });

  test('the help of a lifeline is for its question only', async () => {
    const h = await playing();
    h.ask('fifty_fifty');
    await h.server.answer.grantLifeline();
    h.answer('c');
    await h.server.answer.grade(true);
    h.actor.send({ type: 'user.next' });
    expect(h.context().removed).toEqual([]);
  });

  test('can be turned on for a mode by the input', async () => {
    const h = await playing({ request: REQUESTS.daily_quiz, lifelines: true });
    h.ask('skip');
    expect(h.server.calls.useLifeline.calls).toHaveLength(1);
  });
});

describe('self challenge', () => {
  test('runs one clock for the whole session, through every question and feedback', async () => {
    const h = await playing({ request: REQUESTS.self_challenge, session: selfChallengeSession() });
    h.clock.increment(10_000);
    h.answer('c');
    expect(h.countdown()?.value).toBe('running');
    await h.server.answer.grade(true);
    h.actor.send({ type: 'user.next' });
    expect(h.countdown()?.value).toBe('running');
    expect(h.countdown()?.context.remainingMs).toBe(SESSION_MS / 2);
  });

  test('finishes the play when the session time is over', async () => {
    const h = await playing({ request: REQUESTS.self_challenge, session: selfChallengeSession() });
    h.expire();
    expect(h.snapshot().value).toBe('finishing');
    expect(h.server.calls.submitAnswer.calls).toHaveLength(0);
  });
});

describe('after the play', () => {
  test('a failed finish can be retried, and asks the server again', async () => {
    const h = await playing({ session: playSession({ current_index: 1 }) });
    h.answer('a');
    await h.server.answer.grade(true);
    h.actor.send({ type: 'user.next' });
    await h.server.answer.finishFails();
    expect(h.snapshot().value).toBe('finishFailed');
    h.actor.send({ type: 'user.retry' });
    expect(h.server.calls.finishPlay.calls).toHaveLength(2);
  });

  test('the review loads the questions with answers and notes, and goes back to the result', async () => {
    const h = await playing({ session: playSession({ current_index: 1 }) });
    h.answer('a');
    await h.server.answer.grade(true);
    h.actor.send({ type: 'user.next' });
    await h.server.answer.finish();
    h.actor.send({ type: 'user.review' });
    expect(h.server.calls.loadReview.last().input).toEqual({ session_id: 's_1' });
    await h.server.answer.review();
    expect(h.snapshot().value).toBe('review');
    expect(h.context().review?.questions).toHaveLength(2);
    expect(h.context().coins).toBe(92);
    h.actor.send({ type: 'user.back' });
    expect(h.snapshot().value).toBe('result');
  });

  test('play again opens a new session with the same request', async () => {
    const h = await playing({ session: playSession({ current_index: 1 }) });
    h.ask('skip');
    await h.server.answer.grantLifeline();
    await h.server.answer.finish();
    h.actor.send({ type: 'user.play_again' });
    expect(h.snapshot().value).toBe('loading');
    expect(h.context().result).toBeNull();
    expect(h.server.calls.loadSession.last().input).toEqual(REQUESTS.quiz_zone);
  });
});

describe('a play must not', () => {
  test('send anything to the server before the player answers', async () => {
    const h = await playing();
    expect(h.server.calls.submitAnswer.calls).toHaveLength(0);
  });

  test('take a second answer once one is locked', async () => {
    const h = await playing();
    h.answer('b');
    h.answer('c');
    expect(h.server.calls.submitAnswer.calls).toHaveLength(1);
    expect(h.server.calls.submitAnswer.last().input.answer).toBe('b');
  });

  test('take an option 50/50 removed, or a letter the question does not have', async () => {
    const h = await playing();
    h.ask('fifty_fifty');
    await h.server.answer.grantLifeline();
    h.answer('a');
    h.answer('z');
    expect(h.snapshot().matches({ playing: { question: 'answering' } })).toBe(true);
    expect(h.server.calls.submitAnswer.calls).toHaveLength(0);
  });

  test('take an answer while the server decides on a lifeline', async () => {
    const h = await playing();
    h.ask('reset_timer');
    h.answer('c');
    expect(h.server.calls.submitAnswer.calls).toHaveLength(0);
  });

  test('ask for a second 50/50, or for audience poll after 50/50 on the same question', async () => {
    const h = await playing();
    h.ask('fifty_fifty');
    await h.server.answer.grantLifeline();
    h.ask('fifty_fifty');
    h.ask('audience_poll');
    expect(h.server.calls.useLifeline.calls).toHaveLength(1);
    expect(h.refusals).toEqual([
      { lifeline: 'fifty_fifty', code: 'lifeline_used' },
      { lifeline: 'audience_poll', code: 'lifeline_conflict' },
    ]);
  });

  test('ask the server for a lifeline in a mode without lifelines', async () => {
    const h = await playing({ request: REQUESTS.daily_quiz, session: playSession({ mode: 'daily_quiz', lifelines: [] }) });
    for (const l of LIFELINES) h.ask(l);
    expect(h.server.calls.useLifeline.calls).toHaveLength(0);
    expect(h.refusals.map((r) => r.code)).toEqual(['lifeline_not_allowed', 'lifeline_not_allowed', 'lifeline_not_allowed', 'lifeline_not_allowed']);
  });

  test('ask for 50/50 or audience poll on a true/false question', async () => {
    const h = await playing({ session: playSession({ current_index: 1 }) });
    h.ask('fifty_fifty');
    h.ask('audience_poll');
    expect(h.server.calls.useLifeline.calls).toHaveLength(0);
  });

  test('run the question clock while an answer is being graded', async () => {
    const h = await playing();
    h.answer('c');
    h.clock.increment(QUESTION_MS * 2);
    expect(h.snapshot().matches({ playing: { question: 'submitting' } })).toBe(true);
    expect(h.server.calls.submitAnswer.calls).toHaveLength(1);
  });

  test('finish twice when the player presses next twice', async () => {
    const h = await playing({ session: playSession({ current_index: 1 }) });
    h.answer('a');
    await h.server.answer.grade(true);
    h.actor.send({ type: 'user.next' });
    h.actor.send({ type: 'user.next' });
    expect(h.server.calls.finishPlay.calls).toHaveLength(1);
  });

  test('leave a clock ticking once the play is over', async () => {
    const h = await playing({ session: playSession({ current_index: 1 }) });
    h.answer('a');
    await h.server.answer.grade(true);
    h.actor.send({ type: 'user.next' });
    expect(h.countdown()).toBeUndefined();
    expect(scheduled(h)).toBe(0);
  });

  test('apply a lifeline answer that comes after the question closed, beyond its coins', async () => {
    const h = await playing();
    h.ask('fifty_fifty');
    h.expire();
    expect(h.snapshot().matches({ playing: { question: 'submitting' } })).toBe(true);
    await h.server.answer.grade(false);
    h.server.calls.useLifeline.calls[0]!.resolve({ ok: true, data: { removed: ['a', 'b'], coins: 90 } });
    await flushPromises();
    expect(h.context().removed).toEqual([]);
    expect(h.context().coins).toBe(90);
  });

  test('send a second lifeline request while the first is still in flight', async () => {
    const h = await playing();
    h.ask('fifty_fifty');
    h.expire();
    await h.server.answer.grade(false);
    h.actor.send({ type: 'user.next' });
    h.ask('skip');
    expect(h.server.calls.useLifeline.calls).toHaveLength(1);
    expect(h.refusals).toEqual([{ lifeline: 'skip', code: 'lifeline_busy' }]);
    expect(h.snapshot().matches({ playing: { question: 'answering' } })).toBe(true);
  });

  test('call the server without being provided with the calls', async () => {
    const actor = createActor(quizPlayMachine, { input: { request: REQUESTS.quiz_zone } });
    actor.start();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('failed');
  });
});

/** Dotted names of the machine's atomic states ("playing.question.answering"), leaving out the transient ones (only eventless transitions: never a snapshot's value). */
function atomicStates(node: { states: Record<string, unknown> }, prefix = ''): string[] {
  return Object.entries(node.states).flatMap(([key, child]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const { states, always } = child as { states: Record<string, unknown>; always?: unknown[] };
    if (always?.length) return [];
    return Object.keys(states).length ? atomicStates(child as { states: Record<string, unknown> }, name) : [name];
  });
}

const dotted = (value: unknown): string => (typeof value === 'string' ? value : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${dotted(v)}`)[0]!);

describe('the quiz-play model paths', () => {
  const all = (Object.keys(MODEL_CONFIGS) as ModelConfigName[]).flatMap((c) => quizPlayModelPaths(c));

  test('pass through every state of the real machine', () => {
    const visited = new Set(all.flatMap((p) => p.steps.map((s) => dotted(s.state.value))));
    expect([...visited].sort()).toEqual(atomicStates(quizPlayMachine.root).sort());
  });

  test('grant each lifeline, refuse it for each reason, and try 50/50 and the poll on one question both ways', () => {
    const seen = new Set<string>();
    for (const p of all) {
      for (let i = 1; i < p.steps.length; i++) {
        const before = p.steps[i - 1]!.state;
        const { event, state } = p.steps[i]!;
        if (event.type === 'user.lifeline' && state.matches({ playing: { question: 'answering' } })) seen.add(`${event.lifeline} ${modelRefusal(before.context, event.lifeline)}`);
        if (event.type === 'api.lifeline_granted') seen.add(`${before.context.requested} granted`);
        if (event.type === 'api.lifeline_refused') seen.add(`${before.context.requested} ${event.code}`);
        if (event.type === 'user.lifeline' && before.context.onQuestion && before.context.onQuestion !== event.lifeline) seen.add(`${event.lifeline} after ${before.context.onQuestion}`);
      }
    }
    for (const l of LIFELINES) {
      for (const outcome of ['granted', 'lifeline_used', 'lifeline_not_allowed', 'not_enough_coins', 'lifeline_busy']) expect(seen).toContain(`${l} ${outcome}`);
    }
    expect(seen).toContain('fifty_fifty lifeline_conflict');
    expect(seen).toContain('audience_poll lifeline_conflict');
    expect(seen).toContain('audience_poll after fifty_fifty');
    expect(seen).toContain('fifty_fifty after audience_poll');
  });
});

describe.each(Object.keys(MODEL_CONFIGS) as ModelConfigName[])('every path of the quiz-play model (%s)', (config) => {
  const paths = quizPlayModelPaths(config);
  const start = () => MODEL_STARTS[config]();

  test.each(pathRows('quiz-play', config, paths))('%s', async (_name, path) => {
    const h = start();
    await runQuizPlayPath(path, h);
    h.actor.stop();
  });
});
