import type { RoomCall, RoomFeedEvent } from '@/machines/battle-play/battle-room';
import { createCoinWatcher, followRoom, type BattleServiceDeps } from '@/services/client/battle-services';
import type { RoomDocListener, RoomFeed, RoomStatusListener } from '@/services/client/room-feed';
import type { RoomDelta } from '@/services/domain/room-events';
import type { RoomDocument } from '@/services/domain/rooms';

/** The live battle services' adaptation of the room feed to the machines' events, on a fake feed. */

const ROOM = 'room_live_1';

function doc(version: number, patch: Partial<RoomDocument> = {}): RoomDocument {
  return { id: ROOM, version, status: 'started', entry_fee: 5, vs_bot: false, ...patch } as RoomDocument;
}

/** A feed the test drives: what was subscribed, and the listeners to call. */
function fakeFeed(serverNow = 1_000_000) {
  const subs: { roomId: string; token: string; onDoc: RoomDocListener; onStatus: RoomStatusListener; stopped: boolean }[] = [];
  const feed: RoomFeed = {
    serverNow: () => serverNow,
    subscribe(roomId, token, onDoc, onStatus = () => undefined) {
      const sub = { roomId, token, onDoc, onStatus, stopped: false };
      subs.push(sub);
      return () => void (sub.stopped = true);
    },
  };
  return { feed, subs, last: () => subs[subs.length - 1]! };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function deps(feed: RoomFeed, getRoom: BattleServiceDeps['getRoom'] = async () => ({ ok: false, code: null })): BattleServiceDeps {
  return { feed: async () => feed, token: () => 'tok', getRoom, refreshCoins: () => undefined };
}

async function follow(d: BattleServiceDeps) {
  const events: RoomFeedEvent[] = [];
  const seen: RoomDocument[] = [];
  const stop = followRoom(d, Object.assign((x: RoomDocument) => void seen.push(x), { delta: () => undefined }), { roomId: ROOM }, (e) => events.push(e));
  await flush();
  return { events, seen, stop };
}

describe('the room feed as the battle machines hear it', () => {
  test('subscribes with the token; each document is room.updated with the feed\'s server time; connected comes after the first document', async () => {
    const f = fakeFeed(42_000);
    const { events, seen } = await follow(deps(f.feed));
    expect(f.last()).toMatchObject({ roomId: ROOM, token: 'tok' });
    f.last().onStatus('connecting');
    f.last().onStatus('live');
    expect(events).toEqual([]);
    f.last().onDoc(doc(3));
    f.last().onDoc(doc(4));
    expect(events).toEqual([
      { type: 'room.updated', doc: doc(3), serverNow: 42_000 },
      { type: 'feed.status', status: 'connected', serverNow: 42_000 },
      { type: 'room.updated', doc: doc(4), serverNow: 42_000 },
    ]);
    expect(seen.map((d) => d.version)).toEqual([3, 4]);
  });

  test('a dropped stream is reconnecting; after it comes back the room is read once, and that document confirms the connection', async () => {
    const f = fakeFeed();
    const reads: string[] = [];
    const { events } = await follow(
      deps(f.feed, async (roomId) => {
        reads.push(roomId);
        return { ok: true, data: { room: doc(7) } } as RoomCall;
      }),
    );
    f.last().onStatus('live');
    f.last().onDoc(doc(6));
    events.length = 0;
    f.last().onStatus('reconnecting');
    expect(events).toEqual([{ type: 'feed.status', status: 'reconnecting' }]);
    // The server skips the version the client holds (Last-Event-ID): no document comes on the stream.
    f.last().onStatus('live');
    await flush();
    expect(reads).toEqual([ROOM]);
    expect(events.slice(1)).toEqual([
      { type: 'room.updated', doc: doc(7), serverNow: 1_000_000 },
      { type: 'feed.status', status: 'connected', serverNow: 1_000_000 },
    ]);
  });

  test('a document from the stream that comes before the read confirms the connection once', async () => {
    const f = fakeFeed();
    let answer: (c: RoomCall) => void = () => undefined;
    const { events } = await follow(deps(f.feed, () => new Promise<RoomCall>((r) => (answer = r))));
    f.last().onStatus('live');
    f.last().onDoc(doc(1));
    f.last().onStatus('reconnecting');
    f.last().onStatus('live');
    events.length = 0;
    f.last().onDoc(doc(2));
    answer({ ok: true, data: { room: doc(2) } });
    await flush();
    expect(events.filter((e) => e.type === 'feed.status')).toEqual([{ type: 'feed.status', status: 'connected', serverNow: 1_000_000 }]);
    expect(events.filter((e) => e.type === 'room.updated')).toHaveLength(1);
  });

  test('not a member (not_found) or a refused token (unauthorised) is gone', async () => {
    for (const status of ['not_found', 'unauthorised'] as const) {
      const f = fakeFeed();
      const { events } = await follow(deps(f.feed));
      f.last().onStatus(status);
      expect(events).toEqual([{ type: 'feed.status', status: 'gone' }]);
    }
  });

  test('stopping unsubscribes; stopping before the feed is ready never subscribes', async () => {
    const f = fakeFeed();
    const { stop } = await follow(deps(f.feed));
    stop();
    expect(f.last().stopped).toBe(true);

    const g = fakeFeed();
    const events: RoomFeedEvent[] = [];
    const early = followRoom(deps(g.feed), createCoinWatcher(() => undefined), { roomId: ROOM }, (e) => events.push(e));
    early();
    await flush();
    expect(g.subs).toHaveLength(0);
    expect(events).toEqual([]);
  });

  test('documents of another room are not passed on', async () => {
    const f = fakeFeed();
    const { events } = await follow(deps(f.feed));
    f.last().onDoc({ ...doc(1), id: 'other' });
    expect(events).toEqual([]);
  });
});

describe('the coin balance follows rooms that move coins', () => {
  test('read again when a room with a fee is first seen started and first seen finished', () => {
    let reads = 0;
    const watch = createCoinWatcher(() => (reads += 1));
    watch(doc(1, { status: 'waiting' }));
    expect(reads).toBe(0);
    watch(doc(2, { status: 'started' }));
    watch(doc(3, { status: 'started' }));
    expect(reads).toBe(1);
    // A late answer with an older version changes nothing.
    watch(doc(2, { status: 'started' }));
    watch(doc(1, { status: 'waiting' }));
    expect(reads).toBe(1);
    watch(doc(9, { status: 'finished' }));
    watch(doc(9, { status: 'finished' }));
    expect(reads).toBe(2);
  });

  test('deltas count as the versions they make: a status they set, over the fee last seen', () => {
    let reads = 0;
    const watch = createCoinWatcher(() => (reads += 1));
    const delta = (version: number, set: Partial<RoomDocument>): RoomDelta => ({ id: ROOM, version, updated_at: '2026-11-26T10:00:00.000Z', events: [{ t: 'room', set }] });
    // A delta of a room never seen whole is not watched.
    watch.delta(delta(2, { status: 'started' }));
    expect(reads).toBe(0);
    watch(doc(1, { status: 'waiting' }));
    watch.delta(delta(2, { status: 'started' }));
    watch.delta({ ...delta(3, {}), events: [] });
    expect(reads).toBe(1);
    watch.delta(delta(4, { status: 'finished' }));
    expect(reads).toBe(2);
    // A free room (its fee set to 0 by a delta) moves no coins.
    watch({ ...doc(1, { status: 'waiting' }), id: 'free' });
    watch.delta({ ...delta(2, { entry_fee: 0 }), id: 'free' });
    watch.delta({ ...delta(3, { status: 'started' }), id: 'free' });
    expect(reads).toBe(2);
  });

  test('bot games and free rooms move no coins: no read', () => {
    let reads = 0;
    const watch = createCoinWatcher(() => (reads += 1));
    watch(doc(1, { status: 'started', vs_bot: true, entry_fee: 0 }));
    watch(doc(2, { status: 'finished', vs_bot: true, entry_fee: 0 }));
    watch({ ...doc(1, { status: 'finished', entry_fee: 0 }), id: 'free' });
    expect(reads).toBe(0);
  });
});
