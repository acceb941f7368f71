/**
 * bench/memory: how much memory the server and its commands hold, in every situation a self-hoster
 * meets (issue 46, bench/memory/README.md), against the built app (`npm run build` first).
 *
 * Each situation runs the real command in child processes and samples the RSS of every process of
 * its tree from /proc every 20 ms: the peak is the highest sum seen (never below the highest
 * VmHWM of one process), the settled figure the sum after the situation has been quiet for
 * `BENCH_MEMORY_SETTLE_SECONDS` (15). The embedded database's thread (`PGLITE_THREAD=worker`)
 * lives in the server's process: its memory is inside that process's figure.
 *
 * Situations, embedded database (PGlite):
 *   first start        `npm start`'s server on a new data directory (creates the database, loads the demo)
 *   later start        the same directory again; settled = idle after start
 *   later start, worker the same with PGLITE_THREAD=worker
 *   under play          a 40-phone live game and 20 solo players at once for 60 s, on the later start
 *   import (new)        `npm run import` of a 50,000-row bank into a new data directory
 *   import (existing)   the same bank into the directory of the first start
 *   restore (new)       `npm run restore` of a backup of that directory into a new one
 *   db:move (new)       `npm run db:move` from PostgreSQL into a new embedded directory
 * and on PostgreSQL (a fresh database): first start, later start, under play.
 *
 * Targets (worst of the runs): first start peak ≤ 512 MB; idle after start ≤ 256 MB; under play
 * ≤ 384 MB; a command that creates an embedded database peak ≤ 512 MB; the importer into an
 * existing directory ≤ 300 MB. The bench prints the times of a first and a later start (spawn to
 * `/readyz` 200) beside them, and exits 1 when a target is missed.
 *
 *   BENCH_MEMORY_RUNS=3             runs of every situation
 *   BENCH_MEMORY_ENGINES=pglite,postgres
 *   BENCH_MEMORY_ONLY=first,later,worker,play,import,restore,move   a subset
 *   BENCH_MEMORY_PLAY_SECONDS=60    length of the play load
 *   BENCH_DATABASE_URL              the PostgreSQL server (default TEST_DATABASE_URL, DATABASE_URL)
 *   BENCH_MEMORY_NODE_ARGS="…"      more arguments for node in the server (e.g. --max-old-space-size=160)
 *
 * Run it alone on the machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeBank } from '@/bench/import/bank';
import { freshBenchDatabase } from '@/bench/support/database';
import { agent } from '@/bench/support/live';
import { PLAY_LOAD, runPlayLoad } from '@/bench/support/play-load';
import { freePort, npmStartCommand, shellVariables } from '@/tests/e2e/support/server';

const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
const ENGINES = (process.env.BENCH_MEMORY_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean);
const ONLY = new Set((process.env.BENCH_MEMORY_ONLY ?? 'first,later,worker,play,import,restore,move').split(',').filter(Boolean));
const PLAY_SECONDS = Number(process.env.BENCH_MEMORY_PLAY_SECONDS ?? 60);
const SETTLE_MS = Number(process.env.BENCH_MEMORY_SETTLE_SECONDS ?? 15) * 1000;
const PG_BASE = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || (/^postgres/.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : '');
const NODE_ARGS = (process.env.BENCH_MEMORY_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const BANK_ROWS = 50_000;

const ROOT = process.cwd();
/** What `npm start` gives the server (package.json): its variables and node flags, so that the bench measures what a start runs. */
const START = npmStartCommand();
const START_ARGS = START.nodeArgs;
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const MB = 1024;

// ---------------------------------------------------------------------------------------------
// Sampling a process tree

interface ProcessFigure {
  /** The process's command, shortened. */
  name: string;
  peakKb: number;
  /** Its RSS at the settled moment; 0 when it had exited. */
  settledKb: number;
}

function readStatus(pid: number): { rssKb: number; hwmKb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0), hwmKb: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) };
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const list = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (list) out.push(...list.split(/\s+/).map(Number));
    }
  } catch {
    // gone
  }
  return out;
}

function commandOf(pid: number): string {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = argv.find((a) => /\.(m?js|ts)$/.test(a) && !a.includes('node_modules/tsx'));
    return `${path.basename(argv[0] ?? '?')}${script ? ` ${path.relative(ROOT, script) || script}` : ''}`;
  } catch {
    return `pid ${pid}`;
  }
}

