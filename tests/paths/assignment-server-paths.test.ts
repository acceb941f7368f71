import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { assignmentMachine, type AssignmentContext, type AssignmentInput } from '@/machines/assignment/assignment.machine';
import type { CallOutcome } from '@/services/domain/play-session';
import type { AssignmentHostItem } from '@/services/domain/assignments';
import { seedDatabase } from '@/services/server/content/seed';
import type { Database } from '@/services/server/db/client';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { ALLOWANCE_MS, countedRule, pupilBonusRule, pupilPointsRule, pupilTimeRule } from '@/tests/paths/rules/assignment';
import { scenario } from '@/tests/paths/support/scenario';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * Assignments at the server's depth: the real pupil machine (machines/assignment), its calls over
 * HTTP to the real server, the server's clock in the test's hands. Each scenario plays what a pupil
 * does through the machine's events, and checks where the machine stands and what the server gave
 * against tests/paths/rules/assignment.ts, written apart from the server's code: the points of an
 * answer by the time the phone measured within the network allowance, the streak bonus, a question
 * run out, a resume on a second device, the close.
 */

let database: Database;
let api: TestApi;
let t = Date.UTC(2026, 11, 8, 8);
const clock = { now: () => t };
const running: (() => void)[] = [];
let host: { token: string };

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  api = await startTestApi(database, undefined, { trustProxy: true }, { services: { clock } });
  host = await createPlayerWithSession(database.db, { name: 'Path Host' });
});
afterEach(() => {
  for (const stop of running.splice(0)) stop();
});
afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

function outcome<T>(res: ApiAnswer): CallOutcome<T> {
  return res.status === 200 && !res.body.error ? { ok: true, data: res.body.data as T } : { ok: false, code: typeof res.body.message === 'string' ? res.body.message : null };
}

let pupils = 0;
/** A pupil's machine on the real server, from its own address (so that one pupil's wrong codes are theirs alone). */
function startPupil(input: AssignmentInput = {}) {
  pupils += 1;
  const from = { headers: { 'x-forwarded-for': `10.8.${pupils % 250}.1` } };
  // Each call's input and answer are the machine's own types (the server answers them as they are).
  const call = (name: string) => fromPromise(async ({ input: payload }: { input: Record<string, unknown> }) => outcome(await api.call(name, payload as Record<string, string | number>, from))) as never;
  const machine = assignmentMachine.provide({
    actors: {
      entry: call('assignment_entry'),
      join: call('assignment_join'),
      resume: call('assignment_resume'),
      load: call('assignment_state'),
      begin: call('assignment_start'),
      answer: fromPromise(async ({ input: payload }: { input: { screen_ms: number | null } & Record<string, unknown> }) => {
        const { screen_ms, ...rest } = payload;
        return outcome(await api.call('assignment_answer', { ...(rest as Record<string, string | number>), ...(screen_ms === null ? {} : { screen_ms }) }, from));
      }) as never,
    },
    actions: { keepSeat: () => undefined, forgetSeat: () => undefined },
  });
  const actor = createActor(machine, { input });
  actor.start();
  running.push(() => actor.stop());
  return actor;
}

const stateOf = (actor: AnyActorRef) => {
  const v = actor.getSnapshot().value;
  return typeof v === 'string' ? v : `seated.${(v as { seated: string }).seated}`;
};
const contextOf = (actor: AnyActorRef) => actor.getSnapshot().context as AssignmentContext;

async function until(actor: AnyActorRef, state: string): Promise<void> {
  try {
    await waitFor(actor, () => stateOf(actor) === state, { timeout: 5000 });
  } catch {
    throw new Error(`waited for ${state}; the machine is in ${stateOf(actor)}, error ${JSON.stringify(contextOf(actor).error)}`);
  }
}

async function assign(body: Record<string, string | number>, questions: readonly { points: number; time_limit: number }[]): Promise<AssignmentHostItem> {
  const set = outcome<{ id: number }>(
    await api.call('quiz_set_save', { title: 'Path homework', questions: questions.map((q, i) => ({ type: 'multiple', text: `Question ${i + 1}?`, options: ['Right', 'Wrong'], answer: [0], ...q })) } as never, { token: host.token, as: 'json' }),
  );
  if (!set.ok) throw new Error('quiz_set_save refused');
  const made = outcome<AssignmentHostItem>(await api.call('assignment_create', { set_id: set.data.id, closes_at: t + 7 * 86_400_000, ...body }, { token: host.token }));
  if (!made.ok) throw new Error(`assignment_create refused: ${made.code}`);
  return made.data;
}

/** From the PIN's link to a seat: the machine asks the PIN's assignment, the pupil types a nickname and joins. */
async function joinAs(actor: AnyActorRef, nickname: string) {
  await until(actor, 'nickname');
  actor.send({ type: 'user.nickname', nickname });
  actor.send({ type: 'user.submit' });
  await until(actor, 'seated.ready');
}

