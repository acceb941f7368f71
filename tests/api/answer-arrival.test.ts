import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { LIVE_GET_READY_MS, type LiveGameView } from '@/services/domain/live';
import type { Db } from '@/services/server/db/client';
import { seedDatabase } from '@/services/server/content/seed';
import { liveAnswers, liveGames, playSessions } from '@/services/server/db/schema';
import { rightAnswers } from '@/tests/fixtures/play';
import { stampArrival } from '@/services/server/gateway/arrival';
import type { LiveClock } from '@/services/server/live/game';
import { startTestApi, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { createPlayerWithSession } from '@/tests/fixtures/users';

/**
 * An answer is timed from the moment it had fully arrived, not from when its handler runs
 * (services/server/gateway/arrival.ts): a call held back 600 ms after it arrived — the event loop busy
 * with other work, or admission's queue (decision 027) — gets the same points by speed and the
 * same accept or refuse at the deadline as on an idle server.
 *
 * The server here is built as server.ts builds it (stamp, then hold, then the gateway); `hold`
 * decides how the next call is held back. The game's clock runs in real time, and jumps when the
 * test moves it, so the deadline is reached without waiting the question's whole time.
 */

function realTimeClock(): LiveClock & { advance(ms: number): void } {
  const base = Date.UTC(2026, 11, 1, 12);
  const p0 = performance.now();
  let jumped = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const now = () => Math.round(base + jumped + (performance.now() - p0));
  // Timers also fire as real time reaches them (a deadline passing while a call waits).
  setInterval(() => fireDue(), 2).unref();
  return {
    now,
    setTimeout(fn, ms) {
      ids += 1;
      timers.push({ at: now() + ms, fn, id: ids });
      return ids;
    },
    clearTimeout(id) {
      timers = timers.filter((x) => x.id !== id);
    },
    advance(ms) {
      jumped += ms;
      fireDue();
    },
  };
  function fireDue() {
    const due = timers.filter((x) => x.at <= now());
    timers = timers.filter((x) => x.at > now());
    for (const x of due) x.fn();
  }
}

const busyFor = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // the event loop is held: nothing else runs
  }
};

type Hold = 'none' | 'busy' | 'queued';
const HELD_MS = 600;

let api: TestApi;
let db: Db;
let clock: ReturnType<typeof realTimeClock>;
let server: http.Server;
let url: string;
let hold: Hold = 'none';

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  db = database.db;
  clock = realTimeClock();
  api = await startTestApi(database, undefined, {}, { services: { live: { clock } } });
  server = http.createServer((req, res) => {
    stampArrival(req, res);
    const go = () => void api.gateway.handle(req, res);
    if (hold === 'busy' && req.url?.includes('answer')) {
      // Once the call has arrived, the loop is busy with someone else's work before its handler runs.
      const whenRead = () => {
        if (!req.complete) return void setImmediate(whenRead);
        busyFor(HELD_MS);
        go();
      };
      whenRead();
    } else if (hold === 'queued' && req.url?.includes('answer')) setTimeout(go, HELD_MS); // admission's queue
    else go();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await api.close();
  await closeTestDatabase();
});

