import { eq, sql } from 'drizzle-orm';
import type { PlayResult } from '@/services/domain/play-session';
import { coinLedger, users } from '@/services/server/db/schema';
import { createContest } from '@/tests/fixtures/contests';
import { registerByEmail } from '@/tests/fixtures/local-identity';
import { demoPlace, rightAnswers, type SessionData } from '@/tests/fixtures/play';
import { seedDatabase } from '@/services/server/content/seed';
import { startTestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase } from '@/tests/setup/db';
import { newPlayer, playToEnd, seededRandom, startFriendRoom, testClock, type RoomsHarness } from '@/tests/api/rooms.support';

/**
 * docs/economy.md: a new player's first session can try every mode once without running out of
 * coins. Played through the API, as a newcomer who gets everything wrong (or leaves it unanswered):
 * one level of each kind, the daily quiz, true or false, a self challenge, two lifelines, a
 * review, guess-the-word hints, one 1v1 battle (lost) and one contest. No call may be refused,
 * and the balance the server keeps is the welcome bonus minus what the ledger says was spent.
 */
// The demo content, the real sign-up (its mail read from the outbox) and rooms on a clock the test moves.
let h: RoomsHarness;

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  const clock = testClock();
  const api = await startTestApi(database, undefined, { devOutbox: true }, { services: { rooms: { now: clock.now, random: seededRandom() } } });
  h = { api, clock, database, db: database.db };
});

afterAll(async () => {
  await h?.api.close();
  await closeTestDatabase();
});

type Call = Record<string, string | number>;

async function call(token: string, endpoint: string, body: Call = {}): Promise<unknown> {
  const res = await h.api.call(endpoint, body, { token });
  // A refusal for coins (or anything else) ends the session: that is what this test is about.
  if (res.status !== 200 || res.body.error) throw new Error(`${endpoint} refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Every question answered wrong where one option is a wrong answer, unanswered otherwise; then finish_play. */
async function failThrough(token: string, session: SessionData, beforeAnswer?: (index: number) => Promise<void>): Promise<PlayResult> {
  const rights = await rightAnswers(h.db, session.questions.map((q) => q.id));
  for (let i = session.current_index; i < session.questions.length; i++) {
    const q = session.questions[i]!;
    await beforeAnswer?.(i);
    const right = rights.get(q.id)!;
    const single = q.question_type === 'multiple' || q.question_type === 'boolean';
    const answer = single ? q.options.find((o) => o.key !== right)!.key : '';
    await call(token, 'submit_answer', { session_id: session.session_id, question_id: q.id, answer });
  }
  return (await call(token, 'finish_play', { session_id: session.session_id })) as PlayResult;
}

async function balanceOf(userId: number): Promise<number> {
  const [row] = await h.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return row!.coins;
}

async function ledgerSum(userId: number): Promise<number> {
  const [row] = await h.db.select({ total: sql<number>`coalesce(sum(${coinLedger.amount}), 0)::int` }).from(coinLedger).where(eq(coinLedger.userId, userId));
  return Number(row!.total);
}

describe('the first session of a new player (docs/economy.md)', () => {
  test('tries every mode once, with two lifelines, a review, hints, a lost battle and a contest, and is never short of coins', async () => {
    const { contestId } = await createContest(h.db, { name: 'First contest', fee: 10, questions: 4 });
    const registered = await registerByEmail(h.api, `first.${Date.now()}@example.com`);
    const token = registered.api_token;
    const userId = registered.user.id;
    const welcome = registered.user.coins;
    expect(welcome).toBe(50);

    // Quiz zone, level 1, with two lifelines (on two questions: 50/50 and the poll exclude each other) and the review.
    const level = (await call(token, 'get_questions_by_level', { category: 'science', subcategory: 'physics', level: 1, language_id: 1 })) as SessionData;
    // On the first two four-option questions (50/50 is not offered on true/false).
    const multiple = level.questions.flatMap((q, i) => (q.question_type === 'multiple' ? [i] : [])).slice(0, 2);
    const lifelines = new Map([
      [multiple[0]!, 'fifty_fifty'],
      [multiple[1]!, 'audience_poll'],
    ]);
    const quizZone = await failThrough(token, level, async (i) => {
      const lifeline = lifelines.get(i);
      if (lifeline) await call(token, 'use_lifeline', { session_id: level.session_id, question_id: level.questions[i]!.id, lifeline });
    });
    expect(quizZone.passed).toBe(false);
    await call(token, 'get_play_review', { session_id: level.session_id });

    // The daily quiz, true or false, a self challenge.
    await failThrough(token, (await call(token, 'get_daily_quiz', { language_id: 1, timezone: 'UTC' })) as SessionData);
    await failThrough(token, (await call(token, 'get_questions_by_type', { type: 2, language_id: 1 })) as SessionData);
    await failThrough(token, (await call(token, 'get_questions_for_self_challenge', { category_slug: 'science', limit: 5, minutes: 5, language_id: 1 })) as SessionData);

    // Maths mania, guess the word (two hints on its first word), fun and learn, audio questions, multi match.
    const maths = await demoPlace(h.db, 'maths-arithmetic', 'fractions');
    await failThrough(token, (await call(token, 'get_maths_questions', { type: 'subcategory', type_id: maths.subcategoryId })) as SessionData);
    const words = await demoPlace(h.db, 'gtw-world', 'capitals');
    const word = (await call(token, 'get_guess_the_word', { type: 'subcategory', type_id: words.subcategoryId })) as SessionData;
    for (let hint = 0; hint < 2; hint++) await call(token, 'guess_the_word_hint', { session_id: word.session_id, question_id: word.questions[0]!.id });
    await failThrough(token, word);
    const reading = await demoPlace(h.db, 'fl-nature', 'living-world');
    const items = (await call(token, 'get_fun_n_learn', { type: 'subcategory', type_id: reading.subcategoryId })) as { id: number }[];
    await failThrough(token, (await call(token, 'get_fun_n_learn_questions', { fun_n_learn_id: items[0]!.id })) as SessionData);
    const listening = await demoPlace(h.db, 'audio-listening', 'numbers');
    const audio = (await call(token, 'get_audio_questions', { type: 'subcategory', type_id: listening.subcategoryId })) as SessionData;
    await failThrough(token, audio, (i) => call(token, 'start_question_clock', { session_id: audio.session_id, question_id: audio.questions[i]!.id }).then(() => undefined));
    await failThrough(token, (await call(token, 'get_multi_match_questions_by_level', { category: 'mm-science-nature', subcategory: 'science', level: 1, language_id: 1 })) as SessionData);

    // One battle with a friend at the lowest stake, lost.
    const player = { userId, token, name: 'Newcomer' };
    const friend = await newPlayer(h, 100);
    const started = await startFriendRoom(h, player, friend, 5);
    const finished = await playToEnd(h, started, () => [
      { player, right: false, afterMs: 3000 },
      { player: friend, right: true, afterMs: 1000 },
    ]);
    expect(finished.status).toBe('finished');

    // One contest at 10 coins.
    await failThrough(token, (await call(token, 'get_questions_by_contest', { contest_id: contestId })) as SessionData);

    // What it cost: 2 lifelines, a review, 2 hints, the battle's stake, the contest's fee.
    const spent = 2 * 5 + 5 + 2 * 2 + 5 + 10;
    const balance = await balanceOf(userId);
    expect(balance).toBe(welcome - spent);
    expect(balance).toBeGreaterThan(0);
    expect(await ledgerSum(userId)).toBe(balance);
  });
});
