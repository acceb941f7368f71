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

/**
 * What the room stream (SSE) needs from the room service: the current document for a member,
 * and presence. Implemented by the room service; used by the stream handler, which knows
 * nothing else about rooms.
 */
export interface RoomFeedSource {
  /** The room's current document when `userId` is (or was) a member of it; null otherwise. */
  currentForMember(roomId: string, userId: number): Promise<RoomDocument | null>;
  /** A member's stream opened (counted across processes: presence, end of a grace period). */
  streamOpened(roomId: string, userId: number): Promise<void>;
  /** A member's stream closed; the last one closing during a game starts the grace period. */
  streamClosed(roomId: string, userId: number): Promise<void>;
}
