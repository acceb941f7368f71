import type { Logger } from 'pino';
import type { RoomDocument } from '@/services/domain/rooms';
import type { RoomStore } from '@/services/server/rooms/store/port';

/**
 * The firestore room store (docs/rooms.md, Room store adapters; ROOM_STORE=firestore): every
 * published version is also written with the Admin SDK to `rooms/<id>`, where the members'
 * browsers read it with the web SDK's `onSnapshot` (services/client/room-feed-firestore.ts).
 *
 * What is written is the room document as the room stream sends it, plus
 * - `member_uids`: the Firebase uids of its human members, which firestore.rules checks (a
 *   member who left keeps reading the room, as with `get_room`);
 * - `written_at`: Firestore's server time of the write.
 *
 * A version is written only when newer than the stored one (a transaction reads it first), so
 * versions published out of order, or by two processes, never go back in time. Nothing is ever
 * deleted: a deleted room keeps its last document, whose status says so.
 *
 * Documents still fan out in this process too (the room stream keeps working, and the server can
 * react), through the embedded store this one wraps.
 *
 * The shapes below are the small part of firebase-admin's Firestore this uses, so that a fake
 * (tests/fakes/fake-firestore.ts) can stand in for it: there is no Firestore emulator here, and
 * this adapter is not tested against live Firestore.
 */

export interface RoomSnapshot {
  readonly exists: boolean;
  get(field: string): unknown;
}

export interface RoomTransaction<Ref> {
  get(ref: Ref): Promise<RoomSnapshot>;
  set(ref: Ref, data: Record<string, unknown>): unknown;
}

export interface RoomFirestore<Ref> {
  collection(path: string): { doc(id: string): Ref };
  runTransaction<T>(update: (tx: RoomTransaction<Ref>) => Promise<T>): Promise<T>;
}

/** A Firestore and its server-timestamp sentinel (`FieldValue.serverTimestamp`). */
export interface RoomFirestoreHandle<Ref> {
  readonly db: RoomFirestore<Ref>;
  readonly serverTimestamp: () => unknown;
}

export const ROOMS_COLLECTION = 'rooms';

export interface FirestoreRoomStoreOptions<Ref> {
  /** Carries documents within this process (and, on PostgreSQL, to the others). */
  readonly inner: RoomStore;
  /** The Firestore, loaded on first publish (firebase-admin is heavy to load). */
  readonly firestore: () => Promise<RoomFirestoreHandle<Ref>>;
  /** Firebase uids of these users (users.firebase_id), by user id; unknown users are left out. */
  readonly firebaseUids: (userIds: readonly number[]) => Promise<ReadonlyMap<number, string>>;
  readonly log: Logger;
}

export interface FirestoreRoomStore extends RoomStore {
  /** Writes a version to Firestore when it is newer than the stored one; true when written. */
  write(doc: RoomDocument): Promise<boolean>;
}

/** Users' uids never change: remembered, up to this many. */
const REMEMBERED_UIDS = 20_000;

export function createFirestoreRoomStore<Ref>(options: FirestoreRoomStoreOptions<Ref>): FirestoreRoomStore {
  const { inner, log } = options;
  const uids = new Map<number, string>();
  let handle: Promise<RoomFirestoreHandle<Ref>> | undefined;

  function firestore(): Promise<RoomFirestoreHandle<Ref>> {
    handle ??= options.firestore();
    // A failed load is not kept: the next publish tries again.
    handle.catch(() => (handle = undefined));
    return handle;
  }

  async function memberUids(doc: RoomDocument): Promise<string[]> {
    const humans = doc.players.filter((p) => !p.is_bot).map((p) => p.user_id);
    const missing = humans.filter((id) => !uids.has(id));
    if (missing.length > 0) {
      for (const [id, uid] of await options.firebaseUids(missing)) {
        uids.set(id, uid);
        if (uids.size > REMEMBERED_UIDS) uids.delete(uids.keys().next().value!);
      }
    }
    return humans.map((id) => uids.get(id)).filter((uid): uid is string => uid !== undefined);
  }

  async function write(doc: RoomDocument): Promise<boolean> {
    const [{ db, serverTimestamp }, members] = await Promise.all([firestore(), memberUids(doc)]);
    const ref = db.collection(ROOMS_COLLECTION).doc(doc.id);
    return db.runTransaction(async (tx) => {
      const stored = await tx.get(ref);
      const storedVersion = stored.exists ? Number(stored.get('version')) : 0;
      if (Number.isFinite(storedVersion) && storedVersion >= doc.version) return false;
      tx.set(ref, { ...doc, member_uids: members, written_at: serverTimestamp() });
      return true;
    });
  }

  return {
    kind: 'firestore',
    write,
    async publish(doc) {
      const written = write(doc).catch((err: unknown) => {
        // The version is committed in the database; members see it with the next one, or when
        // they load the room again. The command that made it must not fail for this.
        log.error({ err, roomId: doc.id, version: doc.version }, 'room document not written to Firestore');
      });
      await Promise.all([written, inner.publish(doc)]);
    },
    subscribe: (roomId, listener) => inner.subscribe(roomId, listener),
    close: () => inner.close(),
  };
}
