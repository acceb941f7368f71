/**
 * The floor of bench/live: a bare `ws` server doing the least a live-game server can do. Clients
 * connect to /?game=<n>&role=host|player. A host's message is a question: the server serialises
 * one frame of the size asked for and sends it to every player of the game. A player's message is
 * an answer: the server counts it and sends the count to the game's host. No database, no checks,
 * no HTTP: what is left is the network stack and the fan-out on this machine.
 *
 * Run by bench/live/run.ts as a child process; prints `listening <port>` when ready.
 */
import { WebSocketServer, type WebSocket } from 'ws';

const frameBytes = Number(process.env.FLOOR_FRAME_BYTES ?? 700);
const games = new Map<string, { hosts: Set<WebSocket>; players: Set<WebSocket>; answered: number; version: number }>();

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (socket, req) => {
  const params = new URL(req.url ?? '/', 'http://floor').searchParams;
  const id = params.get('game') ?? '0';
  let game = games.get(id);
  if (!game) games.set(id, (game = { hosts: new Set(), players: new Set(), answered: 0, version: 0 }));
  const g = game;
  const role = params.get('role') === 'host' ? g.hosts : g.players;
  role.add(socket);
  socket.on('close', () => role.delete(socket));
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { t: 'q' | 'a'; q: number };
    if (message.t === 'q') {
      g.version += 1;
      g.answered = 0;
      const head = JSON.stringify({ id, version: g.version, q: message.q, pad: '' });
      const frame = head.replace('"pad":""', `"pad":"${'x'.repeat(Math.max(0, frameBytes - head.length))}"`);
      for (const p of g.players) p.send(frame);
    } else {
      g.answered += 1;
      const frame = JSON.stringify({ answered: g.answered });
      for (const h of g.hosts) h.send(frame);
    }
  });
});
wss.on('listening', () => {
  const address = wss.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
const stop = () => {
  wss.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