/** Samples the RSS of a process and all its descendants until stopped. */
class TreeSampler {
  private readonly peaks = new Map<number, ProcessFigure>();
  private timer: NodeJS.Timeout | null = null;
  /** Whether each process's VmHWM (its peak since it started, or since it was cleared) belongs to this window. */
  private useHwm = true;
  peakSumKb = 0;

  constructor(private readonly root: number) {}

  private tree(): number[] {
    const all = [this.root];
    for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i]!));
    return all;
  }

  /** One sample: the sum now, each process's peak kept. */
  sample(): number {
    let sum = 0;
    for (const pid of this.tree()) {
      const s = readStatus(pid);
      if (!s || s.rssKb === 0) continue;
      sum += s.rssKb;
      const figure = this.peaks.get(pid) ?? { name: commandOf(pid), peakKb: 0, settledKb: 0 };
      figure.peakKb = Math.max(figure.peakKb, s.rssKb, this.useHwm ? s.hwmKb : 0);
      this.peaks.set(pid, figure);
    }
    this.peakSumKb = Math.max(this.peakSumKb, sum);
    return sum;
  }

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), 20);
    return this;
  }

  /** Starts again from nothing: what comes next is measured on its own (the play load after the start). */
  restart(): this {
    this.stop();
    this.peaks.clear();
    this.peakSumKb = 0;
    // Writing 5 to clear_refs resets a process's VmHWM (proc(5)); where that is not allowed, only the samples count.
    for (const pid of this.tree()) {
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        this.useHwm = false;
      }
    }
    return this.start();
  }

  /** The settled figures now (each process's RSS), and stops sampling. */
  settle(): { peakKb: number; settledKb: number; processes: ProcessFigure[] } {
    const settledKb = this.sample();
    for (const [pid, figure] of this.peaks) figure.settledKb = readStatus(pid)?.rssKb ?? 0;
    this.stop();
    const processes = [...this.peaks.values()];
    return { peakKb: Math.max(this.peakSumKb, ...processes.map((p) => p.peakKb)), settledKb, processes };
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

// ---------------------------------------------------------------------------------------------
// The server and the commands

interface Server {
  url: string;
  child: ChildProcess;
  sampler: TreeSampler;
  /** Spawn to /readyz 200. */
  readyMs: number;
  output: () => string;
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...START_ARGS, ...NODE_ARGS, 'dist/server.js'], {
    cwd: ROOT,
    env: { ...process.env, ...START.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DEV_OUTBOX: '1', TRUST_PROXY: '1', DATABASE_URL: '', PORT: String(port), PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += String(c)));
  child.stderr!.on('data', (c: Buffer) => (output += String(c)));
  const sampler = new TreeSampler(child.pid!).start();
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  for (;;) {
    if (exited !== null) throw new Error(`the server exited with ${exited} before it was ready:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) throw new Error(`the server was not ready in 180 s:\n${output}`);
    await sleep(20);
  }
  const readyMs = performance.now() - started;
  return {
    url,
    child,
    sampler,
    readyMs,
    output: () => output,
    stop: async () => {
      sampler.stop();
      if (exited !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/**
 * The npm script that runs `scripts/<script>.ts` (package.json): its variables, its runner (`tsx`,
 * a node process that starts another, or `node --import tsx`, one process) and the runner's flags.
 */
function npmScript(script: string): { env: Record<string, string>; command: string; args: string[] } {
  const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const line = Object.values(scripts).find((s) => new RegExp(`\\b(tsx|node)\\b.*\\bscripts/${script}\\.ts$`).test(s));
  if (!line) throw new Error(`no npm script runs scripts/${script}.ts`);
  const words = line.split(/\s+/);
  const runner = words.findIndex((w) => w === 'tsx' || w === 'node');
  return { env: shellVariables(words.slice(0, runner).join(' ')), command: words[runner] === 'node' ? process.execPath : TSX, args: words.slice(runner + 1, -1) };
}

/** Runs `scripts/<script>.ts` as `npm run` does (its npm script's variables, runner and flags), sampling its tree. */
async function runCommand(script: string, args: readonly string[], env: Record<string, string>): Promise<{ peakKb: number; processes: ProcessFigure[]; seconds: number }> {
  const npm = npmScript(script);
  const started = performance.now();
  const child = spawn(npm.command, [...npm.args, `scripts/${script}.ts`, ...args], { cwd: ROOT, env: { ...process.env, ...npm.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += String(c)));
  child.stderr!.on('data', (c: Buffer) => (output += String(c)));
  const sampler = new TreeSampler(child.pid!).start();
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? -1)));
  const { peakKb, processes } = sampler.settle();
  if (code !== 0) throw new Error(`npm run ${script} ${args.join(' ')} exited with ${code}:\n${output.slice(-3000)}`);
  return { peakKb, processes, seconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------

interface Figure {
  situation: string;
  engine: string;
  run: number;
  peakKb: number;
  /** null where nothing settles (a command that ends). */
  settledKb: number | null;
  readyMs?: number;
  processes: ProcessFigure[];
  note?: string;
}

/** The targets: a situation's peak, or its settled figure, at most this many MB. */
const TARGETS: Record<string, { of: 'peak' | 'settled' | 'process'; mb: number }> = {
  'first start': { of: 'peak', mb: 512 },
  'later start': { of: 'settled', mb: 256 },
  'later start, worker': { of: 'settled', mb: 256 },
  'under play': { of: 'peak', mb: 384 },
  'import (new)': { of: 'peak', mb: 512 },
  // The importer's own bound (bench/import): its node process (the only one since `npm run import` runs `node --import tsx`).
  'import (existing)': { of: 'process', mb: 300 },
  'restore (new)': { of: 'peak', mb: 512 },
  'db:move (new)': { of: 'peak', mb: 512 },
};

const mb = (kb: number | null | undefined) => (kb === null || kb === undefined ? '—' : `${Math.round(kb / MB)} MB`);

function print(f: Figure): void {
  const ready = f.readyMs === undefined ? '' : `, ready in ${(f.readyMs / 1000).toFixed(1)} s`;
  console.log(`  ${f.engine} · ${f.situation} · run ${f.run}: peak ${mb(f.peakKb)}, settled ${mb(f.settledKb)}${ready}${f.note ? `; ${f.note}` : ''}`);
  for (const p of f.processes.filter((p) => p.peakKb > 4 * MB)) console.log(`      ${p.name.padEnd(48)} peak ${mb(p.peakKb).padStart(7)}   settled ${mb(p.settledKb).padStart(7)}`);
}

async function serverSituations(engine: string, run: number, work: string, figures: Figure[]): Promise<void> {
  const database = engine === 'postgres' ? await freshBenchDatabase(PG_BASE, 'qa_bench_memory') : null;
  const dataDir = path.join(work, `server-${engine}-${run}`);
  const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
  const idle = async (server: Server, situation: string) => {
    await sleep(SETTLE_MS);
    const { peakKb, settledKb, processes } = server.sampler.settle();
    const f: Figure = { situation, engine, run, peakKb, settledKb, readyMs: server.readyMs, processes };
    figures.push(f);
    print(f);
  };
  try {
    if (ONLY.has('first')) {
      const first = await startServer(env);
      await idle(first, 'first start');
      await first.stop();
    } else {
      // The later starts need a database made by a first start.
      await (await startServer(env)).stop();
    }
    if (ONLY.has('later') || ONLY.has('play')) {
      const later = await startServer(env);
      if (ONLY.has('later')) await idle(later, 'later start');
      if (ONLY.has('play')) {
        later.sampler.restart();
        const load = await runPlayLoad(later.url, { seconds: PLAY_SECONDS, seed: run });
        if (load.errors.length > 0) throw new Error(`the play load met errors: ${load.errors.join('; ')}`);
        const note = load.summary;
        await sleep(SETTLE_MS);
        const { peakKb, settledKb, processes } = later.sampler.settle();
        const f: Figure = { situation: 'under play', engine, run, peakKb, settledKb, processes, note };
        figures.push(f);
        print(f);
      }
      await later.stop();
    }
    if (engine === 'pglite' && ONLY.has('worker')) {
      const worker = await startServer({ ...env, PGLITE_THREAD: 'worker' });
      await idle(worker, 'later start, worker');
      await worker.stop();
    }
  } finally {
    await database?.drop();
  }
}

async function commandSituations(run: number, work: string, bank: string, figures: Figure[]): Promise<void> {
  const record = (situation: string, r: { peakKb: number; processes: ProcessFigure[]; seconds: number }) => {
    const f: Figure = { situation, engine: 'pglite', run, peakKb: r.peakKb, settledKb: null, processes: r.processes, note: `${r.seconds.toFixed(1)} s` };
    figures.push(f);
    print(f);
  };
  const made = path.join(work, `server-pglite-${run}`);
  if (ONLY.has('import')) {
    record('import (new)', await runCommand('import', [bank], { DATA_DIR: path.join(work, `import-${run}`) }));
    if (fs.existsSync(made)) record('import (existing)', await runCommand('import', [bank], { DATA_DIR: made }));
  }
  if (ONLY.has('restore') && fs.existsSync(made)) {
    const file = path.join(work, `backup-${run}.qab`);
    await runCommand('backup', [file, '--from', made], {});
    record('restore (new)', await runCommand('restore', [file, '--to', path.join(work, `restored-${run}`)], {}));
  }
  if (ONLY.has('move')) {
    if (!PG_BASE) {
      console.log('  db:move (new): skipped, no PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
      return;
    }
    const source = await freshBenchDatabase(PG_BASE, 'qa_bench_memory_move');
    try {
      // A PostgreSQL database with the demo, made by a server's first start there.
      await (await startServer({ DATA_DIR: path.join(work, `move-src-${run}`), DATABASE_URL: source.url })).stop();
      record('db:move (new)', await runCommand('db-move', ['--from', source.url, '--to', path.join(work, `moved-${run}`)], {}));
    } finally {
      await source.drop();
    }
  }
}

function summary(figures: readonly Figure[]): boolean {
  console.log(`\nWorst of ${RUNS} run${RUNS === 1 ? '' : 's'} (RSS of every process of the situation, summed):\n`);
  console.log('| engine | situation | peak | settled | start to /readyz | target | met |');
  console.log('|---|---|---:|---:|---:|---|---|');
  let met = true;
  const keys = [...new Set(figures.map((f) => `${f.engine}\u0000${f.situation}`))];
  for (const key of keys) {
    const [engine, situation] = key.split('\u0000') as [string, string];
    const runs = figures.filter((f) => f.engine === engine && f.situation === situation);
    const peakKb = Math.max(...runs.map((f) => f.peakKb));
    const settled = runs.map((f) => f.settledKb).filter((v): v is number => v !== null);
    const settledKb = settled.length ? Math.max(...settled) : null;
    const ready = runs.map((f) => f.readyMs).filter((v): v is number => v !== undefined);
    const target = engine === 'pglite' || !situation.startsWith('import') ? TARGETS[situation] : undefined;
    const processPeakKb = Math.max(...runs.flatMap((f) => f.processes.map((p) => p.peakKb)));
    const value = target?.of === 'peak' ? peakKb : target?.of === 'process' ? processPeakKb : settledKb;
    const ok = !target || (value !== null && value <= target.mb * MB);
    if (!ok) met = false;
    console.log(
      `| ${engine} | ${situation} | ${mb(peakKb)} | ${mb(settledKb)} | ${ready.length ? `${(Math.max(...ready) / 1000).toFixed(1)} s` : '—'} | ${target ? `${target.of === 'process' ? `its largest process (${mb(processPeakKb)})` : target.of} ≤ ${target.mb} MB` : '—'} | ${target ? (ok ? 'yes' : 'NO') : ''} |`,
    );
  }
  return met;
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'server.js'))) throw new Error('build the app first: npm run build');
  if (ENGINES.includes('postgres') && !PG_BASE) throw new Error('the postgres engine needs BENCH_DATABASE_URL or TEST_DATABASE_URL (or BENCH_MEMORY_ENGINES=pglite)');
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  console.log(`bench/memory on ${os.cpus()[0]?.model.trim() ?? 'this CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; server as npm start runs it (${Object.entries(START.env).map(([k, v]) => `${k}=${v} `).join('')}node ${START_ARGS.join(' ')}); ${RUNS} runs, engines ${ENGINES.join(', ')}; play load ${PLAY_LOAD.phones} phones + ${PLAY_LOAD.solo} solo players for ${PLAY_SECONDS} s${NODE_ARGS.length ? `; server node ${NODE_ARGS.join(' ')}` : ''}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-memory-'));
  const figures: Figure[] = [];
  try {
    const bank = path.join(work, 'bank.csv');
    if (ONLY.has('import')) await writeBank(bank, BANK_ROWS);
    for (let run = 1; run <= RUNS; run++) {
      console.log(`\nrun ${run}:`);
      for (const engine of ENGINES) await serverSituations(engine, run, work, figures);
      if (ENGINES.includes('pglite')) await commandSituations(run, work, bank, figures);
    }
  } finally {
    agent.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const met = summary(figures);
  console.log(`\n${met ? 'every target met' : 'a target was NOT met'}`);
  process.exit(met ? 0 : 1);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
