import { and, eq, inArray, ne } from 'drizzle-orm';
import { defaultSettings } from '@/services/domain/settings';
import { categories, dailyQuizPlays, dailyQuizzes, languages, leaderboardAllTime, playSessions, questionReports, questions } from '@/services/server/db/schema';
import { openDailyQuiz } from '@/services/server/play/modes';
import { finishPlay } from '@/services/server/play/settle';
import { isApiError } from '@/services/server/gateway/api-error';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { coinsOf, demoPlace, expectOk, playThrough, wrong, type SessionData } from '@/tests/fixtures/play';

const { api, db } = seededApiSuite();
const player = async () => createPlayerWithSession(await db());

describe(`daily quiz (${testDbKind})`, () => {
  test('the daily quiz is played once a day: a second request after finishing answers 112', async () => {
    const d = await db();
    const { token, userId } = await player();
    const body = { language_id: 1, timezone: 'Europe/Madrid' };
    const session = expectOk(await api.call('get_daily_quiz', body, { token })) as SessionData;
    expect(session).toMatchObject({ mode: 'daily_quiz', time_per_question: 30, lifelines: [] });
    expect(session.questions).toHaveLength(10);
    // A reload before finishing resumes the same play.
    expect((expectOk(await api.call('get_daily_quiz', body, { token })) as SessionData).session_id).toBe(session.session_id);
    const { result } = await playThrough(api, d, token, session);
    expect(result).toMatchObject({ passed: true, score: 40, coins_earned: 0 });
    expect(await coinsOf(d, userId)).toBe(0);
    const again = await api.call('get_daily_quiz', body, { token });
    expect([again.status, again.body.message]).toEqual([409, '112']);
    const [played] = await d.select().from(dailyQuizPlays).where(eq(dailyQuizPlays.userId, userId));
    expect(played!.finishedAt).not.toBeNull();
  });

  test('every player gets the same set of the day in a language', async () => {
    const a = await player();
    const b = await player();
    const [first, second] = await Promise.all(
      [a, b].map(async (p) => expectOk(await api.call('get_daily_quiz', { language_id: 2, timezone: 'UTC' }, { token: p.token })) as SessionData),
    );
    expect(second!.questions.map((q) => q.id)).toEqual(first!.questions.map((q) => q.id));
    const sets = await (await db()).select().from(dailyQuizzes).where(eq(dailyQuizzes.languageId, 2));
    expect(sets).toHaveLength(1);
  });

  test('the admin pick of the day is served', async () => {
    const d = await db();
    const picked = await d.select({ id: questions.id }).from(questions).where(and(eq(questions.languageId, 1), eq(questions.level, 3))).limit(3);
    const day = new Date().toISOString().slice(0, 10);
    await d.delete(dailyQuizzes).where(and(eq(dailyQuizzes.languageId, 1), eq(dailyQuizzes.day, day)));
    await d.insert(dailyQuizzes).values({ languageId: 1, day, questionIds: picked.map((p) => p.id) });
    const { token } = await player();
    const session = expectOk(await api.call('get_daily_quiz', { language_id: 1, timezone: 'UTC' }, { token })) as SessionData;
    expect(session.questions.map((q) => q.id)).toEqual(picked.map((p) => p.id));
  });

  test('the day is the player\'s: played "today" in Asia/Tokyo is not today in America/Los_Angeles', async () => {
    const d = await db();
    const { userId } = await player();
    const settings = defaultSettings();
    // 16:00 UTC on 10 March 2025: already the 11th in Tokyo, still the 10th in Los Angeles.
    const now = new Date('2025-03-10T16:00:00Z');
    const tokyo = await openDailyQuiz(d, settings, userId, { languageId: 1, timezone: 'Asia/Tokyo' }, now);
    await finishPlay(d, settings, userId, tokyo.session_id, now);
    const refused = await openDailyQuiz(d, settings, userId, { languageId: 1, timezone: 'Asia/Tokyo' }, new Date('2025-03-11T14:59:00Z')).catch((e) => e);
    expect(isApiError(refused) && refused.code).toBe('112');
    const losAngeles = await openDailyQuiz(d, settings, userId, { languageId: 1, timezone: 'America/Los_Angeles' }, now);
    expect(losAngeles.session_id).not.toBe(tokyo.session_id);
    // Just after midnight in Tokyo it is a new day there.
    const nextDay = await openDailyQuiz(d, settings, userId, { languageId: 1, timezone: 'Asia/Tokyo' }, new Date('2025-03-11T15:00:00Z'));
    expect(nextDay.session_id).not.toBe(tokyo.session_id);
    const days = (await d.select({ day: dailyQuizPlays.day }).from(dailyQuizPlays).where(eq(dailyQuizPlays.userId, userId))).map((r) => r.day).sort();
    expect(days).toEqual(['2025-03-10', '2025-03-11', '2025-03-12']);
  });

  test('an unknown timezone is refused naming the field; a GMT offset is accepted', async () => {
    const { token } = await player();
    const bad = await api.call('get_daily_quiz', { language_id: 1, timezone: 'Mars/Olympus' }, { token });
    expect([bad.status, bad.body.message, bad.body.field]).toEqual([400, '103', 'timezone']);
    expect((await api.call('get_daily_quiz', { language_id: 1, gmt_format: '+05:30' }, { token })).status).toBe(200);
  });
});

