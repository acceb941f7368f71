/**
 * bench/live: hosted live games at scale (issue 31, docs/live.md), against the built server on
 * the embedded database (`npm run build` first), with a bare `ws` floor in the same run.
 *
 * Scenarios (`BENCH_LIVE`, default `1x2000,50x40`): G games of N players each, all at once. Each
 * player joins with a nickname (`live_join`) and holds its phone's stream
 * (`GET /api/live/<id>/events`); each host holds the host's stream. For each question
 * (`BENCH_LIVE_QUESTIONS`, default 3) the host moves the game on (`live_next`) and every player
 * answers after a think time of 0.2–4 s (seeded) with a random option. Measured:
 *
 * - question → phone: from the host's `live_next` leaving the bench to each phone's stream
 *   delivering that question's frame (one sample per phone and question);
 * - answer → host count: from an answer leaving the bench to the host's stream delivering a count
 *   that includes it (the answer's reply says how many the question had counted with it);
 * - every answer counted once: each question's reveal says as many answers as were accepted;
 * - the server's memory (RSS) and CPU time per participant.
 *
 * The floor plays the same scenario against bench/live/ws-floor-server.ts: the host's message fans
 * out one frame to every player of the game, each player's message sends the count to the host.
 *
 * Targets (worst of `BENCH_LIVE_RUNS`, default 3): question → every phone p99 ≤ 250 ms, answer →
 * host count p99 ≤ 50 ms, 0 errors, in both scenarios. Run it alone on the machine.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { BenchApi, ok, percentile, seededRandom, signUpPlayer } from '@/bench/support/players';
import type { LiveGameView } from '@/services/domain/live';
import { freshBenchDatabase } from '@/bench/support/database';
import { agent, phoneAddress, pool, stream } from '@/bench/support/live';
import { writeFigures, type FloorFigure } from '@/bench/support/figures';
import { freePort, startServer, type RunningServer } from '@/tests/e2e/support/server';

const SCENARIOS = (process.env.BENCH_LIVE ?? '1x2000,50x40').split(',').map((s) => {
  const [g, n] = s.split('x').map(Number);
  return { games: g!, players: n! };
});
const QUESTIONS = Number(process.env.BENCH_LIVE_QUESTIONS ?? 3);
/**
 * `BENCH_LIVE_KINDS=mixed`: the games are hosted from a quiz set whose questions take the kinds in
 * turn — multiple choice, type answer, slider, poll, word cloud (docs/live.md, "Question kinds") —
 * and each phone answers in its question's kind. The default plays the bank's choice questions.
 */
const MIXED = process.env.BENCH_LIVE_KINDS === 'mixed';
const MIXED_SET = [
  { type: 'multiple', text: 'Largest planet?', options: ['Jupiter', 'Mars'], answer: [0], time_limit: 20, points: 1000 },
  { type: 'type', text: 'Capital of France?', options: ['Paris'], match: 'tolerant', time_limit: 20, points: 1000 },
  { type: 'slider', text: 'Degrees in a right angle?', slider: { min: 0, max: 180, step: 1, correct: 90, tolerance: 10, scoring: 'closeness' }, time_limit: 20, points: 1000 },
  { type: 'poll', text: 'Tea or coffee?', options: ['Tea', 'Coffee'], time_limit: 20 },
  { type: 'wordcloud', text: 'One word for today?', time_limit: 20 },
];
const TYPED = ['Paris', 'paris', 'Pariss', 'London', 'Lyon'];
const WORDS = ['sunny', 'Sunny!', 'tired', 'happy', 'busy', 'calm'];
/** A phone's answer to question `q` of a game: a letter, or in the mixed set the kind's own answer. */
function answerFor(q: number, random: () => number): string {
  if (!MIXED) return ['a', 'b'][Math.floor(random() * 2)]!;
  switch (MIXED_SET[q % MIXED_SET.length]!.type) {
    case 'type':
      return TYPED[Math.floor(random() * TYPED.length)]!;
    case 'slider':
      return String(Math.floor(random() * 181));
    case 'wordcloud':
      return WORDS[Math.floor(random() * WORDS.length)]!;
    default:
      return ['a', 'b'][Math.floor(random() * 2)]!;
  }
}
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 3);
/** `BENCH_LIVE_PGLITE_THREAD=worker`: the embedded database on a thread of its own (decision 024). */
const PGLITE_ENV: Record<string, string> = process.env.BENCH_LIVE_PGLITE_THREAD ? { PGLITE_THREAD: process.env.BENCH_LIVE_PGLITE_THREAD } : {};
/**
 * `BENCH_LIVE_PROCESSES=2`: two server processes on one PostgreSQL database (a fresh one per run on
 * the server `BENCH_LIVE_DATABASE_URL` or `TEST_DATABASE_URL` names). Games are created and hosted
 * through the processes in turn (each holds the games made through it); every other player joins,
 * streams and answers through the other process, which sends each call and stream on to the holder.
 */
