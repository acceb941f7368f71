/**
 * Play throughput: the built server (PGlite in a fresh data directory, or PostgreSQL with
 * DATABASE_URL), 200 players signed up through the API, then 200 concurrent simulated players
 * playing quiz-zone levels through the API for 60 s, worst of 3 runs. Target (issues 4 and 48): 0 errors,
 * p99 ≤ 50 ms per call (issue 48: with 1,000 players, `--players 1000`, on both engines).
 *
 *   npm run build && npm run bench:play                      people playing (the target applies)
 *   npm run build && npm run bench:play -- --think-ms 0      saturation: the capacity in sessions/s
 *
 * A simulated player is a person playing levels: it opens a level (get_questions_by_level), reads
 * and answers each question (submit_answer) after a think time drawn uniformly from 1–3 s (a fast
 * human), finishes the level (finish_play) and opens the next one at once. Its answer is a random
 * option (right by luck); a level it passes unlocks the next one for it. Players start at random
 * moments over the first 3 s (people do not all press play in the same millisecond); every call
 * made in the 60 s counts, those of the ramp included, and a call still in flight at the end
 * counts when it answers. Randomness (starts, places, think times, answers) comes from a seeded
 * generator per player: a run with the same seed makes the same choices.
 *
 * `--think-ms 0` makes every player send its next call the moment the previous one answers (and
 * start at once): no person plays like that, so no latency target applies; the sessions per
 * second it reaches is the server's capacity for this workload.
 *
 * Options (or the environment variable in brackets):
 *   --seconds 60        [BENCH_SECONDS]       length of the run
 *   --players 200       [BENCH_PLAYERS]       simulated players
 *   --think-ms 2000     [BENCH_THINK_MS]      mean think time before each answer, each drawn
 *                                             uniformly from half to one and a half of it (1–3 s); 0: none
 *   --ramp-seconds 3    [BENCH_RAMP_SECONDS]  players start at random moments over this long (default 0 with --think-ms 0)
 *   --seed 1            [BENCH_SEED]          seed of the players' random choices
 *
 *   --runs 3            [BENCH_RUNS]          runs, each on a fresh server and database; the verdict is the worst
 *
 * Each run is followed by its floor (BENCH_FLOOR=0 leaves it out): the same players, the same
 * rhythm and the same seed against a bare node:http server in its own process that answers each
 * call with a body the app gave in that run (read, parsed, answered; no database, no rules). It is
 * what the load generator, HTTP and JSON cost on this machine at this rhythm: the part of a call's
 * time that no server could take out.
 *
 * BENCH_NODE_ARGS adds flags to the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 * BENCH_URL plays against a server that is already running instead (e.g. one started under
 * `node --cpu-prof`, see README.md), once; it needs DEV_OUTBOX=1 and TRUST_PROXY=1 for the sign-ups.
 * BENCH_DEBUG=1 prints every call slower than 3 s with when it started; BENCH_DEBUG=50, slower than 50 ms.
 *
 * With DATABASE_URL (a PostgreSQL server) the bench creates its own database there and drops it
 * at the end. The simulated players run in this process, on the same machine as the server: the
 * load average before and after the run is printed, since other work on the machine shows in the
 * figures.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startBareServer, type BareServer } from '@/bench/support/bare-server';
import { freshBenchDatabase } from '@/bench/support/database';
import { BenchApi, percentile, seededRandom, signUpPlayers, type Answer } from '@/bench/support/players';
import { describeCpuUse, startCpuUse } from '@/bench/support/cpu-use';
import { freePlaces, playLevelsUntil, SOLO_CALLS, SoloStats, type Place, type SoloCall } from '@/bench/support/solo-player';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';

function option(name: string, env: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i > 0 ? process.argv[i + 1] : process.env[env];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0 (got ${raw})`);
  return value;
}

const seconds = option('seconds', 'BENCH_SECONDS', 60);
const playerCount = option('players', 'BENCH_PLAYERS', 200);
/** Mean think time before each answer; each is drawn uniformly from 0.5× to 1.5× of it. 0: none (saturation). */
const thinkMs = option('think-ms', 'BENCH_THINK_MS', 2000);
const saturation = thinkMs === 0;
/** Players start at random moments over this many seconds (saturation: all at once, unless given). */
const rampSeconds = option('ramp-seconds', 'BENCH_RAMP_SECONDS', saturation ? 0 : 3);
const seed = option('seed', 'BENCH_SEED', 1);
/** A running server (BENCH_URL) has its players signed up already after one run: one run there. */
const runs = process.env.BENCH_URL ? 1 : Math.max(1, Math.floor(option('runs', 'BENCH_RUNS', 3)));
const withFloor = process.env.BENCH_FLOOR !== '0';
const TARGET_P99_MS = 50;

