import type { RoomDocument } from '@/services/domain/rooms';
import { STREAM_RECONNECT_FRAME } from '@/services/domain/rooms';
import { createPlayerSocket, FALLBACK_AFTER, IDLE_CLOSE_MS, type PlayerSocket } from '@/services/client/player-socket';
import type { RoomFeed, RoomFeedStatus } from '@/services/client/room-feed';
import { SOCKET_CLOSE_RESTART, SOCKET_CLOSE_UNAUTHORISED } from '@/services/domain/player-socket';

/** The browser's player socket on a fake WebSocket the test drives, on fake timers. */

class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  closedByClient = false;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.closedByClient = true;
    this.drop(1000);
  }
  // ---- the server's side ----
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  message(text: string) {
    this.onmessage?.({ data: text } as MessageEvent);
  }
  ready() {
    this.message(JSON.stringify({ t: 'ready', now: 1_000_000 }));
  }
  drop(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  sentOf(t: string) {
    return this.sent.filter((m) => m.t === t);
  }
}

const ROOM = 'r_socket_1';
function doc(version: number): RoomDocument {
  return { id: ROOM, version, status: 'started' } as RoomDocument;
}
const roomFrame = (d: RoomDocument) => `${d.id}\nid: ${d.version}\nevent: room\ndata: ${JSON.stringify(d)}\n\n`;

function fallbackFeed() {
  const subscribed: string[] = [];
  const feed: RoomFeed = {
    subscribe(roomId, token) {
      subscribed.push(`${roomId} ${token}`);
      return Object.assign(() => undefined, { resync: () => undefined });
    },
    serverNow: () => 0,
  };
  return { feed, subscribed };
}

let socket: PlayerSocket;
let fallback: ReturnType<typeof fallbackFeed>;
const docs: RoomDocument[] = [];
const statuses: RoomFeedStatus[] = [];

beforeEach(() => {
  jest.useFakeTimers();
  FakeSocket.made = [];
  docs.length = 0;
  statuses.length = 0;
  fallback = fallbackFeed();
  socket = createPlayerSocket({ WebSocket: FakeSocket as never, baseUrl: 'ws://game', fallback: fallback.feed, random: () => 0.5, now: () => 1_000_000 });
});
afterEach(() => jest.useRealTimers());

function follow() {
  return socket.subscribe(ROOM, 'token-a', (d) => docs.push(d), (s) => statuses.push(s));
}
const last = () => FakeSocket.made.at(-1)!;

test('a followed room opens the socket, says hello with the token, follows once ready and hands over each version once, in order', () => {
  follow();
  expect(FakeSocket.made).toHaveLength(1);
  expect(last().url).toBe('ws://game/api/socket');
  last().open();
  expect(last().sent).toEqual([{ t: 'hello', token: 'token-a' }]);
  // Nothing is followed before the hello is answered.
  expect(last().sentOf('follow')).toHaveLength(0);
  last().ready();
  expect(last().sentOf('follow')).toEqual([{ t: 'follow', room: ROOM, after: null }]);
  last().message(roomFrame(doc(3)));
  last().message(roomFrame(doc(3)));
  last().message(roomFrame(doc(2)));
  last().message(roomFrame(doc(4)));
  expect(docs.map((d) => d.version)).toEqual([3, 4]);
  expect(statuses).toEqual(['connecting', 'live']);
});

test('a dropped socket opens again after the back-off and follows from the version held; a restart opens it at once', () => {
  follow();
  last().open();
  last().ready();
  last().message(roomFrame(doc(5)));
  last().drop();
  expect(statuses.at(-1)).toBe('reconnecting');
  expect(FakeSocket.made).toHaveLength(1);
  jest.advanceTimersByTime(499);
  expect(FakeSocket.made).toHaveLength(1);
  jest.advanceTimersByTime(1);
  expect(FakeSocket.made).toHaveLength(2);
  last().open();
  last().ready();
  expect(last().sentOf('follow')).toEqual([{ t: 'follow', room: ROOM, after: 5 }]);

  // The server restarts: a reconnect frame on the room, the reconnect message, close 1012.
  last().message(`${ROOM}\n${STREAM_RECONNECT_FRAME}`);
  last().message('{"t":"reconnect"}');
  const reported = statuses.length;
  last().drop(SOCKET_CLOSE_RESTART);
  jest.advanceTimersByTime(0);
  expect(FakeSocket.made).toHaveLength(3);
  // No break is reported for a restart.
  expect(statuses.slice(reported)).toEqual([]);
  expect(docs.map((d) => d.version)).toEqual([5]);
});

test('a refused token is final: unauthorised, and nothing opens again', () => {
  follow();
  last().open();
  last().drop(SOCKET_CLOSE_UNAUTHORISED);
  jest.advanceTimersByTime(60_000);
  expect(statuses.at(-1)).toBe('unauthorised');
  expect(FakeSocket.made).toHaveLength(1);
});

