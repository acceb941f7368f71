/**
 * Real-time battle rooms: how long from a player's answer until every member of the room holds
 * the room document that shows it, with many 4-player group rooms on one server; and, in the same
 * run and with the same players' rhythm, a bare `ws` broadcast server as the floor of this
 * machine. Target (issue 5): p99 ≤ 25 ms at 250 rooms, within 3× of the floor's p99.
 *
 *   npm run build && npm run bench:realtime      (BENCH_ROOMS=250,500 BENCH_SECONDS=30)
 *
 * Each step: ROOMS group rooms of 4 signed-up players (created, joined by code, everyone ready,
 * started, entry fee 0), every member holding its room's frames (the socket's or the room stream's). In every room each open question is answered by each member after a think
 * time drawn from 0.3–2.5 s (seeded), so a question closes when the fourth answer arrives and the
 * next opens after the reveal pause. An answer's latency, for each member, is from just before
 * its `submit_room_answer` leaves until that member's stream delivers the first version that
 * shows the answer; every (answer, member) pair is one sample. The floor plays the same rhythm
 * against bench/realtime/ws-floor-server.ts, whose documents are as large as the app's were;
 * then, as a reference (BENCH_REFERENCE=0 skips it), the same floor writing each document to an
 * embedded PGlite database before sending it: how much of the distance to the floor one committed
 * write per answer accounts for on this machine.
 *
 * Transports (BENCH_TRANSPORT, default `socket,stream`: both in turn on the same server, each
 * step): `socket`, every member on the player's socket (GET /api/socket: hello, the room followed,
 * its frames, answers as calls on the same socket); `stream`, every member on the room stream with
 * its answers as HTTP calls. Each gets its own line, server figures and targets.
 *
 * The simulated players run in this process, the server in its own (PGlite in a fresh data
 * directory, or PostgreSQL with DATABASE_URL: the bench then creates and drops its own database).
 * BENCH_URL measures a server that is already running instead (started with DEV_OUTBOX=1 and
 * TRUST_PROXY=1 for the sign-ups, and group_battle_max_questions 20).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import WebSocket from 'ws';
import { freshBenchDatabase } from '@/bench/support/database';
import { measuringWindow, THINK_MAX_MS, THINK_MIN_MS } from '@/bench/realtime/rhythm';
import { writeFigures, type FloorFigure } from '@/bench/support/figures';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';
import { BenchApi, ok, percentile, seededRandom, signUpPlayers } from '@/bench/support/players';
import fs from 'node:fs';
import os from 'node:os';
import type { RoomDocument } from '@/services/domain/rooms';
import { applyRoomDelta, deltaApplies, type RoomDelta } from '@/services/domain/room-events';

/** How the app's players reach it: the player's socket, the room stream with HTTP answers, or both in turn (BENCH_TRANSPORT). */
type Transport = 'socket' | 'stream';
const transports = (process.env.BENCH_TRANSPORT ?? 'socket,stream').split(',').map((t) => t.trim()).filter((t): t is Transport => t === 'socket' || t === 'stream');
const steps = (process.env.BENCH_ROOMS ?? '250,500,1000').split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
/** BENCH_REFERENCE=0 skips the reference run (the floor plus one PGlite write per answer). */
const reference = process.env.BENCH_REFERENCE !== '0';
/** Targets (issue 14), per step: see main(). */
const TARGET_FLOOR_RATIO = 3;
const TARGET_MAX_MS = 40;
const TARGET_P99_500_MS = 25;
const TARGET_P99_1000_MS = 100;
/** BENCH_TRACE=<file>: every app sample of the last step as a line (epoch ms the answer left, latency ms, room, question, answerer, member), to line up slow ones with the server's own timeline. */
const trace: string[] | null = process.env.BENCH_TRACE ? [] : null;
const REVEAL_PAUSE_MS = 2000;

interface Samples {
  latencies: number[];
  answers: number;
  errors: Map<string, number>;
  docBytes: number[];
  /** Bytes of each version sent as a delta after connect, by the index of the question it belongs to. */
  deltaBytes: Map<number, number[]>;
  /** Versions a stream delivered twice, or after a newer one. */
  orderErrors: number;
  /** Answers taken by the server (200) while measuring that some member's stream never showed. */
  missing: number;
  /** Answers taken while measuring, each to be seen by every member. */
  checked: number;
  /** How long starting every room took (the app only; the floor starts its rooms at once). */
  startSeconds: number;
  /**
   * The simulated players' own event-loop delay over the window (this process; sampled every
   * 1 ms, the delay beyond that): a sample's end is when this loop got to the stream's data, so a
   * late loop here is latency the server did not cause.
   */
  clientLoop: { p99Ms: number; maxMs: number } | null;
  /** The floor server's CPU time over the window (ms); null for the app, whose server figures say it. */
  serverCpuMs: number | null;
}