/** BENCH_DEBUG: print calls slower than this (1 means 3 s). */
const slowMs = ((v) => (v === 1 ? 3000 : v))(Number(process.env.BENCH_DEBUG ?? 0) || 0);

// ---------------------------------------------------------------------------------------------

/** One round of play: the players against `url` for the run's length. */
interface Round {
  stats: SoloStats;
  p99: Record<SoloCall, number>;
  /** The body of each call's first 200 answer, as text (the floor answers with them). */
  samples: Partial<Record<SoloCall, string>>;
  /** The same players against the floor, right after (BENCH_FLOOR=0: none). */
  floor?: Round;
}

async function playRound(url: string, tokens: readonly string[], all: readonly Place[], serverPid: number | null): Promise<Round> {
  const api = new BenchApi(url);
  const stats = new SoloStats();
  const samples: Partial<Record<SoloCall, string>> = {};
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  // Every call's start and time, by 10-second window of the run: where the slow calls bunch.
  const windows: number[][] = Array.from({ length: Math.ceil(seconds / 10) + 1 }, () => []);
  const onCall = (call: SoloCall, ms: number, startedAt: number, res: Answer) => {
    windows[Math.min(windows.length - 1, Math.floor((startedAt - t0) / 10_000))]!.push(ms);
    if (res.status === 200 && samples[call] === undefined) samples[call] = JSON.stringify(res.body);
    if (slowMs > 0 && ms > slowMs) console.log(`slow ${call}: ${ms.toFixed(0)} ms, started at ${(startedAt - t0).toFixed(0)} ms, ${res.status} ${res.body.message}`);
  };
  const endCpu = startCpuUse(serverPid);
  await Promise.all(tokens.map((token, i) => playLevelsUntil(api, token, all, deadline, stats, seededRandom(seed * 100_003 + i), { thinkMs, rampSeconds, onCall })));
  const cpu = endCpu();
  const tail = (performance.now() - t0) / 1000 - seconds;

  const calls = stats.calls;
  console.log(
    `  sessions: ${stats.sessions} finished in ${seconds} s = ${(stats.sessions / seconds).toFixed(1)} sessions/s (${stats.passed} passed); ${calls} calls = ${(calls / seconds).toFixed(0)} calls/s (the calls in flight at the end took ${tail.toFixed(1)} s more)`,
  );
  const p99 = {} as Record<SoloCall, number>;
  for (const call of SOLO_CALLS) {
    const times = stats.times[call];
    p99[call] = percentile(times, 99);
    console.log(
      `    ${call.padEnd(24)} ${String(times.length).padStart(7)} calls   p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p99 ${p99[call].toFixed(1).padStart(6)} ms   max ${(times.length ? times.reduce((a, b) => Math.max(a, b)) : Number.NaN).toFixed(1).padStart(7)} ms`,
    );
  }
  console.log(
    `    every call by 10 s window of the run (start): ${windows
      .map((w, k) => (w.length ? `${k * 10}–${k * 10 + 10} s ${w.length} calls p99 ${percentile(w, 99).toFixed(0)} ms` : ''))
      .filter(Boolean)
      .join('; ')}`,
  );
  console.log(`  ${describeCpuUse(cpu, calls).replace('\n', '\n  ')}`);
  const errors = stats.errorCount;
  console.log(`  errors: ${errors}${errors ? ` (${[...stats.errors].map(([k, v]) => `${k} ×${v}`).join('; ')})` : ''}`);
  return { stats, p99, samples };
}

/** A round's worst p99 over the calls. */
const worstOf = (round: Round) => Math.max(...SOLO_CALLS.map((call) => round.p99[call]));

/**
 * The floor: a bare node:http server in its own process that reads each call's JSON body, parses
 * it and answers the body the app gave for that call (a fixed text per call).
 */
async function startFloor(samples: Partial<Record<SoloCall, string>>): Promise<BareServer> {
  const missing = SOLO_CALLS.filter((call) => samples[call] === undefined);
  if (missing.length > 0) throw new Error(`the floor needs an answer of each call from the app; none of ${missing.join(', ')}`);
  return startBareServer(`
    const http = require('node:http');
    const bodies = new Map(Object.entries(${JSON.stringify(samples)}).map(([call, text]) => ['/api/' + call, Buffer.from(text)]));
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = bodies.get(req.url);
        let parsed = null;
        try { parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch {}
        if (!body || parsed === null || typeof parsed !== 'object' || !req.headers.authorization) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end('{"error":true,"message":"bad_request","data":null}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
        res.end(body);
      });
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  `);
}

