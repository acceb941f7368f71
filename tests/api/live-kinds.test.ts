import { LIVE_GET_READY_MS, type LiveGameView, type LiveMe } from '@/services/domain/live';
import type { LiveReport } from '@/services/domain/live-report';
import type { QuizSet } from '@/services/domain/quiz-sets';
import { seedDatabase } from '@/services/server/content/seed';
import type { Db } from '@/services/server/db/client';
import { writeSetting } from '@/services/server/settings/repository';
import { manualClock } from '@/tests/fixtures/live-clock';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * The question kinds beyond choosing and the question without a clock, played through the API
 * (docs/live.md, "Question kinds"): what each screen is sent, what the server takes as an answer,
 * what each earns, the host hiding a word, the operator's blocked words, and the report.
 */

let api: TestApi;
let db: Db;
let clock: ReturnType<typeof manualClock>;
let host: { userId: number; token: string };

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  db = database.db;
  clock = manualClock();
  api = await startTestApi(database, undefined, { trustProxy: true }, { services: { live: { clock } } });
  host = await createPlayerWithSession(db, { name: 'Kinds Host' });
});
afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

function ok<T>(res: ApiAnswer): T {
  if (res.status !== 200 || res.body.error) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}
const refused = (res: ApiAnswer) => [res.status, res.body.message, (res.body as { field?: string }).field ?? null, res.body.detail ?? null];

interface Joined {
  game_id: number;
  player_id: number;
  token: string;
}
const join = async (pin: string, nickname: string) => ok<Joined>(await api.call('live_join', { pin, nickname }));
const hostCall = async (name: string, gameId: number, extra: Record<string, string | number> = {}) => ok<LiveGameView>(await api.call(name, { game_id: gameId, ...extra }, { token: host.token }));
const answer = (p: Joined, index: number, text: string) => api.call('live_answer', { game_id: p.game_id, token: p.token, question_index: index, answer: text });
const me = async (p: Joined) => ok<{ game: LiveGameView; me: LiveMe }>(await api.call('live_rejoin', { game_id: p.game_id, token: p.token })).me;
async function settled(gameId: number) {
  await api.app.live.answers.drain();
  await (await api.app.live.load(gameId))!.idle();
}

const SET = {
  title: 'Every new kind',
  questions: [
    { type: 'type', text: 'Capital of France?', options: ['Paris', 'Lutèce'], match: 'tolerant', time_limit: 20, points: 1000 },
    { type: 'slider', text: 'Degrees in a right angle?', slider: { min: 0, max: 180, step: 1, correct: 90, tolerance: 10, scoring: 'closeness' }, time_limit: 20, points: 1000 },
    { type: 'poll', text: 'Tea or coffee?', options: ['Tea', 'Coffee'], time_limit: 20 },
    { type: 'wordcloud', text: 'One word for today?', time_limit: 20 },
    { type: 'multiple', text: 'Take your time: 2 + 2?', options: ['3', '4'], answer: [1], time_limit: 0, points: 1000 },
  ],
};

