import fc from 'fast-check';
import { LIVE_GET_READY_MS, type LiveGameView, type LiveMe } from '@/services/domain/live';
import { seedDatabase } from '@/services/server/content/seed';
import type { Database } from '@/services/server/db/client';
import { manualClock } from '@/tests/fixtures/live-clock';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { kindPointsRule, sliderRule, typedRightRule } from '@/tests/paths/rules/live-kinds';
import { assertWalks, expectWalksReached } from '@/tests/paths/support/walks';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * Seeded random games of the new question kinds against the real server: a type answer (exact or
 * tolerant), a slider (exact or by closeness, any range and step) and a question with no time
 * limit, answered by up to three players with typed texts made from the accepted answer by random
 * edits, case, accents and punctuation, slider values anywhere on the range, at random instants.
 * Every verdict and every point the server gives is checked against tests/paths/rules/live-kinds.ts,
 * written apart from the server's code. A failure prints the walk id that replays it (docs/testing.md).
 */

let database: Database;
let api: TestApi;
let clock: ReturnType<typeof manualClock>;
let host: { token: string };
let games = 0;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  clock = manualClock(Date.now() + 3_600_000);
  api = await startTestApi(database, undefined, { trustProxy: true }, { services: { live: { clock } } });
});
afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

function ok<T>(res: ApiAnswer, what: string): T {
  if (res.status !== 200 || res.body.error) throw new Error(`${what}: expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

const ACCEPTED = ['Mont Blanc', 'Île-de-France', 'Kilimanjaro', 'Ohm', 'São Paulo'];
/** One random change to a text: a letter dropped, added, changed, two neighbours swapped, or its case, accents or punctuation. */
const edit = fc.record({ kind: fc.constantFrom('drop', 'add', 'change', 'swap', 'upper', 'punct', 'plain'), at: fc.nat(), letter: fc.constantFrom('a', 'e', 'x', 'é', 'n') });
function applyEdit(text: string, e: { kind: string; at: number; letter: string }): string {
  const chars = [...text];
  const i = chars.length === 0 ? 0 : e.at % chars.length;
  switch (e.kind) {
    case 'drop':
      chars.splice(i, 1);
      break;
    case 'add':
      chars.splice(i, 0, e.letter);
      break;
    case 'change':
      chars[i] = e.letter;
      break;
    case 'swap':
      if (i + 1 < chars.length) [chars[i], chars[i + 1]] = [chars[i + 1]!, chars[i]!];
      break;
    case 'upper':
      return text.toUpperCase();
    case 'punct':
      return ` ${text.replace(/ /g, '-')}! `;
    default:
      return text.normalize('NFD').replace(/\p{M}/gu, '');
  }
  return chars.join('');
}

const player = fc.record({
  typed: fc.record({ from: fc.nat(ACCEPTED.length - 1), edits: fc.array(edit, { maxLength: 2 }) }),
  typedAfterMs: fc.integer({ min: 0, max: 19_999 }),
  slider: fc.nat(),
  sliderAfterMs: fc.integer({ min: 0, max: 9_999 }),
  openAfterMs: fc.integer({ min: 0, max: 3_600_000 }),
  openRight: fc.boolean(),
});
const game = fc.record({
  accepted: fc.uniqueArray(fc.nat(ACCEPTED.length - 1), { minLength: 1, maxLength: 2 }),
  tolerant: fc.boolean(),
  slider: fc.record({ min: fc.integer({ min: -50, max: 50 }), steps: fc.integer({ min: 1, max: 40 }), step: fc.constantFrom(1, 0.5, 5), at: fc.nat(), tolerance: fc.nat(6), closeness: fc.boolean() }),
  points: fc.constantFrom(1000, 2000),
  players: fc.array(player, { minLength: 1, maxLength: 3 }),
});

describe(`new question kinds against the rules written apart (${testDbKind})`, () => {
  test('every verdict and every point of type answers, sliders and timer-less questions', async () => {
    const tally: Record<string, number> = {};
    const count = (what: string) => (tally[what] = (tally[what] ?? 0) + 1);
    await assertWalks('live-kinds', 'tests/paths/live-kinds-walks.test.ts', () =>
      fc.asyncProperty(game, async (g) => {
        if (games % 50 === 0) host = { token: (await createPlayerWithSession(database.db, { name: `Kinds Host ${games / 50 + 1}` })).token };
        games += 1;
        const accepted = g.accepted.map((i) => ACCEPTED[i]!);
        const max = g.slider.min + g.slider.steps * g.slider.step;
        const value = g.slider.min + (g.slider.at % (g.slider.steps + 1)) * g.slider.step;
        const tolerance = Math.min(g.slider.tolerance * g.slider.step, max - g.slider.min);
        const questions = [
          { type: 'type', text: 'Typed?', options: accepted, match: g.tolerant ? 'tolerant' : 'exact', time_limit: 20, points: g.points },
          { type: 'slider', text: 'Slid?', slider: { min: g.slider.min, max, step: g.slider.step, correct: value, tolerance, scoring: g.slider.closeness ? 'closeness' : 'exact' }, time_limit: 10, points: g.points },
          { type: 'multiple', text: 'No clock?', options: ['One', 'Two'], answer: [1], time_limit: 0, points: g.points },
        ];
        const set = ok<{ id: number }>(await api.call('quiz_set_save', { title: 'Kinds walk', questions } as never, { token: host.token, as: 'json' }), 'quiz_set_save');
        const created = ok<LiveGameView>(await api.call('live_create', { set_id: set.id }, { token: host.token }), 'live_create');
        const tokens: string[] = [];
        for (const [i] of g.players.entries()) tokens.push(ok<{ token: string }>(await api.call('live_join', { pin: created.pin, nickname: `Player ${i + 1}` }), 'live_join').token);
        const last = async (i: number) => ok<{ me: LiveMe }>(await api.call('live_rejoin', { game_id: created.id, token: tokens[i]! }), 'live_rejoin').me.last;
        const next = () => api.call('live_next', { game_id: created.id }, { token: host.token });
        const settle = async () => {
          await api.app.live.answers.drain();
          await (await api.app.live.load(created.id))!.idle();
        };
        try {
          // Each question: players answer in the order of their instants; then the host closes it.
          const play = async (index: number, answers: { afterMs: number; text: string }[], expected: (i: number) => { correct: boolean; points: number }) => {
            ok(await next(), 'live_next');
            const opens = clock.now() + LIVE_GET_READY_MS;
            const order = answers.map((a, i) => ({ ...a, i })).sort((x, y) => x.afterMs - y.afterMs);
            for (const a of order) {
              clock.advance(opens + a.afterMs - clock.now());
              ok(await api.call('live_answer', { game_id: created.id, token: tokens[a.i]!, question_index: index, answer: a.text }), 'live_answer');
            }
            await settle();
            if ((await api.app.live.load(created.id))!.state.status === 'question') ok(await next(), 'live_next');
            for (const [i] of answers.entries()) {
              const want = expected(i);
              count(`${index === 0 ? 'typed' : index === 1 ? 'slider' : 'no limit'} ${want.correct ? 'right' : 'wrong'}`);
              expect({ question: index, player: i, answer: answers[i]!.text, ...((await last(i)) ?? {}) }).toMatchObject({ question: index, player: i, answer: answers[i]!.text, correct: want.correct, points: want.points });
            }
            ok(await next(), 'live_next');
          };
          const typed = g.players.map((p) => ({ afterMs: p.typedAfterMs, text: p.typed.edits.reduce(applyEdit, ACCEPTED[p.typed.from]!) }));
          await play(0, typed, (i) => {
            const correct = typedRightRule(typed[i]!.text, accepted, g.tolerant);
            if (correct && !typedRightRule(typed[i]!.text, accepted, false)) count('typed right with a typo');
            return { correct, points: kindPointsRule(g.points, 20_000, typed[i]!.afterMs, correct) };
          });
          const slid = g.players.map((p) => ({ afterMs: p.sliderAfterMs, value: g.slider.min + (p.slider % (g.slider.steps + 1)) * g.slider.step }));
          await play(
            1,
            slid.map((s) => ({ afterMs: s.afterMs, text: String(s.value) })),
            (i) => {
              const r = sliderRule(slid[i]!.value, value, tolerance, g.slider.closeness);
              return { correct: r.correct, points: kindPointsRule(g.points, 10_000, slid[i]!.afterMs, r.correct, r.worth) };
            },
          );
          await play(
            2,
            g.players.map((p) => ({ afterMs: p.openAfterMs, text: p.openRight ? 'b' : 'a' })),
            (i) => ({ correct: g.players[i]!.openRight, points: kindPointsRule(g.points, 0, g.players[i]!.openAfterMs, g.players[i]!.openRight) }),
          );
        } finally {
          await api.call('live_end', { game_id: created.id }, { token: host.token });
        }
      }),
    );
    expectWalksReached('live-kinds', tally, ['typed right', 'typed right with a typo', 'typed wrong', 'slider right', 'slider wrong', 'no limit right', 'no limit wrong']);
  }, 600_000);
});