/** One run of the app: a fresh server and database, the players signed up, then played. */
async function appRound(k: number): Promise<Round> {
  const external = process.env.BENCH_URL;
  const pgBase = external ? undefined : process.env.DATABASE_URL;
  const database = pgBase ? await freshBenchDatabase(pgBase, 'qa_bench_play') : null;
  let server: RunningServer | undefined;
  try {
    if (!external) {
      server = await startServer({
        // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": flags for the server's node (a profile of each run).
        nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
        env: { DEV_OUTBOX: '1', TRUST_PROXY: '1', ...(database ? { DATABASE_URL: database.url } : {}) },
      });
    }
    const url = external ?? server!.url;
    const api = new BenchApi(url);
    console.log(`run ${k} of ${runs}: server ${url}, database: ${external ? 'as the running server has it' : database ? 'PostgreSQL (a fresh database)' : 'PGlite (a fresh data directory)'}`);
    const t = performance.now();
    const tokens = await signUpPlayers(api, playerCount);
    console.log(`  setup: ${tokens.length} players signed up through the API (auth_send_otp, auth_verify_otp, user_signup) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const all = await freePlaces(api, tokens[0]!);
    if (k === 1) {
      console.log(
        `  playing: ${all.length} free quiz-zone subcategories, ${playerCount} concurrent players, ${seconds} s, ${
          saturation ? 'no think time (saturation: capacity)' : `think time ${thinkMs / 2000}–${(thinkMs * 1.5) / 1000} s before each answer`
        }${rampSeconds ? `, starts spread over ${rampSeconds} s` : ', all start at once'}, seed ${seed}`,
      );
    }
    const round = await playRound(url, tokens, all, server?.pid() ?? (process.env.BENCH_SERVER_PID ? Number(process.env.BENCH_SERVER_PID) : null));
    if (withFloor) {
      // The same players (tokens), places and seed, against the floor, right after.
      const floor = await startFloor(round.samples);
      try {
        console.log(`run ${k} of ${runs}: floor (bare node:http answering the app's bodies, same players and seed)`);
        round.floor = await playRound(floor.url, tokens, all, floor.pid);
      } finally {
        floor.stop();
      }
    }
    return round;
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

async function main() {
  const loadBefore = os.loadavg();
  const rounds: Round[] = [];
  for (let k = 1; k <= runs; k++) rounds.push(await appRound(k));
  const loadAfter = os.loadavg();
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}); load average (1 min) ${loadBefore[0]!.toFixed(2)} before the runs, ${loadAfter[0]!.toFixed(2)} after`,
  );
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  for (const call of SOLO_CALLS) {
    const app = rounds.map((r) => r.p99[call]);
    const floor = rounds.map((r) => r.floor?.p99[call]).filter((v): v is number => v !== undefined);
    console.log(`  ${call.padEnd(24)} p99 by run: app ${app.map(fmt).join(', ')}${floor.length ? `; floor ${floor.map(fmt).join(', ')}` : ''}`);
  }
  const worst = Math.max(...rounds.map(worstOf));
  const errors = Math.max(...rounds.map((r) => r.stats.errorCount));
  const floorWorst = rounds.some((r) => r.floor) ? Math.max(...rounds.map((r) => (r.floor ? worstOf(r.floor) : 0))) : null;
  const floorErrors = rounds.some((r) => r.floor) ? Math.max(...rounds.map((r) => r.floor?.stats.errorCount ?? 0)) : null;
  const floorText = floorWorst === null ? '' : `; floor: worst p99 ${fmt(floorWorst)}, ${floorErrors} errors`;
  if (saturation) {
    const rates = rounds.map((r) => (r.stats.sessions / seconds).toFixed(1));
    console.log(`capacity (no think time): ${rates.join(', ')} sessions/s, at most ${errors} errors in a run; no latency target applies to a saturation run${floorText}`);
  } else {
    console.log(
      `target 0 errors and p99 ≤ ${TARGET_P99_MS} ms per call, worst of ${runs}: ${errors === 0 && worst <= TARGET_P99_MS ? 'MET' : 'NOT MET'} (worst p99 ${fmt(worst)}, at most ${errors} errors in a run)${floorText}`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
