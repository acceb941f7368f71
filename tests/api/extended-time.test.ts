import { eq } from 'drizzle-orm';
import type { RoomDocument } from '@/services/domain/rooms';
import { playSessions, users } from '@/services/server/db/schema';
import { writeSetting } from '@/services/server/settings/repository';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { expectOk, giveCoins, rightAnswers, type SessionData } from '@/tests/fixtures/play';

/**
 * Extended time (ui.md, WCAG 2.2.1): a player's ×1.5 or ×2, stored on the account and applied by
 * the server to every clock of solo play; battles keep the same time for everyone.
 */

const { api, db } = seededApiSuite();

async function playerWith(extended: string) {
  const p = await createPlayerWithSession(await db());
  if (extended !== '1') expectOk(await api.call('set_extended_time', { extended_time: extended }, { token: p.token }));
  return p;
}

/** Seconds from now to the stored deadline of the open question (or of the session), without the grace second. */
async function secondsLeft(sessionId: string, which: 'question' | 'session' = 'question'): Promise<number> {
  const [row] = await (await db()).select().from(playSessions).where(eq(playSessions.id, sessionId));
  const deadline = which === 'question' ? row!.currentDeadline! : row!.totalDeadline!;
  return Math.round((deadline.getTime() - Date.now() - 1000) / 1000);
}

describe(`set_extended_time (${testDbKind})`, () => {
  test('stores the choice on the account; get_user_by_id answers it; a new account has the standard time', async () => {
    const { token, userId } = await createPlayerWithSession(await db());
    expect((expectOk(await api.call('get_user_by_id', {}, { token })) as { extended_time: string }).extended_time).toBe('1');
    const set = expectOk(await api.call('set_extended_time', { extended_time: '1.5' }, { token })) as { id: number; extended_time: string };
    expect(set).toMatchObject({ id: userId, extended_time: '1.5' });
    const [row] = await (await db()).select({ timeExtension: users.timeExtension }).from(users).where(eq(users.id, userId));
    expect(row!.timeExtension).toBe(150);
    expect((expectOk(await api.call('get_user_by_id', {}, { token })) as { extended_time: string }).extended_time).toBe('1.5');
    expectOk(await api.call('set_extended_time', { extended_time: '1' }, { token }));
    expect((expectOk(await api.call('get_user_by_id', {}, { token })) as { extended_time: string }).extended_time).toBe('1');
  });

  test.each([['3'], ['0'], [''], ['2.0']])('refuses %j naming extended_time, and keeps the stored choice', async (value) => {
    const { token, userId } = await playerWith('2');
    const res = await api.call('set_extended_time', { extended_time: value }, { token });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', 'extended_time']);
    const [row] = await (await db()).select({ timeExtension: users.timeExtension }).from(users).where(eq(users.id, userId));
    expect(row!.timeExtension).toBe(200);
  });

  test('needs a signed-in player', async () => {
    const res = await api.call('set_extended_time', { extended_time: '2' });
    expect([res.status, res.body.message]).toEqual([401, '125']);
  });

  test('is allowed in demo mode, where the profile is not', async () => {
    const d = await db();
    await writeSetting(d, 'demo_mode', '1');
    api.app.settings.invalidate();
    try {
      const { token } = await createPlayerWithSession(d);
      expect((await api.call('update_profile', { name: 'Changed' }, { token })).body.message).toBe('demo_mode');
      expect(expectOk(await api.call('set_extended_time', { extended_time: '2' }, { token }))).toMatchObject({ extended_time: '2' });
    } finally {
      await writeSetting(d, 'demo_mode', '0');
      api.app.settings.invalidate();
    }
  });
});

