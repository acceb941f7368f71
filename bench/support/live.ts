/**
 * What the benchmarks need to play hosted live games as phones (bench/live, bench/memory and the
 * small-machine test): the phones' addresses, their event streams read with node:http (lighter
 * than fetch for thousands of streams), a pool of parallel work, and a whole game played for a
 * while by a host and its phones.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { ok, type BenchApi } from '@/bench/support/players';
import { SseParser } from '@/services/client/room-feed';
import type { LiveGameView } from '@/services/domain/live';

/** One keep-alive agent for every stream and call of a run. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** The address of the n-th phone (10.x.y.z): the bench's players each come from their own. */
export const phoneAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Opens a server-sent event stream; each event is given with the moment it arrived. Answers how to close it. */
export function stream(url: string, headers: Record<string, string>, onEvent: (event: string, data: string, at: number) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url}: ${res.statusCode}`));
        return;
      }
      const parser = new SseParser();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        for (const e of parser.push(chunk)) onEvent(e.event, e.data, at);
      });
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

/** Runs `work` on every item, `width` at a time. */
export async function pool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a host and its phones did in `playLiveGames`. */
export interface LiveTally {
  games: number;
  questions: number;
  answers: number;
  errors: Map<string, number>;
}

/**
 * A host plays live games with `phones` phones until the deadline (a performance.now() time): it
 * creates a game from the bank's science category, the phones join with nicknames from addresses
 * of their own and hold their event streams, and for each question every phone answers a random
 * option after a think time of 0.2–4 s once the question opens; the host moves on when the reveal
 * came (or the question's time ran out), through the standings to the next question. A game that
 * ends before the deadline is followed by another.
 */
export async function playLiveGames(api: BenchApi, hostToken: string, phones: number, deadline: number, random: () => number, firstPhone = 0): Promise<LiveTally> {
  const tally: LiveTally = { games: 0, questions: 0, answers: 0, errors: new Map() };
  const fail = (what: string) => tally.errors.set(what, (tally.errors.get(what) ?? 0) + 1);
  const timeLeft = () => performance.now() < deadline;
  while (timeLeft()) {
    const game = ok<LiveGameView>(await api.call('live_create', { category: 'science', questions: 20, time_limit: 20 }, { token: hostToken }), 'live_create');
    tally.games += 1;
    const joined: string[] = [];
    await pool(
      Array.from({ length: phones }, (_, p) => p),
      16,
      async (p) => {
        const res = await api.call('live_join', { pin: game.pin, nickname: `Phone ${p + 1}` }, { ip: phoneAddress(firstPhone + tally.games * phones + p) });
        if (res.status === 200) joined.push((res.body.data as { token: string }).token);
        else fail(`live_join: ${res.status} ${res.body.message}`);
      },
    );
    let view: LiveGameView | null = null;
    const closers: (() => void)[] = [];
    for (const [n, token] of joined.entries()) {
      closers.push(
        await stream(`${api.url}/api/live/${game.id}/events`, { 'x-live-token': token }, (event, data) => {
          if (event === 'game' && n === 0) view = JSON.parse(data) as LiveGameView;
        }),
      );
    }
    const now = () => view as LiveGameView | null;
    try {
      while (timeLeft()) {
        const next = await api.call('live_next', { game_id: game.id }, { token: hostToken });
        if (next.status !== 200) {
          fail(`live_next: ${next.status} ${next.body.message}`);
          break;
        }
        const shown = next.body.data as LiveGameView;
        if (shown.status !== 'question' || !shown.question) break;
        tally.questions += 1;
        const question = shown.question.index;
        const opensAt = performance.now() + 3_100;
        await Promise.all(
          joined.map(async (token) => {
            await sleep(Math.max(0, opensAt - performance.now()) + 200 + random() * 3_800);
            const res = await api.call('live_answer', { game_id: game.id, token, question_index: question, answer: ['a', 'b'][Math.floor(random() * 2)]! });
            if (res.status === 200) tally.answers += 1;
            else fail(`live_answer: ${res.status} ${res.body.message}`);
          }),
        );
        const revealBy = performance.now() + 25_000;
        while (now()?.status !== 'reveal' && performance.now() < revealBy) await sleep(20);
        // To the standings, then the next question.
        const standings = await api.call('live_next', { game_id: game.id }, { token: hostToken });
        if (standings.status !== 200) fail(`live_next: ${standings.status} ${standings.body.message}`);
      }
    } finally {
      for (const close of closers) close();
    }
  }
  return tally;
}
