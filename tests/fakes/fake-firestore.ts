import type { RoomFirestore, RoomSnapshot, RoomTransaction } from '@/services/server/rooms/store/firestore';

/**
 * An in-memory stand-in for the part of firebase-admin's Firestore the room store uses:
 * `collection(path).doc(id)` references, `get`/`set` on them, and `runTransaction` with
 * Firestore's optimistic semantics — reads are remembered, writes are buffered and applied at
 * commit only if none of the documents read changed meanwhile; otherwise the whole update runs
 * again (up to 5 attempts, as the SDK does), then fails with ABORTED.
 *
 * Stored data is copied (JSON) both ways, like a real round trip, and the server-timestamp
 * sentinel becomes the fake's clock time when written.
 */

const SERVER_TIMESTAMP = Symbol('serverTimestamp');
const MAX_ATTEMPTS = 5;

export class FakeDocRef {
  constructor(
    readonly store: FakeFirestore,
    readonly path: string,
  ) {}
  get(): Promise<RoomSnapshot> {
    return Promise.resolve(this.store.snapshot(this.path));
  }
  set(data: Record<string, unknown>): Promise<void> {
    this.store.write(this.path, data);
    return Promise.resolve();
  }
}

interface Stored {
  data: Record<string, unknown>;
  /** Bumped by every write: what a transaction compares at commit. */
  revision: number;
}

export class FakeFirestore implements RoomFirestore<FakeDocRef> {
  private readonly docs = new Map<string, Stored>();
  /** The time written in place of the server-timestamp sentinel. */
  now = () => new Date();
  commits = 0;
  /** Transactions run again because a document they read changed before they committed. */
  retries = 0;
  /** Runs after a transaction's update and before its commit (to make another write race it). */
  beforeCommit: (() => void) | null = null;

  /** `FieldValue.serverTimestamp()`. */
  readonly serverTimestamp = (): unknown => SERVER_TIMESTAMP;

  collection(path: string) {
    return { doc: (id: string) => new FakeDocRef(this, `${path}/${id}`) };
  }

  /** What is stored at a path (a copy), or undefined. */
  peek(path: string): Record<string, unknown> | undefined {
    const stored = this.docs.get(path);
    return stored ? (JSON.parse(JSON.stringify(stored.data)) as Record<string, unknown>) : undefined;
  }

  paths(): string[] {
    return [...this.docs.keys()].sort();
  }

  snapshot(path: string): RoomSnapshot {
    const data = this.peek(path);
    return { exists: data !== undefined, get: (field: string) => data?.[field] };
  }

  write(path: string, data: Record<string, unknown>) {
    const resolved = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v === SERVER_TIMESTAMP ? this.now().toISOString() : v]));
    const revision = (this.docs.get(path)?.revision ?? 0) + 1;
    this.docs.set(path, { data: JSON.parse(JSON.stringify(resolved)) as Record<string, unknown>, revision });
  }

  async runTransaction<T>(update: (tx: RoomTransaction<FakeDocRef>) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const read = new Map<string, number>();
      const writes: [string, Record<string, unknown>][] = [];
      const tx: RoomTransaction<FakeDocRef> = {
        get: async (ref) => {
          if (writes.length > 0) throw new Error('Firestore transactions require all reads to be executed before all writes.');
          read.set(ref.path, this.docs.get(ref.path)?.revision ?? 0);
          return this.snapshot(ref.path);
        },
        set: (ref, data) => {
          writes.push([ref.path, data]);
          return tx;
        },
      };
      const result = await update(tx);
      const hook = this.beforeCommit;
      this.beforeCommit = null;
      hook?.();
      const stale = [...read].some(([path, revision]) => (this.docs.get(path)?.revision ?? 0) !== revision);
      if (!stale) {
        for (const [path, data] of writes) this.write(path, data);
        this.commits += 1;
        return result;
      }
      this.retries += 1;
      if (attempt >= MAX_ATTEMPTS) throw Object.assign(new Error('10 ABORTED: too much contention on these documents'), { code: 10 });
    }
  }
}
