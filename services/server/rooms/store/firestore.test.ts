import pino from 'pino';
import type { RoomDocument } from '@/services/domain/rooms';
import { createLocalRoomFanout } from '@/services/server/rooms/store/embedded';
import { createFirestoreRoomStore } from '@/services/server/rooms/store/firestore';
import { FakeFirestore } from '@/tests/fakes/fake-firestore';

/**
 * The firestore room store on a fake Firestore (tests/fakes/fake-firestore.ts). There is no
 * Firestore emulator on these machines: this is all the testing the adapter gets here.
 */

function doc(version: number, overrides: Partial<RoomDocument> = {}): RoomDocument {
  const player = (userId: number, seat: number, isBot = false) => ({
    user_id: userId,
    name: `P${userId}`,
    image: null,
    is_bot: isBot,
    seat,
    ready: true,
    points: 0,
    correct: 0,
    answered: 0,
    connected: true,
    grace_until: null,
    left: false,
  });
  return {
    id: 'r_fs_1',
    version,
    type: 'random',
    status: 'started',
    code: null,
    created_by: 1,
    language_id: 1,
    category: null,
    category_name: null,
    entry_fee: 0,
    no_of_que: 10,
    seconds_per_question: 15,
    max_players: 2,
    vs_bot: false,
    search_deadline_at: null,
    players: [player(1, 0), player(2, 1)],
    questions: [],
    current_index: 0,
    messages: [],
    result: null,
    created_at: '2025-01-01T12:00:00.000Z',
    updated_at: '2025-01-01T12:00:00.000Z',
    ...overrides,
  };
}

const UIDS = new Map([
  [1, 'uid-alice'],
  [2, 'uid-bob'],
  [3, 'uid-carol'],
]);

function setup() {
  const firestore = new FakeFirestore();
  firestore.now = () => new Date('2025-01-01T12:00:05.000Z');
  const lookups: number[][] = [];
  const logged: string[] = [];
  const log = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line).msg as string) });
  let loads = 0;
  let failLoad = false;
  const inner = createLocalRoomFanout();
  const store = createFirestoreRoomStore({
    inner,
    async firestore() {
      loads += 1;
      if (failLoad) throw new Error('could not load firebase-admin');
      return { db: firestore, serverTimestamp: firestore.serverTimestamp };
    },
    async firebaseUids(ids) {
      lookups.push([...ids]);
      return new Map(ids.filter((id) => UIDS.has(id)).map((id) => [id, UIDS.get(id)!]));
    },
    log,
  });
  return {
    firestore,
    store,
    lookups,
    logged,
    loads: () => loads,
    failNextLoad: (fail: boolean) => (failLoad = fail),
    stored: () => firestore.peek('rooms/r_fs_1'),
  };
}

describe('the firestore room store', () => {
  test('writes a version to rooms/<id> with the members\' Firebase uids and the server time of the write', async () => {
    const t = setup();
    await t.store.publish(doc(1));
    expect(t.firestore.paths()).toEqual(['rooms/r_fs_1']);
    const stored = t.stored()!;
    expect(stored).toMatchObject({ id: 'r_fs_1', version: 1, status: 'started', member_uids: ['uid-alice', 'uid-bob'], written_at: '2025-01-01T12:00:05.000Z' });
    // Everything else is the document as the room stream carries it.
    expect(stored).toEqual({ ...JSON.parse(JSON.stringify(doc(1))), member_uids: ['uid-alice', 'uid-bob'], written_at: '2025-01-01T12:00:05.000Z' });
  });

  test('newer versions replace the stored one; older and equal ones are refused', async () => {
    const t = setup();
    expect(await t.store.write(doc(3))).toBe(true);
    expect(await t.store.write(doc(2, { status: 'waiting' }))).toBe(false);
    expect(await t.store.write(doc(3, { status: 'waiting' }))).toBe(false);
    expect(t.stored()).toMatchObject({ version: 3, status: 'started' });
    expect(await t.store.write(doc(4, { status: 'finished' }))).toBe(true);
    expect(t.stored()).toMatchObject({ version: 4, status: 'finished' });
  });

  test('a newer version written by another process during the transaction wins: the older write retries and gives up', async () => {
    const t = setup();
    await t.store.write(doc(1));
    // Between this write's read (version 1) and its commit, another instance stores version 6.
    t.firestore.beforeCommit = () => t.firestore.write('rooms/r_fs_1', { ...doc(6), member_uids: ['uid-alice', 'uid-bob'] });
    expect(await t.store.write(doc(5))).toBe(false);
    expect(t.firestore.retries).toBe(1);
    expect(t.stored()).toMatchObject({ version: 6 });
  });

  test('member_uids: humans only, members who left included; uids are looked up once per user', async () => {
    const t = setup();
    const bot = { ...doc(1).players[1]!, user_id: 99, is_bot: true };
    await t.store.publish(doc(1, { players: [doc(1).players[0]!, bot] }));
    expect(t.stored()!.member_uids).toEqual(['uid-alice']);
    const carol = { ...doc(1).players[1]!, user_id: 3, seat: 2, left: true };
    await t.store.publish(doc(2, { type: 'group', players: [...doc(2).players, carol] }));
    expect(t.stored()!.member_uids).toEqual(['uid-alice', 'uid-bob', 'uid-carol']);
    await t.store.publish(doc(3, { type: 'group', players: [...doc(3).players, carol] }));
    expect(t.lookups).toEqual([[1], [2, 3]]);
  });

  test('a deleted room keeps its last document, saying so', async () => {
    const t = setup();
    await t.store.publish(doc(1, { status: 'waiting' }));
    await t.store.publish(doc(2, { status: 'deleted' }));
    expect(t.firestore.paths()).toEqual(['rooms/r_fs_1']);
    expect(t.stored()).toMatchObject({ version: 2, status: 'deleted', member_uids: ['uid-alice', 'uid-bob'] });
  });

  test('documents still reach subscribers in this process', async () => {
    const t = setup();
    const got: number[] = [];
    const stop = t.store.subscribe('r_fs_1', (d) => got.push(d.version));
    await t.store.publish(doc(1));
    stop();
    await t.store.publish(doc(2));
    expect(got).toEqual([1]);
    expect(t.store.kind).toBe('firestore');
  });

  test('when Firestore cannot be reached the publish still succeeds (logged), and the next one loads it again', async () => {
    const t = setup();
    t.failNextLoad(true);
    const got: number[] = [];
    t.store.subscribe('r_fs_1', (d) => got.push(d.version));
    await expect(t.store.publish(doc(1))).resolves.toBeUndefined();
    expect(got).toEqual([1]);
    expect(t.logged).toContain('room document not written to Firestore');
    expect(t.stored()).toBeUndefined();
    t.failNextLoad(false);
    await t.store.publish(doc(2));
    expect(t.stored()).toMatchObject({ version: 2 });
    expect(t.loads()).toBe(2);
    await t.store.publish(doc(3));
    expect(t.loads()).toBe(2);
  });
});