/** The key of the option the pupil taps on the question on screen. */
const keyOf = (actor: AnyActorRef, text: 'Right' | 'Wrong') => contextOf(actor).view!.question!.options.find((o) => o.text === text)!.key;

describe(`assignments at the server's depth (${testDbKind})`, () => {
  scenario('assignment', 'a pupil plays through: points by the time the phone measured, within the allowance, and the streak bonus', async ({ step }) => {
    const questions = [
      { points: 1000, time_limit: 20 },
      { points: 2000, time_limit: 10 },
      { points: 1000, time_limit: 20 },
    ];
    const a = await step('the host assigns three questions, answers shown after each', () => assign({ show_answers: 'each' }, questions));
    const pupil = startPupil({ pin: a.pin });
    await step('the pupil joins from the link', () => joinAs(pupil, 'Ana'));
    await step('the pupil starts: the first question comes with its deadline', async () => {
      pupil.send({ type: 'user.start' });
      await until(pupil, 'seated.answering');
      expect(contextOf(pupil).view!.question).toMatchObject({ position: 0, time_ms: 20_000, started_at: t, deadline_at: t + 20_000 });
    });
    // Per question: how long the call took to arrive, what the phone measured, right or wrong.
    const plan = [
      { serverMs: 6000, screenMs: 4500, pick: 'Right' as const },
      { serverMs: 3000, screenMs: 100, pick: 'Right' as const },
      { serverMs: 21_000, screenMs: 20_500, pick: 'Right' as const },
    ];
    let streak = 0;
    let score = 0;
    for (const [i, p] of plan.entries()) {
      await step(`question ${i + 1}: ${p.pick.toLowerCase()}, arriving after ${p.serverMs} ms, the phone measured ${p.screenMs} ms`, async () => {
        t += p.serverMs;
        pupil.send({ type: 'user.answer', answer: keyOf(pupil, p.pick), screenMs: p.screenMs });
        await until(pupil, 'seated.feedback');
        const timeMs = pupilTimeRule(questions[i]!.time_limit, 100, true);
        streak = p.pick === 'Right' ? streak + 1 : 0;
        const points = pupilPointsRule(questions[i]!.points, timeMs, countedRule(p.serverMs, p.screenMs, timeMs), p.pick === 'Right');
        const bonus = pupilBonusRule(streak, questions[i]!.points);
        score += points + bonus;
        expect(contextOf(pupil).view!.last).toMatchObject({ position: i, correct: true, points, bonus });
      });
      await step(i < plan.length - 1 ? 'next: the next question is sent, its clock starting now' : 'the results', async () => {
        pupil.send({ type: 'user.next' });
        if (i < plan.length - 1) {
          await until(pupil, 'seated.answering');
          expect(contextOf(pupil).view!.question).toMatchObject({ position: i + 1, started_at: t });
        } else {
          await until(pupil, 'seated.finished');
          expect(contextOf(pupil).view!.attempt).toMatchObject({ finished: true, score });
        }
      });
    }
  });

  scenario('assignment', 'the countdown ends: the machine sends the question unanswered and the streak breaks; a late answer is refused and the screen moves on', async ({ step }) => {
    const a = await step('the host assigns three 10-second questions', () => assign({ show_answers: 'each' }, [{ points: 1000, time_limit: 10 }, { points: 1000, time_limit: 10 }, { points: 1000, time_limit: 10 }]));
    const pupil = startPupil({ pin: a.pin });
    await step('the pupil joins and starts', async () => {
      await joinAs(pupil, 'Bo');
      pupil.send({ type: 'user.start' });
      await until(pupil, 'seated.answering');
    });
    await step('the countdown reaches the deadline: sent unanswered, no points', async () => {
      t += 10_000;
      pupil.send({ type: 'timer.expired' });
      await until(pupil, 'seated.feedback');
      expect(contextOf(pupil).view!.last).toMatchObject({ answer: '', correct: false, points: 0 });
      pupil.send({ type: 'user.next' });
      await until(pupil, 'seated.answering');
    });
    await step('an answer arriving a millisecond past the allowance is refused; the machine asks where it stands and the next question comes', async () => {
      t += 10_000 + ALLOWANCE_MS + 1;
      pupil.send({ type: 'user.answer', answer: keyOf(pupil, 'Right'), screenMs: 9000 });
      await until(pupil, 'seated.answering');
      expect(contextOf(pupil)).toMatchObject({ error: null });
      expect(contextOf(pupil).view!.question!.position).toBe(2);
      expect(contextOf(pupil).view!.attempt!.answered).toBe(2);
    });
    await step('the last one right: no streak before it, whole-time points only for a quick answer', async () => {
      t += 1000;
      pupil.send({ type: 'user.answer', answer: keyOf(pupil, 'Right'), screenMs: 1000 });
      await until(pupil, 'seated.feedback');
      expect(contextOf(pupil).view!.last).toMatchObject({ correct: true, points: pupilPointsRule(1000, 10_000, 1000, true), bonus: 0 });
    });
  });

  scenario('assignment', 'a pupil resumes on a second device with the code: the same question, and the first device is let go', async ({ step }) => {
    const a = await step('the host assigns two questions, answers shown at the end', () => assign({ show_answers: 'end' }, [{ points: 1000, time_limit: 20 }, { points: 1000, time_limit: 20 }]));
    const first = startPupil({ pin: a.pin });
    const code = await step('on the first device the pupil joins, starts and answers the first question', async () => {
      await joinAs(first, 'Cleo');
      first.send({ type: 'user.start' });
      await until(first, 'seated.answering');
      t += 2000;
      first.send({ type: 'user.answer', answer: keyOf(first, 'Right'), screenMs: 2000 });
      await waitFor(first, () => stateOf(first) === 'seated.answering' && contextOf(first).view!.question!.position === 1, { timeout: 5000 });
      // Answers shown at the end: nothing told yet.
      expect(contextOf(first).view!.attempt).toMatchObject({ answered: 1, score: null });
      return contextOf(first).view!.pupil.resume_code;
    });
    const second = startPupil({ pin: a.pin });
    await step('on the second device a wrong code is refused, the right one typed with a dash resumes at the second question', async () => {
      await until(second, 'nickname');
      second.send({ type: 'user.resume' });
      second.send({ type: 'user.code', code: 'ZZZZ-ZZZZ' });
      second.send({ type: 'user.submit' });
      await waitFor(second, () => contextOf(second).error === 'resume_code_unknown', { timeout: 5000 });
      expect(stateOf(second)).toBe('code');
      second.send({ type: 'user.code', code: `${code.slice(0, 4)}-${code.slice(4)}` });
      second.send({ type: 'user.submit' });
      await until(second, 'seated.answering');
      expect(contextOf(second).view!.question!.position).toBe(1);
      expect(contextOf(second).view!.pupil.nickname).toBe('Cleo');
    });
    await step('the first device answers: its token is gone, it goes back to the PIN saying so', async () => {
      first.send({ type: 'user.answer', answer: keyOf(first, 'Right'), screenMs: 1000 });
      await until(first, 'pin');
      expect(contextOf(first).error).toBe('assignment_token_unknown');
    });
    await step('the second device finishes: the score and every answer shown at the end', async () => {
      t += 4000;
      second.send({ type: 'user.answer', answer: keyOf(second, 'Right'), screenMs: 4000 });
      await until(second, 'seated.feedback');
      const expected = pupilPointsRule(1000, 20_000, 2000, true) + pupilPointsRule(1000, 20_000, 4000, true) + pupilBonusRule(2, 1000);
      expect(contextOf(second).view!.attempt).toMatchObject({ finished: true, score: expected });
      second.send({ type: 'user.next' });
      await until(second, 'seated.finished');
      expect(contextOf(second).view!.review.map((r) => r.correct)).toEqual([true, true]);
    });
  });

  scenario('assignment', 'the host closes it during an attempt: the answer is refused and the screen says it closed; a pupil who never started finds it closed', async ({ step }) => {
    const a = await step('the host assigns two questions, answers shown after the close', () => assign({ show_answers: 'after_close' }, [{ points: 1000, time_limit: 20 }, { points: 1000, time_limit: 20 }]));
    const pupil = startPupil({ pin: a.pin });
    const idle = startPupil({ pin: a.pin });
    await step('one pupil starts; another joins and waits', async () => {
      await joinAs(pupil, 'Dan');
      await joinAs(idle, 'Eva');
      pupil.send({ type: 'user.start' });
      await until(pupil, 'seated.answering');
    });
    await step('the host closes it', async () => {
      const closed = outcome<AssignmentHostItem>(await api.call('assignment_close', { assignment_id: a.id }, { token: host.token }));
      expect(closed.ok && closed.data.status).toBe('closed');
    });
    await step('the pupil’s answer is refused; the server’s view puts the screen on the results, nothing graded counted', async () => {
      t += 1000;
      pupil.send({ type: 'user.answer', answer: keyOf(pupil, 'Right'), screenMs: 1000 });
      await until(pupil, 'seated.finished');
      expect(contextOf(pupil).view!.assignment.status).toBe('closed');
      expect(contextOf(pupil).view!.attempt).toMatchObject({ answered: 0, score: 0, finished: false });
    });
    await step('the pupil who never started: Start is refused and the screen says it closed', async () => {
      idle.send({ type: 'user.start' });
      await until(idle, 'seated.closed');
      expect(contextOf(idle).view!.may_start).toBe(false);
    });
  });
});
