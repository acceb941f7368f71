import fc from 'fast-check';
import type { AssignmentHostItem, AssignmentPupilView } from '@/services/domain/assignments';
import { seedDatabase } from '@/services/server/content/seed';
import type { Database } from '@/services/server/db/client';
import { users } from '@/services/server/db/schema';
import { eq } from 'drizzle-orm';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { ALLOWANCE_MS, countedRule, pupilBonusRule, pupilPointsRule, pupilTimeRule, takenRule } from '@/tests/paths/rules/assignment';
import { assertWalks, expectWalksReached } from '@/tests/paths/support/walks';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * Seeded random assignments against the real server (docs/live.md, "Assignments"): a set of three
 * choice questions of random times and points, with or without a clock, attempted once or more by a
 * pupil with a random extended time. Each question is answered right or wrong, passed, or left on
 * screen while the pupil is away; each answer reaches the server at a random instant around the
 * question's time and its network allowance, with or without the phone's own measure of it. Every
 * verdict, every point, every streak bonus, every attempt's score and the best attempt kept are
 * checked against tests/paths/rules/assignment.ts, written apart from the server's code.
 */

let database: Database;
let api: TestApi;
let t = Date.UTC(2026, 11, 7, 8);
const clock = { now: () => t };
let host: { userId: number; token: string };
let walks = 0;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  api = await startTestApi(database, undefined, { trustProxy: true }, { services: { clock } });
  host = await createPlayerWithSession(database.db, { name: 'Walk Host' });
});
afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

