/**
 * Play throughput: the built server (PGlite in a fresh data directory, or PostgreSQL with
 * DATABASE_URL), 200 players signed up through the API, then 200 concurrent simulated players
 * playing quiz-zone levels through the API for 60 s. Target (issue 4): 0 errors, p99 ≤ 50 ms per call.
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
 * BENCH_URL plays against a server that is already running instead (e.g. one started under
 * `node --cpu-prof`, see README.md); it needs DEV_OUTBOX=1 and TRUST_PROXY=1 for the sign-ups.
 * BENCH_DEBUG=1 prints every call slower than 3 s with when it started; BENCH_DEBUG=50, slower than 50 ms.
 *
 * With DATABASE_URL (a PostgreSQL server) the bench creates its own database there and drops it
 * at the end. The simulated players run in this process, on the same machine as the server: the
 * load average before and after the run is printed, since other work on the machine shows in the
 * figures.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { freshBenchDatabase } from '@/bench/support/database';
import { seededRandom } from '@/bench/support/players';
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
const TARGET_P99_MS = 50;

interface Answer {
  status: number;
  body: { error: boolean; message: string; data: unknown } & Record<string, unknown>;
}

class Api {
  constructor(private readonly url: string) {}

  async call(endpoint: string, body: Record<string, unknown>, options: { token?: string; ip?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    // The server runs with TRUST_PROXY=1: each simulated player signs up from its own address.
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    const res = await fetch(`${this.url}/api/${endpoint}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }
}

function ok<T>(res: Answer, what: string): T {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

// ---------------------------------------------------------------------------------------------
// Setup: players signed up by phone through the built-in provider, codes read from the dev outbox

async function signUp(api: Api, i: number): Promise<string> {
  const phone = `+1555${String(1_000_000 + i).slice(1)}`;
  const ip = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  ok(await api.call('auth_send_otp', { phone }, { ip }), 'auth_send_otp');
  const outbox = ok<{ recipient: string; body: string }[]>(await api.call('dev_outbox', {}), 'dev_outbox');
  const sms = outbox.find((m) => m.recipient === phone);
  const code = sms && /\b(\d{6})\b/.exec(sms.body)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  const proof = ok<{ firebase_id: string; id_token: string }>(await api.call('auth_verify_otp', { phone, code }, { ip }), 'auth_verify_otp');
  const signed = ok<{ api_token: string }>(
    await api.call('user_signup', { firebase_id: proof.firebase_id, type: 'mobile', id_token: proof.id_token, name: `bench player ${i + 1}` }, { ip }),
    'user_signup',
  );
  return signed.api_token;
}

async function signUpAll(api: Api, n: number): Promise<string[]> {
  const tokens: string[] = new Array(n);
  let next = 0;
  // A few at a time: the outbox lists the latest 50 messages.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < n) {
        const i = next++;
        tokens[i] = await signUp(api, i);
      }
    }),
  );
  return tokens;
}

interface Place {
  category: string;
  subcategory?: string;
}

async function places(api: Api, token: string): Promise<Place[]> {
  const out: Place[] = [];
  const categories = ok<{ slug: string; no_of_subcategories: number; is_premium: boolean }[]>(
    await api.call('get_categories', { type: 1, language_id: 1 }, { token }),
    'get_categories',
  );
  for (const c of categories.filter((c) => !c.is_premium)) {
    if (c.no_of_subcategories === 0) {
      out.push({ category: c.slug });
      continue;
    }
    const subs = ok<{ slug: string; is_premium: boolean }[]>(
      await api.call('get_subcategory_by_maincategory', { language_id: 1, category_slug: c.slug }, { token }),
      'get_subcategory_by_maincategory',
    );
    for (const s of subs.filter((s) => !s.is_premium)) out.push({ category: c.slug, subcategory: s.slug });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The simulated players

const CALLS = ['get_questions_by_level', 'submit_answer', 'finish_play'] as const;
type Call = (typeof CALLS)[number];

class Stats {
  readonly times: Record<Call, number[]> = { get_questions_by_level: [], submit_answer: [], finish_play: [] };
  readonly errors = new Map<string, number>();
  sessions = 0;
  passed = 0;

  error(call: string, what: string) {
    const key = `${call}: ${what}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }
}

interface SessionData {
  session_id: string;
  current_index: number;
  questions: { id: number; options: { key: string }[] }[];
}

/** BENCH_DEBUG: print calls slower than this (1 means 3 s). */
const slowMs = ((v) => (v === 1 ? 3000 : v))(Number(process.env.BENCH_DEBUG ?? 0) || 0);