const newSamples = (): Samples => ({ latencies: [], answers: 0, errors: new Map(), docBytes: [], deltaBytes: new Map(), orderErrors: 0, missing: 0, checked: 0, startSeconds: 0, clientLoop: null, serverCpuMs: null });
function countError(samples: Samples, what: string) {
  samples.errors.set(what, (samples.errors.get(what) ?? 0) + 1);
}

// ---------------------------------------------------------------------------------------------
// The app: rooms, streams and answers

interface Member {
  token: string;
  userId: number;
}

/**
 * Folds one member's room frames (the SSE blocks of the room stream, the same text on the socket):
 * the whole document, then deltas folded into it with the browser's reducer. `onDoc` gets each
 * version, its frame's size and whether it came as a delta.
 */
function roomFolder(onDoc: (doc: RoomDocument, bytes: number, at: number, delta: boolean) => void, samples: Samples): (block: string, at: number) => void {
  let held: RoomDocument | null = null;
  return (block, at) => {
    const isDoc = block.includes('\nevent: room\n');
    const isDelta = block.includes('\nevent: delta\n');
    if (!isDoc && !isDelta) return;
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) return;
    if (isDoc) {
      const doc = JSON.parse(data) as RoomDocument;
      if (held && doc.version <= held.version) samples.orderErrors += 1;
      held = doc;
    } else {
      const delta = JSON.parse(data) as RoomDelta;
      if (!deltaApplies(held, delta)) {
        countError(samples, `a delta that does not follow the held version (${held?.version} → ${delta.version})`);
        return;
      }
      held = applyRoomDelta(held!, delta);
    }
    onDoc(held, data.length, at, isDelta);
  };
}

/** A member's way to the server: its room's versions come to `onDoc`; `submit` sends an answer. */
interface MemberLink {
  close(): void;
  submit(body: { room_id: string; question_index: number; answer: string }): Promise<{ status: number; message: string }>;
}

/** Reads an SSE room stream with node:http (the token in a header, as the browser feed sends it); answers go as HTTP calls. */
function openStream(url: string, roomId: string, token: string, onDoc: (doc: RoomDocument, bytes: number, at: number, delta: boolean) => void, samples: Samples): Promise<MemberLink> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/rooms/${encodeURIComponent(roomId)}/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: streamAgent }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream ${roomId}: ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      const fold = roomFolder(onDoc, samples);
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          fold(block, at);
        }
      });
      resolve({ close: () => req.destroy(), submit: (body) => submitAnswer(url, token, body) });
    });
    req.on('error', reject);
  });
}

/**
 * The player's socket (GET /api/socket, upgraded): hello, the room followed, its frames folded as
 * the stream's; answers go as calls on the same socket.
 */
