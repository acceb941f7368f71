import { battleRuleBreaks } from '@/tests/paths/rules/battle';
import { coins, newPlayer, playToEnd, refusal, roomDoc, roomsApiSuite, secretAnswers, setSetting, startFriendRoom, startGroupRoom, sweep, type Player } from '@/tests/api/rooms.support';
import { scenario } from '@/tests/paths/support/scenario';
import { testDbKind } from '@/tests/setup/db';

/**
 * Battles at the server's depth on a clock the test moves (the rooms' `now`): every answer lands at
 * the millisecond its path gives, so the quick bonus is checked at its edges (2,000 and 2,001 ms,
 * 4,000 and 4,001 ms) and the deadline at its last millisecond. The finished room is checked
 * against the battle rules as tests/paths/rules/battle.ts states them apart from the server's code,
 * and so are the coins the ledger moved.
 */

const h = roomsApiSuite(async (harness) => {
  await setSetting(harness, 'group_battle_duration', '30');
});

/** Each question of a path: per player, right or wrong and when, or nothing (the deadline closes it). */
type Move = { right: boolean; afterMs: number } | null;

async function play(doc: Parameters<typeof playToEnd>[1], players: readonly Player[], plan: readonly (readonly Move[])[]) {
  const finished = await playToEnd(h, doc, (index) =>
    (plan[index] ?? players.map(() => null)).flatMap((m, i) => (m ? [{ player: players[i]!, right: m.right, afterMs: m.afterMs }] : [])),
  );
  expect(finished.status).toBe('finished');
  // Each answer's time is the path's, to the millisecond; and the server's decisions follow the rules.
  for (const q of finished.questions) {
    for (const [i, p] of players.entries()) {
      const move = plan[q.index]?.[i] ?? null;
      const a = q.answers.find((x) => x.user_id === p.userId);
      expect({ question: q.index, player: i + 1, answered: a?.answered ?? false, elapsed: a?.answered ? a.elapsed_ms : null }).toEqual({
        question: q.index,
        player: i + 1,
        answered: move !== null,
        elapsed: move?.afterMs ?? null,
      });
    }
  }
  const secret = await secretAnswers(h, finished.id);
  const right = new Map(finished.questions.map((q) => [q.id, secret[q.index]!]));
  expect(battleRuleBreaks(finished, right)).toEqual([]);
  return finished;
}

describe(`battles on the test's clock, decided by the rules (${testDbKind})`, () => {
  scenario('random-battle', '1v1: the quick bonus at its edges, the last millisecond before the deadline, an unanswered question; the winner is paid 2 × fee', async ({ step }) => {
    const [a, b] = await step('two players with coins', async () => [await newPlayer(h), await newPlayer(h)]);
    const before = [await coins(h, a.userId), await coins(h, b.userId)];
    const started = await step('a room of two starts (fee 5)', () => startFriendRoom(h, a, b, 5));
    const limitMs = started.seconds_per_question * 1000;
    const plan: Move[][] = [
      [{ right: true, afterMs: 2000 }, { right: true, afterMs: 2001 }],
      [{ right: true, afterMs: 4000 }, { right: true, afterMs: 4001 }],
      [{ right: false, afterMs: 100 }, { right: true, afterMs: limitMs - 1 }],
      [{ right: true, afterMs: 0 }, null],
    ];
    const finished = await step('answers at 2,000/2,001, 4,000/4,001 ms, the last ms, none; the server decides as the rules say', () => play(started, [a, b], plan));
    await step('the winner is paid 2 × fee through the ledger', async () => {
      const winner = finished.result!.winners[0]!;
      const after = [await coins(h, a.userId), await coins(h, b.userId)];
      expect(after.map((c, i) => c - before[i]!)).toEqual([a, b].map((p) => (p.userId === winner ? 5 : -5)));
    });
  });

  scenario('random-battle', 'an answer at the deadline is refused as too late, and the question closes unanswered for that player', async ({ step }) => {
    const [a, b] = await step('two players', async () => [await newPlayer(h), await newPlayer(h)]);
    const started = await step('a room of two starts', () => startFriendRoom(h, a, b, 5));
    const q = started.questions.at(-1)!;
    await step("the clock at the question's deadline: the answer is refused answer_too_late", async () => {
      h.clock.set(Date.parse(q.deadline_at));
      const secret = await secretAnswers(h, started.id);
      expect(await refusal(h, a, 'submit_room_answer', { room_id: started.id, question_index: q.index, answer: secret[q.index]! })).toEqual([409, 'answer_too_late']);
    });
    await step('the sweep closes it unanswered for both', async () => {
      await sweep(h);
      const closed = (await roomDoc(h, started.id)).questions[q.index]!;
      expect(closed.closed).toBe(true);
      expect(closed.answers.map((x) => [x.user_id, x.answered, x.points ?? 0])).toEqual([
        [a.userId, false, 0],
        [b.userId, false, 0],
      ]);
    });
  });

  scenario('group-battle', 'group of three: winners by most right answers, sharing ⌊fee × payers / winners⌋', async ({ step }) => {
    const players = await step('three players', async () => [await newPlayer(h), await newPlayer(h), await newPlayer(h)]);
    const before = await Promise.all(players.map((p) => coins(h, p.userId)));
    const started = await step('a group room of three starts (fee 5)', async () => {
      const doc = await startGroupRoom(h, players, 3, 5);
      expect(doc.entry_fee).toBe(5);
      return doc;
    });
    const fee = started.entry_fee;
    const finished = await step('three questions along the plan; the server decides as the rules say', () =>
      play(started, players, [
        [{ right: true, afterMs: 500 }, { right: true, afterMs: 3000 }, { right: false, afterMs: 100 }],
        [{ right: false, afterMs: 500 }, { right: true, afterMs: 5000 }, { right: true, afterMs: 100 }],
        [{ right: true, afterMs: 500 }, null, { right: false, afterMs: 100 }],
      ]),
    );
    await step('the winners share ⌊fee × payers / winners⌋ through the ledger', async () => {
      const after = await Promise.all(players.map((p) => coins(h, p.userId)));
      const share = Math.floor((fee * 3) / finished.result!.winners.length);
      expect(after.map((c, i) => c - before[i]!)).toEqual(players.map((p) => (finished.result!.winners.includes(p.userId) ? share - fee : -fee)));
    });
  });
});