describe(`true and false (${testDbKind})`, () => {
  test('serves true/false statements with two options and adds the score of a pass', async () => {
    const d = await db();
    const { token, userId } = await player();
    const session = expectOk(await api.call('get_questions_by_type', { type: 2, language_id: 1 }, { token })) as SessionData;
    expect(session.mode).toBe('true_false');
    expect(session.questions).toHaveLength(10);
    expect(session.questions.every((q) => q.question_type === 'boolean' && q.options.map((o) => o.key).join() === 'a,b')).toBe(true);
    const { result } = await playThrough(api, d, token, session, (options, right, i) => (i < 7 ? right : wrong(options, right)));
    expect(result).toMatchObject({ correct: 7, wrong: 3, passed: true, score: 16, coins_earned: 0 });
    const [row] = await d.select().from(leaderboardAllTime).where(eq(leaderboardAllTime.userId, userId));
    expect(row!.score).toBe(16);
  });

  test('serves no question of a premium category the player has not unlocked, nor lets it be bookmarked', async () => {
    const d = await db();
    const { token } = await player();
    const premium = and(eq(categories.languageId, 1), ne(categories.slug, 'science'));
    await d.update(categories).set({ isPremium: true, coins: 10 }).where(premium);
    try {
      const session = expectOk(await api.call('get_questions_by_type', { type: 2, language_id: 1 }, { token })) as SessionData;
      const rows = await d.select({ id: questions.id, categoryId: questions.categoryId }).from(questions).where(inArray(questions.id, session.questions.map((q) => q.id)));
      expect(new Set(rows.map((r) => r.categoryId))).toEqual(new Set([(await demoPlace(d)).categoryId]));
      const locked = await demoPlace(d, 'history', 'ancient-world');
      const [q] = await d.select({ id: questions.id }).from(questions).where(eq(questions.categoryId, locked.categoryId)).limit(1);
      const res = await api.call('set_bookmark', { question_id: q!.id, status: '1', type: '1' }, { token });
      expect([res.status, res.body.message]).toEqual([404, '102']);
    } finally {
      await d.update(categories).set({ isPremium: false, coins: 0 }).where(premium);
    }
  });

  test('a call naming no language gets statements of the default language only; a named language gets its own', async () => {
    const d = await db();
    const [english] = await d.select({ id: languages.id }).from(languages).where(eq(languages.isDefault, true));
    const [other] = await d.select({ id: languages.id }).from(languages).where(eq(languages.isDefault, false)).limit(1);
    const languagesOf = async (session: SessionData) =>
      new Set((await d.select({ languageId: questions.languageId }).from(questions).where(inArray(questions.id, session.questions.map((q) => q.id)))).map((r) => r.languageId));
    for (const body of [{ type: 2 }, { type: 2, language_id: 0 }] as Record<string, number>[]) {
      const { token } = await player();
      const session = expectOk(await api.call('get_questions_by_type', body, { token })) as SessionData;
      expect(session.questions).toHaveLength(10);
      expect(await languagesOf(session)).toEqual(new Set([english!.id]));
    }
    const { token } = await player();
    const session = expectOk(await api.call('get_questions_by_type', { type: 2, language_id: other!.id }, { token })) as SessionData;
    expect(session.questions.length).toBeGreaterThan(0);
    expect(await languagesOf(session)).toEqual(new Set([other!.id]));
  });

  test('only type 2 is served', async () => {
    const { token } = await player();
    const res = await api.call('get_questions_by_type', { type: 1, language_id: 1 }, { token });
    expect([res.status, res.body.field]).toEqual([400, 'type']);
  });
});