function openSocket(url: string, roomId: string, token: string, onDoc: (doc: RoomDocument, bytes: number, at: number, delta: boolean) => void, samples: Samples): Promise<MemberLink> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/socket`, { perMessageDeflate: false });
    const fold = roomFolder(onDoc, samples);
    const pending = new Map<number, (answer: { status: number; message: string }) => void>();
    let nextId = 1;
    let opened = false;
    const link: MemberLink = {
      close: () => ws.terminate(),
      submit: (body) =>
        new Promise((done) => {
          const id = nextId++;
          pending.set(id, done);
          ws.send(JSON.stringify({ t: 'call', id, name: 'submit_room_answer', input: body }));
        }),
    };
    ws.on('open', () => ws.send(JSON.stringify({ t: 'hello', token })));
    ws.on('message', (data) => {
      const at = performance.now();
      const text = String(data);
      if (text.startsWith('{')) {
        const message = JSON.parse(text) as { t: string; id?: number; status?: number; body?: { message?: string }; room?: string };
        if (message.t === 'ready') ws.send(JSON.stringify({ t: 'follow', room: roomId, after: null }));
        else if (message.t === 'reply') {
          pending.get(message.id!)?.({ status: message.status ?? 0, message: message.body?.message ?? '' });
          pending.delete(message.id!);
        } else if (message.t === 'unfollowed') reject(new Error(`socket ${roomId}: not followed (${message.status})`));
        return;
      }
      const newline = text.indexOf('\n');
      // One frame per message: its block without the blank line that ends it.
      fold(text.slice(newline + 1, text.endsWith('\n\n') ? -2 : undefined), at);
      if (!opened) {
        opened = true;
        resolve(link);
      }
    });
    ws.on('close', () => {
      for (const done of pending.values()) done({ status: 0, message: 'socket closed' });
      pending.clear();
    });
    ws.on('error', reject);
  });
}
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/**
 * Answers go out through node:http on kept-alive connections: the least a Node client does per
 * call, as the floor's `ws` client does the least per message (fetch costs this process several
 * times more per call, and the bench's own CPU is part of every latency it measures).
 */
const answerAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
function submitAnswer(url: string, token: string, body: { room_id: string; question_index: number; answer: string }): Promise<{ status: number; message: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/submit_room_answer`,
      { method: 'POST', agent: answerAgent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let message = text;
          try {
            message = (JSON.parse(text) as { message?: string }).message ?? text;
          } catch {
            // not JSON: the text itself says what went wrong
          }
          resolve({ status: res.statusCode ?? 0, message });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A group room of these four players, created, joined and everyone ready (appStep starts it once every stream is open). */
async function setUpRoom(api: BenchApi, members: readonly string[]): Promise<{ room: RoomDocument; players: Member[] }> {
  const [creator, ...others] = members as [string, ...string[]];
  let room = ok<{ room: RoomDocument }>(await api.call('create_room', { room_type: 'group', no_of_que: 20, entry_fee: 0 }, { token: creator }), 'create_room').room;
  const players: Member[] = [{ token: creator, userId: room.players[0]!.user_id }];
  for (const token of others) {
    room = ok<{ room: RoomDocument }>(await api.call('join_room', { room_code: room.code }, { token }), 'join_room').room;
    players.push({ token, userId: room.players.at(-1)!.user_id });
    ok(await api.call('set_room_ready', { room_id: room.id, ready: 1 }, { token }), 'set_room_ready');
  }
  return { room, players };
}

/** Runs `work` for every item, `width` at a time (thousands of calls at once overflow the server's accept queue). */
async function inWaves<T>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

/**
 * One step against the app. `urls`: the server processes; member i of a room holds its stream on,
 * and sends its answers to, process i mod n (with two processes every room spans both).
 * `measure` is told when the measuring window opens and closes (the servers' own figures).
 */
async function appStep(urls: readonly string[], api: BenchApi, tokens: readonly string[], roomCount: number, seed: number, measure: { start(): void; stop(): void }, transport: Transport): Promise<Samples> {
  const samples = newSamples();
  const random = seededRandom(seed);
  const rooms: { room: RoomDocument; players: Member[] }[] = [];
  await inWaves(Array.from({ length: roomCount }, (_, i) => i), 16, async (i) => {
    rooms[i] = await setUpRoom(api, tokens.slice(i * 4, i * 4 + 4));
  });

  let running = true;
  let measuring = false;
  const closers: (() => void)[] = [];
  const timers = new Set<NodeJS.Timeout>();
  /** `${room}:${question}:${user}` → when that answer left. */
  const sent = new Map<string, number>();
  /** `${room}:${question}:${user}>${member}` already measured. */
  const seen = new Set<string>();
  /** Answers the server took while measuring, with the members who must see them. */
  const taken: { key: string; members: number[] }[] = [];

  for (const { room, players } of rooms) {
    const scheduled = new Set<string>();
    for (const [seat, member] of players.entries()) {
      const url = urls[seat % urls.length]!;
      let link: MemberLink | null = null;
      const onDoc = (doc: RoomDocument, bytes: number, at: number, delta: boolean) => {
        if (measuring) {
          samples.docBytes.push(bytes);
          if (delta) {
            const index = Math.max(0, doc.questions.length - 1);
            let bucket = samples.deltaBytes.get(index);
            if (!bucket) samples.deltaBytes.set(index, (bucket = []));
            bucket.push(bytes);
          }
        }
        for (const q of doc.questions.slice(-2)) {
          for (const a of q.answers) {
            if (!a.answered) continue;
            const key = `${doc.id}:${q.index}:${a.user_id}`;
            const t0 = sent.get(key);
            const pair = `${key}>${member.userId}`;
            if (t0 === undefined || seen.has(pair)) continue;
            seen.add(pair);
            if (measuring) {
              samples.latencies.push(at - t0);
              if (trace) trace.push(`${(performance.timeOrigin + t0).toFixed(2)} ${(at - t0).toFixed(3)} ${doc.id} ${q.index} ${a.user_id} ${member.userId}`);
            }
          }
        }
        const q = doc.questions.at(-1);
        if (!running || doc.status !== 'started' || !q || q.closed) return;
        const mine = `${q.index}`;
        if (scheduled.has(`${mine}:${member.userId}`)) return;
        scheduled.add(`${mine}:${member.userId}`);
        const opensIn = Math.max(0, Date.parse(q.opens_at) - Date.now());
        const think = THINK_MIN_MS + random() * (THINK_MAX_MS - THINK_MIN_MS);
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!running) return;
          const option = q.options[Math.floor(random() * q.options.length)]!.key;
          const key = `${doc.id}:${q.index}:${member.userId}`;
          sent.set(key, performance.now());
          const counted = measuring;
          if (counted) samples.answers += 1;
          link!
            .submit({ room_id: doc.id, question_index: q.index, answer: option })
            .then((res) => {
              if (res.status !== 200 && running) countError(samples, `submit_room_answer ${res.status} ${res.message}`);
              if (res.status === 200 && counted) taken.push({ key, members: players.map((p) => p.userId) });
            })
            .catch((err: Error) => countError(samples, `submit_room_answer ${err.message}`));
        }, opensIn + think);
        timers.add(timer);
      };
      link = await (transport === 'socket' ? openSocket : openStream)(url, room.id, member.token, onDoc, samples);
      closers.push(link.close);
    }
  }

  // Every stream is open: start every room, as fast as the server takes it (as the floor starts its
  // rooms at once). Setting up 1,000 rooms takes longer than a 20-question battle: rooms started
  // as they were set up had mostly finished before the window opened.
  const startedAt = performance.now();
  await inWaves(rooms, 16, async ({ room, players }) => {
    ok(await api.call('start_room', { room_id: room.id }, { token: players[0]!.token }), 'start_room');
  });
  samples.startSeconds = (performance.now() - startedAt) / 1000;
  // The first questions are being answered: measure for `seconds`.
  await new Promise((r) => setTimeout(r, 3000));
  measuring = true;
  measure.start();
  samples.clientLoop = await measuringWindow(seconds);
  measuring = false;
  measure.stop();
  running = false;
  for (const timer of timers) clearTimeout(timer);
  // Every answer the server took must reach every member's stream: give the last ones time to arrive.
  await new Promise((r) => setTimeout(r, 2500));
  if (trace) {
    fs.writeFileSync(process.env.BENCH_TRACE!, `${trace.join('\n')}\n`);
    trace.length = 0;
  }
  for (const { key, members } of taken) {
    samples.checked += 1;
    if (members.some((m) => !seen.has(`${key}>${m}`))) samples.missing += 1;
  }
  for (const close of closers) close();
  // Everyone leaves, a few rooms at a time.
  await inWaves(rooms, 16, async ({ room, players }) => {
    await Promise.all(players.map((p) => api.call('leave_room', { room_id: room.id }, { token: p.token })));
  });
  return samples;
}

