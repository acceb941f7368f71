import { and, eq } from 'drizzle-orm';
import { auditLog, languages, questionReports } from '@/services/server/db/schema';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { expectOk } from '@/tests/fixtures/play';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';

const { api, db } = seededApiSuite();

/** Content written by editors (issue 13, item 2): categories, questions of every kind, reports, media. */

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A multipart upload of one file to admin_upload_media. */
async function upload(token: string, kind: string, data: Buffer, name: string) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${api.url}/api/admin_upload_media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { data: { path: string } | null; field?: string } };
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

  test('the report queue: open → fixed, once; media uploads are told apart by their bytes', async () => {
    const d = await db();
    const editor = await createPlayerWithSession(d, { role: 'editor' });
    const player = await createPlayerWithSession(d, { name: 'Reporter' });
    const [report] = await d.insert(questionReports).values({ userId: player.userId, kind: '1', questionId: 1, message: 'two right answers' }).returning();
    const open = expectOk(await api.call('admin_reports', {}, { token: editor.token })) as { rows: { id: number; user_name: string }[] };
    expect(open.rows.find((r) => r.id === report!.id)).toMatchObject({ user_name: 'Reporter' });
    expect(expectOk(await api.call('admin_resolve_report', { report_id: report!.id, status: 'fixed' }, { token: editor.token }))).toEqual({ id: report!.id, status: 'fixed' });
    const twice = await api.call('admin_resolve_report', { report_id: report!.id, status: 'dismissed' }, { token: editor.token });
    expect([twice.status, twice.body.field]).toEqual([400, 'report_id']);

    const image = await upload(editor.token, 'image', PNG, 'x.png');
    expect(image.status).toBe(200);
    expect(image.body.data!.path).toMatch(/^\/uploads\/content\/[0-9a-f]{24}\.png$/);
    // A PNG sent as audio is refused: the bytes decide.
    const fake = await upload(editor.token, 'audio', PNG, 'x.ogg');
    expect([fake.status, fake.body.field]).toEqual([400, 'file']);
    expect((await api.call('admin_players', {}, { token: editor.token })).status).toBe(403);
  });
});
