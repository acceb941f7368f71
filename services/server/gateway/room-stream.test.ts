import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { RoomDocument } from '@/services/domain/rooms';
import { createRoomStreams } from '@/services/server/gateway/room-stream';
import { createLocalRoomFanout } from '@/services/server/rooms/store/embedded';
import { roomDoc } from '@/tests/api/room-stream.support';

/**
 * When a version's frame leaves: at once, in the publish. Node corks a response's socket on
 * write and sends at the next tick, after the rest of the current task; for a version a command
 * made, that rest is the command's own answer, which would otherwise go out before every member's
 * frame. The server-side response is held here, so what its socket still holds can be read.
 */
describe('room stream frames', () => {
  const store = createLocalRoomFanout();
  const current = new Map<string, RoomDocument>();
  const streams = createRoomStreams({
    store,
    feed: {
      currentForMember: async (roomId) => current.get(roomId) ?? null,
      streamOpened: async () => undefined,
      streamClosed: async () => undefined,
    },
    heartbeatMs: 60_000,
    log: pino({ level: 'silent' }),
  });
  let held: http.ServerResponse | null = null;
  const server = http.createServer((req, res) => {
    held = res;
    void streams.open(req, res, { roomId: 'r_flush', userId: 1, requestId: 'test' });
  });
  let client: http.ClientRequest | null = null;

  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(async () => {
    client?.destroy();
    await streams.close();
    await new Promise((resolve) => server.close(resolve));
  });

  test('a published version is handed to the socket before publish returns, not at the next tick', async () => {
    current.set('r_flush', roomDoc('r_flush', 1, [1, 2]));
    const received: string[] = [];
    await new Promise<void>((resolve) => {
      client = http.get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/' }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          received.push(chunk);
          if (received.join('').includes('event: room')) resolve();
        });
      });
    });
    const socket = held!.socket!;
    await store.publish(roomDoc('r_flush', 2, [1, 2], { status: 'started' }));
    // Nothing corked, nothing buffered: the frame went to the kernel inside publish.
    expect(socket.writableCorked).toBe(0);
    expect(socket.writableLength).toBe(0);
    await new Promise<void>((resolve) => {
      const check = () => (received.join('').includes('id: 2\n') ? resolve() : setTimeout(check, 5));
      check();
    });
    expect(received.join('')).toMatch(/id: 2\nevent: (delta|room)\n/);
  });
});
