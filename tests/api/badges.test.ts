import { and, eq, sql } from 'drizzle-orm';
import { BADGES, type BadgeKey } from '@/services/domain/badges';
import type { PlayResult } from '@/services/domain/play-session';
import { coinLedger, dailyQuizPlays, notifications, playSessions, userBadges, users } from '@/services/server/db/schema';
import { moveCoins } from '@/services/server/economy/ledger';
import { writeSetting } from '@/services/server/settings/repository';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { coinsOf, expectOk, giveCoins, ledgerEntries, playThrough, wrong, type SessionData } from '@/tests/fixtures/play';

const { api, db } = seededApiSuite();

interface Badge {
  type: BadgeKey;
  status: 'locked' | 'unlocked' | 'reward_claimed';
  reward: number;
  counter: number | null;
  progress: number | null;
  unlocked_at: string | null;
  claimed_at: string | null;
}

async function setting(key: string, value: string) {
  await writeSetting(await db(), key, value);
  api.app.settings.invalidate();
}

async function badges(token: string): Promise<Map<BadgeKey, Badge>> {
  const list = expectOk(await api.call('get_user_badges', {}, { token })) as Badge[];
  return new Map(list.map((b) => [b.type, b]));
}

async function openLevel(token: string, level = 1, place = { category: 'science', subcategory: 'physics' }) {
  return expectOk(await api.call('get_questions_by_level', { ...place, level, language_id: 1 }, { token })) as SessionData;
}

/** Plays level 1 of physics: every answer right, or every answer wrong. */
async function playLevel(token: string, how: 'all_right' | 'all_wrong' = 'all_right'): Promise<PlayResult> {
  const session = await openLevel(token);
  const { result } = await playThrough(api, await db(), token, session, how === 'all_right' ? undefined : (options, right) => wrong(options, right));
  return result;
}

/** Marks badges unlocked directly (what earlier plays would have done). */
async function holdBadges(userId: number, keys: readonly BadgeKey[]) {
  await (await db()).insert(userBadges).values(keys.map((badge) => ({ userId, badge, status: 'unlocked', unlockedAt: new Date() })));
}

describe(`get_user_badges (${testDbKind})`, () => {
  test('lists all 15 badges, locked, with their rewards and thresholds, for a new player', async () => {
    const { token } = await createPlayerWithSession(await db());
    const list = expectOk(await api.call('get_user_badges', {}, { token })) as Badge[];
    expect(list.map((b) => b.type)).toEqual([...BADGES]);
    expect(list.every((b) => b.status === 'locked' && b.unlocked_at === null && b.claimed_at === null)).toBe(true);
    const byType = new Map(list.map((b) => [b.type, b]));
    expect(byType.get('dashing_debut')).toEqual({ type: 'dashing_debut', status: 'locked', reward: 2, counter: null, progress: null, unlocked_at: null, claimed_at: null });
    expect(byType.get('most_wanted_winner')!.reward).toBe(10);
    expect(byType.get('brainiac')).toMatchObject({ reward: 1, counter: 5, progress: null });
    expect(byType.get('big_thing')).toMatchObject({ counter: 5000, progress: 0 });
    expect(byType.get('thirsty')).toMatchObject({ counter: 30, progress: 0 });
    expect(byType.get('power_elite')).toMatchObject({ counter: 10, progress: 0 });
  });

  test('shows progress towards counted badges from what the server recorded', async () => {
    const { token } = await createPlayerWithSession(await db());
    await playLevel(token);
    const list = await badges(token);
    expect(list.get('big_thing')!.progress).toBe(10);
    expect(list.get('elite')!.progress).toBe(4);
    expect(list.get('streak')!.progress).toBe(1);
    expect(list.get('power_elite')!.progress).toBe(2);
  });
});