describe(`question kinds and no time limit (${testDbKind})`, () => {
  test('a set of every new kind, hosted: each answer read, graded and counted by the server', async () => {
    const set = ok<QuizSet>(await api.call('quiz_set_save', { title: SET.title, questions: JSON.stringify(SET.questions) }, { token: host.token }));
    expect(set.questions.map((q) => [q.type, q.points])).toEqual([
      ['type', 1000],
      ['slider', 1000],
      ['poll', 0],
      ['wordcloud', 0],
      ['multiple', 1000],
    ]);
    const game = ok<LiveGameView>(await api.call('live_create', { set_id: set.id }, { token: host.token }));
    const ana = await join(game.pin, 'Ana');
    const bo = await join(game.pin, 'Bo');
    const cy = await join(game.pin, 'Cy');

    // Type answer: the screens never get the accepted answers.
    let view = await hostCall('live_next', game.id);
    expect(view.question).toMatchObject({ type: 'type', options: [], max_length: 60 });
    expect(JSON.stringify(view)).not.toMatch(/Paris|Lutèce|accepted/);
    clock.advance(LIVE_GET_READY_MS);
    expect(refused(await answer(ana, 0, 'x'.repeat(61)))).toEqual([400, '103', 'answer', 'answer: must be at most 60 characters']);
    ok(await answer(ana, 0, '  paris '));
    clock.advance(10_000);
    ok(await answer(bo, 0, 'Pariss'));
    ok(await answer(cy, 0, 'London'));
    await settled(game.id);
    view = (await api.app.live.load(game.id))!.view();
    expect(view.status).toBe('reveal');
    expect(view.reveal).toMatchObject({ answer_text: 'Paris / Lutèce', answered: 3, correct: 2 });
    expect(view.reveal!.words).toEqual([
      { text: 'London', count: 1, right: false },
      { text: 'paris', count: 1, right: true },
      { text: 'Pariss', count: 1, right: true },
    ]);
    // At once: 1,000; half the time: 750 (the one typo forgiven costs nothing).
    expect([(await me(ana)).last, (await me(bo)).last, (await me(cy)).last].map((l) => l?.points)).toEqual([1000, 750, 0]);

    // Slider: by closeness within ±10 of 90, answered at once.
    await hostCall('live_next', game.id);
    view = await hostCall('live_next', game.id);
    expect(view.question).toMatchObject({ type: 'slider', slider: { min: 0, max: 180, step: 1 } });
    expect(JSON.stringify(view.question)).not.toMatch(/correct|tolerance|"90"/);
    clock.advance(LIVE_GET_READY_MS);
    expect(refused(await answer(ana, 1, '90.5'))).toEqual([400, '103', 'answer', 'answer: must be a value from 0 to 180 in steps of 1']);
    ok(await answer(ana, 1, '90'));
    ok(await answer(bo, 1, '95'));
    ok(await answer(cy, 1, '101'));
    await settled(game.id);
    view = (await api.app.live.load(game.id))!.view();
    expect(view.reveal).toMatchObject({ answer_text: '90', correct: 2, mean: 95.33 });
    expect(view.reveal!.bins).toEqual([0, 0, 0, 0, 0, 3, 0, 0, 0, 0]);
    const afterSlider = [await me(ana), await me(bo), await me(cy)];
    // All answered at once: Ana on the value, 1,000; Bo 5 off, 1,000 × 0.75; each with 100 for a second right answer in a row.
    expect(afterSlider.map((m) => [m.last?.points, m.last?.bonus])).toEqual([
      [1000, 100],
      [750, 100],
      [0, 0],
    ]);

    // Poll: counted per option, nobody right, no points, the streak kept.
    await hostCall('live_next', game.id);
    await hostCall('live_next', game.id);
    clock.advance(LIVE_GET_READY_MS);
    ok(await answer(ana, 2, 'b'));
    ok(await answer(bo, 2, 'b'));
    ok(await answer(cy, 2, 'a'));
    await settled(game.id);
    view = (await api.app.live.load(game.id))!.view();
    expect(view.reveal).toMatchObject({ counts: { a: 1, b: 2 }, correct: 0, answered: 3 });
    expect((await me(ana)).streak).toBe(2);
    expect((await me(ana)).last?.points).toBe(0);

    // Word cloud: the words by count, a blocked word never shown, the host hides one.
    await writeSetting(db, 'live_blocked_words', 'darn');
    api.app.settings.invalidate();
    await hostCall('live_next', game.id);
    view = await hostCall('live_next', game.id);
    expect(view.question).toMatchObject({ type: 'wordcloud', max_length: 30 });
    clock.advance(LIVE_GET_READY_MS);
    ok(await answer(ana, 3, 'Happy'));
    ok(await answer(bo, 3, 'happy!'));
    ok(await answer(cy, 3, 'Darn it'));
    await settled(game.id);
    view = (await api.app.live.load(game.id))!.view();
    expect(view.reveal!.words).toEqual([{ text: 'Happy', count: 2 }]);
    expect(JSON.stringify(view)).not.toContain('Darn');
    const stranger = await createPlayerWithSession(db, { name: 'Stranger' });
    expect(refused(await api.call('live_hide_word', { game_id: game.id, word: 'happy' }, { token: stranger.token }))[1]).toBe('102');
    view = await hostCall('live_hide_word', game.id, { word: 'HAPPY' });
    expect(view.reveal!.words).toEqual([]);
    view = await hostCall('live_hide_word', game.id, { word: 'happy', hidden: 0 });
    expect(view.reveal!.words).toEqual([{ text: 'Happy', count: 2 }]);
    await hostCall('live_hide_word', game.id, { word: 'happy' });
    await writeSetting(db, 'live_blocked_words', '');
    api.app.settings.invalidate();

    // No time limit: the question stays open until the host moves on; a right answer earns its points whole.
    await hostCall('live_next', game.id);
    view = await hostCall('live_next', game.id);
    expect(view.question).toMatchObject({ type: 'multiple', time_limit: 0, deadline_at: 0 });
    expect(view.status).toBe('question');
    expect(refused(await api.call('live_hide_word', { game_id: game.id, word: 'happy' }, { token: host.token }))[3]).toBe('word: only a word cloud on screen has words to hide');
    clock.advance(LIVE_GET_READY_MS + 30 * 60_000);
    ok(await answer(ana, 4, 'b'));
    clock.advance(60_000);
    ok(await answer(bo, 4, 'a'));
    await settled(game.id);
    expect((await api.app.live.load(game.id))!.view().status).toBe('question');
    await hostCall('live_next', game.id);
    expect((await me(ana)).last).toMatchObject({ correct: true, points: 1000 });

    // The report: every answer in its own words; the poll and the cloud have no share right.
    await hostCall('live_next', game.id);
    await hostCall('live_next', game.id);
    const report = ok<LiveReport>(await api.call('live_report', { game_id: game.id }, { token: host.token }));
    expect(report.questions.map((q) => [q.type, q.answer, q.share_right, q.time_limit])).toEqual([
      ['type', 'Paris / Lutèce', 2 / 3, 20],
      ['slider', '90', 2 / 3, 20],
      ['poll', '', null, 20],
      ['wordcloud', '', null, 20],
      ['multiple', 'b', 1 / 2, 0],
    ]);
    const cy4 = report.players.find((p) => p.nickname === 'Cy')!;
    expect(cy4.answers.map((a) => a.answer)).toEqual(['London', '101', 'a', 'Darn it']);
    const csv = ok<{ csv: string }>(await api.call('live_report_csv', { game_id: game.id, part: 'answers' }, { token: host.token })).csv;
    const rows = csv.trim().split('\r\n');
    // rank,nickname,signed_in,question,question_text,answer,answer_text,correct,points,bonus,time_s
    expect(rows.find((r) => r.includes(',Cy,') && r.includes('Darn it'))).toMatch(/,Darn it,Darn it,,0,0,/);
    expect(rows.find((r) => r.includes(',Bo,') && r.includes('Pariss'))).toMatch(/,Pariss,Pariss,yes,750,0,10\.0$/);
  });
});
