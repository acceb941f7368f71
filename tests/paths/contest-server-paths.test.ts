import { eq } from 'drizzle-orm';
import { contests } from '@/services/server/db/schema';
import { createContest } from '@/tests/fixtures/contests';
import { coinsOf, giveCoins } from '@/tests/fixtures/play';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { contestPrizes, contestScore } from '@/tests/paths/rules/contest';
import { playUntil, quizPlayAgainst, type PlayActor } from '@/tests/paths/support/quiz-play-api';
import { scenario } from '@/tests/paths/support/scenario';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';

/**
 * Contests at the server's depth: players play a contest through the real quiz-play machine (mode
 * `contest`), the contest ends, and the server's prize job pays it. Each player's score, and the
 * coins each was charged and won, are checked against the contest rules as
 * tests/paths/rules/contest.ts states them apart from the server's code.
 */

const { api, db } = seededApiSuite();

const started: PlayActor[] = [];
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
});

const FEE = 5;
const TABLE: [number, number][] = [
  [1, 100],
  [2, 60],
  [3, 25],
];

describe(`contests against the real server, paid by the rules (${testDbKind})`, () => {
  scenario('contest', 'five players play along their plans; the scores are +4 / −4; the ended contest pays by rank, tied players splitting their positions', async ({ step }) => {
    const d = await db();
    const { contestId, rights } = await step('a contest of 4 questions, fee 5, prizes 100 / 60 / 25', () => createContest(d, { fee: FEE, questions: 4, prizes: TABLE }));
    const plans = [
      ['right', 'right', 'right', 'right'],
      ['right', 'wrong', 'right', 'right'],
      ['right', 'right', 'wrong', 'right'],
      ['wrong', 'right', 'wrong', 'wrong'],
      ['wrong', 'wrong', 'wrong', 'wrong'],
    ] as const;
    const players: (Awaited<ReturnType<typeof createPlayerWithSession>> & { before: number })[] = [];
    for (const plan of plans) await step(`player ${players.length + 1} plays ${plan.join(', ')}: the score by the rules, the fee taken once`, async () => {
      const p = await createPlayerWithSession(d);
      await giveCoins(d, p.userId, 50);
      const before = await coinsOf(d, p.userId);
      const actor = quizPlayAgainst(api, p.token, { mode: 'contest', contest_id: contestId });
      started.push(actor);
      for (const [i, outcome] of plan.entries()) {
        await playUntil(actor, `question ${i}`, (s) => s.context.index === i && s.matches({ playing: { question: 'answering' } }));
        const q = actor.getSnapshot().context.session!.questions[i]!;
        const right = rights.get(q.id)!;
        actor.send({ type: 'user.answer', key: outcome === 'right' ? right : q.options.find((o) => o.key !== right)!.key });
        await playUntil(actor, `question ${i} graded`, (s) => s.matches({ playing: 'feedback' }));
        actor.send({ type: 'user.next' });
      }
      await playUntil(actor, 'the result', (s) => s.matches('result'));
      expect({ player: players.length + 1, score: actor.getSnapshot().context.result!.score }).toEqual({ player: players.length + 1, score: contestScore(plan) });
      // The fee was taken once, at the opening.
      expect(await coinsOf(d, p.userId)).toBe(before - FEE);
      players.push({ ...p, before });
    });

    await step("the contest ends; the server's prize job pays it once", async () => {
      // The demo content's own ended contests are paid first.
      await api.app.contestPrizes.run();
      await d.update(contests).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(contests.id, contestId));
      expect(await api.app.contestPrizes.run()).toBe(1);
      expect(await api.app.contestPrizes.run()).toBe(0);
    });
    await step('each player gets the prize of their rank, tied players splitting their positions', async () => {
      const won = contestPrizes(new Map(plans.map((plan, i) => [i, contestScore(plan)])), TABLE);
      const moved = await Promise.all(players.map(async (p) => (await coinsOf(d, p.userId)) - p.before));
      expect(moved).toEqual(players.map((_, i) => won.get(i)! - FEE));
    });
  });
});
