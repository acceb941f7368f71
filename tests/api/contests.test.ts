import { and, eq } from 'drizzle-orm';
import { defaultSettings } from '@/services/domain/settings';
import type { ContestItem, ContestLists } from '@/services/domain/contests';
import type { PlayResult, SubmitAnswerResult } from '@/services/domain/play-session';
import { coinLedger, contestEntries, contests, userBadges } from '@/services/server/db/schema';
import { openContest, payContest, payEndedContests } from '@/services/server/contests/service';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { createContest } from '@/tests/fixtures/contests';
import { coinsOf, expectOk, giveCoins, ledgerEntries, type SessionData } from '@/tests/fixtures/play';

const { api, db } = seededApiSuite();
const settings = defaultSettings();

async function richPlayer(coins = 50) {
  const d = await db();
  const p = await createPlayerWithSession(d);
  if (coins > 0) await giveCoins(d, p.userId, coins);
  return p;
}

/** Plays a contest through the API with `rightCount` right answers (the rest wrong). */
async function play(token: string, contestId: number, rights: Map<number, string>, rightCount: number): Promise<PlayResult> {
  const session = expectOk(await api.call('get_questions_by_contest', { contest_id: contestId }, { token })) as SessionData;
  for (const [i, q] of session.questions.entries()) {
    const right = rights.get(q.id)!;
    const letter = i < rightCount ? right : q.options.find((o) => o.key !== right)!.key;
    const answer = expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: letter }, { token })) as SubmitAnswerResult;
    expect(answer.correct).toBe(i < rightCount);
  }
  return expectOk(await api.call('finish_play', { session_id: session.session_id }, { token })) as PlayResult;
}