// ---------------------------------------------------------------------------------------------
// The floor: the same rhythm against a bare ws broadcast server

interface FloorServer {
  url: string;
  /** The floor process's CPU time so far (user + system, ms). */
  cpuMs: () => Promise<number>;
  stop: () => void;
}

async function startFloor(docBytes: number, withDatabase = false): Promise<FloorServer> {
  const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const env = { ...process.env, FLOOR_DOC_BYTES: String(docBytes), FLOOR_PGLITE: withDatabase ? '1' : '' };
  const child = spawn(tsx, [path.join(process.cwd(), 'bench/realtime/ws-floor-server.ts')], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((ms: number) => void)[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (s: string) => {
      const m = /listening (\d+)/.exec(s);
      if (m) resolve(Number(m[1]));
      for (const c of s.matchAll(/cpu ([\d.]+)/g)) waiting.shift()?.(Number(c[1]));
    });
    child.on('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
  });
  return {
    url: `ws://127.0.0.1:${port}`,
    cpuMs: () =>
      new Promise<number>((resolve) => {
        waiting.push(resolve);
        child.stdin!.write('cpu\n');
      }),
    stop: () => child.kill(),
  };
}

async function floorStep(floorServer: FloorServer, roomCount: number, seed: number): Promise<Samples> {
  const url = floorServer.url;
  const samples = newSamples();
  const random = seededRandom(seed);
  let running = true;
  let measuring = false;
  const timers = new Set<NodeJS.Timeout>();
  const sockets: WebSocket[] = [];

  await Promise.all(
    Array.from({ length: roomCount }, async (_, r) => {
      const members = await Promise.all(
        [0, 1, 2, 3].map(
          (user) =>
            new Promise<{ user: number; socket: WebSocket }>((resolve, reject) => {
              const socket = new WebSocket(`${url}/?room=${r}`, { perMessageDeflate: false });
              socket.on('open', () => resolve({ user, socket }));
              socket.on('error', reject);
            }),
        ),
      );
      sockets.push(...members.map((m) => m.socket));
      let question = 0;
      const sent = new Map<number, number>();
      let answered = 0;
      const schedule = (delay: number) => {
        for (const { user, socket } of members) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!running) return;
            sent.set(user, performance.now());
            if (measuring) samples.answers += 1;
            socket.send(JSON.stringify({ user, q: question }));
          }, delay + THINK_MIN_MS + random() * (THINK_MAX_MS - THINK_MIN_MS));
          timers.add(timer);
        }
      };
      for (const { socket } of members) {
        socket.on('message', (raw) => {
          const at = performance.now();
          const text = String(raw);
          const doc = JSON.parse(text) as { user: number; q: number };
          if (measuring) {
            samples.latencies.push(at - sent.get(doc.user)!);
            samples.docBytes.push(text.length);
          }
        });
      }
      // The room's rhythm is driven by the first member's view: four answers close the question.
      members[0]!.socket.on('message', () => {
        answered += 1;
        if (answered === 4) {
          answered = 0;
          question += 1;
          if (running) schedule(REVEAL_PAUSE_MS);
        }
      });
      schedule(0);
    }),
  );

  await new Promise((r) => setTimeout(r, 3000));
  const cpu0 = await floorServer.cpuMs();
  measuring = true;
  samples.clientLoop = await measuringWindow(seconds);
  measuring = false;
  samples.serverCpuMs = (await floorServer.cpuMs()) - cpu0;
  running = false;
  for (const timer of timers) clearTimeout(timer);
  for (const socket of sockets) socket.close();
  return samples;
}

