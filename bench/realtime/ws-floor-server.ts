/**
 * The floor of bench/realtime: a bare `ws` server that does the least a room server can do.
 * Clients connect to /?room=<n>; when one sends an answer, the server builds the room's next
 * document (a JSON text of the size the bench asks for, serialised once) and sends it to every
 * member of the room. No database, no validation, no authentication: what is left is the cost of
 * the network stack and the broadcast on this machine.
 *
 * FLOOR_PGLITE=1 adds one thing, as a reference: before the broadcast the document is written to
 * an embedded PGlite database (one `update` of the room's row, committed) — the least a room
 * server that keeps every version in a database must do per answer.
 *
 * Run by bench/realtime/run.ts as a child process (so it has a process of its own, as the app
 * server has): prints `listening <port>` when ready, and `cpu <ms>` (its CPU time so far, user +
 * system) for each line `cpu` on its standard input.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { WebSocketServer, type WebSocket } from 'ws';

const docBytes = Number(process.env.FLOOR_DOC_BYTES ?? 4000);
const rooms = new Map<string, { members: Set<WebSocket>; version: number }>();

async function openDatabase(): Promise<{ write: (roomId: string, version: number, doc: string) => Promise<void>; close: () => Promise<void> } | null> {
  if (!process.env.FLOOR_PGLITE) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-floor-'));
  const db = new PGlite(dir);
  await db.exec(`create table rooms (id text primary key, version int not null, doc text not null)`);
  await db.exec(`prepare write_room as insert into rooms (id, version, doc) values ($1, $2, $3) on conflict (id) do update set version = excluded.version, doc = excluded.doc`);
  const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
  return {
    write: async (roomId, version, doc) => void (await db.exec(`execute write_room (${literal(roomId)}, ${version}, ${literal(doc)})`)),
    close: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const database = await openDatabase();
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  wss.on('connection', (socket, req) => {
    const roomId = new URL(req.url ?? '/', 'http://floor').searchParams.get('room') ?? '0';
    let room = rooms.get(roomId);
    if (!room) rooms.set(roomId, (room = { members: new Set(), version: 0 }));
    const joined = room;
    joined.members.add(socket);
    socket.on('close', () => joined.members.delete(socket));
    socket.on('message', async (raw) => {
      const answer = JSON.parse(String(raw)) as { user: number; q: number };
      joined.version += 1;
      const head = JSON.stringify({ id: roomId, version: joined.version, user: answer.user, q: answer.q, pad: '' });
      const doc = head.replace('"pad":""', `"pad":"${'x'.repeat(Math.max(0, docBytes - head.length))}"`);
      if (database) await database.write(roomId, joined.version, doc);
      for (const member of joined.members) member.send(doc);
    });
  });
  wss.on('listening', () => {
    const address = wss.address();
    process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  const stop = () => {
    wss.close();
    void (database?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  // The runner asks for this process's CPU time (user + system, ms) around its window.
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (text: string) => {
    if (text.includes('cpu')) {
      const used = process.cpuUsage();
      process.stdout.write(`cpu ${(used.user + used.system) / 1000}\n`);
    }
  });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
