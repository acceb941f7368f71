import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { acceptQueueLength, createConnectionDrain, queueOfInode, type ConnectionDrain } from '@/services/server/ops/connection-drain';

/**
 * A stopping instance's connections on a real server and real sockets. The calls come from a
 * second process, so they reach the kernel while this process's event loop is busy, as a proxy's
 * calls reach an instance that is busy with a burst when it is told to stop.
 */

let server: http.Server;
let drain: ConnectionDrain;
let port: number;
/** Responses the handler keeps open: calls still running, and streams. */
const held: http.ServerResponse[] = [];
const streams: http.ServerResponse[] = [];

beforeEach(async () => {
  server = http.createServer((req, res) => {
    drain.track(req, res, req.url === '/stream');
    req.resume();
    req.on('end', () => {
      if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(': open\n\n');
        streams.push(res);
        return;
      }
      if (req.url === '/slow') {
        held.push(res);
        return;
      }
      res.end('answered');
    });
  });
  drain = createConnectionDrain(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterEach(async () => {
  for (const res of [...held.splice(0), ...streams.splice(0)]) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A second process opens `count` connections and writes a POST on each; prints what each got. */
function callsFromAnotherProcess(count: number): Promise<string[]> {
  const script = `
    const net = require('node:net');
    const one = () => new Promise((resolve) => {
      const s = net.connect(${port}, '127.0.0.1', () => s.write('POST /call HTTP/1.1\\r\\nHost: a\\r\\nContent-Length: 2\\r\\n\\r\\n{}'));
      s.on('data', (d) => { resolve(String(d).split('\\r\\n')[0]); s.destroy(); });
      s.on('error', (e) => resolve('error ' + e.code));
      s.on('close', () => resolve('closed without an answer'));
      setTimeout(() => resolve('no answer in 5 s'), 5000);
    });
    Promise.all(Array.from({ length: ${count} }, one)).then((r) => { console.log(JSON.stringify(r)); process.exit(0); });
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', () => resolve(JSON.parse(out) as string[]));
  });
}

/** Keeps the event loop busy until `count` connections wait in the listener's queue (or 10 s). */
function busyUntilQueued(count: number): number {
  const until = Date.now() + 10_000;
  let queued = 0;
  while (Date.now() < until) {
    queued = acceptQueueLength(server) ?? -1;
    if (queued >= count) break;
  }
  return queued;
}

const CALLS = 5;

test('the queue of a listening socket is read from /proc: 0 when nothing waits', () => {
  expect(acceptQueueLength(server)).toBe(0);
});

test('a call written while the event loop was busy is answered: the listener closes only once the connections waiting for it are taken', async () => {
  const results = callsFromAnotherProcess(CALLS);
  expect(busyUntilQueued(CALLS)).toBe(CALLS);
  const closed = await drain.closeListener();
  expect(closed.leftWaiting).toBe(0);
  expect(closed.turns).toBeGreaterThanOrEqual(CALLS - 1);
  expect(await results).toEqual(Array(CALLS).fill('HTTP/1.1 200 OK'));
  // And the listener is closed: a new connection is refused.
  const refused = await new Promise<string>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => resolve('connected'));
    s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  });
  expect(refused).toBe('ECONNREFUSED');
});

test('without it, a plain close of the listener resets those calls (what a proxy answers 502 for)', async () => {
  const results = callsFromAnotherProcess(CALLS);
  expect(busyUntilQueued(CALLS)).toBe(CALLS);
  net.Server.prototype.close.call(server);
  expect(await results).toEqual(Array(CALLS).fill('error ECONNRESET'));
});

test('the listener closes anyway after maxWaitMs when its queue does not empty', async () => {
  const closed = await createConnectionDrain(server, { acceptQueue: () => 3 }).closeListener({ maxWaitMs: 50 });
  expect(closed.leftWaiting).toBe(3);
  expect(closed.turns).toBeGreaterThan(0);
  expect(server.listening).toBe(false);
});

/** A raw keep-alive connection: `call` writes a request and resolves with its answer's status line; `closed` resolves when the server closes it. */
async function connection(headers = '') {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let closedAt = 0;
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve((closedAt = Date.now()))));
  return {
    call(path = '/call') {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: a\r\n${headers}Content-Length: 2\r\n\r\n{}`);
      return new Promise<string>((resolve) => socket.once('data', (d) => resolve(String(d).split('\r\n')[0]!)));
    },
    closed,
    isClosed: () => closedAt > 0,
  };
}

test("idle connections: a browser's closes at once, a proxy's only once idle for proxyIdleCloseMs, a running call's after its answer", async () => {
  const browser = await connection();
  const proxy = await connection('X-Forwarded-For: 203.0.113.7\r\n');
  const running = await connection();
  expect(await browser.call()).toBe('HTTP/1.1 200 OK');
  expect(await proxy.call()).toBe('HTTP/1.1 200 OK');
  const proxyAnsweredAt = Date.now();
  void running.call('/slow');
  await new Promise((r) => setTimeout(r, 50));
  net.Server.prototype.close.call(server);

  const start = Date.now();
  const ended = drain.endConnections({ deadline: start + 5000, proxyIdleCloseMs: 800 });
  expect((await browser.closed) - start).toBeLessThan(300);
  // The running call keeps its connection; answered, it is idle and closed.
  await new Promise((r) => setTimeout(r, 300));
  expect(running.isClosed()).toBe(false);
  expect(proxy.isClosed()).toBe(false);
  held.shift()!.end('answered late');
  expect((await running.closed) - start).toBeLessThan(800);
  expect(proxy.isClosed()).toBe(false);
  expect((await proxy.closed) - proxyAnsweredAt).toBeGreaterThanOrEqual(800);
  expect(await ended).toEqual({ closedIdle: 3, streamsEnded: 0, cut: 0 });
  expect(drain.open).toBe(0);
});

test('at the deadline the connections left are cut, and counted', async () => {
  const running = await connection();
  void running.call('/slow');
  const proxy = await connection('Forwarded: for=203.0.113.7\r\n');
  expect(await proxy.call()).toBe('HTTP/1.1 200 OK');
  await new Promise((r) => setTimeout(r, 50));
  const ended = await drain.endConnections({ deadline: Date.now() + 300, proxyIdleCloseMs: 10_000 });
  expect(ended).toEqual({ closedIdle: 0, streamsEnded: 0, cut: 2 });
  await running.closed;
  await proxy.closed;
});

test('a connection holding an open stream is closed at once (its client opens the stream again), a running call still waits', async () => {
  const stream = await connection('X-Forwarded-For: 203.0.113.7\r\n');
  expect(await stream.call('/stream')).toBe('HTTP/1.1 200 OK');
  const running = await connection();
  void running.call('/slow');
  await new Promise((r) => setTimeout(r, 50));
  const start = Date.now();
  const ended = drain.endConnections({ deadline: start + 5000 });
  expect((await stream.closed) - start).toBeLessThan(300);
  expect(running.isClosed()).toBe(false);
  held.shift()!.end('answered');
  await running.closed;
  expect(await ended).toEqual({ closedIdle: 1, streamsEnded: 1, cut: 0 });
});

test('queueOfInode reads the rx_queue of the line with that inode', () => {
  const table = [
    '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 00000000000000000000000000000000:0BB9 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4242 1 0000000000000000 100 0 0 10 0',
    '   1: 00000000000000000000000000000000:0BBA 00000000000000000000000000000000:0000 0A 00000000:0000001C 00:00000000 00000000     0        0 4243 1 0000000000000000 100 0 0 10 0',
  ].join('\n');
  expect(queueOfInode(table, '4243')).toBe(28);
  expect(queueOfInode(table, '4242')).toBe(0);
  expect(queueOfInode(table, '424')).toBeNull();
});
