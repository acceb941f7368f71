import { waitFor } from 'xstate';
import type { OpenPlayRequest } from '@/services/domain/play-session';
import { quizPlayAgainst, type PlayActor } from '@/tests/paths/support/quiz-play-api';
import type { Db } from '@/services/server/db/client';
import { coinsOf, demoPlace, giveCoins, rightAnswers } from '@/tests/fixtures/play';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { scenario } from '@/tests/paths/support/scenario';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';

/**
 * The question kinds' plays against the real server: the real quiz-play machine, its calls made
 * to the real API, on the demo content. The model paths (machines/quiz-play/quiz-play.test.ts)
 * cover every state against a fake server; these check that the machine and the server agree on
 * the kinds' own steps: a hint (a letter, charged once), an audio question's clock started by the
 * server, answers in every shape graded right, a level opened by the pass.
 */

const { api, db } = seededApiSuite();

function playActor(token: string, request: OpenPlayRequest): PlayActor {
  const actor = quizPlayAgainst(api, token, request);
  started.push(actor);
  return actor;
}

/** Every actor a test started, stopped after it (its countdown would keep the process alive). */
const started: { stop(): void }[] = [];
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
});


const settled = { timeout: 10_000 };

/** Answers the question on screen with the answer the database holds, then goes on. */
async function answerRight(d: Db, actor: PlayActor) {
  const { session, index } = actor.getSnapshot().context;
  const question = session!.questions[index]!;
  const right = (await rightAnswers(d, [question.id])).get(question.id)!;
  actor.send({ type: 'user.answer', key: right });
  await waitFor(actor, (s) => s.matches({ playing: 'feedback' }), settled);
  expect(actor.getSnapshot().context.feedback).toMatchObject({ correct: true, correctAnswer: right });
  actor.send({ type: 'user.next' });
}

