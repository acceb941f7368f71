import { defaultSettings, intSetting, SYSTEM_SETTINGS } from '@/services/domain/settings';
import { and, eq, sql } from 'drizzle-orm';
import type { PlayResult } from '@/services/domain/play-session';
import { categories, playSessions, questions, leaderboardAllTime, leaderboardDaily, leaderboardMonthly, levelProgress, unlockedCategories } from '@/services/server/db/schema';
import { writeSetting } from '@/services/server/settings/repository';
import { testDbKind } from '@/tests/setup/db';
import { importContent } from '@/services/server/content/import';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import {
  coinsOf,
  demoPlace,
  expectOk,
  giveCoins,
  ledgerEntries,
  playThrough,
  rightAnswers,
  wrong,
  type SessionData,
} from '@/tests/fixtures/play';

/** What a lifeline and a review cost by default (docs/economy.md). */
const LIFELINE = intSetting(defaultSettings(SYSTEM_SETTINGS), 'quiz_zone_lifeline_deduct_coin');
const REVIEW = intSetting(defaultSettings(SYSTEM_SETTINGS), 'review_answers_deduct_coin');

const { api, db } = seededApiSuite();

async function player(coins = 0) {
  const p = await createPlayerWithSession(await db());
  if (coins > 0) await giveCoins(await db(), p.userId, coins);
  return p;
}

async function openLevel(token: string, level: number, place = { category: 'science', subcategory: 'physics' }) {
  return api.call('get_questions_by_level', { ...place, level, language_id: 1 }, { token });
}

