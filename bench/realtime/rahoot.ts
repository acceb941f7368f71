/**
 * The peer of bench/realtime: Rahoot (an open-source Kahoot-like game whose phones talk over one
 * socket.io connection each and whose games live in memory), played with the same rhythm as our
 * battle rooms, so that its p99 and CPU per answer can be measured on the same machine the same
 * day (issue 48). Rahoot is not part of this project: build its socket server yourself (README,
 * "Ninth session") and point RAHOOT_DIR at the directory that holds its `dist/index.cjs` and a
 * `node_modules` with `socket.io-client`.
 *
 *   RAHOOT_DIR=/tmp/rahoot BENCH_ROOMS=250 npx tsx bench/realtime/rahoot.ts
 *
 * Each game: one manager (the shared screen) and four players, joined by the game's invite code.
 * In every question each player answers after a think time drawn from 0.3–2.5 s (seeded; rhythm.ts, shared with
 * run.ts) with a random option; the server tells everyone else in the game how many have answered
 * (`game:playerAnswer`). A sample is one (answer, recipient) pair — the three other players and the
 * manager — from just before the answer is emitted until that recipient's count reaches the
 * answer's place in the question. Rahoot closes a question once all four answered (at its next
 * one-second tick), shows the results, and the manager asks for the next question at once; Rahoot
 * then waits 2 s and the question's reading time (3 s, its minimum) before answers open, so a game
 * answers more slowly than a battle room of run.ts: the line prints answers per second beside it.
 *
 * Figures over the window (BENCH_SECONDS, default 30, opening 3 s after the last game started):
 * answers, p50 / p99 / max, the server's CPU per answer from /proc, the machine's CPU and the
 * server's memory.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describeCpuUse, startCpuUse } from '@/bench/support/cpu-use';
import { percentile, seededRandom } from '@/bench/support/players';
import { measuringWindow, THINK_MAX_MS, THINK_MIN_MS } from '@/bench/realtime/rhythm';

const rahootDir = process.env.RAHOOT_DIR;
const steps = (process.env.BENCH_ROOMS ?? '250').split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const PORT = 3001; // Rahoot's socket server listens on this port, always.
const PASSWORD = 'bench-manager';
const QUESTIONS = 60;

interface ClientSocket {
  id: string | undefined;
  on(event: string, listener: (...args: never[]) => void): void;
  once(event: string, listener: (...args: never[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
  close(): void;
}
type Connect = (url: string, options: Record<string, unknown>) => ClientSocket;

/** A quiz of QUESTIONS four-option questions at Rahoot's shortest reading time and a long answer time (all four answer before it ends). */
function writeConfig(dir: string) {
  fs.mkdirSync(path.join(dir, 'quizz'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'game.json'), JSON.stringify({ managerPassword: PASSWORD }));
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({ question: `Question ${i + 1}?`, answers: ['one', 'two', 'three', 'four'], solutions: [i % 4], cooldown: 3, time: 30 }));
  fs.writeFileSync(path.join(dir, 'quizz', 'bench.json'), JSON.stringify({ subject: 'Bench', questions }));
}

