import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { readConfig } from '@/services/server/config';
import { users } from '@/services/server/db/schema';
import { createRoomStore } from '@/services/server/rooms/store/select';
import { FakeFirestore } from '@/tests/fakes/fake-firestore';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { roomDoc } from '@/tests/api/room-stream.support';

/** Which room store a configuration and a database get (docs/rooms.md, Room store adapters). */
const log = pino({ level: 'silent' });
const firebase = { projectId: 'demo-quiz', apiKey: 'k', authDomain: 'demo-quiz.firebaseapp.com', authEmulatorHost: undefined };

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
});
afterAll(closeTestDatabase);

describe(`choosing the room store (${testDbKind})`, () => {
  test('embedded: in-process only on PGlite, with LISTEN/NOTIFY between processes on PostgreSQL', async () => {
    const database = await getTestDatabase();
    const store = createRoomStore(readConfig({}, []), database, log);
    try {
      expect(store.kind).toBe('embedded');
      expect('whenListening' in store).toBe(database.kind === 'postgres');
      const got: number[] = [];
      store.subscribe('r_local', (d) => got.push(d.version));
      await store.publish(roomDoc('r_local', 1, [1]));
      expect(got).toEqual([1]);
    } finally {
      await store.close();
    }
  });

  test('ROOM_STORE=firestore without Firebase configured is refused, naming what is missing', async () => {
    const database = await getTestDatabase();
    expect(() => createRoomStore({ roomStore: 'firestore', firebase: null }, database, log)).toThrow(
      'ROOM_STORE=firestore needs Firebase configured: IDENTITY_PROVIDER=firebase and FIREBASE_PROJECT_ID',
    );
  });

  test("firestore: each version is written with its members' Firebase uids from the users table", async () => {
    const database = await getTestDatabase();
    const alice = await createPlayerWithSession(database.db, { name: 'Alice' });
    const bob = await createPlayerWithSession(database.db, { name: 'Bob' });
    const fake = new FakeFirestore();
    const projects: string[] = [];
    const store = createRoomStore({ roomStore: 'firestore', firebase }, database, log, {
      loadFirestore: async (projectId) => {
        projects.push(projectId);
        return { db: fake, serverTimestamp: fake.serverTimestamp };
      },
    });
    try {
      expect(store.kind).toBe('firestore');
      const got: number[] = [];
      store.subscribe('r_fs_db', (d) => got.push(d.version));
      await store.publish(roomDoc('r_fs_db', 1, [alice.userId, bob.userId]));
      await store.publish(roomDoc('r_fs_db', 2, [alice.userId, bob.userId], { status: 'started' }));
      const rows = await database.db.select({ id: users.id, uid: users.firebaseId }).from(users).where(inArray(users.id, [alice.userId, bob.userId]));
      const uidOf = new Map(rows.map((r) => [r.id, r.uid]));
      expect(fake.peek('rooms/r_fs_db')).toMatchObject({ version: 2, status: 'started', member_uids: [uidOf.get(alice.userId), uidOf.get(bob.userId)] });
      expect(got).toEqual([1, 2]);
      expect(projects).toEqual(['demo-quiz']);
    } finally {
      await store.close();
    }
  });
});
