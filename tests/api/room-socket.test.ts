import { WebSocket } from 'ws';
import { applyRoomDelta, type RoomDelta } from '@/services/domain/room-events';
import type { RoomDocument } from '@/services/domain/rooms';
import { SseParser } from '@/services/client/sse-stream';
import { CLOSE_PROTOCOL, CLOSE_RESTART, CLOSE_UNAUTHORISED, SOCKET_PATH } from '@/services/server/gateway/socket';
import { readRoomHead } from '@/services/server/rooms/repository';
import { testDbKind } from '@/tests/setup/db';
import { newPlayer, roomCall, roomsApiSuite, secretAnswers, startFriendRoom, type Player } from '@/tests/api/rooms.support';

/**
 * The player's socket (docs/rooms.md, "The socket"): room calls answered as over HTTP, rooms
 * followed with the room stream's frames and presence, every answer durable before a member sees
 * it, refusals and the close codes.
 */

const h = roomsApiSuite();

interface Reply {
  t: 'reply';
  id: number;
  status: number;
  body: { error: boolean; message: string; data: unknown };
}

/** A test client: the messages it got, in order, and waits for the next one that matches. */
class TestSocket {
  readonly ws: WebSocket;
  readonly json: Record<string, unknown>[] = [];
  /** Room frames by room id, parsed as the browser parses them. */
  readonly frames = new Map<string, { event: string; data: string; id: string | null }[]>();
  private readonly parsers = new Map<string, SseParser>();
  private readonly waiters: (() => void)[] = [];
  closed: { code: number; reason: string } | null = null;
  private nextId = 1;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('{')) this.json.push(JSON.parse(text) as Record<string, unknown>);
      else {
        const newline = text.indexOf('\n');
        const room = text.slice(0, newline);
        let parser = this.parsers.get(room);
        if (!parser) this.parsers.set(room, (parser = new SseParser()));
        const list = this.frames.get(room) ?? [];
        list.push(...parser.push(text.slice(newline + 1)));
        this.frames.set(room, list);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      for (const w of this.waiters.splice(0)) w();
    });
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.ws.readyState === WebSocket.OPEN) return resolve();
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  /** Resolves once `check` answers something (checked after each message), or fails after 5 s. */
  async until<T>(check: () => T | undefined | null | false, what: string): Promise<T> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = check();
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${what} within 5 s; got ${JSON.stringify(this.json)} and frames ${JSON.stringify([...this.frames])}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  async hello(token: string): Promise<void> {
    await this.opened();
    this.send({ t: 'hello', token });
    await this.until(() => this.json.find((m) => m.t === 'ready'), 'ready');
  }

  async call(name: string, input: Record<string, unknown>): Promise<Reply> {
    const id = this.nextId++;
    this.send({ t: 'call', id, name, input });
    return this.until(() => this.json.find((m) => m.t === 'reply' && m.id === id) as Reply | undefined, `reply ${id}`);
  }

  async whenClosed(): Promise<{ code: number; reason: string }> {
    return this.until(() => this.closed, 'close');
  }

  /** The room as this socket's frames make it (whole documents and deltas folded in order). */
  room(roomId: string): RoomDocument | null {
    let doc: RoomDocument | null = null;
    for (const frame of this.frames.get(roomId) ?? []) {
      if (frame.event === 'room') doc = JSON.parse(frame.data) as RoomDocument;
      if (frame.event === 'delta' && doc) doc = applyRoomDelta(doc, JSON.parse(frame.data) as RoomDelta);
    }
    return doc;
  }
}

const sockets: TestSocket[] = [];
function connect(): TestSocket {
  const socket = new TestSocket(`${h.api.url.replace(/^http/, 'ws')}${SOCKET_PATH}`);
  sockets.push(socket);
  return socket;
}

afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});

async function twoPlayersInARoom(): Promise<{ a: Player; b: Player; started: RoomDocument }> {
  const [a, b] = [await newPlayer(h), await newPlayer(h)];
  const started = await startFriendRoom(h, a, b, 0);
  return { a, b, started };
}

