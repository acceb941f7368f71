import type { RoomDocument } from '@/services/domain/rooms';

/**
 * Where room documents go after the room service changed a room (docs/rooms.md, Room store
 * adapters). The room service is the only writer: it calls `publish` after each committed
 * transaction with the new version. Adapters never decide anything about a room.
 */
export type RoomListener = (doc: RoomDocument) => void;

export interface RoomStore {
  readonly kind: 'embedded' | 'firestore';
  /** Hands a committed version to every subscriber of the room (here and in other processes). */
  publish(doc: RoomDocument): Promise<void>;
  /**
   * Listens to a room's new versions in this process. Returns the unsubscribe function.
   * The firestore adapter's subscribers are the browsers themselves (web SDK); in-process
   * subscription is still offered so the server can react (tests, the bench).
   */
  subscribe(roomId: string, listener: RoomListener): () => void;
  close(): Promise<void>;
}
