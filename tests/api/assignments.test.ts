import { desc, eq } from 'drizzle-orm';
import type { AssignmentEntry, AssignmentHostItem, AssignmentPupilItem, AssignmentPupilView } from '@/services/domain/assignments';
import { ASSIGNMENT_NETWORK_MS } from '@/services/domain/assignments';
import type { AssignmentReport } from '@/services/domain/live-report';
import { seedDatabase } from '@/services/server/content/seed';
import type { Db } from '@/services/server/db/client';
import { assignmentAnswers, assignmentAttempts, users } from '@/services/server/db/schema';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * Self-paced assignments through the API (docs/live.md, "Assignments"): a host assigns a set with
 * an opening and closing time; pupils join by PIN, play at their own pace with each question's
 * clock held by the server, resume on another device with their code, make the attempts allowed
 * (the best kept), and the host's report shows every answer and who has not finished.
 */

let api: TestApi;
let db: Db;
let t = Date.UTC(2026, 11, 7, 8);
const clock = { now: () => t };
const advance = (ms: number) => (t += ms);
let host: { userId: number; token: string };

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  db = database.db;
  api = await startTestApi(database, undefined, { trustProxy: true }, { services: { clock } });
  host = await createPlayerWithSession(db, { name: 'Ms Host' });
});
afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

function ok<T>(res: ApiAnswer): T {
  if (res.status !== 200 || res.body.error) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}
const refused = (res: ApiAnswer) => [res.status, res.body.message, (res.body as { field?: string }).field ?? null];
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const HOUR = 3_600_000;

const QUESTIONS = [
  { type: 'multiple', text: 'Two and two?', options: ['3', '4', '5'], answer: [1], time_limit: 20, points: 1000 },
  { type: 'type', text: 'Capital of France?', options: ['Paris'], match: 'tolerant', time_limit: 20, points: 1000 },
  { type: 'slider', text: 'Degrees in a right angle?', slider: { min: 0, max: 180, step: 1, correct: 90, tolerance: 10, scoring: 'exact' }, time_limit: 20, points: 1000 },
  { type: 'poll', text: 'Tea or coffee?', options: ['Tea', 'Coffee'], time_limit: 20 },
  { type: 'wordcloud', text: 'One word for today?', time_limit: 20 },
];

async function newSet(questions: readonly object[] = QUESTIONS, title = 'Homework'): Promise<number> {
  return ok<{ id: number }>(await api.call('quiz_set_save', { title, questions: JSON.stringify(questions) }, { token: host.token })).id;
}
async function assign(extra: Record<string, string | number> = {}, questions?: readonly object[]): Promise<AssignmentHostItem> {
  const setId = await newSet(questions);
  return ok<AssignmentHostItem>(await api.call('assignment_create', { set_id: setId, closes_at: t + 24 * HOUR, ...extra }, { token: host.token }));
}
interface Joined {
  assignment_id: number;
  token: string;
  view: AssignmentPupilView;
}
let pupils = 0;
async function join(pin: string, nickname = `Pupil ${++pupils}`, options: { token?: string } = {}): Promise<Joined> {
  return ok<Joined>(await api.call('assignment_join', { pin, nickname }, { ...from(`10.9.0.${pupils % 250}`), ...options }));
}
const start = async (p: Joined) => ok<AssignmentPupilView>(await api.call('assignment_start', { assignment_id: p.assignment_id, token: p.token }));
const state = async (p: Joined) => ok<AssignmentPupilView>(await api.call('assignment_state', { assignment_id: p.assignment_id, token: p.token }));
const answer = (p: Joined, position: number, text: string, screenMs?: number) =>
  api.call('assignment_answer', { assignment_id: p.assignment_id, token: p.token, position, answer: text, ...(screenMs === undefined ? {} : { screen_ms: screenMs }) });
/** The id of a pupil's last attempt. */
const attemptOf = async (p: Joined) =>
  (await db.select({ id: assignmentAttempts.id }).from(assignmentAttempts).where(eq(assignmentAttempts.pupilId, p.view.pupil.id)).orderBy(desc(assignmentAttempts.number)).limit(1))[0]!.id;
