import pino from 'pino';
import { and, eq, sql } from 'drizzle-orm';
import { LIVE_GET_READY_MS, type LiveGameView, type LiveMe } from '@/services/domain/live';
import type { LiveReport } from '@/services/domain/live-report';
import { rowsOf } from '@/services/server/db/client';
import { seedDatabase } from '@/services/server/content/seed';
import type { Db } from '@/services/server/db/client';
import { liveAnswers, liveGames, livePlayers } from '@/services/server/db/schema';
import { manualClock } from '@/tests/fixtures/live-clock';
import { settleQuestions, writeSteps } from '@/services/server/live/repository';
import { LiveService } from '@/services/server/live/service';
import { writeSetting } from '@/services/server/settings/repository';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { SseParser, type SseEvent } from '@/services/client/room-feed';

/**
 * Hosted live games through the API (docs/live.md): hosting, joining with a PIN and a nickname,
 * the server's clock and points, durability of every answer, and a restart resuming the game.
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
  // Behind a proxy (X-Forwarded-For names the caller), so that tests can join from several addresses.
  api = await startTestApi(database, undefined, { trustProxy: true }, { services: { live: { clock } } });
  host = await createPlayerWithSession(db, { name: 'Quiz Host' });
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

async function setSetting(key: string, value: string) {
  await writeSetting(db, key, value);
  api.app.settings.invalidate();
}

async function newGame(over: Record<string, string | number> = {}): Promise<LiveGameView> {
  return ok<LiveGameView>(await api.call('live_create', { category: 'science', questions: 3, time_limit: 20, ...over }, { token: host.token }));
}

interface Joined {
  game_id: number;
  player_id: number;
  nickname: string;
  token: string;
}
const join = async (pin: string, nickname: string) => ok<Joined>(await api.call('live_join', { pin, nickname }));
const hostCall = async (name: string, gameId: number, extra: Record<string, string | number> = {}) => ok<LiveGameView>(await api.call(name, { game_id: gameId, ...extra }, { token: host.token }));
const secretOf = async (gameId: number) => (await db.select({ q: liveGames.questions }).from(liveGames).where(eq(liveGames.id, gameId)))[0]!.q;
const answer = (p: Joined, index: number, letter: string) => api.call('live_answer', { game_id: p.game_id, token: p.token, question_index: index, answer: letter });
const wrong = (right: string, keys: readonly string[]) => keys.find((k) => k !== right)!;
/** An open SSE stream: every event it delivered so far, and a wait for the next one matching. */
async function openStream(path: string, headers: Record<string, string>, base = api.url) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/${path}`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: { test: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  if (res.status !== 200) await res.text();
  else {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          for (const e of parser.push(decoder.decode(chunk, { stream: true }))) {
            events.push(e);
            for (const w of [...waiters]) {
              if (!w.test(e)) continue;
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: res.status,
    events,
    next(test: (e: SseEvent) => boolean): Promise<SseEvent> {
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such event on ${path}: ${JSON.stringify(events.map((e) => e.event + ' ' + e.data.slice(0, 80)))}`)), 3000);
        waiters.push({
          test,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => controller.abort(),
  };
}

/** Waits until the answers taken are stored and the steps they started (a close) have run. */
async function settled(gameId: number) {
  await api.app.live.answers.drain();
  await (await api.app.live.load(gameId))!.idle();
}

