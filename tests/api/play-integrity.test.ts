import { eq, inArray } from 'drizzle-orm';
import type { PlayQuestionState } from '@/services/server/db/schema';
import { playSessions, userStatistics } from '@/services/server/db/schema';
import { testDbKind } from '@/tests/setup/db';
import type { ApiAnswer } from '@/tests/setup/api';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { demoPlace, expireOpenQuestion, expectOk, giveCoins, ledgerEntries, notesOf, rightAnswers, type SessionData } from '@/tests/fixtures/play';
import { closeOpenQuestion, readOpenQuestion } from '@/services/server/play/repository';
import { questions as questionsTable } from '@/services/server/db/schema';

/**
 * Integrity rule 2: no right answer leaves the server before the player committed an answer to
 * that question. This walks every question-serving call of the solo modes, resumes each session
 * before every answer, uses every lifeline, and checks each response against what it may carry.
 */

const { api, db } = seededApiSuite();

/** Keys that would carry (or point at) a right answer or its explanation. */
const FORBIDDEN_KEY = /^(answer|answers|correct|correct_answer|correct_option|right_answer|is_correct|note|notes|solution|explanation)$/i;

function forbiddenKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => forbiddenKeys(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(FORBIDDEN_KEY.test(k) ? [`${path}.${k}`] : []), ...forbiddenKeys(v, `${path}.${k}`)]);
  }
  return [];
}

const SESSION_KEYS = ['coins', 'current_effects', 'current_index', 'lifelines', 'mode', 'progress', 'questions', 'session_id', 'time_left_ms', 'time_per_question', 'total_time'];
const QUESTION_KEYS = ['id', 'image', 'options', 'question', 'question_type'];

/** Right-answer positions seen in served options: a field correlated with the answer would make them constant. */
const positions: number[] = [];
const servedNotes = new Set<string>();

/** Everything a question-serving answer may carry, and nothing more. */
async function expectClean(res: ApiAnswer, label: string): Promise<SessionData> {
  const data = expectOk(res) as SessionData;
  expect([label, forbiddenKeys(res.body)]).toEqual([label, []]);
  expect([label, Object.keys(data).sort()]).toEqual([label, SESSION_KEYS]);
  // Where the play stands on the answers given: a score and a run, nothing of the questions still open.
  expect([label, Object.keys((data as { progress: object }).progress).sort()]).toEqual([label, ['score', 'streak']]);
  for (const q of data.questions) {
    expect([label, Object.keys(q).sort()]).toEqual([label, QUESTION_KEYS]);
    for (const o of q.options) expect([label, Object.keys(o).sort()]).toEqual([label, ['key', 'text']]);
  }
  const ids = data.questions.map((q) => q.id);
  const json = JSON.stringify(res.body);
  for (const note of await notesOf(await db(), ids)) {
    servedNotes.add(note);
    expect([label, json.includes(note)]).toEqual([label, false]);
  }
  // Every value is the stored content itself: nothing added, nothing marked.
  const stored = new Map((await (await db()).select().from(questionsTable).where(inArray(questionsTable.id, ids))).map((r) => [r.id, r]));
  for (const q of data.questions) {
    const row = stored.get(q.id)!;
    const text: Record<string, string | null> = { a: row.optionA, b: row.optionB, c: row.optionC, d: row.optionD, e: row.optionE };
    expect([label, q.question, q.question_type, q.image]).toEqual([label, row.question, row.questionType, row.image]);
    expect([label, q.options.map((o) => o.text)]).toEqual([label, q.options.map((o) => text[o.key])]);
    expect([label, q.options.map((o) => o.key).sort()]).toEqual([label, Object.keys(text).filter((k) => text[k]).sort()]);
    if (q.question_type === 'multiple') positions.push(q.options.findIndex((o) => o.key === row.answer));
  }
  return data;
}

interface Opener {
  label: string;
  open: (token: string) => Promise<ApiAnswer>;
  lifelines: boolean;
}