/** The key of the option whose text is `text` in the question on screen (the pupil's order). */
const keyOf = (view: AssignmentPupilView, text: string) => view.question!.options.find((o) => o.text === text)!.key;

describe(`assignments (${testDbKind})`, () => {
  test('creating one: bad settings refused naming them; a PIN, the window and the settings as asked', async () => {
    const setId = await newSet();
    const create = (body: Record<string, string | number>) => api.call('assignment_create', { set_id: setId, ...body }, { token: host.token });
    expect(refused(await create({}))).toEqual([400, '103', 'closes_at']);
    expect(refused(await create({ closes_at: 'next week' }))).toEqual([400, '103', 'closes_at']);
    expect(refused(await create({ closes_at: t - 1 }))).toEqual([400, '103', 'closes_at']);
    expect(refused(await create({ closes_at: t + 60_000 }))).toEqual([400, '103', 'closes_at']);
    expect(refused(await create({ closes_at: t + HOUR, attempts: 11 }))).toEqual([400, '103', 'attempts']);
    expect(refused(await create({ closes_at: t + HOUR, show_answers: 'never' }))).toEqual([400, '103', 'show_answers']);
    expect(refused(await create({ closes_at: t + HOUR, timer: 'slow' }))).toEqual([400, '103', 'timer']);
    expect(refused(await api.call('assignment_create', { closes_at: t + HOUR }, { token: host.token }))).toEqual([400, '103', 'category']);
    expect(refused(await api.call('assignment_create', { set_id: setId, closes_at: t + HOUR }))).toEqual([401, '125', null]);

    const opens = new Date(t + HOUR).toISOString();
    const made = ok<AssignmentHostItem>(await create({ opens_at: opens, closes_at: t + 2 * HOUR, attempts: 3, shuffle: 1, show_answers: 'each', timer: 'none', title: 'Week 1' }));
    expect(made).toMatchObject({ title: 'Week 1', status: 'scheduled', opens_at: t + HOUR, closes_at: t + 2 * HOUR, question_count: 5, attempts: 3, shuffle: true, show_answers: 'each', timer: 'none', pupil_count: 0 });
    expect(made.pin).toMatch(/^[1-9]\d{5}$/);
    // The PIN names it to a pupil, before it opens too.
    expect(ok<AssignmentEntry>(await api.call('assignment_entry', { pin: made.pin }, from('10.1.0.1')))).toMatchObject({ assignment_id: made.id, title: 'Week 1', host: 'Ms Host', status: 'scheduled', attempts: 3, timer: 'none' });
    expect(refused(await api.call('assignment_entry', { pin: '100000' }, from('10.1.0.1')))[1]).toBe('assignment_pin_unknown');
    // A pupil may join early and waits; starting is refused until the opening.
    const early = await join(made.pin);
    expect(early.view.assignment.status).toBe('scheduled');
    expect(early.view.may_start).toBe(false);
    expect(refused(await api.call('assignment_start', { assignment_id: early.assignment_id, token: early.token }))).toEqual([409, 'assignment_not_open', null]);
    // In the host's list, newest first, with its pupil.
    const list = ok<{ rows: AssignmentHostItem[] }>(await api.call('assignments', {}, { token: host.token }));
    expect(list.rows[0]).toMatchObject({ id: made.id, pupil_count: 1, finished_count: 0 });
    // Another host's assignment does not exist to this one.
    const other = await createPlayerWithSession(db, { name: 'Other' });
    expect(refused(await api.call('assignment', { assignment_id: made.id }, { token: other.token }))).toEqual([404, '102', 'assignment_id']);
    expect(refused(await api.call('assignment_close', { assignment_id: made.id }, { token: other.token }))).toEqual([404, '102', 'assignment_id']);
    // Closed by its host before it opened: closed at once, and nobody else joins.
    expect(ok<AssignmentHostItem>(await api.call('assignment_close', { assignment_id: made.id }, { token: host.token }))).toMatchObject({ status: 'closed', closes_at: t });
    expect(ok<AssignmentEntry>(await api.call('assignment_entry', { pin: made.pin }, from('10.1.0.1'))).status).toBe('closed');
    expect(refused(await api.call('assignment_join', { pin: made.pin, nickname: 'Late' }, from('10.1.0.2')))).toEqual([410, 'assignment_closed', null]);
  });

  test('a pupil plays at their own pace: each question’s clock is the server’s, the points a live game’s, answers shown at the end', async () => {
    const a = await assign({ show_answers: 'end' });
    const pupil = await join(a.pin, 'Ada');
    expect(pupil.view.pupil.resume_code).toMatch(/^[2-9A-Z]{8}$/);
    expect(pupil.view.question).toBeNull();
    let view = await start(pupil);
    expect(view.question).toMatchObject({ position: 0, count: 5, type: 'multiple', time_ms: 20_000, started_at: t, deadline_at: t + 20_000 });
    // The question never carries its answer.
    expect(JSON.stringify(view.question)).not.toMatch(/"answer"|accepted|correct/);
    // 5 s of 20 taken: 1,000 × (1 − 5/20 ÷ 2) = 875, grades not shown before the end.
    advance(5000);
    view = ok(await answer(pupil, 0, keyOf(view, '4')));
    expect(view.last).toMatchObject({ position: 0, correct: null, points: null, right_answer: null });
    expect(view.question).toBeNull();
    // The next question is sent (its clock starts) when the screen asks for it.
    advance(30_000);
    view = await state(pupil);
    expect(view.question).toMatchObject({ position: 1, type: 'type', started_at: t });
    // The same answer twice (a double tap) is taken once.
    advance(2000);
    expect(ok<AssignmentPupilView>(await answer(pupil, 1, 'Pari')).attempt?.answered).toBe(2);
    expect(refused(await answer(pupil, 1, 'Paris'))).toEqual([409, 'already_answered', 'position']);
    // An answer to a question not on the screen is refused naming it; a bad slider value too.
    view = await state(pupil);
    expect(refused(await answer(pupil, 4, 'x'))).toEqual([409, 'assignment_no_question', 'position']);
    expect(refused(await answer(pupil, 2, '91.5'))).toEqual([400, '103', 'answer']);
    ok(await answer(pupil, 2, '90'));
    await state(pupil);
    ok(await answer(pupil, 3, 'b'));
    await state(pupil);
    view = ok(await answer(pupil, 4, 'Sunny'));
    // Finished: the score and every right answer are shown now.
    expect(view.attempt).toMatchObject({ number: 1, finished: true, answered: 5 });
    // 875; 900 + bonus 100 (2 s: 1000 × (1 − 0.05)); 1,000 + 200 (0 s); poll and word cloud: 0.
    expect(view.attempt?.score).toBe(875 + 950 + 100 + 1000 + 200);
    expect(view.review.map((r) => [r.position, r.correct, r.points, r.bonus, r.right_answer])).toEqual([
      [0, true, 875, 0, 'b'],
      [1, true, 950, 100, 'Paris'],
      [2, true, 1000, 200, '90'],
      [3, false, 0, 0, ''],
      [4, false, 0, 0, ''],
    ]);
    expect(view.may_start).toBe(false);
    expect(refused(await api.call('assignment_start', { assignment_id: pupil.assignment_id, token: pupil.token }))).toEqual([409, 'assignment_no_attempts', null]);
  });

  test('the time runs out: the question is stored unanswered and the next one comes; a late answer is refused and stored the same', async () => {
    const a = await assign({ show_answers: 'each' });
    const pupil = await join(a.pin);
    let view = await start(pupil);
    // Just inside the network allowance: taken, with the whole time counted (half the points).
    advance(20_000 + ASSIGNMENT_NETWORK_MS);
    view = ok(await answer(pupil, 0, keyOf(view, '4')));
    expect(view.last).toMatchObject({ correct: true, points: 500, right_answer: 'b' });
    view = await state(pupil);
    // One millisecond past it: refused, and the question is over for this pupil.
    advance(20_000 + ASSIGNMENT_NETWORK_MS + 1);
    expect(refused(await answer(pupil, 1, 'Paris'))).toEqual([409, 'answer_too_late', 'position']);
    view = await state(pupil);
    expect(view.question?.position).toBe(2);
    // Away for a long while: the question on screen ran out; coming back brings the next one.
    advance(10 * 60_000);
    view = await state(pupil);
    expect(view.question?.position).toBe(3);
    const stored = await db.select().from(assignmentAnswers).where(eq(assignmentAnswers.attemptId, await attemptOf(pupil))).orderBy(assignmentAnswers.position);
    const mine = stored.filter((s) => s.position === 1 || s.position === 2);
    expect(mine.map((s) => [s.position, s.answer, s.correct, s.points, s.elapsedMs])).toEqual([
      [1, '', false, 0, 20_000],
      [2, '', false, 0, 20_000],
    ]);
    // A pass (an empty answer) moves on without points.
    view = ok(await answer(pupil, 3, ''));
    expect(view.last).toMatchObject({ answer: '', correct: false, points: 0 });
  });

  test('a slow connection costs nothing: the screen’s own time is taken within the allowance', async () => {
    const a = await assign({ show_answers: 'each' });
    const pupil = await join(a.pin);
    const view = await start(pupil);
    // The server saw 6 s; the screen measured 4.5 s from showing the question: 1,000 × (1 − 4.5/20 ÷ 2) = 888.
    advance(6000);
    expect(ok<AssignmentPupilView>(await answer(pupil, 0, keyOf(view, '4'), 4500)).last?.points).toBe(888);
    await state(pupil);
    // A screen claiming 0.1 s of 6 s gains 2 s at most: 4 s counted → 900.
    advance(6000);
    expect(ok<AssignmentPupilView>(await answer(pupil, 1, 'Paris', 100)).last?.points).toBe(900);
  });

  test('extended time applies: a signed-in pupil with ×2 gets twice the clock and the points of the same share of it', async () => {
    const a = await assign({ show_answers: 'each' });
    const slow = await createPlayerWithSession(db, { name: 'Ben Slow' });
    await db.update(users).set({ timeExtension: 200 }).where(eq(users.id, slow.userId));
    const pupil = ok<Joined>(await api.call('assignment_join', { pin: a.pin }, { token: slow.token, ...from('10.2.0.1') }));
    expect(pupil.view.pupil).toMatchObject({ nickname: 'Ben Slow', time_percent: 200 });
    const view = await start(pupil);
    expect(view.question).toMatchObject({ time_ms: 40_000, deadline_at: t + 40_000 });
    // 30 s of 40 (past a standard pupil's 20 s): 1,000 × (1 − 30/40 ÷ 2) = 625.
    advance(30_000);
    expect(ok<AssignmentPupilView>(await answer(pupil, 0, keyOf(view, '4'))).last?.points).toBe(625);
    // Joining again while signed in (another device) is the same pupil, at the same place.
    const again = ok<Joined>(await api.call('assignment_join', { pin: a.pin }, { token: slow.token, ...from('10.2.0.2') }));
    expect(again.view.pupil.id).toBe(pupil.view.pupil.id);
    expect((await state(again)).question?.position).toBe(1);
  });

  test('no clock at all: no deadline, and a right answer earns its whole points however long it took', async () => {
    const a = await assign({ timer: 'none', show_answers: 'each' });
    const pupil = await join(a.pin);
    const view = await start(pupil);
    expect(view.question).toMatchObject({ time_ms: 0, deadline_at: 0 });
    advance(45 * 60_000);
    expect(ok<AssignmentPupilView>(await answer(pupil, 0, keyOf(view, '4'))).last).toMatchObject({ correct: true, points: 1000 });
  });

  test('resuming on another device with the code: the same place, the first device let go; wrong codes refused and counted', async () => {
    const a = await assign();
    const pupil = await join(a.pin, 'Cleo');
    const view = await start(pupil);
    ok(await answer(pupil, 0, keyOf(view, '4')));
    const code = pupil.view.pupil.resume_code;
    expect(refused(await api.call('assignment_resume', { pin: a.pin, code: 'nope' }, from('10.3.0.1')))).toEqual([400, '103', 'code']);
    expect(refused(await api.call('assignment_resume', { pin: a.pin, code: 'ZZZZ-ZZZZ' }, from('10.3.0.1')))).toEqual([404, 'resume_code_unknown', 'code']);
    const other = ok<Joined>(await api.call('assignment_resume', { pin: a.pin, code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}` }, from('10.3.0.2')));
    expect(other.view.pupil).toMatchObject({ id: pupil.view.pupil.id, nickname: 'Cleo' });
    expect((await state(other)).question?.position).toBe(1);
    expect(refused(await api.call('assignment_state', { assignment_id: a.id, token: pupil.token }))).toEqual([404, 'assignment_token_unknown', 'token']);
    // The nickname stays Cleo's: a second Cleo is refused and told to resume.
    expect(refused(await api.call('assignment_join', { pin: a.pin, nickname: 'cleo' }, from('10.3.0.3')))).toEqual([409, 'nickname_taken', 'nickname']);
    // Wrong codes spend the address's wrong-PIN allowance (30 in 10 minutes).
    for (let i = 0; i < 30; i += 1) await api.call('assignment_resume', { pin: a.pin, code: 'ZZZZ-ZZZZ' }, from('10.3.0.9'));
    expect(refused(await api.call('assignment_resume', { pin: a.pin, code }, from('10.3.0.9')))).toEqual([429, 'rate_limited', null]);
  });

  test('several attempts: the best is kept, and shuffled questions and options are graded by their keys', async () => {
    const a = await assign({ attempts: 2, shuffle: 1, show_answers: 'each' }, [
      { type: 'multiple', text: 'Red?', options: ['red', 'blue', 'green', 'black'], answer: [0], time_limit: 20, points: 1000 },
      { type: 'multiple', text: 'Blue?', options: ['red', 'blue', 'green', 'black'], answer: [1], time_limit: 20, points: 1000 },
      { type: 'multiple', text: 'Green?', options: ['red', 'blue', 'green', 'black'], answer: [2], time_limit: 20, points: 1000 },
      { type: 'boolean', text: 'True?', options: ['True', 'False'], answer: [0], time_limit: 20, points: 1000 },
    ]);
    const pupil = await join(a.pin, 'Dan');
    const play = async (right: boolean) => {
      let view = await start(pupil);
      const seen: string[] = [];
      while (view.question) {
        const q = view.question;
        seen.push(q.text);
        if (q.type === 'boolean') expect(q.options.map((o) => o.text)).toEqual(['True', 'False']);
        const word = q.text.replace('?', '').toLowerCase();
        const pick = q.type === 'boolean' ? (right ? 'True' : 'False') : right ? word : word === 'red' ? 'black' : 'red';
        view = ok(await answer(pupil, q.position, keyOf(view, pick)));
        expect(view.last?.correct).toBe(right);
        view = view.attempt?.finished ? view : await state(pupil);
      }
      return { view, seen };
    };
    const first = await play(false);
    expect(first.view.attempt).toMatchObject({ number: 1, finished: true, score: 0 });
    expect(first.view.may_start).toBe(true);
    const second = await play(true);
    expect([...second.seen].sort()).toEqual(['Blue?', 'Green?', 'Red?', 'True?']);
    expect(second.view.attempt).toMatchObject({ number: 2, finished: true, score: 1000 + 1100 + 1200 + 1300 });
    expect(second.view.best_score).toBe(4600);
    expect(second.view.may_start).toBe(false);
    // The host's page keeps the best attempt.
    const page = ok<{ pupils: AssignmentPupilItem[] }>(await api.call('assignment', { assignment_id: a.id }, { token: host.token }));
    expect(page.pupils).toEqual([expect.objectContaining({ nickname: 'Dan', attempts: 2, finished: true, best_score: 4600 })]);
  });

  test('after the close answers are refused; answers shown only then; the report shows every answer and who has not finished', async () => {
    const a = await assign({ show_answers: 'after_close' });
    const done = await join(a.pin, 'Eve');
    let view = await start(done);
    for (const [position, text] of [[0, '4'], [1, 'Lyon'], [2, '85'], [3, 'Tea'], [4, 'rain']] as const) {
      const raw = position === 0 || position === 3 ? keyOf(view, text) : text;
      advance(1000);
      view = ok(await answer(done, position, raw));
      // Nothing is told before the close: not right or wrong, not the points, not the score.
      expect(view.last).toMatchObject({ correct: null, points: null, right_answer: null });
      if (!view.attempt?.finished) view = await state(done);
    }
    expect(view.attempt).toMatchObject({ finished: true, score: null });
    expect(view.review).toEqual([]);
    const halfway = await join(a.pin, 'Finn');
    view = await start(halfway);
    ok(await answer(halfway, 0, keyOf(view, '3')));
    await join(a.pin, 'Gus');

    // The host closes it early: from now on, nothing is taken.
    const closed = ok<AssignmentHostItem>(await api.call('assignment_close', { assignment_id: a.id }, { token: host.token }));
    expect(closed.status).toBe('closed');
    expect(refused(await api.call('assignment_close', { assignment_id: a.id }, { token: host.token }))).toEqual([410, 'assignment_closed', null]);
    await state(halfway);
    expect(refused(await answer(halfway, 1, 'Paris'))).toEqual([410, 'assignment_closed', null]);
    expect(refused(await api.call('assignment_join', { pin: a.pin, nickname: 'Late' }, from('10.4.0.1')))).toEqual([410, 'assignment_closed', null]);
    // Now Eve sees her results.
    view = await state(done);
    // 1 s of 20 each: 975 for the choice and 975 for the slider (within its tolerance); Lyon is wrong, so no streak.
    expect(view.attempt?.score).toBe(975 + 975);
    expect(view.review.map((r) => [r.correct, r.right_answer])).toEqual([
      [true, 'b'],
      [false, 'Paris'],
      [true, '90'],
      [false, ''],
      [false, ''],
    ]);

    const report = ok<AssignmentReport>(await api.call('assignment_report', { assignment_id: a.id }, { token: host.token }));
    expect(report.assignment).toMatchObject({ id: a.id, status: 'closed', pupil_count: 3, finished_count: 1 });
    expect(report.assignment.closed_early_at).not.toBeNull();
    expect(report.players.map((p) => [p.nickname, p.rank, p.score, p.answered, p.finished])).toEqual([
      ['Eve', 1, 1950, 5, true],
      ['Finn', null, 0, 1, false],
      ['Gus', null, 0, 0, false],
    ]);
    expect(report.not_finished.map((p) => p.nickname)).toEqual(['Finn', 'Gus']);
    expect(report.questions.map((q) => [q.type, q.answered, q.correct, q.share_right])).toEqual([
      ['multiple', 2, 1, 0.5],
      ['type', 1, 0, 0],
      ['slider', 1, 1, 1],
      ['poll', 1, 0, null],
      ['wordcloud', 1, 0, null],
    ]);
    expect(report.questions[0]!.counts).toEqual({ a: 1, b: 1 });
    const players = ok<{ file_name: string; csv: string }>(await api.call('assignment_report_csv', { assignment_id: a.id, part: 'players' }, { token: host.token }));
    expect(players.file_name).toBe(`assignment-${a.id}-players.csv`);
    expect(players.csv.split('\r\n')[0]).toBe('rank,nickname,signed_in,removed,score,correct,answered,total_time_s,team,team_rank,team_score,attempts,finished');
    expect(players.csv.split('\r\n')[2]).toBe(',Finn,no,no,0,0,1,0.0,,,,1,no');
    const answers = ok<{ csv: string }>(await api.call('assignment_report_csv', { assignment_id: a.id, part: 'answers' }, { token: host.token })).csv;
    expect(answers).toContain('1,Eve,no,2,Capital of France?,Lyon,Lyon,no,0,0,1.0');
  });
});
