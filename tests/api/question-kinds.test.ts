import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SubmitAnswerResult, WordHintData } from '@/services/domain/play-session';
import { wordLetters } from '@/services/domain/word';
import { categories, questions, subcategories, userBadges } from '@/services/server/db/schema';
import { writeSetting } from '@/services/server/settings/repository';
import { importContent } from '@/services/server/content/import';
import { AUDIO_START_ALLOWANCE } from '@/services/server/play/open';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { coinsOf, demoPlace, expectOk, giveCoins, ledgerEntries, playThrough, rightAnswers, wrong, type SessionData } from '@/tests/fixtures/play';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import type { Db } from '@/services/server/db/client';

const { api, db } = seededApiSuite();

/** Guess the word, fun and learn, audio questions and multi match on the demo content (issue 12). */


async function badgesOf(d: Db, userId: number): Promise<string[]> {
  return (await d.select({ badge: userBadges.badge }).from(userBadges).where(and(eq(userBadges.userId, userId), sql`${userBadges.status} <> 'locked'`))).map((r) => r.badge);
}

describe(`question kinds (${testDbKind})`, () => {
  test('every kind lists its own categories; daily quiz and true/false stay on quiz-zone questions', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const slugs = async (type: number) => ((expectOk(await api.call('get_categories', { type, language_id: 1 }, { token })) as { slug: string }[]).map((c) => c.slug));
    expect(await slugs(2)).toEqual(['fl-nature', 'fl-culture']);
    expect(await slugs(3)).toEqual(['gtw-nature', 'gtw-world']);
    expect(await slugs(4)).toEqual(['audio-listening', 'audio-everyday']);
    expect(await slugs(6)).toEqual(['mm-science-nature', 'mm-history-geography']);

    const daily = expectOk(await api.call('get_daily_quiz', { language_id: 1, timezone: 'UTC' }, { token })) as SessionData;
    const kinds = await d
      .select({ type: categories.type, shape: questions.questionType })
      .from(questions)
      .innerJoin(categories, eq(categories.id, questions.categoryId))
      .where(inArray(questions.id, daily.questions.map((q) => q.id)));
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((k) => k.type === 1 && (k.shape === 'multiple' || k.shape === 'boolean'))).toBe(true);
  });

  test('guess the word: slots and tiles, never the word; a hint is charged once, at most two; the word is checked folded', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 50);
    const p = await demoPlace(d, 'gtw-world', 'capitals', 'en');
    const session = expectOk(await api.call('get_guess_the_word', { type: 'subcategory', type_id: p.subcategoryId }, { token })) as SessionData;
    expect(session).toMatchObject({ mode: 'guess_the_word', time_per_question: 60, hints: { per_question: 2, cost: 2 } });
    expect(session.questions).toHaveLength(10);
    const answers = await rightAnswers(d, session.questions.map((q) => q.id));
    const first = session.questions[0]!;
    const word = answers.get(first.id)!;
    expect(first.question_type).toBe('word');
    expect(first.options).toEqual([]);
    expect(first.word!.fold).toBe('plain');
    expect(first.word!.slots.filter((s) => s === null)).toHaveLength(wordLetters(word, 'plain').length);
    const tiles = [...first.word!.tiles];
    for (const letter of wordLetters(word, 'plain')) tiles.splice(tiles.indexOf(letter), 1);
    expect(tiles.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(session.questions)).not.toContain(`"${word}"`);

    const before = await coinsOf(d, userId);
    const hint = expectOk(await api.call('guess_the_word_hint', { session_id: session.session_id, question_id: first.id }, { token })) as WordHintData;
    expect(hint.hint.letter).toBe(wordLetters(word, 'plain')[hint.hint.index]);
    expect([hint.hints_left, hint.coins]).toEqual([1, before - 2]);
    const second = expectOk(await api.call('guess_the_word_hint', { session_id: session.session_id, question_id: first.id }, { token })) as WordHintData;
    expect(second.hint.index).not.toBe(hint.hint.index);
    const third = await api.call('guess_the_word_hint', { session_id: session.session_id, question_id: first.id }, { token });
    expect([third.status, third.body.message]).toEqual([409, 'hint_limit']);
    expect(await coinsOf(d, userId)).toBe(before - 4);
    expect(await ledgerEntries(d, `hint:${session.session_id}:${first.id}:1`)).toHaveLength(1);
    expect(await ledgerEntries(d, `hint:${session.session_id}:${first.id}:3`)).toHaveLength(0);

    // A reload shows the revealed letters.
    const again = expectOk(await api.call('get_guess_the_word', { type: 'subcategory', type_id: p.subcategoryId }, { token })) as SessionData;
    expect(again.session_id).toBe(session.session_id);
    expect(again.current_effects.hints).toEqual([hint.hint, second.hint]);

    const bad = await api.call('submit_answer', { session_id: session.session_id, question_id: first.id, answer: '12 34' }, { token });
    expect([bad.status, bad.body.message, bad.body.field]).toEqual([400, '103', 'answer']);
    const right = expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: first.id, answer: word.toLowerCase() }, { token })) as SubmitAnswerResult;
    expect(right).toMatchObject({ correct: true, correct_answer: word });

    const { result } = await playThrough(api, d, token, { ...session, current_index: 1 });
    expect(result).toMatchObject({ correct: 10, passed: true, coins_earned: 10, score: 40 });
    // Hints were used: no super sonic.
    expect(await badgesOf(d, userId)).not.toContain('super_sonic');
  });

  test('guess the word: five words right without hints within time earns super sonic; Spanish keeps Ñ apart', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    const p = await demoPlace(d, 'gtw-mundo', 'comida', 'es');
    const session = expectOk(await api.call('get_guess_the_word', { type: 'subcategory', type_id: p.subcategoryId }, { token })) as SessionData;
    const answers = await rightAnswers(d, session.questions.map((q) => q.id));
    const pinaAt = session.questions.findIndex((q) => answers.get(q.id) === 'Piña');
    expect(pinaAt).toBeGreaterThanOrEqual(0);
    // The browser folds typed letters as the word is: each word says how.
    expect(new Set(session.questions.map((q) => q.word!.fold))).toEqual(new Set(['es']));
    expect(session.questions[pinaAt]!.word!.tiles).toContain('Ñ');
    const { submits, result } = await playThrough(api, d, token, session, (_o, right, i) => (i === pinaAt ? 'PINA' : right.normalize('NFD').replace(/[\u0301]/g, '')));
    expect(submits[pinaAt]).toMatchObject({ correct: false, correct_answer: 'Piña' });
    expect(result).toMatchObject({ correct: 9, wrong: 1 });
    expect(await badgesOf(d, userId)).toContain('super_sonic');
  });

  test('guess the word in Arabic: tiles of the Arabic alphabet, the word checked without its marks and hamza forms', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const csv = ['mode,language,category,subcategory,type,question,answer', 'guess_the_word,ar,كلمات,حيوانات,word,ملك الغابة,أسد', 'guess_the_word,ar,كلمات,حيوانات,word,سفينة الصحراء,جَمَل'].join('\n');
    const imported = await importContent(d, { fileName: 'ar-words.csv', text: csv });
    expect([imported.inserted, imported.rejected]).toEqual([2, []]);
    const [sub] = await d.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.slug, 'حيوانات'));
    const session = expectOk(await api.call('get_guess_the_word', { type: 'subcategory', type_id: sub!.id }, { token })) as SessionData;
    const answers = await rightAnswers(d, session.questions.map((q) => q.id));
    for (const q of session.questions) expect(q.word!.tiles.every((t) => /[\u0621-\u064A]/.test(t))).toBe(true);
    for (const q of session.questions) expect(q.word!.fold).toBe('ar');
    const submits = [];
    for (const q of session.questions) {
      // Typed without the hamza and the vowel marks.
      const typed = answers.get(q.id) === 'أسد' ? 'اسد' : 'جمل';
      submits.push(expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: typed }, { token })) as SubmitAnswerResult);
    }
    expect(submits.map((r) => r.correct)).toEqual([true, true]);
  });

  test('multi match: a set and an order, all or nothing; levels open by a pass; bookmarks and reports of its kind', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const locked = await api.call('get_multi_match_questions_by_level', { category: 'mm-science-nature', subcategory: 'science', level: 2, language_id: 1 }, { token });
    expect([locked.status, locked.body.message]).toEqual([403, 'level_locked']);

    const session = expectOk(await api.call('get_multi_match_questions_by_level', { category: 'mm-science-nature', subcategory: 'science', level: 1, language_id: 1 }, { token })) as SessionData;
    expect(session).toMatchObject({ mode: 'multi_match', time_per_question: 60 });
    const answers = await rightAnswers(d, session.questions.map((q) => q.id));
    const shapes = new Set(session.questions.map((q) => q.question_type));
    expect(shapes).toEqual(new Set(['multiselect', 'sequence']));
    for (const q of session.questions.filter((x) => x.question_type === 'sequence')) {
      // The order shown is never the answer.
      expect(q.options.map((o) => o.key).join(',')).not.toBe(answers.get(q.id));
    }

    const first = session.questions[0]!;
    const partial = first.question_type === 'multiselect' ? answers.get(first.id)!.split(',')[0]! : first.options.map((o) => o.key).join(',');
    const odd = await api.call('submit_answer', { session_id: session.session_id, question_id: first.id, answer: 'a,a' }, { token });
    expect([odd.status, odd.body.message]).toEqual([400, '103']);
    expect(odd.body.detail).toContain('answer: names an option twice');
    const graded = expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: first.id, answer: partial }, { token })) as SubmitAnswerResult;
    expect(graded.correct).toBe(false);
    expect(graded.correct_answer).toBe(answers.get(first.id));

    // Reversed letters of a set are the same set: right.
    const { result } = await playThrough(api, d, token, { ...session, current_index: 1 }, (_o, right, i) => (session.questions[i]!.question_type === 'multiselect' ? right.split(',').reverse().join(',') : right));
    expect(result).toMatchObject({ correct: 9, wrong: 1, passed: true, level_unlocked: 2, coins_earned: 4 });

    const levels = expectOk(await api.call('get_multi_match_level_data', { category_slug: 'mm-science-nature', subcategory_slug: 'science', language_id: 1 }, { token })) as { level_unlocked: number; max_level: number };
    expect(levels).toMatchObject({ level_unlocked: 2, max_level: 2 });
    expect((await api.call('set_multi_match_level_data', { category: 'mm-science-nature', subcategory: 'science', level: 1, language_id: 1 }, { token })).status).toBe(200);
    const claimed = await api.call('set_multi_match_level_data', { category: 'mm-science-nature', subcategory: 'science', level: 2, language_id: 1 }, { token });
    expect([claimed.status, claimed.body.message]).toEqual([403, 'level_not_passed']);

    expect(expectOk(await api.call('set_bookmark', { question_id: first.id, status: '1', type: '6' }, { token }))).toMatchObject({ bookmarked: true });
    const wrongKind = await api.call('set_bookmark', { question_id: first.id, status: '1', type: '1' }, { token });
    expect([wrongKind.status, wrongKind.body.message, wrongKind.body.field]).toEqual([400, '103', 'type']);
    const report = await api.call('multi_match_report_question', { question_id: first.id, message: 'The order is disputed.' }, { token });
    expect([report.status, report.body.message]).toEqual([200, '109']);
  });

  test('audio questions: the clip and its transcript; the clock starts when the audio is ready, once', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const p = await demoPlace(d, 'audio-listening', 'numbers', 'en');
    const session = expectOk(await api.call('get_audio_questions', { type: 'subcategory', type_id: p.subcategoryId }, { token })) as SessionData;
    const first = session.questions[0]!;
    expect(first.audio).toMatch(/^\/audio\/demo\/en\/audio\.listening\.numbers\.\d{3}\.ogg$/);
    expect(first.transcript).toMatch(/^The number is /);
    // Before the audio is ready, the question may wait for it.
    expect(session.time_left_ms).toBeGreaterThan(30_000 + (AUDIO_START_ALLOWANCE - 1) * 1000);

    const started = expectOk(await api.call('start_question_clock', { session_id: session.session_id, question_id: first.id }, { token })) as { time_left_ms: number };
    expect(started.time_left_ms).toBeLessThanOrEqual(30_000);
    expect(started.time_left_ms).toBeGreaterThan(28_000);
    const again = expectOk(await api.call('start_question_clock', { session_id: session.session_id, question_id: first.id }, { token })) as { time_left_ms: number };
    expect(again.time_left_ms).toBeLessThanOrEqual(started.time_left_ms);
    const resumed = expectOk(await api.call('get_audio_questions', { type: 'subcategory', type_id: p.subcategoryId }, { token })) as SessionData;
    expect(resumed.current_effects).toMatchObject({ clock_started: true });

    const other = await api.call('start_question_clock', { session_id: session.session_id, question_id: session.questions[1]!.id }, { token });
    expect([other.status, other.body.message, other.body.field]).toEqual([400, '103', 'question_id']);
    const { result } = await playThrough(api, d, token, session);
    expect(result).toMatchObject({ correct: 10, passed: true, coins_earned: 4 });
  });

  test('fun and learn: the items of a place, then one item\'s questions; all right within time earns flashback; coins on the first pass only', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    const p = await demoPlace(d, 'fl-nature', 'living-world', 'en');
    const items = expectOk(await api.call('get_fun_n_learn', { type: 'subcategory', type_id: p.subcategoryId }, { token })) as { id: number; title: string; detail: string; no_of_que: number }[];
    expect(items.map((i) => [i.title, i.no_of_que])).toEqual([
      ["The honeybee's dance", 6],
      ['Why leaves change colour', 6],
      ['The water in a cloud', 6],
      ['Coral reefs', 6],
      ['The tallest trees', 6],
    ]);
    expect(items[0]!.detail).toContain('waggle dance');

    const session = expectOk(await api.call('get_fun_n_learn_questions', { fun_n_learn_id: items[0]!.id }, { token })) as SessionData;
    expect(session).toMatchObject({ mode: 'fun_n_learn', time_per_question: 30 });
    expect(session.questions).toHaveLength(6);
    const { result } = await playThrough(api, d, token, session);
    expect(result).toMatchObject({ correct: 6, passed: true, coins_earned: 4 });
    expect(await badgesOf(d, userId)).toContain('flashback');

    const next = expectOk(await api.call('get_fun_n_learn_questions', { fun_n_learn_id: items[1]!.id }, { token })) as SessionData;
    const second = await playThrough(api, d, token, next, (o, right, i) => (i === 0 ? wrong(o, right) : right));
    expect(second.result).toMatchObject({ correct: 5, passed: true, coins_earned: 0 });

    const missing = await api.call('get_fun_n_learn_questions', { fun_n_learn_id: 999999 }, { token });
    expect([missing.status, missing.body.message, missing.body.field]).toEqual([404, '102', 'fun_n_learn_id']);
    const notFun = await api.call('get_fun_n_learn', { type: 'category', type_id: (await demoPlace(d, 'gtw-world', 'capitals', 'en')).categoryId }, { token });
    expect([notFun.status, notFun.body.message, notFun.body.field]).toEqual([404, '102', 'type_id']);
  });

  test('each mode can be switched off', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const p = await demoPlace(d, 'gtw-nature', 'animals', 'en');
    await writeSetting(d, 'guess_the_word_mode', '0');
    api.app.settings.invalidate();
    try {
      const off = await api.call('get_guess_the_word', { type: 'subcategory', type_id: p.subcategoryId }, { token });
      expect(off.body.message).toBe('mode_disabled');
    } finally {
      await writeSetting(d, 'guess_the_word_mode', '1');
      api.app.settings.invalidate();
    }
  });
});