async function call<T>(endpoint: string, body: Record<string, string | number>, token?: string): Promise<{ status: number; message: string; data: T }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, String(v));
  const res = await fetch(`${url}/api/${endpoint}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const json = (await res.json()) as { message: string; data: T };
  return { status: res.status, message: json.message, data: json.data };
}

describe(`answers timed at their arrival (${testDbKind})`, () => {
  test('live: a held answer scores as an idle one; one that arrived 150 ms before the deadline is taken though handled after it', async () => {
    const host = await createPlayerWithSession(db, { name: 'Arrival Host' });
    const game = (await call<LiveGameView>('live_create', { category: 'science', questions: 4, time_limit: 5 }, host.token)).data;
    const player = (await call<{ game_id: number; player_id: number; token: string }>('live_join', { pin: game.pin, nickname: 'Timed' })).data;
    const other = (await call<{ game_id: number; token: string }>('live_join', { pin: game.pin, nickname: 'Idle' })).data;
    const secret = (await db.select({ q: liveGames.questions }).from(liveGames).where(eq(liveGames.id, game.id)))[0]!.q;
    const answer = (p: { game_id: number; token: string }, index: number) => call('live_answer', { game_id: p.game_id, token: p.token, question_index: index, answer: secret[index]!.answer });
    const pointsOf = async (index: number) => (await db.select().from(liveAnswers).where(eq(liveAnswers.gameId, game.id))).filter((r) => r.questionIndex === index);
    const next = () => call('live_next', { game_id: game.id }, host.token);

    // Question 0, idle: both answer at once.
    await next();
    clock.advance(LIVE_GET_READY_MS);
    hold = 'none';
    expect((await answer(player, 0)).message).toBe('ok');
    expect((await answer(other, 0)).message).toBe('ok');
    await api.app.live.answers.drain();
    const idle = (await pointsOf(0)).find((r) => r.playerId === player.player_id)!.points;
    expect(idle).toBeGreaterThan(950);

    // Question 1: the answer waits 300 ms for a busy event loop; question 2: 300 ms in a queue.
    for (const [index, how] of [[1, 'busy'], [2, 'queued']] as const) {
      await next(); // the leaderboard
      await next();
      clock.advance(LIVE_GET_READY_MS);
      hold = how;
      expect((await answer(player, index)).message).toBe('ok');
      hold = 'none';
      expect((await answer(other, index)).message).toBe('ok');
      await api.app.live.answers.drain();
      const row = (await pointsOf(index)).find((r) => r.playerId === player.player_id)!;
      // 600 ms is 60 points of a 5 s question's 1,000: timed when handled, it would score about 940.
      expect([how, row.elapsedMs < 400]).toEqual([how, true]);
      expect(Math.abs(row.points - idle)).toBeLessThanOrEqual(40);
    }

    // Question 3: 150 ms before the deadline, the answer arrives and waits 600 ms in a queue.
    await next();
    await next();
    clock.advance(LIVE_GET_READY_MS + 5000 - 150);
    hold = 'queued';
    const sent = answer(player, 3);
    await new Promise((r) => setTimeout(r, 100));
    hold = 'none';
    // The deadline passes (in real time) while the answer waits: the close timer fires, and first
    // lets the answers that arrived before it be decided.
    const late = await sent;
    expect(late.message).toBe('ok');
    await api.app.live.answers.drain();
    const last = (await db.select().from(liveAnswers).where(eq(liveAnswers.gameId, game.id))).find((r) => r.questionIndex === 3 && r.playerId === player.player_id)!;
    expect(last.elapsedMs).toBeGreaterThanOrEqual(4850);
    expect(last.elapsedMs).toBeLessThan(5000);
    await api.app.live.answers.drain();
    await (await api.app.live.load(game.id))!.idle();
    const view = (await call<{ game: LiveGameView }>('live_host_game', { game_id: game.id }, host.token)).data.game;
    expect(view.status).toBe('reveal');
    expect(view.reveal).toMatchObject({ index: 3, answered: 1, correct: 1 });
  });

  test('solo play: an answer that arrived before its deadline is taken though handled after it', async () => {
    const { token } = await createPlayerWithSession(db, { name: 'Solo Timed' });
    const started = await call<{ session_id: string; questions: { id: number }[] }>('get_questions_by_level', { category: 'science', subcategory: 'physics', level: 1, language_id: 1 }, token);
    expect(started.status).toBe(200);
    const q = started.data.questions[0]!;
    const right = (await rightAnswers(db, [q.id])).get(q.id)!;
    await db.update(playSessions).set({ currentDeadline: sql`now() + interval '300 milliseconds'` }).where(eq(playSessions.id, started.data.session_id));
    hold = 'queued';
    const answered = await call<{ correct: boolean; timed_out: boolean }>('submit_answer', { session_id: started.data.session_id, question_id: q.id, answer: right }, token);
    hold = 'none';
    expect([answered.status, answered.message]).toEqual([200, 'ok']);
    expect(answered.data).toMatchObject({ correct: true, timed_out: false });
  });
});