describe(`self challenge (${testDbKind})`, () => {
  const base = { language_id: 1, category_slug: 'science', subcategory_slug: 'biology' };

  test.each([
    ['limit', { minutes: 5 }],
    ['limit', { limit: 0, minutes: 5 }],
    ['limit', { limit: '', minutes: 5 }],
    ['minutes', { limit: 10 }],
    ['minutes', { limit: 10, minutes: 0 }],
    ['limit', { limit: 51, minutes: 5 }],
    ['minutes', { limit: 10, minutes: 31 }],
  ])('refuses a missing, zero or too large choice naming %s: %j', async (field, choice) => {
    const { token } = await player();
    const res = await api.call('get_questions_for_self_challenge', { ...base, ...choice }, { token });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', field]);
  });

  test('plays the chosen number of questions on one clock, with no coins and no score', async () => {
    const d = await db();
    const { token, userId } = await player();
    const session = expectOk(await api.call('get_questions_for_self_challenge', { ...base, limit: 12, minutes: 3 }, { token })) as SessionData;
    expect(session).toMatchObject({ mode: 'self_challenge', time_per_question: null, total_time: 180, lifelines: [] });
    expect(session.questions).toHaveLength(12);
    expect(session.time_left_ms).toBeGreaterThan(170_000);
    const { result } = await playThrough(api, d, token, session);
    expect(result).toMatchObject({ total: 12, correct: 12, passed: true, score: 0, coins_earned: 0 });
    expect(await d.select().from(leaderboardAllTime).where(eq(leaderboardAllTime.userId, userId))).toEqual([]);
  });
});