describe(`quiz zone content (${testDbKind})`, () => {
  test('get_categories lists the demo categories of the content language in row order, with counts and levels', async () => {
    const { token } = await player();
    const res = await api.call('get_categories', { type: 1, language_id: 1 }, { token });
    const list = expectOk(res) as { slug: string; no_of_subcategories: number; no_of_questions: number; maxlevel: number; is_premium: boolean; has_unlocked: boolean }[];
    expect(list).toHaveLength(8);
    const science = list.find((c) => c.slug === 'science')!;
    expect(science).toMatchObject({ no_of_subcategories: 2, no_of_questions: 60, maxlevel: 3, is_premium: false, has_unlocked: true });
    const spanish = expectOk(await api.call('get_categories', { type: 1, language_id: 2 }, { token })) as { no_of_subcategories: number }[];
    expect(spanish.every((c) => c.no_of_subcategories === 1)).toBe(true);
  });

  test('each category carries the player\'s way through it: its levels, those passed and the stars of their best passes', async () => {
    const d = await db();
    const { token } = await player();
    type Card = { slug: string; progress: { levels: number; passed: number; stars: number } };
    const science = async () => (expectOk(await api.call('get_categories', { type: 1, language_id: 1 }, { token })) as Card[]).find((c) => c.slug === 'science')!;
    // Science: two subcategories of 3 levels each.
    expect((await science()).progress).toEqual({ levels: 6, passed: 0, stars: 0 });
    // Physics level 1 all right (3 stars), then biology level 1 at 6 of 10 (2 stars).
    await playThrough(api, d, token, expectOk(await openLevel(token, 1)) as SessionData);
    expect((await science()).progress).toEqual({ levels: 6, passed: 1, stars: 3 });
    const biology = expectOk(await openLevel(token, 1, { category: 'science', subcategory: 'biology' })) as SessionData;
    await playThrough(api, d, token, biology, (options, right, i) => (i < 6 ? right : wrong(options, right)));
    expect((await science()).progress).toEqual({ levels: 6, passed: 2, stars: 5 });
    // Physics level 1 again, worse: its best pass counts, once.
    await playThrough(api, d, token, expectOk(await openLevel(token, 1)) as SessionData, (options, right, i) => (i < 4 ? right : wrong(options, right)));
    expect((await science()).progress).toEqual({ levels: 6, passed: 2, stars: 5 });
  });

  test('get_categories answers 102 for a kind without playable categories', async () => {
    const { token } = await player();
    const d = await db();
    const wordCategories = sql`(select id from categories where type = 3)`;
    await d.update(questions).set({ status: false }).where(sql`${questions.categoryId} in ${wordCategories}`);
    try {
      const res = await api.call('get_categories', { type: 3, language_id: 1 }, { token });
      expect([res.status, res.body.message]).toEqual([404, '102']);
    } finally {
      await d.update(questions).set({ status: true }).where(sql`${questions.categoryId} in ${wordCategories}`);
    }
  });

  test('a category whose questions are all disabled is not listed', async () => {
    const { token } = await player();
    const d = await db();
    const place = await demoPlace(d, 'history', 'ancient-world');
    await d.update(questions).set({ status: false }).where(eq(questions.categoryId, place.categoryId));
    try {
      const list = expectOk(await api.call('get_categories', { type: 1, language_id: 1 }, { token })) as { slug: string }[];
      expect(list.map((c) => c.slug)).not.toContain('history');
    } finally {
      await d.update(questions).set({ status: true }).where(eq(questions.categoryId, place.categoryId));
    }
  });

  test('get_subcategory_by_maincategory lists the subcategories with their levels; an unknown category answers 102 naming it', async () => {
    const { token } = await player();
    const subs = expectOk(await api.call('get_subcategory_by_maincategory', { language_id: 1, category_slug: 'science' }, { token })) as {
      slug: string;
      maxlevel: number;
      no_of_questions: number;
    }[];
    expect(subs.map((s) => [s.slug, s.maxlevel, s.no_of_questions])).toEqual([
      ['physics', 3, 30],
      ['biology', 3, 30],
    ]);
    const one = expectOk(await api.call('get_subcategory_by_maincategory', { language_id: 1, category_slug: 'science', subcategory_slug: 'biology' }, { token })) as unknown[];
    expect(one).toHaveLength(1);
    const missing = await api.call('get_subcategory_by_maincategory', { language_id: 1, category_slug: 'astrology' }, { token });
    expect([missing.status, missing.body.message, missing.body.field]).toEqual([404, '102', 'category_slug']);
  });

  test('get_level_data opens level 1 only for a new player', async () => {
    const { token } = await player();
    const data = expectOk(await api.call('get_level_data', { category_slug: 'science', subcategory_slug: 'physics', language_id: 1 }, { token }));
    expect(data).toEqual({
      max_level: 3,
      level_unlocked: 1,
      levels: [
        { level: 1, no_of_questions: 10, unlocked: true, stars: 0 },
        { level: 2, no_of_questions: 10, unlocked: false, stars: 0 },
        { level: 3, no_of_questions: 10, unlocked: false, stars: 0 },
      ],
    });
  });
});

