import { STREAM_RECONNECT_FRAME, type RoomDocument } from '@/services/domain/rooms';
import { createRoomFeed, SseParser, type RoomFeedStatus } from '@/services/client/room-feed';
import type { RoomDelta } from '@/services/domain/room-events';
import { fakeFetch } from '@/tests/fakes/fake-sse-fetch';

/** The browser's room feed on a fake fetch whose streams the test writes to, on fake timers. */

describe('the Server-Sent Events parser', () => {
  test('LF, CRLF and CR line ends, chunks split anywhere, comments skipped, data lines joined', () => {
    const parser = new SseParser();
    const text = ': heartbeat\n\nid: 3\nevent: room\ndata: {"a":1}\n\r\nid: 4\r\nevent: room\r\ndata: line one\r\ndata: line two\r\n\r\ndata:no space\r\rretry: 10\nunknown field\n\n';
    const events = [];
    // Every split point, including between the CR and LF of a CRLF.
    for (const char of text) events.push(...parser.push(char));
    expect(events).toEqual([
      { id: '3', event: 'room', data: '{"a":1}' },
      { id: '4', event: 'room', data: 'line one\nline two' },
      { id: '4', event: 'message', data: 'no space' },
    ]);
    const whole = new SseParser().push(text);
    expect(whole).toEqual(events);
  });

  test('an event is dispatched only at its blank line', () => {
    const parser = new SseParser();
    expect(parser.push('id: 1\nevent: room\ndata: x\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ id: '1', event: 'room', data: 'x' }]);
    expect(parser.push('event: room\n\n')).toEqual([]); // no data: nothing, and the event name is reset
    expect(parser.push('data: y\n\n')).toEqual([{ id: '1', event: 'message', data: 'y' }]);
  });
});

// ---- The feed ----

const ROOM = 'r_feed/1';

function doc(version: number, id = ROOM): RoomDocument {
  return { id, version, status: 'started' } as RoomDocument;
}
const frame = (d: RoomDocument) => `id: ${d.version}\nevent: room\ndata: ${JSON.stringify(d)}\n\n`;

function follow(f: ReturnType<typeof fakeFetch>, options: { stallMs?: number } = {}) {
  const docs: number[] = [];
  const statuses: RoomFeedStatus[] = [];
  const feed = createRoomFeed({ fetch: f.fetch, baseUrl: 'https://quiz.example', random: () => 0.5, ...options });
  const stop = feed.subscribe(ROOM, 'secret-token', (d) => docs.push(d.version), (s) => statuses.push(s));
  return { docs, statuses, stop };
}

const tick = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

/** A delta frame: the room's status set, version `version`. */
const deltaFrame = (version: number, status = 'started', id = ROOM) => {
  const delta: RoomDelta = { id, version, updated_at: `2026-11-25T20:00:0${version % 10}.000Z`, events: [{ t: 'room', set: { status: status as RoomDocument['status'] } }] };
  return `id: ${version}\nevent: delta\ndata: ${JSON.stringify(delta)}\n\n`;
};

describe('the embedded room feed: deltas', () => {
  test('folds each delta into the held document with the shared reducer and hands the result over', async () => {
    const f = fakeFetch();
    const seen: RoomDocument[] = [];
    const feed = createRoomFeed({ fetch: f.fetch, baseUrl: 'https://quiz.example', random: () => 0.5 });
    const stop = feed.subscribe(ROOM, 'secret-token', (d) => seen.push(d));
    await tick();
    f.last().write(frame(doc(3)) + deltaFrame(4) + deltaFrame(5, 'finished'));
    await tick();
    expect(seen.map((d) => [d.version, d.status, d.updated_at])).toEqual([
      [3, 'started', undefined],
      [4, 'started', '2026-11-25T20:00:04.000Z'],
      [5, 'finished', '2026-11-25T20:00:05.000Z'],
    ]);
    // An old or repeated delta changes nothing; one of another room is not ours.
    f.last().write(deltaFrame(5) + deltaFrame(4) + deltaFrame(6, 'started', 'r_other'));
    await tick();
    expect(seen).toHaveLength(3);
    expect(f.calls).toHaveLength(1);
    stop();
  });

  test('a gap (a delta that does not follow the held version) resyncs at once: a new stream without Last-Event-ID, nothing reported', async () => {
    const f = fakeFetch();
    const { docs, statuses, stop } = follow(f);
    await tick();
    f.last().write(frame(doc(3)) + deltaFrame(4));
    await tick();
    f.last().write(deltaFrame(6));
    await tick();
    expect(f.calls).toHaveLength(2);
    expect(f.calls[0]!.aborted).toBe(true);
    expect(f.calls[1]!.headers['last-event-id']).toBeUndefined();
    expect(f.calls[1]!.at).toBe(f.calls[0]!.at);
    // The whole current document comes first on the new stream; deltas follow from it.
    f.last().write(frame(doc(6)) + deltaFrame(7));
    await tick();
    expect(docs).toEqual([3, 4, 6, 7]);
    expect(statuses).toEqual(['connecting', 'live']);
    // A later drop reconnects as usual, with Last-Event-ID again.
    f.last().end();
    await jest.advanceTimersByTimeAsync(600);
    expect(f.last().headers['last-event-id']).toBe('7');
    stop();
  });

  test('a subscriber that folds deltas itself gets them as they came, newer ones only, and its resync() reopens the stream for the whole document', async () => {
    const f = fakeFetch();
    const docs: number[] = [];
    const deltas: number[] = [];
    const feed = createRoomFeed({ fetch: f.fetch, baseUrl: 'https://quiz.example', random: () => 0.5 });
    const subscription = feed.subscribe(
      ROOM,
      'secret-token',
      (d) => docs.push(d.version),
      undefined,
      (d) => deltas.push(d.version),
    );
    await tick();
    // A gap is the subscriber's to see: the feed hands over 6 after 4 (it folds nothing), drops a repeat.
    f.last().write(frame(doc(3)) + deltaFrame(4) + deltaFrame(4) + deltaFrame(6));
    await tick();
    expect(docs).toEqual([3]);
    expect(deltas).toEqual([4, 6]);
    expect(f.calls).toHaveLength(1);
    subscription.resync!();
    await tick();
    expect(f.calls).toHaveLength(2);
    expect(f.calls[0]!.aborted).toBe(true);
    expect(f.calls[1]!.headers['last-event-id']).toBeUndefined();
    // The whole document comes even at the version last handed over.
    f.last().write(frame(doc(6)) + deltaFrame(7));
    await tick();
    expect(docs).toEqual([3, 6]);
    expect(deltas).toEqual([4, 6, 7]);
    subscription();
    expect(f.last().aborted).toBe(true);
  });

  test('a delta before any document, or one that does not parse, resyncs too', async () => {
    const f = fakeFetch();
    const { docs, stop } = follow(f);
    await tick();
    f.last().write(deltaFrame(2));
    await tick();
    expect(f.calls).toHaveLength(2);
    f.last().write(frame(doc(2)) + 'event: delta\ndata: {broken\n\n');
    await tick();
    expect(f.calls).toHaveLength(3);
    expect(f.last().headers['last-event-id']).toBeUndefined();
    expect(docs).toEqual([2]);
    stop();
  });
});

describe('the embedded room feed', () => {
  test('asks for the room stream with the token in the Authorization header, never in the URL', async () => {
    const f = fakeFetch();
    const { stop } = follow(f);
    await tick();
    expect(f.calls).toHaveLength(1);
    expect(f.last().url).toBe('https://quiz.example/api/rooms/r_feed%2F1/events');
    expect(f.last().url).not.toContain('secret-token');
    expect(f.last().headers).toMatchObject({ authorization: 'Bearer secret-token', accept: 'text/event-stream' });
    expect(f.last().headers['last-event-id']).toBeUndefined();
    stop();
  });

  test("learns the server's clock from the stream's clock events", async () => {
    const f = fakeFetch();
    const feed = createRoomFeed({ fetch: f.fetch, baseUrl: 'https://quiz.example', random: () => 0.5, now: () => 1_000_000 });
    expect(feed.serverNow()).toBe(1_000_000);
    const stop = feed.subscribe(ROOM, 'secret-token', () => undefined);
    await tick();
    f.last().write(': heartbeat\nevent: clock\ndata: 1004500\n\n');
    await tick();
    expect(feed.serverNow()).toBe(1_004_500);
    f.last().write(': heartbeat\nevent: clock\ndata: not-a-time\n\n');
    await tick();
    expect(feed.serverNow()).toBe(1_004_500);
    stop();
  });

  test('hands over each newer version once, in order; older, repeated, foreign and broken events are dropped', async () => {
    const f = fakeFetch();
    const { docs, statuses, stop } = follow(f);
    await tick();
    const s = f.last();
    s.write(frame(doc(3)) + ': heartbeat\n\n' + frame(doc(4)));
    s.write(frame(doc(2)) + frame(doc(4)) + frame(doc(9, 'r_other')));
    s.write('event: room\ndata: {not json\n\nevent: other\ndata: {"id":"r_feed/1","version":50}\n\n');
    s.write(frame(doc(5)).slice(0, 10));
    await tick();
    s.write(frame(doc(5)).slice(10));
    await tick();
    expect(docs).toEqual([3, 4, 5]);
    expect(statuses).toEqual(['connecting', 'live']);
    stop();
  });

  test('reconnects after a drop with back-off from 0.5 s doubling to 5 s, sending Last-Event-ID', async () => {
    const f = fakeFetch([200, 'network-error', 503, 'network-error', 'network-error', 'network-error', 200]);
    const { docs, statuses, stop } = follow(f);
    await tick();
    f.last().write(frame(doc(7)));
    await tick();
    f.last().end(); // the server restarted
    await jest.advanceTimersByTimeAsync(60_000);
    expect(f.calls).toHaveLength(7);
    const gaps = f.calls.slice(1).map((c, i) => c.at - f.calls[i]!.at);
    expect(gaps).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    for (const call of f.calls.slice(1)) expect(call.headers['last-event-id']).toBe('7');
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    // Back on the stream: the current document again is a duplicate; a newer one is taken.
    f.last().write(frame(doc(7)) + frame(doc(8)));
    await tick();
    expect(docs).toEqual([7, 8]);
    stop();
  });

  test("the server's reconnect event (it drains for a restart) reopens the stream at once with Last-Event-ID, and shows no break", async () => {
    const f = fakeFetch([200, 200]);
    const { docs, statuses, stop } = follow(f);
    await tick();
    f.last().write(frame(doc(4)));
    await tick();
    f.last().write(STREAM_RECONNECT_FRAME);
    f.last().end();
    await tick();
    expect(f.calls).toHaveLength(2);
    expect(f.calls[1]!.at - f.calls[0]!.at).toBe(0);
    expect(f.calls[1]!.headers['last-event-id']).toBe('4');
    f.last().write(frame(doc(5)));
    await tick();
    expect(docs).toEqual([4, 5]);
    expect(statuses).toEqual(['connecting', 'live']);
    // A plain drop afterwards is reported and retried with back-off, as before.
    f.last().end();
    await tick();
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting']);
    stop();
  });

  test('the back-off starts again from 0.5 s once a connection succeeded', async () => {
    const f = fakeFetch([200, 'network-error', 200, 200]);
    const { stop } = follow(f);
    await tick();
    f.last().end();
    await jest.advanceTimersByTimeAsync(1600); // 0.5 s, then 1 s
    expect(f.calls).toHaveLength(3);
    f.last().end();
    await jest.advanceTimersByTimeAsync(499);
    expect(f.calls).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(f.calls).toHaveLength(4);
    stop();
  });

  test('a stream that goes silent (no heartbeat) is dropped and opened again', async () => {
    const f = fakeFetch();
    const { statuses, stop } = follow(f, { stallMs: 1000 });
    await tick();
    f.last().write(': heartbeat\n\n');
    await jest.advanceTimersByTimeAsync(900);
    f.last().write(': heartbeat\n\n');
    await jest.advanceTimersByTimeAsync(900);
    expect(f.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(100);
    expect(f.calls[0]!.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(500);
    expect(f.calls).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    stop();
  });

  test('a refused token (401) and a room the player is not in (404) are final', async () => {
    for (const [status, final] of [
      [401, 'unauthorised'],
      [404, 'not_found'],
    ] as const) {
      const f = fakeFetch([status]);
      const { statuses } = follow(f);
      await jest.advanceTimersByTimeAsync(30_000);
      expect(f.calls).toHaveLength(1);
      expect(statuses).toEqual(['connecting', final]);
    }
  });

  test('unsubscribing closes the stream and nothing more is delivered or retried', async () => {
    const f = fakeFetch();
    const { docs, statuses, stop } = follow(f);
    await tick();
    f.last().write(frame(doc(1)));
    await tick();
    stop();
    await tick();
    expect(f.last().aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(f.calls).toHaveLength(1);
    expect(docs).toEqual([1]);
    expect(statuses).toEqual(['connecting', 'live']);
  });
});