describe(`bookmarks and reports (${testDbKind})`, () => {
  test('a bookmark is added, listed without its answer, played, removed; removing it again is refused', async () => {
    const d = await db();
    const { token } = await player();
    const place = await demoPlace(d, 'geography', 'countries-capitals');
    const [q] = await d.select({ id: questions.id }).from(questions).where(eq(questions.subcategoryId, place.subcategoryId)).limit(1);
    const empty = await api.call('get_bookmark', { type: 1 }, { token });
    expect([empty.status, empty.body.message]).toEqual([404, '102']);

    expect((await api.call('set_bookmark', { question_id: q!.id, status: '1', type: '1' }, { token })).status).toBe(200);
    expect((await api.call('set_bookmark', { question_id: q!.id, status: '1', type: '1' }, { token })).status).toBe(200);
    const list = expectOk(await api.call('get_bookmark', { type: '1' }, { token })) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]!).sort()).toEqual(['bookmarked_at', 'category_id', 'id', 'image', 'options', 'question', 'question_type']);

    const session = expectOk(await api.call('get_bookmark_play', { type: '1' }, { token })) as SessionData;
    expect(session).toMatchObject({ mode: 'bookmark', lifelines: [] });
    expect(session.questions.map((x) => x.id)).toEqual([q!.id]);
    const { result } = await playThrough(api, d, token, session);
    expect(result).toMatchObject({ correct: 1, score: 0, coins_earned: 0 });

    expect((await api.call('set_bookmark', { question_id: q!.id, status: '0', type: '1' }, { token })).status).toBe(200);
    const again = await api.call('set_bookmark', { question_id: q!.id, status: '0', type: '1' }, { token });
    expect([again.status, again.body.message]).toEqual([404, 'bookmark_not_found']);
    const none = await api.call('get_bookmark_play', { type: '1' }, { token });
    expect([none.status, none.body.message]).toEqual([404, '102']);
  });

  test('get_bookmark_state says which of the asked questions are bookmarked, of that kind and player alone', async () => {
    const d = await db();
    const me = await player();
    const other = await player();
    const place = await demoPlace(d, 'geography', 'countries-capitals');
    const qs = await d.select({ id: questions.id }).from(questions).where(eq(questions.subcategoryId, place.subcategoryId)).orderBy(questions.id).limit(3);
    const [a, b, c] = qs.map((q) => q.id) as [number, number, number];
    const state = async (token: string, ids: string, type = '1') => api.call('get_bookmark_state', { type, question_ids: ids }, { token });

    // None bookmarked: an empty list, not a failure.
    const none = await state(me.token, `${a},${b}`);
    expect([none.status, none.body.data]).toEqual([200, { type: '1', bookmarked: [] }]);

    expectOk(await api.call('set_bookmark', { question_id: a, status: '1', type: '1' }, { token: me.token }));
    expectOk(await api.call('set_bookmark', { question_id: c, status: '1', type: '1' }, { token: me.token }));
    expect(expectOk(await state(me.token, `${c},${b},${a},${c}`))).toEqual({ type: '1', bookmarked: [c, a] });
    expect(expectOk(await state(me.token, JSON.stringify([b, a])))).toEqual({ type: '1', bookmarked: [a] });
    // Another player's, and another kind's, are their own.
    expect(expectOk(await state(other.token, `${a},${c}`))).toEqual({ type: '1', bookmarked: [] });
    expect(expectOk(await state(me.token, `${a},${c}`, '6'))).toEqual({ type: '6', bookmarked: [] });
    // Removed: no longer listed.
    expectOk(await api.call('set_bookmark', { question_id: a, status: '0', type: '1' }, { token: me.token }));
    expect(expectOk(await state(me.token, `${a},${c}`))).toEqual({ type: '1', bookmarked: [c] });

    // Bad input names its field.
    for (const [ids, detail] of [
      ['', 'is required'],
      ['x', 'must be question ids'],
      [Array.from({ length: 101 }, (_, i) => i + 1).join(','), 'at most 100'],
    ] as const) {
      const bad = await state(me.token, ids);
      expect([bad.status, bad.body.message]).toEqual([400, '103']);
      // The list, or the entry in it that is wrong (question_ids.0).
      expect(String(bad.body.field)).toMatch(/^question_ids(\.\d+)?$/);
      expect(JSON.stringify(bad.body)).toContain(detail);
    }
    const badType = await state(me.token, `${a}`, '2');
    expect([badType.status, badType.body.field]).toEqual([400, 'type']);
    expect((await api.call('get_bookmark_state', { type: '1', question_ids: `${a}` })).status).toBe(401);
  });

  test('a report needs a reason and is stored', async () => {
    const d = await db();
    const { token, userId } = await player();
    const [q] = await d.select({ id: questions.id }).from(questions).limit(1);
    const empty = await api.call('report_question', { question_id: q!.id, message: '  ' }, { token });
    expect([empty.status, empty.body.message, empty.body.field]).toEqual([400, '103', 'message']);
    const missing = await api.call('report_question', { question_id: q!.id }, { token });
    expect(missing.body.field).toBe('message');
    const ok = await api.call('report_question', { question_id: q!.id, message: 'Two options are right.' }, { token });
    expect([ok.status, ok.body.message]).toEqual([200, '109']);
    const stored = await d.select().from(questionReports).where(eq(questionReports.userId, userId));
    expect(stored.map((r) => [r.questionId, r.message])).toEqual([[q!.id, 'Two options are right.']]);
  });
});

