import { eq } from 'drizzle-orm';
import type { ContestLists } from '@/services/domain/contests';
import type { ExamListItem } from '@/services/domain/exams';
import { contests, examModules } from '@/services/server/db/schema';
import { loadSchedule, parseScheduleFile, scheduleInstant } from '@/services/server/content/schedule';
import { ContentFileError } from '@/services/server/content/content-row';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { expectOk } from '@/tests/fixtures/play';

const { api, db } = seededApiSuite();

const question = (i: number) => ({ question: `Q${i}?`, options: [`a${i}`, `b${i}`, `c${i}`, `d${i}`], answer: i % 4 });

describe('schedule file times', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  test('are offsets from the time of loading or ISO instants with a zone', () => {
    expect(scheduleInstant('-1h', now)).toEqual(new Date('2026-03-10T11:00:00Z'));
    expect(scheduleInstant('+30d', now)).toEqual(new Date('2026-04-09T12:00:00Z'));
    expect(scheduleInstant('+90m', now)).toEqual(new Date('2026-03-10T13:30:00Z'));
    expect(scheduleInstant('2026-12-01T18:00:00+01:00', now)).toEqual(new Date('2026-12-01T17:00:00Z'));
    expect(scheduleInstant('2026-12-01', now)).toBeNull();
    expect(scheduleInstant('tomorrow', now)).toBeNull();
  });
});

describe(`scheduled content: the demo (${testDbKind})`, () => {
  test('a new install has a live, an upcoming and a past contest with a leaderboard, in English', async () => {
    const { token } = await createPlayerWithSession(await db());
    const lists = expectOk(await api.call('get_contest', { language_id: 1 }, { token })) as ContestLists;
    const names = (l: keyof ContestLists) => lists[l].items.map((c) => c.name);
    expect(names('live')).toContain('Weekly General Knowledge');
    expect(names('upcoming')).toContain('History Sprint');
    expect(names('past')).toContain('Science Cup');
    const past = lists.past.items.find((c) => c.name === 'Science Cup')!;
    expect(past.participants).toBe(5);
    const board = await api.call('get_contest_leaderboard', { contest_id: past.id, offset: 0, limit: 10 }, { token });
    expect(board.body.error).toBe(false);
    // Ada 16; Grace and Alan tied on 8 share rank 2; Marie 0 is fourth.
    expect((board.body.data as { name: string; rank: number }[]).map((r) => [r.name, r.rank])).toEqual([
      ['Ada (demo)', 1],
      ['Grace (demo)', 2],
      ['Alan (demo)', 2],
      ['Marie (demo)', 4],
      ['Carl (demo)', 5],
    ]);
  });

  test('two exams are open today, one in English and one in Spanish, with the keys of the README', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const today = expectOk(await api.call('get_exam_module', { type: 1, timezone: 'UTC' }, { token })) as ExamListItem[];
    expect(today.map((e) => e.title).sort()).toEqual(['Examen de geografía', 'Science basics']);
    const keys = await d.select({ title: examModules.title, key: examModules.examKey }).from(examModules);
    expect(Object.fromEntries(keys.map((k) => [k.title, k.key]))).toMatchObject({ 'Science basics': '2468', 'Examen de geografía': '1357' });
  });
});

describe(`scheduled content: an operator's file (${testDbKind})`, () => {
  const file = {
    language: 'en',
    contests: [{ key: 'club.quiz-night', name: 'Quiz night', starts: '2026-12-05T19:00:00Z', ends: '2026-12-05T21:00:00Z', entry_fee: 0, prizes: [{ rank_to: 1, coins: 30 }], questions: [question(1), question(2)] }],
    exams: [{ key: 'club.exam-1', title: 'Club exam', starts: '-1h', ends: '+1d', duration: 15, exam_key: '0042', questions: [{ ...question(3), marks: 2 }] }],
  };

  test('is loaded once: a second load of the same keys keeps what is stored', async () => {
    const d = await db();
    const first = await loadSchedule(d, parseScheduleFile('club.json', file));
    expect(first).toEqual({ contests: { inserted: 1, kept: 0 }, exams: { inserted: 1, kept: 0 } });
    const [contest] = await d.select().from(contests).where(eq(contests.contentKey, 'club.quiz-night'));
    expect(contest!.startsAt).toEqual(new Date('2026-12-05T19:00:00Z'));
    const again = await loadSchedule(d, parseScheduleFile('club.json', { ...file, contests: [{ ...file.contests[0], name: 'Renamed' }] }));
    expect(again).toEqual({ contests: { inserted: 0, kept: 1 }, exams: { inserted: 0, kept: 1 } });
    const [kept] = await d.select().from(contests).where(eq(contests.contentKey, 'club.quiz-night'));
    expect(kept!.name).toBe('Quiz night');
  });

  test.each([
    [{ exams: [{ ...file.exams[0], exam_key: '12345' }] }, 'exams.0.exam_key: must be 4 digits'],
    [{ exams: [{ ...file.exams[0], questions: [{ ...question(1), marks: 0 }] }] }, 'exams.0.questions.0.marks: must be 1 or more'],
    [{ contests: [{ ...file.contests[0], ends: '2026-12-05T18:00:00Z' }] }, 'contests.0.ends: must be after starts'],
    [{ contests: [{ ...file.contests[0], starts: 'next friday' }] }, 'contests.0.starts: must be an ISO 8601 instant'],
    [{ contests: [{ ...file.contests[0], questions: [{ ...question(1), answer: 4 }] }] }, 'contests.0.questions.0.answer: must be the index of an option (0 to 3)'],
    [{ contests: [file.contests[0], file.contests[0]] }, 'the contest club.quiz-night is in the file twice'],
  ])('with an error is refused whole, naming where (%#)', async (change, message) => {
    expect(() => parseScheduleFile('club.json', { ...file, ...change })).toThrow(ContentFileError);
    expect(() => parseScheduleFile('club.json', { ...file, ...change })).toThrow(message);
  });
});
