import { eq, sql } from 'drizzle-orm';
import type { PlayResult } from '@/services/domain/play-session';
import { seedDatabase } from '@/services/server/content/seed';
import { leaderboardAllTime, leaderboardDaily, leaderboardMonthly, leaderboardCounts, users } from '@/services/server/db/schema';
import { addScore, rebuildCounts } from '@/services/server/leaderboards/repository';
import { leaderboardPeriods } from '@/services/server/leaderboards/service';
import { defaultSettings } from '@/services/domain/settings';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { expectOk, playThrough, type SessionData } from '@/tests/fixtures/play';

let api: TestApi;

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  api = await startTestApi(database);
});

beforeEach(async () => {
  api.app.settings.invalidate();
  const d = await db();
  // Every test starts from empty boards (players stay: they are not on a board until they score).
  await d.delete(leaderboardDaily);
  await d.delete(leaderboardMonthly);
  await d.delete(leaderboardAllTime);
  await d.delete(leaderboardCounts);
});

afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

const db = async () => (await getTestDatabase()).db;

interface Entry {
  user_id: number;
  name: string;
  profile: string | null;
  score: number;
  rank: number;
}
interface Board {
  data: Entry[];
  top_three: Entry[];
  my_rank: { rank: number; score: number } | null;
  total: number;
}

const ENDPOINT = { daily: 'get_daily_leaderboard', monthly: 'get_monthly_leaderboard', all_time: 'get_globle_leaderboard' } as const;

async function board(which: keyof typeof ENDPOINT, token: string, page: { offset?: number; limit?: number } = {}): Promise<Board> {
  const res = await api.call(ENDPOINT[which], { offset: page.offset ?? 0, limit: page.limit ?? 10 }, { token });
  expectOk(res);
  return { data: res.body.data as Entry[], top_three: res.body.top_three as Entry[], my_rank: res.body.my_rank as Board['my_rank'], total: res.body.total as number };
}

/** Today's and this month's keys as the server writes them. */
const now = () => leaderboardPeriods(defaultSettings(), new Date());

/** Adds a score as a settlement does (today, this month, all time), then sets when it was reached. */
async function score(userId: number, points: number, reachedAt?: Date, periods: { day: string; month: string } = now()) {
  const d = await db();
  await d.transaction((tx) => addScore(tx, { userId, score: points, ...periods }));
  if (reachedAt) {
    await d.update(leaderboardDaily).set({ reachedAt }).where(eq(leaderboardDaily.userId, userId));
    await d.update(leaderboardMonthly).set({ reachedAt }).where(eq(leaderboardMonthly.userId, userId));
    await d.update(leaderboardAllTime).set({ reachedAt }).where(eq(leaderboardAllTime.userId, userId));
  }
}

async function players(n: number, prefix = 'Player') {
  const out: { userId: number; token: string }[] = [];
  for (let i = 0; i < n; i++) out.push(await createPlayerWithSession(await db(), { name: `${prefix} ${i + 1}` }));
  return out;
}