describe(`badges unlocked by playing (${testDbKind})`, () => {
  test('dashing debut unlocks on the first quiz-zone game, even a lost one, and only once', async () => {
    const { token, userId } = await createPlayerWithSession(await db());
    const first = await playLevel(token, 'all_wrong');
    expect(first.passed).toBe(false);
    expect(first.badges_unlocked).toEqual(['dashing_debut']);
    const second = await playLevel(token, 'all_wrong');
    expect(second.badges_unlocked).toEqual([]);
    const list = await badges(token);
    expect(list.get('dashing_debut')).toMatchObject({ status: 'unlocked', reward: 2 });
    expect(list.get('dashing_debut')!.unlocked_at).not.toBeNull();
    const notes = await (await db()).select().from(notifications).where(eq(notifications.userId, userId));
    expect(notes.map((n) => [n.type, n.title])).toEqual([['badge', 'Badge unlocked: Dashing debut']]);
  });

  test('finish_play answers the same badges again when it is repeated', async () => {
    const { token } = await createPlayerWithSession(await db());
    const session = await openLevel(token);
    const { result } = await playThrough(api, await db(), token, session);
    const again = expectOk(await api.call('finish_play', { session_id: session.session_id }, { token })) as PlayResult;
    expect(again.badges_unlocked).toEqual(result.badges_unlocked);
  });

  test('brainiac unlocks on a level answered 100 % right without a lifeline', async () => {
    const { token } = await createPlayerWithSession(await db());
    const result = await playLevel(token);
    expect(result).toMatchObject({ correct: 10, total: 10 });
    expect(result.badges_unlocked).toEqual(['dashing_debut', 'brainiac']);
  });

  test('brainiac does not unlock when a lifeline was used, even with every answer right', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await giveCoins(d, userId, 10);
    const session = await openLevel(token);
    expectOk(await api.call('use_lifeline', { session_id: session.session_id, question_id: session.questions[0]!.id, lifeline: 'reset_timer' }, { token }));
    const { result } = await playThrough(api, d, token, session);
    expect(result).toMatchObject({ correct: 10, total: 10 });
    expect(result.badges_unlocked).toEqual(['dashing_debut']);
  });

  test('brainiac needs at least its threshold of questions', async () => {
    await setting('badge_brainiac_counter', '11');
    try {
      const { token } = await createPlayerWithSession(await db());
      expect((await playLevel(token)).badges_unlocked).toEqual(['dashing_debut']);
    } finally {
      await setting('badge_brainiac_counter', '5');
    }
  });

  test('big thing counts the right answers of every play', async () => {
    await setting('badge_big_thing_counter', '15');
    try {
      const { token } = await createPlayerWithSession(await db());
      expect((await playLevel(token)).badges_unlocked).not.toContain('big_thing');
      const session = await openLevel(token, 1, { category: 'science', subcategory: 'biology' });
      const { result } = await playThrough(api, await db(), token, session, (options, right, i) => (i < 5 ? right : wrong(options, right)));
      expect(result.badges_unlocked).toEqual(['big_thing']);
    } finally {
      await setting('badge_big_thing_counter', '5000');
    }
  });

  test('elite unlocks when the coins earned in total pass its threshold, spending does not lower them', async () => {
    const d = await db();
    await setting('badge_elite_counter', '20');
    try {
      const { token, userId } = await createPlayerWithSession(d);
      await giveCoins(d, userId, 18);
      await moveCoins(d, { userId, amount: -18, type: 'test_spend', title: 'spent', idempotencyKey: `spend:${userId}` });
      // 18 earned + 4 for the level = 22 > 20.
      expect((await playLevel(token)).badges_unlocked).toEqual(['dashing_debut', 'brainiac', 'elite']);
    } finally {
      await setting('badge_elite_counter', '5000');
    }
  });

  test('power elite unlocks with the eleventh badge, not with the tenth', async () => {
    const d = await db();
    const eight: BadgeKey[] = ['combat_winner', 'clash_winner', 'most_wanted_winner', 'quiz_warrior', 'ultimate_player', 'super_sonic', 'flashback', 'big_thing'];
    const ten = await createPlayerWithSession(d);
    await holdBadges(ten.userId, eight);
    expect((await playLevel(ten.token)).badges_unlocked).toEqual(['dashing_debut', 'brainiac']);
    expect((await badges(ten.token)).get('power_elite')).toMatchObject({ status: 'locked', progress: 10 });

    const eleven = await createPlayerWithSession(d);
    await holdBadges(eleven.userId, [...eight, 'thirsty']);
    expect((await playLevel(eleven.token)).badges_unlocked).toEqual(['dashing_debut', 'brainiac', 'power_elite']);
  });

  test('sharing caring unlocks when the player has referred more players than its threshold', async () => {
    const d = await db();
    await setting('badge_sharing_caring_counter', '1');
    try {
      const { token, userId } = await createPlayerWithSession(d);
      const friend = await createPlayerWithSession(d);
      await d.update(users).set({ referredBy: userId }).where(eq(users.id, friend.userId));
      expect((await playLevel(token, 'all_wrong')).badges_unlocked).toEqual(['dashing_debut']);
      const another = await createPlayerWithSession(d);
      await d.update(users).set({ referredBy: userId }).where(eq(users.id, another.userId));
      expect((await playLevel(token, 'all_wrong')).badges_unlocked).toEqual(['sharing_caring']);
    } finally {
      await setting('badge_sharing_caring_counter', '50');
    }
  });

  test('thirsty unlocks after daily quizzes on consecutive days, and not after a gap', async () => {
    const d = await db();
    await setting('badge_thirsty_counter', '3');
    try {
      const today = new Date();
      const dayBefore = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
      const playDaily = async (token: string) => {
        const session = expectOk(await api.call('get_daily_quiz', { language_id: 1, timezone: 'UTC' }, { token })) as SessionData;
        return (await playThrough(api, d, token, session)).result;
      };

      const steady = await createPlayerWithSession(d);
      await d.insert(dailyQuizPlays).values([1, 2].map((n) => ({ userId: steady.userId, day: dayBefore(n), finishedAt: new Date() })));
      expect((await playDaily(steady.token)).badges_unlocked).toContain('thirsty');

      const gap = await createPlayerWithSession(d);
      await d.insert(dailyQuizPlays).values([1, 3].map((n) => ({ userId: gap.userId, day: dayBefore(n), finishedAt: new Date() })));
      expect((await playDaily(gap.token)).badges_unlocked).not.toContain('thirsty');
      expect((await badges(gap.token)).get('thirsty')!.progress).toBe(2);
    } finally {
      await setting('badge_thirsty_counter', '30');
    }
  });

  test('streak unlocks after plays on consecutive days', async () => {
    const d = await db();
    await setting('badge_streak_counter', '2');
    try {
      const { token, userId } = await createPlayerWithSession(d);
      expect((await playLevel(token, 'all_wrong')).badges_unlocked).toEqual(['dashing_debut']);
      await d.update(playSessions).set({ settledAt: sql`${playSessions.settledAt} - interval '1 day'` }).where(eq(playSessions.userId, userId));
      expect((await playLevel(token, 'all_wrong')).badges_unlocked).toEqual(['streak']);
    } finally {
      await setting('badge_streak_counter', '30');
    }
  });
});

