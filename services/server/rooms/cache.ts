import type { RoomDocument } from '@/services/domain/rooms';
import type { RoomSecret, RoomSecretQuestion } from '@/services/server/db/schema';

/**
 * What this process last wrote (or read under the lock) of a room: enough to make the room's
 * next version without reading it again. Trusted only as far as the room's version says: the
 * write that follows moves the room's head only from this version (group-commit.ts), so an entry
 * made stale by another process (or by a locked command) costs one missed write, never a lost update.
 */
export interface CachedRoom {
  /** The version its last snapshot is (the fast path writes a new one every SNAPSHOT_EVERY versions). */
  readonly snapshotVersion: number;
  /** The stored document as published: read-only (its text, when made, is remembered with it: doc-json.ts). */
  readonly doc: RoomDocument;
  /** The secret as written (`secretJson`): read-only, a command changes a copy. */
  readonly secret: RoomSecret | null;
  readonly secretJson: string | null;
  readonly dueAt: number | null;
  /** The room's question set once known; fixed when the room starts, so kept across versions. */
  readonly questions: readonly RoomSecretQuestion[] | null;
}

export interface RoomCache {
  get(roomId: string): CachedRoom | undefined;
  set(roomId: string, room: CachedRoom): void;
  delete(roomId: string): void;
  clear(): void;
  readonly size: number;
}

/** At most `limit` rooms, the least recently changed dropped first. */
export function createRoomCache(limit: number): RoomCache {
  const rooms = new Map<string, CachedRoom>();
  return {
    get: (roomId) => rooms.get(roomId),
    set(roomId, room) {
      rooms.delete(roomId);
      rooms.set(roomId, room);
      if (rooms.size > limit) rooms.delete(rooms.keys().next().value!);
    },
    delete: (roomId) => void rooms.delete(roomId),
    clear: () => rooms.clear(),
    get size() {
      return rooms.size;
    },
  };
}

/**
 * Runs the work given for one key one at a time, in the order it arrived (a failure does not stop
 * the queue). The room service keeps each room's commands in line within a process, so they do
 * not race each other for the row; across processes the row lock and the row version decide.
 */
export function createKeyedQueue(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return function serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = tails.get(key);
    const run = before ? before.then(work) : work();
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