async function walk(opener: Opener, token: string) {
  let session = await expectClean(await opener.open(token), `${opener.label} (opened)`);
  const answers = await rightAnswers(await db(), session.questions.map((q) => q.id));
  const lifelinesLeft = opener.lifelines ? ['fifty_fifty', 'audience_poll', 'reset_timer', 'skip'] : [];
  for (let i = 0; i < session.questions.length; i++) {
    session = await expectClean(await opener.open(token), `${opener.label} (resumed before question ${i + 1})`);
    if (session.current_index !== i) continue; // skipped by the skip lifeline
    const q = session.questions[i]!;
    const lifeline = lifelinesLeft.find((l) => !((l === 'fifty_fifty' || l === 'audience_poll') && q.question_type !== 'multiple'));
    if (lifeline && (lifeline !== 'audience_poll' || !session.current_effects.removed)) {
      const res = await api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline }, { token });
      expect([opener.label, lifeline, forbiddenKeys(res.body)]).toEqual([opener.label, lifeline, []]);
      const data = expectOk(res) as Record<string, unknown>;
      const keys = { fifty_fifty: ['coins', 'removed'], audience_poll: ['coins', 'percentages'], reset_timer: ['coins', 'time_left_ms'], skip: ['coins', 'current_index', 'finished', 'skipped', 'time_left_ms'] };
      expect(Object.keys(data).sort()).toEqual(keys[lifeline as keyof typeof keys]);
      lifelinesLeft.splice(lifelinesLeft.indexOf(lifeline), 1);
      if (lifeline === 'skip') continue;
    }
    const res = await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: q.options[i % q.options.length]!.key }, { token });
    const data = expectOk(res) as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(['correct', 'correct_answer', 'current_index', 'finished', 'points', 'time_left_ms', 'timed_out']);
    // The one right answer in the response is the answered question's.
    expect(data.correct_answer).toBe(answers.get(q.id));
  }
  expectOk(await api.call('finish_play', { session_id: session.session_id }, { token }));
}