// ---------------------------------------------------------------------------------------------

function line(label: string, s: Samples): string {
  const p = (n: number) => percentile(s.latencies, n).toFixed(1).padStart(7);
  const errors = [...s.errors.values()].reduce((a, b) => a + b, 0);
  return `  ${label.padEnd(22)} answers ${String(s.answers).padStart(6)}  deliveries ${String(s.latencies.length).padStart(7)}  p50 ${p(50)} ms  p99 ${p(99)} ms  max ${p(100)} ms  errors ${errors}` +
    (s.clientLoop ? `  (players' loop p99 ${s.clientLoop.p99Ms.toFixed(1)}, max ${s.clientLoop.maxMs.toFixed(1)} ms)` : '') +
    (s.serverCpuMs !== null ? `\n${' '.repeat(26)}server CPU ${((s.serverCpuMs / seconds)).toFixed(0)} ms/s, ${(s.serverCpuMs / Math.max(1, s.answers)).toFixed(2)} ms per answer` : '');
}

/** BENCH_FLOOR_ONLY=<doc bytes>: only the floor, e.g. to see this machine's figures without the app. */
async function floorOnly(docBytes: number) {
  for (const [i, rooms] of steps.entries()) {
    const floorServer = await startFloor(docBytes);
    const floor = await floorStep(floorServer, rooms, 1000 + i).finally(() => floorServer.stop());
    console.log(`${rooms} rooms, ${rooms * 4} sockets, documents ${docBytes} bytes`);
    console.log(line('floor (bare ws)', floor));
  }
}

/** The kernel's count of connections dropped because a listen queue was full (every socket on this machine). */
function listenOverflows(): number | null {
  try {
    const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const header = lines.find((l) => l.startsWith('TcpExt:'));
    const values = lines.filter((l) => l.startsWith('TcpExt:'))[1];
    if (!header || !values) return null;
    const at = header.split(' ').indexOf('ListenOverflows');
    return at < 0 ? null : Number(values.split(' ')[at]);
  } catch {
    return null;
  }
}