const PROCESSES = Number(process.env.BENCH_LIVE_PROCESSES ?? 1);
/** BENCH_LIVE_NODE_ARGS="--trace-gc …": more arguments for node in every server process. */
const NODE_ARGS = (process.env.BENCH_LIVE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const DATABASE_BASE = process.env.BENCH_LIVE_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const THINK_MIN_MS = 200;
const THINK_MAX_MS = 4000;
const GET_READY_MS = 3000;
const TARGET_OPEN_P99_MS = 250;
const TARGET_COUNT_P99_MS = 50;

interface Result {
  open: number[];
  count: number[];
  errors: Map<string, number>;
  accepted: number;
  counted: number;
  rssPerPlayerKb: number;
  heapPerPlayerKb: number;
  cpuPerPlayerMs: number;
  /** The bench's own event-loop delay over the questions (p99, max; ms): its clients' timings are late by as much. */
  benchDelay: { p99: number; max: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Server RSS (kB) and CPU time (ms) from /proc. */
function usage(pid: number): { rssKb: number; cpuMs: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  return { rssKb, cpuMs: (ticks * 1000) / 100 };
}

/** A session on the server's inspector (the server is started with --inspect on a port of its own). */
async function inspector(inspectPort: number): Promise<{ call: (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>; close: () => void }> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl, { maxPayload: 1024 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const mine = ++id;
      const onMessage = (raw: WebSocket.RawData) => {
        const msg = JSON.parse(String(raw)) as { id?: number; result?: Record<string, unknown> };
        if (msg.id !== mine) return;
        socket.off('message', onMessage);
        resolve(msg.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  return { call, close: () => socket.close() };
}

/**
 * The server's JavaScript heap after a full collection, through its inspector: what the players
 * and their streams hold, not what the collector has not reclaimed yet. Answers bytes, and the RSS
 * read just after.
 */
async function heapAfterGc(inspectPort: number, pid: number): Promise<{ heapBytes: number; rssKb: number }> {
  const session = await inspector(inspectPort);
  // Twice: the first collection can leave what finalizers freed for the next one.
  await session.call('HeapProfiler.collectGarbage');
  await session.call('HeapProfiler.collectGarbage');
  const used = await session.call('Runtime.getHeapUsage');
  session.close();
  return { heapBytes: Number(used.usedSize ?? 0), rssKb: usage(pid).rssKb };
}

/** A server process of the run, with its inspector's port. */
interface Process {
  server: RunningServer;
  inspectPort: number;
}

/** The heap after full collections and the RSS, summed over the run's processes. */
async function heapOf(processes: readonly Process[]) {
  let heapBytes = 0;
  let rssKb = 0;
  for (const p of processes) {
    const m = await heapAfterGc(p.inspectPort, p.server.pid());
    heapBytes += m.heapBytes;
    rssKb += m.rssKb;
  }
  return { heapBytes, rssKb };
}
const cpuOf = (processes: readonly Process[]) => processes.reduce((sum, p) => sum + usage(p.server.pid()).cpuMs, 0);

async function appScenario(processes: readonly Process[], games: number, players: number, seed: number): Promise<Result> {
  const server = processes[0]!.server;
  const api = new BenchApi(server.url);
  // Player i goes through process i mod the number of processes.
  const apis = processes.map((p) => new BenchApi(p.server.url));
  const through = (i: number) => processes[i % processes.length]!.server.url;
  const random = seededRandom(seed);
  const hostToken = await signUpPlayer(api, seed % 100_000, 'live host');
  const errors = new Map<string, number>();
  const fail = (code: string) => errors.set(code, (errors.get(code) ?? 0) + 1);
  const base = await heapOf(processes);

  const made: LiveGameView[] = [];
  const source = MIXED
    ? { set_id: ok<{ id: number }>(await api.call('quiz_set_save', { title: 'Every kind', questions: JSON.stringify(Array.from({ length: QUESTIONS }, (_, q) => MIXED_SET[q % MIXED_SET.length])) }, { token: hostToken }), 'quiz_set_save').id }
    : { category: 'science', questions: QUESTIONS, time_limit: 20 };
  // Game g is created, hosted and moved on through process g mod the number of processes (which
  // then holds it), as a proxy spreads hosts; its players come through every process.
  for (let g = 0; g < games; g++) made.push(ok<LiveGameView>(await apis[g % apis.length]!.call('live_create', source, { token: hostToken }), 'live_create'));
  const hostVia = new Map(made.map((game, g) => [game.id, g % apis.length]));

  interface Phone { game: number; token: string; seen: Map<number, number>; via: number }
  const phones: Phone[] = [];
  // Each phone from an address of its own, as phones on their own connections are (the server
  // allows live_seats_per_address seats per address in a game; docs/live.md, "Guessing a PIN").
  const jobs = made.flatMap((game, g) => Array.from({ length: players }, (_, p) => ({ game, nickname: `P${g}x${p}`, via: (g * players + p) % processes.length, ip: phoneAddress(g * players + p) })));
  await pool(jobs, 32, async ({ game, nickname, via, ip }) => {
    const joined = ok<{ token: string }>(await apis[via]!.call('live_join', { pin: game.pin, nickname }, { ip }), 'live_join');
    phones.push({ game: game.id, token: joined.token, seen: new Map(), via });
  });

  // Every stream open: the phones' and the hosts'.
  const counts = new Map<number, { at: number; answered: number }[]>();
  const reveals = new Map<string, number>();
  const closers: (() => void)[] = [];
  for (const game of made) {
    counts.set(game.id, []);
    closers.push(
      await stream(`${through(hostVia.get(game.id)!)}/api/live/${game.id}/host`, { authorization: `Bearer ${hostToken}` }, (event, data, at) => {
        if (event === 'counts') counts.get(game.id)!.push({ at, answered: (JSON.parse(data) as { answered: number }).answered });
      }),
    );
  }
  await pool(phones, 64, async (phone) => {
    closers.push(
      await stream(`${through(phone.via)}/api/live/${phone.game}/events`, { 'x-live-token': phone.token }, (event, data, at) => {
        if (event !== 'game') return;
        const view = JSON.parse(data) as LiveGameView;
        if (view.status === 'question' && view.question && !phone.seen.has(view.question.index)) phone.seen.set(view.question.index, at);
        if (view.status === 'reveal' && view.reveal) reveals.set(`${view.id}:${view.reveal.index}`, view.reveal.answered);
      }),
    );
  });
  await sleep(500);
  const joined = await heapOf(processes);
  const joinedCpuMs = cpuOf(processes);
  // BENCH_LIVE_CPU_PROF=<dir>: the server's CPU profile of the questions alone (joins and start-up left out).
  const profilers = process.env.BENCH_LIVE_CPU_PROF ? await Promise.all(processes.map((p) => inspector(p.inspectPort))) : [];
  for (const profiler of profilers) {
    await profiler.call('Profiler.enable');
    await profiler.call('Profiler.start');
  }

  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const open: number[] = [];
  const count: number[] = [];
  let accepted = 0;
  let counted = 0;
  const acceptedBy = new Map<string, number>();
  const trace: number[][] | null = process.env.BENCH_LIVE_TRACE ? [] : null;
  // The machine's monotonic clock in µs at performance.now() = 0: the clock of the servers' CPU
  // profiles, so that a traced answer can be set beside what each server was doing at that moment.
  const monoOriginUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
  // With the trace, the bench's own late turns too ([monotonic µs, ms late], 5 ms or more): a slow
  // answer whose frame came while the bench was late was partly the bench's.
  const lateTurns: number[][] = [];
  let lastTurn = performance.now();
  const turnWatch = trace
    ? setInterval(() => {
        const now = performance.now();
        if (now - lastTurn - 2 >= 5) lateTurns.push([Math.round(monoOriginUs + lastTurn * 1000), +(now - lastTurn - 2).toFixed(1)]);
        lastTurn = now;
      }, 2)
    : null;
  for (let q = 0; q < QUESTIONS; q++) {
    const sent = new Map<number, number>();
    // The counts of the question before are all in (its reveal came): this question's start from none.
    for (const list of counts.values()) list.length = 0;
    await Promise.all(
      made.map(async (game) => {
        sent.set(game.id, performance.now());
        ok(await apis[hostVia.get(game.id)!]!.call('live_next', { game_id: game.id }, { token: hostToken }), 'live_next');
      }),
    );
    const deadline = performance.now() + 30_000;
    while (phones.some((p) => !p.seen.has(q)) && performance.now() < deadline) await sleep(20);
    for (const p of phones) {
      const at = p.seen.get(q);
      if (at === undefined) fail('question_not_seen');
      else open.push(at - sent.get(p.game)!);
    }
    // Answers from the opening on, each after its think time.
    const opensAt = Math.max(...[...sent.values()]) + GET_READY_MS + 100;
    await Promise.all(
      phones.map(async (p) => {
        const wait = opensAt - performance.now() + THINK_MIN_MS + random() * (THINK_MAX_MS - THINK_MIN_MS);
        await sleep(Math.max(0, wait));
        const letter = answerFor(q, random);
        const at = performance.now();
        const res = await apis[p.via]!.call('live_answer', { game_id: p.game, token: p.token, question_index: q, answer: letter });
        if (res.status !== 200) return fail(String(res.body.message));
        const answered = (res.body.data as { answered: number }).answered;
        accepted += 1;
        acceptedBy.set(`${p.game}:${q}`, (acceptedBy.get(`${p.game}:${q}`) ?? 0) + 1);
        // The first count at or above this answer's place, once it has come.
        const until = performance.now() + 5000;
        for (;;) {
          const frame = counts.get(p.game)!.find((c) => c.answered >= answered);
          if (frame) {
            count.push(Math.max(0, frame.at - at));
            trace?.push([q, Math.round(at - opensAt), +(frame.at - at).toFixed(1), p.via, hostVia.get(p.game)!, p.game, Math.round(monoOriginUs + at * 1000)]);
            break;
          }
          if (performance.now() > until) {
            fail('count_not_seen');
            break;
          }
          await sleep(5);
        }
      }),
    );
    // Everyone answered: each game closed its question; the reveal says how many it counted.
    const revealBy = performance.now() + 10_000;
    while (made.some((g) => !reveals.has(`${g.id}:${q}`)) && performance.now() < revealBy) await sleep(20);
    for (const g of made) {
      const shown = reveals.get(`${g.id}:${q}`);
      if (shown === undefined) fail('reveal_not_seen');
      else counted += shown;
      if (shown !== undefined && shown !== (acceptedBy.get(`${g.id}:${q}`) ?? 0)) fail('count_mismatch');
    }
    for (const g of made) ok(await apis[hostVia.get(g.id)!]!.call('live_next', { game_id: g.id }, { token: hostToken }), 'live_next (leaderboard)');
  }
  const endCpuMs = cpuOf(processes);
  loopDelay.disable();
  for (const [n, profiler] of profilers.entries()) {
    const { profile } = await profiler.call('Profiler.stop');
    profiler.close();
    const file = path.join(process.env.BENCH_LIVE_CPU_PROF!, `live-${games}x${players}-${seed}${processes.length > 1 ? `-p${n + 1}` : ''}.cpuprofile`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`  the server's CPU profile of the questions: ${file}`);
  }
  if (turnWatch) clearInterval(turnWatch);
  if (trace) fs.writeFileSync(`${process.env.BENCH_LIVE_TRACE}-${games}x${players}-${seed}.json`, JSON.stringify(trace));
  if (trace) fs.writeFileSync(`${process.env.BENCH_LIVE_TRACE}-${games}x${players}-${seed}-late.json`, JSON.stringify(lateTurns));
  for (const close of closers) close();
  const total = games * players;
  return {
    open,
    count,
    errors,
    accepted,
    counted,
    rssPerPlayerKb: (joined.rssKb - base.rssKb) / total,
    heapPerPlayerKb: (joined.heapBytes - base.heapBytes) / 1024 / total,
    cpuPerPlayerMs: (endCpuMs - joinedCpuMs) / total / QUESTIONS,
    benchDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
  };
}

async function startFloor(): Promise<{ url: string; stop: () => void }> {
  const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [path.join(process.cwd(), 'bench/live/ws-floor-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const m = /listening (\d+)/.exec(String(chunk));
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
  });
  return { url: `ws://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function floorScenario(url: string, games: number, players: number, seed: number): Promise<Pick<Result, 'open' | 'count' | 'errors'>> {
  const random = seededRandom(seed);
  const connect = (query: string, onMessage: (data: string, at: number) => void) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${url}/?${query}`, { perMessageDeflate: false });
      ws.on('open', () => resolve(ws));
      ws.on('error', reject);
      ws.on('message', (data) => onMessage(String(data), performance.now()));
    });
  const hosts: WebSocket[] = [];
  const counts = new Map<number, { at: number; answered: number }[]>();
  const phones: { game: number; ws: WebSocket; seen: Map<number, number> }[] = [];
  for (let g = 0; g < games; g++) {
    counts.set(g, []);
    hosts.push(await connect(`game=${g}&role=host`, (data, at) => counts.get(g)!.push({ at, answered: (JSON.parse(data) as { answered: number }).answered })));
  }
  const jobs = Array.from({ length: games * players }, (_, i) => Math.floor(i / players));
  await pool(jobs, 64, async (g) => {
    const seen = new Map<number, number>();
    const ws = await connect(`game=${g}&role=player`, (data, at) => {
      const q = (JSON.parse(data) as { q: number }).q;
      if (!seen.has(q)) seen.set(q, at);
    });
    phones.push({ game: g, ws, seen });
  });
  const open: number[] = [];
  const count: number[] = [];
  for (let q = 0; q < QUESTIONS; q++) {
    const sent = new Map<number, number>();
    for (let g = 0; g < games; g++) {
      counts.get(g)!.length = 0;
      sent.set(g, performance.now());
      hosts[g]!.send(JSON.stringify({ t: 'q', q }));
    }
    const deadline = performance.now() + 30_000;
    while (phones.some((p) => !p.seen.has(q)) && performance.now() < deadline) await sleep(20);
    for (const p of phones) open.push((p.seen.get(q) ?? Infinity) - sent.get(p.game)!);
    const answeredBy = new Map<number, number>();
    const start = performance.now() + 100;
    await Promise.all(
      phones.map(async (p) => {
        await sleep(Math.max(0, start - performance.now() + THINK_MIN_MS + random() * (THINK_MAX_MS - THINK_MIN_MS)));
        const at = performance.now();
        const place = (answeredBy.get(p.game) ?? 0) + 1;
        answeredBy.set(p.game, place);
        p.ws.send(JSON.stringify({ t: 'a', q }));
        for (;;) {
          const frame = counts.get(p.game)!.find((c) => c.answered >= place);
          if (frame) {
            count.push(Math.max(0, frame.at - at));
            break;
          }
          await sleep(5);
        }
      }),
    );
  }
  for (const p of phones) p.ws.close();
  for (const h of hosts) h.close();
  return { open, count, errors: new Map() };
}

const fmt = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} / p99 ${percentile(values, 99).toFixed(1)} / max ${Math.max(...values).toFixed(1)} ms`;

async function main() {
  if (PROCESSES > 1 && !DATABASE_BASE) throw new Error('BENCH_LIVE_PROCESSES > 1 needs PostgreSQL: set BENCH_LIVE_DATABASE_URL (or TEST_DATABASE_URL)');
  const where = PROCESSES > 1 ? `${PROCESSES} processes on PostgreSQL (games and players spread over them)` : `one process, embedded database on the ${PGLITE_ENV.PGLITE_THREAD ?? 'main'} thread`;
  console.log(`bench/live on ${os.cpus()[0]?.model ?? 'this CPU'} × ${os.cpus().length}, Node ${process.version}; ${QUESTIONS} questions${MIXED ? ' of every kind in turn' : ''}, ${RUNS} runs; ${where}`);
  let met = true;
  const figures: FloorFigure[] = [];
  for (const { games, players } of SCENARIOS) {
    const worst = { open: 0, count: 0, errors: 0 };
    /** The floor's worst p99s over the same runs, beside the app's. */
    const floorWorst = { open: 0, count: 0 };
    for (let run = 1; run <= RUNS; run++) {
      const database = PROCESSES > 1 ? await freshBenchDatabase(DATABASE_BASE, 'bench_live') : null;
      const processes: Process[] = [];
      let app: Result;
      try {
        for (let i = 0; i < PROCESSES; i++) {
          const inspectPort = await freePort();
          const env: Record<string, string> = { DEV_OUTBOX: '1', TRUST_PROXY: '1', LOG_LEVEL: 'warn', ...PGLITE_ENV, ...(database ? { DATABASE_URL: database.url } : {}) };
          processes.push({ server: await startServer({ env, nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`, ...NODE_ARGS] }), inspectPort });
        }
        app = await appScenario(processes, games, players, 1000 * run + games);
      } finally {
        for (const [n, p] of processes.entries()) {
          await p.server.stop();
          // BENCH_LIVE_SERVER_LOG=<file prefix>: each server's output (with --trace-gc, its collections).
          if (process.env.BENCH_LIVE_SERVER_LOG) fs.writeFileSync(`${process.env.BENCH_LIVE_SERVER_LOG}-${games}x${players}-run${run}-p${n + 1}.log`, p.server.output());
        }
        await database?.drop();
      }
      const floorServer = await startFloor();
      let floor: Awaited<ReturnType<typeof floorScenario>>;
      try {
        floor = await floorScenario(floorServer.url, games, players, 1000 * run + games);
      } finally {
        floorServer.stop();
      }
      const errorCount = [...app.errors.values()].reduce((a, b) => a + b, 0);
      console.log(`\n${games} × ${players}, run ${run}:`);
      console.log(`  question → phone   app ${fmt(app.open)}   floor ${fmt(floor.open)}`);
      console.log(`  answer → host count app ${fmt(app.count)}   floor ${fmt(floor.count)}`);
      console.log(`  answers accepted ${app.accepted}, counted at the reveals ${app.counted}; errors ${errorCount}${errorCount ? ` ${JSON.stringify(Object.fromEntries(app.errors))}` : ''}`);
      console.log(`  the bench's own event loop over the questions: delay p99 ${app.benchDelay.p99.toFixed(1)} / max ${app.benchDelay.max.toFixed(1)} ms`);
      console.log(`  server per participant (after a full collection): ${app.heapPerPlayerKb.toFixed(1)} kB of JavaScript heap, ${app.rssPerPlayerKb.toFixed(1)} kB RSS; ${app.cpuPerPlayerMs.toFixed(2)} ms CPU per question`);
      worst.open = Math.max(worst.open, percentile(app.open, 99));
      worst.count = Math.max(worst.count, percentile(app.count, 99));
      worst.errors += errorCount + (app.accepted === app.counted ? 0 : 1);
      floorWorst.open = Math.max(floorWorst.open, percentile(floor.open, 99));
      floorWorst.count = Math.max(floorWorst.count, percentile(floor.count, 99));
    }
    figures.push(
      { measure: `live ${games}×${players} question → phones p99`, app: worst.open, floor: floorWorst.open, unit: 'ms', better: 'lower', errors: worst.errors },
      { measure: `live ${games}×${players} answer → host count p99`, app: worst.count, floor: floorWorst.count, unit: 'ms', better: 'lower', errors: worst.errors },
    );
    const ok = worst.open <= TARGET_OPEN_P99_MS && worst.count <= TARGET_COUNT_P99_MS && worst.errors === 0;
    if (!ok) met = false;
    console.log(`\n${games} × ${players}, worst of ${RUNS}: question → phone p99 ${worst.open.toFixed(1)} ms (target ≤ ${TARGET_OPEN_P99_MS}), answer → host count p99 ${worst.count.toFixed(1)} ms (target ≤ ${TARGET_COUNT_P99_MS}), errors ${worst.errors}: ${ok ? 'met' : 'NOT met'}`);
  }
  writeFigures(figures);
  agent.destroy();
  process.exit(met ? 0 : 1);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
