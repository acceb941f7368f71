import type { RoomDocument } from '@/services/domain/rooms';
import type { RoomListener, RoomStore } from '@/services/server/rooms/store/port';

/**
 * The embedded room store: fans committed documents out to this process's subscribers.
 * (Cross-process fan-out through PostgreSQL LISTEN/NOTIFY is layered on by the store selector.)
 */
export function createLocalRoomFanout(): RoomStore {
  const listeners = new Map<string, Set<RoomListener>>();
  return {
    kind: 'embedded',
    async publish(doc: RoomDocument) {
      const set = listeners.get(doc.id);
      if (!set) return;
      for (const listener of [...set]) listener(doc);
    },
    subscribe(roomId, listener) {
      let set = listeners.get(roomId);
      if (!set) listeners.set(roomId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(roomId);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}