/** CPU time (user + system, ms) a process has used, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

interface ServerProcess {
  readonly url: string;
  readonly pid: number | null;
  /** Where the process writes its own figures on SIGUSR2 (QA_RUNTIME_STATS), or null. */
  readonly statsFile: string | null;
}

interface ServerFigures {
  cpuMs: number | null;
  wallMs: number;
  eventLoop: { p50Ms: number; p99Ms: number; maxMs: number } | null;
  gc: { count: number; totalMs: number; maxMs: number } | null;
  commits: { batches: number; versions: number; largest: number } | null;
  /** How long versions waited for their batch to be written, over the window. */
  commitWaits: { p50Ms: number; p99Ms: number; maxMs: number } | null;
  /** PGlite's own thread, when the server runs it on one: busy time and GC pauses over the window. */
  databaseThread: { busyMs: number; wallMs: number; gc: { count: number; totalMs: number; maxMs: number } } | null;
}

/** The servers' CPU and (when they report it) event loop, GC and group commit over the measuring window. */
function serverMeter(servers: readonly ServerProcess[]) {
  let cpu0: (number | null)[] = [];
  let t0 = 0;
  let figures: ServerFigures[] = [];
  /** The group commit's counts when the window opened (the server reports them since its start). */
  let commits0: (ServerFigures['commits'] | null)[] = [];
  /** Reports the servers wrote since they were signalled, by server (a busy server writes late: wait for it). */
  let started: Promise<void> = Promise.resolve();
  let stopped: Promise<void> = Promise.resolve();
  const mtime = (file: string | null) => (file && fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
  /** Signals the servers and resolves once each has written a new report (or after 10 s). */
  const signalAll = async (): Promise<void> => {
    const before = servers.map((s) => mtime(s.statsFile));
    for (const s of servers) if (s.pid !== null && s.statsFile) process.kill(s.pid, 'SIGUSR2');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && servers.some((s, i) => s.pid !== null && s.statsFile && mtime(s.statsFile) <= before[i]!)) {
      await new Promise((r) => setTimeout(r, 25));
    }
    // The file is written in one call; a moment more so that it is complete.
    await new Promise((r) => setTimeout(r, 25));
  };
  const readFile = (file: string | null) =>
    file && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { eventLoop: ServerFigures['eventLoop']; gc: ServerFigures['gc']; extra: { roomCommits?: ServerFigures['commits']; commitWaits?: ServerFigures['commitWaits']; databaseThread?: ServerFigures['databaseThread'] } }) : null;
  return {
    start() {
      t0 = performance.now();
      cpu0 = servers.map((s) => (s.pid === null ? null : cpuMs(s.pid)));
      started = signalAll().then(() => void (commits0 = servers.map((s) => readFile(s.statsFile)?.extra.roomCommits ?? null)));
    },
    stop() {
      const wallMs = performance.now() - t0;
      figures = servers.map((s, i) => {
        const now = s.pid === null ? null : cpuMs(s.pid);
        return { cpuMs: now === null || cpu0[i] == null ? null : now - cpu0[i]!, wallMs, eventLoop: null, gc: null, commits: null, commitWaits: null, databaseThread: null };
      });
      stopped = started.then(signalAll);
    },
    /** Reads what the servers wrote on the signal that closed the window. */
    async read(): Promise<ServerFigures[]> {
      await stopped;
      return figures.map((f, i) => {
        const stats = readFile(servers[i]!.statsFile);
        if (!stats) return f;
        const now = stats.extra.roomCommits ?? null;
        const before = commits0[i];
        const commits = now && before ? { batches: now.batches - before.batches, versions: now.versions - before.versions, largest: now.largest } : now;
        return { ...f, eventLoop: stats.eventLoop, gc: stats.gc, commits, commitWaits: stats.extra.commitWaits ?? null, databaseThread: stats.extra.databaseThread ?? null };
      });
    },
  };
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