describe(`no right answer before it is answered (${testDbKind})`, () => {
  test('every question-serving call, every resume and every lifeline answer carries no right answer and no note', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 500);
    const place = await demoPlace(d, 'technology', 'computing');
    const bookmarked = await d.select({ id: questionsTable.id }).from(questionsTable).where(eq(questionsTable.subcategoryId, place.subcategoryId)).limit(6);
    for (const b of bookmarked) expectOk(await api.call('set_bookmark', { question_id: b.id, status: '1', type: '1' }, { token }));

    // Content calls: lists of categories, subcategories, levels and bookmarks.
    const content: [string, ApiAnswer][] = [
      ['get_categories', await api.call('get_categories', { type: 1, language_id: 1 }, { token })],
      ['get_subcategory_by_maincategory', await api.call('get_subcategory_by_maincategory', { language_id: 1, category_slug: 'technology' }, { token })],
      ['get_level_data', await api.call('get_level_data', { category_slug: 'technology', subcategory_slug: 'computing', language_id: 1 }, { token })],
      ['get_bookmark', await api.call('get_bookmark', { type: '1' }, { token })],
    ];
    for (const [label, res] of content) {
      expect([label, res.status, forbiddenKeys(res.body)]).toEqual([label, 200, []]);
      for (const note of await notesOf(d, bookmarked.map((b) => b.id))) expect(JSON.stringify(res.body).includes(note)).toBe(false);
    }

    const openers: Opener[] = [
      { label: 'get_questions_by_level', lifelines: true, open: (t) => api.call('get_questions_by_level', { category: 'technology', subcategory: 'computing', level: 1, language_id: 1 }, { token: t }) },
      { label: 'get_questions_by_level (Spanish)', lifelines: true, open: (t) => api.call('get_questions_by_level', { category: 'science', subcategory: 'physics', level: 1, language_id: 2 }, { token: t }) },
      { label: 'get_daily_quiz', lifelines: false, open: (t) => api.call('get_daily_quiz', { language_id: 1, timezone: 'Asia/Kolkata' }, { token: t }) },
      { label: 'get_questions_by_type', lifelines: false, open: (t) => api.call('get_questions_by_type', { type: 2, language_id: 1 }, { token: t }) },
      {
        label: 'get_questions_for_self_challenge',
        lifelines: false,
        open: (t) => api.call('get_questions_for_self_challenge', { language_id: 1, category_slug: 'geography', limit: 15, minutes: 10 }, { token: t }),
      },
      { label: 'get_bookmark_play', lifelines: false, open: (t) => api.call('get_bookmark_play', { type: '1' }, { token: t }) },
    ];
    for (const opener of openers) await walk(opener, token);

    expect(servedNotes.size).toBeGreaterThan(40);
    // Shuffled options: the right answer is not always in the same place.
    expect(positions.length).toBeGreaterThan(30);
    expect(new Set(positions).size).toBeGreaterThan(2);
  });

  test('an answer after the deadline is refused; the question is recorded unanswered and the next one opens', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const session = expectOk(await api.call('get_questions_by_level', { category: 'science', subcategory: 'biology', level: 1, language_id: 1 }, { token })) as SessionData;
    const [first, second, third] = session.questions;
    const right = await rightAnswers(d, [first!.id, second!.id]);
    await expireOpenQuestion(d, session.session_id);

    const late = await api.call('submit_answer', { session_id: session.session_id, question_id: first!.id, answer: right.get(first!.id)! }, { token });
    expect([late.status, late.body.message]).toEqual([409, 'answer_too_late']);
    expect(forbiddenKeys(late.body)).toEqual([]);
    expect(late.body).toMatchObject({ current_index: 1, finished: false });
    const [row] = await d.select().from(playSessions).where(eq(playSessions.id, session.session_id));
    const state = row!.questions[0] as PlayQuestionState;
    expect(state).toMatchObject({ answer: null, correct: false, timedOut: true });
    expect(row!.currentIndex).toBe(1);
    expect(row!.currentDeadline!.getTime()).toBeGreaterThan(Date.now() + 25_000);

    // The same question cannot be answered again; the next one can, in time.
    const again = await api.call('submit_answer', { session_id: session.session_id, question_id: first!.id, answer: 'a' }, { token });
    expect([again.status, again.body.field]).toEqual([400, 'question_id']);
    const inTime = expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: second!.id, answer: right.get(second!.id)! }, { token }));
    expect(inTime).toMatchObject({ correct: true, timed_out: false, current_index: 2 });

    // An empty answer after the deadline is the player's own time-out and succeeds.
    await expireOpenQuestion(d, session.session_id);
    const timeout = expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: third!.id, answer: '' }, { token }));
    expect(timeout).toMatchObject({ correct: false, timed_out: true, current_index: 3 });

    const result = expectOk(await api.call('finish_play', { session_id: session.session_id }, { token }));
    expect(result).toMatchObject({ correct: 1, wrong: 0, unanswered: 9 });
  });

  test('a lifeline after the deadline is refused', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 50);
    const session = expectOk(await api.call('get_questions_by_level', { category: 'sports-games', subcategory: 'sports', level: 1, language_id: 1 }, { token })) as SessionData;
    await expireOpenQuestion(d, session.session_id);
    const res = await api.call('use_lifeline', { session_id: session.session_id, question_id: session.questions[0]!.id, lifeline: 'reset_timer' }, { token });
    expect([res.status, res.body.message]).toEqual([409, 'answer_too_late']);
  });

  test('a double submit of one answer counts once', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    const session = expectOk(await api.call('get_questions_by_level', { category: 'arts-literature', subcategory: 'literature', level: 1, language_id: 1 }, { token })) as SessionData;
    const q = session.questions[0]!;
    const right = (await rightAnswers(d, [q.id])).get(q.id)!;
    const both = await Promise.all([0, 1].map(() => api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: right }, { token })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body.field).toBe('question_id');
    const result = expectOk(await api.call('finish_play', { session_id: session.session_id }, { token }));
    expect(result).toMatchObject({ correct: 1, unanswered: 9 });
    const stats = await d.select().from(userStatistics).where(eq(userStatistics.userId, userId));
    expect(stats.map((s) => [s.answered, s.correct])).toEqual([[1, 1]]);
  });

  test('an answer decided on a session that changed since it was read is not stored: a lifeline in between keeps its effect', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 50);
    const session = expectOk(await api.call('get_questions_by_level', { category: 'science', subcategory: 'physics', level: 1, language_id: 1 }, { token })) as SessionData;
    const q = session.questions[0]!;
    const right = (await rightAnswers(d, [q.id])).get(q.id)!;
    // An answer reads the session, then a lifeline changes it before the answer's write.
    const read = (await readOpenQuestion(d, session.session_id, userId))!;
    expectOk(await api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'reset_timer' }, { token }));
    const stale = await closeOpenQuestion(d, {
      sessionId: session.session_id,
      version: read.version,
      index: read.currentIndex,
      state: { ...read.state!, answer: right, correct: true, closedAt: new Date().toISOString() },
      openedAt: new Date(),
      deadline: null,
    });
    expect(stale).toBe(false);
    const [before] = await d.select().from(playSessions).where(eq(playSessions.id, session.session_id));
    expect(before!.currentIndex).toBe(0);
    expect(before!.questions[0]).toMatchObject({ answer: null, lifelines: ['reset_timer'] });
    // submit_answer reads again and keeps what the lifeline recorded.
    expect(expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: right }, { token }))).toMatchObject({ correct: true, current_index: 1 });
    const [after] = await d.select().from(playSessions).where(eq(playSessions.id, session.session_id));
    expect(after!.questions[0]).toMatchObject({ answer: right, correct: true, lifelines: ['reset_timer'] });
    expect(after!.lifelinesUsed).toEqual(['reset_timer']);
  });

  test('answers racing each other and a lifeline on one question: one answer counts, the lifeline is charged once and never lost', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 500);
    for (let round = 0; round < 6; round++) {
      const session = expectOk(
        await api.call('get_questions_by_level', { category: 'science', subcategory: round % 2 ? 'biology' : 'physics', level: 1, language_id: 1 }, { token }),
      ) as SessionData;
      const q = session.questions[0]!;
      const right = (await rightAnswers(d, [q.id])).get(q.id)!;
      const submit = () => api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: right }, { token });
      const lifeline = () => api.call('use_lifeline', { session_id: session.session_id, question_id: q.id, lifeline: 'reset_timer' }, { token });
      const [a, b, l] = await Promise.all([submit(), submit(), lifeline()]);
      expect([a.status, b.status].sort()).toEqual([200, 400]);
      const [row] = await d.select().from(playSessions).where(eq(playSessions.id, session.session_id));
      expect(row!.currentIndex).toBe(1);
      expect(row!.questions[0]).toMatchObject({ id: q.id, answer: right, correct: true });
      const charged = await ledgerEntries(d, `lifeline:${session.session_id}:reset_timer`);
      if (l.status === 200) {
        // Granted before the answer: recorded on the question the answer closed, charged once.
        // (reset_timer: a lifeline every question type allows.)
        expect(row!.questions[0]).toMatchObject({ lifelines: ['reset_timer'] });
        expect(row!.lifelinesUsed).toEqual(['reset_timer']);
        expect(charged).toHaveLength(1);
      } else {
        // Asked after the answer closed the question: refused, nothing charged.
        expect([l.status, l.body.field]).toEqual([400, 'question_id']);
        expect(row!.lifelinesUsed).toEqual([]);
        expect(charged).toHaveLength(0);
      }
      expect(expectOk(await api.call('finish_play', { session_id: session.session_id }, { token }))).toMatchObject({ correct: 1 });
    }
  });

  test('an answer to a session settled meanwhile is refused as finished', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const session = expectOk(await api.call('get_questions_by_level', { category: 'science', subcategory: 'physics', level: 1, language_id: 1 }, { token })) as SessionData;
    expectOk(await api.call('finish_play', { session_id: session.session_id }, { token }));
    const res = await api.call('submit_answer', { session_id: session.session_id, question_id: session.questions[0]!.id, answer: 'a' }, { token });
    expect([res.status, res.body.message, res.body.field]).toEqual([409, 'play_finished', 'session_id']);
  });

  test('an answer that is not one of the question\'s options is refused naming the field', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const session = expectOk(await api.call('get_questions_by_type', { type: 2, language_id: 1 }, { token })) as SessionData;
    const res = await api.call('submit_answer', { session_id: session.session_id, question_id: session.questions[0]!.id, answer: 'd' }, { token });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', 'answer']);
  });
});