describe(`the question kinds' plays against the real server (${testDbKind})`, () => {
  scenario('quiz-play', 'guess the word: a hint reveals a letter and is charged once; words answered right; the review after the result', async ({ step }) => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 20);
    const p = await demoPlace(d, 'gtw-world', 'food', 'en');
    const actor = playActor(token, { mode: 'guess_the_word', type: 'subcategory', type_id: p.subcategoryId });
    await step('the play opens on its first word', () => waitFor(actor, (s) => s.matches({ playing: { question: 'answering' } }), settled));
    await step('a hint reveals one letter and is charged 2 coins once', async () => {
      const before = await coinsOf(d, userId);
      actor.send({ type: 'user.hint' });
      expect(actor.getSnapshot().matches({ playing: { question: 'hinting' } })).toBe(true);
      await waitFor(actor, (s) => s.matches({ playing: { question: 'answering' } }), settled);
      expect(actor.getSnapshot().context.hintError).toBeNull();
      expect(actor.getSnapshot().context.hints).toHaveLength(1);
      expect(actor.getSnapshot().context.coins).toBe(before - 2);
      expect(await coinsOf(d, userId)).toBe(before - 2);
    });
    const total = actor.getSnapshot().context.session!.questions.length;
    await step('every word answered right: all correct, 10 coins', async () => {
      for (let i = 0; i < total; i++) await answerRight(d, actor);
      await waitFor(actor, (s) => s.matches('result'), settled);
      expect(actor.getSnapshot().context.result).toMatchObject({ correct: total, coins_earned: 10 });
    });
    await step('the review shows each word with its answer', async () => {
      actor.send({ type: 'user.review' });
      await waitFor(actor, (s) => s.matches('review'), settled);
      expect(actor.getSnapshot().context.review!.questions.every((q) => q.question_type === 'word' && q.correct_answer.length > 0)).toBe(true);
    });
  });

  scenario('quiz-play', 'audio: each question waits for its audio; the server starts its clock; a clip that fails to load starts it too', async ({ step }) => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const p = await demoPlace(d, 'audio-everyday', 'station', 'en');
    const actor = playActor(token, { mode: 'audio', type: 'subcategory', type_id: p.subcategoryId });
    await step('the first question waits for its audio, its clock paused', async () => {
      await waitFor(actor, (s) => s.matches({ playing: { question: 'waitingAudio' } }), settled);
      expect(actor.getSnapshot().children.countdown!.getSnapshot().value).toBe('paused');
    });
    await step("the audio is ready: the server starts the question's own 30 s", async () => {
      actor.send({ type: 'media.ready' });
      await waitFor(actor, (s) => s.matches({ playing: { question: 'answering' } }), settled);
      const countdown = actor.getSnapshot().children.countdown!.getSnapshot();
      expect(countdown.value).toBe('running');
      expect(countdown.context.remainingMs).toBeLessThanOrEqual(30_000);
      expect(countdown.context.remainingMs).toBeGreaterThan(25_000);
      await answerRight(d, actor);
    });
    await step('the next clip fails to load: the clock starts all the same', async () => {
      await waitFor(actor, (s) => s.matches({ playing: { question: 'waitingAudio' } }), settled);
      actor.send({ type: 'media.failed' });
      await waitFor(actor, (s) => s.matches({ playing: { question: 'answering' } }) && s.context.clockStarted, settled);
      await answerRight(d, actor);
    });
    await step('the rest answered from the transcript before the audio plays: a pass', async () => {
      const total = actor.getSnapshot().context.session!.questions.length;
      for (let i = 2; i < total; i++) {
        await waitFor(actor, (s) => s.matches({ playing: { question: 'waitingAudio' } }), settled);
        await answerRight(d, actor);
      }
      await waitFor(actor, (s) => s.matches('result'), settled);
      expect(actor.getSnapshot().context.result).toMatchObject({ correct: total, passed: true });
    });
  });

  scenario('quiz-play', 'multi match: sets and orders graded by the server; the pass opens level 2', async ({ step }) => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const actor = playActor(token, { mode: 'multi_match', category: 'mm-history-geography', subcategory: 'history', level: 1 });
    const session = await step('the play opens with sets and orders', async () => {
      await waitFor(actor, (s) => s.matches({ playing: { question: 'answering' } }), settled);
      const opened = actor.getSnapshot().context.session!;
      expect(new Set(opened.questions.map((q) => q.question_type))).toEqual(new Set(['multiselect', 'sequence']));
      return opened;
    });
    await step('an answer of the wrong shape is not sent', () => {
      actor.send({ type: 'user.answer', key: 'a,a' });
      expect(actor.getSnapshot().matches({ playing: { question: 'answering' } })).toBe(true);
    });
    await step('every question answered right: the pass opens level 2', async () => {
      for (let i = 0; i < session.questions.length; i++) await answerRight(d, actor);
      await waitFor(actor, (s) => s.matches('result'), settled);
      expect(actor.getSnapshot().context.result).toMatchObject({ correct: session.questions.length, level_unlocked: 2 });
    });
  });

  scenario('quiz-play', 'fun and learn: the play of one item, opened after the reading', async ({ step }) => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const p = await demoPlace(d, 'fl-lecturas', 'naturaleza-cultura', 'es');
    const actor = await step("the third item's play opens: 6 questions", async () => {
      const items = (await api.call('get_fun_n_learn', { type: 'subcategory', type_id: p.subcategoryId }, { token })).body.data as { id: number }[];
      const opened = playActor(token, { mode: 'fun_n_learn', fun_n_learn_id: items[2]!.id });
      await waitFor(opened, (s) => s.matches({ playing: { question: 'answering' } }), settled);
      expect(opened.getSnapshot().context.session!.questions.length).toBe(6);
      return opened;
    });
    await step('all six right: the flashback badge', async () => {
      for (let i = 0; i < 6; i++) await answerRight(d, actor);
      await waitFor(actor, (s) => s.matches('result'), settled);
      expect(actor.getSnapshot().context.result).toMatchObject({ correct: 6, badges_unlocked: expect.arrayContaining(['flashback']) });
    });
  });
});