describe(`set_badges (${testDbKind})`, () => {
  test('claims the reward of an unlocked badge once: 20 concurrent claims pay one ledger entry', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    await playLevel(token, 'all_wrong');
    const before = await coinsOf(d, userId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.call('set_badges', { type: 'dashing_debut' }, { token })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body.data).toEqual({ type: 'dashing_debut', status: 'reward_claimed', reward: 2, coins: before + 2 });
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.message])).toEqual(Array.from({ length: 19 }, () => [409, '132']));
    expect(await ledgerEntries(d, `badge:${userId}:dashing_debut`)).toHaveLength(1);
    expect(await coinsOf(d, userId)).toBe(before + 2);
    const [entry] = await ledgerEntries(d, `badge:${userId}:dashing_debut`);
    expect([entry!.type, entry!.amount]).toEqual(['badge_reward', 2]);
    const listed = (await badges(token)).get('dashing_debut')!;
    expect(listed.status).toBe('reward_claimed');
    expect(listed.claimed_at).not.toBeNull();

    const twice = await api.call('set_badges', { type: 'dashing_debut' }, { token });
    expect([twice.status, twice.body.message]).toEqual([409, '132']);
    expect(await coinsOf(d, userId)).toBe(before + 2);
  });

  test('refuses to pay the reward of a locked badge', async () => {
    const d = await db();
    const { token, userId } = await createPlayerWithSession(d);
    const res = await api.call('set_badges', { type: 'brainiac' }, { token });
    expect([res.status, res.body.message, res.body.field]).toEqual([403, 'badge_locked', 'type']);
    expect(await d.select().from(coinLedger).where(eq(coinLedger.userId, userId))).toEqual([]);
    const unknown = await api.call('set_badges', { type: 'genius' }, { token });
    expect([unknown.status, unknown.body.message, unknown.body.field]).toEqual([400, '103', 'type']);
  });

  test('a badge with a reward of 0 is marked claimed without a coin movement', async () => {
    const d = await db();
    await setting('badge_dashing_debut_reward', '0');
    try {
      const { token, userId } = await createPlayerWithSession(d);
      await holdBadges(userId, ['dashing_debut']);
      const res = expectOk(await api.call('set_badges', { type: 'dashing_debut' }, { token }));
      expect(res).toMatchObject({ status: 'reward_claimed', reward: 0 });
      expect(await d.select().from(coinLedger).where(eq(coinLedger.userId, userId))).toEqual([]);
      const [row] = await d.select().from(userBadges).where(and(eq(userBadges.userId, userId), eq(userBadges.badge, 'dashing_debut')));
      expect(row!.status).toBe('claimed');
    } finally {
      await setting('badge_dashing_debut_reward', '2');
    }
  });
});
