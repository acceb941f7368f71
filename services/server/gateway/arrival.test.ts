/**
 * The arrival stamp (services/server/gateway/arrival.ts): taken when the body's last byte was read,
 * so that a call held back afterwards keeps its time, and a client sending its headers early and
 * its body late is timed by its body.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { arrivalsPendingBefore, sinceArrival, stampArrival, waitForArrivalsBefore } from '@/services/server/gateway/arrival';

let server: http.Server;
let port: number;
/** How long the server holds a call once its body has fully arrived, before it answers how long ago it arrived. */
let holdMs = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    stampArrival(req, res);
    req.resume();
    // Held for holdMs by the monotonic clock from the body's end (a timer alone may fire a
    // millisecond early by that clock), then it answers how long ago the call had arrived.
    req.on('end', () => {
      const from = performance.now();
      const hold = () => {
        const left = holdMs - (performance.now() - from);
        if (left > 0) setTimeout(hold, Math.ceil(left));
        else res.end(String(sinceArrival(req)));
      };
      hold();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a POST whose body follows its headers after `bodyAfterMs`; answers the server's reply body. */
function post(bodyAfterMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.on('data', (d) => (reply += d.toString()));
    socket.on('end', () => resolve(Number(reply.split('\r\n\r\n')[1])));
    socket.on('error', reject);
    socket.write('POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\n');
    setTimeout(() => socket.write('hello'), bodyAfterMs);
  });
}

test('a call held 300 ms after it arrived says so', async () => {
  holdMs = 300;
  expect(await post(0)).toBeGreaterThanOrEqual(300);
});

test('a body sent 300 ms after its headers is timed by the body, not the headers', async () => {
  holdMs = 0;
  expect(await post(300)).toBeLessThan(150);
});

test('a request nobody stamped has waited 0 ms; pending calls are waited for, at most a second', async () => {
  expect(sinceArrival({} as http.IncomingMessage)).toBe(0);
  expect(arrivalsPendingBefore(0)).toBe(false);
  holdMs = 200;
  const answered = post(0);
  await new Promise((r) => setTimeout(r, 50));
  // A call arrived 50 ms ago and is held: a deadline 10 ms ago waits for it; one 100 ms ago does not.
  expect(arrivalsPendingBefore(10)).toBe(true);
  expect(arrivalsPendingBefore(100)).toBe(false);
  const started = performance.now();
  await waitForArrivalsBefore(10);
  expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  expect(arrivalsPendingBefore(0)).toBe(false);
  await answered;
});