describe(`quiz zone levels (${testDbKind})`, () => {
  test('level 2 answers level_locked until level 1 is passed, then opens; the pass pays once', async () => {
    const d = await db();
    const { token, userId } = await player();
    const locked = await openLevel(token, 2);
    expect([locked.status, locked.body.message, locked.body.field]).toEqual([403, 'level_locked', 'level']);

    const session = expectOk(await openLevel(token, 1)) as SessionData;
    expect(session).toMatchObject({ mode: 'quiz_zone', time_per_question: 30, total_time: null, current_index: 0 });
    expect(session.questions).toHaveLength(10);
    const { result } = await playThrough(api, d, token, session);
    expect(result).toMatchObject({ total: 10, correct: 10, wrong: 0, percentage: 100, passed: true, score: 40, coins_earned: 4, level_unlocked: 2, coins: 4 });
    expect(await coinsOf(d, userId)).toBe(4);

    const levels = expectOk(await api.call('get_level_data', { category_slug: 'science', subcategory_slug: 'physics', language_id: 1 }, { token })) as { level_unlocked: number; levels: { stars: number }[] };
    expect(levels.level_unlocked).toBe(2);
    // 100 % right: three stars on the level path; the others have none yet.
    expect(levels.levels.map((l) => l.stars)).toEqual([3, 0, 0]);
    expect((await openLevel(token, 2)).status).toBe(200);
    expect((await openLevel(token, 3)).body.message).toBe('level_locked');

    // Passing level 1 again adds score but pays nothing and unlocks nothing new.
    const again = expectOk(await openLevel(token, 1)) as SessionData;
    const replay = await playThrough(api, d, token, again);
    expect(replay.result).toMatchObject({ passed: true, coins_earned: 0, level_unlocked: null });
    expect(await coinsOf(d, userId)).toBe(4);
    const [all] = await d.select().from(leaderboardAllTime).where(eq(leaderboardAllTime.userId, userId));
    expect(all!.score).toBe(80);
  });

  test('a failed level unlocks nothing, pays nothing and adds no score', async () => {
    const d = await db();
    const { token, userId } = await player();
    const session = expectOk(await openLevel(token, 1)) as SessionData;
    const { result } = await playThrough(api, d, token, session, (options, right, i) => (i < 2 ? right : wrong(options, right)));
    expect(result).toMatchObject({ correct: 2, wrong: 8, percentage: 20, passed: false, score: -24, coins_earned: 0, level_unlocked: null });
    expect(await d.select().from(levelProgress).where(eq(levelProgress.userId, userId))).toEqual([]);
    expect(await d.select().from(leaderboardAllTime).where(eq(leaderboardAllTime.userId, userId))).toEqual([]);
    expect((await openLevel(token, 2)).body.message).toBe('level_locked');
  });

  test('coins follow the coin rule of rules.md: 6 of 10 right pays 3', async () => {
    const d = await db();
    const { token } = await player();
    const session = expectOk(await openLevel(token, 1, { category: 'geography', subcategory: 'countries-capitals' })) as SessionData;
    const { result } = await playThrough(api, d, token, session, (options, right, i) => (i < 6 ? right : wrong(options, right)));
    expect(result).toMatchObject({ percentage: 60, passed: true, coins_earned: 3, score: 8 });
  });

  test('set_level_data is accepted only for a level the server recorded as passed', async () => {
    const d = await db();
    const { token } = await player();
    const refused = await api.call('set_level_data', { category: 'science', subcategory: 'physics', level: 1, language_id: 1 }, { token });
    expect([refused.status, refused.body.message]).toEqual([403, 'level_not_passed']);
    await playThrough(api, d, token, expectOk(await openLevel(token, 1)) as SessionData);
    const ok = await api.call('set_level_data', { category: 'science', subcategory: 'physics', level: 1, language_id: 1 }, { token });
    expect(ok.body.data).toMatchObject({ level: 1, level_passed: 1, verified: true });
    const claim2 = await api.call('set_level_data', { category: 'science', subcategory: 'physics', level: 2, language_id: 1 }, { token });
    expect(claim2.body.message).toBe('level_not_passed');
  });

  test('set_quiz_categories is accepted only after a passed play recorded there', async () => {
    const d = await db();
    const { token } = await player();
    const body = { type: 1, category: 'science', subcategory: 'physics', type_id: '', language_id: 1 };
    expect((await api.call('set_quiz_categories', body, { token })).body.message).toBe('result_not_recorded');
    await playThrough(api, d, token, expectOk(await openLevel(token, 1)) as SessionData);
    expect((await api.call('set_quiz_categories', body, { token })).body.data).toMatchObject({ verified: true });
  });

  test('opening the same level again while it is open answers the same session where it stands', async () => {
    const d = await db();
    const { token } = await player();
    const first = expectOk(await openLevel(token, 1)) as SessionData;
    const answers = await rightAnswers(d, [first.questions[0]!.id]);
    expectOk(await api.call('submit_answer', { session_id: first.session_id, question_id: first.questions[0]!.id, answer: answers.get(first.questions[0]!.id)! }, { token }));
    const again = expectOk(await openLevel(token, 1)) as SessionData;
    expect(again.session_id).toBe(first.session_id);
    expect(again.current_index).toBe(1);
    expect(again.questions.map((q) => q.id)).toEqual(first.questions.map((q) => q.id));
    expect(again.questions[0]!.options).toEqual(first.questions[0]!.options);
  });
  test('a session abandoned long past its deadline is settled when the level is opened again, and a new one starts', async () => {
    const d = await db();
    const { token } = await player();
    const place = { category: 'science', subcategory: 'biology' };
    const first = expectOk(await openLevel(token, 1, place)) as SessionData;
    const answers = await rightAnswers(d, first.questions.map((q) => q.id));
    for (const q of first.questions.slice(0, 4)) {
      expectOk(await api.call('submit_answer', { session_id: first.session_id, question_id: q.id, answer: answers.get(q.id)! }, { token }));
    }
    await d.update(playSessions).set({ currentDeadline: sql`now() - interval '10 minutes'` }).where(eq(playSessions.id, first.session_id));
    const second = expectOk(await openLevel(token, 1, place)) as SessionData;
    expect(second.session_id).not.toBe(first.session_id);
    expect(second.current_index).toBe(0);
    const settled = expectOk(await api.call('finish_play', { session_id: first.session_id }, { token }));
    expect(settled).toMatchObject({ correct: 4, unanswered: 6, passed: true, coins_earned: 1 });
  });
});