let t0 = performance.now();
async function timed(stats: Stats, call: Call, run: () => Promise<Answer>): Promise<Answer | null> {
  const t = performance.now();
  try {
    const res = await run();
    stats.times[call].push(performance.now() - t);
    if (slowMs > 0 && performance.now() - t > slowMs) console.log(`slow ${call}: ${(performance.now() - t).toFixed(0)} ms, started at ${(t - t0).toFixed(0)} ms, ${res.status} ${res.body.message}`);
    if (res.status !== 200) {
      stats.error(call, `${res.status} ${res.body.message}`);
      return null;
    }
    return res;
  } catch (err) {
    stats.error(call, (err as Error).message);
    return null;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plays until the deadline; a session still going then is left open (its calls so far count). */
async function playUntil(api: Api, token: string, all: Place[], deadline: number, stats: Stats, random: () => number): Promise<void> {
  const unlocked = new Map<string, number>();
  const timeLeft = () => performance.now() < deadline;
  if (rampSeconds > 0) await pause(random() * rampSeconds * 1000);
  while (timeLeft()) {
    const place = all[Math.floor(random() * all.length)]!;
    const key = `${place.category}/${place.subcategory ?? ''}`;
    const level = unlocked.get(key) ?? 1;
    const opened = await timed(stats, 'get_questions_by_level', () => api.call('get_questions_by_level', { ...place, level, language_id: 1 }, { token }));
    if (!opened) continue;
    const session = opened.body.data as SessionData;
    let complete = true;
    for (let i = session.current_index; i < session.questions.length; i++) {
      // Reading the question and choosing: uniformly 0.5–1.5 × the mean think time.
      if (thinkMs > 0) await pause(thinkMs * (0.5 + random()));
      if (!timeLeft()) return;
      const q = session.questions[i]!;
      const letter = q.options[Math.floor(random() * q.options.length)]!.key;
      const answered = await timed(stats, 'submit_answer', () => api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: letter }, { token }));
      if (!answered) {
        complete = false;
        break;
      }
    }
    if (!complete || !timeLeft()) continue;
    const finished = await timed(stats, 'finish_play', () => api.call('finish_play', { session_id: session.session_id }, { token }));
    if (!finished) continue;
    const result = finished.body.data as { passed: boolean; level_unlocked: number | null };
    stats.sessions++;
    if (result.passed) stats.passed++;
    if (result.level_unlocked) unlocked.set(key, result.level_unlocked);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const external = process.env.BENCH_URL;
  const pgBase = external ? undefined : process.env.DATABASE_URL;
  const database = pgBase ? await freshBenchDatabase(pgBase, 'qa_bench_play') : null;
  let server: RunningServer | undefined;
  try {
    if (!external) server = await startServer({ env: { DEV_OUTBOX: '1', TRUST_PROXY: '1', ...(database ? { DATABASE_URL: database.url } : {}) } });
    const url = external ?? server!.url;
    const api = new Api(url);
    console.log(`server: ${url}, database: ${external ? 'as the running server has it' : database ? 'PostgreSQL (a fresh database)' : 'PGlite (a fresh data directory)'}`);

    let t = performance.now();
    const tokens = await signUpAll(api, playerCount);
    console.log(`setup: ${tokens.length} players signed up through the API (auth_send_otp, auth_verify_otp, user_signup) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const all = await places(api, tokens[0]!);
    console.log(
      `playing: ${all.length} free quiz-zone subcategories, ${playerCount} concurrent players, ${seconds} s, ${
        saturation ? 'no think time (saturation: capacity)' : `think time ${thinkMs / 2000}–${(thinkMs * 1.5) / 1000} s before each answer`
      }${rampSeconds ? `, starts spread over ${rampSeconds} s` : ', all start at once'}, seed ${seed}`,
    );
    const loadBefore = os.loadavg();

    const stats = new Stats();
    t = performance.now();
    t0 = t;
    const deadline = t + seconds * 1000;
    await Promise.all(tokens.map((token, i) => playUntil(api, token, all, deadline, stats, seededRandom(seed * 100_003 + i))));
    const elapsed = seconds;
    const tail = (performance.now() - t) / 1000 - seconds;

    const calls = CALLS.reduce((n, c) => n + stats.times[c].length, 0);
    console.log(
      `sessions: ${stats.sessions} finished in ${elapsed} s = ${(stats.sessions / elapsed).toFixed(1)} sessions/s (${stats.passed} passed); ${calls} calls = ${(calls / elapsed).toFixed(0)} calls/s (the calls in flight at the end took ${tail.toFixed(1)} s more)`,
    );
    let worst = 0;
    for (const call of CALLS) {
      const sorted = [...stats.times[call]].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      worst = Math.max(worst, p99);
      console.log(
        `  ${call.padEnd(24)} ${String(sorted.length).padStart(7)} calls   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   max ${(sorted.at(-1) ?? NaN).toFixed(1).padStart(7)} ms`,
      );
    }
    const errors = [...stats.errors.values()].reduce((a, b) => a + b, 0);
    console.log(`errors: ${errors}${errors ? ` (${[...stats.errors].map(([k, v]) => `${k} ×${v}`).join('; ')})` : ''}`);
    const loadAfter = os.loadavg();
    console.log(
      `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}); load average (1 min) ${loadBefore[0]!.toFixed(2)} before the run, ${loadAfter[0]!.toFixed(2)} after`,
    );
    if (saturation) {
      console.log(`capacity (no think time): ${(stats.sessions / elapsed).toFixed(1)} sessions/s, ${errors} errors; no latency target applies to a saturation run`);
    } else {
      console.log(`target 0 errors and p99 ≤ ${TARGET_P99_MS} ms per call: ${errors === 0 && worst <= TARGET_P99_MS ? 'MET' : 'NOT MET'} (worst p99 ${worst.toFixed(1)} ms)`);
    }
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