/** The trigger-kept counts equal the counts taken from the boards themselves. */
async function expectCountsMatchBoards() {
  const d = await db();
  const rows = (r: unknown) =>
    (((r as { rows?: unknown[] }).rows ?? r) as Record<string, unknown>[]).map((x) => [x.board, String(x.period), Number(x.tier), Number(x.score), Number(x.slot), Number(x.players)].join(' '));
  const kept = rows(await d.execute(sql`select board, period::text, tier, score, slot, players from leaderboard_counts where players <> 0 order by 1, 2, 3, 4, 5`));
  const taken = rows(
    await d.execute(sql`
      select r.board, r.period::text, k.tier, k.score, k.slot, count(*)::int as players
      from (
        select 'daily' as board, period, score, reached_at from leaderboard_daily where visible
        union all select 'monthly', period, score, reached_at from leaderboard_monthly where visible
        union all select 'all_time', date '1970-01-01', score, reached_at from leaderboard_all_time where visible
      ) r
      cross join lateral (values (0, r.score >> 8, 0), (1, r.score, 0), (2, r.score, leaderboard_slot(r.board, r.reached_at, 0)),
        (3, r.score, leaderboard_slot(r.board, r.reached_at, 1)), (4, r.score, leaderboard_slot(r.board, r.reached_at, 2)),
        (5, r.score, leaderboard_slot(r.board, r.reached_at, 3)), (6, r.score >> 12, 0), (7, r.score >> 4, 0)) k(tier, score, slot)
      group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
  );
  expect(kept).toEqual(taken);
}

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));

describe(`leaderboard ranks (${testDbKind})`, () => {
  test('ranks go by score, and equal scores by who reached them first, then by player id', async () => {
    const [a, b, c, d, e] = await players(5);
    await score(a!.userId, 100, at(5));
    await score(b!.userId, 100, at(1));
    await score(c!.userId, 200, at(9));
    await score(d!.userId, 50, at(0));
    await score(e!.userId, 100, at(5));
    const list = await board('all_time', a!.token);
    expect(list.data.map((r) => [r.user_id, r.score, r.rank])).toEqual([
      [c!.userId, 200, 1],
      [b!.userId, 100, 2],
      [a!.userId, 100, 3],
      [e!.userId, 100, 4],
      [d!.userId, 50, 5],
    ]);
    expect(list.data[0]).toEqual({ user_id: c!.userId, name: 'Player 3', profile: null, score: 200, rank: 1 });
    expect(list.my_rank).toEqual({ rank: 3, score: 100 });
    expect(list.total).toBe(5);
  });

  test('every rank agrees with the board sorted by score, reach time and id, across bands, scores and time slots', async () => {
    const list = await players(56, 'Ranked');
    const d = await db();
    const minute = 60_000;
    const hour = 60 * minute;
    const base = Date.parse(`${now().day}T00:00:00Z`);
    // Few distinct scores (many ties), some far apart (other groups, bands, blocks), negative ones too; reach
    // times seconds to months apart: the same and other slots of every level (daily: 4 s, 256 s,
    // ~4.6 h, ~12 days; all-time: 1 h, 64 h, ~170 days, ~30 years).
    // Scores on both sides of groups of 16, bands of 256 and blocks of 4,096 points.
    const scores = [-8, 0, 4, 4, 8, 12, 16, 28, 252, 256, 260, 1024, 1028, 4092, 4096, 8200];
    const offsets = [0, 3_000, 5_000, 30_000, minute, 2 * minute, 5 * minute, 90 * minute, 5 * hour, 26 * hour, 70 * hour, 3 * 24 * hour, 20 * 24 * hour, 200 * 24 * hour];
    for (const [i, p] of list.entries()) {
      await d.transaction((tx) => addScore(tx, { userId: p.userId, score: scores[(i * 7) % scores.length]! || 4, ...now() }));
      const reachedAt = new Date(base - offsets[(i * 5) % offsets.length]! - (i % 3) * 1000);
      await d.update(leaderboardDaily).set({ reachedAt }).where(eq(leaderboardDaily.userId, p.userId));
      await d.update(leaderboardAllTime).set({ reachedAt }).where(eq(leaderboardAllTime.userId, p.userId));
    }
    await expectCountsMatchBoards();
    for (const which of ['daily', 'all_time'] as const) {
      const table = which === 'daily' ? leaderboardDaily : leaderboardAllTime;
      const rows = await d.select({ userId: table.userId, score: table.score, reachedAt: table.reachedAt }).from(table);
      rows.sort((a, b) => b.score - a.score || a.reachedAt.getTime() - b.reachedAt.getTime() || a.userId - b.userId);
      const page = await board(which, list[0]!.token, { limit: 100 });
      expect(page.data.map((r) => r.user_id)).toEqual(rows.map((r) => r.userId));
      for (const p of list) {
        const expected = rows.findIndex((r) => r.userId === p.userId) + 1;
        expect([which, p.userId, (await board(which, p.token, { limit: 1 })).my_rank?.rank]).toEqual([which, p.userId, expected]);
      }
    }
  });

  test('a tie reached in the first slot of a level, or in the slot of level 3 before, is counted ahead', async () => {
    // For each board and level l: two players of one score, the first in the first level-l slot
    // of a level-(l + 1) slot, the second one level-l slot later (for l = 3: the first one second
    // before a level-3 slot begins, the second one second after). Migration 0027's slot lengths.
    const d = await db();
    const unitSeconds = { daily: 4, all_time: 3600 } as const;
    const base = Math.floor(Date.parse(`${now().day}T00:00:00Z`) / 1000);
    const cases: { which: 'daily' | 'all_time'; level: number; first: number; second: number }[] = [];
    for (const which of ['daily', 'all_time'] as const) {
      for (let level = 0; level <= 3; level++) {
        const slot = unitSeconds[which] * 64 ** level;
        if (level < 3) {
          const start = Math.floor(base / (slot * 64)) * slot * 64;
          cases.push({ which, level, first: start + 1, second: start + slot + 1 });
        } else {
          const start = Math.floor(base / slot) * slot;
          cases.push({ which, level, first: start - 1, second: start + 1 });
        }
      }
    }
    const list = await players(cases.length * 2, 'Slotted');
    for (const [i, c] of cases.entries()) {
      const [first, second] = [list[2 * i]!, list[2 * i + 1]!];
      const table = c.which === 'daily' ? leaderboardDaily : leaderboardAllTime;
      for (const [p, at] of [[first, c.first], [second, c.second]] as const) {
        await d.transaction((tx) => addScore(tx, { userId: p.userId, score: 1000 - i, ...now() }));
        await d.update(table).set({ reachedAt: new Date(at * 1000) }).where(eq(table.userId, p.userId));
      }
    }
    await expectCountsMatchBoards();
    for (const [i, c] of cases.entries()) {
      const [first, second] = [list[2 * i]!, list[2 * i + 1]!];
      const ranks = [(await board(c.which, first.token, { limit: 1 })).my_rank?.rank, (await board(c.which, second.token, { limit: 1 })).my_rank?.rank];
      // Every player is on both boards with a score of its own case, higher for earlier cases: a pair ranks after the earlier pairs.
      const before = i * 2;
      expect([c.which, c.level, ranks]).toEqual([c.which, c.level, [before + 1, before + 2]]);
    }
  });

  test('a player sees their own rank even when it is outside the page asked for', async () => {
    const list = await players(12);
    for (const [i, p] of list.entries()) await score(p.userId, 400 - i * 4);
    const last = list[10]!;
    const first = await board('all_time', last.token, { offset: 0, limit: 5 });
    expect(first.data.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(first.my_rank).toEqual({ rank: 11, score: 360 });
    expect(first.total).toBe(12);
    const second = await board('all_time', last.token, { offset: 5, limit: 5 });
    expect(second.data.map((r) => [r.rank, r.user_id])).toEqual([6, 7, 8, 9, 10].map((rank) => [rank, list[rank - 1]!.userId]));
    expect(second.my_rank).toEqual({ rank: 11, score: 360 });
  });

  test('the top three come with every page, whichever page is asked for', async () => {
    const list = await players(8);
    for (const [i, p] of list.entries()) await score(p.userId, 80 - i * 8);
    const expected = list.slice(0, 3).map((p, i) => [p.userId, i + 1]);
    for (const page of [{ offset: 0, limit: 2 }, { offset: 0, limit: 10 }, { offset: 6, limit: 2 }, { offset: 50, limit: 10 }]) {
      const res = await board('daily', list[7]!.token, page);
      expect(res.top_three.map((r) => [r.user_id, r.rank])).toEqual(expected);
    }
    const beyond = await board('daily', list[0]!.token, { offset: 50, limit: 10 });
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(8);
  });

  test('a player without a score on a board has no rank there', async () => {
    const [scorer, newcomer] = await players(2);
    await score(scorer!.userId, 12);
    const res = await board('monthly', newcomer!.token);
    expect(res.my_rank).toBeNull();
    expect(res.data.map((r) => r.user_id)).toEqual([scorer!.userId]);
  });

  test('an empty board answers an empty page, no top three and a total of 0', async () => {
    const [p] = await players(1);
    expect(await board('daily', p!.token)).toEqual({ data: [], top_three: [], my_rank: null, total: 0 });
  });

  test('deactivated and deleted players are not listed and do not count in ranks or totals', async () => {
    const [top, deactivated, deleted, me] = await players(4);
    await score(top!.userId, 100);
    await score(deactivated!.userId, 90);
    await score(deleted!.userId, 80);
    await score(me!.userId, 70);
    expect((await board('all_time', me!.token)).my_rank).toEqual({ rank: 4, score: 70 });

    const d = await db();
    await d.update(users).set({ status: false }).where(eq(users.id, deactivated!.userId));
    expectOk(await api.call('delete_user_account', {}, { token: deleted!.token }));

    for (const which of ['daily', 'monthly', 'all_time'] as const) {
      const res = await board(which, me!.token);
      expect([which, res.data.map((r) => [r.user_id, r.rank])]).toEqual([which, [[top!.userId, 1], [me!.userId, 2]]]);
      expect([which, res.my_rank, res.total]).toEqual([which, { rank: 2, score: 70 }, 2]);
    }
    // The deleted player's scores are gone; the deactivated player's stay for a reactivation.
    expect(await d.select().from(leaderboardAllTime).where(eq(leaderboardAllTime.userId, deleted!.userId))).toEqual([]);
    await expectCountsMatchBoards();
    await d.update(users).set({ status: true }).where(eq(users.id, deactivated!.userId));
    expect((await board('all_time', me!.token)).my_rank).toEqual({ rank: 3, score: 70 });
    await expectCountsMatchBoards();
  });

  test('limit is at most 100 and offset at least 0', async () => {
    const [p] = await players(1);
    const tooMany = await api.call('get_daily_leaderboard', { offset: 0, limit: 101 }, { token: p!.token });
    expect([tooMany.status, tooMany.body.message, tooMany.body.field]).toEqual([400, '103', 'limit']);
    const negative = await api.call('get_globle_leaderboard', { offset: -1, limit: 10 }, { token: p!.token });
    expect([negative.status, negative.body.message, negative.body.field]).toEqual([400, '103', 'offset']);
    const anonymous = await api.call('get_monthly_leaderboard', {});
    expect(anonymous.status).toBe(401);
  });
});

describe(`leaderboard periods (${testDbKind})`, () => {
  test('the daily board holds today, the monthly board this month and the all-time board everything', async () => {
    const { day, month } = now();
    // Another day of this month (never today), a day of last month, a day of an earlier year.
    const otherDay = `${month.slice(0, 8)}${day.endsWith('-01') ? '02' : '01'}`;
    const lastMonthDate = new Date(`${month}T12:00:00Z`);
    lastMonthDate.setUTCMonth(lastMonthDate.getUTCMonth() - 1);
    const lastMonth = lastMonthDate.toISOString().slice(0, 10);
    const [today, earlierThisMonth, lastMonthPlayer, veteran] = await players(4);
    await score(today!.userId, 40, at(1));
    await score(earlierThisMonth!.userId, 100, at(2), { day: otherDay, month });
    await score(lastMonthPlayer!.userId, 100, at(3), { day: lastMonth, month: lastMonth });
    await score(veteran!.userId, 1000, at(0), { day: '2020-02-03', month: '2020-02-01' });
    await score(veteran!.userId, 8, at(4));

    const rows = async (which: keyof typeof ENDPOINT) => (await board(which, today!.token)).data.map((r) => [r.user_id, r.score]);
    expect(await rows('daily')).toEqual([
      [today!.userId, 40],
      [veteran!.userId, 8],
    ]);
    expect(await rows('monthly')).toEqual([
      [earlierThisMonth!.userId, 100],
      [today!.userId, 40],
      [veteran!.userId, 8],
    ]);
    expect(await rows('all_time')).toEqual([
      [veteran!.userId, 1008],
      [earlierThisMonth!.userId, 100],
      [lastMonthPlayer!.userId, 100],
      [today!.userId, 40],
    ]);
    expect((await board('daily', lastMonthPlayer!.token)).my_rank).toBeNull();
    expect((await board('all_time', lastMonthPlayer!.token)).my_rank).toEqual({ rank: 3, score: 100 });
  });

  test('a passed quiz-zone level adds its score to all three boards, get_user_coin_score and the profile', async () => {
    const me = await createPlayerWithSession(await db(), { name: 'Level Player' });
    const session = expectOk(await api.call('get_questions_by_level', { category: 'science', subcategory: 'physics', level: 1, language_id: 1 }, { token: me.token })) as SessionData;
    const { result } = await playThrough(api, await db(), me.token, session);
    expect((result as PlayResult).score).toBe(40);
    for (const which of ['daily', 'monthly', 'all_time'] as const) {
      expect([which, (await board(which, me.token)).my_rank]).toEqual([which, { rank: 1, score: 40 }]);
    }
    const coinScore = expectOk(await api.call('get_user_coin_score', {}, { token: me.token })) as { score: number };
    expect(coinScore.score).toBe(40);
    const profile = expectOk(await api.call('get_user_by_id', {}, { token: me.token })) as { all_time_score: number };
    expect(profile.all_time_score).toBe(40);
  });
});

describe(`leaderboard score counts (${testDbKind})`, () => {
  test('concurrent settlements moving scores up and down keep the counts equal to the boards', async () => {
    const list = await players(6, 'Racer');
    const d = await db();
    const moves = list.flatMap((p, i) => [8, -4, 12, 4, -8, 16].map((points, j) => ({ userId: p.userId, points: points * (((i + j) % 3) + 1) })));
    await Promise.all(moves.map((m) => d.transaction((tx) => addScore(tx, { userId: m.userId, score: m.points, ...now() }))));
    await expectCountsMatchBoards();
    const res = await board('all_time', list[0]!.token, { limit: 100 });
    expect(res.total).toBe(6);
    expect(res.data.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('rebuildCounts takes the counts of every board again from the boards, as the triggers keep them', async () => {
    const list = await players(5, 'Rebuilt');
    const d = await db();
    for (const [i, p] of list.entries()) await score(p.userId, 4 * (i + 1) + 250 * (i % 2), at(i * 3));
    await d.delete(leaderboardCounts);
    await d.transaction((tx) => rebuildCounts(tx));
    await expectCountsMatchBoards();
    expect((await board('monthly', list[0]!.token)).total).toBe(5);
    expect((await board('all_time', list[0]!.token, { limit: 1 })).my_rank).toEqual({ rank: 5, score: 4 });
  });
});