describe(`premium categories (${testDbKind})`, () => {
  async function makePremium(slug: string, coins: number) {
    await (await db()).update(categories).set({ isPremium: true, coins }).where(eq(categories.slug, slug));
  }

  test('a premium category is locked until unlocked; the unlock takes the price once; a second unlock answers 132', async () => {
    const d = await db();
    await makePremium('technology', 30);
    const { token, userId } = await player(100);
    const locked = await openLevel(token, 1, { category: 'technology', subcategory: 'computing' });
    expect([locked.status, locked.body.message]).toEqual([403, 'premium_locked']);
    const listed = (expectOk(await api.call('get_categories', { type: 1, language_id: 1 }, { token })) as { slug: string; is_premium: boolean; has_unlocked: boolean; coins: number }[]).find(
      (c) => c.slug === 'technology',
    );
    expect(listed).toMatchObject({ is_premium: true, has_unlocked: false, coins: 30 });

    const unlocks = await Promise.all(Array.from({ length: 5 }, () => api.call('unlock_premium_category', { category: 'technology', language_id: 1 }, { token })));
    expect(unlocks.map((u) => u.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(unlocks.filter((u) => u.status === 409).every((u) => u.body.message === '132')).toBe(true);
    expect(unlocks.find((u) => u.status === 200)!.body.data).toMatchObject({ coins_spent: 30, coins: 70, has_unlocked: true });
    expect(await coinsOf(d, userId)).toBe(70);
    const category = await d.select({ id: categories.id }).from(categories).where(and(eq(categories.slug, 'technology'), eq(categories.languageId, 1)));
    expect(await ledgerEntries(d, `unlock:${userId}:${category[0]!.id}:0`)).toHaveLength(1);

    expect((await openLevel(token, 1, { category: 'technology', subcategory: 'computing' })).status).toBe(200);
  });

  test('an unlock without enough coins is refused and records nothing', async () => {
    const d = await db();
    await makePremium('food-drink', 50);
    const { token, userId } = await player(20);
    const res = await api.call('unlock_premium_category', { category: 'food-drink', language_id: 1 }, { token });
    expect([res.status, res.body.message]).toEqual([409, 'not_enough_coins']);
    expect(await coinsOf(d, userId)).toBe(20);
    expect(await d.select().from(unlockedCategories).where(eq(unlockedCategories.userId, userId))).toEqual([]);
  });
});

describe(`settlement (${testDbKind})`, () => {
  test('20 concurrent finish_play of one session settle once: one ledger entry, one leaderboard increment, the same result 20 times', async () => {
    const d = await db();
    const { token, userId } = await player();
    const session = expectOk(await openLevel(token, 1, { category: 'sports-games', subcategory: 'sports' })) as SessionData;
    const answers = await rightAnswers(d, session.questions.map((q) => q.id));
    for (const q of session.questions) {
      expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: answers.get(q.id)! }, { token }));
    }
    const results = await Promise.all(Array.from({ length: 20 }, () => api.call('finish_play', { session_id: session.session_id }, { token })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const first = results[0]!.body.data as PlayResult;
    for (const r of results) expect(r.body.data).toEqual(first);
    expect(first).toMatchObject({ passed: true, score: 40, coins_earned: 4 });
    expect(await ledgerEntries(d, `play:${session.session_id}`)).toHaveLength(1);
    expect(await coinsOf(d, userId)).toBe(4);
    for (const table of [leaderboardAllTime, leaderboardDaily, leaderboardMonthly]) {
      const rows = await d.select({ score: table.score }).from(table).where(eq(table.userId, userId));
      expect(rows).toEqual([{ score: 40 }]);
    }
  });

  test('finish_play closes the questions still open as unanswered', async () => {
    const d = await db();
    const { token } = await player();
    const session = expectOk(await openLevel(token, 1, { category: 'history', subcategory: 'ancient-world' })) as SessionData;
    const answers = await rightAnswers(d, session.questions.map((q) => q.id));
    for (const q of session.questions.slice(0, 4)) {
      expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: answers.get(q.id)! }, { token }));
    }
    const result = expectOk(await api.call('finish_play', { session_id: session.session_id }, { token }));
    expect(result).toMatchObject({ total: 10, correct: 4, wrong: 0, unanswered: 6, percentage: 40, passed: true, coins_earned: 1 });
    const late = await api.call('submit_answer', { session_id: session.session_id, question_id: session.questions[4]!.id, answer: 'a' }, { token });
    expect([late.status, late.body.message]).toEqual([409, 'play_finished']);
  });

  test('each answer says what it did to the score; a pass below zero adds nothing to the leaderboards (docs/economy.md)', async () => {
    const d = await db();
    const { token, userId } = await player();
    const session = expectOk(await openLevel(token, 1, { category: 'geography', subcategory: 'countries-capitals' })) as SessionData;
    // 3 right of 10 (a pass at 30 %), 6 wrong, the last unanswered: 12 − 24 = −12.
    const { submits, result } = await playThrough(api, d, token, session, (options, right, i) => (i < 3 ? right : i < 9 ? wrong(options, right) : ''));
    expect(submits.map((s) => s.points)).toEqual([4, 4, 4, -4, -4, -4, -4, -4, -4, 0]);
    expect(result).toMatchObject({ passed: true, score: -12 });
    for (const table of [leaderboardAllTime, leaderboardDaily, leaderboardMonthly]) {
      expect(await d.select({ score: table.score }).from(table).where(eq(table.userId, userId))).toEqual([]);
    }
  });

  test('a resumed play says where it stands: the score of the answers given so far and the right answers in a row at their end', async () => {
    const d = await db();
    const { token } = await player();
    const place = { category: 'geography', subcategory: 'countries-capitals' };
    const session = expectOk(await openLevel(token, 1, place)) as SessionData;
    expect(session.progress).toEqual({ score: 0, streak: 0 });
    const answers = await rightAnswers(d, session.questions.map((q) => q.id));
    const answer = async (i: number, right: boolean | null) => {
      const q = session.questions[i]!;
      const letter = right === null ? '' : right ? answers.get(q.id)! : wrong(q.options.map((o) => o.key), answers.get(q.id)!);
      return expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: letter }, { token })) as { points: number };
    };
    const points: number[] = [];
    // Right, wrong, right, right: 4 − 4 + 4 + 4 = 8, two in a row.
    for (const [i, right] of [true, false, true, true].entries()) points.push((await answer(i, right)).points);
    const resumed = expectOk(await openLevel(token, 1, place)) as SessionData;
    expect(resumed.session_id).toBe(session.session_id);
    expect(resumed.progress).toEqual({ score: points.reduce((a, b) => a + b, 0), streak: 2 });
    expect(resumed.progress!.score).toBe(8);
    // Time ran out on the next: no points, the run is over.
    await answer(4, null);
    expect((expectOk(await openLevel(token, 1, place)) as SessionData).progress).toEqual({ score: 8, streak: 0 });
  });

  test('a session of another player is not found', async () => {
    const { token } = await player();
    const other = await player();
    const session = expectOk(await openLevel(token, 1)) as SessionData;
    const res = await api.call('finish_play', { session_id: session.session_id }, { token: other.token });
    expect([res.status, res.body.message, res.body.field]).toEqual([404, '102', 'session_id']);
  });
});

