import { writeSetting } from '@/services/server/settings/repository';
import { importContent } from '@/services/server/content/import';
import { eq } from 'drizzle-orm';
import { subcategories } from '@/services/server/db/schema';
import { giveCoins } from '@/tests/fixtures/play';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { demoPlace, expectOk, playThrough, wrong, type SessionData } from '@/tests/fixtures/play';

const { api, db } = seededApiSuite();

/** Maths mania on the demo content: its categories, a play of a place, coins on the first pass only. */

interface CategoryItem {
  id: number;
  slug: string;
  category_name: string;
  no_of_subcategories: number;
  no_of_questions: number;
}

describe(`maths mania (${testDbKind})`, () => {
  test('lists its own categories (type 5) and their subcategories, apart from the other kinds', async () => {
    const { token } = await createPlayerWithSession(await db());
    const maths = expectOk(await api.call('get_categories', { type: 5, language_id: 1 }, { token })) as CategoryItem[];
    expect(maths.map((c) => [c.slug, c.category_name, c.no_of_subcategories, c.no_of_questions])).toEqual([
      ['maths-arithmetic', 'Arithmetic', 3, 30],
      ['maths-algebra', 'Algebra', 3, 30],
    ]);
    const quizZone = expectOk(await api.call('get_categories', { type: 1, language_id: 1 }, { token })) as CategoryItem[];
    expect(quizZone.some((c) => c.slug.startsWith('maths-'))).toBe(false);
    const words = expectOk(await api.call('get_categories', { type: 3, language_id: 1 }, { token })) as CategoryItem[];
    expect(words.some((c) => c.slug.startsWith('maths-'))).toBe(false);

    const subs = expectOk(await api.call('get_subcategory_by_maincategory', { category_slug: 'maths-algebra', type: 5, language_id: 1 }, { token })) as { slug: string }[];
    expect(subs.map((s) => s.slug)).toEqual(['linear-equations', 'powers-roots', 'percentages']);
    // Without the type the slug is looked up among quiz-zone categories.
    expect((await api.call('get_subcategory_by_maincategory', { category_slug: 'maths-algebra', language_id: 1 }, { token })).body.message).toBe('102');
  });

  test('a play serves LaTeX questions without answers; all right pays coins on the first pass only, and adds the score', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    const place = await demoPlace(d, 'maths-arithmetic', 'fractions');
    const session = expectOk(await api.call('get_maths_questions', { type: 'subcategory', type_id: place.subcategoryId }, { token })) as SessionData;
    expect(session).toMatchObject({ mode: 'maths', time_per_question: 60 });
    expect(session.questions).toHaveLength(10);
    expect(session.questions[0]!.question).toMatch(/\$\\frac\{\d+\}\{\d+\}/);
    expect(JSON.stringify(session.questions)).not.toMatch(/"answer"|"note"/);
    expect(session.lifelines).toEqual([]);

    const first = await playThrough(api, d, token, session);
    expect(first.result).toMatchObject({ passed: true, correct: 10, score: 40, coins_earned: 4, level_unlocked: null });

    const again = expectOk(await api.call('get_maths_questions', { type: 'subcategory', type_id: place.subcategoryId }, { token })) as SessionData;
    expect(again.session_id).not.toBe(session.session_id);
    const second = await playThrough(api, d, token, again);
    expect(second.result).toMatchObject({ passed: true, coins_earned: 0, score: 40 });

    const board = expectOk(await api.call('get_globle_leaderboard', { offset: 0, limit: 10 }, { token })) as { user_id: number; score: number }[];
    expect(board.find((r) => r.user_id === userId)?.score).toBe(80);
  });

  test('a category play draws from all its subcategories; a failed play pays nothing', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const place = await demoPlace(d, 'maths-algebra', 'percentages');
    const session = expectOk(await api.call('get_maths_questions', { type: 'category', type_id: place.categoryId }, { token })) as SessionData;
    expect(session.questions).toHaveLength(10);
    const { result } = await playThrough(api, d, token, session, (options, right) => wrong(options, right));
    expect(result).toMatchObject({ passed: false, correct: 0, coins_earned: 0, score: -40 });
  });

  test('refusals name the field: a quiz-zone place, an unknown id, a bad type; the mode can be switched off', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const quizZone = await demoPlace(d);
    const notMaths = await api.call('get_maths_questions', { type: 'subcategory', type_id: quizZone.subcategoryId }, { token });
    expect([notMaths.status, notMaths.body.message, notMaths.body.field]).toEqual([404, '102', 'type_id']);
    const unknown = await api.call('get_maths_questions', { type: 'category', type_id: 999999 }, { token });
    expect([unknown.body.message, unknown.body.field]).toEqual(['102', 'type_id']);
    const badType = await api.call('get_maths_questions', { type: 'level', type_id: 1 }, { token });
    expect([badType.status, badType.body.field]).toEqual([400, 'type']);

    await writeSetting(d, 'maths_quiz_mode', '0');
    api.app.settings.invalidate();
    try {
      const place = await demoPlace(d, 'maths-arithmetic', 'fractions');
      const off = await api.call('get_maths_questions', { type: 'subcategory', type_id: place.subcategoryId }, { token });
      expect(off.body.message).toBe('mode_disabled');
    } finally {
      await writeSetting(d, 'maths_quiz_mode', '1');
      api.app.settings.invalidate();
    }
  });

  test('an imported CSV with mode maths makes a maths category that plays', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const rows = Array.from({ length: 3 }, (_, i) => `maths,Club maths,Squares,multiple,,Work out $${i + 11}^{2}$.,$${(i + 11) ** 2}$,$${(i + 11) * 2}$,$${(i + 11) ** 2 + 1}$,$${(i + 11) ** 2 - 10}$,a`);
    const report = await importContent(d, { fileName: 'club.csv', text: ['mode,category,subcategory,type,level,question,option_a,option_b,option_c,option_d,answer', ...rows].join('\n') });
    expect([report.inserted, report.rejected]).toEqual([3, []]);
    const maths = expectOk(await api.call('get_categories', { type: 5, language_id: 1 }, { token })) as CategoryItem[];
    const club = maths.find((c) => c.category_name === 'Club maths')!;
    expect(club.no_of_questions).toBe(3);
    const session = expectOk(await api.call('get_maths_questions', { type: 'category', type_id: club.id }, { token })) as SessionData;
    expect(session.questions.map((q) => q.question).sort()).toEqual(['Work out $11^{2}$.', 'Work out $12^{2}$.', 'Work out $13^{2}$.']);
  });

  test('a premium maths subcategory is refused until unlocked with coins, with the type named', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    const place = await demoPlace(d, 'maths-algebra', 'powers-roots');
    await d.update(subcategories).set({ isPremium: true, coins: 20 }).where(eq(subcategories.id, place.subcategoryId));
    try {
      const locked = await api.call('get_maths_questions', { type: 'subcategory', type_id: place.subcategoryId }, { token });
      expect([locked.body.message, locked.body.field]).toEqual(['premium_locked', 'subcategory']);
      await giveCoins(d, userId, 30);
      // Without the type the slug is looked up among quiz-zone categories.
      expect((await api.call('unlock_premium_category', { category: 'maths-algebra', subcategory: 'powers-roots', language_id: 1 }, { token })).body.message).toBe('102');
      const unlocked = expectOk(await api.call('unlock_premium_category', { category: 'maths-algebra', subcategory: 'powers-roots', language_id: 1, type: 5 }, { token })) as { coins_spent: number };
      expect(unlocked.coins_spent).toBe(20);
      expect((await api.call('get_maths_questions', { type: 'subcategory', type_id: place.subcategoryId }, { token })).status).toBe(200);
    } finally {
      await d.update(subcategories).set({ isPremium: false, coins: 0 }).where(eq(subcategories.id, place.subcategoryId));
    }
  });
});