describe(`the player's socket (${testDbKind})`, () => {
  test('a room call over the socket answers what the same call over HTTP answers', async () => {
    const { a, started } = await twoPlayersInARoom();
    const socket = connect();
    await socket.hello(a.token);
    const overSocket = await socket.call('get_room', { room_id: started.id });
    const overHttp = await h.api.call('get_room', { room_id: started.id }, { token: a.token });
    expect(overSocket.status).toBe(200);
    expect(overSocket.body.error).toBe(false);
    expect(overSocket.body.data).toEqual(overHttp.body.data);
    // And refusals as over HTTP: the input named, the same code and status.
    const bad = await socket.call('get_room', { room_id: '' });
    const badHttp = await h.api.call('get_room', { room_id: '' }, { token: a.token });
    expect([bad.status, bad.body.message]).toEqual([badHttp.status, badHttp.body.message]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('room_id');
  });

  test('a followed room gets the current document, then every version as the other member plays, each durable before it is shown', async () => {
    const { a, b, started } = await twoPlayersInARoom();
    const socket = connect();
    await socket.hello(a.token);
    socket.send({ t: 'follow', room: started.id, after: null });
    await socket.until(() => socket.room(started.id)?.version === started.version, 'the current document');

    // b answers over HTTP; a's socket shows it, and the version it shows was already stored.
    const right = (await secretAnswers(h, started.id))[0]!;
    const seenAt: { version: number; stored: number }[] = [];
    const answered = roomCall(h, b, 'submit_room_answer', { room_id: started.id, question_index: 0, answer: right });
    const shown = await socket.until(() => {
      const doc = socket.room(started.id);
      return doc && doc.version > started.version ? doc : null;
    }, 'the answer');
    seenAt.push({ version: shown.version, stored: (await readRoomHead(h.db, started.id))!.doc.version });
    await answered;
    expect(seenAt[0]!.stored).toBeGreaterThanOrEqual(seenAt[0]!.version);
    expect(shown.questions[0]!.answers.find((x) => x.user_id === b.userId)?.answered).toBe(true);
  });

  test('an answer sent over the socket is taken, and the sender sees it on its own followed room', async () => {
    const { a, started } = await twoPlayersInARoom();
    const socket = connect();
    await socket.hello(a.token);
    socket.send({ t: 'follow', room: started.id, after: null });
    await socket.until(() => socket.room(started.id), 'the current document');
    const right = (await secretAnswers(h, started.id))[0]!;
    const reply = await socket.call('submit_room_answer', { room_id: started.id, question_index: 0, answer: right });
    expect(reply.status).toBe(200);
    const answered = (reply.body.data as { room: RoomDocument }).room;
    expect(answered.questions[0]!.answers.find((x) => x.user_id === a.userId)?.answered).toBe(true);
    // Durable: the stored room has it.
    expect((await readRoomHead(h.db, started.id))!.doc.version).toBeGreaterThanOrEqual(answered.version);
    await socket.until(() => (socket.room(started.id)?.version ?? 0) >= answered.version, 'the answer on the followed room');
    // A second answer to the same question is refused as over HTTP.
    const again = await socket.call('submit_room_answer', { room_id: started.id, question_index: 0, answer: right });
    const againHttp = await h.api.call('submit_room_answer', { room_id: started.id, question_index: 0, answer: right }, { token: a.token });
    expect([again.status, again.body.message]).toEqual([againHttp.status, againHttp.body.message]);
  });

  test('a room of which the player is no member is not followed; calls that are not room calls are refused', async () => {
    const { started } = await twoPlayersInARoom();
    const outsider = await newPlayer(h);
    const socket = connect();
    await socket.hello(outsider.token);
    socket.send({ t: 'follow', room: started.id, after: null });
    const refused = await socket.until(() => socket.json.find((m) => m.t === 'unfollowed'), 'unfollowed');
    expect(refused).toMatchObject({ room: started.id, status: 404 });
    expect(socket.frames.get(started.id)).toBeUndefined();
    const notRoom = await socket.call('get_system_configurations', {});
    expect(notRoom.status).toBe(404);
    expect(notRoom.body.message).toBe('not_found');
  });

  test('an unknown token closes the socket with 4401; a call before the hello, or a message that is not JSON, with 4400', async () => {
    const bad = connect();
    await bad.opened();
    bad.send({ t: 'hello', token: 'not-a-token' });
    expect((await bad.whenClosed()).code).toBe(CLOSE_UNAUTHORISED);

    const early = connect();
    await early.opened();
    early.send({ t: 'call', id: 1, name: 'get_room', input: { room_id: 'x' } });
    const closed = await early.whenClosed();
    expect(closed.code).toBe(CLOSE_PROTOCOL);
    expect(closed.reason).toContain('hello');

    const { a } = await twoPlayersInARoom();
    const garbled = connect();
    await garbled.hello(a.token);
    garbled.ws.send('not json');
    expect((await garbled.whenClosed()).code).toBe(CLOSE_PROTOCOL);
  });

  test('following counts as the member being connected, and closing the socket as leaving', async () => {
    const { a, started } = await twoPlayersInARoom();
    const before = h.api.gateway.roomStreams.openCount;
    const socket = connect();
    await socket.hello(a.token);
    socket.send({ t: 'follow', room: started.id, after: null });
    await socket.until(() => socket.room(started.id), 'the current document');
    await socket.until(() => h.api.gateway.roomStreams.openCount === before + 1 || null, 'the stream counted');
    socket.ws.close();
    await socket.until(() => h.api.gateway.roomStreams.openCount === before || null, 'the stream gone');
  });
});

describe('a restart', () => {
  test('tells each socket to connect again (1012) after a reconnect frame on each followed room, once the calls it took are answered', async () => {
    const { a, started } = await twoPlayersInARoom();
    const socket = connect();
    await socket.hello(a.token);
    socket.send({ t: 'follow', room: started.id, after: null });
    await socket.until(() => socket.room(started.id), 'the current document');
    // An answer the server has taken when it starts to stop: answered before the socket closes.
    const right = (await secretAnswers(h, started.id))[0]!;
    // The call is held in the gateway until the stop has begun.
    const gateway = h.api.gateway as { callOverSocket: typeof h.api.gateway.callOverSocket };
    const original = gateway.callOverSocket.bind(h.api.gateway);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    gateway.callOverSocket = async (...args) => {
      await held;
      return original(...args);
    };
    socket.send({ t: 'call', id: 99, name: 'submit_room_answer', input: { room_id: started.id, question_index: 0, answer: right } });
    await socket.until(() => h.api.gateway.sockets.callsInFlight > 0 || null, 'the call taken');
    const stopped = h.api.gateway.close();
    await socket.until(() => socket.json.find((m) => m.t === 'reconnect'), 'the reconnect message');
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.closed).toBeNull();
    release();
    await stopped;
    const closed = await socket.whenClosed();
    expect(closed.code).toBe(CLOSE_RESTART);
    const reply = socket.json.find((m) => m.t === 'reply' && m.id === 99) as Reply | undefined;
    expect(reply?.status).toBe(200);
    expect(socket.json.some((m) => m.t === 'reconnect')).toBe(true);
    expect(socket.frames.get(started.id)!.at(-1)!.event).toBe('reconnect');
  });
});