describe(`statistics (${testDbKind})`, () => {
  test('after two plays the statistics count the answers per category, name the strongest and weakest, and chart today', async () => {
    const d = await db();
    const { token } = await player();
    const science = expectOk(await api.call('get_questions_by_level', { category: 'science', subcategory: 'physics', level: 1, language_id: 1 }, { token })) as SessionData;
    await playThrough(api, d, token, science);
    const history = expectOk(await api.call('get_questions_by_level', { category: 'history', subcategory: 'ancient-world', level: 1, language_id: 1 }, { token })) as SessionData;
    // 5 right, 3 wrong, 2 left unanswered.
    await playThrough(api, d, token, { ...history, questions: history.questions.slice(0, 8) }, (options, right, i) => (i < 5 ? right : wrong(options, right)));

    const stats = expectOk(await api.call('get_users_statistics', { timezone: 'UTC' }, { token })) as {
      questions_answered: number;
      correct_answers: number;
      ratio: number;
      strongest_category: { category_name: string; ratio: number };
      weakest_category: { category_name: string; ratio: number };
      per_category: { category_name: string; answered: number; correct: number }[];
      history: { day: string; answered: number; correct: number }[];
    };
    expect(stats).toMatchObject({ questions_answered: 18, correct_answers: 15, ratio: 83 });
    expect(stats.strongest_category).toMatchObject({ category_name: 'Science', ratio: 100 });
    expect(stats.weakest_category).toMatchObject({ category_name: 'History', ratio: 62 });
    expect(stats.per_category.map((c) => [c.category_name, c.answered, c.correct]).sort()).toEqual([
      ['History', 8, 5],
      ['Science', 10, 10],
    ]);
    expect(stats.history).toEqual([{ day: new Date().toISOString().slice(0, 10), answered: 18, correct: 15 }]);

    const claim = await api.call('set_users_statistics', { questions_answered: 10, correct_answers: 10, category_id: (await demoPlace(d)).categoryId, ratio: 100 }, { token });
    expect(claim.body.data).toMatchObject({ verified: true, questions_answered: 10, correct_answers: 10 });
    const inflated = await api.call('set_users_statistics', { questions_answered: 30, correct_answers: 30, ratio: 100 }, { token });
    expect([inflated.status, inflated.body.message]).toEqual([403, 'result_not_recorded']);
  });

  test('the player card sums it up: rank, accuracy, strongest category, a week of days and the streak of days in a row', async () => {
    const d = await db();
    const { token, userId } = await player();
    const science = expectOk(await api.call('get_questions_by_level', { category: 'science', subcategory: 'physics', level: 1, language_id: 1 }, { token })) as SessionData;
    await playThrough(api, d, token, science);
    const history = expectOk(await api.call('get_questions_by_level', { category: 'history', subcategory: 'ancient-world', level: 1, language_id: 1 }, { token })) as SessionData;
    await playThrough(api, d, token, { ...history, questions: history.questions.slice(0, 8) }, (options, right, i) => (i < 5 ? right : wrong(options, right)));

    type Summary = { rank: number | null; streak: number; accuracy: number; questions_answered: number; strongest_category: unknown; battles: unknown; week: { day: string; answered: number; correct: number }[] };
    const summary = async () => expectOk(await api.call('get_player_summary', { timezone: 'UTC' }, { token })) as Summary;
    const card = await summary();
    expect(card).toMatchObject({ streak: 1, questions_answered: 18, accuracy: 83, strongest_category: { category_name: 'Science', ratio: 100 }, battles: { played: 0, won: 0 } });
    // The rank is the all-time board's own (other players of this file may be on it too).
    const board = await api.call('get_globle_leaderboard', { offset: 0, limit: 1 }, { token });
    const boardRank = (board.body.my_rank as { rank: number }).rank;
    expect(boardRank).toBeGreaterThanOrEqual(1);
    expect(card.rank).toBe(boardRank);
    const today = new Date().toISOString().slice(0, 10);
    expect(card.week).toHaveLength(7);
    expect(card.week[6]).toEqual({ day: today, answered: 18, correct: 15 });
    expect(card.week.slice(0, 6).every((day) => day.answered === 0 && day.correct === 0 && day.day < today)).toBe(true);
    expect(new Set(card.week.map((day) => day.day)).size).toBe(7);

    // One play moved to yesterday: two days in a row; to the day before: the run is broken.
    const moveScience = (daysAgo: number) =>
      d.update(playSessions).set({ settledAt: new Date(Date.now() - daysAgo * 86_400_000) }).where(and(eq(playSessions.userId, userId), eq(playSessions.id, science.session_id)));
    await moveScience(1);
    expect((await summary()).streak).toBe(2);
    await moveScience(2);
    expect((await summary()).streak).toBe(1);
  });

  test('a new player\'s card is empty but whole: no rank, no streak, seven empty days', async () => {
    const { token } = await player();
    const card = expectOk(await api.call('get_player_summary', {}, { token })) as { week: unknown[] };
    expect(card).toMatchObject({ rank: null, streak: 0, questions_answered: 0, accuracy: 0, strongest_category: null, battles: { played: 0, won: 0 } });
    expect(card.week).toHaveLength(7);
    expect((await api.call('get_player_summary', {})).status).toBe(401);
    const bad = await api.call('get_player_summary', { timezone: 'x'.repeat(65) }, { token });
    expect([bad.status, bad.body.field]).toEqual([400, 'timezone']);
  });

  test('a new player has empty statistics', async () => {
    const { token } = await player();
    const stats = expectOk(await api.call('get_users_statistics', {}, { token }));
    expect(stats).toMatchObject({ questions_answered: 0, correct_answers: 0, ratio: 0, strongest_category: null, weakest_category: null, per_category: [], history: [] });
  });
});