describe(`lifelines (${testDbKind})`, () => {
  async function openWithCoins(coins: number, place = { category: 'mathematics-logic', subcategory: 'numbers' }) {
    const p = await player(coins);
    const session = expectOk(await openLevel(p.token, 1, place)) as SessionData;
    return { ...p, session };
  }

  /** Answers the open question right, so the next one opens. */
  async function answerOpen(token: string, session: SessionData, index: number) {
    const q = session.questions[index]!;
    const answers = await rightAnswers(await db(), [q.id]);
    return expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: answers.get(q.id)! }, { token }));
  }

  function firstIndex(session: SessionData, type: 'multiple' | 'boolean') {
    return session.questions.findIndex((q) => q.question_type === type);
  }

  test('a lifeline requested twice at once is granted and charged once', async () => {
    const d = await db();
    const { token, userId, session } = await openWithCoins(50);
    for (let i = 0; i < firstIndex(session, 'multiple'); i++) await answerOpen(token, session, i);
    const q = session.questions[firstIndex(session, 'multiple')]!;
    const both = await Promise.all([0, 1].map(() => api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'fifty_fifty' }, { token })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe('lifeline_used');
    expect(await ledgerEntries(d, `lifeline:${session.session_id}:fifty_fifty`)).toHaveLength(1);
    expect(await coinsOf(d, userId)).toBe(50 - LIFELINE);
  });

  test('50/50 removes two wrong options, and the audience poll is then refused on that question', async () => {
    const d = await db();
    const { token, session } = await openWithCoins(50);
    const index = firstIndex(session, 'multiple');
    for (let i = 0; i < index; i++) await answerOpen(token, session, i);
    const q = session.questions[index]!;
    const right = (await rightAnswers(d, [q.id])).get(q.id)!;
    const fifty = expectOk(await api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'fifty_fifty' }, { token })) as { removed: string[]; coins: number };
    expect(fifty.removed).toHaveLength(2);
    expect(fifty.removed).not.toContain(right);
    expect(fifty.coins).toBe(50 - LIFELINE);
    const resumed = expectOk(await openLevel(token, 1, { category: 'mathematics-logic', subcategory: 'numbers' })) as SessionData;
    expect(resumed.current_effects.removed).toEqual(fifty.removed);
    expect(resumed.lifelines.find((l) => l.key === 'fifty_fifty')!.available).toBe(false);
    const poll = await api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'audience_poll' }, { token });
    expect([poll.status, poll.body.message]).toEqual([409, 'lifeline_conflict']);
  });

  test('the audience poll sums to 100 and skip drops the question from the result', async () => {
    const d = await db();
    const { token, session } = await openWithCoins(50);
    const index = firstIndex(session, 'multiple');
    for (let i = 0; i < index; i++) await answerOpen(token, session, i);
    const q = session.questions[index]!;
    const poll = expectOk(await api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'audience_poll' }, { token })) as { percentages: Record<string, number> };
    expect(Object.values(poll.percentages).reduce((a, b) => a + b, 0)).toBe(100);
    expect(Object.keys(poll.percentages).sort()).toEqual(q.options.map((o) => o.key).sort());
    const skip = expectOk(await api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'skip' }, { token }));
    expect(skip).toMatchObject({ skipped: true, current_index: index + 1, finished: false, coins: 50 - 2 * LIFELINE });
    const reset = expectOk(
      await api.call('use_lifeline', { session_id: session.session_id, question_id: session.questions[index + 1]!.id, lifeline: 'reset_timer' }, { token }),
    ) as { time_left_ms: number };
    expect(reset.time_left_ms).toBeGreaterThan(28_000);
    const { result } = await playThrough(api, d, token, { ...session, current_index: index + 1 });
    expect(result).toMatchObject({ total: 10, skipped: 1, correct: 9, percentage: 100 });
  });

  test('50/50 on a true/false question is not allowed, and a lifeline without coins is refused', async () => {
    const { token, session } = await openWithCoins(0, { category: 'science', subcategory: 'physics' });
    const index = firstIndex(session, 'boolean');
    for (let i = 0; i < index; i++) await answerOpen(token, session, i);
    const q = session.questions[index]!;
    const fifty = await api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'fifty_fifty' }, { token });
    expect([fifty.status, fifty.body.message]).toEqual([403, 'lifeline_not_allowed']);
    const skip = await api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'skip' }, { token });
    expect([skip.status, skip.body.message]).toEqual([409, 'not_enough_coins']);
  });

  test('a two-option question plays with its two options: 50/50 is not allowed on it, the poll is, and answering scores it', async () => {
    const d = await db();
    const p = await player(100);
    // The first multiple-choice question of the level keeps its two first options only (the right one among them).
    const first = expectOk(await openLevel(p.token, 1, { category: 'mathematics-logic', subcategory: 'numbers' })) as SessionData;
    const index = firstIndex(first, 'multiple');
    const id = first.questions[index]!.id;
    const [stored] = await d.select().from(questions).where(eq(questions.id, id));
    const options = [stored!.optionA, stored!.optionB, stored!.optionC, stored!.optionD];
    const right = options['abcd'.indexOf(stored!.answer)]!;
    const wrong = options.find((o) => o !== right)!;
    await d.update(questions).set({ optionA: wrong, optionB: right, optionC: null, optionD: null, optionE: null, answer: 'b' }).where(eq(questions.id, id));
    await d.delete(playSessions);
    const session = expectOk(await openLevel(p.token, 1, { category: 'mathematics-logic', subcategory: 'numbers' })) as SessionData;
    const at = session.questions.findIndex((q) => q.id === id);
    for (let i = 0; i < at; i++) await answerOpen(p.token, session, i);
    const q = session.questions[at]!;
    expect(q.options.map((o) => o.text).sort()).toEqual([right, wrong].sort());
    const fifty = await api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'fifty_fifty' }, { token: p.token });
    expect([fifty.status, fifty.body.message]).toEqual([403, 'lifeline_not_allowed']);
    const poll = expectOk(await api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'audience_poll' }, { token: p.token })) as { percentages: Record<string, number> };
    expect(Object.keys(poll.percentages)).toHaveLength(2);
    const key = q.options.find((o) => o.text === right)!.key;
    const answered = expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: key }, { token: p.token })) as { correct: boolean };
    expect(answered.correct).toBe(true);
  });

  test("an imported bank's two-option rows play: yes/no pairs as true/false questions, two texts as two-option ones, scored like any other", async () => {
    const d = await db();
    const rows = [
      ...[0, 1, 2, 3].map((i) => `Two options,Yes or no,multiple,1,Is answer ${i} yes?,${i % 2 ? 'No' : 'Yes'},${i % 2 ? 'Yes' : 'No'},,,a`),
      ...[0, 1, 2].map((i) => `Two options,Yes or no,multiple,1,Which of two ${i}?,Left ${i},Right ${i},,,b`),
      ...[0, 1, 2].map((i) => `Two options,Yes or no,multiple,1,Which of four ${i}?,A${i},B${i},C${i},D${i},c`),
    ];
    const imported = await importContent(d, { fileName: 'bank.csv', text: ['category,subcategory,type,level,question,option_a,option_b,option_c,option_d,answer', ...rows].join('\n') });
    expect({ inserted: imported.inserted, rejected: imported.rejectedCount }).toEqual({ inserted: 10, rejected: 0 });
    const p = await player();
    const session = expectOk(await openLevel(p.token, 1, { category: 'two-options', subcategory: 'yes-or-no' })) as SessionData;
    const shapes = session.questions.map((q) => `${q.question_type}:${q.options.length}`).sort();
    expect(shapes).toEqual([...Array(4).fill('boolean:2'), ...Array(3).fill('multiple:2'), ...Array(3).fill('multiple:4')].sort());
    const yesNo = session.questions.find((q) => q.question_type === 'boolean')!;
    expect(yesNo.options.map((o) => o.text)).toEqual(['Yes', 'No']);
    const { result } = await playThrough(api, d, p.token, session);
    expect(result).toMatchObject({ total: 10, correct: 10, percentage: 100 });
  });

  test('lifelines are not offered outside the quiz zone', async () => {
    const { token } = await player(50);
    const session = expectOk(await api.call('get_questions_by_type', { type: 2, language_id: 1 }, { token })) as SessionData;
    expect(session.lifelines).toEqual([]);
    const res = await api.call('use_lifeline', { session_id: session.session_id, question_id: session.questions[0]!.id, lifeline: 'skip' }, { token });
    expect(res.body.message).toBe('lifeline_not_allowed');
  });
});

