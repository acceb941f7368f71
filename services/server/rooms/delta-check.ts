import { applyRoomDelta, roomDelta, type RoomDelta } from '@/services/domain/room-events';
import type { RoomDocument } from '@/services/domain/rooms';
import { docJson } from '@/services/server/rooms/doc-json';

/**
 * Outside production every version the room service commits, and every delta the room stream
 * sends, is checked: the delta from the version before, folded by the browser's reducer, must give
 * the committed document byte for byte. The whole test suite (every battle it plays) is then a
 * test of the reducer; in production the check is skipped (it would cost as much as the delta saves).
 */
export const CHECK_DELTAS = process.env.NODE_ENV !== 'production';

/** The delta from `prev` to `next` (stored as `nextJson`), or null when its fold is not exactly `next`. */
export function checkedDelta(prev: RoomDocument, next: RoomDocument, nextJson: string): RoomDelta | null {
  const delta = roomDelta(prev, next);
  return JSON.stringify(applyRoomDelta(prev, delta)) === nextJson ? delta : null;
}

/**
 * Throws when the version a command made cannot be reached by a delta (a bug of the reducer or of
 * roomDelta). Its text is the one doc-json.ts holds for it, made here only when checking.
 */
export function assertDeltaFolds(prev: RoomDocument, next: RoomDocument): void {
  if (!CHECK_DELTAS || next.version !== prev.version + 1) return;
  if (!checkedDelta(prev, next, docJson(next))) {
    throw new Error(`room ${next.id}: the delta to version ${next.version} does not fold into the committed document: ${JSON.stringify(roomDelta(prev, next))}`);
  }
}

/** Throws when a document the room service found unchanged (its delta is empty) serialises differently from the stored one. */
export function assertUnchanged(doc: RoomDocument, stored: RoomDocument): void {
  if (!CHECK_DELTAS) return;
  if (JSON.stringify(doc) !== docJson(stored)) throw new Error(`room ${doc.id}: a change to version ${doc.version} has no delta: ${JSON.stringify(doc)}`);
}