function ok<T>(res: ApiAnswer, what: string): T {
  if (res.status !== 200 || res.body.error) throw new Error(`${what}: expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

const step = fc.record({
  kind: fc.constantFrom('right', 'wrong', 'pass', 'away'),
  /** When the answer arrives: a share of the question's time plus the allowance and a little more. */
  at: fc.integer({ min: 0, max: 1000 }),
  edge: fc.constantFrom('none', 'deadline', 'allowance', 'past'),
  /** The phone's measure: none, or the server's less a lag (a slow connection, or a lie). */
  lagMs: fc.option(fc.integer({ min: -500, max: 4000 }), { nil: null }),
});
const walk = fc.record({
  clock: fc.boolean(),
  percent: fc.constantFrom(100, 150, 200),
  questions: fc.array(fc.record({ limit: fc.constantFrom(5, 10, 20), points: fc.constantFrom(0, 1000, 2000) }), { minLength: 3, maxLength: 3 }),
  attempts: fc.array(fc.array(step, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 2 }),
});

describe(`assignments against the rules written apart (${testDbKind})`, () => {
  test('every verdict, point, streak bonus, attempt score and kept attempt of a pupil playing at their own pace', async () => {
    const tally: Record<string, number> = {};
    const count = (what: string) => (tally[what] = (tally[what] ?? 0) + 1);
    await assertWalks('assignment', 'tests/paths/assignment-walks.test.ts', () =>
      fc.asyncProperty(walk, async (w) => {
        walks += 1;
        const questions = w.questions.map((q, i) => ({ type: 'multiple', text: `Question ${i + 1}?`, options: ['Right', 'Wrong'], answer: [0], time_limit: q.limit, points: q.points }));
        const set = ok<{ id: number }>(await api.call('quiz_set_save', { title: 'Walk', questions } as never, { token: host.token, as: 'json' }), 'quiz_set_save');
        const a = ok<AssignmentHostItem>(
          await api.call('assignment_create', { set_id: set.id, closes_at: t + 30 * 86_400_000, attempts: w.attempts.length, show_answers: 'each', timer: w.clock ? 'question' : 'none' }, { token: host.token }),
          'assignment_create',
        );
        const player = await createPlayerWithSession(database.db, { name: `Pupil ${walks}` });
        await database.db.update(users).set({ timeExtension: w.percent }).where(eq(users.id, player.userId));
        const joined = ok<{ token: string }>(await api.call('assignment_join', { pin: a.pin }, { token: player.token, headers: { 'x-forwarded-for': `10.7.${walks % 250}.1` } }), 'assignment_join');
        const seat = { assignment_id: a.id, token: joined.token };
        const scores: number[] = [];
        for (const attempt of w.attempts) {
          let view = ok<AssignmentPupilView>(await api.call('assignment_start', seat), 'assignment_start');
          let streak = 0;
          let score = 0;
          for (const s of attempt) {
            const q = view.question!;
            const rule = w.questions[Number(q.text.replace(/\D/g, '')) - 1]!;
            const timeMs = pupilTimeRule(rule.limit, w.percent, w.clock);
            expect({ question: q.text, time_ms: q.time_ms }).toEqual({ question: q.text, time_ms: timeMs });
            // When the call arrives after the question was sent.
            const base = timeMs === 0 ? 600_000 : timeMs;
            const serverMs = s.edge === 'deadline' ? timeMs : s.edge === 'allowance' ? timeMs + ALLOWANCE_MS : s.edge === 'past' ? timeMs + ALLOWANCE_MS + 1 : Math.round((base * s.at) / 1000);
            const right = view.question!.options.find((o) => o.text === 'Right')!.key;
            const wrong = view.question!.options.find((o) => o.text === 'Wrong')!.key;
            const keep = (correct: boolean, answered: boolean) => {
              if (rule.points > 0) streak = correct ? streak + 1 : 0;
              if (!answered) count('unanswered');
            };
            if (s.kind === 'away' && timeMs > 0) {
              // The pupil leaves the question on screen past its time and comes back: stored unanswered, the next one sent.
              t += timeMs + ALLOWANCE_MS + 1 + s.at;
              view = ok<AssignmentPupilView>(await api.call('assignment_state', seat), 'assignment_state');
              keep(false, false);
              count('away');
              expect({ question: q.text, answered: view.attempt?.answered }).toEqual({ question: q.text, answered: q.position + 1 });
              continue;
            }
            t += serverMs;
            const text = s.kind === 'right' || s.kind === 'away' ? right : s.kind === 'wrong' ? wrong : '';
            const screenMs = s.lagMs === null ? null : Math.max(0, serverMs - s.lagMs);
            const res = await api.call('assignment_answer', { ...seat, position: q.position, answer: text, ...(screenMs === null ? {} : { screen_ms: screenMs }) });
            if (!takenRule(serverMs, timeMs)) {
              expect({ question: q.text, serverMs, refused: res.body.message }).toEqual({ question: q.text, serverMs, refused: 'answer_too_late' });
              count('too late');
              keep(false, false);
              view = ok<AssignmentPupilView>(await api.call('assignment_state', seat), 'assignment_state');
              continue;
            }
            view = ok<AssignmentPupilView>(res, 'assignment_answer');
            const correct = text === right;
            keep(correct, text !== '');
            const counted = countedRule(serverMs, screenMs, timeMs);
            const points = pupilPointsRule(rule.points, timeMs, counted, correct);
            const bonus = correct ? pupilBonusRule(streak, rule.points) : 0;
            score += points + bonus;
            count(text === '' ? 'pass' : correct ? (timeMs === 0 ? 'right, no clock' : 'right') : 'wrong');
            if (screenMs !== null && serverMs - screenMs > ALLOWANCE_MS) count('screen beyond the allowance');
            expect({ question: q.text, serverMs, screenMs, correct: view.last?.correct, points: view.last?.points, bonus: view.last?.bonus }).toEqual({ question: q.text, serverMs, screenMs, correct, points, bonus });
            if (!view.attempt?.finished) view = ok<AssignmentPupilView>(await api.call('assignment_state', seat), 'assignment_state');
          }
          expect(view.attempt).toMatchObject({ finished: true, score });
          scores.push(score);
        }
        // The kept attempt is the best one.
        const best = ok<AssignmentPupilView>(await api.call('assignment_state', seat), 'assignment_state').best_score;
        expect(best).toBe(Math.max(...scores));
        if (scores.length > 1) count('several attempts');
      }),
    );
    expectWalksReached('assignment', tally, ['right', 'right, no clock', 'wrong', 'pass', 'away', 'too late', 'unanswered', 'several attempts', 'screen beyond the allowance']);
  }, 600_000);
});