describe(`extended time in solo play (${testDbKind})`, () => {
  test('quiz zone ×2: every question and the reset timer get twice the time; the standard player gets the standard time', async () => {
    const d = await db();
    const level = { category: 'science', subcategory: 'physics', level: 1, language_id: 1 };
    const standard = expectOk(await api.call('get_questions_by_level', level, { token: (await playerWith('1')).token })) as SessionData;
    expect(standard.time_per_question).toBe(30);
    expect(await secondsLeft(standard.session_id)).toBe(30);

    const { token, userId } = await playerWith('2');
    await giveCoins(d, userId, 50);
    const session = expectOk(await api.call('get_questions_by_level', level, { token })) as SessionData;
    expect(session.time_per_question).toBe(60);
    expect(session.time_left_ms).toBeGreaterThan(58_000);
    expect(await secondsLeft(session.session_id)).toBe(60);

    // The next question opens with the same extended clock, and the reset timer gives it back whole.
    const [first, second] = session.questions;
    const right = await rightAnswers(d, [first!.id]);
    expectOk(await api.call('submit_answer', { session_id: session.session_id, question_id: first!.id, answer: right.get(first!.id)! }, { token }));
    expect(await secondsLeft(session.session_id)).toBe(60);
    await d.update(playSessions).set({ currentDeadline: new Date(Date.now() + 5_000) }).where(eq(playSessions.id, session.session_id));
    expectOk(await api.call('use_lifeline', { session_id: session.session_id, question_id: second!.id, lifeline: 'reset_timer' }, { token }));
    expect(await secondsLeft(session.session_id)).toBe(60);
  });

  test('true and false ×1.5 and the daily quiz ×2 (opened in a transaction) stretch the question clock', async () => {
    const tf = expectOk(await api.call('get_questions_by_type', { type: 2, language_id: 1 }, { token: (await playerWith('1.5')).token })) as SessionData;
    expect(tf.time_per_question).toBe(45);
    expect(await secondsLeft(tf.session_id)).toBe(45);
    const daily = expectOk(await api.call('get_daily_quiz', { language_id: 1, timezone: 'UTC' }, { token: (await playerWith('2')).token })) as SessionData;
    expect(daily.time_per_question).toBe(60);
    expect(await secondsLeft(daily.session_id)).toBe(60);
  });

  test('self challenge ×1.5 stretches the whole session clock', async () => {
    const { token } = await playerWith('1.5');
    const session = expectOk(
      await api.call('get_questions_for_self_challenge', { language_id: 1, category_slug: 'science', subcategory_slug: 'biology', limit: 10, minutes: 4 }, { token }),
    ) as SessionData;
    expect(session).toMatchObject({ time_per_question: null, total_time: 360 });
    expect(await secondsLeft(session.session_id, 'session')).toBe(360);
  });

  test('a session already open keeps its clock when the player changes the setting; the next one uses the new time', async () => {
    const { token } = await playerWith('1');
    const level = { category: 'history', subcategory: 'ancient-world', level: 1, language_id: 1 };
    const open = expectOk(await api.call('get_questions_by_level', level, { token })) as SessionData;
    expectOk(await api.call('set_extended_time', { extended_time: '2' }, { token }));
    const resumed = expectOk(await api.call('get_questions_by_level', level, { token })) as SessionData;
    expect([resumed.session_id, resumed.time_per_question]).toEqual([open.session_id, 30]);
    expectOk(await api.call('finish_play', { session_id: open.session_id }, { token }));
    const next = expectOk(await api.call('get_questions_by_level', level, { token })) as SessionData;
    expect(next.session_id).not.toBe(open.session_id);
    expect(next.time_per_question).toBe(60);
  });
});

describe(`extended time in battles (${testDbKind})`, () => {
  test('a battle gives a ×2 player the same time per question as everyone', async () => {
    const slow = await playerWith('2');
    const other = await playerWith('1');
    const call = async (p: { token: string }, name: string, body: Record<string, string | number>) =>
      (expectOk(await api.call(name, body, { token: p.token })) as { room: RoomDocument }).room;
    const created = await call(slow, 'create_room', { room_type: 'friend', entry_fee: 0, language_id: 1 });
    await call(other, 'join_room', { room_code: created.code! });
    await call(other, 'set_room_ready', { room_id: created.id, ready: 1 });
    const started = await call(slow, 'start_room', { room_id: created.id });
    expect([started.status, started.seconds_per_question]).toEqual(['started', 30]);
    const first = started.questions[0]!;
    expect(Date.parse(first.deadline_at) - Date.parse(first.opens_at)).toBe(30_000);
  });
});