async function startRahoot(configDir: string): Promise<{ pid: number; stop(): void }> {
  const child = spawn(process.execPath, [path.join(rahootDir!, 'dist', 'index.cjs')], { env: { ...process.env, CONFIG_PATH: configDir }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8');
    const onData = (s: string) => {
      if (s.includes('running on port')) {
        child.stdout!.off('data', onData);
        // Rahoot logs every connection: keep reading, as a terminal or a container's log would.
        child.stdout!.resume();
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`Rahoot exited with ${code}`)));
  });
  await new Promise((r) => setTimeout(r, 200));
  return { pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

function waitFor<T>(socket: ClientSocket, event: string, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} (${what}) in 20 s`)), 20_000);
    socket.once(event, ((value: T) => {
      clearTimeout(timer);
      resolve(value);
    }) as never);
    socket.once('game:errorMessage', ((message: string) => reject(new Error(`${what}: ${message}`))) as never);
    socket.once('manager:errorMessage', ((message: string) => reject(new Error(`${what}: ${message}`))) as never);
  });
}

interface Samples {
  latencies: number[];
  answers: number;
  /** Answers sent in the window that some recipient never saw counted. */
  missing: number;
}

async function step(connect: Connect, serverPid: number, rooms: number, seed: number) {
  const url = `http://127.0.0.1:${PORT}`;
  const random = seededRandom(seed);
  const samples: Samples = { latencies: [], answers: 0, missing: 0 };
  let measuring = false;
  let running = true;
  let windowStart = 0;
  const sockets: ClientSocket[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const usedCodes = new Set<string>();
  const open = (clientId: string) => {
    const socket = connect(url, { path: '/ws', transports: ['websocket'], auth: { clientId }, reconnection: false });
    sockets.push(socket);
    return waitFor<void>(socket, 'connect', 'connect').then(() => socket);
  };

  const games: { manager: ClientSocket; gameId: string; start(): void }[] = [];
  const setUp = async (r: number) => {
    const manager = await open(`bench-manager-${seed}-${r}`);
    manager.emit('manager:auth', PASSWORD);
    await waitFor(manager, 'manager:config', 'manager sign-in');
    // Invite codes are six random digits that Rahoot does not keep unique: create again on a clash.
    let created: { gameId: string; inviteCode: string };
    for (;;) {
      manager.emit('game:create', 'bench');
      created = await waitFor<{ gameId: string; inviteCode: string }>(manager, 'manager:gameCreated', 'create a game');
      if (!usedCodes.has(created.inviteCode)) break;
    }
    usedCodes.add(created.inviteCode);
    const { gameId, inviteCode } = created;
    const players = await Promise.all(
      [0, 1, 2, 3].map(async (p) => {
        const socket = await open(`bench-player-${seed}-${r}-${p}`);
        socket.emit('player:join', inviteCode);
        const joined = await waitFor<string>(socket, 'game:successRoom', 'join');
        if (joined !== gameId) throw new Error(`invite code ${inviteCode} led to another game`);
        socket.emit('player:login', { gameId, data: { username: `player${r}x${p}` } });
        await waitFor(socket, 'game:successJoin', 'log in');
        return socket;
      }),
    );

    // The sends of the open question, in order: the k-th count a recipient sees is the k-th answer.
    let sent: { at: number; player: number; seen: number }[] = [];
    const recipients = [manager, ...players];
    const seenBy = recipients.map(() => 0);
    recipients.forEach((socket, index) => {
      socket.on('game:playerAnswer', ((count: number) => {
        const at = performance.now();
        // Counts can come several at once; each answer between the last seen and this one arrived now.
        for (let k = seenBy[index]!; k < count; k++) {
          const answer = sent[k];
          if (!answer) continue;
          if (answer.player === index - 1) continue; // the answerer is told nothing of its own answer
          answer.seen += 1;
          if (measuring && answer.at >= windowStart) samples.latencies.push(at - answer.at);
        }
        seenBy[index] = Math.max(seenBy[index]!, count);
      }) as never);
    });
    const closeQuestion = () => {
      for (const answer of sent) if (measuring && answer.at >= windowStart && answer.seen < 4) samples.missing += 1;
    };
    players.forEach((socket, p) => {
      socket.on('game:status', ((status: { name: string; data: { answers?: string[] } }) => {
        if (status.name !== 'SELECT_ANSWER' || !running) return;
        if (p === 0) {
          closeQuestion();
          sent = [];
          seenBy.fill(0);
        }
        const options = status.data.answers?.length ?? 4;
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!running) return;
          const at = performance.now();
          sent.push({ at, player: p, seen: 0 });
          if (measuring) samples.answers += 1;
          socket.emit('player:selectedAnswer', { gameId, data: { answerKey: Math.floor(random() * options) } });
        }, THINK_MIN_MS + random() * (THINK_MAX_MS - THINK_MIN_MS));
        timers.add(timer);
      }) as never);
    });
    // The shared screen moves on as soon as the results show, as a host clicking at once would.
    manager.on('game:status', ((status: { name: string }) => {
      if (status.name === 'SHOW_RESPONSES' && running) manager.emit('manager:nextQuestion', { gameId });
    }) as never);
    games.push({ manager, gameId, start: () => manager.emit('manager:startGame', { gameId }) });
  };

  const setUpStarted = performance.now();
  // Up to 25 games set up at a time.
  for (let r = 0; r < rooms; r += 25) {
    await Promise.all(Array.from({ length: Math.min(25, rooms - r) }, (_, i) => setUp(r + i)));
  }
  const setUpSeconds = (performance.now() - setUpStarted) / 1000;
  for (const game of games) game.start();
  // Rahoot shows the start for 3 s and counts down 3 s before the first question opens.
  await new Promise((r) => setTimeout(r, 6000 + 3000));

  const stopCpu = startCpuUse(serverPid);
  windowStart = performance.now();
  measuring = true;
  const clientLoop = await measuringWindow(seconds);
  measuring = false;
  const cpu = stopCpu();
  // Let the answers in flight arrive before counting what never did.
  await new Promise((r) => setTimeout(r, 1000));
  running = false;
  for (const timer of timers) clearTimeout(timer);
  for (const socket of sockets) socket.close();
  return { samples, cpu, setUpSeconds, clientLoop };
}

async function main() {
  if (!rahootDir || !fs.existsSync(path.join(rahootDir, 'dist', 'index.cjs'))) {
    console.error('RAHOOT_DIR must name a directory holding Rahoot\'s built socket server (dist/index.cjs) and socket.io-client in node_modules; see bench/realtime/README.md, "Ninth session".');
    process.exit(2);
  }
  const require = createRequire(path.join(rahootDir, 'package.json'));
  const { io } = require('socket.io-client') as { io: Connect };
  console.log(`Rahoot (${rahootDir}), ${os.cpus().length} cores, Node ${process.version}; window ${seconds} s per step`);
  for (const [i, rooms] of steps.entries()) {
    const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rahoot-config-'));
    writeConfig(configDir);
    const server = await startRahoot(configDir);
    try {
      const { samples, cpu, setUpSeconds, clientLoop } = await step(io, server.pid, rooms, 1000 + i);
      const p = (n: number) => percentile(samples.latencies, n).toFixed(1).padStart(6);
      console.log(`${rooms} games (${rooms * 5} sockets, set up in ${setUpSeconds.toFixed(1)} s)`);
      console.log(
        `  Rahoot   answers ${samples.answers} (${(samples.answers / seconds).toFixed(0)}/s)  deliveries ${samples.latencies.length}  p50 ${p(50)} ms  p99 ${p(99)} ms  max ${p(100)} ms  not seen by all ${samples.missing}` +
          `  (players' loop p99 ${clientLoop.p99Ms.toFixed(1)}, max ${clientLoop.maxMs.toFixed(1)} ms)`,
      );
      if (cpu) console.log(`           server CPU ${(cpu.serverCpuMs / seconds).toFixed(0)} ms/s, ${(cpu.serverCpuMs / Math.max(1, samples.answers)).toFixed(2)} ms per answer; ${describeCpuUse(cpu, samples.answers)}`);
    } finally {
      server.stop();
      await new Promise((r) => setTimeout(r, 500));
      fs.rmSync(configDir, { recursive: true, force: true });
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
