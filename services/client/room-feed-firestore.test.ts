import type { RoomFeedStatus } from '@/services/client/room-feed';

/**
 * The Firestore room feed on a stand-in for the web SDK's onSnapshot (no Firestore emulator
 * here), and the choice between it and the room stream.
 */

type Next = (snapshot: { data(): Record<string, unknown> | undefined }) => void;
type Fail = (error: { code: string }) => void;

interface Listener {
  path: string;
  next: Next;
  fail: Fail;
  active: boolean;
}

const listeners: Listener[] = [];

jest.mock('firebase/firestore', () => ({
  getFirestore: jest.fn(() => ({ name: 'fake-firestore' })),
  doc: jest.fn((_db: unknown, collection: string, id: string) => ({ path: `${collection}/${id}` })),
  onSnapshot: jest.fn((ref: { path: string }, next: Next, fail: Fail) => {
    const listener: Listener = { path: ref.path, next, fail, active: true };
    listeners.push(listener);
    return () => {
      listener.active = false;
    };
  }),
}));
jest.mock('@/services/client/identity/firebase', () => ({ firebaseWebApp: jest.fn(() => ({ name: '[DEFAULT]' })) }));

const config = { apiKey: 'k', authDomain: 'demo-quiz.firebaseapp.com', projectId: 'demo-quiz', authEmulatorHost: null };

function stored(version: number, id = 'r_fs') {
  return { id, version, status: 'started', member_uids: ['uid-a', 'uid-b'], written_at: { seconds: 1 } };
}

async function follow() {
  const { createFirestoreRoomFeed } = await import('@/services/client/room-feed-firestore');
  const docs: Record<string, unknown>[] = [];
  const statuses: RoomFeedStatus[] = [];
  const stop = createFirestoreRoomFeed(config).subscribe('r_fs', 'api-token', (d) => docs.push(d as unknown as Record<string, unknown>), (s) => statuses.push(s));
  return { docs, statuses, stop, current: () => listeners[listeners.length - 1]! };
}

beforeEach(() => {
  listeners.length = 0;
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the Firestore room feed', () => {
  test('listens to rooms/<id> and hands over newer versions without the store-only fields', async () => {
    const { docs, statuses, stop, current } = await follow();
    expect(current().path).toBe('rooms/r_fs');
    current().next({ data: () => undefined }); // not written yet
    current().next({ data: () => stored(2) });
    current().next({ data: () => stored(1) });
    current().next({ data: () => stored(2) });
    current().next({ data: () => stored(3) });
    expect(docs).toEqual([
      { id: 'r_fs', version: 2, status: 'started' },
      { id: 'r_fs', version: 3, status: 'started' },
    ]);
    expect(statuses).toEqual(['connecting', 'live']);
    stop();
    expect(current().active).toBe(false);
  });

  test('a failed listener is opened again with back-off, keeping the version it held', async () => {
    const { docs, statuses, stop, current } = await follow();
    current().next({ data: () => stored(4) });
    current().fail({ code: 'unavailable' });
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting']);
    await jest.advanceTimersByTimeAsync(499);
    expect(listeners).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(listeners).toHaveLength(2);
    current().fail({ code: 'unavailable' });
    await jest.advanceTimersByTimeAsync(1000);
    expect(listeners).toHaveLength(3);
    current().next({ data: () => stored(4) });
    current().next({ data: () => stored(5) });
    expect(docs.map((d) => d.version)).toEqual([4, 5]);
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    stop();
  });

  test('reads refused again and again end as not_found; an expired sign-in as unauthorised', async () => {
    const denied = await follow();
    for (let i = 0; i < 5; i += 1) {
      denied.current().fail({ code: 'permission-denied' });
      await jest.advanceTimersByTimeAsync(5000);
    }
    expect(listeners).toHaveLength(5);
    expect(denied.statuses).toEqual(['connecting', 'reconnecting', 'not_found']);

    listeners.length = 0;
    const signedOut = await follow();
    signedOut.current().fail({ code: 'unauthenticated' });
    await jest.advanceTimersByTimeAsync(30_000);
    expect(listeners).toHaveLength(1);
    expect(signedOut.statuses).toEqual(['connecting', 'unauthorised']);
  });
});

describe('choosing the room feed', () => {
  test("the player's socket (the room stream behind it) unless the server writes rooms to Firestore; the Firestore feed is loaded once per config", async () => {
    const { getRoomFeed, playerSocket } = await import('@/services/client/room-feed-select');
    const { roomFeed } = await import('@/services/client/room-feed');
    const socket = playerSocket();
    expect(socket).not.toBe(roomFeed);
    expect(await getRoomFeed(null)).toBe(socket);
    expect(await getRoomFeed({ room_store: 'embedded', firebase: config })).toBe(socket);
    expect(await getRoomFeed({ room_store: 'firestore', firebase: null })).toBe(socket);
    const firestoreFeed = await getRoomFeed({ room_store: 'firestore', firebase: config });
    expect(firestoreFeed).not.toBe(roomFeed);
    expect(firestoreFeed).not.toBe(socket);
    expect(await getRoomFeed({ room_store: 'firestore', firebase: { ...config } })).toBe(firestoreFeed);
  });
});
