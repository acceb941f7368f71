import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LiveGameView } from '@/services/domain/live';
import type { QuizSet, QuizSetQuestion } from '@/services/domain/quiz-sets';
import { seedDatabase } from '@/services/server/content/seed';
import type { Db } from '@/services/server/db/client';
import { liveGames } from '@/services/server/db/schema';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { createPlayerWithSession } from '@/tests/fixtures/users';

/** Quiz sets ("My quizzes", docs/live.md): a host's own questions, saved whole, private, played in a live game. */

let api: TestApi;
let db: Db;
let dataDir: string;
let host: { userId: number; token: string };
let other: { userId: number; token: string };

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  db = database.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quiz-sets-'));
  api = await startTestApi(database, undefined, { dataDir });
  host = await createPlayerWithSession(db, { name: 'Set Host' });
  other = await createPlayerWithSession(db, { name: 'Other Host' });
});
afterAll(async () => {
  await api.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function ok<T>(res: ApiAnswer): T {
  if (res.status !== 200 || res.body.error) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}
const refused = (res: ApiAnswer) => [res.status, res.body.message, res.body.field ?? null];

const q = (over: Partial<QuizSetQuestion> & Pick<QuizSetQuestion, 'type'>): Partial<QuizSetQuestion> => ({ text: 'A question?', options: ['One', 'Two', 'Three'], answer: [0], time_limit: 20, points: 1000, ...over });
const FOUR_KINDS = [
  q({ type: 'multiple', text: 'Which is a primary colour?', options: ['Red', 'Green', 'Purple', 'Brown'], answer: [0] }),
  q({ type: 'boolean', text: 'The Moon orbits the Earth.', options: ['True', 'False'], answer: [0], time_limit: 10, points: 2000 }),
  q({ type: 'multiselect', text: 'Which are planets?', options: ['Mars', 'Pluto', 'Venus', 'Ceres'], answer: [2, 0] }),
  q({ type: 'sequence', text: 'Smallest to largest', options: ['Atom', 'Cell', 'Organ', 'Body'], time_limit: 30 }),
];

async function upload(endpoint: string, field: string, name: string, body: Buffer, type: string, token: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(field, new Blob([new Uint8Array(body)], { type }), name);
  const res = await fetch(`${api.url}/api/${endpoint}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json(), headers: res.headers } as ApiAnswer;
}

// The 8-byte signature and a header chunk: enough for the server to know a PNG.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex')]);

describe(`quiz sets (${testDbKind})`, () => {
  test('a set of the four kinds is saved whole, read back, changed, private to its owner, deleted', async () => {
    const saved = ok<QuizSet>(await api.call('quiz_set_save', { title: '  Science   night ', questions: FOUR_KINDS } as never, { token: host.token, as: 'json' }));
    expect(saved.title).toBe('Science night');
    expect(saved.questions.map((x) => [x.type, x.answer])).toEqual([
      ['multiple', [0]],
      ['boolean', [0]],
      ['multiselect', [0, 2]],
      ['sequence', [0, 1, 2, 3]],
    ]);
    expect(ok<QuizSet>(await api.call('quiz_set', { set_id: saved.id }, { token: host.token })).questions).toHaveLength(4);
    expect(refused(await api.call('quiz_set', { set_id: saved.id }, { token: other.token }))).toEqual([404, '102', 'set_id']);
    expect(refused(await api.call('quiz_set_delete', { set_id: saved.id }, { token: other.token }))).toEqual([404, '102', 'set_id']);

    // Bad input: every problem named by its question, and nothing saved.
    const bad = await api.call(
      'quiz_set_save',
      { set_id: saved.id, title: 'Changed', questions: [FOUR_KINDS[0], q({ type: 'multiple', options: ['Yes', ''] }), q({ type: 'multiselect', options: ['A', 'B', 'C'], answer: [1] }), q({ type: 'sequence', options: ['A', 'B'], time_limit: 7 })] } as never,
      { token: host.token, as: 'json' },
    );
    expect(refused(bad)).toEqual([400, '103', 'questions.1.options']);
    expect(bad.body.detail).toBe(
      'question 2: option 2 is empty; question 3: a multi select question has two or more right options, and at least one wrong one; question 4: needs 3 to 5 options; question 4: the time must be one of 0, 5, 10, 20, 30, 60, 90, 120, 240 seconds (0: no limit)',
    );
    expect(ok<QuizSet>(await api.call('quiz_set', { set_id: saved.id }, { token: host.token })).title).toBe('Science night');
    expect(refused(await api.call('quiz_set_save', { title: 'No questions', questions: [] } as never, { token: host.token, as: 'json' }))).toEqual([400, '103', 'questions']);
    expect(refused(await api.call('quiz_set_save', { title: 'Elsewhere', questions: [{ ...FOUR_KINDS[0], image: 'https://tracker.example/pixel.png' }] } as never, { token: host.token, as: 'json' }))).toEqual([
      400,
      '103',
      'questions.0.image',
    ]);

    const changed = ok<QuizSet>(await api.call('quiz_set_save', { set_id: saved.id, title: 'Changed', questions: FOUR_KINDS.slice(0, 2) } as never, { token: host.token, as: 'json' }));
    expect([changed.id, changed.title, changed.questions.length]).toEqual([saved.id, 'Changed', 2]);
    const list = ok<{ rows: { id: number; title: string; question_count: number }[]; total: number }>(await api.call('quiz_sets', {}, { token: host.token }));
    expect(list.rows.find((r) => r.id === saved.id)).toMatchObject({ title: 'Changed', question_count: 2 });
    expect(ok<{ rows: unknown[] }>(await api.call('quiz_sets', {}, { token: other.token })).rows).toEqual([]);
    ok(await api.call('quiz_set_delete', { set_id: saved.id }, { token: host.token }));
    expect(refused(await api.call('quiz_set', { set_id: saved.id }, { token: host.token }))[1]).toBe('102');
  });

  test('imported from a CSV file or a content file; a file with a bad row is refused whole, naming it', async () => {
    const csv = [
      'type,question,option_a,option_b,option_c,option_d,answer,time_limit,points',
      'multiple,"Capital of France, the city?",Paris,Lyon,Nice,,a,30,1000',
      'true_false,Water boils at 100 °C at sea level.,True,False,,,a,,',
      'multiselect,Which are even?,2,3,4,5,"a,c",,2000',
      'sequence,"First to last: the days",Monday,Tuesday,Wednesday,,,,',
    ].join('\n');
    const set = ok<QuizSet>(await upload('quiz_set_import', 'file', 'week_quiz.csv', Buffer.from(csv), 'text/csv', host.token));
    expect(set.title).toBe('week quiz');
    expect(set.questions.map((x) => [x.type, x.text, x.answer, x.time_limit, x.points])).toEqual([
      ['multiple', 'Capital of France, the city?', [0], 30, 1000],
      ['boolean', 'Water boils at 100 °C at sea level.', [0], 20, 1000],
      ['multiselect', 'Which are even?', [0, 2], 20, 2000],
      ['sequence', 'First to last: the days', [0, 1, 2], 20, 1000],
    ]);

    const broken = `${csv}\nmultiple,Which?,A,B,,,f,,`;
    const refusedFile = await upload('quiz_set_import', 'file', 'broken.csv', Buffer.from(broken), 'text/csv', host.token);
    expect(refused(refusedFile)).toEqual([400, '103', 'questions.4.answer']);
    expect(refusedFile.body.detail).toBe('question 5: the right answer must name its options');
    expect(refused(await upload('quiz_set_import', 'file', 'x.csv', Buffer.from('kind,text\nmultiple,Q'), 'text/csv', host.token))).toEqual([400, '103', 'file']);

    const content = { title: 'From a file', questions: [{ type: 'multiple', question: 'Two and two?', options: ['3', '4'], answer: 1, points: 0 }] };
    const imported = ok<QuizSet>(await upload('quiz_set_import', 'file', 'set.json', Buffer.from(JSON.stringify(content)), 'application/json', host.token, { title: 'Renamed' }));
    expect([imported.title, imported.questions[0]!.text, imported.questions[0]!.answer, imported.questions[0]!.points]).toEqual(['Renamed', 'Two and two?', [1], 0]);
    expect(refused(await upload('quiz_set_import', 'file', 'set.json', Buffer.from('{"title": '), 'application/json', host.token))).toEqual([400, '103', 'file']);
  });

  test('a question image is uploaded here; a set is played in a live game with its own times, points and answers', async () => {
    const picture = ok<{ image: string }>(await upload('quiz_set_image', 'image', 'moon.png', PNG, 'image/png', host.token));
    expect(picture.image).toMatch(/^\/uploads\/content\/[0-9a-f]{24}\.png$/);
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'content', path.basename(picture.image)))).toBe(true);
    expect(refused(await upload('quiz_set_image', 'image', 'notes.txt', Buffer.from('not a picture'), 'text/plain', host.token))).toEqual([415, 'file_type_not_allowed', 'image']);
    // Pictures are files on the server's disk: 60 an hour per player, then refused with when to try again.
    const spammer = await createPlayerWithSession(db, { name: 'Uploader' });
    for (let i = 0; i < 60; i++) ok(await upload('quiz_set_image', 'image', `p${i}.png`, PNG, 'image/png', spammer.token));
    const limited = await upload('quiz_set_image', 'image', 'one-more.png', PNG, 'image/png', spammer.token);
    expect([limited.status, limited.body.message]).toEqual([429, 'rate_limited']);
    expect(Number(limited.body.retry_after)).toBeGreaterThan(0);

    const questions = FOUR_KINDS.map((x, i) => (i === 1 ? { ...x, image: picture.image } : x));
    const set = ok<QuizSet>(await api.call('quiz_set_save', { title: 'Game night', questions } as never, { token: host.token, as: 'json' }));
    expect(refused(await api.call('live_create', { set_id: set.id }, { token: other.token }))).toEqual([404, '102', 'set_id']);
    expect(refused(await api.call('live_create', {}, { token: host.token }))).toEqual([400, '103', 'category']);

    const game = ok<LiveGameView>(await api.call('live_create', { set_id: set.id }, { token: host.token }));
    expect([game.title, game.question_count]).toEqual(['Game night', 4]);
    const [row] = await db.select({ questions: liveGames.questions, source: liveGames.source }).from(liveGames).where(eq(liveGames.id, game.id));
    expect(row!.source).toEqual({ kind: 'set', set_id: set.id });
    const secret = row!.questions;
    expect(secret.map((x) => [x.question_id, x.type, x.time_limit, x.points])).toEqual([
      [null, 'multiple', 20, 1000],
      [null, 'boolean', 10, 2000],
      [null, 'multiselect', 20, 1000],
      [null, 'sequence', 30, 1000],
    ]);
    expect(secret[0]!.answer).toBe('a');
    expect(secret[1]!.image).toBe(picture.image);
    expect(secret[2]!.answer).toBe('a,c');
    // The sequence's items are shown shuffled; its answer lists their keys in the right order.
    const seq = secret[3]!;
    expect(seq.answer.split(',').map((k) => seq.options.find((o) => o.key === k)!.text)).toEqual(['Atom', 'Cell', 'Organ', 'Body']);
    expect(JSON.stringify(game)).not.toContain('"answer"');
  });
});
