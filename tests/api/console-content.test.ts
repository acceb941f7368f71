import { and, eq } from 'drizzle-orm';
import fs from 'node:fs';
import { auditLog, contentImports, languages, questionReports, questions } from '@/services/server/db/schema';
import { uploadDir } from '@/services/server/gateway/gateway';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { expectOk } from '@/tests/fixtures/play';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';

const { api, db } = seededApiSuite();

/** Content written by editors (issue 13, item 2): categories, questions of every kind, reports, imports, pages, daily picks (media uploads: uploads.test.ts). */

/** A multipart call with one file under `file`. */
async function withFile(token: string, endpoint: string, fields: Record<string, string>, data: string, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([data]), name);
  const res = await fetch(`${api.url}/api/${endpoint}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { data: unknown; field?: string; detail?: string } };
}

async function english(): Promise<number> {
  const [row] = await (await db()).select({ id: languages.id }).from(languages).where(eq(languages.code, 'en'));
  return row!.id;
}

describe(`editors' content calls (${testDbKind})`, () => {
  test('an editor creates a category, a subcategory and a question; players see the category and the question is served', async () => {
    const d = await db();
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const player = await createPlayerWithSession(d);
    const language_id = await english();
    const category = expectOk(
      await api.call('admin_save_category', { type: 1, language_id, name: 'Rivers of Europe', is_premium: '0', coins: '', row_order: '0', active: '1' }, { token: editor.token }),
    ) as { id: number; slug: string };
    expect(category.slug).toBe('rivers-of-europe');
    const sub = expectOk(
      await api.call('admin_save_subcategory', { category_id: category.id, name: 'The Danube', is_premium: '0', row_order: '0', active: '1' }, { token: editor.token }),
    ) as { id: number };
    const question = expectOk(
      await api.call(
        'admin_save_question',
        { category_id: category.id, subcategory_id: sub.id, question_type: 'multiple', question: 'Which sea does the Danube flow into?', option_a: 'Black Sea', option_b: 'North Sea', option_c: 'Baltic Sea', option_d: 'Adriatic Sea', answer: 'a', level: '1' },
        { token: editor.token },
      ),
    ) as { id: number; answer: string; options: string[]; mode: string };
    expect([question.answer, question.options[0], question.mode]).toEqual(['a', 'Black Sea', 'quiz_zone']);

    const list = expectOk(await api.call('get_categories', { language_id, type: 1 }, { token: player.token })) as { id: number; category_name: string }[];
    expect(list.map((c) => c.category_name)).toContain('Rivers of Europe');
    const found = expectOk(await api.call('admin_questions', { category_id: category.id }, { token: editor.token })) as { total: number; rows: { id: number }[] };
    const listed = expectOk(await api.call('admin_categories', { type: 1, language_id }, { token: editor.token })) as { id: number; questions: number; subcategories: number }[];
    expect(listed.find((c) => c.id === category.id)).toMatchObject({ questions: 1, subcategories: 1 });
    const detail = expectOk(await api.call('admin_category', { category_id: category.id }, { token: editor.token })) as { subcategory_list: { id: number; questions: number }[] };
    expect(detail.subcategory_list).toEqual([expect.objectContaining({ id: sub.id, questions: 1 })]);
    expect(found.rows.map((r) => r.id)).toEqual([question.id]);

    const entries = await d.select().from(auditLog).where(and(eq(auditLog.actorId, editor.userId)));
    expect(entries.map((e) => e.action).sort()).toEqual(['category.create', 'question.create', 'subcategory.create']);
  });

  test('questions are checked as imports are, each refusal naming its field; a duplicate is refused; disabling is audited', async () => {
    const d = await db();
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const language_id = await english();
    const words = expectOk(await api.call('admin_save_category', { type: 3, language_id, name: 'Editor words', is_premium: '0', active: '1' }, { token: editor.token })) as { id: number };
    const multi = expectOk(await api.call('admin_save_category', { type: 6, language_id, name: 'Editor orders', is_premium: '0', active: '1' }, { token: editor.token })) as { id: number };
    const quiz = expectOk(await api.call('admin_save_category', { type: 1, language_id, name: 'Editor checks', is_premium: '0', active: '1' }, { token: editor.token })) as { id: number };
    const save = (body: Record<string, string | number>) => api.call('admin_save_question', body, { token: editor.token });

    const twice = await save({ category_id: quiz.id, question_type: 'multiple', question: 'Q one?', option_a: 'Same', option_b: 'same', option_c: 'x', option_d: 'y', answer: 'a' });
    expect([twice.status, twice.body.field]).toEqual([400, 'option_b']);
    const badLetter = await save({ category_id: quiz.id, question_type: 'multiple', question: 'Q two?', option_a: 'w', option_b: 'x', option_c: 'y', option_d: 'z', answer: 'e' });
    expect([badLetter.status, badLetter.body.field]).toEqual([400, 'answer']);
    const wrongShape = await save({ category_id: words.id, question_type: 'multiple', question: 'Q three?', option_a: 'w', option_b: 'x', option_c: 'y', option_d: 'z', answer: 'a' });
    expect([wrongShape.status, wrongShape.body.field]).toEqual([400, 'question_type']);
    expect(String(wrongShape.body.detail)).toContain('guess_the_word question is word');

    expectOk(await save({ category_id: words.id, question_type: 'word', question: 'The capital of Peru?', answer: 'Lima' }));
    const order = expectOk(await save({ category_id: multi.id, question_type: 'sequence', question: 'Smallest first', option_a: 'Ant', option_b: 'Cat', option_c: 'Horse', answer: 'a,b,c', level: 2 })) as { id: number; answer: string };
    expect(order.answer).toBe('a,b,c');
    const partial = await save({ category_id: multi.id, question_type: 'sequence', question: 'Largest first', option_a: 'Ant', option_b: 'Cat', option_c: 'Horse', answer: 'c,b' });
    expect([partial.status, partial.body.field]).toEqual([400, 'answer']);

    const again = await save({ category_id: words.id, question_type: 'word', question: '  the CAPITAL of peru? ', answer: 'Lima' });
    expect([again.status, again.body.field]).toEqual([400, 'question']);
    expect(String(again.body.detail)).toContain('exists already');

    expect(expectOk(await api.call('admin_set_question_status', { id: order.id, active: '0' }, { token: editor.token }))).toEqual({ id: order.id, active: false });
    const [entry] = await d.select().from(auditLog).where(and(eq(auditLog.action, 'question.disable'), eq(auditLog.targetId, String(order.id))));
    expect([entry!.before, entry!.after]).toEqual([{ active: true }, { active: false }]);
  });

  test('the report queue: open → fixed, once', async () => {
    const d = await db();
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const player = await createPlayerWithSession(d, { name: 'Reporter' });
    const [report] = await d.insert(questionReports).values({ userId: player.userId, kind: '1', questionId: 1, message: 'two right answers' }).returning();
    const open = expectOk(await api.call('admin_reports', {}, { token: editor.token })) as { rows: { id: number; user_name: string }[] };
    expect(open.rows.find((r) => r.id === report!.id)).toMatchObject({ user_name: 'Reporter' });
    expect(expectOk(await api.call('admin_resolve_report', { report_id: report!.id, status: 'fixed' }, { token: editor.token }))).toEqual({ id: report!.id, status: 'fixed' });
    const twice = await api.call('admin_resolve_report', { report_id: report!.id, status: 'dismissed' }, { token: editor.token });
    expect([twice.status, twice.body.field]).toEqual([400, 'report_id']);

    expect((await api.call('admin_players', {}, { token: editor.token })).status).toBe(403);
  });

  test('bulk import from an uploaded CSV answers the per-row report; a file that is not content is refused naming it', async () => {
    const d = await db();
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const csv = [
      'category,subcategory,type,level,question,option_a,option_b,option_c,option_d,answer,note',
      'Editors import,,multiple,1,Which planet is known as the red one?,Mars,Venus,Jupiter,Saturn,a,',
      'Editors import,,multiple,1,Broken row with one option?,Only,,,,a,',
    ].join('\n');
    const run = await withFile(editor.token, 'admin_import', { language: 'en' }, csv, 'questions.csv');
    expect([run.status, run.body.detail]).toEqual([200, undefined]);
    expect(run.body.data).toMatchObject({ status: 'done', via: 'console', started_by: editor.userId, rejected_count: 1 });
    expect(run.body.data).toMatchObject({ format: 'csv', read: 2, inserted: 1, rejected: [expect.objectContaining({ row: 3 })] });
    const bad = await withFile(editor.token, 'admin_import', { format: 'opentdb' }, 'not json at all', 'x.json');
    expect([bad.status, bad.body.field]).toEqual([400, 'file']);
    const [entry] = await d.select().from(auditLog).where(and(eq(auditLog.action, 'content.import'), eq(auditLog.actorId, editor.userId)));
    expect(entry!.after).toMatchObject({ inserted: 1, rejected: 1 });
  });

  test('one import at a time: a second is refused while one runs; the runs are listed, and one left running by a stopped server shows as interrupted', async () => {
    const d = await db();
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const [running] = await d.insert(contentImports).values({ source: 'csv', fileName: 'big.csv', status: 'running', via: 'command', inserted: 10, duplicates: 0, rejected: 0, read: 10 }).returning();
    const csv = 'category,type,question,option_a,option_b,answer\nScience,multiple,Two options?,Yes please,No thanks,a\n';
    const refused = await withFile(editor.token, 'admin_import', {}, csv, 'small.csv');
    expect([refused.status, refused.body.field, refused.body.detail]).toEqual([409, 'file', 'file: import #' + running!.id + ' of big.csv (10 rows so far) is running; one import at a time']);
    // The refused upload is not left on disk.
    expect(fs.readdirSync(uploadDir('memory://')).filter((f) => f.endsWith('.upload'))).toEqual([]);

    // A run whose row has not moved for over a minute was interrupted: it no longer blocks.
    await d.update(contentImports).set({ updatedAt: new Date(Date.now() - 2 * 60_000) }).where(eq(contentImports.id, running!.id));
    const listed = expectOk(await api.call('admin_import_runs', {}, { token: editor.token })) as { import_id: number; status: string }[];
    expect(listed.find((r) => r.import_id === running!.id)!.status).toBe('interrupted');
    const taken = await withFile(editor.token, 'admin_import', {}, csv, 'small.csv');
    expect(taken.status).toBe(200);
    const id = (taken.body.data as { import_id: number }).import_id;
    const one = expectOk(await api.call('admin_import_run', { import_id: id }, { token: editor.token }));
    expect(one).toMatchObject({ status: 'done', inserted: 1, read: 1, file_name: 'small.csv' });
    const [stored] = await d.select().from(questions).where(eq(questions.question, 'Two options?'));
    expect(stored).toMatchObject({ questionType: 'multiple', optionA: 'Yes please', optionB: 'No thanks', optionC: null, importId: id });
    const missing = await api.call('admin_import_run', { import_id: 999999 }, { token: editor.token });
    expect([missing.status, missing.body.field]).toEqual([404, 'import_id']);
    const player = await createPlayerWithSession(d);
    expect((await api.call('admin_import_runs', {}, { token: player.token })).status).toBe(403);
  });

  test('info pages per language, and the daily quiz picked for a coming day (refusals name the field)', async () => {
    const d = await db();
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const player = await createPlayerWithSession(d);
    const items = JSON.stringify([{ question: '¿Cómo juego?', answer: 'Elige un modo.' }]);
    expectOk(await api.call('admin_save_page', { type: 'faq', language: 'es', title: 'Preguntas', content: '', items }, { token: editor.token }));
    const faq = expectOk(await api.call('get_settings', { type: 'faq', language: 'es' }, { token: player.token })) as { items: { question: string }[] };
    expect(faq.items.map((i) => i.question)).toEqual(['¿Cómo juego?']);
    const badItems = await api.call('admin_save_page', { type: 'faq', language: 'es', title: 'x', items: '[{"question":""}]' }, { token: editor.token });
    expect([badItems.status, badItems.body.field]).toEqual([400, 'items.0.question']);

    const language_id = await english();
    const quiz = expectOk(await api.call('admin_questions', { type: 1, language_id, limit: 3 }, { token: editor.token })) as { rows: { id: number; question_type: string }[] };
    const picks = quiz.rows.filter((r) => r.question_type === 'multiple' || r.question_type === 'boolean').map((r) => r.id);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const set = expectOk(await api.call('admin_set_daily_quiz', { language_id, day: tomorrow, question_ids: picks.join(',') }, { token: editor.token })) as { questions: { id: number }[]; locked: boolean };
    expect([set.questions.map((q) => q.id), set.locked]).toEqual([picks, false]);
    const past = await api.call('admin_set_daily_quiz', { language_id, day: '2020-01-01', question_ids: picks.join(',') }, { token: editor.token });
    expect([past.status, past.body.field]).toEqual([400, 'day']);
    const word = expectOk(await api.call('admin_questions', { type: 3, language_id, limit: 1 }, { token: editor.token })) as { rows: { id: number }[] };
    const wrongKind = await api.call('admin_set_daily_quiz', { language_id, day: tomorrow, question_ids: String(word.rows[0]!.id) }, { token: editor.token });
    expect([wrongKind.status, wrongKind.body.field]).toEqual([400, 'question_ids']);
    const cleared = expectOk(await api.call('admin_set_daily_quiz', { language_id, day: tomorrow, question_ids: '' }, { token: editor.token })) as { questions: unknown[] };
    expect(cleared.questions).toEqual([]);
  });

  test('fun and learn: a reading and a question that follows it; the question must name a reading of its category', async () => {
    const d = await db();
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const language_id = await english();
    const category = expectOk(await api.call('admin_save_category', { type: 2, language_id, name: 'Editor readings', is_premium: '0', active: '1' }, { token: editor.token })) as { id: number };
    const noText = await api.call('admin_save_reading', { category_id: category.id, title: 'Bees', content_type: 'text', content_data: '' }, { token: editor.token });
    expect([noText.status, noText.body.field]).toEqual([400, 'content_data']);
    const reading = expectOk(
      await api.call('admin_save_reading', { category_id: category.id, title: 'Bees', content_type: 'text', content_data: 'Bees dance to tell where flowers are.' }, { token: editor.token }),
    ) as { id: number };
    const body = { category_id: category.id, question_type: 'boolean', question: 'Bees dance to show where flowers are.', option_a: 'True', option_b: 'False', answer: 'a' };
    const orphan = await api.call('admin_save_question', body, { token: editor.token });
    expect([orphan.status, orphan.body.field]).toEqual([400, 'fun_n_learn_id']);
    const saved = expectOk(await api.call('admin_save_question', { ...body, fun_n_learn_id: reading.id }, { token: editor.token })) as { fun_n_learn_id: number; mode: string };
    expect([saved.fun_n_learn_id, saved.mode]).toEqual([reading.id, 'fun_n_learn']);
    const listed = expectOk(await api.call('admin_readings', { category_id: category.id }, { token: editor.token })) as { id: number; questions: number }[];
    expect(listed).toEqual([expect.objectContaining({ id: reading.id, questions: 1 })]);
    const player = await createPlayerWithSession(d);
    const items = expectOk(await api.call('get_fun_n_learn', { language_id, type: 'category', type_id: category.id }, { token: player.token })) as { id: number; title: string }[];
    expect(items.map((i) => i.title)).toEqual(['Bees']);
  });
});
