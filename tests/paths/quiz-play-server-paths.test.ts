import type { Lifeline } from '@/services/domain/lifelines';
import type { OpenPlayRequest, PlayResult } from '@/services/domain/play-session';
import { coinsOf, giveCoins, rightAnswers } from '@/tests/fixtures/play';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { coinsAfterPlay, SOLO, soloAnswerInTime, soloResult, soloTimeLeftMs, type SoloOutcome } from '@/tests/paths/rules/solo';
import { heldClock } from '@/tests/paths/support/play-clock';
import { scenario } from '@/tests/paths/support/scenario';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { playUntil, quizPlayAgainst, type PlayActor } from '@/tests/paths/support/quiz-play-api';

/**
 * Quiz-zone plays at the server's depth: the real quiz-play machine (its lifelines child
 * included), its calls made to the real API, played along a plan of answers and lifelines. The
 * result the server settles, the coins it moved and the level it opened are checked against solo
 * play's rules as tests/paths/rules/solo.ts states them apart from the server's code. The server's
 * clock is the test's (`heldClock`): a question's deadline is checked to the millisecond through the API.
 */

/** The server's clock for solo plays, in the test's hands: the machine-driven plays leave it still (their answers take no server time); the deadline scenario moves it to the millisecond. */
const clock = heldClock();
const { api, db } = seededApiSuite({ services: { clock } });

const started: { stop(): void }[] = [];
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
});
function playActor(token: string, request: OpenPlayRequest): PlayActor {
  const actor = quizPlayAgainst(api, token, request);
  started.push(actor);
  return actor;
}
const until = playUntil;

/** One question of a plan: a lifeline first (or none), then what the player does. */
interface Step {
  readonly lifeline?: Exclude<Lifeline, 'skip'>;
  readonly outcome: Exclude<SoloOutcome, 'unanswered'>;
}

const LEVEL_1: OpenPlayRequest = { mode: 'quiz_zone', category: 'science', subcategory: 'physics', level: 1 };

/** Plays `plan` through the machine; returns the result it showed and the lifelines the server granted. */
async function playPlan(actor: PlayActor, plan: readonly Step[]): Promise<{ result: PlayResult; granted: number }> {
  const d = await db();
  await until(actor, 'the first question', (s) => s.matches({ playing: { question: 'answering' } }));
  const total = actor.getSnapshot().context.session!.questions.length;
  expect(total).toBe(plan.length);
  let granted = 0;
  for (const [n, step] of plan.entries()) {
    // The question on screen and open for an answer (a skip moved on by one: `n` counts the plan).
    await until(actor, `question ${n} on screen`, (s) => s.context.index === n && s.matches({ playing: { question: 'answering' } }));
    const { session, index } = actor.getSnapshot().context;
    const question = session!.questions[index]!;
    const coinsBefore = actor.getSnapshot().context.coins;
    // The questions come shuffled: a true/false one has no wrong options for 50/50 or the poll to
    // act on, and the lifeline is refused on it ("this lifeline is not allowed"), charging nothing.
    if (step.lifeline && question.options.length < 4) {
      actor.send({ type: 'user.lifeline', lifeline: step.lifeline });
      await new Promise((r) => setImmediate(r));
      expect([actor.getSnapshot().context.coins, actor.getSnapshot().context.removed, actor.getSnapshot().context.poll]).toEqual([coinsBefore, [], null]);
    } else if (step.lifeline || step.outcome === 'skipped') {
      actor.send({ type: 'user.lifeline', lifeline: step.lifeline ?? 'skip' });
      granted += 1;
      if (step.outcome === 'skipped') {
        await until(actor, `question ${index} skipped`, (s) => s.context.index !== index || s.matches('finishing') || s.matches('result'));
        continue;
      }
      await until(actor, `the ${step.lifeline} on question ${index} granted`, (s) => (step.lifeline === 'fifty_fifty' ? s.context.removed.length > 0 : s.context.poll !== null));
      // Charged by the server when granted: the machine shows the balance it answered with.
      expect(actor.getSnapshot().context.coins).toBe(coinsBefore === null ? null : coinsBefore - SOLO.lifelinePrice);
    }
    const right = (await rightAnswers(d, [question.id])).get(question.id)!;
    const key = step.outcome === 'right' ? right : question.options.map((o) => o.key).find((k) => k !== right && !actor.getSnapshot().context.removed.includes(k))!;
    actor.send({ type: 'user.answer', key });
    await until(actor, `the answer to question ${index} graded`, (s) => s.matches({ playing: 'feedback' }));
    expect(actor.getSnapshot().context.feedback).toMatchObject({ correct: step.outcome === 'right', correctAnswer: right });
    actor.send({ type: 'user.next' });
  }
  await until(actor, 'the result', (s) => s.matches('result'));
  return { result: actor.getSnapshot().context.result!, granted };
}

