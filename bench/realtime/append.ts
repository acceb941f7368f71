/**
 * What one room version costs to write on the embedded database, and which part of the statement
 * costs what: the group commit's own path (services/server/rooms/group-commit.ts) on a PGlite
 * database made by the app's migrations, 250 started rooms with documents and question sets of a
 * battle's size. No HTTP, no streams, nothing else on the thread: the engine alone.
 *
 *   npx tsx bench/realtime/append.ts            5,000 versions per variant, alone and in batches of 8
 *   BENCH_VERSIONS=20000 npx tsx bench/realtime/append.ts
 *
 * Variants, each on a fresh database:
 * - `append` — the statement as the server runs it: the head row moved (`rooms.version`, due
 *   time, updated at) under its lock, then the event inserted under its key;
 * - `append + foreign key` — the same with room_events' foreign key to rooms, as it was until
 *   migration 0018 (decision 022, third addendum);
 * - `event insert only` — only the event row, its key deciding the version (no head update).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase, type Database } from '@/services/server/db/client';
import { preparedStatement, runPreparedBatch } from '@/services/server/db/prepared';
import { createGroupCommitter, type AppendedVersion } from '@/services/server/rooms/group-commit';

const ROOMS = 250;
const VERSIONS = Number(process.env.BENCH_VERSIONS ?? 5000);
const BATCH = 8;

const question = (i: number) => ({
  id: 1000 + i,
  categoryId: 3,
  answer: 'b',
  question: `Which planet of the solar system has the most moons known today (question ${i})?`,
  questionType: 'multiple',
  image: null,
  options: ['Jupiter', 'Saturn', 'Uranus', 'Neptune'].map((text, k) => ({ key: 'abcd'[k]!, text })),
});
/** A group battle's document at question 8 of 20 (about 4 kB, as the bench's rooms reach). */
const DOC = JSON.stringify({
  id: 'r_benchbenchbenchbenchbe',
  type: 'group',
  status: 'started',
  members: [1, 2, 3, 4].map((u) => ({ id: u, name: `Player ${u}`, avatar: null, score: 12, correct: 3, wrong: 1, left: false })),
  questions: Array.from({ length: 8 }, (_, i) => ({
    index: i,
    question: question(i).question,
    options: question(i).options,
    answers: Object.fromEntries([1, 2, 3, 4].map((u) => [String(u), { answer: 'b', correct: true, points: 4, at: 1764160000000 + i }])),
    correct: 'b',
  })),
});
const QUESTIONS = JSON.stringify(Array.from({ length: 20 }, (_, i) => question(i)));
const SECRET = JSON.stringify({ keys: Array(20).fill('b'), picks: { '1': { answer: 'a', at: 1764160000000 } }, nextOpenAt: null, botPlan: null, rules: { answer_points: '4', time_bonus: '1' } });
const DELTA = JSON.stringify({ v: 9, events: [{ type: 'answer', user_id: 1, index: 8, at: '2026-11-26T13:00:00.000Z' }], pad: 'x'.repeat(300) });

/** The open question's deadline: the same for every answer to it (only opening and closing move it). */
const DUE_AT = new Date(Date.now() + 3_600_000);

const insertOnly = preparedStatement<{ room_id: string; version: number }>(
  'bench_event_insert_only',
  `insert into room_events (room_id, version, delta, secret, at) values ($1::text, $2::int, $3::text, $4::text, $5::timestamptz)
   on conflict do nothing returning room_id, version`,
);