describe(`live games (${testDbKind})`, () => {
  test('a host opens a game from a bank category: a PIN, the lobby, no question and no answer shown', async () => {
    const game = await newGame();
    expect(game.pin).toMatch(/^[1-9]\d{5}$/);
    expect(game).toMatchObject({ status: 'lobby', question: null, reveal: null, question_count: 3, player_count: 0, paused: null, locked: false });
    expect(JSON.stringify(game)).not.toContain('"answer"');
    const secret = await secretOf(game.id);
    expect(secret).toHaveLength(3);
    expect(secret.every((q) => ['multiple', 'boolean', 'multiselect', 'sequence'].includes(q.type) && q.answer.length > 0)).toBe(true);
    // Bad input names its field.
    expect(refused(await api.call('live_create', { category: 'science', time_limit: 7 }, { token: host.token }))).toEqual([400, '103', 'time_limit']);
    expect(refused(await api.call('live_create', { category: 'no-such-category' }, { token: host.token }))).toEqual([404, '102', 'category']);
    expect(refused(await api.call('live_create', { category: 'science' }))[1]).toBe('125');
  });

  test('joining: nicknames checked and unique, a signed-in player under their name, lock, full, unknown PIN', async () => {
    const game = await newGame();
    const ana = await join(game.pin, '  Ana  ');
    expect(ana).toMatchObject({ game_id: game.id, nickname: 'Ana' });
    expect(ana.token.length).toBeGreaterThanOrEqual(20);
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'ANA' }))).toEqual([409, 'nickname_taken', 'nickname']);
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'Ána' }))).toEqual([409, 'nickname_taken', 'nickname']);
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'A' }))).toEqual([400, '103', 'nickname']);
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: '<script>' }))).toEqual([400, '103', 'nickname']);
    await setSetting('live_blocked_words', 'rude, nasty');
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'Mr Rude' }))).toEqual([400, 'nickname_blocked', 'nickname']);
    await setSetting('live_blocked_words', '');
    const signed = await createPlayerWithSession(db, { name: 'Signed Player' });
    const mine = ok<Joined>(await api.call('live_join', { pin: game.pin }, { token: signed.token }));
    expect(mine.nickname).toBe('Signed Player');
    // The same account joining again (another device) is the same player, with a new token.
    const again = ok<Joined>(await api.call('live_join', { pin: game.pin }, { token: signed.token }));
    expect(again.player_id).toBe(mine.player_id);
    expect(again.token).not.toBe(mine.token);
    expect(refused(await api.call('live_join', { pin: '999999', nickname: 'Bo' }))).toEqual([404, 'live_pin_unknown', 'pin']);
    expect(refused(await api.call('live_join', { pin: '12345', nickname: 'Bo' }))).toEqual([400, '103', 'pin']);

    await hostCall('live_lock', game.id, { locked: 1 });
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'Bo' }))[1]).toBe('live_locked');
    await hostCall('live_lock', game.id, { locked: 0 });
    await setSetting('live_max_players', '3');
    const full = await newGame();
    await join(full.pin, 'One');
    await join(full.pin, 'Two');
    await join(full.pin, 'Three');
    expect(refused(await api.call('live_join', { pin: full.pin, nickname: 'Four' }))[1]).toBe('live_full');
    await setSetting('live_max_players', '2000');
  });

  test('a game played to the podium: server instants, points by speed, streaks, the reveal, every answer stored once', async () => {
    const game = await newGame();
    const a = await join(game.pin, 'Fast');
    const b = await join(game.pin, 'Slow');
    const c = await join(game.pin, 'Wrong');
    const secret = await secretOf(game.id);
    // Only the host moves the game.
    const stranger = await createPlayerWithSession(db, { name: 'Stranger' });
    expect(refused(await api.call('live_next', { game_id: game.id }, { token: stranger.token }))).toEqual([404, '102', 'game_id']);

    let view = await hostCall('live_next', game.id);
    expect(view.status).toBe('question');
    expect(view.question!.opens_at - clock.now()).toBe(LIVE_GET_READY_MS);
    expect(view.question!.deadline_at - view.question!.opens_at).toBe(20_000);
    expect(JSON.stringify(view.question)).not.toContain('"answer"');
    const keys0 = view.question!.options.map((o) => o.key);
    const right0 = secret[0]!.answer;
    // Before the question opens: refused.
    expect(refused(await answer(a, 0, right0))[1]).toBe('question_not_open');
    clock.advance(LIVE_GET_READY_MS);
    const locked = ok<{ question_index: number; answer: string; answered: number }>(await answer(a, 0, right0));
    expect(locked).toEqual({ question_index: 0, answer: right0, answered: 1 });
    expect(JSON.stringify(locked)).not.toMatch(/correct|points/);
    expect(refused(await answer(a, 0, right0))[1]).toBe('already_answered');
    expect(refused(await answer(b, 0, 'z'))).toEqual([400, '103', 'answer']);
    expect(refused(await answer(b, 1, right0))[1]).toBe('question_not_open');
    clock.advance(10_000);
    ok(await answer(b, 0, right0));
    ok(await answer(c, 0, wrong(right0, keys0)));
    // Everyone answered: the question closed at once.
    await settled(game.id);
    view = ok<{ game: LiveGameView }>(await api.call('live_host_game', { game_id: game.id }, { token: host.token })).game;
    expect(view.status).toBe('reveal');
    expect(view.reveal).toMatchObject({ index: 0, answer: right0, answered: 3, correct: 2 });
    expect(view.reveal!.counts[right0]).toBe(2);
    expect(refused(await answer(a, 0, right0))[1]).toBe('answer_too_late');

    const me = async (p: Joined) => ok<{ me: LiveMe }>(await api.call('live_rejoin', { game_id: p.game_id, token: p.token })).me;
    expect(await me(a)).toMatchObject({ score: 1000, streak: 1, rank: 1, last: { index: 0, correct: true, points: 1000, bonus: 0 } });
    expect(await me(b)).toMatchObject({ score: 750, streak: 1, rank: 2 });
    expect(await me(c)).toMatchObject({ score: 0, streak: 0, rank: 3, last: { correct: false, points: 0 } });

    view = await hostCall('live_next', game.id);
    expect(view.status).toBe('leaderboard');
    expect(view.standings.map((s) => [s.nickname, s.score, s.rank])).toEqual([
      ['Fast', 1000, 1],
      ['Slow', 750, 2],
      ['Wrong', 0, 3],
    ]);

    // Question 1: only Fast answers, right, at 5 s: a streak of 2 adds 100. The deadline closes it.
    view = await hostCall('live_next', game.id);
    expect(view.question!.index).toBe(1);
    clock.advance(LIVE_GET_READY_MS + 5000);
    const q1 = secret[1]!;
    ok(await answer(a, 1, q1.answer));
    await settled(game.id);
    clock.advance(15_000);
    await settled(game.id);
    view = ok<{ game: LiveGameView }>(await api.call('live_host_game', { game_id: game.id }, { token: host.token })).game;
    expect(view.status).toBe('reveal');
    expect(await me(a)).toMatchObject({ score: 1000 + 875 + 100, streak: 2, last: { points: 875, bonus: 100 } });
    expect(await me(b)).toMatchObject({ score: 750, streak: 0 });
    expect(refused(await answer(b, 1, q1.answer))[1]).toBe('answer_too_late');

    view = await hostCall('live_next', game.id);
    view = await hostCall('live_next', game.id);
    expect(view.question!.index).toBe(2);
    // Skip: the host closes the question before anyone answered.
    view = await hostCall('live_next', game.id);
    expect(view.status).toBe('reveal');
    view = await hostCall('live_next', game.id);
    view = await hostCall('live_next', game.id);
    expect(view.status).toBe('podium');
    expect(view.standings.map((s) => s.nickname)).toEqual(['Fast', 'Slow', 'Wrong']);
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'Late' }))[1]).toBe('live_pin_unknown');

    // Durable: the answers and scores are in the database, each answer once.
    const stored = await db.select().from(liveAnswers).where(eq(liveAnswers.gameId, game.id));
    expect(stored.map((r) => [r.questionIndex, r.playerId, r.correct]).sort()).toEqual(
      [
        [0, a.player_id, true],
        [0, b.player_id, true],
        [0, c.player_id, false],
        [1, a.player_id, true],
      ].sort(),
    );
    const scores = await db.select({ n: livePlayers.nickname, s: livePlayers.score }).from(livePlayers).where(eq(livePlayers.gameId, game.id)).orderBy(livePlayers.id);
    expect(scores).toEqual([
      { n: 'Fast', s: 1975 },
      { n: 'Slow', s: 750 },
      { n: 'Wrong', s: 0 },
    ]);
  });

  test('games closing together are settled in one statement, each with its own scores; a game moved first is left out', async () => {
    const games = [await newGame(), await newGame()];
    const players = [[await join(games[0]!.pin, 'North A'), await join(games[0]!.pin, 'North B')], [await join(games[1]!.pin, 'South A'), await join(games[1]!.pin, 'South B')]];
    for (const g of games) await hostCall('live_next', g.id);
    clock.advance(LIVE_GET_READY_MS + 2000);
    const rights = await Promise.all(games.map(async (g) => (await secretOf(g.id))[0]!.answer));
    ok(await answer(players[0]![0]!, 0, rights[0]!));
    ok(await answer(players[1]![0]!, 0, rights[1]!));
    await api.app.live.answers.drain();
    const before = { ...api.app.live.closes.stats };
    // Both hosts close their questions in the same moment: one statement settles both games.
    const held = await Promise.all(games.map((g) => api.app.live.load(g.id)));
    const views = await Promise.all(held.map((g) => g!.next()));
    expect(views.map((v) => v.status)).toEqual(['reveal', 'reveal']);
    expect(api.app.live.closes.stats).toEqual({ statements: before.statements + 1, items: before.items + 2 });
    const me = async (p: Joined) => ok<{ me: LiveMe }>(await api.call('live_rejoin', { game_id: p.game_id, token: p.token })).me;
    expect(await me(players[0]![0]!)).toMatchObject({ score: 950, streak: 1, rank: 1 });
    expect(await me(players[0]![1]!)).toMatchObject({ score: 0, streak: 0, rank: 2, last: { correct: false, points: 0 } });
    expect(await me(players[1]![0]!)).toMatchObject({ score: 950, streak: 1, rank: 1 });
    const rows = await db.select({ id: livePlayers.id, score: livePlayers.score, timeMs: livePlayers.timeMs }).from(livePlayers).where(sql`${livePlayers.gameId} in (${games[0]!.id}, ${games[1]!.id})`);
    expect(rows.map((r) => [r.score, r.timeMs]).sort()).toEqual([[0, 20_000], [0, 20_000], [950, 2000], [950, 2000]].sort());

    // A close over a version another write moved on: that game is left out, the other goes through.
    const third = await newGame();
    const late = await join(third.pin, 'Late');
    await hostCall('live_next', third.id);
    const row = (await db.select({ version: liveGames.version }).from(liveGames).where(eq(liveGames.id, third.id)))[0]!;
    const settledIds = await settleQuestions(db, [
      { gameId: third.id, fromVersion: row.version - 1, questionIndex: 0, limitMs: 20_000, points: 1000 },
      { gameId: games[0]!.id, fromVersion: 999, questionIndex: 1, limitMs: 20_000, points: 1000 },
    ]);
    expect(settledIds.size).toBe(0);
    const unchanged = await db.select({ status: liveGames.status, version: liveGames.version }).from(liveGames).where(eq(liveGames.id, third.id));
    expect(unchanged[0]).toEqual({ status: 'question', version: row.version });
    expect((await db.select({ timeMs: livePlayers.timeMs }).from(livePlayers).where(eq(livePlayers.id, late.player_id)))[0]!.timeMs).toBe(0);
    expect(await settleQuestions(db, [{ gameId: third.id, fromVersion: row.version, questionIndex: 0, limitMs: 20_000, points: 1000 }])).toEqual(new Set([third.id]));
    expect((await db.select({ timeMs: livePlayers.timeMs }).from(livePlayers).where(eq(livePlayers.id, late.player_id)))[0]!.timeMs).toBe(20_000);
    for (const g of games) await hostCall('live_end', g.id);
    // The third game was moved behind its holder's back: out of memory, and ended in the database.
    const heldThird = api.app.live.games.get(third.id)!;
    api.app.live.games.delete(third.id);
    heldThird.dispose();
    await db.update(liveGames).set({ status: 'ended', endedReason: 'host' }).where(eq(liveGames.id, third.id));
  });

  test('games moved on together are written in one statement, each only its own fields over its own version; a game moved first is left out', async () => {
    const games = [await newGame(), await newGame(), await newGame()];
    for (const [i, g] of games.entries()) await join(g.pin, `Mover ${i}`);
    const held = await Promise.all(games.map((g) => api.app.live.load(g.id)));
    await held[2]!.lock(true);
    const before = { ...api.app.live.steps.stats };
    // Three hosts start their first question in the same moment: one statement opens all three.
    const views = await Promise.all(held.map((g) => g!.next()));
    expect(views.map((v) => [v.status, v.question?.index])).toEqual([['question', 0], ['question', 0], ['question', 0]]);
    expect(api.app.live.steps.stats).toEqual({ statements: before.statements + 1, items: before.items + 3 });
    const rows = await db
      .select({ id: liveGames.id, status: liveGames.status, index: liveGames.currentIndex, opensAt: liveGames.opensAt, startedAt: liveGames.startedAt, locked: liveGames.locked, version: liveGames.version })
      .from(liveGames)
      .where(sql`${liveGames.id} in (${games[0]!.id}, ${games[1]!.id}, ${games[2]!.id})`)
      .orderBy(liveGames.id);
    for (const [i, r] of rows.entries()) {
      const state = held[i]!.state;
      expect(r).toEqual({ id: games[i]!.id, status: 'question', index: 0, opensAt: state.opensAt, startedAt: state.startedAt, locked: i === 2, version: state.version });
    }
    // A step over a version another write moved on is left out; the other goes through and changes only what it names.
    const [one, two] = rows;
    const written = await writeSteps(db, [
      { gameId: one!.id, fromVersion: one!.version - 1, change: { status: 'reveal' } },
      { gameId: two!.id, fromVersion: two!.version, change: { paused: 'host', pausedAt: new Date(clock.now()) } },
    ]);
    expect(written).toEqual(new Set([two!.id]));
    const after = await db.select({ id: liveGames.id, status: liveGames.status, paused: liveGames.paused, pausedAt: liveGames.pausedAt, index: liveGames.currentIndex, version: liveGames.version }).from(liveGames).where(sql`${liveGames.id} in (${one!.id}, ${two!.id})`).orderBy(liveGames.id);
    expect(after).toEqual([
      { id: one!.id, status: 'question', paused: null, pausedAt: null, index: 0, version: one!.version },
      { id: two!.id, status: 'question', paused: 'host', pausedAt: new Date(clock.now()), index: 0, version: two!.version + 1 },
    ]);
    // The second game was moved behind its holder's back: out of memory, and ended in the database.
    api.app.live.games.delete(two!.id);
    held[1]!.dispose();
    await db.update(liveGames).set({ status: 'ended', endedReason: 'host' }).where(eq(liveGames.id, two!.id));
    for (const g of [games[0]!, games[2]!]) await hostCall('live_end', g.id);
  });

  test('pause stops the clock and resume gives the time back; a removed player cannot answer or join again', async () => {
    const game = await newGame();
    const a = await join(game.pin, 'Ann');
    const b = await join(game.pin, 'Ben');
    let view = await hostCall('live_next', game.id);
    clock.advance(LIVE_GET_READY_MS + 4000);
    const deadline = view.question!.deadline_at;
    view = await hostCall('live_pause', game.id);
    expect(view.paused).toBe('host');
    expect(refused(await answer(a, 0, 'a'))[1]).toBe('live_paused');
    clock.advance(60_000);
    view = await hostCall('live_resume', game.id);
    expect(view.paused).toBeNull();
    expect(view.question!.deadline_at).toBe(deadline + 60_000);
    ok(await api.call('live_remove_player', { game_id: game.id, player_id: b.player_id }, { token: host.token }));
    expect(refused(await answer(b, 0, 'a'))[1]).toBe('live_removed');
    expect(refused(await api.call('live_rejoin', { game_id: game.id, token: b.token }))[1]).toBe('live_removed');
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'Ben' }))[1]).toBe('live_removed');
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'BEN' }))[1]).toBe('live_removed');
    // Ann is the only one left: her answer closes the question.
    ok(await answer(a, 0, 'a'));
    await settled(game.id);
    expect(ok<{ game: LiveGameView }>(await api.call('live_host_game', { game_id: game.id }, { token: host.token })).game.status).toBe('reveal');
    await hostCall('live_end', game.id);
    const [row] = await db.select({ status: liveGames.status, reason: liveGames.endedReason }).from(liveGames).where(eq(liveGames.id, game.id));
    expect(row).toEqual({ status: 'ended', reason: 'host' });
  });

  test('a restart resumes a running game: the open question starts again with a fresh clock, answers kept', async () => {
    const game = await newGame();
    const a = await join(game.pin, 'Kim');
    const b = await join(game.pin, 'Lee');
    await hostCall('live_next', game.id);
    clock.advance(LIVE_GET_READY_MS + 2000);
    const secret = await secretOf(game.id);
    ok(await answer(a, 0, secret[0]!.answer));
    await api.app.live.answers.drain();

    // Another service on the same database, as after a restart: it takes the game up from its rows.
    const restarted = new LiveService(db, pino({ level: 'silent' }), clock, { node: api.app.live.holder });
    await restarted.start();
    try {
      const game2 = (await restarted.load(game.id))!;
      const view = game2.view();
      expect(view.question).toMatchObject({ index: 0, restarted: true, opens_at: clock.now() + LIVE_GET_READY_MS });
      expect(view.answered_count).toBe(1);
      expect(game2.me(a.player_id)!.answer).toBe(secret[0]!.answer);
      await expect(restarted.answer(game.id, a.token, 0, secret[0]!.answer, clock.now() + LIVE_GET_READY_MS + 1)).rejects.toMatchObject({ code: 'already_answered' });
      await restarted.answer(game.id, b.token, 0, secret[0]!.answer, clock.now() + LIVE_GET_READY_MS + 1000);
      await restarted.answers.drain();
      await game2.idle();
      expect(game2.state.status).toBe('reveal');
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(liveAnswers).where(and(eq(liveAnswers.gameId, game.id), eq(liveAnswers.questionIndex, 0)));
      expect(Number(count!.n)).toBe(2);
    } finally {
      await restarted.stop();
    }
  });

  test('two processes on one database: a game held by one is joined, moved on, streamed and answered through the other; when its holder stops, the other takes it up', async () => {
    const other = await startTestApi(await getTestDatabase(), undefined, {}, { services: { live: { clock } } });
    let otherOpen = true;
    try {
      // Made on the other process: held there.
      const game = ok<LiveGameView>(await other.call('live_create', { category: 'science', questions: 2, time_limit: 20 }, { token: host.token }));
      expect((await db.select({ holder: liveGames.holder }).from(liveGames).where(eq(liveGames.id, game.id)))[0]!.holder).toBe(other.url);
      // Calls through this one at the same moment: each is sent on with its own input.
      const twins = await other.call('live_create', { category: 'science', questions: 1 }, { token: host.token });
      const pin2 = ok<LiveGameView>(twins).pin;
      const names = ['Twin A', 'Twin B', 'Twin C', 'Twin D'];
      expect((await Promise.all(names.map((n) => join(pin2, n)))).map((j) => j.nickname)).toEqual(names);
      await other.call('live_end', { game_id: ok<LiveGameView>(twins).id }, { token: host.token });
      // Joined, streamed and moved on through this one: each call answered by the holder.
      const p = await join(game.pin, 'Relay');
      const q = await join(game.pin, 'Stay');
      expect(api.app.live.games.has(game.id)).toBe(false);
      expect(other.app.live.games.get(game.id)!.players.size).toBe(2);
      // Known to be held there under a running lease: the calls that follow go there without asking the database.
      expect(api.app.live.heldElsewhere(game.id)).toBe(other.url);
      const phone = await openStream(`live/${game.id}/events`, { 'x-live-token': p.token });
      const screen = await openStream(`live/${game.id}/host`, { authorization: `Bearer ${host.token}` });
      expect([phone.status, screen.status]).toEqual([200, 200]);
      await screen.next((e) => e.event === 'players' && e.data.includes('Relay'));
      const opened = await hostCall('live_next', game.id);
      expect(opened.status).toBe('question');
      await phone.next((e) => e.event === 'game' && (JSON.parse(e.data) as LiveGameView).status === 'question');
      clock.advance(LIVE_GET_READY_MS + 1000);
      const right = (await secretOf(game.id))[0]!.answer;
      expect(ok<{ answered: number }>(await answer(p, 0, right)).answered).toBe(1);
      await screen.next((e) => e.event === 'counts' && e.data.includes('"answered":1'));
      expect(refused(await answer(p, 0, right))[1]).toBe('already_answered');
      expect(api.app.live.games.has(game.id)).toBe(false);

      // The holder stops (it lets its games go): this process takes the game up at the next call,
      // the open question starting again with its answers kept.
      await other.close();
      otherOpen = false;
      // The holder it knew does not answer: this one asks the database again, finds the game let go and takes it.
      expect(api.app.live.heldElsewhere(game.id)).toBe(other.url);
      const taken = ok<{ game: LiveGameView }>(await api.call('live_host_game', { game_id: game.id }, { token: host.token })).game;
      expect(taken.question).toMatchObject({ index: 0, restarted: true });
      expect(taken.answered_count).toBe(1);
      expect((await db.select({ holder: liveGames.holder }).from(liveGames).where(eq(liveGames.id, game.id)))[0]!.holder).toBe(api.url);
      expect(api.app.live.heldElsewhere(game.id)).toBeNull();
      clock.advance(LIVE_GET_READY_MS + 1000);
      ok(await answer(q, 0, right));
      await settled(game.id);
      const revealed = ok<{ game: LiveGameView }>(await api.call('live_host_game', { game_id: game.id }, { token: host.token })).game;
      expect(revealed.reveal).toMatchObject({ index: 0, answered: 2, correct: 2 });
      await hostCall('live_end', game.id);
      for (const st of [phone, screen]) st.close();
    } finally {
      if (otherOpen) await other.close();
    }
  });

  test('two processes: the phones one serves of a game the other holds share one channel; each frame crosses it once, each player\'s own frame reaches only their phones; when the holder lets the game go they are told to reconnect', async () => {
    const other = await startTestApi(await getTestDatabase(), undefined, {}, { services: { live: { clock } } });
    let otherOpen = true;
    try {
      const game = ok<LiveGameView>(await other.call('live_create', { category: 'science', questions: 2, time_limit: 20 }, { token: host.token }));
      const [ana, ben, cy] = [await join(game.pin, 'Ana'), await join(game.pin, 'Ben'), await join(game.pin, 'Cy')];
      // The host's screen on the holder; the phones here, Ana with two.
      const screen = await openStream(`live/${game.id}/host`, { authorization: `Bearer ${host.token}` }, other.url);
      const before = other.app.live.streams.openCount;
      const phones = {
        ana: await openStream(`live/${game.id}/events`, { 'x-live-token': ana.token }),
        ana2: await openStream(`live/${game.id}/events`, { 'x-live-token': ana.token }),
        ben: await openStream(`live/${game.id}/events`, { 'x-live-token': ben.token }),
        cy: await openStream(`live/${game.id}/events`, { 'x-live-token': cy.token }),
      };
      expect(Object.values(phones).map((p) => p.status)).toEqual([200, 200, 200, 200]);
      // Each phone's first frames: the game, then its own player.
      for (const [name, p] of Object.entries(phones)) {
        const me = JSON.parse((await p.next((e) => e.event === 'me')).data) as LiveMe;
        expect(me.player_id).toBe({ ana: ana, ana2: ana, ben: ben, cy: cy }[name]!.player_id);
        expect(p.events.findIndex((e) => e.event === 'game')).toBeLessThan(p.events.findIndex((e) => e.event === 'me'));
      }
      // Four phones, one stream on the holder: the channel.
      expect(api.app.live.relays.channelCount).toBe(1);
      expect(other.app.live.streams.openCount - before).toBe(1);
      // A phone with an unknown token is refused as before (the holder's answer reaches it).
      expect((await openStream(`live/${game.id}/events`, { 'x-live-token': 'not-a-token' })).status).toBe(404);

      const isOpen = (e: SseEvent) => e.event === 'game' && (JSON.parse(e.data) as LiveGameView).status === 'question';
      await hostCall('live_next', game.id);
      const shown = await Promise.all([screen, ...Object.values(phones)].map((p) => p.next(isOpen)));
      // The same bytes on every screen.
      for (const e of shown) expect(e.data).toBe(shown[0]!.data);
      clock.advance(LIVE_GET_READY_MS + 1000);
      const secret = (await secretOf(game.id))[0]!;
      const right = secret.answer;
      // Ana answers: her second phone is told; nobody else gets her frame.
      ok(await answer(ana, 0, right));
      for (const p of [phones.ana, phones.ana2]) await p.next((e) => e.event === 'me' && e.data.includes(`"answer":"${right}"`));
      ok(await answer(ben, 0, wrong(right, secret.options.map((o) => o.key))));
      ok(await answer(cy, 0, right));
      // All answered: the question closes and every phone gets the reveal with its own score.
      await other.app.live.answers.drain();
      await (await other.app.live.load(game.id))!.idle();
      for (const [name, p] of Object.entries(phones)) {
        await p.next((e) => e.event === 'game' && (JSON.parse(e.data) as LiveGameView).status === 'reveal');
        const mine = { ana: ana, ana2: ana, ben: ben, cy: cy }[name]!;
        const mes = p.events.filter((e) => e.event === 'me').map((e) => JSON.parse(e.data) as LiveMe);
        // Only its own player's frames, ever.
        expect(new Set(mes.map((m) => m.player_id))).toEqual(new Set([mine.player_id]));
        expect(mes.at(-1)!.score).toBeGreaterThan(mine === ben ? -1 : 0);
      }
      expect(phones.ben.events.some((e) => e.event === 'me' && e.data.includes(`"answer":"${right}"`))).toBe(false);

      // Ben reloads four times, then opens two phones: the channel keeps his newest phones, and his
      // answer to the next question reaches both.
      phones.ben.close();
      for (let i = 0; i < 4; i++) {
        const reload = await openStream(`live/${game.id}/events`, { 'x-live-token': ben.token });
        await reload.next((e) => e.event === 'me');
        reload.close();
      }
      const benPhones = [await openStream(`live/${game.id}/events`, { 'x-live-token': ben.token }), await openStream(`live/${game.id}/events`, { 'x-live-token': ben.token })];
      for (const p of benPhones) await p.next((e) => e.event === 'me');
      await hostCall('live_next', game.id);
      await hostCall('live_next', game.id);
      clock.advance(LIVE_GET_READY_MS + 1000);
      const second = (await secretOf(game.id))[1]!;
      ok(await answer(ben, 1, second.answer));
      for (const p of benPhones) await p.next((e) => e.event === 'me' && e.data.includes(`"answer":"${second.answer}"`));
      expect(api.app.live.relays.channelCount).toBe(1);

      // The holder stops: every phone here is told to reconnect, and the channel is gone.
      await other.close();
      otherOpen = false;
      for (const p of [phones.ana, phones.ana2, phones.cy, ...benPhones]) await p.next((e) => e.event === 'reconnect');
      expect(api.app.live.relays.channelCount).toBe(0);
      for (const p of [screen, ...Object.values(phones), ...benPhones]) p.close();
    } finally {
      if (otherOpen) await other.close();
    }
  });

  test('a game whose holder is alive elsewhere is not taken: a call sent on to a process that no longer holds it is refused, not sent on again', async () => {
    const game = await newGame();
    // As if another process held it under a lease still running.
    await db.update(liveGames).set({ holder: 'http://127.0.0.1:9', heldUntil: new Date(Date.now() + 60_000) }).where(eq(liveGames.id, game.id));
    const held = api.app.live.games.get(game.id)!;
    api.app.live.games.delete(game.id);
    held.dispose();
    // This process forwards; the holder does not answer: live_moved, and the game is not taken.
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'Nobody' }))[1]).toBe('live_moved');
    // Asked again after the holder did not answer, the database still names it under a running lease.
    expect(api.app.live.heldElsewhere(game.id)).toBe('http://127.0.0.1:9');
    // A forwarded call is never sent on again; its sender is told the game is not run here.
    const forwarded = await fetch(`${api.url}/api/live_join`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-live-forwarded': '1' }, body: JSON.stringify({ pin: game.pin, nickname: 'Loop' }) });
    expect([forwarded.status, ((await forwarded.json()) as { message: string }).message, forwarded.headers.get('x-live-moved')]).toEqual([409, 'live_moved', '1']);
    expect(api.app.live.games.has(game.id)).toBe(false);
    // Once the lease runs out, the game is this process's again: the holder it knew does not
    // answer, and the database, asked again, lets this process take the game.
    await db.update(liveGames).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(liveGames.id, game.id));
    ok(await api.call('live_join', { pin: game.pin, nickname: 'Finally' }));
    expect(api.app.live.games.has(game.id)).toBe(true);
    await hostCall('live_end', game.id);
  });

  test('streams: one game frame per version for every screen, the host\'s counts, each phone only its own answer', async () => {
    const game = await newGame();
    const a = await join(game.pin, 'Uma');
    const b = await join(game.pin, 'Vic');
    const hostStream = await openStream(`live/${game.id}/host`, { authorization: `Bearer ${host.token}` });
    const phoneA = await openStream(`live/${game.id}/events`, { 'x-live-token': a.token });
    const phoneB = await openStream(`live/${game.id}/events`, { 'x-live-token': b.token });
    expect([hostStream.status, phoneA.status, phoneB.status]).toEqual([200, 200, 200]);
    // Refused: no token, someone else's game for the host stream.
    expect((await openStream(`live/${game.id}/events`, {})).status).toBe(404);
    const stranger = await createPlayerWithSession(db, { name: 'Peeker' });
    expect((await openStream(`live/${game.id}/host`, { authorization: `Bearer ${stranger.token}` })).status).toBe(404);

    const players = JSON.parse((await hostStream.next((e) => e.event === 'players')).data) as { nickname: string }[];
    expect(players.map((p) => p.nickname)).toEqual(['Uma', 'Vic']);
    const late = await join(game.pin, 'Wes');
    expect(JSON.parse((await hostStream.next((e) => e.event === 'player' && e.data.includes('Wes'))).data)).toMatchObject({ change: 'joined', player: { id: late.player_id, nickname: 'Wes' } });

    const before = api.app.live.streams.serialisations;
    const view = await hostCall('live_next', game.id);
    const isOpen = (e: SseEvent) => e.event === 'game' && (JSON.parse(e.data) as LiveGameView).status === 'question';
    const [h, pa, pb] = await Promise.all([hostStream.next(isOpen), phoneA.next(isOpen), phoneB.next(isOpen)]);
    // The same bytes on every screen, made once.
    expect(pa.data).toBe(h.data);
    expect(pb.data).toBe(h.data);
    expect(api.app.live.streams.serialisations - before).toBe(1);
    expect(h.data).not.toContain('"answer"');

    clock.advance(LIVE_GET_READY_MS + 1000);
    const secret = await secretOf(game.id);
    const pick = secret[0]!.answer;
    // Uma has a second screen open: after her answer both get her own frame with it.
    const phoneA2 = await openStream(`live/${game.id}/events`, { 'x-live-token': a.token });
    await phoneA2.next((e) => e.event === 'me');
    ok(await answer(a, view.question!.index, pick));
    const counts = JSON.parse((await hostStream.next((e) => e.event === 'counts' && e.data.includes('"answered":1'))).data);
    expect(counts).toMatchObject({ answered: 1, players: 3 });
    for (const screen of [phoneA, phoneA2]) {
      const mine = JSON.parse((await screen.next((e) => e.event === 'me' && e.data.includes(`"answer":"${pick}"`))).data) as LiveMe;
      expect(mine).toMatchObject({ player_id: a.player_id, answer: pick });
    }
    // Vic, with one screen, learns from his call's reply that his answer is taken: no frame is written for it.
    const mesBefore = phoneB.events.filter((e) => e.event === 'me').length;
    const vicPick = wrong(pick, secret[0]!.options.map((o) => o.key));
    expect(ok<{ answer: string }>(await answer(b, view.question!.index, vicPick)).answer).toBe(vicPick);
    await hostStream.next((e) => e.event === 'counts' && e.data.includes('"answered":2'));
    // Vic's phone never gets Uma's answer: its own frames only, and none for his own answer.
    const mesOfB = phoneB.events.filter((e) => e.event === 'me').map((e) => JSON.parse(e.data) as LiveMe);
    expect(mesOfB).toHaveLength(mesBefore);
    expect(mesOfB.every((m) => m.player_id === b.player_id && m.answer === '')).toBe(true);

    await hostCall('live_end', game.id);
    await phoneB.next((e) => e.event === 'over');
    // The close: each phone gets the reveal and, right behind it, its own player's new score.
    for (const [phone, who, right] of [[phoneA, a, true], [phoneB, b, false]] as const) {
      const at = phone.events.findIndex((e) => e.event === 'game' && (JSON.parse(e.data) as LiveGameView).status === 'reveal');
      expect(at).toBeGreaterThan(0);
      expect(phone.events[at + 1]!.event).toBe('me');
      expect(JSON.parse(phone.events[at + 1]!.data)).toMatchObject({ player_id: who.player_id, last: { index: 0, correct: right } });
    }
    expect(phoneB.events.filter((e) => e.event === 'me').every((e) => (JSON.parse(e.data) as LiveMe).player_id === b.player_id)).toBe(true);
    for (const s2 of [hostStream, phoneA, phoneA2, phoneB]) s2.close();
  });

  test("the host's count takes an answer in when it is received, before its statement is written; an answer not stored leaves it again", async () => {
    const game = await newGame();
    const a = await join(game.pin, 'Ada');
    const b = await join(game.pin, 'Bo');
    const hostStream = await openStream(`live/${game.id}/host`, { authorization: `Bearer ${host.token}` });
    const view = await hostCall('live_next', game.id);
    clock.advance(LIVE_GET_READY_MS + 1000);
    const secret = await secretOf(game.id);
    const sink = api.app.live.answers;
    const write = sink.add.bind(sink);
    // The answers' statements wait until the test lets them go.
    const held: { row: Parameters<typeof write>[0]; go: (fail?: Error) => void }[] = [];
    const hold = jest.spyOn(sink, 'add').mockImplementation(
      (row) =>
        new Promise<boolean>((resolve, reject) => {
          held.push({ row, go: (fail) => (fail ? reject(fail) : write(row).then(resolve, reject)) });
        }),
    );
    try {
      const countOf = (e: SseEvent) => (JSON.parse(e.data) as { answered: number }).answered;
      const countsSeen = () => hostStream.events.filter((e) => e.event === 'counts').map(countOf);
      const replyA = answer(a, view.question!.index, secret[0]!.answer);
      await hostStream.next((e) => e.event === 'counts' && countOf(e) === 1);
      expect(held).toHaveLength(1);
      let repliedA = false;
      void replyA.then(() => (repliedA = true));
      await new Promise((r) => setTimeout(r, 20));
      // Counted on the host's screen, not yet told to the player: the reply waits for the statement.
      expect(repliedA).toBe(false);
      held[0]!.go();
      expect(ok<{ answered: number }>(await replyA).answered).toBe(1);
      expect(await db.select().from(liveAnswers).where(eq(liveAnswers.gameId, game.id))).toHaveLength(1);

      // Bo's statement fails: his answer is counted, then leaves the count; nothing of it is stored.
      const replyB = answer(b, view.question!.index, wrong(secret[0]!.answer, secret[0]!.options.map((o) => o.key)));
      await hostStream.next((e) => e.event === 'counts' && countOf(e) === 2);
      held[1]!.go(new Error('the disk is full'));
      expect((await replyB).status).toBe(500);
      await new Promise((r) => setTimeout(r, 20));
      expect(countsSeen().at(-1)).toBe(1);
      expect(await db.select().from(liveAnswers).where(eq(liveAnswers.gameId, game.id))).toHaveLength(1);
      expect(ok<{ game: LiveGameView }>(await api.call('live_host_game', { game_id: game.id }, { token: host.token })).game.answered_count).toBe(1);
    } finally {
      hold.mockRestore();
      hostStream.close();
    }
    await hostCall('live_end', game.id);
  });

  test("reports: the host's games, per question and per player every answer, CSV; a signed-in player's statistics; nobody else's", async () => {
    const game = await newGame({ questions: 2 });
    const signed = await createPlayerWithSession(db, { name: 'Signed Sam' });
    const sam = ok<Joined>(await api.call('live_join', { pin: game.pin }, { token: signed.token }));
    const guest = await join(game.pin, '-Gus');
    const gone = await join(game.pin, 'Gone');
    const secret = await secretOf(game.id);
    const keysOf = (i: number) => secret[i]!.options.map((o) => o.key);
    const statsOf = async (userId: number) =>
      rowsOf<{ answered: number; correct: number }>(await db.execute(sql`select coalesce(sum(answered), 0)::int as answered, coalesce(sum(correct), 0)::int as correct from user_statistics where user_id = ${userId}`))[0]!;
    const before = await statsOf(signed.userId);

    await hostCall('live_next', game.id);
    // While a question is open its report does not exist yet: not even its host learns the answer early.
    const early = ok<LiveReport>(await api.call('live_report', { game_id: game.id }, { token: host.token }));
    expect([early.game.played, early.questions]).toEqual([0, []]);
    clock.advance(LIVE_GET_READY_MS + 2000);
    ok(await answer(sam, 0, secret[0]!.answer));
    clock.advance(2000);
    ok(await answer(guest, 0, wrong(secret[0]!.answer, keysOf(0))));
    await hostCall('live_remove_player', game.id, { player_id: gone.player_id });
    await settled(game.id);
    await hostCall('live_next', game.id);
    await hostCall('live_next', game.id);
    clock.advance(LIVE_GET_READY_MS + 1000);
    ok(await answer(sam, 1, secret[1]!.answer));
    await hostCall('live_next', game.id);
    // Ended by the host before the last leaderboard: both questions were played.
    await hostCall('live_end', game.id);

    const report = ok<LiveReport>(await api.call('live_report', { game_id: game.id }, { token: host.token }));
    expect(report.game).toMatchObject({ id: game.id, status: 'ended', ended_reason: 'host', host: { name: 'Quiz Host' }, question_count: 2, played: 2 });
    expect(report.questions.map((q) => [q.index, q.answered, q.correct, q.share_right, q.mean_time_ms])).toEqual([
      [0, 2, 1, 0.5, 3000],
      [1, 1, 1, 1, 1000],
    ]);
    expect(report.questions[0]!.answer).toBe(secret[0]!.answer);
    expect(report.players.map((p) => [p.nickname, p.rank, p.signed_in, p.removed, p.answers.map((a) => [a.index, a.correct, a.time_ms])])).toEqual([
      ['Signed Sam', 1, true, false, [[0, true, 2000], [1, true, 1000]]],
      ['-Gus', 2, false, false, [[0, false, 4000]]],
      ['Gone', null, false, true, []],
    ]);
    expect(report.players[0]!.score).toBe(report.players[0]!.answers.reduce((n, a) => n + a.points + a.bonus, 0));

    // The CSV of every answer: a row per player and question, blank where none; a formula is defused.
    const file = ok<{ file_name: string; csv: string }>(await api.call('live_report_csv', { game_id: game.id }, { token: host.token }));
    expect(file.file_name).toBe(`live-${game.id}-answers.csv`);
    const lines = file.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('rank,nickname,signed_in,question,question_text,answer,answer_text,correct,points,bonus,time_s');
    expect(lines).toHaveLength(1 + 3 * 2);
    expect(lines[3]).toMatch(/^2,'-Gus,no,1,/);
    expect(lines[4]).toMatch(/^2,'-Gus,no,2,.*,,,,,$/);
    const questionsCsv = ok<{ csv: string }>(await api.call('live_report_csv', { game_id: game.id, part: 'questions' }, { token: host.token })).csv;
    expect(questionsCsv.split('\r\n')[1]).toMatch(/^1,.*,2,1,50,3\.0,20,1000$/);
    expect(refused(await api.call('live_report_csv', { game_id: game.id, part: 'everything' }, { token: host.token }))).toEqual([400, '103', 'part']);

    // The host's list; a stranger sees no such game; an admin sees it and everyone's list.
    const mine = ok<{ rows: { id: number; played: number; player_count: number }[]; total: number }>(await api.call('live_reports', { limit: 100 }, { token: host.token }));
    expect(mine.rows.find((g) => g.id === game.id)).toMatchObject({ played: 2, player_count: 3 });
    expect(mine.total).toBeGreaterThanOrEqual(mine.rows.length);
    const stranger = await createPlayerWithSession(db, { name: 'Nosy' });
    expect(refused(await api.call('live_report', { game_id: game.id }, { token: stranger.token }))).toEqual([404, '102', 'game_id']);
    expect(ok<{ rows: unknown[] }>(await api.call('live_reports', {}, { token: stranger.token })).rows).toEqual([]);
    expect(refused(await api.call('admin_live_games', {}, { token: host.token }))[0]).toBe(403);
    const admin = await createPlayerWithSession(db, { name: 'Admin', role: 'admin' });
    expect(ok<LiveReport>(await api.call('live_report', { game_id: game.id }, { token: admin.token })).players).toHaveLength(3);
    const all = ok<{ rows: { id: number; host: { name: string } }[] }>(await api.call('admin_live_games', { limit: 100 }, { token: admin.token }));
    expect(all.rows.find((g) => g.id === game.id)?.host.name).toBe('Quiz Host');

    // Sam's two answers went to his statistics, once; no coins moved for anyone.
    const after = await statsOf(signed.userId);
    expect([after.answered - before.answered, after.correct - before.correct]).toEqual([2, 2]);
    const coins = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from coin_ledger where user_id in (${host.userId}, ${signed.userId})`))[0]!.n;
    expect(coins).toBe(0);
  });

  test("a game whose host's screen never opened ends after 30 minutes, its results kept; one with the screen open does not", async () => {
    const left = await newGame();
    const a = await join(left.pin, 'Waiting');
    const watched = await newGame();
    await join(watched.pin, 'Watched');
    const screen = await openStream(`live/${watched.id}/host`, { authorization: `Bearer ${host.token}` });
    await screen.next((e) => e.event === 'game');
    clock.advance(29 * 60_000);
    await api.app.live.sweep();
    expect(ok<{ game: LiveGameView }>(await api.call('live_host_game', { game_id: left.id }, { token: host.token })).game.status).toBe('lobby');
    clock.advance(60_000);
    await api.app.live.sweep();
    expect(ok<{ game: LiveGameView }>(await api.call('live_host_game', { game_id: left.id }, { token: host.token })).game.status).toBe('ended');
    expect(ok<{ game: LiveGameView }>(await api.call('live_host_game', { game_id: watched.id }, { token: host.token })).game.status).toBe('lobby');
    expect((await db.select({ reason: liveGames.endedReason }).from(liveGames).where(eq(liveGames.id, left.id)))[0]!.reason).toBe('abandoned');
    // Its player still reads the end of it.
    expect(ok<{ game: LiveGameView }>(await api.call('live_rejoin', { game_id: a.game_id, token: a.token })).game.status).toBe('ended');
    screen.close();
  });

  test('a player creates at most 60 games an hour: the 61st is refused with rate_limited and when to try again', async () => {
    const busy = await createPlayerWithSession(db, { name: 'Busy Host' });
    for (let i = 0; i < 60; i++) {
      const made = ok<LiveGameView>(await api.call('live_create', { category: 'science', questions: 1 }, { token: busy.token }));
      await api.call('live_end', { game_id: made.id }, { token: busy.token });
    }
    const limited = await api.call('live_create', { category: 'science', questions: 1 }, { token: busy.token });
    expect([limited.status, limited.body.message]).toEqual([429, 'rate_limited']);
    expect(Number((limited.body as { retry_after?: number }).retry_after)).toBeGreaterThan(0);
    // Another host is not held back.
    const other = ok<LiveGameView>(await api.call('live_create', { category: 'science', questions: 1 }, { token: host.token }));
    await hostCall('live_end', other.id);
  });

  test('the counts in every view are current between steps: a join\'s reply, the host\'s game, a lobby frame, after an answer', async () => {
    const game = await newGame();
    expect([game.player_count, game.questions_shown]).toEqual([0, 0]);
    const first = await api.call('live_join', { pin: game.pin, nickname: 'Count One' });
    expect((first.body.data as { game: LiveGameView }).game.player_count).toBe(1);
    const second = await api.call('live_join', { pin: game.pin, nickname: 'Count Two' });
    expect((second.body.data as { game: LiveGameView }).game.player_count).toBe(2);
    const p1 = second.body.data as Joined & { game: LiveGameView };
    expect(((await hostCall('live_host_game', game.id)) as unknown as { game: LiveGameView }).game.player_count).toBe(2);
    // A phone opening its stream in the lobby gets a game frame with both players.
    const phone = await openStream(`live/${game.id}/events`, { 'x-live-token': p1.token });
    expect((JSON.parse((await phone.next((e) => e.event === 'game')).data) as LiveGameView).player_count).toBe(2);
    phone.close();

    const view = await hostCall('live_next', game.id);
    clock.advance(LIVE_GET_READY_MS);
    const secret = await secretOf(game.id);
    ok(await answer(p1, view.question!.index, secret[0]!.answer));
    await settled(game.id);
    const host1 = ((await hostCall('live_host_game', game.id)) as unknown as { game: LiveGameView }).game;
    expect([host1.status, host1.answered_count, host1.player_count, host1.questions_shown]).toEqual(['question', 1, 2, 1]);
    // After the last question, at its leaderboard: no question on screen, every question shown.
    for (let i = 1; i < game.question_count; i++) {
      await hostCall('live_next', game.id); // the reveal (skipped)
      await hostCall('live_next', game.id); // the leaderboard
      await hostCall('live_next', game.id); // the next question
    }
    await hostCall('live_next', game.id);
    const last = await hostCall('live_next', game.id);
    expect([last.status, last.question, last.questions_shown, last.question_count]).toEqual(['leaderboard', null, 3, 3]);
    await hostCall('live_end', game.id);
  });

  test('guessing PINs: 2,000 wrong PINs from one address are throttled (even sent at once); a class of 40 behind another address joins its game', async () => {
    clock.advance(10 * 60_000); // a window of its own
    const game = await newGame();
    const attacker = { 'x-forwarded-for': '198.51.100.66' };
    // 2,000 guesses, 50 at a time: never the game's PIN.
    const guesses = Array.from({ length: 2000 }, (_, i) => String(100000 + ((Number(game.pin) - 100000 + 1 + i * 449) % 900000)));
    expect(guesses).not.toContain(game.pin);
    const answers: string[] = [];
    let retryAfter = 0;
    for (let i = 0; i < guesses.length; i += 50) {
      const batch = await Promise.all(guesses.slice(i, i + 50).map((pin) => api.call('live_join', { pin, nickname: `Bot ${i}` }, { headers: attacker })));
      for (const res of batch) {
        answers.push(res.body.message);
        if (res.body.message === 'rate_limited') {
          expect(res.status).toBe(429);
          retryAfter = Math.max(retryAfter, Number(res.body.retry_after));
        }
      }
    }
    const tried = answers.filter((m) => m === 'live_pin_unknown').length;
    expect(tried).toBe(30); // live_wrong_pins_per_address, exactly, though 50 came at once
    expect(answers.filter((m) => m === 'rate_limited').length).toBe(2000 - 30);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Once throttled, the address learns nothing: the right PIN is refused the same way.
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'Lucky' }, { headers: attacker }))).toEqual([429, 'rate_limited', null]);

    // A class of 40 behind the school's one address, five of them mistyping the PIN first, all join.
    const school = { 'x-forwarded-for': '203.0.113.40' };
    for (let i = 0; i < 5; i++) expect(refused(await api.call('live_join', { pin: '999999', nickname: `Typo ${i}` }, { headers: school }))[1]).toBe('live_pin_unknown');
    const joined = await Promise.all(Array.from({ length: 40 }, (_, i) => api.call('live_join', { pin: game.pin, nickname: `Pupil ${i + 1}` }, { headers: school })));
    expect(joined.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(((await hostCall('live_host_game', game.id)) as unknown as { players: unknown[] }).players).toHaveLength(40);

    // The attacker's expected time to a hit, at the rate it was allowed, with 100 games running
    // (PINs are six digits not starting with 0: 900,000 of them).
    const guessesPerHour = tried / (600 / 3600);
    const hoursToHit = 900_000 / 100 / guessesPerHour;
    console.log(`live PIN guessing: ${tried} wrong PINs per 10 minutes from one address; with 100 games running, expected time to a hit ${hoursToHit.toFixed(0)} h (was about 4 minutes)`);
    expect(hoursToHit).toBeGreaterThanOrEqual(24);
    await hostCall('live_end', game.id);
  }, 120_000); // 2,040 calls: 25 s with the machine loaded by other runs, past the 30 s default on a slower one; a safety net, not a speed check

  test('one address takes at most live_seats_per_address seats in a game; another address, and a signed-in player joining again, are not held up', async () => {
    await setSetting('live_seats_per_address', '5');
    const game = await newGame();
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const signed = await createPlayerWithSession(db, { name: 'Signed Seat' });
    const first = ok<Joined>(await api.call('live_join', { pin: game.pin }, { token: signed.token, headers: from }));
    for (let i = 1; i < 5; i++) ok<Joined>(await api.call('live_join', { pin: game.pin, nickname: `Seat ${i}` }, { headers: from }));
    // The signed-in player joining again (another device) takes no new seat.
    expect(ok<Joined>(await api.call('live_join', { pin: game.pin }, { token: signed.token, headers: from })).player_id).toBe(first.player_id);
    const sixth = await api.call('live_join', { pin: game.pin, nickname: 'Seat 6' }, { headers: from });
    expect(refused(sixth)).toEqual([409, 'live_full', null]);
    expect(sixth.body.detail).toContain('this address has taken 5 seats in this game');
    ok<Joined>(await api.call('live_join', { pin: game.pin, nickname: 'Elsewhere' }, { headers: { 'x-forwarded-for': '198.51.100.78' } }));
    // Another game is another count.
    const other = await newGame();
    ok<Joined>(await api.call('live_join', { pin: other.pin, nickname: 'Seat 1' }, { headers: from }));
    await setSetting('live_seats_per_address', '60');
    await hostCall('live_end', game.id);
    await hostCall('live_end', other.id);
  });

  test('hosting can be limited to operators, and live games turned off', async () => {
    await setSetting('live_hosting', '1');
    expect(refused(await api.call('live_create', { category: 'science' }, { token: host.token }))[1]).toBe('live_hosting_limited');
    await setSetting('live_hosting', '0');
    const game = await newGame();
    await setSetting('live_mode', '0');
    expect(refused(await api.call('live_join', { pin: game.pin, nickname: 'Zed' }))[1]).toBe('mode_disabled');
    expect(refused(await api.call('live_create', { category: 'science' }, { token: host.token }))[1]).toBe('mode_disabled');
    await setSetting('live_mode', '1');
  });
});