async function main() {
  if (process.env.BENCH_FLOOR_ONLY) return floorOnly(Number(process.env.BENCH_FLOOR_ONLY));
  const maxRooms = Math.max(...steps);
  const processes = Number(process.env.BENCH_PROCESSES ?? 1);
  let dropDatabase: (() => Promise<void>) | null = null;
  const env: Record<string, string> = { DEV_OUTBOX: '1', TRUST_PROXY: '1', LOG_LEVEL: 'warn' };
  // E.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the servers under load (the bench itself is not).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (process.env.DATABASE_URL) {
    const fresh = await freshBenchDatabase(process.env.DATABASE_URL, 'qa_bench_realtime');
    env.DATABASE_URL = fresh.url;
    dropDatabase = fresh.drop;
  } else if (processes > 1) {
    throw new Error('BENCH_PROCESSES > 1 needs DATABASE_URL: several processes share a PostgreSQL database, never the embedded one');
  }
  const external = process.env.BENCH_URL;
  const started: RunningServer[] = [];
  const servers: ServerProcess[] = [];
  try {
    if (external) {
      servers.push({ url: external, pid: process.env.BENCH_SERVER_PID ? Number(process.env.BENCH_SERVER_PID) : null, statsFile: null });
    } else {
      for (let i = 0; i < processes; i += 1) {
        const statsFile = path.join(os.tmpdir(), `qa-bench-realtime-${process.pid}-${i}.json`);
        // The first process seeds and migrates the database; the others start on it.
        const server = await startServer({ env: { ...env, QA_RUNTIME_STATS: statsFile }, nodeArgs, settings: i === 0 ? { group_battle_max_questions: '20' } : {} });
        started.push(server);
        servers.push({ url: server.url, pid: server.pid(), statsFile });
      }
    }
    const urls = servers.map((s) => s.url);
    const api = new BenchApi(urls[0]!);
    const t0 = Date.now();
    const tokens = await signUpPlayers(api, maxRooms * 4, 'battler');
    const where = external ? external : process.env.DATABASE_URL ? `PostgreSQL, ${processes} server process${processes > 1 ? 'es' : ''}` : 'PGlite';
    console.log(`realtime bench: ${where}, ${tokens.length} players signed up in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${seconds} s per step`);
    let verdict = true;
    const results: FloorFigure[] = [];
    for (const [i, rooms] of steps.entries()) {
      // Each transport in turn on the same server, then the floor and the reference.
      const runs: { transport: Transport; app: Samples; figures: ServerFigures[]; overflows: number | null }[] = [];
      for (const transport of transports) {
        const meter = serverMeter(servers);
        const overflows0 = listenOverflows();
        const app = await appStep(urls, api, tokens, rooms, 1000 + i, meter, transport);
        const overflows = overflows0 === null ? null : (listenOverflows() ?? overflows0) - overflows0;
        runs.push({ transport, app, figures: await meter.read(), overflows });
      }
      const docBytes = Math.round(mean(runs[0]!.app.docBytes));
      const floorServer = await startFloor(docBytes);
      const floor = await floorStep(floorServer, rooms, 1000 + i).finally(() => floorServer.stop());
      // A reference, not a target: the floor plus one committed PGlite write per answer.
      const withWrite = reference ? await startFloor(docBytes, true) : null;
      const written = withWrite ? await floorStep(withWrite, rooms, 1000 + i).finally(() => withWrite.stop()) : null;
      const floorP99 = percentile(floor.latencies, 99);
      console.log(`\n${rooms} rooms, ${rooms * 4} players, frames ~${docBytes} bytes on average`);
      for (const run of runs) console.log(line(`Quiz Arena (${run.transport === 'socket' ? 'socket' : 'SSE + HTTP'})`, run.app));
      console.log(line('floor (bare ws)', floor));
      if (written) console.log(line('floor + PGlite write', written));
      for (const { transport, app, figures, overflows } of runs) {
        const appP99 = percentile(app.latencies, 99);
        const appMax = percentile(app.latencies, 100);
        const ratio = appP99 / floorP99;
        console.log(`  ${transport === 'socket' ? 'socket' : 'SSE + HTTP'}: every room started within ${app.startSeconds.toFixed(1)} s`);
        for (const [what, n] of app.errors) console.log(`    ${n} × ${what}`);
        for (const [k, f] of figures.entries()) {
          const perSecond = f.cpuMs === null ? 'n/a' : `${Math.round((f.cpuMs / f.wallMs) * 1000)} ms/s`;
          const perAnswer = f.cpuMs === null ? 'n/a' : `${(f.cpuMs / Math.max(1, app.answers)).toFixed(2)} ms`;
          const loop = f.eventLoop ? `event loop p99 ${f.eventLoop.p99Ms} ms, max ${f.eventLoop.maxMs} ms` : 'event loop n/a';
          const gc = f.gc ? `GC ${f.gc.count} pauses, ${f.gc.totalMs} ms in all, max ${f.gc.maxMs} ms` : 'GC n/a';
          const waits = f.commitWaits ? `, waits p50 ${f.commitWaits.p50Ms} / p99 ${f.commitWaits.p99Ms} / max ${f.commitWaits.maxMs} ms` : '';
          const commits = f.commits ? `group commit ${f.commits.versions} versions in ${f.commits.batches} batches (largest since start ${f.commits.largest})${waits}` : '';
          const thread = f.databaseThread
            ? `; database thread busy ${Math.round((f.databaseThread.busyMs / Math.max(1, f.databaseThread.wallMs)) * 1000)} ms/s, GC ${f.databaseThread.gc.count} pauses, ${f.databaseThread.gc.totalMs} ms in all, max ${f.databaseThread.gc.maxMs} ms`
            : '';
          console.log(`    server${figures.length > 1 ? ` ${k + 1}` : ''}: CPU ${perSecond}, ${perAnswer} per answer; ${loop}; ${gc}${commits ? `; ${commits}` : ''}${thread}`);
        }
        const indexes = [...app.deltaBytes.keys()].sort((x, y) => x - y);
        if (indexes.length > 0) {
          const first = indexes[0]!;
          const last = indexes.at(-1)!;
          console.log(`    bytes per version after connect (deltas): question ${first + 1} ~${Math.round(mean(app.deltaBytes.get(first)!))}, question ${last + 1} ~${Math.round(mean(app.deltaBytes.get(last)!))}`);
        }
        if (overflows) console.log(`    ${overflows} connections dropped by a full listen queue during the step (the kernel retries them after 1, 3, 7 s)`);
        console.log(`    delivery: ${app.checked} answers taken while measuring, ${app.missing} not shown to every member, ${app.orderErrors} versions repeated or out of order`);
        const clean = app.errors.size === 0 && app.missing === 0 && app.orderErrors === 0;
        const targets: [string, boolean][] = [];
        if (processes > 1) targets.push([`p99 ≤ 4× floor (${(4 * floorP99).toFixed(1)} ms)`, ratio <= 4]);
        else if (rooms <= 250) {
          targets.push([`p99 ≤ ${TARGET_FLOOR_RATIO}× floor (${(TARGET_FLOOR_RATIO * floorP99).toFixed(1)} ms)`, ratio <= TARGET_FLOOR_RATIO]);
          if (written) targets.push([`p99 below floor + PGlite write (${percentile(written.latencies, 99).toFixed(1)} ms)`, appP99 < percentile(written.latencies, 99)]);
          targets.push([`max ≤ ${TARGET_MAX_MS} ms`, appMax <= TARGET_MAX_MS]);
        } else if (rooms <= 500) targets.push([`p99 ≤ ${TARGET_P99_500_MS} ms`, appP99 <= TARGET_P99_500_MS]);
        else targets.push([`p99 ≤ ${TARGET_P99_1000_MS} ms (no saturation)`, appP99 <= TARGET_P99_1000_MS]);
        targets.push(['0 errors, every answer shown to every member once, in order', clean]);
        const met = targets.every(([, ok]) => ok);
        console.log(`    p99 ${appP99.toFixed(1)} ms = ${ratio.toFixed(2)} × floor; max ${appMax.toFixed(1)} ms → ${targets.map(([what, ok]) => `${what}: ${ok ? 'met' : 'NOT met'}`).join('; ')}`);
        if (!met) verdict = false;
        const appErrors = [...app.errors.values()].reduce((x, y) => x + y, 0) + app.missing + app.orderErrors;
        // The stream's measure keeps its name (bench:quick's reference); the socket's is new.
        results.push({ measure: `realtime ${rooms} rooms answer → members p99${transport === 'socket' ? ' (socket)' : ''}`, app: appP99, floor: floorP99, unit: 'ms', better: 'lower', errors: appErrors });
      }
    }
    console.log(`\nverdict: ${verdict ? 'targets met' : 'targets NOT met'}`);
    writeFigures(results);
  } finally {
    for (const server of started) await server.stop();
    for (const s of servers) if (s.statsFile) fs.rmSync(s.statsFile, { force: true });
    await dropDatabase?.();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