const shown = (r: PlayResult) => ({ total: r.total, correct: r.correct, wrong: r.wrong, unanswered: r.unanswered, skipped: r.skipped, percentage: r.percentage, passed: r.passed, score: r.score, coins_earned: r.coins_earned });

describe(`quiz-zone plays against the real server, settled by the rules (${testDbKind})`, () => {
  scenario('quiz-play', 'a pass at 66 % with lifelines: the score, 3 coins, 5 for each lifeline granted, level 2 opened; the same level again pays nothing', async ({ step }) => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 50);
    const before = await coinsOf(d, userId);
    const plan: Step[] = [
      { outcome: 'right' },
      { lifeline: 'fifty_fifty', outcome: 'right' },
      { outcome: 'wrong' },
      { outcome: 'skipped' },
      { outcome: 'right' },
      { lifeline: 'audience_poll', outcome: 'right' },
      { outcome: 'wrong' },
      { outcome: 'right' },
      { outcome: 'right' },
      { outcome: 'wrong' },
    ];
    const expected = soloResult(
      plan.map((s) => s.outcome),
      false,
    );
    const granted = await step('level 1 played along the plan (three lifelines asked for): the result, coins and unlock by the solo rules', async () => {
      const played = await playPlan(playActor(token, LEVEL_1), plan);
      // 50/50 and the poll are refused on a true/false question.
      expect(played.granted).toBeGreaterThanOrEqual(1);
      expect(shown(played.result)).toEqual(expected);
      expect(played.result.level_unlocked).toBe(expected.passed ? 2 : null);
      expect(await coinsOf(d, userId)).toBe(coinsAfterPlay(before, played.granted, expected));
      expect(played.result.coins).toBe(await coinsOf(d, userId));
      return played.granted;
    });
    await step('level 1 again, all right: no coins, whatever the share', async () => {
      const again = plan.map(() => ({ outcome: 'right' as const }));
      const second = await playPlan(playActor(token, LEVEL_1), again);
      expect(shown(second.result)).toEqual(soloResult(again.map((s) => s.outcome), true));
      expect(await coinsOf(d, userId)).toBe(coinsAfterPlay(before, granted, expected));
    });
    await step('level 2 is open: its play starts', async () => {
      const level2 = playActor(token, { ...LEVEL_1, level: 2 });
      await until(level2, 'level 2 open', (s) => s.matches({ playing: { question: 'answering' } }));
    });
  });

  scenario('quiz-play', 'a play under 30 %: no pass, no coins, a negative score, and level 2 stays locked', async ({ step }) => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 50);
    const before = await coinsOf(d, userId);
    const plan: Step[] = [{ outcome: 'right' }, { outcome: 'right' }, ...Array.from({ length: 8 }, () => ({ outcome: 'wrong' as const }))];
    await step('level 1 played 2 right, 8 wrong: no pass, no coins, a negative score by the solo rules', async () => {
      const { result, granted } = await playPlan(playActor(token, LEVEL_1), plan);
      const expected = soloResult(
        plan.map((s) => s.outcome),
        false,
      );
      expect(shown(result)).toEqual(expected);
      expect(result.level_unlocked).toBeNull();
      expect(await coinsOf(d, userId)).toBe(coinsAfterPlay(before, granted, expected));
    });
    await step('level 2 stays locked: level_locked', async () => {
      const level2 = playActor(token, { ...LEVEL_1, level: 2 });
      await until(level2, 'level 2 refused', (s) => !s.matches('loading'));
      expect(level2.getSnapshot().context.errorCode).toBe('level_locked');
    });
  });

  scenario('quiz-play', "a question's deadline to the millisecond: an answer at its last ms counts, one a ms later is too late and leaves it unanswered; each next question opens at the answer", async ({ step }) => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 50);
    const before = await coinsOf(d, userId);
    type Opened = { session_id: string; questions: { id: number; options: { key: string }[] }[]; time_per_question: number; time_left_ms: number };
    const session = await step('level 1 opens: its first question shows its whole time', async () => {
      const at = clock.now();
      const r = await api.call('get_questions_by_level', { category: 'science', subcategory: 'physics', level: 1 }, { token });
      expect(r.status).toBe(200);
      const opened = r.body.data as Opened;
      expect(opened.time_left_ms).toBe(soloTimeLeftMs(at, opened.time_per_question, at));
      return opened;
    });
    const seconds = session.time_per_question;
    const limitMs = seconds * 1000 + SOLO.networkMs;
    // Each question: what the player sends, and when after the question opened.
    const plan: { send: 'right' | 'wrong' | 'nothing'; afterMs: number }[] = [
      { send: 'right', afterMs: limitMs },
      { send: 'right', afterMs: limitMs + 1 },
      { send: 'wrong', afterMs: 0 },
      { send: 'nothing', afterMs: 5_000 },
      ...Array.from({ length: session.questions.length - 4 }, () => ({ send: 'right' as const, afterMs: 1_234 })),
    ];
    const outcomes: SoloOutcome[] = [];
    const rights = await rightAnswers(d, session.questions.map((q) => q.id));
    let openedAt = clock.now();
    for (const [i, move] of plan.entries()) {
      await step(`question ${i + 1}: ${move.send} ${move.afterMs} ms after it opened`, async () => {
        const q = session.questions[i]!;
        const right = rights.get(q.id)!;
        clock.set(openedAt + move.afterMs);
        const answer = move.send === 'nothing' ? '' : move.send === 'right' ? right : q.options.find((o) => o.key !== right)!.key;
        const r = await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer }, { token });
        const inTime = soloAnswerInTime(openedAt, seconds, clock.now());
        const outcome: SoloOutcome = move.send === 'nothing' || !inTime ? 'unanswered' : move.send;
        outcomes.push(outcome);
        const last = i === plan.length - 1;
        if (move.send !== 'nothing' && !inTime) {
          expect([r.status, r.body.message, r.body.current_index]).toEqual([409, 'answer_too_late', i + 1]);
        } else {
          const data = r.body.data as { correct: boolean; timed_out: boolean; current_index: number; time_left_ms: number; finished: boolean };
          expect({ status: r.status, correct: data.correct, timed_out: data.timed_out, current_index: data.current_index, finished: data.finished }).toEqual({ status: 200, correct: outcome === 'right', timed_out: outcome === 'unanswered', current_index: i + 1, finished: last });
          // The next question opened at this answer, with its whole time.
          if (!last) expect(data.time_left_ms).toBe(soloTimeLeftMs(clock.now(), seconds, clock.now()));
        }
        openedAt = clock.now();
      });
    }
    await step('finish: the result, the coins and the unlock are the solo rules\' for what counted', async () => {
      const r = await api.call('finish_play', { session_id: session.session_id }, { token });
      expect(r.status).toBe(200);
      const result = r.body.data as PlayResult;
      const expected = soloResult(outcomes, false);
      expect(outcomes.slice(0, 4)).toEqual(['right', 'unanswered', 'wrong', 'unanswered']);
      expect(shown(result)).toEqual(expected);
      expect(await coinsOf(d, userId)).toBe(coinsAfterPlay(before, 0, expected));
    });
  });
});
