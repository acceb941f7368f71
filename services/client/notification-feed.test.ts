import { startNotificationFeed, type LiveNotification } from '@/services/client/notification-feed';
import { STREAM_RECONNECT_FRAME } from '@/services/domain/rooms';

/** The browser's notification feed on a fake fetch whose streams the test writes to. */

interface FakeStream {
  write(text: string): void;
  end(): void;
}

function fakeFetch(statuses: number[] = []) {
  const streams: FakeStream[] = [];
  const calls: { url: string; auth: string | null; priority?: string }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, auth: new Headers(init.headers).get('authorization'), ...(init.priority ? { priority: init.priority } : {}) });
    const status = statuses.shift() ?? 200;
    if (status !== 200) return new Response('{}', { status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    streams.push({ write: (text) => controller.enqueue(encoder.encode(text)), end: () => controller.close() });
    init.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as unknown as typeof fetch;
  return { fetchImpl, streams, calls };
}

const until = async (what: () => boolean) => {
  for (let i = 0; i < 200 && !what(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(what()).toBe(true);
};

const item: LiveNotification = { title: 'Weekend cup', message: 'Double coins', image: null, link: '/contest-play/', type: 'default', created_at: '2026-11-25T10:00:00.000Z' };

describe('the live notification feed', () => {
  test('sends the token in a header, hands over each notification, reconnects after a drop and says when it is connected again', async () => {
    const { fetchImpl, streams, calls } = fakeFetch();
    const got: LiveNotification[] = [];
    let connected = 0;
    const stop = startNotificationFeed({ token: 't0k3n', fetchImpl, onNotification: (n) => got.push(n), onConnected: () => connected++, backoff: { firstMs: 1, maxMs: 5 } });
    await until(() => streams.length === 1);
    expect(calls[0]).toEqual({ url: '/api/notifications/events', auth: 'Bearer t0k3n', priority: 'low' });
    streams[0]!.write('event: ready\ndata: {}\n\n: heartbeat\n\n');
    streams[0]!.write(`event: notification\ndata: ${JSON.stringify(item)}\n\nevent: notification\ndata: not json\n\n`);
    await until(() => got.length === 1 && connected === 1);
    expect(got).toEqual([item]);

    streams[0]!.end();
    await until(() => streams.length === 2);
    streams[1]!.write('event: ready\ndata: {}\n\n');
    await until(() => connected === 2);
    stop();
  });

  test("the server's reconnect event (a drain before a restart) opens the stream again at once, not after the back-off", async () => {
    const { fetchImpl, streams } = fakeFetch();
    const stop = startNotificationFeed({ token: 't', fetchImpl, onNotification: () => undefined, backoff: { firstMs: 60_000, maxMs: 60_000 } });
    await until(() => streams.length === 1);
    streams[0]!.write('event: ready\ndata: {}\n\n' + STREAM_RECONNECT_FRAME);
    streams[0]!.end();
    // With a back-off of a minute, only the reconnect event can explain a second stream now.
    await until(() => streams.length === 2);
    streams[1]!.end();
    await new Promise((r) => setTimeout(r, 30));
    expect(streams).toHaveLength(2);
    stop();
  });

  test('a refused stream (401: signed out or deactivated) is not opened again', async () => {
    const { fetchImpl, calls } = fakeFetch([401]);
    const stop = startNotificationFeed({ token: 'gone', fetchImpl, onNotification: () => undefined, backoff: { firstMs: 1, maxMs: 1 } });
    await until(() => calls.length === 1);
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toHaveLength(1);
    stop();
  });

  test('a server that answers 503 (maintenance) is asked again with back-off; stopping ends it', async () => {
    const { fetchImpl, calls } = fakeFetch([503, 503]);
    const stop = startNotificationFeed({ token: 't', fetchImpl, onNotification: () => undefined, backoff: { firstMs: 1, maxMs: 2 } });
    await until(() => calls.length === 3);
    stop();
    const after = calls.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.length).toBe(after);
  });
});