async function setUp(foreignKey: boolean): Promise<{ database: Database; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'append-bench-'));
  const database = await openDatabase({ dataDir: dir });
  await migrateDatabase(database);
  const client = (database.db as unknown as { $client: { exec(q: string): Promise<unknown>; query(q: string, p: unknown[]): Promise<unknown> } }).$client;
  await client.exec(`insert into users (id, firebase_id, name) values (1, 'bench', 'bench') on conflict do nothing`);
  if (foreignKey) await client.exec('alter table room_events add constraint room_events_room_id_rooms_id_fk foreign key (room_id) references rooms (id) on delete cascade');
  for (let i = 0; i < ROOMS; i++) {
    await client.query(
      `insert into rooms (id, type, status, version, snapshot_version, created_by, doc, questions, secret, due_at, created_at, updated_at)
       values ($1, 'group', 'started', 1, 1, 1, $2, $3::jsonb, $4, $5, now(), now())`,
      [`r_${i}`, DOC, QUESTIONS, SECRET, DUE_AT.toISOString()],
    );
  }
  return { database, dir };
}

interface Result {
  name: string;
  alone: number;
  batched: number;
}

/** µs of this thread's CPU per version: `versions` written one at a time, then in batches of BATCH. */
async function measure(write: (room: number, version: number) => Promise<unknown>): Promise<{ alone: number; batched: number }> {
  const next = new Array<number>(ROOMS).fill(1);
  const one = (i: number) => {
    const room = i % ROOMS;
    const v = next[room]! + 1;
    next[room] = v;
    return write(room, v);
  };
  // Warm up (statements prepared, caches filled), not counted.
  for (let i = 0; i < 500; i++) await one(i);
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  let start = cpu();
  for (let i = 0; i < VERSIONS; i++) await one(i);
  const alone = (cpu() - start) / VERSIONS;
  start = cpu();
  for (let i = 0; i < VERSIONS; i += BATCH) await Promise.all(Array.from({ length: BATCH }, (_, k) => one(i + k)));
  const batched = (cpu() - start) / VERSIONS;
  return { alone, batched };
}

const version = (room: number, v: number): AppendedVersion => ({
  roomId: `r_${room}`,
  version: v,
  deltaJson: DELTA,
  secretJson: SECRET,
  dueAt: DUE_AT,
  searchDeadlineAt: null,
  at: new Date(),
  snapshot: null,
});

async function variant(name: string, foreignKey: boolean, how: 'committer' | 'insert'): Promise<Result> {
  const { database, dir } = await setUp(foreignKey);
  try {
    let lost = 0;
    let write: (room: number, v: number) => Promise<unknown>;
    if (how === 'committer') {
      const committer = createGroupCommitter(database);
      write = async (room, v) => {
        if (!(await committer.append(version(room, v)))) lost += 1;
      };
    } else {
      // Batched like the committer: what arrives in one turn goes in one call.
      let queue: { room: number; v: number; done: () => void }[] = [];
      const flush = async () => {
        const batch = queue;
        queue = [];
        await runPreparedBatch(
          database.db,
          batch.map(({ room, v }) => ({ statement: insertOnly, values: [`r_${room}`, v, DELTA, SECRET, new Date()] })),
        );
        for (const b of batch) b.done();
      };
      write = (room, v) =>
        new Promise<void>((resolve) => {
          queue.push({ room, v, done: resolve });
          if (queue.length === 1) setImmediate(() => void flush());
        });
    }
    const r = await measure(write);
    if (lost > 0) throw new Error(`${name}: ${lost} versions lost their race (there is no other writer)`);
    return { name, alone: r.alone, batched: r.batched };
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`PGlite, ${ROOMS} started rooms, ${VERSIONS} versions per variant: CPU per version (µs), written alone / in batches of ${BATCH}`);
  const results: Result[] = [];
  // Twice each, interleaved: the second round is the one the machine was warm for.
  for (let round = 0; round < 2; round++) {
    results.push(await variant('append', false, 'committer'));
    results.push(await variant('append + foreign key', true, 'committer'));
    results.push(await variant('event insert only', false, 'insert'));
  }
  for (const r of results) console.log(`  ${r.name.padEnd(24)} ${r.alone.toFixed(0).padStart(5)} µs alone  ${r.batched.toFixed(0).padStart(5)} µs in batches`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