describe(`contests: playing (${testDbKind})`, () => {
  test('a live contest takes its fee once, serves questions without answers, scores +4/−4 and is played once', async () => {
    const d = await db();
    const { contestId, rights } = await createContest(d, { fee: 5, questions: 4 });
    const { token, userId } = await richPlayer(50);
    const session = expectOk(await api.call('get_questions_by_contest', { contest_id: contestId }, { token })) as SessionData;
    expect(session).toMatchObject({ mode: 'contest', time_per_question: 30, lifelines: [] });
    expect(JSON.stringify(session.questions)).not.toMatch(/"answer"|"note"/);
    expect(await coinsOf(d, userId)).toBe(45);
    // A reload resumes the same play and takes nothing more.
    expect((expectOk(await api.call('get_questions_by_contest', { contest_id: contestId }, { token })) as SessionData).session_id).toBe(session.session_id);
    expect(await coinsOf(d, userId)).toBe(45);
    expect(await ledgerEntries(d, `contest_fee:${contestId}:${userId}`)).toHaveLength(1);

    for (const [i, q] of session.questions.entries()) {
      const right = rights.get(q.id)!;
      const letter = i < 3 ? right : q.options.find((o) => o.key !== right)!.key;
      expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: letter }, { token }));
    }
    const result = expectOk(await api.call('finish_play', { session_id: session.session_id }, { token })) as PlayResult;
    expect(result).toMatchObject({ correct: 3, wrong: 1, score: 8, coins_earned: 0, rank: 1 });
    const again = await api.call('get_questions_by_contest', { contest_id: contestId }, { token });
    expect([again.status, again.body.message]).toEqual([409, '128']);
    expect(await coinsOf(d, userId)).toBe(45);
  });

  test('a running contest keeps its right answers: answers say right or wrong only, the review opens when the contest ends', async () => {
    const d = await db();
    const { contestId, rights } = await createContest(d, { questions: 3 });
    const { token, userId } = await richPlayer(50);
    const session = expectOk(await api.call('get_questions_by_contest', { contest_id: contestId }, { token })) as SessionData;
    for (const [i, q] of session.questions.entries()) {
      const right = rights.get(q.id)!;
      const answer = expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: i === 0 ? right : q.options.find((o) => o.key !== right)!.key }, { token })) as SubmitAnswerResult;
      expect(answer).toMatchObject({ correct: i === 0, correct_answer: null });
    }
    const result = expectOk(await api.call('finish_play', { session_id: session.session_id }, { token })) as PlayResult;
    const [contest] = await d.select().from(contests).where(eq(contests.id, contestId));
    expect(result.review_opens_at).toBe(contest!.endsAt.toISOString());

    const coins = await coinsOf(d, userId);
    const early = await api.call('get_play_review', { session_id: session.session_id }, { token });
    expect([early.status, early.body.message, early.body.field, early.body.opens_at]).toEqual([409, 'review_not_open', 'session_id', contest!.endsAt.toISOString()]);
    expect(JSON.stringify(early.body)).not.toMatch(/correct_answer/);
    expect(await coinsOf(d, userId)).toBe(coins);

    // The contest ends: the review opens (and costs what a review costs).
    await d.update(contests).set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 1000) }).where(eq(contests.id, contestId));
    const review = expectOk(await api.call('get_play_review', { session_id: session.session_id }, { token })) as { questions: { id: number; correct_answer: string }[] };
    expect(review.questions.map((q) => q.correct_answer)).toEqual(session.questions.map((q) => rights.get(q.id)));
  });

  test('a player without the fee is refused and nothing is opened; upcoming and past contests cannot be played', async () => {
    const d = await db();
    const { contestId } = await createContest(d, { fee: 20 });
    const { token, userId } = await richPlayer(10);
    const poor = await api.call('get_questions_by_contest', { contest_id: contestId }, { token });
    expect([poor.status, poor.body.message]).toEqual([409, 'not_enough_coins']);
    expect(await d.select().from(contestEntries).where(eq(contestEntries.userId, userId))).toHaveLength(0);
    expect(await coinsOf(d, userId)).toBe(10);

    const upcoming = await createContest(d, { startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 7_200_000) });
    const past = await createContest(d, { startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 3_600_000) });
    for (const id of [upcoming.contestId, past.contestId]) {
      const refused = await api.call('get_questions_by_contest', { contest_id: id }, { token });
      expect([refused.status, refused.body.message, refused.body.field]).toEqual([409, 'contest_not_live', 'contest_id']);
    }
    const unknown = await api.call('get_questions_by_contest', { contest_id: 999_999 }, { token });
    expect([unknown.status, unknown.body.message]).toEqual([404, '102']);
  });

  test('two pages opening the same contest at once take one fee and make one play', async () => {
    const d = await db();
    const { contestId } = await createContest(d, { fee: 5 });
    const { userId } = await richPlayer(50);
    const [a, b] = await Promise.all([openContest(d, settings, userId, { contestId }), openContest(d, settings, userId, { contestId })]);
    expect(a.session_id).toBe(b.session_id);
    expect(await coinsOf(d, userId)).toBe(45);
  });
});