describe(`content files through the importer (${testDbKind})`, () => {
  const file = (over: Record<string, unknown> = {}) =>
    JSON.stringify({
      language: 'en',
      category: { slug: 'imported-reading', name: 'Imported reading', row_order: 9, kind: 'fun_n_learn' },
      subcategories: [
        {
          slug: 'rivers',
          name: 'Rivers',
          row_order: 1,
          items: [
            {
              key: 'imp.rivers.01',
              title: 'The Nile',
              text: 'The Nile flows north through eleven countries into the Mediterranean Sea.',
              questions: [1, 2, 3, 4, 5].map((n) => ({
                key: `imp.rivers.01.${n}`,
                type: 'boolean',
                level: 1,
                question: `Statement ${n} about the Nile is true.`,
                options: ['True', 'False'],
                answer: n % 2,
                note: 'From the text.',
              })),
            },
          ],
        },
      ],
      ...over,
    });

  test('a fun-and-learn content file is imported with its item, again without duplicates; a broken subcategory is refused whole, naming the question', async () => {
    const d = await db();
    const first = await importContent(d, { fileName: 'reading.json', text: file() });
    expect(first).toMatchObject({ format: 'content', read: 5, inserted: 5, updated: 0, duplicates: 0, rejected: [] });
    const again = await importContent(d, { fileName: 'reading.json', text: file() });
    expect(again).toMatchObject({ inserted: 0, updated: 0, duplicates: 5 });

    const { token } = await createPlayerWithSession(d);
    const p = await demoPlace(d, 'imported-reading', 'rivers', 'en');
    const items = expectOk(await api.call('get_fun_n_learn', { type: 'subcategory', type_id: p.subcategoryId }, { token })) as { title: string; no_of_que: number }[];
    expect(items).toEqual([expect.objectContaining({ title: 'The Nile', no_of_que: 5 })]);

    const broken = file().replace('"answer":1', '"answer":7').replaceAll('imp.rivers', 'imp.lakes').replace('The Nile', 'Lake Victoria');
    const refused = await importContent(d, { fileName: 'broken.json', text: broken });
    expect(refused).toMatchObject({ read: 5, inserted: 0, rejectedCount: 5 });
    expect(refused.rejected).toEqual([{ row: 1, reason: expect.stringMatching(/question imp\.lakes\.01\.1, answer: answer 7 is not the index of an option.*5 questions are not imported/) }]);
  });
});