describe(`review (${testDbKind})`, () => {
  test('the review is refused before finishing, then charged once per session', async () => {
    const d = await db();
    const { token, userId } = await player(30);
    const session = expectOk(await openLevel(token, 1, { category: 'arts-literature', subcategory: 'literature' })) as SessionData;
    const early = await api.call('get_play_review', { session_id: session.session_id }, { token });
    expect([early.status, early.body.message]).toEqual([409, 'play_not_finished']);
    const { result } = await playThrough(api, d, token, session, (options, right, i) => (i % 2 ? right : wrong(options, right)));
    expect(result.review_cost).toBe(REVIEW);
    const balance = await coinsOf(d, userId);
    const reviews = await Promise.all([0, 1, 2].map(() => api.call('get_play_review', { session_id: session.session_id }, { token })));
    expect(reviews.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await coinsOf(d, userId)).toBe(balance - REVIEW);
    expect(await ledgerEntries(d, `review:${session.session_id}`)).toHaveLength(1);
    const review = reviews[0]!.body.data as { questions: { id: number; answer: string | null; correct_answer: string; note: string | null; status: string }[] };
    const answers = await rightAnswers(d, session.questions.map((q) => q.id));
    expect(review.questions.map((q) => q.correct_answer)).toEqual(session.questions.map((q) => answers.get(q.id)));
    expect(review.questions.map((q) => q.status)).toEqual(session.questions.map((_q, i) => (i % 2 ? 'correct' : 'wrong')));
    expect(review.questions.every((q) => typeof q.note === 'string' && q.note.length > 10)).toBe(true);
  });

  test('the review is free when review_answers_mode is off', async () => {
    const d = await db();
    await writeSetting(d, 'review_answers_mode', '0');
    api.app.settings.invalidate();
    try {
      const { token, userId } = await player();
      const session = expectOk(await openLevel(token, 1, { category: 'geography', subcategory: 'countries-capitals' })) as SessionData;
      const { result } = await playThrough(api, d, token, session, wrong);
      expect(result.review_cost).toBe(0);
      expect((await api.call('get_play_review', { session_id: session.session_id }, { token })).status).toBe(200);
      expect(await coinsOf(d, userId)).toBe(0);
    } finally {
      await writeSetting(d, 'review_answers_mode', '1');
    }
  });
});
