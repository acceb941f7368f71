/**
 * The floor of bench/realtime: a bare `ws` server that does the least a room server can do.
 * Clients connect to /?room=<n>; when one sends an answer, the server builds the room's next
 * document (a JSON text of the size the bench asks for, serialised once) and sends it to every
 * member of the room. No database, no validation, no authentication: what is left is the cost of
 * the network stack and the broadcast on this machine.
 *
 * Run by bench/realtime/run.ts as a child process (so it has a process of its own, as the app
 * server has): prints `listening <port>` when ready.
 */
import { WebSocketServer, type WebSocket } from 'ws';

const docBytes = Number(process.env.FLOOR_DOC_BYTES ?? 4000);
const rooms = new Map<string, { members: Set<WebSocket>; version: number }>();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });

wss.on('connection', (socket, req) => {
  const roomId = new URL(req.url ?? '/', 'http://floor').searchParams.get('room') ?? '0';
  let room = rooms.get(roomId);
  if (!room) rooms.set(roomId, (room = { members: new Set(), version: 0 }));
  const joined = room;
  joined.members.add(socket);
  socket.on('close', () => joined.members.delete(socket));
  socket.on('message', (raw) => {
    const answer = JSON.parse(String(raw)) as { user: number; q: number };
    joined.version += 1;
    const head = JSON.stringify({ id: roomId, version: joined.version, user: answer.user, q: answer.q, pad: '' });
    const doc = head.replace('"pad":""', `"pad":"${'x'.repeat(Math.max(0, docBytes - head.length))}"`);
    for (const member of joined.members) member.send(doc);
  });
});

wss.on('listening', () => {
  const address = wss.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
