import type { RoomDocument } from '@/services/domain/rooms';
import type { RoomListener, RoomStore } from '@/services/server/rooms/store/port';

/** The in-process fan-out, plus what the cross-process layer needs to know about it. */
export interface LocalRoomFanout extends RoomStore {
  /** Whether anything in this process listens to the room (a stream, a test). */
  hasSubscribers(roomId: string): boolean;
  /** Every room someone in this process listens to. */
  subscribedRoomIds(): string[];
}

/**
 * The embedded room store: fans committed documents out to this process's subscribers.
 * (Cross-process fan-out through PostgreSQL LISTEN/NOTIFY is layered on by the store selector.)
 */
export function createLocalRoomFanout(): LocalRoomFanout {
  const listeners = new Map<string, Set<RoomListener>>();
  return {
    kind: 'embedded',
    async publish(doc: RoomDocument) {
      const set = listeners.get(doc.id);
      if (!set) return;
      // A copy: a listener may unsubscribe (its stream closed) while we iterate. One failing
      // listener must not keep the document from the others; the first failure is reported after.
      let failure: { error: unknown } | null = null;
      for (const listener of [...set]) {
        try {
          listener(doc);
        } catch (error) {
          failure ??= { error };
        }
      }
      if (failure) throw failure.error;
    },
    subscribe(roomId, listener) {
      let set = listeners.get(roomId);
      if (!set) listeners.set(roomId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(roomId) === set) listeners.delete(roomId);
      };
    },
    hasSubscribers(roomId) {
      return listeners.has(roomId);
    },
    subscribedRoomIds() {
      return [...listeners.keys()];
    },
    async close() {
      listeners.clear();
    },
  };
}