test('a room the player is no member of is not_found, and let go', () => {
  follow();
  last().open();
  last().ready();
  last().message(JSON.stringify({ t: 'unfollowed', room: ROOM, status: 404, body: { error: true, message: '102' } }));
  expect(statuses.at(-1)).toBe('not_found');
  expect(last().sentOf('unfollow')).toEqual([{ t: 'unfollow', room: ROOM }]);
});

test(`where no socket can be had (${FALLBACK_AFTER} attempts never ready), the room goes to the room stream, and so do later ones`, () => {
  follow();
  last().drop();
  jest.advanceTimersByTime(600);
  expect(fallback.subscribed).toEqual([]);
  last().open();
  last().drop();
  expect(fallback.subscribed).toEqual([`${ROOM} token-a`]);
  expect(socket.fellBack).toBe(true);
  jest.advanceTimersByTime(60_000);
  expect(FakeSocket.made).toHaveLength(2);
  socket.subscribe('r_other', 'token-a', () => undefined);
  expect(fallback.subscribed).toEqual([`${ROOM} token-a`, 'r_other token-a']);
  expect(FakeSocket.made).toHaveLength(2);
});

test('a call goes over the socket only while it is ready, is answered by its id, and a socket that drops answers status 0', async () => {
  expect(socket.call('submit_room_answer', { room_id: ROOM }, 'token-a')).toBeNull();
  follow();
  last().open();
  expect(socket.call('submit_room_answer', { room_id: ROOM }, 'token-a')).toBeNull();
  last().ready();
  // Another player's token: not this socket's.
  expect(socket.call('get_room', { room_id: ROOM }, 'token-b')).toBeNull();
  const answered = socket.call('submit_room_answer', { room_id: ROOM, question_index: '0', answer: 'a' }, 'token-a')!;
  const call = last().sentOf('call')[0]!;
  expect(call).toMatchObject({ name: 'submit_room_answer', input: { room_id: ROOM, question_index: '0', answer: 'a' } });
  last().message(JSON.stringify({ t: 'reply', id: call.id, status: 409, body: { error: true, message: 'room_answer_taken' } }));
  await expect(answered).resolves.toEqual({ status: 409, body: { error: true, message: 'room_answer_taken' } });

  const lost = socket.call('get_room', { room_id: ROOM }, 'token-a')!;
  last().drop();
  await expect(lost).resolves.toEqual({ status: 0, body: null });
});

test('a server that stops: the calls already sent are answered on the socket, new ones go over HTTP until the next socket is ready', async () => {
  follow();
  last().open();
  last().ready();
  const sent = socket.call('submit_room_answer', { room_id: ROOM }, 'token-a')!;
  const id = last().sentOf('call')[0]!.id;
  last().message('{"t":"reconnect"}');
  expect(socket.call('get_room', { room_id: ROOM }, 'token-a')).toBeNull();
  last().message(JSON.stringify({ t: 'reply', id, status: 200, body: { error: false, message: 'ok', data: null } }));
  await expect(sent).resolves.toMatchObject({ status: 200 });
  last().drop(SOCKET_CLOSE_RESTART);
  jest.advanceTimersByTime(0);
  last().open();
  last().ready();
  expect(socket.call('get_room', { room_id: ROOM }, 'token-a')).not.toBeNull();
  // Restarts do not count as a socket that cannot be had.
  expect(socket.fellBack).toBe(false);
});

test('a delta that does not follow what is held makes the room be followed again from nothing', () => {
  follow();
  last().open();
  last().ready();
  last().message(roomFrame(doc(3)));
  last().message(`${ROOM}\nid: 5\nevent: delta\ndata: ${JSON.stringify({ id: ROOM, version: 5, updated_at: "", events: [] })}\n\n`);
  expect(last().sentOf('follow')).toEqual([
    { t: 'follow', room: ROOM, after: null },
    { t: 'follow', room: ROOM, after: null },
  ]);
});

test('the socket closes a while after its last room was let go, and stays for the next room before that', () => {
  const stop = follow();
  last().open();
  last().ready();
  stop();
  expect(last().sentOf('unfollow')).toEqual([{ t: 'unfollow', room: ROOM }]);
  jest.advanceTimersByTime(IDLE_CLOSE_MS - 1);
  expect(last().closedByClient).toBe(false);
  // A next battle within the wait reuses the socket.
  const again = follow();
  expect(FakeSocket.made).toHaveLength(1);
  expect(last().sentOf('follow')).toHaveLength(2);
  again();
  jest.advanceTimersByTime(IDLE_CLOSE_MS);
  expect(last().closedByClient).toBe(true);
});