describe(`contests: lists and leaderboard (${testDbKind})`, () => {
  test('live, past and upcoming lists carry the player\'s entry; an empty list says which code', async () => {
    const d = await db();
    await d.update(contests).set({ status: false });
    const { token } = await richPlayer();
    const empty = expectOk(await api.call('get_contest', { timezone: 'Europe/Madrid' }, { token })) as ContestLists;
    expect([empty.live.message, empty.past.message, empty.upcoming.message]).toEqual(['115', '117', '114']);

    const live = await createContest(d, { name: 'Live one' });
    const upcoming = await createContest(d, { name: 'Soon', startsAt: new Date(Date.now() + 86_400_000), endsAt: new Date(Date.now() + 2 * 86_400_000) });
    const lists = expectOk(await api.call('get_contest', { timezone: 'Europe/Madrid' }, { token })) as ContestLists;
    expect(lists.live.items.map((c: ContestItem) => c.id)).toEqual([live.contestId]);
    expect(lists.live.items[0]).toMatchObject({ played: false, entry_fee: 5, total_questions: 4, prizes: [{ rank_from: 1, rank_to: 1, coins: 100 }, { rank_from: 2, rank_to: 3, coins: 50 }] });
    expect(lists.upcoming.items.map((c: ContestItem) => c.id)).toEqual([upcoming.contestId]);
    expect(lists.past.message).toBe('117');
    const bad = await api.call('get_contest', { timezone: 'Nowhere/Land' }, { token });
    expect([bad.status, bad.body.field]).toEqual([400, 'timezone']);
  });

  test('the leaderboard shows the top three, the page and the player\'s own rank off the page; a claim must match the record', async () => {
    const d = await db();
    const { contestId, rights } = await createContest(d, { questions: 4 });
    const players = await Promise.all(Array.from({ length: 5 }, () => richPlayer()));
    const scores = [4, 3, 3, 1, 0];
    for (const [i, p] of players.entries()) await play(p.token, contestId, rights, scores[i]!);
    const last = players[4]!;
    const board = await api.call('get_contest_leaderboard', { contest_id: contestId, offset: 0, limit: 2 }, { token: last.token });
    expect(board.status).toBe(200);
    expect((board.body.data as { rank: number; score: number }[]).map((r) => [r.rank, r.score])).toEqual([[1, 16], [2, 8]]);
    expect((board.body.top_three as { rank: number }[]).map((r) => r.rank)).toEqual([1, 2, 2]);
    expect(board.body.my_rank).toMatchObject({ user_id: last.userId, rank: 5, score: -16 });
    expect(board.body.total).toBe(5);

    const claim = { contest_id: contestId, questions_attended: 4, correct_answers: 0, score: -16 };
    expect((await api.call('set_contest_leaderboard', claim, { token: last.token })).status).toBe(200);
    const lie = await api.call('set_contest_leaderboard', { ...claim, correct_answers: 4, score: 16 }, { token: last.token });
    expect([lie.status, lie.body.message]).toEqual([403, 'result_not_recorded']);
  });
});

describe(`contests: prizes (${testDbKind})`, () => {
  test('the prize job pays an ended contest once, tied players share, the winner gets most wanted winner', async () => {
    const d = await db();
    const { contestId, rights } = await createContest(d, { questions: 4, prizes: [[1, 100], [3, 50]] });
    const players = await Promise.all(Array.from({ length: 4 }, () => richPlayer(50)));
    const scores = [4, 3, 3, 1];
    for (const [i, p] of players.entries()) await play(p.token, contestId, rights, scores[i]!);
    // A fifth player opens the play and is still playing when the contest ends: settled as it stands.
    const late = await richPlayer(50);
    await api.call('get_questions_by_contest', { contest_id: contestId }, { token: late.token });

    expect(await payContest(d, settings, contestId)).toBe(0); // not ended yet
    await d.update(contests).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(contests.id, contestId));
    const before = await Promise.all(players.map((p) => coinsOf(d, p.userId)));
    // Two instances run the job at once: one pays, the other finds it paid.
    const paid = await Promise.all([payContest(d, settings, contestId), payContest(d, settings, contestId)]);
    expect(paid.sort()).toEqual([0, 3]);
    expect(await payEndedContests(d, async () => settings)).toBe(0);
    const after = await Promise.all(players.map((p) => coinsOf(d, p.userId)));
    // Rank 1 takes 100; two players tied at rank 2 share the prizes of positions 2 and 3 (50 + 50); rank 4 gets nothing.
    expect(after.map((c, i) => c - before[i]!)).toEqual([100, 50, 50, 0]);
    const [entry] = await d.select().from(contestEntries).where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.userId, late.userId)));
    expect(entry!.finishedAt).not.toBeNull();
    const prizes = await d.select().from(coinLedger).where(eq(coinLedger.type, 'contest_prize'));
    expect(prizes.filter((e) => e.idempotencyKey.startsWith(`contest_prize:${contestId}:`))).toHaveLength(3);
    const badges = await d.select().from(userBadges).where(eq(userBadges.userId, players[0]!.userId));
    expect(badges.map((b) => b.badge)).toContain('most_wanted_winner');
    const [row] = await d.select().from(contests).where(eq(contests.id, contestId));
    expect(row!.prizesPaidAt).not.toBeNull();

    const lists = expectOk(await api.call('get_contest', {}, { token: players[1]!.token })) as ContestLists;
    expect(lists.past.items.find((c) => c.id === contestId)).toMatchObject({ prizes_paid: true, my_prize: 50, my_rank: 2, my_score: 8 });
  });
});
